"""A play from scrimmage (D20-12..41, D20-49..55), step by step as the book numbers them.

Roll 1 decides run or pass, the pass depth, the runner or receiver, a snap fumble and a snap
penalty; roll 2 finds the key defender, his WHAT result, the play result and the yards, then
checks for a fumble and a penalty. The play's result is first worked out as an `Outcome`;
a penalty is judged against it (accept or decline) before the ball is moved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from scrimmage.core.decisions import K_PENALTY, K_PLAY_CALL, K_SNAP, K_TIMEOUT
from scrimmage.core.field import Side
from scrimmage.core.sides import HOME, opponent_of
from scrimmage.rules.fived20 import kicking, penalties, replay, timing
from scrimmage.rules.fived20.chart_play import Player, TeamChart, across, down
from scrimmage.rules.fived20.dice import Roll
from scrimmage.rules.fived20.fumbles import fumble_return, lost_fumble
from scrimmage.rules.fived20.playcalling import Call, situation_adjust
from scrimmage.rules.fived20.terms import terms, word, yards_text

if TYPE_CHECKING:
    from scrimmage.rules.fived20.game import FiveD20Game

SNAP_OPTIONS: Final = ("play", "punt", "field_goal", "kneel", "spike")
KNEEL_YARDS: Final = -1
"""Official-rules fallback (the book has no kneel): the quarterback takes a knee, 1 yard lost."""
OFF_CALLS: Final = ("system", "run", "pass")
DEF_CALLS: Final = ("system", "run", "base", "pass")
PENALTY_ROW: Final = {"run": "RUNNING", "scramble": "RUNNING", "complete": "COMPLETIONS",
                      "incomplete": "INC", "interception": "INC", "sack": "SACK"}
SNAP_FUMBLE_YARDS: Final = -2


class Outcome:
    """What the play did, before any penalty: the kind, the yards (from the line), out of
    bounds, and for a turnover the new offense's spot after the return."""

    __slots__ = ("kind", "oob", "pass_yards", "regained_spot", "sack_yards", "takeaway_spot",
                 "turnover", "yards")

    def __init__(self, kind: str, yards: int = 0) -> None:
        self.kind = kind
        self.yards = yards
        self.oob = False
        self.turnover = False
        self.takeaway_spot = 0
        self.regained_spot = 0
        """The offense got the ball back (a fumble on an interception return): its new spot."""
        self.pass_yards = 0
        self.sack_yards = 0


def snap(g: FiveD20Game) -> None:
    """The offense chooses: run a play, punt or try a field goal."""
    choice = g.ask(K_SNAP, g.possession, SNAP_OPTIONS,
                         "Your down: run a play, or punt, kick, kneel or spike?",
                         {"kick_distance": g.yardline + g.era.post_offset})
    if choice == "punt":
        kicking.punt(g)
    elif choice == "field_goal":
        kicking.field_goal(g)
    elif choice in ("kneel", "spike"):
        kneel_or_spike(g, choice)
    else:
        scrimmage_play(g)


def kneel_or_spike(g: FiveD20Game, kind: str) -> None:
    """The book has neither, so the official rules apply ("the era's rules", AMB-D20-1), as in
    the Legends ruleset: a kneel is a quarterback run for a 1-yard loss that stays in bounds
    (40 seconds, D20-43); a spike is an incomplete pass (10 seconds, D20-43). No dice are
    thrown, so there is no fumble or penalty check."""
    off: Side = g.possession
    qb = g.chart(off).qb.name
    start_down = g.down
    if kind == "kneel":
        rec = g.new_record("qb_kneel")
        rec.update(rush_attempt=1, qb_kneel=1, rusher_player_name=qb, yards_gained=KNEEL_YARDS,
                   desc=f"{qb} takes a knee, {-KNEEL_YARDS} yard lost")
        g.gain(rec, KNEEL_YARDS, kind="kneel")
        if rec["safety"]:
            rec["desc"] += " in the end zone: safety"
        seconds = timing.RUNNING
    else:
        rec = g.new_record("qb_spike")
        rec.update(pass_attempt=1, incomplete_pass=1, qb_spike=1, passer_player_name=qb,
                   desc=f"{qb} spikes the ball")
        g.gain(rec, 0, kind="spike")
        seconds = timing.STOPPED
    if start_down == 3:
        rec["third_down_failed"] = 1
    elif start_down == 4:
        rec["fourth_down_failed"] = 1
    if g.possession is not off or g.next != "scrimmage":
        if not rec["safety"]:
            rec["desc"] += ": turnover on downs"
        seconds = timing.STOPPED
    g.finish(rec, seconds)


