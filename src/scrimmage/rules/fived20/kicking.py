"""Kicks (D20-5..11, D20-56..68): kickoffs, onside kicks, the free kick after a safety, punts
and blocked punts, field goals, extra points and blocked place kicks, and fouls on a try. The
try after a touchdown itself (kick or, in eras that have it, two) is in `tries`.

Penalties on kicks follow the book's codes like every other penalty (D20-48). They count
only when the kick is returned (no touchback, no fair catch; D L668). An (a) foul is marked
off after the play, from where the return ended; any other foul wipes the kick out: a
kickoff or free kick is kicked again from a spot moved by the penalty, a punt's down is
played again. Offsetting fouls make the kick again (AMB-D20-9). A return for a touchdown is
checked too, and so is a return that ended in a lost fumble (a turnover play: an accepted
foul wipes it out); a fumble the kicking team recovers may be returned like any lost fumble
(D20-52, D20-53). Extra points are field goals (D20-65), so they get the FIELD GOALS penalty
check (D20-67); an accepted foul that wipes the try out has it tried again from the new spot,
and an (a) foul on a try is marked off on the kickoff that follows. House rule where the book is
silent: a kickoff that lands in the end zone is a touchback (AMB-D20-2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from scrimmage.core.decisions import K_KICKOFF, K_PENALTY
from scrimmage.core.field import Side
from scrimmage.core.sides import HOME, opponent_of
from scrimmage.core.spot import STANDARD_FIELD
from scrimmage.rules.fived20 import fumbles, penalties, timing
from scrimmage.rules.fived20.chart_play import Returners, down
from scrimmage.rules.fived20.dice import Roll
from scrimmage.rules.fived20.terms import word
from scrimmage.rules.narration import FREE_KICK, KICKOFF, penalty_text

if TYPE_CHECKING:
    from scrimmage.rules.fived20.game import FiveD20Game

BLOCK_RANGES: Final = ((29, 1), (39, 4), (49, 10), (999, 12))
"""D20-66: place-kick distance -> the highest yellow that blocks (black = yellow)."""


def _return_fumble(g: FiveD20Game, rec: dict[str, Any], recv: Side, fumble: int, name: str,
                   end: int) -> tuple[bool, int] | None:
    """D20-8 / D20-62: a returner's fumble (black = yellow): the test, who recovers (the
    kicking team as the defense, D20-51) and, when the kicking team recovers, its own return
    of the loose ball, as after any lost fumble (D20-52, D20-53). `end` is where the return
    ended, in yards from the receiving team's goal line.

    Returns None when the receiving team keeps the ball where the return ended; otherwise
    (True, the kicking team's yardline_100) when the kicking team keeps it, or (False, a new
    `end`) when the receiving team got it back on the fumble return (D20-53)."""
    kick = opponent_of(recv)
    roll = g.last_kick_roll
    assert roll is not None             # the kick this return came from rolled it
    yellow = roll.yellow
    if yellow > fumble + g.chart(kick).fum_adjust:
        g.read(roll, "yellow", "black = yellow: fumble check -> held")
        return None
    rec["fumble"] = 1
    rec["fumbled_1_player_name"] = name
    lost = fumbles.lost_fumble(yellow, g.chart(recv), g.chart(kick))
    g.read(roll, "yellow", "black = yellow: fumble check -> FUMBLE, "
                           + ("lost" if lost else "recovered"))
    if not lost:
        rec["fumble_recovery_1_team"] = g.teams[recv].name
        return None
    rec["fumble_lost"] = 1
    r = g.roll5()
    k = g.chart(kick)
    taker = k.run_defenders[down(k.who_run["BASE"], r.red)].name       # AMB-D20-12
    g.read(r, "red", f"recovered by {taker}")
    rec["fumble_recovery_1_player_name"] = taker
    rec["fumble_recovery_1_team"] = g.teams[kick].name
    ret, back = fumbles.fumble_return(g, r, recv)                      # D20-52
    spot = end - ret                          # where the fumble return ended, kicking view
    rec["desc"] += f", FUMBLE lost, recovered by {taker}" + (f", returned {ret}" if ret else "")
    if back:                                                           # D20-53
        rec["fumble_lost"] = 0
        rec["fumbled_2_player_name"] = taker
        rec["fumble_recovery_2_team"] = g.teams[recv].name
        rec["desc"] += f", FUMBLE, recovered by {g.teams[recv].name}"
        return False, max(1, min(99, spot))
    return True, spot


def _returner(ret: Returners, blue: int) -> int:
    return down(ret.blue, blue)


def carry_to_kickoff(g: FiveD20Game, rec: dict[str, Any], foul: penalties.Foul, yards: int) -> None:
    """D20-48: a foul that leaves the score standing is marked off on the next kickoff,
    against the team that committed it, whichever team kicks."""
    g.carried_home += -yards if foul.against is HOME else yards
    penalties.mark(rec, g, foul, yards)
    rec["penalty_on_kickoff"] = 1


def kickoff(g: FiveD20Game) -> None:
    kicker: Side = g.kicker
    recv = opponent_of(kicker)
    choice = g.ask(K_KICKOFF, kicker, ("regular", "onside"),
                         "You kick off: regular or onside?")
    carried = g.carried_home if recv is HOME else -g.carried_home   # the receivers' yards
    kick_spot = max(1, min(99, g.era.kickoff_spot + g.kickoff_shift - carried))
    rec = g.kick_record("kickoff", recv, KICKOFF, kick_spot)
    rec["kickoff_attempt"] = 1
    rec["kicker_player_name"] = g.chart(kicker).kicker
    rec["carried_penalty_yards"] = carried
    g.kickoff_shift = 0
    g.carried_home = 0
    spot = 100 - kick_spot                     # the receiving team's view of the kick spot
    if choice == "onside":
        # D20-10: the highest of red, white, blue; any pair and the kicking team recovers.
        r, w, b = g.die("red"), g.die("white"), g.die("blue")
        dist = max(r, w, b)
        g.reads.note(f"onside kick: the highest die, {dist} yards", 3 - (r, w, b).index(dist))
        rec["kick_distance"] = dist
        # D20-10: the ball is recovered where it lands, `dist` yards beyond the kick spot
        # (the kicking team's own yard line `land`): from its 35, 12 yards is its own 47.
        land = max(1, min(99, kick_spot + dist))
        if r in (w, b) or w == b:                         # AMB-D20-14: no penalty check
            rec["own_kickoff_recovery"] = 1
            rec["desc"] = f"Onside kick, {dist} yards, recovered by the kicking team"
            g.first_down_at(kicker, 100 - land)
        else:
            rec["desc"] = f"Onside kick, {dist} yards, recovered by the receiving team"
            g.first_down_at(recv, land)
        g.finish(rec, timing.STOPPED)
        return
    roll: Roll = g.roll5()
    g.last_kick_roll = roll
    k, rc = g.chart(kicker), g.chart(recv)
    dist = k.kickoff[roll.red - 1]                                    # D20-5
    g.read(roll, "red", f"kickoff -> {dist} yards")
    rec["kick_distance"] = dist
    land = spot - dist
    if land <= 0:                                                     # AMB-D20-2
        rec["touchback"] = 1
        rec["desc"] = f"{k.kicker} kicks {dist} yards, touchback"
        g.touchback(recv, kickoff=True)
        g.finish(rec, timing.STOPPED)
        return
    i = _returner(rc.kick_ret, roll.blue)                             # D20-6
    name = rc.kick_ret.names[i]
    ret = rc.kick_ret.returns[i][roll.black - 1] + k.ret_rating       # D20-7
    g.read(roll, "blue", f"returner {name}")
    g.read(roll, "black", f"{name}'s return -> {ret} yards")
    rec.update(returned=1, return_yards=ret, kickoff_returner_player_name=name,
               return_team=g.teams[recv].name)
    end = land + ret
    rec["desc"] = f"{k.kicker} kicks {dist} yards, {name} returns {ret}"
    fumble = None
    if roll.black_yellow:                                             # D20-8
        fumble = _return_fumble(g, rec, recv, rc.kick_ret.fumble[i], name, max(1, min(99, end)))
    _after_return(g, rec, roll, "kickoff", kicker, end, kick_spot, fumble)


def _after_return(g: FiveD20Game, rec: dict[str, Any], roll: Roll, kind: str, kicker: Side, end: int,
                  kick_spot: int, fumble: tuple[bool, int] | None) -> None:
    """The end of a returned kick: its penalty check (D20-9, D20-62), which every return gets,
    a touchdown or a lost fumble too, then the ball goes where the return (or the fumble on
    it, `_return_fumble`) left it."""
    lost = fumble is not None and fumble[0]
    if fumble is not None and not lost:
        end = fumble[1]                       # the receivers got the ball back (D20-53)
    after = _kick_penalty(g, rec, roll, kind, kicker, end, kick_spot, turnover=lost)
    if after is not None:
        if fumble is not None and lost:
            g.take_over(kicker, fumble[1], rec)
        else:
            g.take_over(opponent_of(kicker), _to_yardline(after), rec)
    g.finish(rec, timing.STOPPED)


def _to_yardline(end: int) -> int:
    """A return ending `end` yards from the returner's own goal line, as his yardline_100."""
    return 100 - end


