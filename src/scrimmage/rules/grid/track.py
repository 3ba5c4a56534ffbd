"""The Grid's yardage track (GRID-1, GRID-3): a 60-yard field counted in 5-yard boxes.

A spot is a number of boxes from the line of scrimmage to the opponent's goal line (see
`game`); the game, its steps and the coaches all count on this scale."""

from __future__ import annotations

from scrimmage.core.field import Field

GRID_FIELD = Field(60, 20)
"""GRID-1, GRID-3: 60 yards between the goal lines, 20 for a first down."""
BOX = 5
"""Yards in a box of the yardage track (GRID-1)."""
BOXES = 12
"""Boxes between the goal lines."""
FIRST_DOWN_BOXES = 4