def pass_depth(qb_depth: Any, white: int, yardline: int) -> str:
    """D20-21: the QB's Pass Depth column; all SP from the 5 in, LP becomes MP from the 15."""
    depth = across(qb_depth, white) or "LP"
    if yardline <= 5:
        return "SP"
    if yardline <= 15 and depth == "LP":
        return "MP"
    return depth


def pick_runner(o: TeamChart, roll: Roll) -> Player:
    """D20-22 (runs): blue below the header reads the blue column, else black the black one."""
    i = (down(o.runner_blue, roll.blue) if roll.blue < o.runner_header
         else down(o.runner_black, roll.black))
    return o.runners[i]


def pick_receiver(o: TeamChart, depth: str, roll: Roll) -> Player:
    """D20-22 (passes): the same, with the header of the pass depth's column."""
    i = (down(o.rec_blue[depth], roll.blue) if roll.blue < o.rec_header[depth]
         else down(o.rec_black[depth], roll.black))
    return o.receivers[i]


def flip_white(white: int, home_offense: bool | None, is_run: bool) -> int:
    """D20-26: home-field advantage (None: a neutral site, AMB-D20-18)."""
    if home_offense is None:
        return white
    home_defense = not home_offense
    if white == 1 and ((home_offense and not is_run) or (home_defense and is_run)):
        return 20
    if white == 20 and ((home_offense and is_run) or (home_defense and not is_run)):
        return 1
    return white


