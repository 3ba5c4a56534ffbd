"""A play from scrimmage, in the book's order (FNL-25..58).

1. The offense chooses its snap (a play card, punt, field goal, kneel or spike), then both
   coaches choose cards; the defense never sees the offense's card first (FNL-25).
2. The dice: d24 and d20 for the offense, d12 for the defense (FNL-26); play numbers are
   resolved and crossed off (FNL-27..30).
3. The penalty roll (FNL-31): audibles, a penalty, out of bounds, a SPECIAL. A timeout may
   be called before the results are read (FNL-7 {L}).
4. The results (FNL-38..51), coaching points, the penalty decision, out of bounds (FNL-55),
   moving the ball (FNL-52, FNL-96, FNL-97), the clock (FNL-54) and momentum (FNL-80..87).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from scrimmage.core.decisions import K_AUDIBLE, K_COACHING_POINTS, K_OUT_OF_BOUNDS, K_PLAY_CALL, K_SNAP
from scrimmage.core.field import Side
from scrimmage.core.sides import opponent_of
from scrimmage.rules.legends import kicking
from scrimmage.rules.legends.bigplays import Outcome, resolve
from scrimmage.rules.legends.cards import (
    CELL_TEXTS,
    DEF_INDEX,
    DEF_SETS,
    LABELS,
    OFF_INDEX,
    OFF_SETS,
    cell_words,
)
from scrimmage.rules.legends.charts import Penalty, yards_of
from scrimmage.rules.legends.checkoff import Checkoff
from scrimmage.rules.legends.clock_choices import (
    play_speed,
    play_speed_penalties,
    timeout_after_play,
    timeout_window,
)
from scrimmage.rules.legends.penalties import (
    Foul,
    decide_penalty,
    enforce,
    foul_side,
    foul_text,
    roll_foul,
    time_against_result,
)
from scrimmage.rules.legends.sheets import RED_ZONE_REACH, red_zone_edge, red_zone_number
from scrimmage.rules.legends.snap_words import describe, gain_text, penalty_roll_text

if TYPE_CHECKING:
    from scrimmage.rules.legends.game import LegendsGame


_OFFENSE_CALL: Final[dict[str, Any]] = {"side": "offense"}
_DEFENSE_CALL: Final[dict[str, Any]] = {"side": "defense"}
"""The `info` of the usual play calls, made once (read-only: a coach only looks)."""

OFF_DIE: Final = 24
PENALTY_DIE: Final = 20
DEF_DIE: Final = 12
"""FNL-26: the offense rolls a d24 (its play number) and the d20 (the penalty roll), the
defense a d12 (its play number)."""

SNAP_OPTIONS: Final = ("play", "punt", "field_goal", "kneel", "spike")
SNAP_OT: Final = ("play", "field_goal", "kneel", "spike")   # an overtime series is not given up by punting


class Snap:
    """The calls, numbers and penalty-roll facts of one snap."""

    __slots__ = ("def_at", "def_row", "def_set", "foul", "off_at", "off_row", "off_set", "oob",
                 "penalty_roll", "run", "special", "timeout")

    def __init__(self) -> None:
        self.off_set = 0
        self.def_set = 0
        self.off_row = 0
        self.def_row = 0
        self.off_at = -1
        """Where in the dice log the roll that gave the offense's number is (`dice_read`)."""
        self.def_at = -1
        self.run = True
        self.penalty_roll = 0
        self.foul: Foul | None = None
        self.special: str | None = None
        self.oob = False
        self.timeout: Side | None = None


def down(g: LegendsGame) -> None:
    """One down from scrimmage, or the kick, kneel or spike the offense chooses instead."""
    s = g.s
    snap = g.ask(K_SNAP, s.possession, SNAP_OT if g.in_overtime else SNAP_OPTIONS,
                       "Your down: run a play, or kick, kneel or spike?")
    if s.teams[s.possession].speed_owed or s.teams[opponent_of(s.possession)].speed_owed:
        play_speed_penalties(g)       # FNL-13: on the first snap, whatever it is
    # FNL-86: a 3rd-down stop counts only when the offense kicks on 4th down.
    third_stop, s.pending_third_stop = s.pending_third_stop, None
    if snap != "play":
        mark = len(s.plays)
        if snap == "punt":
            kicking.punt(g, third_stop)
        elif snap == "field_goal":
            kicking.field_goal(g, third_stop)
        else:
            _kneel_or_spike(g, snap)
        timeout_after_play(g, mark)      # FNL-7: these plays have timeouts too
        return
    time_adjust = _coaching_point_time(g)
    time_adjust += play_speed(g)
    rec = g.new_record("run")
    snap_ = Snap()
    outcome = _call_roll_and_read(g, snap_, rec, two_point=False)
    _settle(g, snap_, outcome, rec, time_adjust)


