"""Issue 17 (part D20): the review of the book against the engine, as scripted-dice scenarios.

Onside kicks recovered where they land (D20-10); a lost fumble on a kick return returned like
any lost fumble (D20-52, D20-53 with D20-8 and D20-62); every returned kick checked for a
penalty, a touchdown or a lost fumble too (D20-9, D20-62); the snap fumble decided by the
snap-fumble rate alone (D20-23); the yards to go growing on a blocked kick the kicking team
recovers (D20-68); accept or decline always asked on a place kick (D20-67, AMB-D20-9); the
team that kicked a field goal kicking off; no spot off the field after a safety.

Dice are scripted in colour order (red, white, blue, black, yellow); `bears_data()` is the
1985 Bears chart of the rulebook scenarios (no penalty ranges unless a test sets some).
"""

from __future__ import annotations

from typing import Any

from test_fived20_scenarios import RS, bears_data

from scrimmage.coaches.fived20 import SystemCoach
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import ScriptedDice
from scrimmage.core.field import Side
from scrimmage.core.scenario import ScriptCoach, run_steps
from scrimmage.rules.fived20.charts import chart_from_data
from scrimmage.rules.fived20.game import FiveD20Game
from scrimmage.seat.policy import AskPolicy

HOME, AWAY = Side.HOME, Side.AWAY

# SCN-D20-2's kickoff: red 8 (61 yards from the 35 to the receiving 4), blue 12 (Gentry),
# black 4 (12 + RET 2 = 14: the return ends at the receiving 18), yellow 4 (black = yellow:
# a fumble check, D20-8). Red = white = 8: a penalty check (D20-9).
KICKOFF_FUMBLE = [8, 8, 12, 4, 4]
# The kicking team recovers: red 1 (Lankford, BASE), white 15 (above NO 14: returned),
# blue 12 (12 yards), black 2 and yellow 9 (no second fumble).
RECOVERY_RETURNED_12 = [1, 15, 12, 2, 9]


def game_with(rolls: list[int], *, edit: Any = None, **ranges: list[int]) -> FiveD20Game:
    """Two Bears charts with the FUMBLE section of the stand-in (Off Fum Lost 1-3, Def Fum Rec
    4-6, DATA-D20-9) and fumble-prone returners (5); `ranges` sets penalty ranges
    (off_KICKOFF=[8]); `edit(data)` changes anything else."""
    d = bears_data()
    d["fumbles"] = {"off_lost": [1, 3], "def_rec": [4, 6], "def_adjust": 0}
    for ret in d["kick_return"] + d["punt_return"]:
        ret["fumble"] = 5
    for key, numbers in ranges.items():
        side, row = key.split("_", 1)
        d["penalty_ranges"]["offense" if side == "off" else "defense"][row] = numbers
    if edit is not None:
        edit(d)
    b = chart_from_data(d, "bears")
    g = RS.new_game(b, b, ScriptedDice(rolls), {"era": 1985})
    assert isinstance(g, FiveD20Game)
    return g


def kickoff(g: FiveD20Game) -> FiveD20Game:
    g.kicker, g.next = HOME, "kickoff"
    return g


def on_the_field(rec: dict[str, Any]) -> bool:
    return 0 <= rec["yardline_100"] <= 100 and 0 <= rec["ydstogo"] <= 100


# -- D20-10: the onside kick is recovered where it lands ------------------------------------

def test_d20_10_onside_kick_recovered_by_the_kickers_at_their_own_47() -> None:
    # From the 35, the highest of red 12, white 12, blue 3 is 12 yards: the kicking team's 47.
    # The pair (12, 12) gives the ball to the kicking team: its own 47, 53 yards to go.
    g = kickoff(game_with([12, 12, 3]))
    (rec,) = run_steps(g, ScriptCoach({"kickoff": ["onside"]}))
    assert rec["own_kickoff_recovery"] == 1 and rec["kick_distance"] == 12
    assert g.possession is HOME and g.yardline == 53


def test_d20_10_onside_kick_recovered_by_the_receivers_at_the_opponents_47() -> None:
    # Red 12, white 5, blue 3: no pair, the receiving team recovers at the kickers' 47.
    g = kickoff(game_with([12, 5, 3]))
    (rec,) = run_steps(g, ScriptCoach({"kickoff": ["onside"]}))
    assert rec["own_kickoff_recovery"] == 0
    assert g.possession is AWAY and g.yardline == 47


# -- D20-52 with D20-8 / D20-62: a lost return fumble is returned ---------------------------