KICK_ROWS: Final = {"kickoff": "KICKOFF", "free_kick": "PUNTING", "punt": "PUNTING"}


def _kick_penalty(g: FiveD20Game, rec: dict[str, Any], roll: Roll, kind: str, kicker: Side,
                  end: int, kick_spot: int, *,
                  turnover: bool = False) -> int | None:
    """D20-9 / D20-62 step 7, D20-45..48: a possible penalty on a returned kick (`kind`:
    kickoff, free_kick or punt; the free kick is a punt, D20-11, so it reads PUNTING).

    * (a) "counted off after play. Keep outcome of play and count the penalty yardage
      afterwards": the return stands, the yards are marked off from where it ended.
    * Any other foul wipes the kick out, as a foul without (a) wipes out a play from
      scrimmage: the yards are marked off from where the ball was kicked. A kickoff or free
      kick is kicked again; a punt's down is played again (a foul by the receiving team that
      reaches the line to gain, or an (f) foul, is a first down for the kicking team).
    * Offsetting fouls (AMB-D20-9): the kick is made again from the same spot.

    * A return for a touchdown is checked like any other: an (a) foul by the receiving team
      brings the ball back from the goal line; one by the kicking team leaves the touchdown
      and is marked off on the kickoff that follows (as an (a) foul on a try).
    * A return that ended in a lost fumble (`turnover`) is a turnover play: as on a play from
      scrimmage, an accepted foul wipes it out whatever its code.

    `end` is where the return ended (yards from the receiving team's goal line; 100 or more
    is a touchdown) and `kick_spot` the kicking team's own yard line it kicked from. Returns
    where the ball is (as `end`), or None when the kick is to be made again (the ball is
    already set)."""
    foul = penalties.check(g, roll, KICK_ROWS[kind], kicker)
    if foul is None:
        return end
    end = min(end, 100)
    recv = opponent_of(kicker)
    if foul == penalties.OFFSETTING:
        _void_kick(rec)
        rec.update(penalty=1, penalty_type="offsetting")
        rec["desc"] += "; offsetting penalties, kick again"
        _kick_again(g, kind, kick_spot, 0)
        return None
    assert isinstance(foul, penalties.Foul)
    answer = g.ask(K_PENALTY, opponent_of(foul.against), ("accept", "decline"),
                         f"Flag: {foul.name} on {g.teams[foul.against].name}, {foul.yards} yards. "
                         "Accept it?",
                         penalties.info(foul, return_end=end, kick=kind,
                                        offense_fouled=foul.offense, turnover=turnover,
                                        touchdown=end >= 100 and not turnover))
    if answer == "decline":
        rec["desc"] += "; " + penalties.declined(g, foul)
        return end
    # Spots are told from the record's offense: the kicking team on a punt, the receiving
    # team on a kickoff or free kick (`end` counts from the receiving team's goal line).
    def view(e: int) -> int:
        return e if kind == "punt" else 100 - e

    if "a" in foul.code and not turnover and end >= 100 and foul.against is kicker:
        # The touchdown stands; the yards go on the kickoff the scoring team makes next.
        carry_to_kickoff(g, rec, foul, foul.yards)
        rec["desc"] += "; " + penalties.text(g, foul, foul.yards, more="marked off on the kickoff")
        return end
    if "a" in foul.code and not turnover:
        start = end
        if foul.against is recv:
            yards = penalties.half_distance(foul.yards, end)
            end -= yards
        else:
            yards = penalties.half_distance(foul.yards, 100 - end)
            end += yards
        penalties.mark(rec, g, foul, yards)
        rec["desc"] += "; " + penalties.text(g, foul, yards, view(start), view(end),
                                             "after the return")
        return end
    _void_kick(rec)
    if kind == "punt":
        # The down is played again from the line of scrimmage, moved by the penalty.
        start = g.yardline
        if foul.offense:
            yards = penalties.half_distance(foul.yards, 100 - g.yardline)
            g.yardline += yards
            g.ydstogo += yards
            g.next = "scrimmage"
        else:
            yards = penalties.half_distance(foul.yards, g.yardline)
            if "f" in foul.code or yards >= g.ydstogo:
                g.gain(rec, yards, kind="penalty", auto_first=True)
            else:
                g.yardline -= yards
                g.ydstogo -= yards
                g.next = "scrimmage"
        penalties.mark(rec, g, foul, yards)
        stop = start + yards if foul.offense else start - yards
        rec["desc"] += "; no play: " + penalties.text(g, foul, yards, start, stop,
                                                      "the down is played again")
        return None
    if foul.offense:
        yards = penalties.half_distance(foul.yards, kick_spot)
        _kick_again(g, kind, kick_spot, -yards)
        again = kick_spot - yards
    else:
        yards = penalties.half_distance(foul.yards, 100 - kick_spot)
        _kick_again(g, kind, kick_spot, yards)
        again = kick_spot + yards
    penalties.mark(rec, g, foul, yards)
    # Told from the kicking team: it kicks again from its own `again` yard line.
    rec["desc"] += "; no play: " + penalty_text(
        foul.name, g.teams[foul.against].name, yards, _own(kick_spot), _own(again),
        more="kick again")
    return None


