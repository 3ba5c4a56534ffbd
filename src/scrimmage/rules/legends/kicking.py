"""The kicking game: kickoffs and onside kicks (FNL-14..24), field goals (FNL-62..64), punts
(FNL-65..72) and blocked kicks (FNL-73). The try after a touchdown is in `tries`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from scrimmage.core.decisions import (
    K_COACHING_POINTS,
    K_KICK_RETURN,
    K_KICKOFF,
    K_PUNT_FIELD,
    K_PUNT_STYLE,
)
from scrimmage.core.field import Side
from scrimmage.core.sides import HOME, opponent_of
from scrimmage.rules.legends.charts import TD, KickoffSpecial, Penalty, Roll, chart_text
from scrimmage.rules.legends.penalties import (
    Foul,
    decide_penalty,
    enforce,
    foul_text,
    roll_foul,
    time_against_result,
)
from scrimmage.rules.legends.phases import SCRIMMAGE, TRY
from scrimmage.rules.narration import FREE_KICK, KICKOFF, penalty_text

if TYPE_CHECKING:
    from scrimmage.rules.legends.game import LegendsGame

ROUGHING: Final = Penalty("Roughing the kicker", 15, first_down=True)
T = TypeVar("T")


def kick_roll(g: LegendsGame, kicking: Side, what: str,
              cell: Callable[[int], str] | None = None) -> int:
    """A d20 on a kicking play. FNL-74 item 4 (FNL-75 {C}: 2 points): a coach may add or
    take 1 from the roll; the kicking team (the offense) is asked first. `cell` names what
    the chart says for a roll, so a coach deciding sees what each choice would read."""
    roll = g.roll(20)
    at = -1
    if g.reads.on:
        g.note(what)
        at = g.reads.last()
    cost = g.rules.cp_costs.get("kick_roll")
    if cost is None:
        return roll
    s = g.s
    for side in (kicking, opponent_of(kicking)):
        t = s.teams[side]
        if (not t.cp.can_at(cost, s.clock.quarter)
                or g.fast.passes(K_COACHING_POINTS, "kick_roll", side, "none")):
            continue
        info: dict[str, Any] = {"item": "kick_roll", "cost": cost, "roll": roll, "what": what}
        if g.reads.on:                  # words for a person: none in batch simulation
            up, down = min(20, roll + 1), max(1, roll - 1)
            info["labels"] = {"plus": f"+1 (make it {up})", "minus": f"-1 (make it {down})"}
            if cell is not None:
                info["preview"] = {"none": f"{roll}: {cell(roll)}", "plus": f"{up}: {cell(up)}",
                                   "minus": f"{down}: {cell(down)}"}
        answer = g.ask(K_COACHING_POINTS, side, ("none", "plus", "minus"),
                             f"{what}: rolled {roll}. Spend {cost} coaching points to change "
                             f"it by 1? ({t.cp.left} left)", info)
        if answer != "none":
            t.cp.spend(cost)
            new = max(1, min(20, roll + (1 if answer == "plus" else -1)))
            g.reads.note_at(at, f"{what}, changed to {new} with coaching points ({t.name})")
            return new
    return roll


def kick_chart(g: LegendsGame, kicking: Side, chart: Sequence[T],
               label: str) -> T:
    """A d20 read on a kicking chart (specials, punt bounce, fair catch, blocked-kick
    recovery): a kicking roll like any other, so open to FNL-74 item 4's ±1."""
    roll = kick_roll(g, kicking, label, lambda r: chart_text(chart[r]))
    value = chart[roll]
    g.reads.add(chart_text(value), g.reads.last())
    return value


def assess_on_kickoff(g: LegendsGame, foul: Foul) -> None:
    """FNL-36: a foul after the snap of a scoring play is marked off on the kickoff, against
    the team that fouled, whichever team kicks."""
    s = g.s
    s.kickoff_shift_home += -foul.yards if foul.against is HOME else foul.yards


def kickoff_shift_for(g: LegendsGame, receiver: Side) -> int:
    """The yards fouls carried to this kickoff (FNL-36) give the receiving team."""
    shift = g.s.kickoff_shift_home
    return shift if receiver is HOME else -shift


def record_kick_foul(rec: dict[str, Any], g: LegendsGame, foul: Foul) -> None:
    """The columns of a foul marked off on the next kickoff (FNL-36)."""
    rec.update(penalty=1, penalty_team=g.s.teams[foul.against].name,
               penalty_yards=foul.yards, penalty_type=f"{foul.name} (on the kickoff)",
               penalty_on_kickoff=1)