def test_d20_52_kickoff_return_fumble_lost_and_returned_12_yards() -> None:
    # Yellow 4 <= Gentry's 5: a fumble; 4 is above the receivers' Off Fum Lost 1-3 and in
    # the kickers' Def Fum Rec 4-6: lost (D20-51). Lankford recovers at the receiving 18 and
    # returns it 12 yards (white 15 > NO 14, blue 12): first down at the 6.
    g = kickoff(game_with(KICKOFF_FUMBLE + RECOVERY_RETURNED_12))
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["fumble"] == 1 and rec["fumble_lost"] == 1
    assert rec["fumbled_1_player_name"] == "Dennis Gentry"
    assert rec["fumble_recovery_1_player_name"] == "Paul Lankford"
    assert g.possession is HOME and g.yardline == 18 - 12 and g.down == 1
    assert "returned 12" in rec["desc"]


def test_d20_52_kickoff_return_fumble_returned_for_a_touchdown() -> None:
    # Blue 20 on the Fumble Return chart: 99 yards, the kicking team scores.
    g = kickoff(game_with([*KICKOFF_FUMBLE, 1, 15, 20, 2, 9]))
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["fumble_lost"] == 1 and rec["return_touchdown"] == 1 and rec["touchdown"] == 1
    assert g.score[HOME] == 6 and g.next == "try" and g.possession is HOME


def test_d20_52_no_return_when_white_is_at_most_no() -> None:
    # White 14 = NO: no return, the kicking team has the ball where the return ended.
    g = kickoff(game_with([*KICKOFF_FUMBLE, 1, 14, 12, 2, 9]))
    run_steps(g, ScriptCoach())
    assert g.possession is HOME and g.yardline == 18


def test_d20_53_the_fumble_returner_fumbles_and_the_receivers_get_it_back() -> None:
    # The recovery roll's black 6 = yellow 6 on a return: Lankford fumbles 12 yards on, at the
    # receiving 6; the re-rolled yellow 2 is in the kicking team's Off Fum Lost (roles swapped):
    # the receiving team has the ball back, first down at its own 6.
    g = kickoff(game_with([*KICKOFF_FUMBLE, 1, 15, 12, 6, 6, 2]))
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["fumble"] == 1 and rec["fumble_lost"] == 0
    assert rec["fumble_recovery_2_team"] == "1985 Chicago Bears"
    assert g.possession is AWAY and g.yardline == 100 - 6 and g.down == 1


def test_d20_62_punt_return_fumble_lost_and_returned() -> None:
    # 4th & 3 at the own 40: red 3, "33R" lands at the receiving 27; blue 12 Eddie Royal,
    # black 5 returns 1 (to the 28). D20-62 re-rolls black and yellow: 4 = 4, yellow 4 <= 5,
    # lost. Lankford returns it 12 yards: the punting team has the ball at the 16.
    g = game_with([3, 3, 12, 5, 9, 4, 4, *RECOVERY_RETURNED_12])
    g.start_at("Q1 10:00 HOME 4&3 OWN40")
    (rec,) = run_steps(g, ScriptCoach({"snap": ["punt"]}))
    assert rec["return_yards"] == 1 and rec["fumble_lost"] == 1
    assert g.possession is HOME and g.yardline == 28 - 12 and (g.down, g.ydstogo) == (1, 10)


# -- D20-9 / D20-62: every returned kick gets its penalty check -----------------------------

def test_d20_9_a_lost_fumble_return_is_checked_and_a_foul_by_the_kickers_wipes_it_out() -> None:
    # The same lost fumble; red = white = 8 is in the kicking team's KICKOFF range, yellow
    # 15: unnecessary roughness (a). The receivers accept: a turnover play is wiped out by an
    # accepted foul whatever its code, and the kick is made again 15 yards back (the 20).
    g = kickoff(game_with(KICKOFF_FUMBLE + RECOVERY_RETURNED_12 + [15], off_KICKOFF=[8]))
    coach = ScriptCoach()
    (rec,) = run_steps(g, coach)
    (flag,) = [d for d in coach.asked if d.kind is Kind.PENALTY]
    assert flag.seat is AWAY and flag.info["turnover"] is True
    assert rec["play_type"] == "no_play" and rec["penalty_type"] == "unnecessary roughness"
    assert rec["fumble_lost"] == 0 and rec["fumble_recovery_1_team"] is None
    assert g.next == "kickoff" and g.kicker is HOME and g.kickoff_shift == 20 - 35


def test_d20_9_declined_foul_leaves_the_lost_fumble() -> None:
    g = kickoff(game_with(KICKOFF_FUMBLE + RECOVERY_RETURNED_12 + [15], off_KICKOFF=[8]))
    (rec,) = run_steps(g, ScriptCoach({"penalty": ["decline"]}))
    assert rec["play_type"] == "kickoff" and rec["fumble_lost"] == 1 and rec["penalty"] == 0
    assert g.possession is HOME and g.yardline == 6