def _own(yard_line: int) -> str:
    """A team's own yard line as a spot seen from that team."""
    return STANDARD_FIELD.spot_text(100 - max(1, min(99, yard_line)))


def _void_kick(rec: dict[str, Any]) -> None:
    """A kick wiped out by a penalty counts for nobody (nor does a fumble on its return)."""
    rec.update(play_type="no_play", kickoff_attempt=0, punt_attempt=0, returned=0,
               return_yards=0, kick_distance=None, kickoff_returner_player_name=None,
               punt_returner_player_name=None, punt_fair_catch=0, touchback=0, fumble=0,
               fumble_lost=0, fumbled_1_player_name=None, fumble_recovery_1_player_name=None,
               fumble_recovery_1_team=None, fumbled_2_player_name=None,
               fumble_recovery_2_team=None)


def _kick_again(g: FiveD20Game, kind: str, kick_spot: int, shift: int) -> None:
    """Set up the kick again from `kick_spot` moved `shift` yards toward the receivers."""
    if kind == "punt":
        g.next = "scrimmage"
        return
    base = g.era.kickoff_spot if kind == "kickoff" else FREE_KICK_SPOT
    g.kickoff_shift = kick_spot - base + shift
    g.next = "kickoff" if kind == "kickoff" else "free_kick"