# -- kickoffs ---------------------------------------------------------------------------

def kickoff(g: LegendsGame, kicker: Side, after_safety: bool) -> None:
    """FNL-14..24: a kickoff (or, after a safety, a free kick) by `kicker`."""
    s = g.s
    r = g.rules
    recv = opponent_of(kicker)
    shift = kickoff_shift_for(g, recv)      # FNL-36 fouls, in the receiving team's favour
    s.kickoff_shift_home = 0
    bonus = r.safety_kick_bonus if after_safety else 0
    moves: list[int] = []            # FNL-22 and fouls before the kick: the spot moves
    s.pending_third_stop = None
    while True:
        choice = g.ask(K_KICKOFF, kicker, ("regular", "onside"),
                             "Your free kick after the safety: regular or onside?"
                             if after_safety else "You kick off: regular or onside?")
        # The kick's spot seen from the receiving team: the kicking team's own yard line.
        base = (r.onside_spot if choice == "onside" else r.kickoff_spot) - bonus
        if choice == "onside" and shift:
            # An onside kick has no return to move: a carried foul moves its spot instead.
            base = moved_kick_spot(base, [-shift])
        spot = moved_kick_spot(base, moves)
        rec = g.kick_record("kickoff", recv, kicker, FREE_KICK if after_safety else KICKOFF,
                            spot)
        rec["kickoff_attempt"] = 1
        rec["carried_penalty_yards"] = shift
        foul = _kickoff_penalty_roll(g, kicker)
        declined = ""
        if foul is not None and foul.when != "post":
            # A foul before the kick: the coach not penalised chooses before the kick.
            if (decide_penalty(g, foul, None, rec, "kickoff")):
                moves.append(-foul.yards if foul.against is kicker else foul.yards)
                _kick_again(g, rec, kicker, foul.against, foul.name, spot,
                            moved_kick_spot(base, moves))
                continue
            declined, foul = foul_text(g, foul), None
        if choice == "onside":
            # FNL-21: d20+5 yards from the onside spot; the chart says who recovers.
            travel = (kick_roll(g, kicker, "Onside kick distance",
                                           lambda d: f"{d + 5} yards")) + 5
            g.reads.add(f"{travel} yards", g.reads.last())
            if travel < r.onside_short:
                moves.append(-r.onside_short_penalty)
                rec["kick_distance"] = travel
                _kick_again(g, rec, kicker, kicker, "Short onside kick", spot,
                            moved_kick_spot(base, moves), f"onside kick travels {travel} "
                            "yards: short")
                continue
            _onside(g, kicker, rec, spot, travel)
            g.next = SCRIMMAGE
        else:
            g.next = SCRIMMAGE  # a return touchdown sets TRY instead
            favour = base - spot + shift          # yards the re-kicks cost the kickers
            if r.kickoff == "chart":
                _kickoff_classic(g, kicker, rec, bonus + favour)
            elif r.kickoff == "landing":
                _kickoff_landing(g, kicker, rec, bonus, favour)
            else:
                _kickoff_college_pro(g, kicker, rec, bonus, favour)
        if foul is not None:
            _foul_after_the_kick(g, rec, foul)
        elif declined:
            _add_to_finished_desc(g, rec, "; penalty: " + declined)
        return


def moved_kick_spot(spot: int, moves: list[int]) -> int:
    """The kick's spot (the kicking team's own yard line) after the yards its re-kicks
    moved it: back for the kickers' fouls (FNL-22's short onside kick among them), up for
    the receivers'. No move is more than half the distance to the goal line, as for every
    penalty (FNL-92, official rules), so the spot stays on the field."""
    for yards in moves:
        room = spot if yards < 0 else 100 - spot
        step = abs(yards) if abs(yards) * 2 <= room else room // 2
        spot += step if yards > 0 else -step
    return spot


def _kick_again(g: LegendsGame, rec: dict[str, Any], kicker: Side, against: Side, name: str,
                spot: int, new_spot: int, what: str = "") -> None:
    """Close the record of a kick that a foul by `against` cancels; the kicking team kicks
    again from `new_spot` (FNL-22, FNL-35)."""
    s = g.s
    team = s.teams[kicker].name
    fouler = s.teams[against].name
    yards = abs(new_spot - spot)
    rec.update(play_type="no_play", penalty=1, penalty_team=fouler, penalty_yards=yards,
               penalty_type=name)
    text = penalty_text(name, fouler, yards, s.spot_text(100 - spot),
                        s.spot_text(100 - new_spot), more="kick again")
    rec["desc"] = f"{team} {what}; {text}" if what else f"{team} kickoff: {text}"
    g.finish(rec, 0)