def _long_gentry(d: dict[str, Any]) -> None:
    d["kick_return"][0]["returns"][19] = 99


# Red 8 (61 yards, to the receiving 4), blue 12 Gentry, black 20: 99 + 2, a touchdown;
# yellow 3 (no fumble check). Red = white = 8: a penalty check.
KICKOFF_TD = [8, 8, 12, 20, 3]


def test_d20_9_holding_on_a_kickoff_return_touchdown_brings_it_back() -> None:
    # The receiving team's KICKOFF range has 8; yellow 1: holding on the return, (a), 10
    # yards from where the return ended (the goal line): the receivers' ball at the 10.
    g = kickoff(game_with([*KICKOFF_TD, 1], edit=_long_gentry, def_KICKOFF=[8]))
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["penalty"] == 1 and rec["penalty_type"] == "holding on the return"
    assert rec["touchdown"] == 0 and g.score[AWAY] == 0
    assert g.possession is AWAY and g.yardline == 10 and g.next == "scrimmage"


def test_d20_9_kickers_a_foul_on_a_return_touchdown_goes_on_the_next_kickoff() -> None:
    # The kicking team's unnecessary roughness (a, 15 yards, yellow 15): the receivers
    # accept; the touchdown stands and the yards are marked off on their kickoff.
    g = kickoff(game_with([*KICKOFF_TD, 15], edit=_long_gentry, off_KICKOFF=[8]))
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["penalty"] == 1 and rec["penalty_yards"] == 15 and rec["return_touchdown"] == 1
    assert g.score[AWAY] == 6 and g.next == "try" and g.carried_home == -15


def test_system_coach_on_kick_fouls_keeps_its_touchdown_and_its_takeaway() -> None:
    def ask(**info: Any) -> str:
        d = Decision(Kind.PENALTY, AWAY, ("accept", "decline"), "", {"kick": "kickoff",
                                                                     "return_end": 40, **info})
        return SystemCoach.penalty(d, game_with([]).view(AWAY))  # the answer reads no view

    assert ask(code="", offense_fouled=True, touchdown=True) == "decline"
    assert ask(code="a", offense_fouled=True, touchdown=True) == "accept"
    assert ask(code="a", offense_fouled=True, turnover=True) == "accept"
    assert ask(code="a", offense_fouled=False, turnover=True) == "decline"
    assert ask(code="a", offense_fouled=False, touchdown=True) == "accept"


# -- D20-23: the snap-fumble rate alone decides a snap fumble -------------------------------

def _sure_hands(d: dict[str, Any]) -> None:
    d["qb"]["fumble"] = 0           # an ordinary fumble rating that would never fumble


def test_d20_23_snap_fumble_is_not_tested_against_the_qb_fumble_rating() -> None:
    # Roll 1: black 1 = yellow 1 <= McMahon's SNAP FUM 1: fumbled, a 2-yard loss, whatever
    # his ordinary fumble rating (0 here). The FUMBLE section: yellow 1 is in the Bears' Off
    # Fum Lost 1-3, lost; no return. Recovery roll: red 1, white 5, blue 9, black 2, yellow 7.
    g = game_with([3, 2, 4, 1, 1, 1, 5, 9, 2, 7], edit=_sure_hands)
    g.start_at("Q1 10:00 HOME 1&10 OWN30")
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["result"] == "SNAP FUM" and rec["fumble"] == 1 and rec["fumble_lost"] == 1
    assert g.possession is AWAY and g.yardline == 100 - 72


def test_d20_23_the_fumble_section_decides_the_recovery() -> None:
    # Yellow 1 outside an Off Fum Lost of 0-0 and a Def Fum Rec of 4-6: the offense keeps it.
    def keep(d: dict[str, Any]) -> None:
        _sure_hands(d)
        d["fumbles"]["off_lost"] = [0, 0]

    g = game_with([3, 2, 4, 1, 1], edit=keep)
    g.start_at("Q1 10:00 HOME 1&10 OWN30")
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["fumble"] == 1 and rec["fumble_lost"] == 0
    assert g.possession is HOME and (g.down, g.ydstogo, g.yardline) == (2, 12, 72)


# -- D20-68: the kicking team recovers its blocked kick -------------------------------------

def test_d20_68_blocked_kick_recovered_by_the_kickers_adds_to_the_yards_to_go() -> None:
    # 3rd & 8 at the OPP28: a 45-yard try (28 + 7 + 10). Black 7 = yellow 7 is in 1-10:
    # blocked (D20-66). Red 15: the kicking team recovers, white 5 yards behind the line:
    # 4th & 13 at the OPP33.
    g = game_with([5, 2, 3, 7, 7, 15, 5, 3, 4, 9])
    g.start_at("Q2 05:00 HOME 3&8 OPP28")
    (rec,) = run_steps(g, ScriptCoach({"snap": ["field_goal"]}))
    assert rec["field_goal_result"] == "blocked"
    assert g.possession is HOME and (g.down, g.ydstogo, g.yardline) == (4, 13, 33)


