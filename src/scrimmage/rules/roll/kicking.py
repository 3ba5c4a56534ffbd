"""Kicks: kickoffs and onside kicks (FR-7..9), punts (FR-25..27), the punt after a safety
(FR-33, AMB-FR-15), field goals (FR-28..30) and the try after a touchdown (FR-32).

Dice are read in this order, which scripted tests follow. Onside kick: the kicker's offensive
red, its yellow, the Clock die. Kickoff run-out: red, yellow, green, each with its breakaway
rolls. Punt: the two block dice, then the kick die and the chosen offensive die, then the
returner's yellow dice (offensive, defensive) and the penalty die. Field goal: the two block
dice, the kick die (and its red-zone re-roll). PAT: the Clock die, the kick die.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from scrimmage.core.decisions import K_DICE_CHOICE, K_KICK_RETURN, K_KICKOFF, K_TRY
from scrimmage.core.field import Side
from scrimmage.core.sides import opponent_of
from scrimmage.rules.narration import FREE_KICK, KICKOFF, TRY
from scrimmage.rules.roll.faces import CLOCK, COLORS, TURNOVER
from scrimmage.rules.roll.penalties import (
    FOULS,
    IGNORED_ON_RETURNS,
    SAFETY,
    after_accepted,
    ask_accept,
    enforce,
    foul_text,
    mark,
)
from scrimmage.rules.roll.plays import RED_ZONE, TOUCHBACK, play, run_return, scrimmage_penalty
from scrimmage.rules.roll.terms import face_words

if TYPE_CHECKING:
    from scrimmage.rules.roll.game import RollGame

ONSIDE_SPOT: Final = 70
"""FR-9: the kicking team's 30 (yardline_100 seen from the kicker)."""
ONSIDE_NEEDS: Final = 10
SAFETY_PUNT_SPOT: Final = 80
"""FR-33: the team scored on punts from its own 20."""
BLOCK_PAIRS: Final = ("red+yellow", "red+green", "yellow+green")
"""FR-25, FR-30: the defense rolls any two of its dice; two flags block the kick."""


def kickoff(g: RollGame, kicker: Side) -> None:
    """FR-7: the kicking team chooses a regular or an onside kick."""
    s = g.s
    receiver = opponent_of(kicker)
    s.possession = receiver                      # the receiving team is the offense (FR-7)
    kind = g.ask(K_KICKOFF, kicker, ("regular", "onside"), "Kick off: regular or onside?")
    rec = g.new_record("kickoff", posteam=receiver)
    rec["kickoff_attempt"] = 1
    if kind == "onside":
        # FR-9: from the kicking team's 30; the record's spot is seen from the receivers.
        rec.update(yardline_100=100 - ONSIDE_SPOT,
                   situation=g.kick_line(kicker, KICKOFF, ONSIDE_SPOT))
    else:
        rec["situation"] = g.kick_line(kicker, KICKOFF)
    if kind == "onside":
        _onside(g, kicker, rec)
        return
    # FR-8: the receiving team takes a touchback or runs it out with all three dice.
    answer = g.ask(K_KICK_RETURN, receiver, ("touchback", "return"),
                         "Kickoff: touchback at your 25, or run it out with all three dice?")
    if answer == "touchback":
        rec["touchback"] = 1
        s.take_over(receiver, TOUCHBACK)
        g.finish(rec, f"touchback: {s.names[receiver]} ball at own 25")
        return
    total = sum(g.yards(g.d.offense[c], rec=rec) for c in COLORS)
    rec["returned"] = 1
    rec["return_yards"] = total
    if total >= 100:                              # AMB-FR-8
        rec["return_touchdown"] = 1
        g.touchdown(receiver, rec)
        g.finish(rec, f"run out {total} yards: TOUCHDOWN")
        return
    s.take_over(receiver, 100 - total)
    g.finish(rec, f"run out {total} yards to {s.spot_text()}")


def _onside(g: RollGame, kicker: Side, rec: dict[str, Any]) -> None:
    """FR-9, AMB-FR-1: from the kicker's 30, its offensive red and yellow dice (breakaways
    ignored) and the Clock die. 10 yards or more with a T: the kicking team keeps the ball,
    1st down where it landed; otherwise the receiving team takes it there. A CLOCK face moves
    the clock (FR-13)."""
    s = g.s
    d = g.d
    red = g.face(d.offense["red"]).value
    yellow = g.face(d.offense["yellow"]).value
    clock = g.clock_die()
    rec["clock_face"] = clock
    total = red + yellow
    land = ONSIDE_SPOT - total
    rec["kick_distance"] = total
    if total >= ONSIDE_NEEDS and clock == TURNOVER:
        rec["own_kickoff_recovery"] = 1
        s.take_over(kicker, land)
        what = (f"onside kick {red} + {yellow} = {total}, clock die {face_words(clock)}: RECOVERED by "
                f"{s.names[kicker]}")
    else:
        s.take_over(opponent_of(kicker), 100 - land)
        what = (f"onside kick {red} + {yellow} = {total}, clock die {face_words(clock)}: "
                f"{s.names[opponent_of(kicker)]} ball")
    if clock == CLOCK:
        g.advance_clock(rec, result=f"{what} at {s.spot_text()}")
    g.finish(rec, f"{what} at {s.spot_text()}")


