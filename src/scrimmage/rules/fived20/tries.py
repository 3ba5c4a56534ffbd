"""The try after a touchdown (D20-65): an extra point, kicked as a field goal from the era's
distance, or (from 1994) a two-point play from scrimmage. A step of its own, as it uses both
the kicking game (`kicking`) and a play from scrimmage (`plays`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scrimmage.core.decisions import K_TRY
from scrimmage.core.field import Side
from scrimmage.rules.fived20 import kicking, penalties, plays, timing
from scrimmage.rules.fived20.dice import Roll

if TYPE_CHECKING:
    from scrimmage.rules.fived20.game import FiveD20Game


def try_after_touchdown(g: FiveD20Game) -> None:
    """D20-65: an extra point is a field goal from the era's distance; the two-point try
    (from 1994) is a play from scrimmage from the 2. Both get the book's penalty checks
    (D20-67 for the kick; D20-24 and D20-41 for the play, in `plays`). A foul that wipes the
    try out moves the spot (`g.try_shift`) and the try is made again (the coach may choose
    kick or two again, as the official rules allow)."""
    off: Side = g.possession
    options = ("kick", "two") if g.era.two_point else ("kick",)
    choice = g.ask(K_TRY, off, options, "Touchdown! Kick or go for two?")
    if choice == "two":
        g.yardline = max(1, min(99, g.era.two_point_spot + g.try_shift))
        g.down, g.ydstogo = 1, g.yardline
        plays.scrimmage_play(g, two_point=True)
        return
    k = g.chart(off)
    g.yardline = max(1, min(99, g.era.pat_spot + g.try_shift))
    dist = g.yardline + g.era.post_offset
    rec = g.new_record("extra_point")
    rec.update(extra_point_attempt=1, kick_distance=dist, kicker_player_name=k.kicker,
               situation=g.try_situation())
    roll: Roll = g.roll5()
    kicking.read_place_kick(g, roll, dist)
    if kicking.blocked(dist, roll):
        kicking.blocked_place_kick(g, rec, dist, pat=True)
        return
    good = k.field_goal[roll.red - 1] >= dist
    rec["desc"] = f"{k.kicker} extra point is " + ("GOOD" if good else "no good")
    foul = penalties.check(g, roll, "FIELD_GOALS", off)                  # D20-67 step 3
    if foul is not None:
        after = kicking.try_penalty(g, rec, foul, good, play_yards=0, turnover=False)
        if after == kicking.AGAIN:
            return
        if after == kicking.FAILS:
            good = False
    rec["extra_point_result"] = "good" if good else "failed"
    if good:
        g.score[off] += 1
    g.after_score()
    g.finish(rec, timing.FIELD_GOAL)