def _coaching_point_time(g: LegendsGame) -> int:
    """FNL-74 item 1: the offense may make this play ten seconds faster or slower."""
    cost = g.rules.cp_costs.get("time")
    if cost is None or g.in_overtime:
        return 0
    s = g.s
    # Legends: offense only. Classic (FNL-75): either side, the offense first.
    sides = (s.possession,) if g.rules.cp_priority == "offense_first" else (
        s.possession, opponent_of(s.possession))
    for side in sides:
        t = s.teams[side]
        if (not t.cp.can_at(cost, s.clock.quarter)
                or g.fast.passes(K_COACHING_POINTS, "time", side, "none")):
            continue
        answer = g.ask(K_COACHING_POINTS, side, ("none", "faster", "slower"),
                       f"Spend {cost} coaching point to run this play 10 s faster or slower?"
                       if g.reads.on else "",
                             {"item": "time", "cost": cost})
        if answer != "none":
            payer, answer = _overrule(g, side, "time", cost, answer,
                                                 ("faster", "slower"))
            s.teams[payer].cp.spend(cost)
            return -g.timing("short") if answer == "faster" else g.timing("short")
    return 0


def _overrule(g: LegendsGame, side: Side, item: str, cost: int, choice: str,
              options: tuple[str, ...], info: dict[str, Any] | None = None
              ) -> tuple[Side, str]:
    """FNL-76 {C} (F0 L48): when the defense chooses to spend on the time or yard item, the
    offense may overrule it, spending its own points on its own choice instead; the
    defense's points are then not spent. Returns who pays and the choice that stands."""
    s = g.s
    off = s.teams[s.possession]
    if (g.rules.cp_priority != "offense_overrules" or side is s.possession
            or not off.cp.can_at(cost, s.clock.quarter)):
        return side, choice
    answer = g.ask(K_COACHING_POINTS, off.side, ("none", *options),
                         f"{s.teams[side].name} spends {cost} coaching points ({choice}). "
                         f"Overrule them and spend your own {cost} instead?",
                         {"item": "overrule", "overrules": item, "cost": cost,
                          "their_choice": choice, **(info or {})})
    if answer == "none":
        return side, choice
    return off.side, answer


def call_options(checkoff: Checkoff, sets: tuple[str, ...], late_down: bool, mode: str,
                 free: bool) -> tuple[tuple[str, ...], dict[str, str] | None]:
    """Legal play cards: FNL-28 (exhausted sets), FNL-50 (3rd/4th down), FNL-61 (tries)."""
    if free or mode == "lowest" or late_down or 0 not in checkoff.available:
        return sets, None                # the common case: every card may be called
    legal: list[str] = []
    refused: dict[str, str] = {}
    for i, name in enumerate(sets):
        if free or not checkoff.exhausted(i) or mode == "lowest" or late_down:
            legal.append(name)
        else:
            refused[name] = (f"every {LABELS[name]} play has been used; a used-up card may be "
                             "called only on 3rd or 4th down")
    if not legal:
        # Nothing left at all: the classic fallback (AMB-FNL-10) keeps the game going.
        return sets, None
    return tuple(legal), refused


def _number(checkoff: Checkoff, i: int, roll: int, free: bool) -> int:
    """FNL-27/30: the rolled number's row, crossed off; tries (FNL-61) and exhausted sets
    (AMB-FNL-10: row 1) cross nothing off (`Checkoff.take`, which the snap calls itself)."""
    return checkoff.take(i, roll, free)


def _offense_call_info(pct: float) -> dict[str, Any]:
    """The `info` of an offense's play call with a built sheet's run-call share (replay
    ratings), made once for each share (read-only, like every `info`)."""
    info = _RUN_MIX.get(pct)
    if info is None:
        info = _RUN_MIX[pct] = {"side": "offense", "run_call_pct": pct}
    return info


_RUN_MIX: Final[dict[float, dict[str, Any]]] = {}

_BEFORE_READ: Final[tuple[tuple[dict[str, Any], ...], ...]] = tuple(
    tuple({"off_call": off, "def_call": dfn} for dfn in DEF_SETS) for off in OFF_SETS)
"""FNL-7 {L}: what a timeout before the results are read is shown, one `info` for each pair
of cards (made once; read-only)."""