def scrimmage_play(g: FiveD20Game, two_point: bool = False) -> None:
    off: Side = g.possession
    deff = opponent_of(off)
    o, d = g.chart(off), g.chart(deff)
    # D20-12 / AMB-D20-3: the system calls the play unless a coach calls his own.
    off_call = g.ask(K_PLAY_CALL, off, OFF_CALLS, "Your call (system: the chart calls it)",
                           {"side": "offense"})
    def_call = g.ask(K_PLAY_CALL, deff, DEF_CALLS, "Your alignment (system: the chart's)",
                           {"side": "defense"})
    margin = g.score[off] - g.score[deff]
    sit = (situation_adjust(margin, g.clock.quarter, g.clock.seconds_left)
           if g.situation_chart and not two_point else 0)
    call = Call(o, d, g.down, g.ydstogo, g.yardline, sit)          # steps 1-6
    alignment = call.alignment if def_call == "system" else def_call.upper()
    rec = g.new_record("run")
    if two_point:
        rec.update(two_point_attempt=1, situation=g.try_situation())
    r1: Roll = g.roll5()
    rec.update(call_row=call.row, alignment=alignment, play_call_number=call.number,
               off_call=off_call, def_call=def_call, roll1=str(r1))
    # D20-20 step 7: run if red <= the Play Call number.
    is_run = r1.red <= call.number if off_call == "system" else off_call == "run"
    if off_call == "system":
        is_run = replay.run_call(g, o, is_run)                          # house rule
    if off_call == "system":
        g.read(r1, "red", f"play-call number {call.number} -> {'run' if is_run else 'pass'}")
    depth = None
    if is_run:
        # D20-22 step 9 (runs): blue below the header reads the blue column, else black.
        carrier: Player = pick_runner(o, r1)
        rec["rusher_player_name"] = carrier.name
        by_blue = r1.blue < o.runner_header
    else:
        depth = pass_depth(o.qb_depth, r1.white, g.yardline)           # D20-21 step 8
        carrier = pick_receiver(o, depth, r1)                          # D20-22 step 9
        rec.update(play_type="pass", pass_depth=depth, passer_player_name=o.qb.name,
                   receiver_player_name=carrier.name)
        if g.reads.on:
            g.read(r1, "white", f"the QB's pass depth -> {word(depth)}")
        by_blue = r1.blue < o.rec_header[depth]
    who = "runner" if is_run else "receiver"
    if by_blue:
        g.read(r1, "blue", f"{who} {carrier.name}")
    else:
        g.read(r1, "blue", f"{who}: past the blue column, black picks")
        g.read(r1, "black", f"{who} {carrier.name}")
    # D20-24: a snap penalty stops the play before the snap (checked before the snap fumble:
    # a foul before the snap means the ball was never snapped).
    foul = penalties.check(g, r1, "SNAP", off)
    if foul is not None:
        done = _snap_penalty(g, rec, foul, two_point)
        if done:
            return
    # D20-23 step 10 / AMB-D20-8: snap fumble on black = yellow <= the QB's SNAP FUM rate.
    if r1.black_yellow:
        fumbled = r1.yellow <= o.qb_snap_fumble
        g.read(r1, "yellow", f"black = yellow: snap fumble check ({o.qb_snap_fumble} or less) -> "
                             + ("FUMBLE" if fumbled else "held"))
    if r1.black_yellow and r1.yellow <= o.qb_snap_fumble:
        out = Outcome("run", SNAP_FUMBLE_YARDS)
        rec.update(play_type="run", rush_attempt=1, rusher_player_name=o.qb.name,
                   passer_player_name=None, receiver_player_name=None, pass_depth=None,
                   result="SNAP FUM")
        out.yards = _capped(g, out.yards)
        # The snap-fumble rate alone made it a fumble: the FUMBLE section only says who
        # recovers (D20-23), so the QB's ordinary fumble rating is not tested again.
        _fumble(g, rec, out, o.qb, r1.yellow, alignment, returnable=False,
                           fumbled=True)
        snap_foul = rec["desc"]              # a foul before the snap that was declined
        rec["desc"] = f"Snap fumbled by {o.qb.name}" + (", lost" if out.turnover else
                                                        ", recovered") + (
            f"; {snap_foul}" if snap_foul else "")
        _finish_play(g, rec, out, two_point)
        return
    # -- roll 2 -----------------------------------------------------------------------
    r2: Roll = g.roll5()
    rec["roll2"] = str(r2)
    # D20-25 step 11: the key defender, down the alignment column with red.
    if is_run:
        k = down(d.who_run[alignment], r2.red)
        defender = d.run_defenders[k]
    else:
        k = down(d.who_pass[alignment], r2.red)
        defender = d.pass_defenders[k]
    g.read(r2, "red", f"key defender {defender.name}")
    # D20-26 step 12, D20-27 step 13, D20-28 step 14.
    home_off = None if g.neutral else off is HOME
    white = flip_white(r2.white, home_off, is_run) + call.def_adjust
    what = across(defender.rows["WHAT"], max(1, white))
    if what is None:
        what = "BACK" if is_run else "OTHER"                          # AMB-D20-6
    if g.reads.on:
        g.read(r2, "white", "the key defender's read" + (
            "" if white == r2.white else f" at {max(1, white)}") + f" -> {word(what)}")
    rec.update(key_defender=defender.name, what=what)
    sack_f = False
    if is_run:
        # D20-29 step 14a: the runner's section for the WHAT result, read with blue.
        column = across(carrier.rows[what], r2.blue) or "AVG"
        if column == "BRK":
            column = f"BRK{carrier.brk}"
        out = Outcome("run", g.charts.yards(column, r2.black))        # D20-39 step 15
        if g.reads.on:
            g.read(r2, "blue", f"{carrier.name}, {word(what)} -> {word(column)}")
            g.read(r2, "black", f"{word(column)} -> {yards_text(out.yards)}")
        rec.update(rush_attempt=1, result=column, game_column=column,
                   solo_tackle_1_player_name=defender.name)
        ball = carrier
    else:
        assert depth is not None
        if what == "REC":
            result = across(carrier.rows[depth], r2.blue) or "CMP"    # D20-30 step 14b
            if g.reads.on:
                g.read(r2, "blue", f"{carrier.name} open for the {word(depth)} -> "
                                   f"{word(result)}")
        else:
            result = across(o.qb.rows[f"{depth}.{what}"], r2.blue) or "CMP"   # D20-31 step 14c
            if g.reads.on:
                g.read(r2, "blue", f"the QB's {word(depth)} against {word(what)} -> "
                                   f"{word(result)}")
        result = replay.sack(g, o, d, result)                          # house rule
        rec["result"] = result
        ball = carrier
        if result == "OUT":
            # D20-34: a third roll of red and white: the outlet receiver and his SP result.
            r3 = g.reroll(r2, "red", "white")
            carrier = o.receivers[down(o.rec_out, r3.red)]
            ball = carrier
            depth = "SP"
            result = across(carrier.rows["SP"], r3.white) or "CMP"
            g.read(r3, "red", f"outlet receiver {carrier.name}")
            if g.reads.on:
                g.read(r3, "white", f"{carrier.name}, {word('SP')} -> {word(result)}")
            rec.update(receiver_player_name=carrier.name, pass_depth="SP",
                       result=f"OUT {result}")
        if result in ("CMP", "YAC"):
            # D20-32 / D20-38: SP or MP column; a long pass uses the receiver's LPY column.
            column = depth if depth != "LP" else f"LP{carrier.lpy}"
            yards = g.charts.yards(column, r2.black)
            if g.reads.on:                  # the defense's pass modifier is added below
                modifier = d.pass_modifier
                g.read(r2, "black", f"{word(column)} -> {yards_text(yards)}" + (
                    f", {modifier:+d} for the defense's pass modifier" if modifier else ""))
            air = yards
            if result == "YAC":
                extra = 0
                while True:                                            # the rolling-20s rule
                    r2 = g.reroll(r2, "black")
                    extra += r2.black
                    g.read(r2, "black", "yards after the catch" + (", roll again" if
                                                                   r2.black == 20 else ""))
                    if r2.black != 20:
                        break
                yards += extra
                rec["yards_after_catch"] = extra
            yards += d.pass_modifier                                    # D20-39, AMB-D20-10
            out = Outcome("complete", yards)
            rec.update(pass_attempt=1, complete_pass=1, game_column=column, air_yards=air,
                       solo_tackle_1_player_name=defender.name)
        elif result in ("INC", "DRP") and replay.interception(g, o, d, False):
            out = _interception(g, rec, depth, defender.name, r2.yellow)  # house rule
        elif result in ("INC", "DRP"):
            out = Outcome("incomplete")                                 # D20-33, D20-38
            rec.update(pass_attempt=1, incomplete_pass=1)
        elif result == "PD":
            # D20-35: defender's INT + the QB's INT for the depth, against black.
            top = d.int_rating(k) + o.qb_int[depth]
            picked = replay.interception(g, o, d, r2.black <= top)      # house rule
            g.read(r2, "black", f"interception on {top} or less -> "
                                + ("INTERCEPTED" if picked else "broken up"))
            if picked:
                out = _interception(g, rec, depth, defender.name, r2.yellow)
            else:
                out = Outcome("incomplete")
                rec.update(pass_attempt=1, incomplete_pass=1,
                           pass_defense_1_player_name=defender.name)
        elif result == "SCK":
            # D20-36: the SACK column; an "f" calls for a fumble check.
            out = Outcome("sack", g.charts.yards("SACK", r2.black))
            sack_f = g.charts.yardage_f["SACK"][r2.black - 1]
            if g.reads.on:
                g.read(r2, "black", f"{word('SACK')} -> {yards_text(out.yards)}"
                       + (", a fumble check" if sack_f else ""))
            rec.update(play_type="pass", sack=1, sack_player_name=defender.name,
                       receiver_player_name=None, game_column="SACK")
            ball = o.qb
        else:
            # D20-37: SCR: black down the scramble column, then re-roll black for the yards.
            column = across(o.qb_scramble, r2.black) or "AVG"
            if g.reads.on:
                g.read(r2, "black", f"the QB scrambles -> {word(column)}")
            r2 = g.reroll(r2, "black")
            out = Outcome("scramble", g.charts.yards(column, r2.black))
            if g.reads.on:
                g.read(r2, "black", f"{word(column)} -> {yards_text(out.yards)}")
            rec.update(play_type="run", rush_attempt=1, qb_scramble=1, game_column=column,
                       rusher_player_name=o.qb.name, passer_player_name=None,
                       receiver_player_name=None)
            ball = o.qb
    if out.kind in ("run", "complete", "scramble", "sack"):
        out.yards = _capped(g, out.yards)
        if out.kind in ("run", "complete"):
            out.yards = replay.red_zone(g, o, d, out.yards)             # house rule
            out.yards = replay.third_down(g, o, d, out.yards)           # house rule
        out.oob = timing.out_of_bounds(out.kind, r2.yellow)             # D20-42
        g.read(r2, "yellow", "out of bounds" if out.oob else "in bounds")
        # D20-40 step 16 / D20-49: black = yellow, or an "f" on a sack.
        if (r2.black_yellow or sack_f) and out.yards < g.yardline:
            _fumble(g, rec, out, ball, r2.yellow, alignment, returnable=True)
            g.read(r2, "yellow", ("out of bounds" if out.oob else "in bounds")
                   + f", fumble check -> {_fumble_text(rec)}")
    if depth is not None:
        out.pass_yards = g.charts.yards(depth if depth != "LP" else "LP", r2.black)
    out.sack_yards = -g.charts.yards("SACK", r2.black)
    rec["yards_gained"] = out.yards
    rec["out_of_bounds"] = int(out.oob)
    snap_foul = rec["desc"]                  # a foul before the snap that was declined
    rec["desc"] = _describe(rec, out) + (f"; {snap_foul}" if snap_foul else "")
    # D20-41 step 17: a penalty during the play, on the row of the final outcome.
    foul = penalties.check(g, r2, PENALTY_ROW[out.kind], off, pass_yards=out.pass_yards,
                           sack_yards=out.sack_yards)
    if isinstance(foul, penalties.Foul) and out.kind == "interception" and foul.code == "d":
        foul = None                          # D20-46: grounding overridden on an interception
    if foul is None:
        _finish_play(g, rec, out, two_point)
        return
    if two_point:
        _enforce_try(g, rec, out, foul)
        return
    _enforce(g, rec, out, foul)