def _kickoff_penalty_roll(g: LegendsGame, kicker: Side) -> Foul | None:
    """FL L566 counts a kickoff among the plays a foul may fall on, so a kickoff has its
    penalty roll like every kick (AMB-FNL-8/37): 1 a foul by the kicking team, 20 one by the
    receivers, read on the Run charts; any other roll, nothing (a kickoff's specials come
    from its own chart, FNL-16..19). A kickoff is a turnover, so the foul came before the
    kick or after the receivers had the ball (FNL-35)."""
    pr = g.roll(20)
    if pr not in (1, 20):
        g.note("penalty roll: nothing")
        return None
    g.note("penalty roll: a foul on the " + ("kicking team" if pr == 1 else "receiving team"))
    foul = roll_foul(g, run=True, offense=pr == 1)
    foul.against = kicker if pr == 1 else opponent_of(kicker)
    time_against_result(g, foul, score_or_turnover=True)
    return foul


def _foul_after_the_kick(g: LegendsGame, rec: dict[str, Any], foul: Foul) -> None:
    """FNL-35: a foul after the receivers had the ball is marked off from where the kick
    ended, against the team that fouled; after a return touchdown, on the next kickoff
    (FNL-36)."""
    if not (decide_penalty(g, foul, None, rec, "kickoff")):
        _add_to_finished_desc(g, rec, "; penalty: " + foul_text(g, foul))
    elif g.next == TRY:
        assess_on_kickoff(g, foul)
        record_kick_foul(rec, g, foul)
        _add_to_finished_desc(g, rec, "; penalty: " + foul_text(g, foul, "on the kickoff"))
    else:
        enforce(g, foul, rec, new_series=True)
        _add_to_finished_desc(g, rec, "; penalty: " + foul_text(g, foul))


def _add_to_finished_desc(g: LegendsGame, rec: dict[str, Any], text: str) -> None:
    """The kick's record is finished (its desc left empty in batch simulation, see
    `LegendsGame.finish`); words about a foul after it go on only when the game narrates."""
    if g.reads.on:
        rec["desc"] += text


def _onside(g: LegendsGame, kicker: Side, rec: dict[str, Any], kick_from: int,
            travel: int) -> None:
    """FNL-21: the recovery roll; no return, the ball is where the kick went."""
    s = g.s
    recv = opponent_of(kicker)
    who = kick_chart(g, kicker, g.x.onside, "Onside recovery")
    spot = kick_from + travel                     # the kicking team's own yard line
    rec["kick_distance"] = travel
    if who == "kicking":
        s.possession = kicker
        s.first_down_at(min(99, 100 - spot))
        _kickers_keep_it(g, rec, kicker)
        rec["desc"] = (f"{s.teams[kicker].name} onside kick, {travel} yards, "
                       f"recovered by the kicking team at {s.spot_text()}")
    else:
        s.possession = recv
        s.first_down_at(max(1, spot))
        rec["desc"] = (f"{s.teams[kicker].name} onside kick, {travel} yards, "
                       f"recovered by {s.teams[recv].name} at {s.spot_text()}")
    g.finish(rec, g.timing("short"))


def _kickers_keep_it(g: LegendsGame, rec: dict[str, Any], kicker: Side) -> None:
    """The kicking team recovered its own kickoff: the record is the kickers' play (as
    nflverse gives it to the recovering team), its score columns too."""
    s = g.s
    rec.update(own_kickoff_recovery=1, posteam=s.teams[kicker].name,
               defteam=s.teams[opponent_of(kicker)].name, posteam_type=_type(kicker),
               posteam_score=rec["defteam_score"], defteam_score=rec["posteam_score"])


def _type(side: Side) -> str:
    return "home" if side is HOME else "away"


def _kickoff_landing(g: LegendsGame, kicker: Side, rec: dict[str, Any], bonus: int,
                     favour: int) -> None:
    """FNL-16 {L}[HS]: the d20 is where the ball comes down, 20 is a Kickoff Special; the
    return is d20 + 20. FNL-20: after a safety the catch is 20 yards further upfield."""
    roll = kick_roll(g, kicker, "Kickoff")
    if roll == 20:
        g.reads.add("Kickoff special")
        _kickoff_special(g, kicker, rec, bonus + favour)
        return
    catch = roll + bonus
    g.reads.add(f"comes down at the {catch}")
    ret_roll = kick_roll(g, kicker, "Kickoff return")
    ret = ret_roll + g.rules.kickoff_return_base
    g.reads.add(f"{ret} yards")
    _returned(g, kicker, rec, catch, ret + favour, ret)