FREE_KICK_SPOT: Final = 20
"""D20-11 / AMB-D20-16: the free kick after a safety is a punt from the kicking team's 20."""


def free_kick(g: FiveD20Game) -> None:
    """D20-11 / AMB-D20-16: the punt procedure from the 20, no block, +20 yards, always
    returnable (N and F ignored)."""
    kicker: Side = g.kicker
    g.possession = kicker
    g.yardline = 100 - max(1, min(99, FREE_KICK_SPOT + g.kickoff_shift))
    g.kickoff_shift = 0
    _punt(g, free_kick=True)


def punt(g: FiveD20Game) -> None:
    _punt(g, free_kick=False)


def _punt(g: FiveD20Game, free_kick: bool) -> None:
    kicker: Side = g.possession
    recv = opponent_of(kicker)
    k, rc = g.chart(kicker), g.chart(recv)
    rec = (g.kick_record("kickoff", recv, FREE_KICK, 100 - g.yardline) if free_kick
           else g.new_record("punt"))
    rec["punter_player_name" if not free_kick else "kicker_player_name"] = k.punter
    if free_kick:
        rec["kickoff_attempt"] = 1
    else:
        rec["punt_attempt"] = 1
    roll: Roll = g.roll5()
    g.last_kick_roll = roll
    los = g.yardline
    # D20-56: block check.
    if not free_kick and roll.black_yellow:
        g.read(roll, "yellow", "black = yellow: block check -> " + (
            "BLOCKED" if roll.black <= k.punt_block + rc.punt_return_block else "not blocked"))
    if not free_kick and roll.black_yellow and roll.black <= k.punt_block + rc.punt_return_block:
        _blocked_punt(g, rec, kicker)
        return
    # D20-57: OWN row (own 1 to the 50) gives the distance, OPP row the landing spot.
    if los >= 50:
        cell = k.punt_own[roll.red - 1]
        land = los - cell.value if cell.code != "TB" else 0
    else:
        cell = k.punt_opp[roll.red - 1]
        land = cell.value if cell.code != "TB" else 0
    code = cell.code
    if g.reads.on:
        row = "punt from its own half" if los >= 50 else "punt from their half"
        g.read(roll, "red", f"{row} -> " + (
            word("TB") if cell.code == "TB" else
            f"{cell.value} yards, {word(cell.code)}" if los >= 50 else
            f"lands on their {cell.value}, {word(cell.code)}"))
    if free_kick:
        land -= 20
        if code in ("N", "F"):
            code = "R"
    dist = los - max(0, land)
    rec["kick_distance"] = dist if code != "TB" else los
    if code == "TB" or land <= 0:
        rec["touchback"] = 1
        rec["desc"] = f"{k.punter} punts into the end zone, touchback"
        g.touchback(recv)
        g.finish(rec, timing.STOPPED)
        return
    spot = 100 - land            # the receiving team's view
    if code == "N":
        rec["punt_downed"] = 1
        rec["desc"] = f"{k.punter} punts {dist} yards, downed"
        g.first_down_at(recv, spot)
        g.finish(rec, timing.STOPPED)
        return
    i = _returner(rc.punt_ret, roll.blue)                             # D20-59
    name = rc.punt_ret.names[i]
    g.read(roll, "blue", f"returner {name}")
    rec["punt_returner_player_name" if not free_kick else "kickoff_returner_player_name"] = name
    fair = code == "F" and roll.white <= rc.punt_ret.fc[i]            # D20-60
    if code == "F":
        g.read(roll, "white", f"fair catch on {rc.punt_ret.fc[i]} or less -> "
                              + ("fair catch" if fair else "return"))
    end = 100 - spot
    if fair:
        rec["punt_fair_catch"] = 1
        rec["desc"] = f"{k.punter} punts {dist} yards, fair catch by {name}"
        ret = 0
    else:
        ret = rc.punt_ret.returns[i][roll.black - 1]                   # D20-61
        g.read(roll, "black", f"{name}'s return -> {ret} yards")
        rec.update(returned=1, return_yards=ret, return_team=g.teams[recv].name)
        rec["desc"] = f"{k.punter} punts {dist} yards, {name} returns {ret}"
        end = min(100, end + ret)
    # D20-62: re-roll black and yellow; a match is a possible fumble.
    g.last_kick_roll = g.reroll(roll, "black", "yellow")
    fumble = None
    if g.last_kick_roll.black_yellow and end < 100:
        fumble = _return_fumble(g, rec, recv, rc.punt_ret.fumble[i], name, max(1, end))
    if not fair:
        # D20-62: a returned punt gets its penalty check (a fair catch does not, [D L668]).
        _after_return(g, rec, roll, "free_kick" if free_kick else "punt", kicker,
                                 end, 100 - los, fumble)
        return
    if fumble is not None and fumble[0]:
        g.take_over(kicker, fumble[1], rec)
    else:
        g.take_over(recv, _to_yardline(end if fumble is None else fumble[1]), rec)
    g.finish(rec, timing.STOPPED)