def _fumble_text(rec: dict[str, Any]) -> str:
    if not rec["fumble"]:
        return "held"
    return "FUMBLE, " + ("lost" if rec["fumble_lost"] else "recovered")


def _capped(g: FiveD20Game, yards: int) -> int:
    """Yards never go past the goal line ahead or the end zone behind."""
    line: int = g.yardline
    return max(min(yards, line), line - 100)


def _describe(rec: dict[str, Any], out: Outcome) -> str:
    """The play in words (every play, narrated or not: the records' `desc`)."""
    who = rec["rusher_player_name"] or rec["receiver_player_name"] or ""
    kind = out.kind
    t = terms()
    if kind == "run":
        text = f"{who} runs for {out.yards} ({t[rec['what']]}: {word(rec['game_column'])})"
    elif kind == "scramble":
        text = f"{rec['rusher_player_name']} scrambles for {out.yards}"
    elif kind == "complete":
        text = (f"{rec['passer_player_name']} {t[rec['pass_depth']]} complete to "
                f"{rec['receiver_player_name']} for {out.yards}")
    elif kind == "sack":
        text = f"{rec['passer_player_name']} sacked by {rec['sack_player_name']} for {out.yards}"
    elif kind == "interception":
        text = (f"{rec['passer_player_name']} {t[rec['pass_depth']]} intercepted by "
                f"{rec['interception_player_name']}, returned {rec['return_yards']}")
    else:
        text = (f"{rec['passer_player_name']} {t[rec['pass_depth']]} to "
                f"{rec['receiver_player_name']} incomplete" + _why_incomplete(rec["result"]))
    if rec["fumbled_2_player_name"]:
        text += (f", FUMBLE by {rec['fumbled_2_player_name']} on the return, recovered by "
                 f"{rec['fumble_recovery_2_team']}")
    if rec["fumble"]:
        text += ", FUMBLE " + ("lost" if rec["fumble_lost"] else "recovered by the offense")
    if out.oob:
        text += ", out of bounds"
    return text


