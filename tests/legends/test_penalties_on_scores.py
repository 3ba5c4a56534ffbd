"""Issue 17 (L1): penalties on scores, turnovers and kicks, coaching points, the classic
solitaire rules, and play records that tell the truth.

- FNL-36 (FL L372, L568): a foul after the snap of a play that ends in an offensive score
  leaves the score standing; an accepted foul is marked off on the kickoff. A foul before the
  snap (a 15-yard foul rolled "before", FNL-34) still wipes the play out.
- FNL-35 (FL L566): any foul on a play that ends in a score or a turnover gets the offense's
  before/after d20; after a turnover it is marked off once the ball has changed hands.
- FL L566 names kickoffs: a kickoff has its penalty roll (1 the kickers, 20 the receivers).
- FNL-75: the classic "ignore a penalty" item has no once-a-quarter limit.
- FNL-76 {C} (F0 L48): the offense may overrule the defense's spending.
- FNL-74 item 4: the ±1 is offered on every kicking roll.
- FNL-90: the solitaire situational overrides are the classic profile's only.
- Records: an onside kick the kickers recover carries their score columns; a loss of down on
  4th down ends a high-school overtime series; short onside kicks never leave the field.
"""

from __future__ import annotations

from typing import Any

import pytest
from levels_helpers import kickoff_game
from levels_helpers import step as level_step
from test_scenarios import (
    BPD_TURNOVER,
    INT_RET_0,
    INT_THROWN_9,
    PR_NOTHING,
    calls,
    game,
    only,
    step,
    team,
)

from scrimmage.coaches.legends import PASS_CARDS, RUN_CARDS, SolitaireCoach
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.field import Side
from scrimmage.rules.legends.cards import OFF_SETS

HOME, AWAY = Side.HOME, Side.AWAY
BEFORE, AFTER = 5, 15           # FNL-34/35: 1-10 before, 11-20 after
DEF_HOLDING_PASS = 7            # Pass DEF 7-9: Defensive holding, 10 yards
DEF_HOLDING_RUN = 11            # Run DEF 11-13: Defensive holding, 10 yards
OFF_HOLDING_RUN = 11            # Run OFF 11-16: Holding, 10 yards
FACE_MASK = 14                  # Run DEF 14-16: Face mask, 15 yards
GROUNDING = 15                  # Pass OFF 15-17: Intentional grounding, loss of down
ONSIDE_KICKING = 16             # Onside Kick 16-20: the kicking team recovers


def _penalty(coach: Any) -> Decision:
    [d] = [d for d in coach.asked if d.kind is Kind.PENALTY]
    return d


# -- FNL-36: the score stands, the foul goes to the kickoff --------------------------------------

@pytest.mark.parametrize("when", [BEFORE, AFTER])
def test_fnl_36_defensive_holding_on_a_touchdown_pass_is_marked_on_the_kickoff(
        when: int) -> None:
    """FL L568: defensive holding on a touchdown pass happened after the snap, whatever the
    FNL-35 roll says: the offense accepts, the six points stand and the 10 yards come off
    the receivers' kickoff return (caught at the 7, returned 30 - 10, to their 27)."""
    g = game(team(off={("roll_out", 1, "zone"): 8}))
    p, coach = step(g, [1, 20, 1, DEF_HOLDING_PASS, when],
                    {**calls("roll_out", "zone"), "penalty": ["accept"]},
                    at="Q1 10:00 HOME 1&G OPP5")
    p = only(p)
    assert _penalty(coach).info["on_kickoff"] is True
    assert p["touchdown"] == 1 and g.s.score[HOME] == 6
    assert p["penalty_type"] == "Defensive holding (on the kickoff)"
    assert "on the kickoff" in p["desc"]
    step(g, [10], {"try": ["kick"]})
    only(step(g, [PR_NOTHING, 7, 10])[0])
    assert g.s.possession is AWAY and g.s.yardline == 100 - (7 + 30 - 10)


