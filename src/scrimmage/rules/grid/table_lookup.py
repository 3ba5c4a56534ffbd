"""The Grid's tables as a game reads them: blocking and defense totals to dice and modifiers
(GRID-9, GRID-10), the play modifiers, and each card's result for a modified roll (GRID-27).

Checked and built from the tables file by `tables` (whose pydantic models the compiled build
cannot compile); a game reads these on every snap, so this module is compiled.
"""

from __future__ import annotations

from typing import Final

LOW: Final = -40
HIGH: Final = 60
"""Modified rolls are clamped to this range before lookup; every table row reaches past it."""


class Modifiers:
    """The d20 modifiers of a play call against a defense (GRID-26)."""

    __slots__ = ("defensive_10_or_5", "defensive_20_or_15", "key_correct", "key_wrong",
                 "no_key", "opposite_type", "same_play", "same_type")

    def __init__(self, same_play: int, same_type: int, opposite_type: int, key_correct: int,
                 no_key: int, key_wrong: int, defensive_20_or_15: int,
                 defensive_10_or_5: int) -> None:
        self.same_play = same_play
        self.same_type = same_type
        self.opposite_type = opposite_type
        self.key_correct = key_correct
        self.no_key = no_key
        self.key_wrong = key_wrong
        self.defensive_20_or_15 = defensive_20_or_15
        self.defensive_10_or_5 = defensive_10_or_5


class Tables:
    """The tables, ready for the hot loop."""

    __slots__ = ("blocking", "defense", "mods", "official", "results", "source")

    def __init__(self, source: str, official: bool, mods: Modifiers,
                 blocking: tuple[int, ...], defense: tuple[int, ...],
                 results: dict[str, tuple[int, ...]]) -> None:
        self.source = source
        self.official = official
        self.mods = mods
        self.blocking = blocking
        """Blocking total -> die sides (GRID-9)."""
        self.defense = defense
        """Defense total -> d20 modifier (GRID-10)."""
        self.results = results
        """Card -> result code per modified roll (index roll - LOW), AMB-GRID-2."""

    def result(self, card: str, modified: int) -> int:
        value = LOW if modified < LOW else HIGH if modified > HIGH else modified
        return self.results[card][value - LOW]