def _why_incomplete(result: str) -> str:
    """Why a pass fell: nothing more for a plain INC, else the chart's reason in words."""
    if result == "INC":
        return ""
    if result.startswith("OUT "):
        return f" ({word('OUT')}, {word(result[4:])})"
    if result.startswith("INT "):
        return " (picked off beyond the end line)"
    return f" ({word(result)})"


def _interception(g: FiveD20Game, rec: dict[str, Any], depth: str, name: str, yellow: int) -> Outcome:
    """D20-54/55: re-roll white and black; white down the depth column is where it was
    picked off (LP at most 50; beyond the end line it is incomplete), black on the
    interceptor's return column is the return. D20-53: the re-rolled black is "not used
    unless it matches the yellow die in which case the defense fumbles the recovery (only if
    it was being returned)" (`yellow`: the yellow of roll 2, which is not re-rolled)."""
    d = g.chart(opponent_of(g.possession))
    w = g.die("white")
    k = g.die("black")
    column = depth if depth != "LP" else "LP"
    spot_depth = min(50, g.charts.yards(column, w)) if depth == "LP" else g.charts.yards(column, w)
    if g.reads.on:
        g.reads.note(f"{word(column)} -> picked off {spot_depth} yards downfield", 2)
    if spot_depth > g.yardline + 10:
        rec.update(pass_attempt=1, incomplete_pass=1, result="INT out of the end zone")
        return Outcome("incomplete")
    rating = d.ret_rating_of.get(name, 1)
    ret = g.charts.interception[rating][k - 1]
    g.reads.note(f"return column {rating} -> {ret} yards" + (
        ", black = yellow: fumble on the return" if k == yellow and ret > 0 else ""), 1)
    out = Outcome("interception")
    out.turnover = True
    out.takeaway_spot = 100 - (g.yardline - spot_depth) - ret
    rec.update(pass_attempt=1, interception=1, interception_player_name=name, return_yards=ret,
               air_yards=spot_depth, returned=int(ret > 0))
    if ret > 0 and k == yellow and 0 < out.takeaway_spot < 100:
        _interception_fumble(g, rec, out, name)
    return out