def _returned(g: LegendsGame, kicker: Side, rec: dict[str, Any], catch: int, gained: int,
              ret_shown: int) -> None:
    """The receiver caught the ball at his `catch` yard line and gained `gained` yards."""
    s = g.s
    recv = opponent_of(kicker)
    end = catch + gained
    rec.update(returned=1, return_yards=ret_shown, kick_distance=None)
    s.possession = recv
    special = rec["desc"] + "; " if rec["desc"] else ""     # a special's own words first
    if end >= 100:
        rec.update(return_yards=100 - catch, return_touchdown=1)
        rec["desc"] = (f"{special}{s.teams[kicker].name} kicks off, caught at the "
                       f"{max(catch, 0)}, returned for a TOUCHDOWN by {s.teams[recv].name}")
        g.touchdown(recv, rec)
        g.push_momentum(recv, "touchdown")
        g.finish(rec, g.timing("short"))
        return
    s.first_down_at(100 - max(1, end))
    rec["desc"] = (f"{special}{s.teams[kicker].name} kicks off, caught at the {catch}, returned "
                   f"{ret_shown} to {s.spot_text()}")
    g.finish(rec, g.timing("short"))


def _kickoff_special(g: LegendsGame, kicker: Side, rec: dict[str, Any],
                     favour: int) -> None:
    """X-3 Kickoff Specials (FNL-16/24); no fair catch on a special (FNL-19)."""
    e = kick_chart(g, kicker, g.x.kickoff_special, "Kickoff special")
    rec["desc"] = f"Kickoff special: {e.desc}"
    _apply_special(g, kicker, rec, e, favour, e.catch or 0)


def _apply_special(g: LegendsGame, kicker: Side, rec: dict[str, Any], e: KickoffSpecial,
                   favour: int, catch: int) -> None:
    s = g.s
    recv = opponent_of(kicker)
    if e.catch is not None:
        catch = e.catch
    if e.onside == "kicking" and e.spot is not None:
        s.possession = kicker
        s.first_down_at(e.spot)
        _kickers_keep_it(g, rec, kicker)
        g.push_momentum(kicker, "turnover")
        g.finish(rec, g.timing("short"))
        g.next = SCRIMMAGE
        return
    if e.spot is not None:
        s.possession = recv
        s.first_down_at(100 - max(1, min(99, e.spot + favour)))
        # FNL-17: an unreturned college kickoff takes no time.
        g.finish(rec, 0 if g.rules.kickoff == "college" else g.timing("short"))
        return
    if e.ret == TD:
        _returned(g, kicker, rec, catch, 100, 100 - catch)
        return
    ret = g.yards(e.ret) if e.ret is not None else 0
    if e.fumble == "kicking":
        end = min(99, max(1, catch + ret + favour))
        s.possession = kicker
        s.first_down_at(end)
        rec.update(returned=1, return_yards=ret, fumble=1, fumble_lost=1)
        g.push_momentum(kicker, "turnover")
        g.finish(rec, g.timing("short"))
        return
    _returned(g, kicker, rec, catch, ret + favour, ret)


def kickoff_return_adjustment(g: LegendsGame, kicker: Side) -> int:
    """FNL-23: the receiver's Kickoff Return plus the kicker's Kickoff Return Defense,
    added to every kickoff return, specials included (FNL-24). Zero on high-school sheets."""
    s = g.s
    return (s.teams[opponent_of(kicker)].team.header.kickoff_return
            + s.teams[kicker].team.header.kickoff_return_defense)


