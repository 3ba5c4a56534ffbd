"""Sides, spots and the field.

A spot is kept as ``yardline_100``: yards from the offense's target goal line (nflverse's
convention), so 75 is the offense's own 25 and 3 is the opponent's 3. A field may be shorter
than 100 yards (The Grid plays on 60); `Field` carries its length.
"""

from __future__ import annotations

from enum import StrEnum

from scrimmage.core.spot import STANDARD_FIELD, Field

__all__ = ["AWAY", "HOME", "STANDARD_FIELD", "Field", "Side"]


class Side(StrEnum):
    HOME = "HOME"
    AWAY = "AWAY"

    other: Side
    """The opposing side (a plain attribute set below: the hot loop reads it constantly)."""


HOME = Side.HOME
AWAY = Side.AWAY
object.__setattr__(HOME, "other", AWAY)
object.__setattr__(AWAY, "other", HOME)