def _call_roll_and_read(g: LegendsGame, p: Snap, rec: dict[str, Any],
                        two_point: bool) -> Outcome:
    s = g.s
    rules = g.rules
    # `s.offense` and `s.defense` are properties: this runs every snap.
    off, dfn = s.teams[s.possession], s.teams[opponent_of(s.possession)]
    off_checkoff, def_checkoff = off.off_checkoff, dfn.def_checkoff
    late = s.down >= 3
    # Step 1 (FNL-25): the offense's card, then the defense's, each unseen by the other.
    opts, refused = call_options(off_checkoff, OFF_SETS, late, rules.exhausted, two_point)
    call_info = _OFFENSE_CALL
    if rules.replay_ratings:
        pct = off.team.header.run_call_pct
        if pct is not None:
            call_info = _offense_call_info(pct)       # for computer coaches
    if two_point:
        call_info = {**call_info, "two_point": True}
    off_call = g.ask(K_PLAY_CALL, off.side, opts, "Call your offensive play",
                           call_info, refused)
    off_set = OFF_INDEX[off_call]
    run = off_set < 3
    info = _DEFENSE_CALL
    if two_point:
        info = {"side": "defense", "two_point": True}
    elif off_checkoff.available[off_set] == 0:
        # FNL-50: calling an exhausted set, the offense must say run or pass.
        info = {"side": "defense", "offense_category": "run" if run else "pass"}
    opts, refused = call_options(def_checkoff, DEF_SETS, late, rules.exhausted, two_point)
    def_call = g.ask(K_PLAY_CALL, dfn.side, opts, "Call your defense", info, refused)
    def_set = DEF_INDEX[def_call]
    # Step 2 (FNL-26): d24 and d20 for the offense, d12 for the defense; FNL-27/30: each
    # number is resolved on the checkoff and crossed off.
    d24, d20, d12 = g.roll(OFF_DIE), g.roll(PENALTY_DIE), g.roll(DEF_DIE)
    reads = g.reads
    narrate = reads.on
    if narrate:
        p.off_at, p.def_at = reads.last() - 2, reads.last()
    p.off_set = off_set
    p.def_set = def_set
    p.run = run
    p.off_row = off_checkoff.take(off_set, d24, two_point)
    p.def_row = def_checkoff.take(def_set, d12, two_point)
    p.penalty_roll = d20
    # Step 3 (FNL-31): the penalty roll.
    fouler = foul_side(g, d20)
    if narrate:
        reads.note_at(p.off_at + 1, penalty_roll_text(d20, fouler))
    if (d20 == 19 or d20 == 2) and fouler is None:
        _audible(g, p, offense=d20 == 19, two_point=two_point)        # FNL-32
        off_set, def_set, run = p.off_set, p.def_set, p.run
    if rules.pre_play_timeouts and not two_point:
        p.timeout = timeout_window(g, True, _BEFORE_READ[off_set][def_set])     # FNL-7 {L}
    if fouler is not None:
        p.foul = roll_foul(g, run, offense=fouler)
    elif d20 == 15:
        p.special = g.read_chart(g.x.special_scrimmage, "special play")
    elif 9 <= d20 <= 11:
        p.oob = True
    # Step 4 (FNL-38): each coach reads his own sheet.
    oc = off.team.offense[off_set][p.off_row - 1][def_set]
    dc = dfn.team.defense[def_set][p.def_row - 1][off_set]
    off_text = CELL_TEXTS.get(oc) or str(oc)            # `cell_text`, without two frames
    def_text = CELL_TEXTS.get(dc) or str(dc)
    if narrate:
        reads.note_at(p.off_at, f"{LABELS[OFF_SETS[off_set]]} #{p.off_row} -> "
                                f"{cell_words(off_text)}")
        reads.note_at(p.def_at, f"{LABELS[DEF_SETS[def_set]]} #{p.def_row} -> "
                                f"{cell_words(def_text)}")
    rec["off_call"] = OFF_SETS[off_set]
    rec["def_call"] = DEF_SETS[def_set]
    rec["off_play"] = p.off_row
    rec["def_play"] = p.def_row
    rec["off_cell"] = off_text
    rec["def_cell"] = def_text
    rec["penalty_roll"] = d20
    return resolve(g, oc, dc, p.special, run, s.sos_adj[off.side][0 if run else 1])