def _blocked_punt(g: FiveD20Game, rec: dict[str, Any], kicker: Side) -> None:
    """D20-63: red + white behind the line; the punt-return team's blue column recovers; the
    return is interception-return column 10 at black. The yellow die is not used."""
    recv = opponent_of(kicker)
    r = g.roll5()
    behind = r.red + r.white
    rc = g.chart(recv)
    name = rc.run_defenders[down(rc.run_blue, r.blue)].name
    ret = g.charts.interception[10][r.black - 1]
    g.read(r, "red", f"red + white: {behind} yards behind the line")
    g.read(r, "blue", f"recovered by {name}")
    g.read(r, "black", f"return -> {ret} yards")
    spot = 100 - (g.yardline + behind)            # the recovering team's view
    rec.update(punt_blocked=1, blocked_player_name=name, return_yards=ret, returned=1,
               return_team=g.teams[recv].name, kick_distance=0)
    rec["desc"] = f"Punt BLOCKED, recovered by {name} {behind} yards behind the line, returned {ret}"
    g.take_over(recv, spot - ret, rec)
    g.finish(rec, timing.STOPPED)


def blocked(distance: int, roll: Roll) -> bool:
    """D20-66: black = yellow and the yellow in the range for the kick's distance."""
    if not roll.black_yellow:
        return False
    for top, upto in BLOCK_RANGES:
        if distance <= top:
            return roll.yellow <= upto
    return False