def _kickoff_college_pro(g: LegendsGame, kicker: Side, rec: dict[str, Any], bonus: int,
                         favour: int) -> None:
    """FNL-17 [COL] and FNL-18 [PRO] kickoffs, with the FNL-23 return adjustment."""
    s = g.s
    r = g.rules
    recv = opponent_of(kicker)
    adj = kickoff_return_adjustment(g, kicker)
    if r.kickoff == "pro":
        chart = s.teams[kicker].team.ko_touchback
        tb_roll = kick_roll(g, kicker, "Kickoff (touchback chart)",
                                       None if chart is None else lambda r: str(chart[r]))
        if chart is not None:
            g.reads.add(str(chart[tb_roll]))
        if chart is not None and chart[tb_roll] == "touchback":
            _touchback(g, kicker, rec, "touchback", favour)
            return
        roll = kick_roll(g, kicker, "Kickoff")
        if roll >= 19:
            _kickoff_special(g, kicker, rec, bonus + favour + adj)
            return
        catch = roll - 10 if roll >= 11 else roll
        g.reads.add(f"comes down at the {catch + bonus}")
    else:
        roll = kick_roll(g, kicker, "Kickoff")
        if roll >= 19:
            _kickoff_special(g, kicker, rec, bonus + favour + adj)
            return
        catch = roll - 8          # 0 or less is in the end zone (AMB-FNL-24)
        g.reads.add(f"comes down at the {catch + bonus}")
    catch += bonus
    if r.kickoff_fair_catch_25 and catch < 25:
        choice = g.ask(K_KICK_RETURN, recv, ("return", "fair_catch"),
                             f"Kick comes down at your {catch}: return it or fair catch at the 25?",
                             {"catch": catch})
        if choice == "fair_catch":
            _touchback(g, kicker, rec, "fair catch", favour)
            return
    ret_roll = kick_roll(g, kicker, "Kickoff return")
    if ret_roll < 19 or g.x.kickoff_return_special is None:
        g.reads.add(f"{ret_roll + r.kickoff_return_base + adj} yards")
    if ret_roll >= 19 and g.x.kickoff_return_special is not None:
        e = kick_chart(g, kicker, g.x.kickoff_return_special,
                                  "Kickoff return special")
        rec["desc"] = f"Kickoff return special: {e.desc}"
        _apply_special(g, kicker, rec, e, favour + adj, catch)
        return
    ret = ret_roll + r.kickoff_return_base + adj
    if catch + ret + favour <= 0:
        _touchback(g, kicker, rec, "return stays in the end zone: touchback")
        return
    _returned(g, kicker, rec, catch, ret + favour, ret)


def _touchback(g: LegendsGame, kicker: Side, rec: dict[str, Any], what: str,
               favour: int = 0) -> None:
    """A kickoff not returned: the receiver starts at the touchback spot (moved by a foul
    assessed on the kickoff, FNL-36), and the clock does not run (FNL-17)."""
    s = g.s
    recv = opponent_of(kicker)
    s.possession = recv
    s.first_down_at(100 - max(1, min(99, g.rules.kickoff_touchback_spot + favour)))
    rec["touchback"] = int("touchback" in what)
    rec["desc"] = f"{s.teams[kicker].name} kicks off: {what} at {s.spot_text()}"
    g.finish(rec, 0)


def _kickoff_classic(g: LegendsGame, kicker: Side, rec: dict[str, Any],
                     favour: int) -> None:
    """FNL-15 {C}: the Kickoff column says where the ball is caught, the Kickoff Return
    column how far it comes back. A catch in the end zone may be downed for a touchback."""
    s = g.s
    recv = opponent_of(kicker)
    roll = kick_roll(g, kicker, "Kickoff")
    catch = g.yards(g.x.kickoff_classic[roll])
    if catch <= 0:
        choice = g.ask(K_KICK_RETURN, recv, ("return", "touchback"),
                             f"Caught {-catch} yards deep in the end zone: run it out or take "
                             "the touchback?")
        if choice == "touchback":
            s.possession = recv
            s.first_down_at(100 - g.rules.touchback_spot)
            rec.update(touchback=1, desc=f"{s.teams[kicker].name} kicks into the end zone: "
                                          "touchback")
            g.finish(rec, g.timing("short"))
            return
    ret_roll = kick_roll(g, kicker, "Kickoff return")
    v = g.x.kickoff_return_classic[ret_roll]
    if v == TD:
        _returned(g, kicker, rec, catch, 200, 100 - catch)
        return
    ret = g.yards(v)
    if catch + ret + favour <= 0:
        s.possession = recv
        s.first_down_at(100 - g.rules.touchback_spot)
        rec.update(touchback=1, desc="return stays in the end zone: touchback")
        g.finish(rec, g.timing("short"))
        return
    _returned(g, kicker, rec, catch, ret + favour, ret)


# -- field goals -------------------------------------------------------------------------

