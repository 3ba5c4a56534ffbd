"""What a 5D20 table shows: the score pad as a `Scoreboard` (score, clock, ball, timeouts) and
a coach's team chart in short (`sheet`)."""

from __future__ import annotations

from typing import Any

from scrimmage.core.field import Side
from scrimmage.core.scoreboard import Scoreboard, clock_text, period_name, table_phase
from scrimmage.rules.fived20.game import SCRIMMAGE, TRY, FiveD20Game


def scoreboard(g: FiveD20Game) -> Scoreboard:
    c = g.clock
    snap = g.next == SCRIMMAGE
    return Scoreboard(
        names={side: t.name for side, t in g.teams.items()}, score=dict(g.score),
        period=period_name(c.quarter), qtr=c.quarter, clock="" if c.untimed else clock_text(c.seconds_left),
        possession=g.possession, down=g.down if snap else None,
        ydstogo=g.ydstogo if snap else None,
        yardline=g.yardline if snap or g.next == TRY else None,
        timeouts={side: t.timeouts for side, t in g.teams.items()},
        over=g.over,
        phase=table_phase(g.playing, g.next), kicker=g.kicker)


def sheet(g: FiveD20Game, seat: Side) -> list[str]:
    """The seat's team chart in short (every chart is public in 5D20): the players each die
    may name, the kickers, and the timeouts left."""
    c = g.teams[seat].chart
    lines = [f"{c.name} ({c.season}) team chart; timeouts left {g.teams[seat].timeouts}",
             f"  QB: {c.qb.name}",
             "  runners: " + ", ".join(r.name for r in c.runners),
             "  receivers: " + ", ".join(r.name for r in c.receivers),
             f"  kicker: {c.kicker}; punter: {c.punter}",
             "The system calls the play from the chart's row for the down and distance; "
             "the coloured dice then pick the player and the result (help terms explains "
             "the chart's words)."]
    return lines


def board(g: FiveD20Game) -> dict[str, Any]:
    """The table for a web page: the five dice's colours and each team's chart in short (the
    rows read show in each play's `dice_read`)."""
    teams = {}
    for side, t in g.teams.items():
        c = t.chart
        teams[side.value] = {"name": c.name, "season": c.season, "qb": c.qb.name,
                             "runners": [r.name for r in c.runners],
                             "receivers": [r.name for r in c.receivers],
                             "kicker": c.kicker, "punter": c.punter}
    return {"kind": "5d20", "dice": ["red", "white", "blue", "black", "yellow"],
            "era": g.era.season, "teams": teams}
