"""The 5D20 procedures the first pass left out, as scripted-dice scenarios: penalties on
returned kicks and on tries enforced by their codes (D20-9, D20-46..48, D20-62, D20-65, D20-67),
a fumble on an interception return (D20-53), the field goal at 0:00 (D20-43), kneel and spike
(official-rules fallback), timeouts after any play (D20-43) and the coaches' fast path.

Dice are scripted in colour order (red, white, blue, black, yellow); `bears_data()` is the
1985 Bears chart of the rulebook scenarios, with no penalty ranges unless a test sets some.
"""

from __future__ import annotations

from typing import Any

from test_fived20_scenarios import RS, bears_data

import scrimmage
from scrimmage.coaches.fived20 import SystemCoach
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import ScriptedDice
from scrimmage.core.field import Side
from scrimmage.core.scenario import ScriptCoach, run_steps
from scrimmage.rules.fived20.charts import chart_from_data
from scrimmage.rules.fived20.game import FiveD20Game

HOME, AWAY = Side.HOME, Side.AWAY
# Roll 1: red 3 (a run on any row here), blue 4 (Payton). Roll 2: red 1 (Lankford on RUN and
# BASE, the front seven... on SHYD), white 10, blue 2, black 5, yellow 9: a short run in
# bounds, 40 seconds.
RUN_40 = [3, 2, 4, 6, 9, 1, 10, 2, 5, 9]


def game_with(rolls: list[int], *, era: int = 1985, **ranges: list[int]) -> FiveD20Game:
    """Two Bears charts; `ranges` sets penalty ranges, e.g. off_KICKOFF=[8], def_RUNNING=[7]."""
    d = bears_data()
    for key, numbers in ranges.items():
        side, row = key.split("_", 1)
        d["penalty_ranges"]["offense" if side == "off" else "defense"][row] = numbers
    b = chart_from_data(d, "bears")
    g = RS.new_game(b, b, ScriptedDice(rolls), {"era": era})
    assert isinstance(g, FiveD20Game)
    return g


def kickoff_game(rolls: list[int], **ranges: list[int]) -> FiveD20Game:
    g = game_with(rolls, **ranges)
    g.kicker = HOME
    g.next = "kickoff"
    return g


# -- penalties on returned kicks (D20-9, D20-48) --------------------------------------------

def test_d20_48_a_foul_on_a_kickoff_return_is_counted_off_after_the_return() -> None:
    # SCN-D20-2's dice: 61 yards from the 35 to the 4, Gentry returns 12 + 2 = 14 (to the 18).
    # Red = white = 8 is in the receiving team's KICKOFF range; yellow re-rolled 1: holding on
    # the return, 10 yards, code (a): the return stands, half the distance from its end.
    g = kickoff_game([8, 8, 12, 4, 4, 1], def_KICKOFF=[8])
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["play_type"] == "kickoff" and rec["return_yards"] == 14
    assert rec["penalty"] == 1 and rec["penalty_type"] == "holding on the return"
    assert rec["penalty_yards"] == 9                     # half the distance from the 18
    assert g.possession is AWAY and g.yardline == 100 - 9


def test_d20_48_a_foul_without_a_wipes_the_kickoff_out_and_it_is_kicked_again() -> None:
    # The kicking team's KICKOFF range has 8; yellow 1: offside on the kick, 5 yards, no (a):
    # the kick does not count and is kicked again from the 30 (D20-48, like a play from
    # scrimmage whose foul has no code). The second kick: red 8, 61 yards from the 30 lands
    # at the receiving 9, Gentry returns 12 + 2 to the 23.
    g = kickoff_game([8, 8, 12, 4, 4, 1, 8, 1, 12, 4, 5], off_KICKOFF=[8])
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["play_type"] == "no_play" and rec["penalty_type"] == "offside on the kick"
    assert rec["returned"] == 0 and rec["kickoff_returner_player_name"] is None
    assert g.next == "kickoff" and g.kicker is HOME
    (again,) = run_steps(g, ScriptCoach())
    assert again["play_type"] == "kickoff" and again["kick_distance"] == 61
    assert g.possession is AWAY and g.yardline == 100 - 23


def test_d20_48_declined_kick_penalty_keeps_the_return() -> None:
    g = kickoff_game([8, 8, 12, 4, 4, 1], off_KICKOFF=[8])
    (rec,) = run_steps(g, ScriptCoach({"penalty": ["decline"]}))
    assert rec["play_type"] == "kickoff" and rec["penalty"] == 0
    assert g.possession is AWAY and g.yardline == 100 - 18


