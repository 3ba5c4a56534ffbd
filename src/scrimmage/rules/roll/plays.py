"""A down from scrimmage, in the book's order (FR-10..20, FR-34, FR-35).

1. The offense chooses its snap (`downs.snap`): a play, a punt on 4th down (FR-25), a field
   goal (FR-28) or, as the last play of a half, a Hail Mary (FR-34).
2. Both coaches choose a die in a closed hand; the defense adds the Clock die (FR-10). The
   offense's choice is kept in a local variable until both have chosen.
3. Different colours (FR-11): the offense rolls its die (breakaways FR-16, broken tackle
   FR-17), or throws a long bomb after an unmatched green (FR-18); the defense rolls the Clock
   die. Same colour (FR-12): both roll, and the Clock die; a flag brings the penalty die
   (FR-21, FR-22).
4. Passing in the red zone (FR-19), the Clock die (FR-13, FR-14: a turnover and its return),
   the ball and the down marker (FR-20), a touchdown (FR-31) or safety (FR-33), and running
   out the clock after a running play (FR-35).

Dice are read in this order, which scripted tests follow: the offense's die (and its extra
rolls), the defense's die, the Clock die, the penalty die, the Clock die again after a T,
then any return dice (the returner's offensive die, then its defensive die).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from scrimmage.core.decisions import K_LONG_BOMB, K_PLAY_CALL, K_RUN_CLOCK
from scrimmage.core.field import Side
from scrimmage.core.sides import opponent_of
from scrimmage.rules.narration import TRY
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
from scrimmage.rules.roll.terms import colour, face_words

if TYPE_CHECKING:
    from scrimmage.rules.roll.game import RollGame

RED_ZONE: Final = 20
"""The opponent's 20 and closer (FR-19, FR-29, AMB-FR-9)."""
HAIL_MARY_FROM: Final = 65
"""FR-34 / AMB-FR-11: on or past the offense's own 35."""
RETURN_DICE: Final = {"red": None, "yellow": "red", "green": "yellow"}
"""FR-14: the colour of the dice the defense returns a turnover with, by the offense's die."""
TOUCHBACK: Final = 75
"""The receiving team's 25 (FR-8, FR-26)."""


def hail_mary_legal(g: RollGame) -> bool:
    """FR-34, AMB-FR-11: clock marker on 2:00, no timeouts left, on or past the own 35."""
    s = g.s
    return (s.space == g.d.two_minute and s.timeouts[s.possession] == 0
            and s.yardline <= HAIL_MARY_FROM)


_TRY_BOMB: Final[dict[str, Any]] = {"two_point": True}
"""The long bomb's question on a two-point try (read-only, shared)."""


