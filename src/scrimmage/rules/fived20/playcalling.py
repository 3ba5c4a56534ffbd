"""System play calling (D20-12..20): the Play Call chart, the SITUATION chart, run or pass."""

from __future__ import annotations

import math
from typing import Final

from scrimmage.rules.fived20.chart_play import TeamChart

# D20-14: the row's DEF cell sets the alignment and the defensive adjustment.
ROW_DEFENSE: Final[dict[str, tuple[str, str, int]]] = {
    "SHYD": ("SHRT", "RUN", 4),
    "<10": ("RUN", "RUN", 2),
    "10-19": ("BASE", "BASE", 0),
    "20-29": ("NCKL", "PASS", -2),
    "30+": ("DIME", "PASS", -4),
}

# D20-19 / DATA-D20-3 / AMB-D20-4: the SITUATION chart, scores behind (-) or ahead (+) by area.
# Columns H and rows +-3 were lost in the book; ours are the checklist's stand-ins.
SITUATION: Final[dict[int, dict[str, int]]] = {
    -3: {"A": -10, "B": -8, "C": -5, "D": -2, "H": -4},
    -2: {"A": -7, "B": -5, "C": -3, "D": -1, "H": -3},
    -1: {"A": -4, "B": -2, "C": -1, "D": 0, "H": -1},
    0: {"A": 0, "B": 0, "C": 0, "D": 0, "H": 0},
    1: {"A": 4, "B": 2, "C": 1, "D": 0, "H": 1},
    2: {"A": 7, "B": 5, "C": 3, "D": 1, "H": 3},
    3: {"A": 10, "B": 8, "C": 5, "D": 2, "H": 4},
}


def call_row(down: int, ydstogo: int, yardline: int) -> str:
    """D20-13: SHYD on 3rd/4th and 1 or at the opponent's 1 or 2; else by down x distance."""
    if (down >= 3 and ydstogo <= 1) or yardline <= 2:
        return "SHYD"
    product = down * ydstogo
    if product < 10:
        return "<10"
    if product < 20:
        return "10-19"
    if product < 30:
        return "20-29"
    return "30+"


def call_column(yardline: int) -> int:
    """D20-15: YZ own 1-20 (0), NZ own 21 to opponent's 21 (1), RZ opponent's 20-1 (2)."""
    if yardline >= 80:
        return 0
    if yardline > 20:
        return 1
    return 2


def scores(margin: int) -> int:
    """D20-19 / AMB-D20-4: scores ahead (+) or behind (-): margin / 7 rounded away from 0,
    clamped to +-3."""
    n = math.ceil(abs(margin) / 7)
    return max(-3, min(3, n if margin > 0 else -n))


def situation_area(quarter: int, seconds_left: int) -> str | None:
    """D20-19: A (Q4 last 5 minutes), B (Q4 5-10), C (Q4 10-15), D (Q3 last 5), H (last 3
    minutes of the half); first match in that order (AMB-D20-4)."""
    if quarter == 4:
        if seconds_left <= 300:
            return "A"
        return "B" if seconds_left <= 600 else "C"
    if quarter == 3 and seconds_left <= 300:
        return "D"
    if quarter == 2 and seconds_left <= 180:
        return "H"
    return None


def situation_adjust(margin: int, quarter: int, seconds_left: int) -> int:
    """D20-19: a team ahead runs more (+), a team behind passes more (-)."""
    area = situation_area(quarter, seconds_left)
    return 0 if area is None else SITUATION[scores(margin)][area]


class Call:
    """The outcome of steps 1-6: the row, alignment, adjustment and Play Call number."""

    __slots__ = ("alignment", "column", "def_adjust", "def_cell", "def_number", "number",
                 "off_number", "row", "situation")

    def __init__(self, offense: TeamChart, defense: TeamChart, down: int, ydstogo: int,
                 yardline: int, situation: int = 0) -> None:
        self.row = call_row(down, ydstogo, yardline)                       # D20-13
        self.def_cell, self.alignment, self.def_adjust = ROW_DEFENSE[self.row]  # D20-14
        self.column = call_column(yardline)                                # D20-15
        self.off_number = offense.play_calling[self.row][self.column]      # D20-16
        self.def_number = (defense.def_adjust_rz if self.column == 2       # D20-17
                           else defense.def_adjust)
        self.situation = situation                                         # D20-19
        self.number = self.off_number + self.def_number + situation        # D20-18
