"""The try after a touchdown (FNL-59..61): a kick on the EXTRA POINT chart, or a two-point
play from the 3. A step of its own, as it uses both the kicking game (`kicking.kick_roll`)
and a scrimmage play (`scrimmage_play.two_point_play`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scrimmage.core.decisions import K_TRY
from scrimmage.rules.legends.kicking import kick_roll
from scrimmage.rules.legends.scrimmage_play import two_point_play
from scrimmage.rules.legends.snap_words import calls_text
from scrimmage.rules.narration import join_parts

if TYPE_CHECKING:
    from scrimmage.rules.legends.game import LegendsGame


def try_after_touchdown(g: LegendsGame) -> None:
    """FNL-59 (kick: EXTRA POINT chart, no time) or FNL-61 (two points from the 3)."""
    s = g.s
    side = s.possession
    # AMB-FNL-14 (college overtime house rule): from the third period, two-point tries only.
    forced = g.rules.overtime == "college" and s.overtime >= 3
    choice = g.ask(K_TRY, side, ("two",) if forced else ("kick", "two"),
                         "Touchdown! Kick or go for two?")
    if choice == "kick":
        rec = g.new_record("extra_point")
        rec.update(extra_point_attempt=1, situation=g.try_situation(side))
        roll = kick_roll(g, side, "Extra point", lambda r: g.x.extra_point[r])
        result = g.x.extra_point[roll]
        g.reads.add(result)
        rec["extra_point_result"] = {"good": "good", "miss": "failed", "blocked": "blocked"}[result]
        if result == "good":
            s.score[side] += 1
        rec["desc"] = f"{s.teams[side].name} extra point {rec['extra_point_result']}"
    else:
        s.yardline = g.rules.two_point_spot
        s.down, s.ydstogo = 1, s.yardline
        rec = g.new_record("run")
        rec.update(two_point_attempt=1, situation=g.try_situation(side))
        fouls: list[str] = []
        ok = two_point_play(g, rec, fouls)
        rec["play_type"] = "pass" if rec.get("off_call") in ("roll_out", "drop_back",
                                                             "screen") else "run"
        rec["two_point_conv_result"] = "success" if ok else "failure"
        if ok:
            s.score[side] += 2
        rec["desc"] = join_parts([f"{s.teams[side].name} two-point try: {calls_text(rec)}",
                                  *fouls, rec["two_point_conv_result"]])
    g.finish(rec, 0)
    g.kicker = side
    g.after_score_or_change()