def _interception_fumble(g: FiveD20Game, rec: dict[str, Any], out: Outcome, name: str) -> None:
    """D20-53: the interceptor fumbles where his return ended. "reroll the yellow die only to
    get what team recovers as there will be no return on this one", with the roles swapped:
    the intercepting team's Off Fum Lost range, then the passing team's Def Fum Rec range
    (D20-51). If the passing team recovers, it has a new first down where the ball is."""
    off: Side = g.possession
    o, d = g.chart(off), g.chart(opponent_of(off))
    y = g.die("yellow")
    back = lost_fumble(y, d, o)
    g.reads.note("fumble recovered by " + g.teams[off if back else opponent_of(off)].name)
    rec["fumbled_2_player_name"] = name
    rec["fumble_recovery_2_team"] = g.teams[off if back else opponent_of(off)].name
    if back:
        out.turnover = False
        out.regained_spot = 100 - out.takeaway_spot


def _fumble(g: FiveD20Game, rec: dict[str, Any], out: Outcome, carrier: Player, yellow: int,
            alignment: str, *, returnable: bool, fumbled: bool = False) -> None:
    """D20-50..53: the fumble test, who recovers, and the return. `fumbled`: the ball is
    already loose (a snap fumble, D20-23), so only the recovery is read."""
    off = g.possession
    o, d = g.chart(off), g.chart(opponent_of(off))
    if not fumbled and yellow > carrier.fumble + d.fum_adjust:          # D20-50
        return
    rec["fumble"] = 1
    rec["fumbled_1_player_name"] = carrier.name
    if not lost_fumble(yellow, o, d):                                   # D20-51
        rec["fumble_recovery_1_team"] = g.teams[off].name
        return
    rec["fumble_lost"] = 1
    r = g.roll5()                                                       # D20-52
    recoverer = d.run_defenders[down(d.who_run[alignment], r.red)].name
    g.read(r, "red", f"recovered by {recoverer}")
    rec["fumble_recovery_1_player_name"] = recoverer
    rec["fumble_recovery_1_team"] = g.teams[opponent_of(off)].name
    spot = 100 - (g.yardline - out.yards)           # the defense's view of the fumble's spot
    ret = 0
    if returnable:
        ret, back = fumble_return(g, r, off)
        if back:
            rec["fumble_lost"] = 0
            rec["fumble_recovery_1_team"] = g.teams[off].name
            out.yards = _capped(g, g.yardline - (100 - (spot - ret)))
            return
    out.turnover = True
    out.takeaway_spot = spot - ret
    rec["return_yards"] = ret