def _audible(g: LegendsGame, p: Snap, offense: bool,
             two_point: bool) -> None:
    """FNL-32 / AMB-FNL-29: the original number stays crossed off; the new card must have a
    play available, its number is rolled and resolved but not crossed off."""
    s = g.s
    t = s.offense if offense else s.defense
    checkoff = t.off_checkoff if offense else t.def_checkoff
    sets = OFF_SETS if offense else DEF_SETS
    legal = [n for i, n in enumerate(sets) if two_point or not checkoff.exhausted(i)]
    own = OFF_SETS[p.off_set] if offense else DEF_SETS[p.def_set]
    theirs = DEF_SETS[p.def_set] if offense else OFF_SETS[p.off_set]
    answer = g.ask(K_AUDIBLE, t.side, ("keep", *legal),
                         f"Audible! They called {LABELS[theirs]}: keep your {LABELS[own]} or "
                         "change it?",
                         {"side": "offense" if offense else "defense", "own_call": own,
                          "their_call": theirs})
    if answer == "keep":
        return
    i = sets.index(answer)
    roll = g.roll(24 if offense else 12)
    number = checkoff.free_roll(i, roll) if two_point else checkoff.resolve(i, roll)
    if offense:
        g.reads.note_at(p.off_at, f"{LABELS[OFF_SETS[p.off_set]]} #{p.off_row}, changed by an "
                                  "audible")
        p.off_set, p.off_row, p.run = i, number, i < 3
        p.off_at = g.reads.last()
    else:
        g.reads.note_at(p.def_at, f"{LABELS[DEF_SETS[p.def_set]]} #{p.def_row}, changed by an "
                                  "audible")
        p.def_set, p.def_row = i, number
        p.def_at = g.reads.last()


def _plus_minus(g: LegendsGame, o: Outcome, side: Side, delta: int,
                what: str) -> dict[str, Any]:
    """Labels that say which of plus and minus helps this side, and what each would give
    (words for a person: none in batch simulation)."""
    if not g.reads.on:
        return {}
    helps_plus = side is g.s.possession
    return {"labels": {"plus": f"+{what}" + (" (helps you)" if helps_plus else ""),
                       "minus": f"-{what}" + ("" if helps_plus else " (helps you)")},
            "preview": {"none": gain_text(g, o, o.yards),
                        "plus": gain_text(g, o, o.yards + delta),
                        "minus": gain_text(g, o, o.yards - delta)}}


def _coaching_point_yard(g: LegendsGame, o: Outcome) -> str | None:
    """FNL-74 item 5 (FNL-75 {C}): ±1 yard once per play; the offense chooses first."""
    cost = g.rules.cp_costs.get("yard")
    if cost is None or not o.gains:
        return None
    s = g.s
    for side in (s.possession, opponent_of(s.possession)):
        t = s.teams[side]
        if not t.cp.can_at(cost, s.clock.quarter):
            continue
        answer = g.ask(K_COACHING_POINTS, side, ("none", "plus", "minus"),
                       f"Spend {cost} coaching points to add or take a yard? ({t.cp.left} left)"
                       if g.reads.on else "",
                             {"item": "yard", "cost": cost, "yards": o.yards,
                              **_plus_minus(g, o, side, 1, "1 yard")})
        if answer != "none":
            payer, answer = _overrule(g, side, "yard", cost, answer,
                                                 ("plus", "minus"), {"yards": o.yards})
            t = s.teams[payer]
            t.cp.spend(cost)
            o.yards += 1 if answer == "plus" else -1
            o.desc.append(f"{t.name} spends {cost} points: {'+1' if answer == 'plus' else '-1'} yard")
            if o.kind == "pass" and o.yards < 0:
                o.complete, o.incomplete = False, True   # FNL-78: never a sack
            elif o.kind == "run":
                o.tfl = o.yards < 0
            return payer
    return None


def _coaching_point_modifier(g: LegendsGame, o: Outcome) -> None:
    """FNL-74 (10 points, college and pro sheets, AMB-FNL-28): add or take the team's
    yardage modifier (run or pass) once per play, the offense first. On a pass it can only
    shorten a completion; below zero it is an incompletion, never a sack (FNL-78)."""
    cost = g.rules.cp_costs.get("yardage_modifier")
    if cost is None or not o.gains:
        return
    s = g.s
    for side in (s.possession, opponent_of(s.possession)):
        t = s.teams[side]
        h = t.team.header
        mod = h.yardage_modifier_run if o.kind == "run" else h.yardage_modifier_pass
        if mod <= 0 or not t.cp.can_at(cost, s.clock.quarter):
            continue
        answer = g.ask(K_COACHING_POINTS, side, ("none", "plus", "minus"),
                       f"Spend {cost} coaching points to add or take {mod} yards? "
                       f"({t.cp.left} left)" if g.reads.on else "",
                             {"item": "yardage_modifier", "cost": cost, "yards": o.yards,
                              "modifier": mod, **_plus_minus(g, o, side, mod, f"{mod} yards")})
        if answer != "none":
            t.cp.spend(cost)
            _shift(o, mod if answer == "plus" else -mod)
            o.desc.append(f"{t.name} spends {cost} points: {'+' if answer == 'plus' else '-'}"
                          f"{mod} yards")
            return


