"""A down: the offense's choice of snap (FR-10, FR-25, FR-28, FR-34), then the play from
scrimmage (`plays`) or the kick (`kicking`) it chose. Above both, as a punt and a field goal
are kicks and a kick's return and a try are plays."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scrimmage.core.decisions import K_SNAP
from scrimmage.rules.roll import kicking
from scrimmage.rules.roll.plays import hail_mary, hail_mary_legal, play

if TYPE_CHECKING:
    from scrimmage.rules.roll.game import RollGame


def snap(g: RollGame) -> None:
    """One down: the offense's choice of snap, then the play or kick."""
    s = g.s
    options = ["play"]
    if s.down == 4:
        options.append("punt")                       # FR-25: on 4th down
    options.append("field_goal")                     # FR-28
    if hail_mary_legal(g):
        options.append("hail_mary")                  # FR-34
    # No situation line in the question: the seat's view shows the situation.
    choice = g.ask(K_SNAP, s.possession, tuple(options), "What will you do on this down?")
    if choice == "punt":
        kicking.punt(g)
    elif choice == "field_goal":
        kicking.field_goal(g)
    elif choice == "hail_mary":
        hail_mary(g)
    else:
        play(g)
