"""The clock's choices around a Legends play: play speed (FNL-12, FNL-13) and timeouts before
the results are read or after the play (FNL-7, FNL-57), which reset the momentum meter (FNL-84).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scrimmage.core.decisions import K_PLAY_SPEED, K_TIMEOUT
from scrimmage.core.field import Side
from scrimmage.core.sides import opponent_of
from scrimmage.rules.legends.cards import LABELS
from scrimmage.rules.legends.charts import Penalty
from scrimmage.rules.legends.penalties import Foul, enforce, foul_text

if TYPE_CHECKING:
    from scrimmage.rules.legends.game import LegendsGame


def play_speed(g: LegendsGame) -> int:
    """FNL-12: a team with play-speed points may slow this play down (+10 s) or speed it up
    (-10 s), one point a play; the offense has the first option."""
    s = g.s
    if not g.rules.play_speed or g.in_overtime:
        return 0
    for side in (s.possession, opponent_of(s.possession)):
        t = s.teams[side]
        if t.speed_left <= 0 or g.fast.passes(K_PLAY_SPEED, "", side, "none"):
            continue
        # The prompt only where a person may read it (a hundred of these a game).
        answer = g.ask(K_PLAY_SPEED, side, ("none", "use"),
                       _speed_prompt(t.speed_sign) if g.reads.on else "",
                             {"left": t.speed_left, "of": t.speed_total,
                              "direction": "slower" if t.speed_sign > 0 else "faster"})
        if answer == "use":
            t.speed_left -= 1
            return t.speed_sign * g.timing("short")
    return 0


def _speed_prompt(sign: int) -> str:
    what = "slow this play down" if sign > 0 else "speed this play up"
    return f"Use a play-speed point to {what} by 10 seconds?"


def play_speed_penalties(g: LegendsGame) -> None:
    """FNL-13: an unspent play-speed quota costs 15 yards on the first snap of the half or of
    the 4th quarter, marked off before the play as a dead-ball foul."""
    s = g.s
    for side in (s.possession, opponent_of(s.possession)):
        t = s.teams[side]
        while t.speed_owed > 0:
            t.speed_owed -= 1
            rec = g.new_record("no_play")
            foul = Foul(Penalty("Unsportsmanlike conduct (play speed)", 15), side, "pre", 15)
            enforce(g, foul, rec)
            rec["desc"] = (f"{t.name} did not spend its play-speed quota: "
                           + foul_text(g, foul))
            g.finish(rec, 0)


def timeout_window(g: LegendsGame, before: bool,
                   info: dict[str, Any] | None = None) -> Side | None:
    """FNL-7: either coach may take a timeout (offense asked first); it makes the play 10
    seconds and resets the momentum meter (FNL-84)."""
    s = g.s
    item = "before" if before else "after"
    passes = g.fast.passes
    for side in (s.possession, opponent_of(s.possession)):
        t = s.teams[side]
        if t.timeouts <= 0 or passes(K_TIMEOUT, item, side, "none"):
            continue
        answer = g.ask(K_TIMEOUT, side, ("none", "timeout"),
                             _timeout_prompt(before, t.timeouts, info or {})
                             if g.reads.on else "",
                             {"before": before, "left": t.timeouts, **(info or {})})
        if answer == "timeout":
            t.timeouts -= 1
            s.momentum.reset()
            return side
    return None


def timeout_after_play(g: LegendsGame, mark: int) -> None:
    """FNL-7: after a play without cards (a kick, a kneel, a spike, a try) either coach may
    still call a timeout. The play then takes the timeout's 10 seconds (one that took less
    keeps its time) and the meter goes back to 0 (FNL-84). `mark` is the number of plays
    logged before this one; nothing is offered if no play was logged, the game is over or
    the clock does not run (untimed overtime series)."""
    s = g.s
    if len(s.plays) <= mark or s.over or s.clock.untimed:
        return
    rec = s.plays[-1]
    seconds = min(rec["seconds"], g.timing("timeout"))
    caller = timeout_window(g, before=False, info={
        "saves": g.clock_saved(seconds), "result": rec["desc"]})
    if caller is not None:
        g.retime_last_play(seconds)
        record_timeout(g, rec, caller)


def record_timeout(g: LegendsGame, rec: dict[str, Any], caller: Side) -> None:
    """The play's timeout columns; the meter the record shows is the one the timeout left."""
    t = g.s.teams[caller]
    rec.update(timeout=1, timeout_team=t.name, timeouts_left=t.timeouts,
               momentum=g.s.momentum.value)


def _timeout_prompt(before: bool, left: int, info: dict[str, Any]) -> str:
    if before:
        cards = f"{LABELS[info['off_call']]} against {LABELS[info['def_call']]}. " \
            if "off_call" in info else ""
        return f"{cards}Timeout before the results are read? ({left} left)"
    saves = info.get("saves")
    worth = "" if saves is None else (
        f"; it saves {saves} seconds" if saves > 0 else
        "; the clock is already stopped, so it saves nothing")
    return f"Timeout after the play? ({left} left{worth})"