def _out_of_bounds(g: LegendsGame, o: Outcome, p: Snap) -> bool:
    """FNL-55 / AMB-FNL-31: out of bounds costs 5 yards (so does staying in after an OOB
    roll); the 2-point item flips it for free (FNL-74 item 2), the offense first."""
    s = g.s
    off = s.teams[s.possession]
    oob = p.oob
    flip_cost = g.rules.cp_costs.get("flip_oob")
    can_flip = flip_cost is not None and off.cp.can_at(flip_cost, s.clock.quarter)
    # The first option is always "leave it as it is".
    opts = (("out", "stay") if oob else ("stay", "out")) + (("flip",) if can_flip else ())
    if g.fast.passes(K_OUT_OF_BOUNDS, "offense", off.side, opts[0]):
        answer = opts[0]
    else:
        info: dict[str, Any] = {"out_of_bounds": oob, "yards": o.yards, "flip_cost": flip_cost}
        cost = g.rules.oob_yards           # FNL-55: negative, the yards a choice costs
        if g.reads.on:                     # words for a person: none in batch simulation
            info["preview"] = {
                "out": f"{o.yards if oob else o.yards + cost} yards, the clock stops",
                "stay": f"{o.yards + cost if oob else o.yards} yards, the clock runs",
                "flip": f"{o.yards} yards, the clock " + ("runs" if oob else "stops")
                        + f" ({flip_cost} coaching points)"}
        answer = g.ask(K_OUT_OF_BOUNDS, off.side, opts,
                             f"The runner went out of bounds after {o.yards} yards: stay out?"
                             if oob else
                             f"Run out of bounds after {o.yards} yards? (it costs {-cost} "
                             "yards)", info)
    if answer == "flip" and flip_cost is not None:
        off.cp.spend(flip_cost)
        return not oob
    if (answer == "out") != oob:
        _shift(o, g.rules.oob_yards)
        oob = answer == "out"
        return oob
    if flip_cost is not None and not g.in_overtime:
        d = s.teams[opponent_of(s.possession)]
        if d.cp.can_at(flip_cost, s.clock.quarter) and not g.fast.passes(
                K_OUT_OF_BOUNDS, "defense", d.side, "none"):
            answer = g.ask(K_OUT_OF_BOUNDS, d.side, ("none", "flip"),
                                 f"The runner is {'out of' if oob else 'in'} bounds: spend "
                                 f"{flip_cost} coaching points to put him "
                                 f"{'in' if oob else 'out of'} bounds?",
                                 {"out_of_bounds": oob, "flip_cost": flip_cost})
            if answer == "flip":
                d.cp.spend(flip_cost)
                return not oob
    return oob


def _shift(o: Outcome, delta: int) -> None:
    o.yards += delta
    if o.kind == "pass" and o.yards < 0:
        o.complete, o.incomplete = False, True      # FNL-78
    elif o.kind == "run":
        o.tfl = o.yards < 0