def play(g: RollGame, two_point: bool = False) -> str:
    """A play from scrimmage (or the two-point try, FR-32). Returns "repeat" when an accepted
    penalty repeats the down, else "good" / "no_good" for a try and "done" for a play."""
    s = g.s
    d = g.d
    off, dfn = s.possession, opponent_of(s.possession)
    rec = g.new_record("run")
    if two_point:
        rec["situation"] = g.kick_line(off, TRY, s.yardline)
    # FR-10: both choose in a closed hand; the defense holds the Clock die too.
    off_c = g.ask(K_PLAY_CALL, off, COLORS, "Choose your die (hidden until both show)",
                        {"side": "offense", "two_point": True} if two_point else
                        {"side": "offense"})
    def_c = g.ask(K_PLAY_CALL, dfn, COLORS, "Choose your die (hidden until both show)",
                        {"side": "defense", "two_point": True} if two_point else
                        {"side": "defense"})
    same = off_c == def_c
    rec["off_die"], rec["def_die"] = off_c, def_c
    y = s.yardline
    bomb = False
    if off_c == "green" and not same:
        bomb = (g.ask(K_LONG_BOMB, off, ("no", "bomb"),
                            "The defense did not pick green: throw a long bomb?",
                            _TRY_BOMB if two_point else None)) == "bomb"
    interception = incomplete = flag = False
    what = ""
    if bomb:
        # FR-18: Green + Kick - Yellow, unless a 0 shows on the green or the yellow die.
        rec["long_bomb"] = 1
        g_face = g.face(d.offense["green"])
        kick = g.kick_die()
        y_face = g.face(d.offense["yellow"])
        g.read_as("a 0: no pass" if y_face.value == 0 else f"{y_face.value} yards taken away")
        if g_face.value == 0 and y_face.value == 0:
            interception, gain = True, kick
            what = "long bomb INTERCEPTED"
        elif g_face.value == 0 or y_face.value == 0:
            incomplete, gain = True, 0
            what = "long bomb incomplete"
        else:
            gain = kick + g_face.value - y_face.value
            what = f"long bomb: kick die {kick} + green {g_face.value} - yellow {y_face.value}"
    else:
        # FR-11, FR-16, FR-17: the broken tackle only when red is not matched.
        gain = g.yards(d.offense[off_c], broken_tackle=off_c == "red" and not same, rec=rec)
        what = f"{colour(off_c)} {gain:+d}"
        if same:                                               # FR-12
            dface = g.face(d.defense[def_c])
            if dface.flag:
                flag = True
                what += " with a FLAG"
            else:
                gain += dface.value
                what += f" {dface.value:+d} = {gain:+d}"
    clock = None if two_point else g.clock_die()               # FR-32: no Clock die on a try
    rec["clock_face"] = clock
    # FR-19, AMB-FR-9: a green pass that carries more than 2 yards past the goal line.
    if (off_c == "green" and not interception and not incomplete and y <= RED_ZONE
            and gain > y + 2):
        incomplete, gain = True, 0
        what += ": more than 2 yards past the goal line, incomplete"

    if flag:
        foul = FOULS[g.penalty_die()]
        result = scrimmage_penalty(g, rec, foul, gain, clock, two_point, what)
        if result != "declined":
            return result
        what += " (" + foul_text(g, foul, off, 0, accepted=False) + ")"

    turnover = interception
    moves = 1 if clock == CLOCK else 0
    if clock == TURNOVER and not interception:                 # FR-14: roll it again
        again = g.clock_die()
        if again == TURNOVER:
            turnover = True
        elif again == CLOCK:
            moves += 1
        g.read_more("the ball is lost" if again == TURNOVER else "no turnover")

    _stat_columns(rec, off_c, same, gain, incomplete, interception)
    rec["yards_gained"] = gain
    if two_point:
        good = not (turnover or incomplete) and gain >= y
        rec["two_point_attempt"] = 1
        rec["two_point_conv_result"] = "success" if good else "failure"
        if good:
            s.score[off] += 2
        g.finish(rec, f"two-point try: {what}: {'GOOD' if good else 'no good'}")
        return "good" if good else "no_good"

    ended = False                       # the offense no longer has the ball on this series
    if turnover:
        what = _turnover(g, rec, off, off_c, gain, interception, what)
        ended = True
    else:
        new = y - gain
        if new <= 0:                                            # FR-31
            g.touchdown(off, rec)
            rec["pass_touchdown" if rec["pass_attempt"] else "rush_touchdown"] = 1
            what += ": TOUCHDOWN"
            ended = True
        elif new >= 100:                                        # FR-33
            g.safety(off, rec)
            what += ": SAFETY"
            ended = True
        else:
            ended = _move_chains(g, rec, gain)
            what += ": turnover on downs" if ended else f": {s.names[s.possession]} {s.down_text()}"
    for _ in range(moves):                                      # FR-13
        g.advance_clock(rec, result=what)
    # FR-35: after a running play that was not matched, the offense may run the clock.
    if (not ended and off_c == "red" and def_c != "red" and s.space != d.two_minute
            and not g.clock_ended):
        answer = g.ask(K_RUN_CLOCK, off, ("no", "run"),
                             "Run out the clock one space?", {"result": what})
        if answer == "run":
            g.advance_clock(rec, asked=(dfn,), result=what)   # AMB-FR-12
    g.finish(rec, what)
    return "done"