def test_fnl_36_a_defensive_foul_on_a_made_field_goal_costs_the_defense_on_the_kickoff() -> None:
    """Issue 33: the foul after the snap of a made field goal (defensive holding, rolled
    after) is marked off on the kickoff against the team that fouled, even when the other
    team kicked off last: the home kicker kicks, the away return loses the 10 yards (caught
    at the 7, returned 30 - 10, to the away 27)."""
    g = game()
    g.kicker = AWAY                       # the away team kicked off last
    p, _coach = step(g, [20, DEF_HOLDING_RUN, AFTER, 10], {"snap": ["field_goal"],
                                                          "penalty": ["accept"]},
                    at="Q1 10:00 HOME 4&G OPP5")
    p = only(p)
    assert p["field_goal_result"] == "made" and g.s.score[HOME] == 3
    assert p["penalty_team"] == g.s.teams[AWAY].name and p["penalty_on_kickoff"] == 1
    assert g.s.kickoff_shift_home == 10
    kick = only(step(g, [PR_NOTHING, 7, 10])[0])
    assert kick["kickoff_attempt"] == 1 and kick["carried_penalty_yards"] == -10
    assert g.s.possession is AWAY and g.s.yardline == 100 - (7 + 30 - 10)


def test_fnl_35_a_false_start_on_a_touchdown_play_came_before_the_snap() -> None:
    """A false start (Run OFF 1) can only come before the snap: no FNL-35 roll, and
    accepted it wipes the touchdown out instead of waiting for the kickoff."""
    g = game(team(off={("inside_run", 1, "run_inside"): 8}))
    p, coach = step(g, [1, 1, 1, 1], {**calls("inside_run", "run_inside"),
                                      "penalty": ["accept"]},
                    at="Q1 10:00 HOME 1&G OPP5")
    p = only(p)
    assert _penalty(coach).info["when"] == "pre" and _penalty(coach).info["on_kickoff"] is False
    assert p["play_type"] == "no_play" and p["touchdown"] == 0 and g.s.score[HOME] == 0
    assert p["penalty_type"] == "False start" and p["penalty_on_kickoff"] == 0
    assert g.s.kickoff_shift_home == 0 and g.s.yardline == 10


def test_fnl_36_offensive_holding_on_a_touchdown_run_moves_the_kickoff_back() -> None:
    """FL L568 names no side: holding by the scoring team on its touchdown run, accepted by
    the defense, leaves the score and costs the kickers 10 yards on the kickoff."""
    g = game(team(off={("inside_run", 1, "run_inside"): 8}))
    p, _ = step(g, [1, 1, 1, OFF_HOLDING_RUN, AFTER],
                {**calls("inside_run", "run_inside"), "penalty": ["accept"]},
                at="Q1 10:00 HOME 1&G OPP5")
    assert only(p)["touchdown"] == 1 and g.s.score[HOME] == 6
    assert g.s.kickoff_shift_home == -10     # the scoring (home) team fouled


def test_fnl_34_36_a_foul_before_the_snap_still_wipes_out_the_touchdown() -> None:
    """A face mask rolled before the snap (FNL-34) is not after the snap: accepted, there is
    no touchdown; half the distance to the goal from the 5."""
    g = game(team(off={("inside_run", 1, "run_inside"): 8}))
    p = only(step(g, [1, 20, 1, FACE_MASK, BEFORE],
                  {**calls("inside_run", "run_inside"), "penalty": ["accept"]},
                  at="Q1 10:00 HOME 1&G OPP5")[0])
    assert p["play_type"] == "no_play" and g.s.score[HOME] == 0
    assert g.s.kickoff_shift_home == 0 and g.s.yardline == 3


# -- FNL-35: before or after a turnover -----------------------------------------------------------

INTERCEPTION = [1, 20, 1, DEF_HOLDING_PASS, BPD_TURNOVER, INT_THROWN_9, INT_RET_0]