def test_d20_62_a_punt_foul_without_a_replays_the_down() -> None:
    # 4th & 3 at the own 40 (OWN row). Red 3: "33R", returned. Blue 12: the first returner.
    # Red = white = 3 is in the receiving team's PUNTING range; yellow 17: running into the
    # kicker, 5 yards, no code: the punt is wiped out, the 5 yards give a first down.
    d_rolls = [3, 3, 12, 5, 9,   # the punt: no block (black 5 != yellow 9)
               7, 8,             # D20-62: black and yellow re-rolled (no fumble)
               17]               # the penalty's yellow
    g = game_with(d_rolls, def_PUNTING=[3])
    g.start_at("Q1 10:00 HOME 4&3 OWN40")
    (rec,) = run_steps(g, ScriptCoach({"snap": ["punt"]}))
    assert rec["penalty_type"] == "running into the kicker" and rec["play_type"] == "no_play"
    assert rec["punt_attempt"] == 0 and rec["return_yards"] == 0
    assert g.possession is HOME and g.yardline == 55 and (g.down, g.ydstogo) == (1, 10)


def test_d20_62_an_a_foul_on_a_punt_return_is_marked_from_its_end() -> None:
    # Same punt; yellow 1: holding on the return (a), 10 yards from where the return ended.
    # 33 yards from the own 40 lands at the receiving 27; the return (black 5 on the first
    # returner's row) is added, then 10 yards come off.
    g = game_with([3, 3, 12, 5, 9, 7, 8, 1], def_PUNTING=[3])
    g.start_at("Q1 10:00 HOME 4&3 OWN40")
    (rec,) = run_steps(g, ScriptCoach({"snap": ["punt"]}))
    ret = rec["return_yards"]
    assert rec["play_type"] == "punt" and rec["penalty_type"] == "holding on the return"
    assert rec["penalty_yards"] == 10
    assert g.possession is AWAY and g.yardline == 100 - (27 + ret - 10)


# -- penalties on tries (D20-65, D20-67, D20-24, D20-41) ------------------------------------

def test_d20_67_offensive_foul_on_a_good_extra_point_is_tried_again_10_yards_back() -> None:
    # 1985: the extra point is snapped from the 2, a 19-yard kick (2 + 7 + 10). Red 5 = white 5
    # is in the kicking team's FIELD GOALS range; yellow 3: offensive holding, 10 yards. The
    # defense accepts: the try is made again from the 12 (a 29-yard kick).
    g = game_with([5, 5, 3, 1, 2, 3, 9, 2, 3, 6, 7], off_FIELD_GOALS=[5])
    g.possession, g.next = HOME, "try"
    (rec,) = run_steps(g, ScriptCoach({"try": ["kick", "kick"]}))
    assert rec["play_type"] == "no_play" and rec["penalty_type"] == "offensive holding"
    assert rec["penalty_yards"] == 10 and g.score[HOME] == 0 and g.next == "try"
    (again,) = run_steps(g, ScriptCoach({"try": ["kick"]}))
    assert again["play_type"] == "extra_point" and again["kick_distance"] == 29
    assert again["extra_point_result"] == "good" and g.score[HOME] == 1
    assert g.next == "kickoff" and g.try_shift == 0


def test_d20_67_declined_foul_on_an_extra_point_keeps_the_kick() -> None:
    g = game_with([5, 5, 3, 1, 2, 3], off_FIELD_GOALS=[5])
    g.possession, g.next = HOME, "try"
    (rec,) = run_steps(g, ScriptCoach({"penalty": ["decline"]}))
    assert rec["play_type"] == "extra_point" and rec["extra_point_result"] == "good"
    assert g.score[HOME] == 1 and g.next == "kickoff"


def test_d20_24_snap_penalty_on_a_two_point_try_moves_the_try() -> None:
    # Roll 1 of the try: red = white = 5 in the offense's SNAP range, yellow 1: false start,
    # 5 yards. The try is made again from the 7 (a run: 1 yard, the try fails).
    g = game_with([5, 5, 12, 6, 9, 1, *RUN_40], era=2016, off_SNAP=[5])
    g.possession, g.next = HOME, "try"
    (rec,) = run_steps(g, ScriptCoach({"try": ["two"]}))
    assert rec["play_type"] == "no_play" and rec["penalty_type"] == "false start"
    assert rec["two_point_attempt"] == 0 and g.next == "try" and g.try_shift == 5
    (again,) = run_steps(g, ScriptCoach({"try": ["two"]}))
    assert again["two_point_attempt"] == 1 and again["yardline_100"] == 7
    assert again["two_point_conv_result"] == "failure" and g.next == "kickoff"


