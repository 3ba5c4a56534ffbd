"""The Grid's yardage track (GRID-1, GRID-3): a 60-yard field counted in 5-yard boxes.

A spot is a number of boxes from the line of scrimmage to the opponent's goal line (see
`game`); the game, its steps and the coaches all count on this scale."""

from __future__ import annotations

from typing import Final

from scrimmage.core.spot import Field

GRID_FIELD: Final = Field(60, 20)
"""GRID-1, GRID-3: 60 yards between the goal lines, 20 for a first down."""
BOX: Final = 5
"""Yards in a box of the yardage track (GRID-1)."""
BOXES: Final = 12
"""Boxes between the goal lines."""
FIRST_DOWN_BOXES: Final = 4