def test_fnl_35_a_foul_before_the_interception_wipes_it_out() -> None:
    """Defensive holding on an intercepted pass; the offense's d20 says before (1-10): the
    offense accepts, the interception never happened, 10 yards and a first down."""
    g = game(team(off={("roll_out", 1, "zone"): "BP-DEF"}))
    p, _ = step(g, [*INTERCEPTION, BEFORE],
                    {**calls("roll_out", "zone"), "penalty": ["accept"]},
                    at="Q1 10:00 HOME 1&10 OWN30")
    assert only(p)["play_type"] == "no_play" and only(p)["interception"] == 0
    assert g.s.possession is HOME and (g.s.down, g.s.yardline) == (1, 60)


def test_fnl_35_a_foul_after_the_interception_is_marked_off_after_it() -> None:
    """The same foul rolled after the turnover (11-20): the interception stands (the visitors'
    ball 39 yards from the goal) and the 10 yards are marked off against them from there."""
    g = game(team(off={("roll_out", 1, "zone"): "BP-DEF"}))
    p, coach = step(g, [*INTERCEPTION, AFTER],
                    {**calls("roll_out", "zone"), "penalty": ["accept"]},
                    at="Q1 10:00 HOME 1&10 OWN30")
    p = only(p)
    assert _penalty(coach).info["when"] == "post"
    assert p["interception"] == 1 and p["penalty_yards"] == 10
    assert g.s.possession is AWAY and (g.s.down, g.s.ydstogo, g.s.yardline) == (1, 10, 49)


# -- FL L566: the kickoff's penalty roll --------------------------------------------------------

def test_fl_l566_a_receivers_foul_after_the_kickoff_is_marked_off_after_the_return() -> None:
    """Penalty roll 20: the receivers foul (Run DEF 11, holding), after the kick (FNL-35
    roll 15). The ball lands at the 7 and comes back 30 to the 37; the kicking team accepts
    and the receivers start 10 yards back, at their 27."""
    g = game()
    g.next, g.kicker = "kickoff", HOME
    p, coach = step(g, [20, DEF_HOLDING_RUN, AFTER, 7, 10], {"penalty": ["accept"]})
    p = only(p)
    assert _penalty(coach).seat is HOME and p["penalty_team"] == "Away Zeros"
    assert g.s.possession is AWAY and (g.s.down, g.s.yardline) == (1, 73)


def test_fl_l566_a_receivers_foul_before_the_kickoff_means_a_rekick_from_further_up() -> None:
    """The same foul before the kick: the kicking team accepts and kicks again 10 yards
    further up (from its 50 instead of its 40), so the second kick nets 10 more yards."""
    g = game()
    g.next, g.kicker = "kickoff", HOME
    plays, _ = step(g, [20, DEF_HOLDING_RUN, BEFORE, PR_NOTHING, 7, 10],
                    {"penalty": ["accept"]})
    foul, kick = plays
    assert foul["play_type"] == "no_play" and foul["penalty_yards"] == 10
    assert kick["yardline_100"] == 50 and kick["returned"] == 1
    assert g.s.possession is AWAY and g.s.yardline == 100 - (7 + 30 - 10)


# -- FNL-75 and FNL-76: the classic coaching points ---------------------------------------------

def test_fnl_75_classic_ignores_penalties_without_a_quarterly_limit() -> None:
    """F0 L45 prints no limit: the classic offense ignores two false starts in one quarter."""
    g = game(team(cp=20), profile="classic")
    for dice in ([1, 1, 1, 3], [2, 1, 2, 3]):
        step(g, dice, {**calls("inside_run", "run_inside"), "penalty": ["accept"]},
             at="Q3 06:00 HOME 1&10 OWN30",
             cp={"ignore_penalty": "ignore_penalty", "time": "none"})
    assert g.s.teams[HOME].cp.used == 6
    assert all("ignored" in p["penalty_type"] for p in g.s.plays)