def test_d20_41_defensive_foul_on_a_failed_two_point_try_gives_another_from_the_1() -> None:
    # Roll 1: red 3 (SHYD, run), blue 4: Payton. Roll 2: red = white = 7 (the defense's RUNNING
    # range), blue 2: LOS -> LINE, black 1: -2 yards, the try fails. Yellow 1: defensive
    # holding, 5 yards, (f): the offense accepts and tries again from the 1 (half the distance).
    g = game_with([3, 2, 4, 6, 9, 7, 7, 2, 1, 5, 1], era=2016, def_RUNNING=[7])
    g.possession, g.next = HOME, "try"
    (rec,) = run_steps(g, ScriptCoach({"try": ["two"]}))
    assert rec["penalty_type"] == "defensive holding" and rec["play_type"] == "no_play"
    assert rec["two_point_attempt"] == 0 and rec["penalty_yards"] == 1
    assert g.next == "try" and g.try_shift == -1 and g.score[HOME] == 0


# -- a fumble on an interception return (D20-53) --------------------------------------------

def _interception_rolls(recovery_yellow: int) -> list[int]:
    # SCN-D20-9: MP pass picked off by Judson 12 yards downfield, returned 2 (black 4); the
    # roll-2 yellow is 4, so the re-rolled black 4 matches it: the interceptor fumbles.
    return [15, 12, 3, 9, 2, 3, 10, 5, 1, 4, 5, 4, recovery_yellow]


def test_d20_53_interceptor_fumbles_and_the_passing_team_recovers() -> None:
    # Re-rolled yellow 1: in the intercepting team's Off Fum Lost range (1-1): the passing
    # team has the ball back where the return ended (the opponent's 40), first and ten.
    g = game_with(_interception_rolls(1))
    g.start_at("Q1 10:00 HOME 1&10 50")
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["interception"] == 1 and rec["return_yards"] == 2
    assert rec["fumbled_2_player_name"] == "William Judson"
    assert rec["fumble_recovery_2_team"] == g.teams[HOME].name
    assert g.possession is HOME and g.yardline == 40 and (g.down, g.ydstogo) == (1, 10)


def test_d20_53_interceptor_fumbles_and_his_team_keeps_it() -> None:
    # Yellow 3: above Off Fum Lost (1) and outside the passer's Def Fum Rec (2): the
    # intercepting team keeps it where the return ended.
    g = game_with(_interception_rolls(3))
    g.start_at("Q1 10:00 HOME 1&10 50")
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["fumble_recovery_2_team"] == g.teams[AWAY].name
    assert g.possession is AWAY and g.yardline == 100 - (50 - 12) - 2


def test_d20_53_no_fumble_check_without_the_match() -> None:
    g = game_with([15, 12, 3, 9, 2, 3, 10, 5, 1, 7, 5, 4])
    g.start_at("Q1 10:00 HOME 1&10 50")
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["fumbled_2_player_name"] is None and g.possession is AWAY


# -- the field goal at 0:00 (D20-43) ----------------------------------------------------------

def test_d20_43_run_the_clock_to_0_00_and_still_kick() -> None:
    g = game_with([*RUN_40, 20, 2, 3, 6, 9])
    g.start_at("Q2 00:30 HOME 1&10 OPP20")
    coach = ScriptCoach({"snap": ["play", "field_goal"]})
    run, kick = run_steps(g, coach)
    assert run["play_type"] == "run" and run["seconds"] == 30
    zero = [d for d in coach.asked if d.kind is Kind.SNAP and d.info.get("at_zero")]
    assert zero and zero[0].options == ("none", "field_goal")
    assert kick["play_type"] == "field_goal" and kick["seconds"] == 0
    assert kick["quarter_seconds_remaining"] == 0 and kick["field_goal_result"] == "made"
    assert g.score[HOME] == 3
    assert g.clock.quarter == 3 and g.next == "kickoff"      # then the half ends


def test_d20_43_no_kick_at_0_00_ends_the_half() -> None:
    g = game_with(list(RUN_40))
    g.start_at("Q2 00:30 HOME 1&10 OPP20")
    (run,) = run_steps(g, ScriptCoach({"snap": ["play", "none"]}))
    assert run["play_type"] == "run" and g.clock.quarter == 3 and g.score[HOME] == 0


def test_d20_43_no_kick_at_0_00_after_the_first_quarter() -> None:
    g = game_with(list(RUN_40))
    g.start_at("Q1 00:30 HOME 1&10 OPP20")
    coach = ScriptCoach()
    run_steps(g, coach)
    assert not [d for d in coach.asked if d.info.get("at_zero")]
    assert g.clock.quarter == 2


# -- kneel and spike (official rules) ---------------------------------------------------------