def _settle(g: LegendsGame, p: Snap, o: Outcome, rec: dict[str, Any],
            time_adjust: int) -> None:
    s = g.s
    off_side = s.possession
    start_down, start_y = s.down, s.yardline
    # Penalty: the side not penalised chooses (FNL-33); the offender may ignore it (FNL-74).
    accepted = carried = False
    if p.foul is not None:
        ending = _ending(g, o)
        time_against_result(g, p.foul, ending is not None)              # FNL-35
        carried = ending == "touchdown" and p.foul.when != "pre"        # FNL-36
        accepted = decide_penalty(g, p.foul, o, rec, on_kickoff=carried)
    # A foul before or during the play, accepted, wipes the play out, except one after the
    # snap of a touchdown play: the score stands and the foul waits for the kickoff.
    wiped = accepted and p.foul is not None and p.foul.when != "post" and not carried
    if not wiped:
        _coaching_point_yard(g, o)
        _coaching_point_modifier(g, o)
        _red_zone(g, o)
    oob = False
    scores = o.yards >= s.yardline          # AMB-FNL-31: no out-of-bounds choice on a score
    if o.gains and not scores and not wiped:
        oob = _out_of_bounds(g, o, p)
    elif p.oob:
        oob = True
    # An incomplete pass (FNL-78 makes a pass pushed behind the line one) has no runner to
    # go out of bounds: the clock stops all the same.
    oob = oob and not o.incomplete
    events: list[tuple[int, Side, str]] = []
    if wiped and p.foul is not None:
        rec["play_type"] = "no_play"             # enforced from the line of scrimmage
        enforce(g, p.foul, rec)
        first = s.down == 1 and s.possession is off_side and (
            start_down != 1 or s.yardline != start_y)
        # A loss of down on 4th down gives the ball away: in overtime that ends the series.
        result = "penalty" if s.possession is off_side else "downs"
    else:
        result = apply_outcome(g, o, rec, events)
        if accepted and p.foul is not None:
            if result == "touchdown" or (result in ("safety", "defensive_td")
                                         and p.foul.when == "post"):
                kicking.assess_on_kickoff(g, p.foul)   # FNL-36
                kicking.record_kick_foul(rec, g, p.foul)
            else:
                enforce(g, p.foul, rec, new_series=s.possession is not off_side)
        first = result == "first_down"
    # Down-conversion bookkeeping and the momentum of the down (FNL-86).
    scored = result in ("touchdown",)
    converted = first or scored
    if start_down == 3 and result != "penalty":
        rec["third_down_converted" if converted else "third_down_failed"] = 1
        if converted:
            events.append((g.rules.momentum_points["third_down_conversion"], off_side, "3rd"))
    if start_down == 4 and result != "penalty":
        rec["fourth_down_converted" if converted else "fourth_down_failed"] = 1
        if converted:
            events.append((g.rules.momentum_points["fourth_down_conversion"], off_side, "4th"))
        elif result == "downs":
            events.append((g.rules.momentum_points["fourth_down_stop"], opponent_of(off_side), "4th"))
    if start_down == 3 and result == "stopped" and s.possession is off_side:
        s.pending_third_stop = opponent_of(off_side)
    if result == "penalty" and first:
        rec["first_down"] = rec["first_down_penalty"] = 1
    # The clock (FNL-54).
    seconds = _play_seconds(g, o, result, p, oob, accepted)
    if g.reads.on:                  # words: batch simulation does not narrate (`finish`)
        rec["desc"] = describe(g, rec, o, result, oob, p.foul)
    after = None
    timeout_seconds = g.rules.timing["timeout"]
    if p.timeout is None and not g.in_overtime:
        # The coaches see the play's result, and what a timeout would save, first.
        saves = seconds - timeout_seconds
        after = timeout_window(g, before=False, info={
            "saves": saves if saves > 0 else 0, "result": rec["desc"]})
    if p.timeout is not None or after is not None:
        seconds = timeout_seconds
        caller = s.teams[p.timeout or after or off_side]
        rec.update(timeout=1, timeout_team=caller.name, timeouts_left=caller.timeouts)
    seconds = seconds + time_adjust
    if events:                      # most downs move no meter (FNL-80)
        g.propose_moves(events)
    g.finish(rec, seconds if seconds > 0 else 0)
    if after is not None:
        s.momentum.reset()          # FNL-84, after this play's own move
        rec["momentum"] = s.momentum.value
    if g.in_overtime and result == "defensive_td" and g.rules.overtime == "college":
        s.over = True               # NCAA overtime: a defensive touchdown wins the game
    elif g.in_overtime and result in ("defensive_td", "turnover", "downs", "safety"):
        g.end_ot_series()


def _ending(g: LegendsGame, o: Outcome) -> str | None:
    """What the play's result comes to, for a foul on it (FNL-35, FNL-36): "touchdown" (an
    offensive score), "turnover" (a defensive touchdown is one too), "safety", or None."""
    y = g.s.yardline
    if o.turnover:
        return "turnover"
    if o.incomplete:
        return None
    if o.td or o.yards >= y:
        return "touchdown"
    return "safety" if y - o.yards >= 100 else None


