"""Ruleset-independent football: field, clock, dice, decisions, records, driver, statistics.

The names below come from their modules on first use (`scrimmage.core.GameRecord` imports
`scrimmage.core.records` then): importing one module of the core does not import them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scrimmage.core.decisions import Coach, Decision, Kind, SeatView
    from scrimmage.core.dice import Dice, DiceExhausted, ScriptedDice, SeededDice
    from scrimmage.core.errors import IllegalDecision, ScrimmageError, SheetError
    from scrimmage.core.field import AWAY, HOME, Field, Side
    from scrimmage.core.records import GameRecord
    from scrimmage.core.situation import Situation

_MODULES = {
    "Coach": "decisions", "Decision": "decisions", "Kind": "decisions", "SeatView": "decisions",
    "Dice": "dice", "DiceExhausted": "dice", "ScriptedDice": "dice", "SeededDice": "dice",
    "IllegalDecision": "errors", "ScrimmageError": "errors", "SheetError": "errors",
    "AWAY": "field", "HOME": "field", "Field": "field", "Side": "field",
    "GameRecord": "records",
    "Situation": "situation",
}

__all__ = [
    "AWAY",
    "HOME",
    "Coach",
    "Decision",
    "Dice",
    "DiceExhausted",
    "Field",
    "GameRecord",
    "IllegalDecision",
    "Kind",
    "ScrimmageError",
    "ScriptedDice",
    "SeatView",
    "SeededDice",
    "SheetError",
    "Side",
    "Situation",
]

if not TYPE_CHECKING:      # mypy reads the imports above; Python imports on first use

    def __getattr__(name: str) -> object:
        module = _MODULES.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        from importlib import import_module

        value = getattr(import_module(f"scrimmage.core.{module}"), name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*globals(), *__all__})