def test_fnl_76_classic_offense_overrules_the_defense_and_spends_its_own_points() -> None:
    """F0 L48: the offense passes on the yard, the defense takes one off (a 9-yard run would
    be 8), and the offense overrules it with its own 5 points: +1, a first down; the
    defense's points are not spent."""
    g = game(team(cp=5, off={("inside_run", 1, "run_inside"): 9}), team("Away Zeros", cp=5),
             profile="classic")
    p, coach = step(g, [1, PR_NOTHING, 1],
                    {**calls("inside_run", "run_inside"),
                     "coaching_points": ["none", "minus", "plus"]},
                    at="Q1 10:00 HOME 1&10 OWN30", cp={"time": "none"})
    overrule = [d for d in coach.asked if d.info.get("item") == "overrule"]
    assert len(overrule) == 1 and overrule[0].seat is HOME
    assert overrule[0].info["their_choice"] == "minus"
    assert only(p)["yards_gained"] == 10 and only(p)["first_down"] == 1
    assert (g.s.teams[HOME].cp.used, g.s.teams[AWAY].cp.used) == (5, 0)


def test_fnl_76_legends_offense_has_no_overrule() -> None:
    """FNL-76 {L}: the offense chooses first and that is all; the defense's yard stands."""
    g = game(team(cp=5, off={("inside_run", 1, "run_inside"): 9}), team("Away Zeros", cp=5))
    p, coach = step(g, [1, PR_NOTHING, 1],
                    {**calls("inside_run", "run_inside"), "coaching_points": ["none", "minus"]},
                    at="Q1 10:00 HOME 1&10 OWN30", cp={"time": "none"})
    assert not [d for d in coach.asked if d.info.get("item") == "overrule"]
    assert only(p)["yards_gained"] == 8 and g.s.teams[AWAY].cp.used == 5


def test_fnl_76_solitaire_overrules_a_yard_that_costs_the_first_down() -> None:
    g = game(profile="classic")
    g.start_at("Q1 10:00 HOME 1&10 OWN30")
    d = Decision(Kind.COACHING_POINTS, HOME, ("none", "plus", "minus"), "",
                 {"item": "overrule", "overrules": "yard", "their_choice": "minus",
                  "yards": 10})
    assert SolitaireCoach(1).decide(d, g.view(HOME)) == "plus"
    d.info["yards"] = 4
    assert SolitaireCoach(1).decide(d, g.view(HOME)) == "none"


# -- FNL-74 item 4: every kicking roll ----------------------------------------------------------

def test_fnl_74_item_4_the_onside_distance_is_a_kicking_roll() -> None:
    """An onside roll of 4 travels 9 yards, short (FNL-22); the kicker's 4 points make it 5:
    10 yards, and the recovery roll (16) gives the kicking team the ball."""
    g = game(team(cp=4))
    g.next, g.kicker = "kickoff", HOME
    p, coach = step(g, [PR_NOTHING, 4, ONSIDE_KICKING], {"kickoff": ["onside"]},
                    cp={"kick_roll": "plus"})
    p = only(p)
    assert p["kick_distance"] == 10 and p["own_kickoff_recovery"] == 1
    assert [d.info["what"] for d in coach.asked if d.info.get("item") == "kick_roll"] == [
        "Onside kick distance"]
    assert g.s.teams[HOME].cp.used == 4


def test_fnl_74_item_4_the_special_chart_roll_is_a_kicking_roll() -> None:
    """Penalty roll 15 on a field goal: the kick SPECIAL column reads 3, BLOCKED; the kicker
    spends 4 points for 4, a SHANK, so the kick is missed, not blocked."""
    g = game(team(cp=4))
    p, coach = step(g, [15, 3, 12], {"snap": ["field_goal"]},
                    at="Q3 05:00 HOME 4&5 OPP20", cp={"kick_roll": "plus"})
    assert only(p)["field_goal_result"] == "missed"
    assert coach.asked[1].info["what"] == "special kick play"
    assert g.s.teams[HOME].cp.used == 4