def _red_zone(g: LegendsGame, o: Outcome) -> None:
    """Replay ratings, house rule (docs/design-notes.md, "Replay ratings"): in the red zone
    the two teams' red-zone number, on a d100, may take a run or catch that stops short of
    the goal line all the way (positive), or on 3rd and 4th down stop one that reaches the
    line to gain a yard short of it (negative). A number beyond 100 always acts and its zone
    starts further out than the 20."""
    s = g.s
    if not g.rules.replay_ratings or s.yardline > RED_ZONE_REACH or not o.gains:
        return
    n = red_zone_number(s.offense.team.header, s.teams[opponent_of(s.possession)].team.header)
    if s.yardline > red_zone_edge(n):
        return
    to_gain = min(s.ydstogo, s.yardline)
    if n > 0 and o.yards < s.yardline:
        if g.roll(100) <= n:
            o.yards = s.yardline
            o.desc.append("Red-zone rating: all the way")
        if g.reads.on:
            g.note(f"red-zone rating {n}")
    elif n < 0 and s.down >= 3 and o.yards >= to_gain:
        if g.roll(100) <= -n:
            o.yards = to_gain - 1
            o.desc.append("Red-zone rating: stopped a yard short")
        if g.reads.on:
            g.note(f"red-zone rating {n}")


def apply_outcome(g: LegendsGame, o: Outcome, rec: dict[str, Any],
                  events: list[tuple[int, Side, str]]) -> str:
    """Move the ball (FNL-52, FNL-96, FNL-97). Returns what the play came to."""
    s = g.s
    mp = g.rules.momentum_points
    off = s.possession
    y = s.yardline
    rec["rush_attempt" if o.kind == "run" else "pass_attempt"] = 1
    rec["play_type"] = o.kind               # a scramble is a run; a sack is a pass play
    rec["qb_scramble"] = int(o.scramble)
    rec["big_play"] = o.big_play
    if o.big_play in ("off", "off+off") and not o.turnover:
        events.append((mp["big_play_off"], off, "bp_off"))
    if o.sack or (o.tfl and o.loss_bp):
        # FNL-80: every sack moves the meter; FNL-87: a TFL only if a Big Play (DEF) made it.
        events.append((mp["loss"], opponent_of(off), "loss"))
    if o.fumble:
        rec["fumble"] = 1
    if o.turnover:
        rec["fumble_lost"] = int(o.turnover == "fumble")
        rec["interception"] = int(o.turnover == "interception")
        if o.kind == "pass" and o.turnover == "fumble" and o.sack:
            rec["sack"] = 1
        if o.complete:
            rec["complete_pass"] = 1
        rec["yards_gained"] = 0 if o.turnover == "interception" else o.yards
        events.append((mp["turnover"], opponent_of(off), "turnover"))
        spot = y - o.yards
        new = 100 - spot
        if g.in_overtime and g.rules.overtime == "alternate":
            # NFHS overtime: a change of possession ends the series; no return. (College
            # overtime lets the defense return it, and a defensive score ends the game.)
            s.change_possession(min(99, max(1, new)))
            return "turnover"
        new -= o.return_yards
        if o.return_td or new <= 0:
            s.possession = opponent_of(off)
            events.append((mp["defense_score"], opponent_of(off), "def_score"))
            rec["return_touchdown"] = 1
            g.touchdown(opponent_of(off), rec)
            return "defensive_td"
        if new >= 100:
            new = 100 - g.rules.touchback_spot
            rec["touchback"] = 1
        s.change_possession(new)
        return "turnover"
    if o.incomplete:
        rec["incomplete_pass"] = 1
        return _next_down(g, 0, rec)
    gain = y if o.td else o.yards
    new = y - gain
    if o.kind == "pass":
        if o.sack:
            rec["sack"] = 1
        else:
            rec["complete_pass"] = 1
    rec["tackled_for_loss"] = int(o.tfl and o.kind == "run")
    if new <= 0:
        gain = y
        rec["yards_gained"] = gain
        rec["rush_touchdown" if o.kind == "run" else "pass_touchdown"] = 1
        events.append((mp["touchdown"], off, "td"))
        if gain >= s.ydstogo:
            _mark_first(rec, o)
        g.touchdown(off, rec)
        return "touchdown"
    rec["yards_gained"] = gain
    if new >= 100:
        # FNL-97: tackled in his own end zone.
        g.safety(off, rec)
        return "safety"
    return _next_down(g, gain, rec, o)


def _mark_first(rec: dict[str, Any], o: Outcome) -> None:
    rec["first_down"] = 1
    rec["first_down_rush" if o.kind == "run" else "first_down_pass"] = 1