def scrimmage_penalty(g: RollGame, rec: dict[str, Any], foul: Any, gain: int,
                       clock: str | None, two_point: bool,
                       what: str) -> str:
    """FR-22: accepted, the play dice are ignored, the penalty assessed and the down repeated
    (AMB-FR-3: a defensive foul reaching the line to gain is a first down). AMB-FR-5: the
    decision comes first; an accepted penalty nullifies the play, turnover and all, though a
    CLOCK face still moves the clock. Returns "declined" when the play stands."""
    s = g.s
    off = s.possession
    y = s.yardline
    new = enforce(y, foul)
    moved = abs(new - y) if new != SAFETY else 100 - y
    first = new != SAFETY and not foul.by_offense and (foul.auto_first
                                                       or new <= y - s.ydstogo)
    accept_text = "safety" if new == SAFETY else f"ball at {s.spot_text(new)}, " + (
        "first down" if first else "repeat the down")   # as `after_accepted` will rule
    declined_gain = gain if not foul.by_offense else -gain
    accepted = ask_accept(
        g, foul, off, accept_text, f"the play stands, {gain:+d} yards",
        moved if new != SAFETY else 100, declined_gain,
        {"clock_die": clock, "play_yards": gain, "yardline": y})
    mark(rec, g, foul, off, moved, accepted)
    if not accepted:
        return "declined"
    rec["play_type"] = "no_play"
    desc = f"{what}: no play"
    if new == SAFETY:
        desc += ": " + foul_text(g, foul, off, moved, y, more="in the end zone: SAFETY")
        g.safety(off, rec)
    else:
        first = after_accepted(s, foul, new)
        if first:
            rec["first_down"] = rec["first_down_penalty"] = 1
        desc += ": " + foul_text(g, foul, off, moved, y, new)
        desc += f": {s.names[off]} {s.down_text()}"
    if clock == CLOCK and not two_point:
        g.advance_clock(rec, result=desc)
    g.finish(rec, desc)
    return "repeat"


def _stat_columns(rec: dict[str, Any], off_c: str, same: bool, gain: int, incomplete: bool,
                  interception: bool) -> None:
    """Red is a run, yellow and green are passes; a matched pass that loses yards is a sack."""
    if off_c == "red":
        rec["rush_attempt"] = 1
        return
    rec["play_type"] = "pass"
    rec["pass_attempt"] = 1
    if interception:
        rec["interception"] = 1
    elif incomplete:
        rec["incomplete_pass"] = 1
    elif same and gain < 0:
        rec["sack"] = 1
    else:
        rec["complete_pass"] = 1


def _move_chains(g: RollGame, rec: dict[str, Any], gain: int) -> bool:
    """FR-20: a first down returns the marker to column 1; otherwise one column right, and a
    4th-down play that falls short turns the ball over on downs. True when the ball changes
    hands."""
    s = g.s
    down = s.down
    new = s.yardline - gain
    if gain >= s.ydstogo:
        s.first_down_at(new)
        rec["first_down"] = 1
        rec["first_down_pass" if rec["pass_attempt"] else "first_down_rush"] = 1
        if down == 3:
            rec["third_down_converted"] = 1
        elif down == 4:
            rec["fourth_down_converted"] = 1
        return False
    if down == 3:
        rec["third_down_failed"] = 1
    if down == 4:
        rec["fourth_down_failed"] = 1
        s.take_over(opponent_of(s.possession), 100 - new)
        return True
    s.down += 1
    s.ydstogo -= gain
    s.yardline = new
    return False


def _turnover(g: RollGame, rec: dict[str, Any], off: Side, off_c: str, gain: int,
              interception: bool, what: str) -> str:
    """FR-14, AMB-FR-6: the ball goes the play's full yardage, then the defense takes it and
    returns it with the dice of the offense's colour (red: no return). The long bomb's
    interception goes the kick die's yards and is returned with both green dice (FR-18).
    Our ruling: a ball carried over the goal line before the turnover is a touchdown; one lost
    in the offense's own end zone is a touchdown for the defense; an interception beyond the
    goal line is returned from the goal line (a touchback at the 25 if not brought out)."""
    s = g.s
    spot = s.yardline - gain
    if interception:
        colour: str | None = "green"
        what += f", {gain} yards downfield"
        spot = max(spot, 0)
    else:
        rec["fumble"] = rec["fumble_lost"] = 1
        colour = RETURN_DICE[off_c]
        what += f": TURNOVER ({face_words(TURNOVER)} twice on the clock die)"
        if spot <= 0:
            g.touchdown(off, rec)
            rec["pass_touchdown" if rec["pass_attempt"] else "rush_touchdown"] = 1
            return what + ": over the goal line first, TOUCHDOWN"
        if spot >= 100:
            rec["return_touchdown"] = 1
            g.touchdown(opponent_of(off), rec)
            return what + ": recovered in the end zone, TOUCHDOWN defense"
    return (run_return(g, rec, opponent_of(off), 100 - spot, colour, what))