def _block(g: RollGame, dfn: Side, what: str) -> bool:
    pair = g.ask(K_DICE_CHOICE, dfn, BLOCK_PAIRS, f"{what}: roll two dice to block")
    a, b = pair.split("+")
    first = g.face(g.d.defense[a]).flag
    g.read_as("a flag for the block" if first else "no flag, no block")
    second = g.face(g.d.defense[b]).flag
    g.read_as(("a flag for the block" if second else "no flag, no block")
              + (": BLOCKED" if first and second else ""))
    return first and second


def punt(g: RollGame) -> None:
    """FR-25..27: a punt on 4th down."""
    s = g.s
    rec = g.new_record("punt")
    rec["punt_attempt"] = 1
    if (_block(g, opponent_of(s.possession), "Punt")):
        _blocked_punt(g, rec)
        return
    kick_and_return(g, rec, free_kick=False)


def _blocked_punt(g: RollGame, rec: dict[str, Any]) -> None:
    """FR-25: blocked. A T on the Clock die: the defense's ball, and it may return it (the
    return below: both yellow dice). Otherwise the offense recovers and both roll their red
    die: a first down goes on, else the defense takes over where the ball ends up."""
    s = g.s
    d = g.d
    off, dfn = s.possession, opponent_of(s.possession)
    y = s.yardline
    rec["punt_blocked"] = 1
    clock = g.clock_die()
    rec["clock_face"] = clock
    what = "punt BLOCKED"
    if clock == TURNOVER:
        answer = g.ask(K_KICK_RETURN, dfn, ("return", "no_return"),
                             "Blocked punt, your ball: return it with both yellow dice?",
                             {"spot": 100 - y, "penalty_from": "return"})
        colour = "yellow" if answer == "return" else None
        what = run_return(g, rec, dfn, 100 - y, colour,
                                     f"{what}, clock die {face_words(clock)}")
    else:
        gain = g.yards(d.offense["red"], rec=rec)
        dface = g.face(d.defense["red"])
        if dface.flag:
            foul = FOULS[g.penalty_die()]
            result = scrimmage_penalty(g, rec, foul, gain, clock, False, what)
            if result != "declined":
                return
        else:
            gain += dface.value
        rec["yards_gained"] = gain
        new = y - gain
        what += f", offense recovers: red {gain:+d}"
        if new <= 0:
            g.touchdown(off, rec)
            what += ": TOUCHDOWN"
        elif new >= 100:
            g.safety(off, rec)
            what += ": SAFETY"
        elif gain >= s.ydstogo:
            rec["first_down"] = rec["fourth_down_converted"] = 1
            s.first_down_at(new)
            what += f": first down at {s.spot_text()}"
        else:
            s.take_over(dfn, 100 - new)
            what += f": {s.names[dfn]} ball at {s.spot_text()}"
    if clock == CLOCK:
        g.advance_clock(rec, result=what)
    g.finish(rec, what)


def kick_and_return(g: RollGame, rec: dict[str, Any], free_kick: bool) -> None:
    """FR-26: the kick die plus any one offensive die, breakaways ignored. Into the end zone: a
    touchback at the 25. Otherwise a fair catch where it lands, or a return with both yellow
    dice (negative yardage ignored; breakaways and penalties apply). FR-27: a flag on the
    return is a foul of the punting team (O) or the receivers (D); accepted, it wipes out the
    kick: the ball moves from the line of scrimmage, and the 4th down is repeated or (a
    defensive foul that reaches the line, or D5A) a first down. After a safety (AMB-FR-15) a
    flag is a return penalty (the returners are the offense, AMB-FR-16)."""
    s = g.s
    d = g.d
    off, dfn = s.possession, opponent_of(s.possession)
    y = s.yardline
    die = g.ask(K_DICE_CHOICE, off, COLORS, "Punt: the kick die plus which of your dice?")
    kick = g.kick_die()
    extra = g.face(d.offense[die])
    distance = kick + extra.value
    land = y - distance
    rec["kick_distance"] = distance
    what = f"punt: kick die {kick} + {die} {extra.label} = {distance}"
    if land <= 0:
        rec["touchback"] = 1
        s.take_over(dfn, TOUCHBACK)
        g.finish(rec, f"{what}: touchback, {s.names[dfn]} ball at own 25")
        return
    # The landing spot as the receivers see it, as the result tells it. The info tells a coach
    # where a return flag is enforced: the line (FR-27) or the return's end (AMB-FR-16).
    answer = g.ask(K_KICK_RETURN, dfn, ("fair_catch", "return"),
                         f"Punt lands at {s.spot_text(100 - land)}: fair catch or return?",
                         {"spot": 100 - land, "line": y,
                          "penalty_from": "return" if free_kick else "scrimmage"})
    if answer == "fair_catch":
        rec["punt_fair_catch"] = 1
        s.take_over(dfn, 100 - land)
        g.finish(rec, f"{what}: fair catch at {s.spot_text()}")
        return
    if free_kick:
        what = run_return(g, rec, dfn, 100 - land, "yellow", what)
        g.finish(rec, what)
        return
    ret = g.yards(d.offense["yellow"])
    flag = g.face(d.defense["yellow"]).flag
    rec["returned"] = 1
    rec["return_yards"] = ret
    new = 100 - land - ret
    what += f", returned {ret}"
    if flag:
        foul = FOULS[g.penalty_die()]
        if foul.code in IGNORED_ON_RETURNS:                        # FR-24
            what += f", flag ignored on a return ({foul.name})"
        else:
            after = enforce(y, foul)
            moved = abs(after - y) if after != SAFETY else 100 - y
            accepted = ask_accept(
                g, foul, off, "the punt is wiped out: " + (
                    "safety" if after == SAFETY else f"punt team's ball at {s.spot_text(after)}"),
                f"the return stands: {s.ball_for(dfn, new)}", moved, 0)
            mark(rec, g, foul, off, moved, accepted)
            if accepted:
                rec["returned"] = rec["return_yards"] = 0
                rec["play_type"] = "no_play"
                what += "; no play: "
                if after == SAFETY:
                    what += foul_text(g, foul, off, moved, y, more="in the end zone")
                    g.safety(off, rec)
                    g.finish(rec, what + ": SAFETY")
                    return
                what += foul_text(g, foul, off, moved, y, after)
                if after_accepted(s, foul, after):
                    rec["first_down"] = rec["first_down_penalty"] = 1
                g.finish(rec, what + f": {s.names[off]} {s.down_text()}")
                return
            what += "; " + foul_text(g, foul, off, moved, accepted=False)
    if new <= 0:                                                   # AMB-FR-7
        rec["return_touchdown"] = 1
        g.touchdown(dfn, rec)
        g.finish(rec, what + ": TOUCHDOWN")
        return
    s.take_over(dfn, new)
    g.finish(rec, what + f" to {s.spot_text()}")