def _kick_penalty_roll(g: LegendsGame) -> tuple[Foul | None, str | None]:
    """AMB-FNL-8/37 on kicking plays: 1/20 a foul read on the Run charts, 15 a SPECIAL
    from the kick column (a kicking roll, FNL-74 item 4); every other roll, nothing.
    Returns (foul, special)."""
    pr = g.roll(20)
    if pr in (1, 20):
        g.note("penalty roll: a foul on the " + ("kicking team" if pr == 1 else "defense"))
        return roll_foul(g, run=True, offense=pr == 1), None
    if pr == 15:
        g.note("penalty roll: a special kick play")
        special = kick_chart(g, g.s.possession, g.x.special_kick, "special kick play")
        return None, special
    g.note("penalty roll: nothing")
    return None, None


def field_goal(g: LegendsGame, third_stop: Side | None) -> None:
    """FNL-62..64: distance = line + 17; the chart; a miss gives the defense the ball at the
    spot of the kick, or its 20 from inside the 20."""
    s = g.s
    kicker = s.possession
    y = s.yardline
    distance = y + g.rules.fg_add
    rec = g.new_record("field_goal")
    rec.update(field_goal_attempt=1, kick_distance=distance)
    foul, special = _kick_penalty_roll(g)
    if special == "BLOCKED":
        rec["field_goal_result"] = "blocked"
        _blocked(g, rec, "field goal")
        return
    if special == "ROUGHING":
        foul = Foul(ROUGHING, opponent_of(kicker), "live", ROUGHING.yards)
    chart = g.x.field_goal
    team_chart = s.teams[kicker].team.field_goal_range
    if g.rules.field_goals == "team" and team_chart is not None:
        chart = team_chart                                  # FNL-63 [PRO]
    roll = kick_roll(g, kicker, f"{distance}-yard field goal",
                                lambda r: chart.result(distance, r))
    result = chart.result(distance, roll)
    g.reads.add(result)
    if special == "SHANK" and result == "made":
        result = "missed"
    if result == "blocked":
        rec["field_goal_result"] = "blocked"
        _blocked(g, rec, "field goal")
        return
    declined = ""
    if foul is not None:
        # FNL-35: a made kick scores, a missed one gives the ball away. FNL-36: a foul
        # after the snap of a made kick leaves the three points and waits for the kickoff.
        time_against_result(g, foul, score_or_turnover=True)
        carried = result == "made" and foul.when != "pre"
        accepted = decide_penalty(g, foul, None, rec, f"field_goal_{result}",
                                             on_kickoff=carried)
        if accepted and not carried and foul.when != "post":
            rec["play_type"] = "no_play"
            rec["field_goal_attempt"] = 0
            enforce(g, foul, rec)
            rec["desc"] = (f"{s.teams[kicker].name} {distance}-yard field goal attempt wiped "
                           f"out: {foul_text(g, foul)}")
            g.finish(rec, g.timing("penalty"))
            return
        if not accepted:
            declined, foul = "; penalty: " + foul_text(g, foul), None
    rec["field_goal_result"] = result
    if result == "made":
        s.score[kicker] += 3
        g.push_momentum(kicker, "field_goal")
        rec["desc"] = f"{s.teams[kicker].name} {distance}-yard field goal is GOOD{declined}"
        if foul is not None:
            assess_on_kickoff(g, foul)
            record_kick_foul(rec, g, foul)
            rec["desc"] += "; penalty: " + foul_text(g, foul, "on the kickoff")
        g.finish(rec, g.timing("short"))
        g.kicker = kicker
        g.after_score_or_change()
        return
    own = g.rules.missed_fg_min if y < g.rules.missed_fg_min else y + g.rules.missed_fg_back
    own = min(99, own)          # a kick from the end zone: the defense takes over at the 1
    rec["desc"] = f"{s.teams[kicker].name} {distance}-yard field goal is no good{declined}"
    if third_stop is not None:
        g.push_momentum(third_stop, "third_down_stop")      # FNL-86: the offense kicked
    s.change_possession(100 - own)
    if foul is not None:        # after the miss: marked off once the ball changed hands
        enforce(g, foul, rec, new_series=True)
        rec["desc"] += "; penalty: " + foul_text(g, foul)
    g.finish(rec, g.timing("short"))
    if g.in_overtime:
        g.end_ot_series()