@pytest.mark.parametrize(("what", "dice", "script"), [
    ("punt bounce", [PR_NOTHING, 10, 10], {"snap": ["punt"], "punt_field": ["bounce"]}),
    ("blocked kick recovery", [15, 1, 10, 10], {"snap": ["field_goal"]}),
])
def test_fnl_74_item_4_bounces_and_blocked_kicks_are_kicking_rolls(
        what: str, dice: list[int], script: dict[str, list[str]]) -> None:
    g = game(team(cp=8))
    _, coach = step(g, dice, script, at="Q3 05:00 HOME 4&5 OPP40", cp={"kick_roll": "none"})
    assert what in [d.info["what"] for d in coach.asked if d.info.get("item") == "kick_roll"]


# -- FNL-90: the classic solitaire overrides ----------------------------------------------------

@pytest.mark.parametrize(("profile", "pile"), [("legends", RUN_CARDS), ("classic", PASS_CARDS)])
def test_fnl_90_third_and_long_passes_only_in_the_classic_solitaire(
        profile: str, pile: tuple[str, ...]) -> None:
    """A team of 24 runs always draws the run pile (FNL-89); on 3rd and 15 the classic
    solitaire rules (F0 L242) switch to a pass, the later book's do not."""
    g = game(team(runs=24), profile=profile)
    g.start_at("Q1 10:00 HOME 3&15 OWN30")
    d = Decision(Kind.PLAY_CALL, HOME, OFF_SETS, "", {"side": "offense"})
    for seed in range(1, 6):
        assert SolitaireCoach(seed).decide(d, g.view(HOME)) in pile


# -- the play record ----------------------------------------------------------------------------

def test_onside_kick_kept_by_the_kickers_carries_their_score_columns() -> None:
    """The record gives an onside kick the kickers recover to the kickers (`posteam`), so
    `posteam_score` is theirs too."""
    g = game()
    g.s.score = {HOME: 7, AWAY: 3}
    g.next, g.kicker = "kickoff", HOME
    p = only(step(g, [PR_NOTHING, 7, ONSIDE_KICKING], {"kickoff": ["onside"]})[0])
    assert p["posteam"] == "Home Zeros" and p["posteam_type"] == "home"
    assert (p["posteam_score"], p["defteam_score"]) == (7, 3)
    assert (p["posteam_score_post"], p["defteam_score_post"]) == (7, 3)


def test_amb_fnl_14_loss_of_down_on_fourth_down_ends_the_overtime_series() -> None:
    """NFHS overtime (AMB-FNL-14): intentional grounding on 4th down, accepted, loses the
    down, so the series is over; the other team starts its own series from the 10."""
    g = game()
    g.start_overtime()
    first = g.s.possession
    g.s.down = 4
    p = only(step(g, [1, 1, 1, GROUNDING], {**calls("roll_out", "zone"),
                                           "penalty": ["accept"]})[0])
    assert p["penalty_type"] == "Intentional grounding"
    assert g.s.possession is first.other and (g.s.down, g.s.yardline) == (1, 10)
    assert g.ot_turn == 1


def test_fnl_22_short_onside_kicks_never_push_the_spot_off_the_field() -> None:
    """College onside kicks from the 30, each one short (d20 1: 6 yards): 5 yards back each
    time (FNL-22) until half the distance to the goal is less (FNL-92): 30, 25, 20, 15, 10,
    5, then 3 and 2, and the regular kick that follows from the 2: all on the field."""
    g = kickoff_game("college")
    dice = [PR_NOTHING, 1] * 8 + [PR_NOTHING, 15, 10]
    plays, _ = level_step(g, dice, {"kickoff": ["onside"] * 8 + ["regular"],
                                    "kick_return": ["return"]})
    spots = [p["yardline_100"] for p in plays]
    assert spots == [30, 25, 20, 15, 10, 5, 3, 2, 2]
    assert all(0 < s < 100 for s in spots)