def run_return(g: RollGame, rec: dict[str, Any], returner: Side, start: int, colour: str | None,
               what: str) -> str:
    """FR-15: the returner rolls its offensive die of `colour` for yards (breakaways apply) and
    its defensive die of that colour once, for a flag only. A flag: the yards are run, then
    the penalty is assessed from there with the returners as the offense (AMB-FR-16), O5 and
    D5 ignored (FR-24). AMB-FR-7: a return over the goal line scores (our ruling: a flag on a
    scoring return is not assessed). The returning team then has the ball, 1st and 10."""
    s = g.s
    d = g.d
    rec["returned"] = 1
    if colour is None:
        s.take_over(returner, start)
        return what + f": {s.names[returner]} recovers at {s.spot_text(start)}"
    ret = g.yards(d.offense[colour])
    flag = g.face(d.defense[colour]).flag
    rec["return_yards"] = ret
    new = start - ret
    what += f": returned {ret}"
    if new <= 0:
        rec["return_touchdown"] = 1
        g.touchdown(returner, rec)
        return what + ": TOUCHDOWN"
    if new >= 100:
        new = TOUCHBACK
        rec["touchback"] = 1
        what += ", touchback"
    if flag:
        foul = FOULS[g.penalty_die()]
        if foul.code in IGNORED_ON_RETURNS:
            what += f", flag ignored on a return ({foul.name})"
        else:
            after = enforce(new, foul)
            moved = abs(after - new) if after != SAFETY else 100 - new
            accepted = ask_accept(
                g, foul, returner, "safety" if after == SAFETY else s.ball_for(returner, after),
                s.ball_for(returner, new), moved, 0)
            mark(rec, g, foul, returner, moved, accepted)
            # The spots are told from the record's offense, the team the returner played.
            if not accepted:
                what += "; " + foul_text(g, foul, returner, moved, accepted=False)
            elif after == SAFETY:
                what += "; " + foul_text(g, foul, returner, moved, 100 - new,
                                         more="in the end zone")
                g.safety(returner, rec)
                return what + ": SAFETY"
            else:
                what += "; " + foul_text(g, foul, returner, moved, 100 - new, 100 - after)
                new = after
                s.take_over(returner, new)
                return what + f": {s.names[returner]} ball at {s.spot_text(new)}"
    s.take_over(returner, new)
    return what + f" to {s.spot_text(new)}"


def hail_mary(g: RollGame) -> None:
    """FR-34: yellow and green both on their circled faces is a touchdown. AMB-FR-11: the half's
    last play; on a miss the pass is incomplete (a down is lost, FR-20). Either way the marker
    then goes to the last space, and FR-36 lets a team with a timeout stop that move: only the
    defense can, as the offense needed to have none left."""
    s = g.s
    d = g.d
    off = s.possession
    rec = g.new_record("pass")
    rec["hail_mary"] = rec["pass_attempt"] = 1
    yf = g.face(d.offense["yellow"])
    gf = g.face(d.offense["green"])
    if yf.breakaway and gf.breakaway:
        rec["complete_pass"] = rec["pass_touchdown"] = 1
        rec["yards_gained"] = s.yardline
        g.touchdown(off, rec)
        what = f"HAIL MARY, yellow {yf.label} and green {gf.label}: TOUCHDOWN"
    else:
        rec["incomplete_pass"] = 1
        what = f"Hail Mary, yellow {yf.label} and green {gf.label}: incomplete"
        if _move_chains(g, rec, 0):
            what += ": turnover on downs"
    g.advance_clock(rec, result=what, to_end=True)
    what += "; end of the half" if g.clock_ended else f"; timeout, the clock stays on {s.clock_text}"
    g.finish(rec, what)