def read_place_kick(g: FiveD20Game, roll: Roll, dist: int) -> None:
    """`dice_read` of a field goal or extra point: red on the kicker's range, black = yellow a
    block check (D20-66, D20-67)."""
    top = g.chart(g.possession).field_goal[roll.red - 1]
    g.read(roll, "red", f"kicker's range {top} yards for a {dist}-yard kick -> "
                        + ("good" if top >= dist else "no good"))
    if roll.black_yellow:
        g.read(roll, "yellow", "black = yellow: block check -> "
                               + ("BLOCKED" if blocked(dist, roll) else "not blocked"))


def field_goal(g: FiveD20Game) -> None:
    """D20-64..67: hold at the line + 7 (+10 for goalposts at the end line)."""
    off: Side = g.possession
    k = g.chart(off)
    dist = g.yardline + g.era.post_offset
    rec = g.new_record("field_goal")
    rec.update(field_goal_attempt=1, kick_distance=dist, kicker_player_name=k.kicker)
    roll: Roll = g.roll5()
    read_place_kick(g, roll, dist)
    if blocked(dist, roll):
        rec["field_goal_result"] = "blocked"
        blocked_place_kick(g, rec, dist)
        return
    good = k.field_goal[roll.red - 1] >= dist                          # D20-67
    foul = penalties.check(g, roll, "FIELD_GOALS", off)
    declined = ""
    if foul == penalties.OFFSETTING:
        # D20-48 / AMB-D20-9: offsetting fouls cancel the kick; the down is played again.
        rec.update(play_type="no_play", field_goal_attempt=0, kick_distance=None, penalty=1,
                   penalty_type="offsetting")
        rec["desc"] = "Field goal try: offsetting penalties, replay the down"
        g.finish(rec, timing.STOPPED)
        return
    if isinstance(foul, penalties.Foul):
        # D20-67, AMB-D20-9: the team that did not foul always chooses, even when the choice
        # looks plain (a foul by the kicking team on a missed kick); a computer coach may
        # answer at once, a person is asked (seat/policy.py).
        answer = g.ask(K_PENALTY, opponent_of(foul.against), ("accept", "decline"),
                             f"Flag: {foul.name} on {g.teams[foul.against].name}, "
                             f"{foul.yards} yards. Accept it?",
                             penalties.info(foul, kick_good=good,
                                            offense_fouled=foul.offense))
        if answer == "decline":
            declined = "; " + penalties.declined(g, foul)
        if answer == "accept":
            rec.update(play_type="no_play", field_goal_attempt=0, kick_distance=None)
            start = g.yardline
            if foul.offense:
                yards = penalties.half_distance(foul.yards, 100 - g.yardline)
                g.yardline += yards
                g.ydstogo += yards
            else:
                yards = penalties.half_distance(foul.yards, g.yardline)
                if "f" in foul.code or yards >= g.ydstogo:
                    g.gain(rec, yards, kind="penalty", auto_first=True)
                else:
                    g.yardline -= yards
                    g.ydstogo -= yards
            penalties.mark(rec, g, foul, yards)
            stop = start + yards if foul.offense else start - yards
            rec["desc"] = (f"{k.kicker} {dist}-yard field goal try wiped out: "
                           + penalties.text(g, foul, yards, start, stop))
            g.finish(rec, timing.STOPPED)
            return
    if good:
        rec["field_goal_result"] = "made"
        rec["desc"] = f"{k.kicker} {dist}-yard field goal is GOOD{declined}"
        g.score[off] += 3
        g.kicker = off                              # the team that scored kicks off
        g.after_score()
    else:
        rec["field_goal_result"] = "missed"
        rec["desc"] = f"{k.kicker} {dist}-yard field goal is no good{declined}"
        _missed(g, off)
    g.finish(rec, timing.FIELD_GOAL)