def _finish_play(g: FiveD20Game, rec: dict[str, Any], out: Outcome, two_point: bool,
                 penalty: bool = False, extra: int = 0, auto_first: bool = False) -> None:
    """Move the ball, charge the clock (D20-43), and log the play."""
    off = g.possession
    down_ = g.down
    if two_point:
        made = not out.turnover and out.yards >= g.yardline
        rec["two_point_conv_result"] = "success" if made else "failure"
        if made:
            g.score[off] += 2
        g.after_score()
        g.finish(rec, 0)
        return
    if out.turnover:
        g._conversion(rec, down_, False)
        g.take_over(opponent_of(off), out.takeaway_spot, rec)
    elif out.regained_spot:
        g._conversion(rec, down_, False)
        g.first_down_at(off, out.regained_spot)          # D20-53: a new series
    else:
        g.gain(rec, out.yards + extra, kind=out.kind, auto_first=auto_first)
    change = g.possession is not off or g.next != "scrimmage" or out.kind == "interception"
    seconds = timing.play_seconds(out.kind, out.oob, penalty=penalty, change=change,
                                  score=bool(rec["touchdown"] or rec["safety"]))
    seconds = replay.tempo(g, g.chart(off), seconds)                   # house rule
    g.finish(rec, seconds)


def _enforce(g: FiveD20Game, rec: dict[str, Any], out: Outcome, foul: penalties.Foul | str) -> None:
    """D20-48 and AMB-D20-9: offsetting fouls replay the down; otherwise the team that did not
    foul accepts or declines, seeing the play's result."""
    if foul == penalties.OFFSETTING:
        rec.update(penalty=1, penalty_type="offsetting", play_type="no_play", rush_attempt=0,
                   pass_attempt=0, complete_pass=0, incomplete_pass=0, sack=0, interception=0,
                   fumble=0, fumble_lost=0, qb_scramble=0, yards_gained=0)
        rec["desc"] += "; offsetting penalties, replay the down"
        g.finish(rec, timing.STOPPED)
        return
    assert isinstance(foul, penalties.Foul)
    chooser = opponent_of(foul.against)
    answer = g.ask(K_PENALTY, chooser, ("accept", "decline"),
                         f"Flag: {foul.name} on {g.teams[foul.against].name}, {foul.yards} yards. "
                         "Accept it?",
                         penalties.info(foul, play_yards=out.yards, turnover=out.turnover,
                                        offense_fouled=foul.offense,
                                        touchdown=out.yards >= g.yardline and not out.turnover))
    if answer == "decline":
        rec["desc"] += "; " + penalties.declined(g, foul)
        _finish_play(g, rec, out, False)
        return
    if ("a" in foul.code and not out.turnover and not out.regained_spot
            and g.yardline - out.yards > 0):
        # (a): keep the play, count the yards off after it.
        end = g.yardline - out.yards
        if foul.offense:
            yards = penalties.half_distance(foul.yards, 100 - end)
            extra = -yards
        else:
            yards = penalties.half_distance(foul.yards, end)
            extra = yards
        penalties.mark(rec, g, foul, yards)
        rec["desc"] += "; " + penalties.text(g, foul, yards, end, end - extra, _after_play(
            foul, "after the play"))
        _finish_play(g, rec, out, False, penalty=True, extra=extra,
                     auto_first=not foul.offense and "f" in foul.code)
        return
    # The play does not count: the foul is enforced from the previous spot.
    rec.update(play_type="no_play", rush_attempt=0, pass_attempt=0, complete_pass=0,
               incomplete_pass=0, sack=0, interception=0, fumble=0, fumble_lost=0,
               qb_scramble=0, yards_gained=0, return_yards=0, returned=0,
               interception_player_name=None, sack_player_name=None)
    if foul.offense:
        yards = penalties.half_distance(foul.yards, 100 - g.yardline)
        penalties.mark(rec, g, foul, yards)
        rec["desc"] += "; no play: " + penalties.text(
            g, foul, yards, g.yardline, g.yardline + yards,
            "loss of down" if "d" in foul.code else "")
        if "d" in foul.code:
            rec["play_type"] = "pass"
            rec["pass_attempt"] = 1
            rec["incomplete_pass"] = 1
            g.gain(rec, -yards, kind="penalty")       # (d): the down counts
        else:
            g.yardline += yards
            g.ydstogo += yards
    else:
        yards = penalties.half_distance(foul.yards, g.yardline)
        penalties.mark(rec, g, foul, yards)
        auto = "f" in foul.code or yards >= g.ydstogo
        rec["desc"] += "; no play: " + penalties.text(
            g, foul, yards, g.yardline, g.yardline - yards,
            "automatic first down" if "f" in foul.code else "first down" if auto else "")
        if auto:
            g.gain(rec, yards, kind="penalty", auto_first=True)
        else:
            g.yardline -= yards
            g.ydstogo -= yards
    g.finish(rec, timing.STOPPED)


