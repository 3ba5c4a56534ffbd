"""Lost fumbles (D20-51..53): who recovers, and the return of the loose ball. Read on a play
from scrimmage (`plays`) and on a kick return (`kicking`) alike."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scrimmage.core.field import Side
from scrimmage.core.sides import opponent_of
from scrimmage.rules.fived20.chart_play import TeamChart
from scrimmage.rules.fived20.dice import Roll

if TYPE_CHECKING:
    from scrimmage.rules.fived20.game import FiveD20Game


def lost_fumble(yellow: int, fumbling: TeamChart, other: TeamChart) -> bool:
    """D20-51: the other team recovers when yellow is in the fumbling team's Off Fum Lost
    range, or above it and in the other team's Def Fum Rec range."""
    lo, hi = fumbling.fum_off_lost
    dlo, dhi = other.fum_def_rec
    return lo <= yellow <= hi or (yellow > hi and dlo <= yellow <= dhi)


def fumble_return(g: FiveD20Game, r: Roll, loser: Side) -> tuple[int, bool]:
    """D20-52 / D20-53: the return of a lost fumble, read from the recovery roll `r`: white
    above the Fumble Return chart's NO number is a return, blue gives its length. On a return,
    black = yellow means the returner fumbles in turn: re-roll yellow and read D20-51 with the
    roles swapped, no return. Returns (return yards, True when `loser` got the ball back)."""
    winner = opponent_of(loser)
    g.read(r, "white", "returned" if r.white > g.charts.fumble_no else "no return")
    if r.white <= g.charts.fumble_no:
        return 0, False
    ret: int = g.charts.fumble_return[r.blue - 1]
    g.read(r, "blue", f"fumble return -> {ret} yards")
    if not r.black_yellow:
        return ret, False
    again = g.reroll(r, "yellow")
    back = lost_fumble(again.yellow, g.chart(winner), g.chart(loser))
    g.read(again, "yellow", "the returner fumbles, recovered by "
                            + g.teams[loser if back else winner].name)
    return ret, back
