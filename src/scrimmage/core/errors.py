"""Errors that a user can cause, each with a clear message (no traceback in the CLI)."""

from __future__ import annotations


class ScrimmageError(ValueError):
    """Base of every error caused by bad input rather than by a bug."""


class IllegalDecision(ScrimmageError):
    """A coach answered a decision with a choice the rules do not allow right now."""


class SheetError(ScrimmageError):
    """A team sheet or chart file is malformed: names the file, the field and the reason."""

    def __init__(self, path: str, field: str, reason: str) -> None:
        self.path, self.field, self.reason = path, field, reason
        super().__init__(f"{path}: {field}: {reason}")

    def __reduce__(self) -> tuple[type[SheetError], tuple[str, str, str]]:
        # Rebuilt from its three parts when it crosses a process boundary (worker pools).
        return (SheetError, (self.path, self.field, self.reason))


class UnknownRuleset(ScrimmageError):
    """No ruleset is registered under that name."""


class UnknownTeam(ScrimmageError):
    """No bundled team has that name and no file exists at that path."""


class DiceExhausted(RuntimeError):
    """A `ScriptedDice` ran out of scripted rolls (defined here, not in the compiled dice
    module: mypyc compiles no subclass of a builtin error but Exception's own)."""


class TypedDiceEnded(ScrimmageError):
    """A game of typed dice (`TypedDice`) needs a die past the last one typed: a table asks
    for it; a replay of a record whose typed dice stop short stops there."""
