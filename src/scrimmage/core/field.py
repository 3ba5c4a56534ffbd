"""Sides, spots and the field.

A spot is kept as ``yardline_100``: yards from the offense's target goal line (nflverse's
convention), so 75 is the offense's own 25 and 3 is the opponent's 3. A field may be shorter
than 100 yards (The Grid plays on 60); `Field` carries its length.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Side(StrEnum):
    HOME = "HOME"
    AWAY = "AWAY"

    other: Side
    """The opposing side (a plain attribute set below: the hot loop reads it constantly)."""


HOME = Side.HOME
AWAY = Side.AWAY
object.__setattr__(HOME, "other", AWAY)
object.__setattr__(AWAY, "other", HOME)


@dataclass(frozen=True, slots=True)
class Field:
    """A field of `length` yards between the goal lines; `first_down` yards for a new set."""

    length: int = 100
    first_down: int = 10

    def flip(self, yardline: int) -> int:
        """The same spot seen from the other team's side."""
        return self.length - yardline

    def spot_text(self, yardline: int) -> str:
        """`OWN25`, `50` or `OPP34` for a yardline_100 value."""
        half = self.length // 2
        if yardline == half and self.length % 2 == 0:
            return str(half)
        if yardline > half:
            return f"OWN{self.length - yardline}"
        return f"OPP{yardline}"

    def parse_spot(self, text: str) -> int:
        """Inverse of `spot_text`."""
        t = text.strip().upper()
        if t.startswith("OWN"):
            value = self.length - int(t[3:])
        elif t.startswith("OPP"):
            value = int(t[3:])
        else:
            value = int(t)
        if not 0 < value < self.length:
            raise ValueError(f"spot {text!r} is not on the field")
        return value


STANDARD_FIELD = Field()