def test_kneel_loses_a_yard_and_runs_40_seconds() -> None:
    g = game_with([])
    g.start_at("Q4 01:30 HOME 1&10 OWN30")
    (rec,) = run_steps(g, ScriptCoach({"snap": ["kneel"]}))
    assert rec["play_type"] == "qb_kneel" and rec["qb_kneel"] == 1 and rec["rush_attempt"] == 1
    assert rec["yards_gained"] == -1 and rec["seconds"] == 40
    assert rec["rusher_player_name"] == "Jim McMahon"
    assert (g.down, g.ydstogo, g.yardline) == (2, 11, 71)


def test_spike_is_an_incomplete_pass_of_10_seconds() -> None:
    g = game_with([])
    g.start_at("Q4 00:30 HOME 2&10 OPP30")
    (rec,) = run_steps(g, ScriptCoach({"snap": ["spike"]}))
    assert rec["play_type"] == "qb_spike" and rec["incomplete_pass"] == 1
    assert rec["seconds"] == 10 and (g.down, g.ydstogo, g.yardline) == (3, 10, 30)


def test_system_coach_kneels_out_a_lead() -> None:
    g = game_with([])
    g.start_at("Q4 01:30 HOME 1&10 OWN30")
    g.score[HOME] = 7
    g.teams[AWAY].timeouts = 0
    view = g.view(HOME)
    d = Decision(Kind.SNAP, HOME, ("play", "punt", "field_goal", "kneel", "spike"))
    assert SystemCoach(1).decide(d, view) == "kneel"
    g.teams[AWAY].timeouts = 3                 # 4 kneels = 160 s, minus 3 x 30 = 70 s < 90 s
    assert SystemCoach(1).decide(d, view) == "play"


# -- timeouts after any play (D20-43) and the fast path ---------------------------------------

def test_d20_43_a_timeout_may_follow_a_10_second_play_too() -> None:
    # An incomplete pass (10 s): both coaches are still asked; a timeout changes nothing.
    # Roll 1: red 15 (pass), white 12 (MP), blue 3. Roll 2: red 3 (Judson), white 10 (DEF),
    # blue 5 (PD), black 20: knocked away.
    g = game_with([15, 12, 3, 9, 2, 3, 10, 5, 20, 7])
    g.start_at("Q4 01:00 HOME 1&10 50")
    coach = ScriptCoach({"timeout": ["none", "timeout"]})
    (rec,) = run_steps(g, coach)
    assert rec["incomplete_pass"] == 1 and rec["seconds"] == 10
    asked = [d for d in coach.asked if d.kind is Kind.TIMEOUT]
    assert [d.seat for d in asked] == [HOME, AWAY] and asked[0].info["item"] == "short"
    assert rec["timeout"] == 1 and g.teams[AWAY].timeouts == 2
    assert g.clock.seconds_left == 50


def test_a_40_second_play_followed_by_a_timeout_takes_10() -> None:
    g = game_with(list(RUN_40))
    g.start_at("Q4 05:00 HOME 1&10 50")
    (rec,) = run_steps(g, ScriptCoach({"timeout": ["timeout"]}))
    assert rec["seconds"] == 10 and rec["timeout_team"] == g.teams[HOME].name
    assert g.clock.seconds_left == 290 and g.teams[HOME].timeouts == 2


class _Unfiltered:
    """A system coach without the fast path: it is asked every question."""

    def __init__(self, seed: int) -> None:
        self.coach = SystemCoach(seed)

    def decide(self, decision: Decision, view: Any) -> str:
        return self.coach.decide(decision, view)

    def sync(self, decision: Decision, view: Any) -> None:
        self.coach.sync(decision, view)


def test_fast_path_agrees_with_the_coach() -> None:
    teams = RS.team_names()
    for seed in range(6):
        home, away = teams[seed], teams[seed + 10]
        fast = scrimmage.play_game("5d20", home, away, seed=seed)
        slow = scrimmage.play_game("5d20", home, away, seed=seed,
                                   coaches={HOME: _Unfiltered(seed), AWAY: _Unfiltered(seed + 1)})
        assert fast.plays == slow.plays
        assert fast.decisions == slow.decisions
        assert scrimmage.replay(fast).plays == fast.plays


def test_d20_48_offsetting_fouls_on_a_field_goal_replay_the_down() -> None:
    # Red 5 = white 5 is in both teams' FIELD GOALS ranges: offsetting fouls, no kick, the
    # same down from the same spot.
    g = game_with([5, 5, 3, 1, 2], off_FIELD_GOALS=[5], def_FIELD_GOALS=[5])
    g.start_at("Q2 05:00 HOME 4&6 OPP20")
    (rec,) = run_steps(g, ScriptCoach({"snap": ["field_goal"]}))
    assert rec["play_type"] == "no_play" and rec["penalty_type"] == "offsetting"
    assert g.score[HOME] == 0 and (g.possession, g.down, g.yardline) == (HOME, 4, 20)