def _blocked(g: LegendsGame, rec: dict[str, Any], what: str) -> None:
    """FNL-73 / AMB-FNL-22: the kicking coach rolls the fumble-recovery chart; the ball is
    recovered 10+d20 yards behind the line."""
    s = g.s
    kicker = s.possession
    who = kick_chart(g, kicker, g.x.fumble_recovery, "blocked kick recovery")
    back = 10 + (kick_roll(g, kicker, "Blocked kick: yards behind the line",
                                      lambda r: f"{10 + r} yards"))
    g.reads.add(f"recovered {back} yards behind the line", g.reads.last())
    spot = s.yardline + back
    rec["desc"] = f"{what} BLOCKED, recovered {back} yards behind the line by the " + (
        "kicking team" if who == "offense" else "defense")
    if rec["play_type"] == "punt":
        rec["punt_blocked"] = 1
    if spot >= 100:
        if who == "offense":
            g.safety(kicker, rec)
        else:
            s.possession = opponent_of(kicker)
            rec["return_touchdown"] = 1
            g.touchdown(opponent_of(kicker), rec)
            g.push_momentum(opponent_of(kicker), "defense_score")
        g.finish(rec, g.timing("short"))
        return
    if who == "offense" and s.down < 4:
        s.yardline = spot
        s.ydstogo += back
        s.down += 1
    else:
        s.change_possession(100 - spot)
        g.push_momentum(opponent_of(kicker), "turnover")
    g.finish(rec, g.timing("short"))
    if g.in_overtime:
        g.end_ot_series()


# -- punts -------------------------------------------------------------------------------