def _next_down(g: LegendsGame, gain: int, rec: dict[str, Any],
               o: Outcome | None = None) -> str:
    s = g.s
    s.yardline -= gain
    if gain >= s.ydstogo:
        if o is not None:
            _mark_first(rec, o)
        s.first_down_at(s.yardline)
        return "first_down"
    s.ydstogo -= gain
    s.down += 1
    if s.down > 4:
        # FNL-96: turnover on downs at the spot.
        s.change_possession(100 - s.yardline)
        return "downs"
    return "stopped"


def _play_seconds(g: LegendsGame, o: Outcome, result: str, p: Snap, oob: bool,
                  accepted: bool) -> int:
    """The X-1 timing chart (FNL-54, AMB-FNL-13)."""
    t = g.rules.timing
    if g.in_overtime:
        return 0
    if result in ("touchdown", "defensive_td", "safety", "downs") or o.turnover:
        return t["short"]          # a turnover on downs is a turnover (FNL-54: 10 s)
    if p.foul is not None:
        return t["penalty"]
    if oob or o.incomplete:
        return t["short"]
    if o.sack:
        return t["sack"]
    if o.fumble:
        return t["fumble_kept"]
    if result == "first_down":
        return t["first_down"]
    return t["play"]


def _kneel_or_spike(g: LegendsGame, kind: str) -> None:
    """FNL-57 (kneel: 2-yard loss, clock runs: 30 s) and FNL-56 (spike: an incompletion,
    10 s). Neither uses a card or a penalty roll."""
    s = g.s
    off = s.possession
    rec = g.new_record("qb_kneel" if kind == "kneel" else "qb_spike")
    start_down = s.down
    if kind == "kneel":
        rec.update(rush_attempt=1, qb_kneel=1)
        gain = g.rules.kneel_yards
        if s.yardline - gain >= 100:
            rec["yards_gained"] = gain
            g.safety(off, rec)
            rec["desc"] = f"{s.teams[off].name} kneels in the end zone: safety"
            g.finish(rec, 0 if g.in_overtime else g.timing("short"))
            if g.in_overtime:
                g.end_ot_series()
            return
        rec["yards_gained"] = gain
        result = _next_down(g, gain, rec)
        seconds = g.timing("play")
        rec["desc"] = f"{s.teams[off].name} takes a knee, {gain} yards"
    else:
        rec.update(pass_attempt=1, qb_spike=1, incomplete_pass=1)
        result = _next_down(g, 0, rec)
        seconds = g.timing("short")
        rec["desc"] = f"{s.teams[off].name} spikes the ball"
    if start_down == 3:
        rec["third_down_failed"] = 1
    if start_down == 4:
        rec["fourth_down_failed"] = 1
    if result == "downs":
        rec["desc"] += ": turnover on downs"
    g.finish(rec, 0 if g.in_overtime else seconds)
    if g.in_overtime and result == "downs":
        g.end_ot_series()


def two_point_play(g: LegendsGame, rec: dict[str, Any],
                   fouls: list[str] | None = None) -> bool:
    """FNL-61 / AMB-FNL-34: a play from the 3, numbers not crossed off, the penalty roll
    applies; an accepted penalty moves the ball and the try is run again. Each foul is told
    in `fouls` (for the try's description)."""
    s = g.s
    told = [] if fouls is None else fouls
    while True:
        p = Snap()
        o = _call_roll_and_read(g, p, rec, two_point=True)
        accepted = carried = False
        if p.foul is not None:
            ending = _ending(g, o)
            time_against_result(g, p.foul, ending is not None)          # FNL-35
            # FNL-36: the try scores; a foul after the snap waits for the kickoff.
            stands = ending == "touchdown" and p.foul.when != "pre"
            carried = stands or p.foul.when == "post"
            accepted = decide_penalty(g, p.foul, o, rec, on_kickoff=stands)
        if accepted and p.foul is not None and carried:
            # FNL-36: a foul after the snap of a scoring play is assessed on the kickoff.
            kicking.assess_on_kickoff(g, p.foul)
            kicking.record_kick_foul(rec, g, p.foul)
            told.append(foul_text(g, p.foul, "on the kickoff"))
        elif accepted and p.foul is not None:
            enforce(g, p.foul, rec, try_=True)
            told.append(foul_text(g, p.foul, "the try is run again"))
            g.mark_rolls()
            continue
        elif p.foul is not None:
            told.append(foul_text(g, p.foul))
        if o.turnover or o.incomplete:
            return False
        gain = s.yardline if o.td else o.yards
        if gain >= s.yardline:
            rec["rush_attempt" if o.kind == "run" else "pass_attempt"] = 1
            return True
        return False


__all__ = ["Penalty", "apply_outcome", "down", "timeout_window", "two_point_play", "yards_of"]