# -- D20-67 with AMB-D20-9: accept or decline is always asked on a place kick ----------------

def test_d20_67_a_foul_by_the_kickers_on_a_missed_kick_is_still_asked() -> None:
    # A 62-yard try from the OPP45 (red 5: 42 yards, no good); red = white = 5 is in the
    # kicking team's FIELD GOALS range, yellow 3: offensive holding. Declining keeps the miss.
    g = game_with([5, 5, 3, 1, 2, 3], off_FIELD_GOALS=[5])
    g.start_at("Q2 05:00 HOME 4&6 OPP45")
    coach = ScriptCoach({"snap": ["field_goal"], "penalty": ["decline"]})
    (rec,) = run_steps(g, coach)
    (flag,) = [d for d in coach.asked if d.kind is Kind.PENALTY]
    assert flag.seat is AWAY and flag.info["kick_good"] is False
    assert rec["field_goal_result"] == "missed" and "declined" in rec["desc"]
    assert g.possession is AWAY
    # A person is asked (penalties are a choice that changes a game, seat/policy.py); the
    # computer coach answers at once: it keeps the miss.
    assert AskPolicy().asks(flag, g.view(AWAY), "decline")
    assert SystemCoach.penalty(flag, g.view(AWAY)) == "decline"


def test_d20_67_a_foul_by_the_defense_on_a_good_kick_is_asked_too() -> None:
    # Red 20: a 70-yard range, good from the OPP20 (37 yards). Red 20 = blue 20 is in the
    # defense's FIELD GOALS range, yellow 3: offside. The kicking team may take the points.
    g = game_with([20, 2, 20, 1, 4, 3], def_FIELD_GOALS=[20])
    g.start_at("Q2 05:00 HOME 4&6 OPP20")
    coach = ScriptCoach({"snap": ["field_goal"], "penalty": ["decline"]})
    (rec,) = run_steps(g, coach)
    (flag,) = [d for d in coach.asked if d.kind is Kind.PENALTY]
    assert flag.seat is HOME and flag.info["kick_good"] is True
    assert rec["field_goal_result"] == "made" and g.score[HOME] == 3
    assert SystemCoach.penalty(flag, g.view(HOME)) == "decline"


# -- the play record tells the truth --------------------------------------------------------

def test_the_team_that_kicks_a_field_goal_kicks_off() -> None:
    # Red 20: good. The receiving team of the opening kickoff scored, so it kicks off now.
    g = game_with([20, 2, 3, 6, 9, 8, 1, 12, 4, 5])
    g.kicker = AWAY
    g.start_at("Q1 10:00 HOME 4&5 OPP20")
    made, kick = run_steps(g, ScriptCoach({"snap": ["field_goal"]}), 2)
    assert made["field_goal_result"] == "made" and kick["play_type"] == "kickoff"
    assert kick["posteam_type"] == "away" and kick["kicker_player_name"] == "Kevin Butler"
    assert kick["situation"].endswith("HOME kickoff from OWN35")


def test_a_safety_at_the_end_of_the_half_leaves_every_spot_on_the_field() -> None:
    # Q2 0:00, 3rd & 11 at the own 8: a 109-yard try, blocked (black 7 = yellow 7 <= 12).
    # Red 15: the kicking team recovers 12 yards behind the line, in its end zone: a safety,
    # the half is over. The second half opens with a kickoff.
    for receiver in (HOME, AWAY):
        g = game_with([5, 2, 3, 7, 7, 15, 12, 3, 4, 9, 8, 1, 12, 4, 5])
        g.second_half_kicker = receiver.other
        g.start_at("Q2 00:00 HOME 3&11 OWN8")
        safety, kick = run_steps(g, ScriptCoach({"snap": ["field_goal"]}), 2)
        assert safety["safety"] == 1 and g.score[AWAY] == 2
        assert kick["qtr"] == 3 and kick["play_type"] == "kickoff"
        assert on_the_field(safety) and on_the_field(kick)
        assert "OWN35" in kick["situation"]


def test_after_a_safety_the_ball_is_at_the_free_kick_spot() -> None:
    g = game_with([5, 2, 3, 7, 7, 15, 12, 3, 4, 9])
    g.start_at("Q2 05:00 HOME 3&11 OWN8")
    run_steps(g, ScriptCoach({"snap": ["field_goal"]}))
    assert g.next == "free_kick" and g.possession is HOME
    assert 1 <= g.yardline <= 99 and g.view(AWAY).situation.yardline_100 == g.yardline
