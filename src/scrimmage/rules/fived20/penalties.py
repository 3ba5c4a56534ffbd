"""Penalties (D20-45..48): the doubled number against both Penalty Range sections, the yellow
re-roll on the penalty chart, the codes a / d / f, and the accept-or-decline decision.

House rules where the book is silent (AMB-D20-9): when both teams' ranges hold the number the
fouls offset and the down is replayed; the team that did not foul accepts or declines. Without
a code a foul is enforced from the previous spot and the down replayed (a defensive foul that
reaches the line to gain gives a first down); (a) keeps the play and marks the yards off after
it; (d) marks the yards from the previous spot and the down counts; (f) adds a first down.
Penalties half the distance to the goal when they would go beyond it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from scrimmage.core.field import Side
from scrimmage.core.sides import opponent_of
from scrimmage.core.spot import STANDARD_FIELD
from scrimmage.rules.fived20.chart_play import Penalty
from scrimmage.rules.fived20.dice import Roll
from scrimmage.rules.fived20.terms import penalty_row
from scrimmage.rules.narration import penalty_text

if TYPE_CHECKING:
    from scrimmage.rules.fived20.game import FiveD20Game

OFFSETTING: Final = "offsetting"


class Foul:
    """A penalty that happened: which side fouled, what, and how many yards (resolved)."""

    __slots__ = ("against", "offense", "penalty", "yards")

    def __init__(self, against: Side, offense: bool, penalty: Penalty, yards: int) -> None:
        self.against = against
        self.offense = offense
        """True when the fouling team is the one with the ball (the kicking team on kicks)."""
        self.penalty = penalty
        self.yards = yards

    @property
    def code(self) -> str:
        return self.penalty.code

    @property
    def name(self) -> str:
        return self.penalty.name


def check(g: FiveD20Game, roll: Roll, row: str, offense: Side, *, pass_yards: int = 0,
          sack_yards: int = 0) -> Foul | str | None:
    """D20-45..47: look up the doubled number of red/white/blue on both teams' `row`; re-roll
    the yellow die for the foul. Returns the foul, OFFSETTING, or None."""
    number = roll.pair
    if number is None:
        return None
    off_hit = number in g.chart(offense).pen_off[row]
    def_hit = number in g.chart(opponent_of(offense)).pen_def[row]
    if off_hit and def_hit:
        return OFFSETTING
    if not (off_hit or def_hit):
        return None
    yellow = g.die("yellow")                                   # D20-47: re-roll the yellow
    side = "offense" if off_hit else "defense"
    pen = g.charts.penalty(side, row, yellow)
    if g.reads.on:
        g.reads.note(f"a pair of {number}s: a foul by the {side} {penalty_row(row)} -> {pen.name}")
    if pen.yards == "PASS":
        yards = min(50, pass_yards)                            # D20-46: LP max 50
    elif pen.yards == "SCK":
        yards = sack_yards
    else:
        yards = int(pen.yards)
    return Foul(offense if off_hit else opponent_of(offense), off_hit, pen, max(0, yards))


def half_distance(yards: int, toward_goal: int) -> int:
    """A penalty never takes the ball more than half the distance to the goal line."""
    return min(yards, toward_goal // 2) if yards > toward_goal // 2 else yards


def move_try(g: FiveD20Game, foul: Foul) -> int:
    """An accepted foul on a try: the next try's spot moves (half the distance at most)."""
    if foul.offense:
        yards = half_distance(foul.yards, 100 - g.yardline)
        g.try_shift += yards
    else:
        yards = half_distance(foul.yards, g.yardline)
        g.try_shift -= yards
    return yards


def mark(rec: dict[str, Any], g: FiveD20Game, foul: Foul, yards: int) -> None:
    rec["penalty"] = 1
    rec["penalty_team"] = g.teams[foul.against].name
    rec["penalty_yards"] = yards
    rec["penalty_type"] = foul.name


def info(foul: Foul, **more: Any) -> dict[str, Any]:
    return {"penalty": foul.name, "yards": foul.yards, "code": foul.code,
            "against": foul.against.value, **more}


def text(g: FiveD20Game, foul: Foul, yards: int, start: int | None = None, end: int | None = None,
         more: str = "") -> str:
    """The foul in words: `Offside on X, 5 yards, from the OPP34 to the OPP29`. `start` and
    `end` are yardline_100 values seen from the record's offense (None: no spots)."""
    spots = STANDARD_FIELD.spot_text
    return penalty_text(foul.name, g.teams[foul.against].name, yards,
                        None if start is None else spots(max(1, min(99, start))),
                        None if end is None else spots(max(1, min(99, end))), more=more)


def declined(g: FiveD20Game, foul: Foul) -> str:
    return penalty_text(foul.name, g.teams[foul.against].name, foul.yards, declined=True)