def _missed(g: FiveD20Game, off: Side) -> None:
    """AMB-D20-19: the defense takes over at the line (or the spot of the kick), at least the 20."""
    spot = g.yardline + (7 if g.era.missed_fg_from_kick_spot else 0)
    g.first_down_at(opponent_of(off), max(1, min(80, 100 - spot)))


def blocked_place_kick(g: FiveD20Game, rec: dict[str, Any], dist: int, *, pat: bool = False) -> None:
    """D20-68 / AMB-D20-13 (stand-in mapping): red 1-11 the defense recovers and returns
    (interception-return column 10), 12-13 the ball goes beyond the line (no good, dead),
    14-20 the offense recovers (no return). White: yards behind the line. Yellow unused."""
    off: Side = g.possession
    r = g.roll5()
    d = g.chart(opponent_of(off))
    g.read(r, "red", "defense recovers" if r.red <= 11 else "beyond the line" if r.red <= 13
           else "kicking team recovers")
    rec["kick_distance"] = dist
    if pat:
        rec["extra_point_result"] = "blocked"
    if r.red <= 11:
        name = d.run_defenders[down(d.run_blue, r.blue)].name
        ret = g.charts.interception[10][r.black - 1]
        rec.update(blocked_player_name=name, return_yards=ret, returned=1,
                   return_team=g.teams[opponent_of(off)].name)
        rec["desc"] = f"Kick BLOCKED, recovered by {name}, returned {ret}"
        if pat:
            g.after_score()
        else:
            g.take_over(opponent_of(off), 100 - (g.yardline + r.white) - ret, rec)
    else:
        rec["desc"] = "Kick BLOCKED, " + ("beyond the line, dead" if r.red <= 13
                                          else "recovered by the kicking team")
        if pat:
            g.after_score()
        elif r.red <= 13:
            _missed(g, off)
        else:
            # The offense recovers `white` yards behind the line: the down is over and the
            # yards are lost, so the yards to go grow with them (3rd & 8 at the OPP28, white
            # 5: 4th & 13 at the OPP33); behind its own goal line it is a safety.
            g.gain(rec, -r.white, kind="field_goal")
    g.finish(rec, timing.FIELD_GOAL)