def safety_punt(g: RollGame, kicker: Side) -> None:
    """FR-33, AMB-FR-15: after a safety the team scored on punts from its own 20, with no
    block attempt; the receivers fair-catch or return as usual."""
    s = g.s
    s.possession = kicker
    s.first_down_at(SAFETY_PUNT_SPOT)
    s.down = 4
    rec = g.new_record("punt")
    rec.update(punt_attempt=1, situation=g.kick_line(kicker, FREE_KICK, SAFETY_PUNT_SPOT))
    kick_and_return(g, rec, free_kick=True)


def field_goal(g: RollGame) -> None:
    """FR-28..30, AMB-FR-10: the kick die against the yards to the goal line; inside the red
    zone a 20 is re-rolled and a second 20 misses. The defense blocks with two flags. A miss
    or a block: the defense's ball where it was."""
    s = g.s
    off, dfn = s.possession, opponent_of(s.possession)
    y = s.yardline
    rec = g.new_record("field_goal")
    rec["field_goal_attempt"] = 1
    rec["kick_distance"] = y + 17
    if (_block(g, dfn, "Field goal")):
        rec["field_goal_result"] = "blocked"
        s.take_over(dfn, 100 - y)
        g.finish(rec, f"field goal from the {y} BLOCKED: {s.names[dfn]} ball at {s.spot_text()}")
        return
    kick = g.kick_die()
    rolls = f"kick die {kick}"
    if y <= RED_ZONE and kick == 20:                              # FR-29
        again = g.kick_die()
        rolls += f", re-roll {again}"
        good = again != 20
    else:
        good = y <= kick                                          # FR-28
    if good:
        rec["field_goal_result"] = "made"
        s.score[off] += 3
        g.after_score(off)
        g.finish(rec, f"field goal from the {y}, {rolls}: GOOD")
        return
    rec["field_goal_result"] = "missed"
    s.take_over(dfn, 100 - y)                                     # FR-30
    g.finish(rec, f"field goal from the {y}, {rolls}: no good, {s.names[dfn]} ball at "
                  f"{s.spot_text()}")


def try_after_touchdown(g: RollGame) -> None:
    """FR-31, FR-32: a PAT (Clock die + kick die: T and 20 is no good; our ruling: the try is
    untimed, so its Clock die does not move the marker) or a two-point play from the 2."""
    s = g.s
    off = s.possession
    choice = g.ask(K_TRY, off, ("kick", "two"),
                         "Touchdown! Kick the extra point or go for two?")
    if choice == "kick":
        rec = g.new_record("extra_point")
        rec.update(extra_point_attempt=1, situation=g.kick_line(off, TRY, s.yardline))
        clock = g.clock_die()
        kick = g.kick_die()
        rec["clock_face"] = clock
        good = not (clock == TURNOVER and kick == 20)
        rec["extra_point_result"] = "good" if good else "failed"
        if good:
            s.score[off] += 1
        g.finish(rec, f"extra point: clock die {face_words(clock)}, kick die {kick}: "
                      f"{'GOOD' if good else 'no good'}")
    else:
        s.first_down_at(2)
        while (play(g, two_point=True)) == "repeat":
            pass
    g.after_score(off)
