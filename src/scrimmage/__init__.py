"""scrimmage: an engine for tabletop American-football simulation games.

    >>> import scrimmage
    >>> rec = scrimmage.play_game("legends-hs", "Riverside Rams", "Lakeview Lancers", seed=7)
    >>> scrimmage.replay(rec).plays == rec.plays
    True

The names below are imported on first use (`scrimmage.play_game` imports the engine then), so
a program that needs one corner of the package, as the `scrimmage` command does, does not
pay for the rest at start-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scrimmage.api import load_team, play_game, replay, resume, rulesets
    from scrimmage.core import (
        AWAY,
        HOME,
        Decision,
        GameRecord,
        IllegalDecision,
        Kind,
        ScrimmageError,
        ScriptedDice,
        SeededDice,
        SheetError,
        Side,
        Situation,
    )

__all__ = [
    "AWAY",
    "HOME",
    "Decision",
    "GameRecord",
    "IllegalDecision",
    "Kind",
    "ScrimmageError",
    "ScriptedDice",
    "SeededDice",
    "SheetError",
    "Side",
    "Situation",
    "load_team",
    "play_game",
    "replay",
    "resume",
    "rulesets",
]

_API = frozenset({"load_team", "play_game", "replay", "resume", "rulesets"})

if not TYPE_CHECKING:      # mypy reads the imports above; Python imports on first use

    def __getattr__(name: str) -> object:
        if name not in __all__:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        from importlib import import_module

        value = getattr(import_module("scrimmage.api" if name in _API else "scrimmage.core"),
                        name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*globals(), *__all__})