AGAIN: Final = "again"
FAILS: Final = "fails"
STANDS: Final = "stands"


def try_penalty(g: FiveD20Game, rec: dict[str, Any], foul: penalties.Foul | str, made: bool, *,
                play_yards: int, turnover: bool) -> str:
    """A foul on a try (extra point or two-point play), enforced by its code (D20-48):

    * offsetting fouls (AMB-D20-9): the try is made again from the same spot;
    * the team that did not foul accepts or declines, knowing whether the try was good;
    * (a): the try stands and the yards are marked off on the kickoff that follows;
    * (d) by the offense (loss of down): the try's one down is lost, it fails;
    * any other: the try does not count and is made again from the spot moved by the
      penalty (half the distance to the goal at most).

    Returns AGAIN when the try is to be made again (the record is closed as a no-play; the
    game's next step stays the try), FAILS when it fails whatever it did, else STANDS."""
    if foul == penalties.OFFSETTING:
        _void_try(rec)
        rec.update(penalty=1, penalty_type="offsetting")
        rec["desc"] += "; offsetting penalties, try again"
        g.finish(rec, 0)
        return AGAIN
    assert isinstance(foul, penalties.Foul)
    answer = g.ask(K_PENALTY, opponent_of(foul.against), ("accept", "decline"),
                         f"Flag on the try: {foul.name} on {g.teams[foul.against].name}, "
                         f"{foul.yards} yards",
                         penalties.info(foul, try_made=made, offense_fouled=foul.offense,
                                        play_yards=play_yards, turnover=turnover,
                                        touchdown=made))
    if answer == "decline":
        rec["desc"] += "; " + penalties.declined(g, foul)
        return STANDS
    if "a" in foul.code:
        # Marked off on the next kickoff, against the team that fouled.
        yards = foul.yards
        carry_to_kickoff(g, rec, foul, yards)
        rec["desc"] += "; " + penalties.text(g, foul, yards, more="marked off on the kickoff")
        return STANDS
    if "d" in foul.code and foul.offense:
        penalties.mark(rec, g, foul, 0)
        rec["desc"] += "; " + penalties.text(g, foul, 0, more="loss of down, the try fails")
        return FAILS
    start = g.yardline
    yards = penalties.move_try(g, foul)
    _void_try(rec)
    penalties.mark(rec, g, foul, yards)
    stop = start + yards if foul.offense else start - yards
    rec["desc"] += "; no play: " + penalties.text(g, foul, yards, start, stop, "try again")
    g.finish(rec, 0)
    return AGAIN


def _void_try(rec: dict[str, Any]) -> None:
    rec.update(play_type="no_play", extra_point_attempt=0, extra_point_result=None,
               two_point_attempt=0, two_point_conv_result=None, rush_attempt=0,
               pass_attempt=0, complete_pass=0, incomplete_pass=0, sack=0, interception=0,
               fumble=0, fumble_lost=0, qb_scramble=0, yards_gained=0, kick_distance=None)