def punt(g: LegendsGame, third_stop: Side | None) -> None:
    """FNL-65..72."""
    s = g.s
    r = g.rules
    kicker = s.possession
    recv = opponent_of(kicker)
    y = s.yardline
    rec = g.new_record("punt")
    rec["punt_attempt"] = 1
    declined = ""
    style = g.ask(K_PUNT_STYLE, kicker, ("normal", "out_of_bounds"),
                        "Punt for distance or aim it out of bounds?")
    aimed_out = style == "out_of_bounds"
    # FNL-65: the penalty roll comes first; 2 or 19 sends the punt out of bounds, and 3-6
    # keeps an aimed punt in play (still read on the out-of-bounds chart).
    pr = g.roll(20)
    at_pr = g.reads.last()
    foul: Foul | None = None
    special: str | None = None
    out = aimed_out
    if pr in (2, 19):
        out = True
    elif aimed_out and 3 <= pr <= 6:
        out = False
    elif pr in (1, 20):
        g.note("penalty roll: a foul on the " + ("kicking team" if pr == 1 else "defense"))
        foul = roll_foul(g, run=True, offense=pr == 1)
        time_against_result(g, foul, score_or_turnover=True)    # FNL-35: a punt is one
    elif pr == 15:
        g.note("penalty roll: a special kick play")
        special = kick_chart(g, kicker, g.x.special_kick, "special kick play")
    if pr in (2, 19):
        g.reads.note_at(at_pr, "penalty roll: out of bounds")
    elif aimed_out and 3 <= pr <= 6:
        g.reads.note_at(at_pr, "penalty roll: the aimed punt stays in bounds")
    elif pr not in (1, 20, 15):
        g.reads.note_at(at_pr, "penalty roll: nothing")
    if third_stop is not None:
        g.push_momentum(third_stop, "third_down_stop")   # FNL-86 example 1
    if special == "BLOCKED":
        _blocked(g, rec, "punt")
        return
    if special == "ROUGHING":
        foul = Foul(ROUGHING, recv, "live", ROUGHING.yards)
    chart = g.x.punt_out_of_bounds if aimed_out else g.x.punt
    roll = kick_roll(g, kicker, "Punt", lambda r: f"{chart_text(chart[r])} yards")
    at_kick = g.reads.last()
    # FNL-66/68: the level's subtraction; FNL-71: the kicking team's Punt adjustment.
    gross = g.yards(chart[roll]) - r.punt_subtract + s.teams[kicker].team.header.punt
    if special == "SHANK":
        gross = g.yards(Roll(10))
    gross = max(1, gross)
    g.reads.add(f"{gross} yards", at_kick)
    landing = y - gross                     # the receiver's own yard line where it lands
    rec["kick_distance"] = gross
    if foul is not None:
        accepted = decide_penalty(g, foul, None, rec, "punt")
        if accepted and foul.when != "post":
            rec["play_type"] = "no_play"
            rec["punt_attempt"] = 0
            enforce(g, foul, rec)
            rec["desc"] = f"{s.teams[kicker].name} punt wiped out: {foul_text(g, foul)}"
            g.finish(rec, g.timing("penalty"))
            return
        if not accepted:
            declined = foul_text(g, foul)
            foul = None
    text = f"{s.teams[kicker].name} punts {gross} yards"
    if landing <= 0:
        rec.update(touchback=1)
        s.change_possession(100 - r.touchback_spot)
        rec["desc"] = text + ": touchback"
    elif out:
        rec["punt_out_of_bounds"] = 1
        s.change_possession(100 - landing)
        rec["desc"] = text + f", out of bounds at {s.spot_text()}"
    elif special == "MUFF":
        rec.update(fumble=1, fumble_lost=1)
        s.first_down_at(landing)
        g.push_momentum(kicker, "turnover")
        rec["desc"] = text + f": muffed, the kicking team recovers at {s.spot_text()}"
    else:
        fair_catch = False
        fc_chart = s.teams[recv].team.punt_fair_catch
        if r.punt_fair_catch_chart and fc_chart is not None:
            # FNL-69 / AMB-FNL-21: the offense rolls the receiving team's fair-catch chart.
            fair_catch = (kick_chart(g, kicker, fc_chart, "punt fair catch chart")
                          ) == "fair_catch"
        first = "fair_catch" if fair_catch else "return"
        choice = g.ask(K_PUNT_FIELD, recv, (first, "bounce"),
                             f"Punt comes down at your {landing}: "
                             f"{'fair catch' if fair_catch else 'return it'} or let it bounce?",
                             {"landing": landing, "fair_catch": fair_catch})
        if choice == "fair_catch":
            rec["punt_fair_catch"] = 1
            start = landing
            if r.fair_catch_25 and start < 25:
                start = 25
            s.change_possession(100 - start)
            rec["desc"] = text + f", fair catch at {s.spot_text()}"
        elif choice == "bounce":
            landing -= g.yards(kick_chart(g, kicker, g.x.punt_bounce,
                                                      "punt bounce"))
            if landing <= 0:
                rec.update(touchback=1)
                s.change_possession(100 - r.touchback_spot)
                rec["desc"] = text + ", bounces into the end zone: touchback"
            else:
                rec["punt_downed"] = 1
                s.change_possession(100 - landing)
                rec["desc"] = text + f", left to bounce, downed at {s.spot_text()}"
        else:
            ret_roll = kick_roll(g, recv, "Punt return",
                                            lambda r: chart_text(g.x.punt_return[r]))
            v = g.x.punt_return[ret_roll]
            g.reads.add(chart_text(v))
            if special == "LONG_RETURN":
                v = Roll(20)
            # FNL-71: the receiver's Punt Return plus the kicker's Punt Return Defense.
            td = special == "RETURN_TD" or v == TD
            ret = 0 if td else (g.yards(v) + s.teams[recv].team.header.punt_return
                                + s.teams[kicker].team.header.punt_return_defense)
            if td or landing + ret >= 100:
                rec.update(returned=1, return_yards=100 - landing, return_touchdown=1)
                s.possession = recv
                rec["desc"] = text + ": returned for a TOUCHDOWN"
                g.touchdown(recv, rec)
                g.push_momentum(recv, "touchdown")
                _after_punt_foul(g, rec, foul, scored=True)
                g.finish(rec, g.timing("short"))
                return
            if ret < 0:
                # FNL-70: a negative return is a fair catch; FNL-72 optional rule.
                rec["punt_fair_catch"] = 1
                start = landing
                if r.fair_catch_25 and start < 25:
                    start = 25
                s.change_possession(100 - start)
                rec["desc"] = text + f", fair catch at {s.spot_text()}"
            else:
                rec.update(returned=1, return_yards=ret)
                s.change_possession(100 - (landing + ret))
                rec["desc"] = text + f", returned {ret} to {s.spot_text()}"
    _after_punt_foul(g, rec, foul, scored=False)
    if declined:
        rec["desc"] += f"; penalty: {declined}"
    g.finish(rec, g.timing("short"))


def _after_punt_foul(g: LegendsGame, rec: dict[str, Any], foul: Foul | None,
                     scored: bool) -> None:
    if foul is None:
        return
    if scored:
        assess_on_kickoff(g, foul)
        record_kick_foul(rec, g, foul)
        rec["desc"] += "; penalty: " + foul_text(g, foul, "on the kickoff")
    else:
        enforce(g, foul, rec, new_series=True)
        rec["desc"] += "; penalty: " + foul_text(g, foul)