def _snap_penalty(g: FiveD20Game, rec: dict[str, Any], foul: penalties.Foul | str,
                  two_point: bool = False) -> bool:
    """D20-24, D20-44: a foul before the snap; a timeout may override delay of game and 12 men.
    Returns True when the play is over (the foul stands), False when it goes on. On a
    two-point try an accepted foul moves the spot and the try is made again (`kicking.try_penalty`)."""
    if two_point:
        rec["two_point_attempt"] = 0
    if foul == penalties.OFFSETTING:
        rec.update(play_type="no_play", penalty=1, penalty_type="offsetting",
                   desc="Offsetting penalties before the snap, replay the down")
        g.finish(rec, timing.SNAP_PENALTY)
        return True
    assert isinstance(foul, penalties.Foul)
    team = g.teams[foul.against]
    if foul.penalty.timeout and team.timeouts > 0:
        answer = g.ask(K_TIMEOUT, foul.against, ("none", "timeout"),
                             f"{foul.name}: spend a timeout to wipe it out?", penalties.info(foul))
        if answer == "timeout":
            team.timeouts -= 1
            rec.update(play_type="no_play", timeout=1, timeout_team=team.name,
                       timeouts_left=team.timeouts,
                       desc=f"Timeout {team.name} ({team.timeouts} left): no {foul.name}")
            g.finish(rec, timing.SNAP_PENALTY)
            return True
    answer = g.ask(K_PENALTY, opponent_of(foul.against), ("accept", "decline"),
                         f"{foul.name} on {team.name} before the snap", penalties.info(foul))
    if answer == "decline":
        if two_point:
            rec["two_point_attempt"] = 1
        rec["desc"] = penalties.declined(g, foul) + " (before the snap)"
        return False
    rec["play_type"] = "no_play"
    rec["rusher_player_name"] = rec["receiver_player_name"] = rec["passer_player_name"] = None
    start = g.yardline
    if two_point:
        yards = penalties.move_try(g, foul)
        penalties.mark(rec, g, foul, yards)
        end = start + yards if foul.offense else start - yards
        rec["desc"] = penalties.text(g, foul, yards, start, end,
                                     "before the snap, the try is made again")
        g.finish(rec, timing.SNAP_PENALTY)
        return True
    first = False
    if foul.offense:
        yards = penalties.half_distance(foul.yards, 100 - g.yardline)
        g.yardline += yards
        g.ydstogo += yards
    else:
        yards = penalties.half_distance(foul.yards, g.yardline)
        if yards >= g.ydstogo:
            first = True
            g.gain(rec, yards, kind="penalty", auto_first=True)
        else:
            g.yardline -= yards
            g.ydstogo -= yards
    penalties.mark(rec, g, foul, yards)
    end = start + yards if foul.offense else start - yards
    rec["desc"] = penalties.text(g, foul, yards, start, end,
                                 "before the snap" + (", first down" if first else ""))
    g.finish(rec, timing.SNAP_PENALTY)
    return True


def _after_play(foul: penalties.Foul, where: str) -> str:
    return where + (", automatic first down" if not foul.offense and "f" in foul.code else "")


def _enforce_try(g: FiveD20Game, rec: dict[str, Any], out: Outcome, foul: penalties.Foul | str) -> None:
    """D20-41 on a two-point try: the penalty check of the play, enforced as on an extra
    point (`kicking.try_penalty`: again from the new spot, or the try stands or fails)."""
    made = not out.turnover and out.yards >= g.yardline
    after = kicking.try_penalty(g, rec, foul, made, play_yards=out.yards,
                                           turnover=out.turnover)
    if after == kicking.AGAIN:
        return
    if after == kicking.FAILS:
        out = Outcome("incomplete")
    _finish_play(g, rec, out, True)
