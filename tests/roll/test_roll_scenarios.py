"""Rulebook scenarios for 1st & Roll (`1st-and-roll`), as scripted-dice tests.

Every test puts the ball where a worked example of the book (checklist section FR, SCN-FR-*)
or a rule (FR-*) says, scripts the dice as face numbers named by what they show on the
bundled stand-in dice (`roll_helpers.off("red", "(8)")`), scripts the coaches' answers, runs
one step and checks the result. Unscripted decisions get their first option: no timeout, no
run-out, accept the penalty, fair catch, touchback, the PAT.

Situations read the half's 30:00 as two quarters: "Q1 15:00" is the clock marker on 30:00,
"Q2 02:00" on the 2:00 space.
"""

from __future__ import annotations

import pytest
from roll_helpers import NO_FLAGS, clock, dfn, game_at, kick, off, pen, step

from scrimmage.core.errors import IllegalDecision, SheetError
from scrimmage.core.field import Side
from scrimmage.rules.roll.dice import bundled_dice, dice_from_data

HOME, AWAY = Side.HOME, Side.AWAY
BLANK = clock("-")


def calls(*colours: str) -> dict[str, list[str]]:
    """Play calls in asking order: offense, defense, offense, defense..."""
    return {"play_call": list(colours)}


# -- SCN-FR-1: the down counter (FR-5, FR-20) ------------------------------------------------

def test_scn_fr_1_down_counter() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN10", [
        off("yellow", "6"), BLANK,                         # +6 (yellow v red: not matched)
        off("red", "[2]"), dfn("red", "-6"), BLANK,        # 2 - 6 = -4 (matched: no broken tackle)
        off("yellow", "8"), BLANK,                         # +8
    ])
    plays = step(g, calls("yellow", "red", "red", "red", "yellow", "green"), steps=3)
    assert [p["yards_gained"] for p in plays] == [6, -4, 8]
    assert [(p["down"], p["yardline_100"]) for p in plays] == [(1, 90), (2, 84), (3, 88)]
    s = g.s
    assert (s.down, s.ydstogo, s.yardline) == (1, 10, 80)      # new 1st down at the 20
    assert plays[2]["first_down"] == 1 and plays[2]["third_down_converted"] == 1


def test_fr_20_fourth_down_failure_is_a_turnover_on_downs() -> None:
    g = game_at("Q1 15:00 HOME 4&5 OPP40", [off("red", "3"), BLANK])
    plays = step(g, {**calls("red", "green"), "snap": ["play"]})
    assert plays[0]["fourth_down_failed"] == 1
    s = g.s
    assert (s.possession, s.down, s.ydstogo, s.yardline) == (AWAY, 1, 10, 63)


# -- SCN-FR-2: the onside kick (FR-9, AMB-FR-1) --------------------------------------------

def test_scn_fr_2_onside_kick_recovered() -> None:
    g = game_at("Q1 15:00 AWAY 1&10 OWN25", [off("red", "4"), off("yellow", "6"), clock("T")],
                next_step="kickoff")
    plays = step(g, {"kickoff": ["onside"]})
    assert plays[0]["own_kickoff_recovery"] == 1
    s = g.s
    assert (s.possession, s.down, s.yardline) == (HOME, 1, 60)     # the kicker's own 40


def test_scn_fr_2_onside_kick_not_recovered_and_the_clock_moves() -> None:
    g = game_at("Q1 15:00 AWAY 1&10 OWN25", [off("red", "4"), off("yellow", "6"), clock("CLOCK")],
                next_step="kickoff")
    step(g, {"kickoff": ["onside"]})
    s = g.s
    assert (s.possession, s.yardline) == (AWAY, 40)                # the ball where it landed
    assert s.space == 1                                            # FR-13


def test_fr_9_onside_kick_short_of_ten_yards_fails_even_with_a_turnover() -> None:
    g = game_at("Q1 15:00 AWAY 1&10 OWN25", [off("red", "4"), off("yellow", "5"), clock("T")],
                next_step="kickoff")
    step(g, {"kickoff": ["onside"]})
    assert (g.s.possession, g.s.yardline) == (AWAY, 39)


def test_fr_8_kickoff_touchback_or_run_out_with_breakaways() -> None:
    g = game_at("Q1 15:00 AWAY 1&10 OWN25", [], next_step="kickoff")
    step(g)
    assert (g.s.possession, g.s.yardline) == (AWAY, 75)
    g = game_at("Q1 15:00 AWAY 1&10 OWN25", [
        off("red", "(8)"), off("red", "3"), off("yellow", "5"), off("green", "10")],
        next_step="kickoff")
    plays = step(g, {"kick_return": ["return"]})
    assert plays[0]["return_yards"] == 26
    assert (g.s.possession, g.s.yardline) == (AWAY, 74)


def test_amb_fr_8_kickoff_run_out_of_100_yards_scores() -> None:
    rolls = [off("red", "(8)")] * 5 + [off("red", "1")] + [off("yellow", "(10)")] * 3 + [
        off("yellow", "0"), off("green", "(15)"), off("green", "(15)"), off("green", "12")]
    g = game_at("Q1 15:00 AWAY 1&10 OWN25", rolls, next_step="kickoff")
    plays = step(g, {"kick_return": ["return"]})
    assert plays[0]["return_yards"] == 113 and plays[0]["return_touchdown"] == 1
    assert g.s.score[AWAY] == 6 and g.next == "try"


# -- SCN-FR-3: punt and return (FR-25, FR-26) ------------------------------------------------

def test_scn_fr_3_punt_and_return() -> None:
    g = game_at("Q1 15:00 HOME 4&10 OWN20", [
        *NO_FLAGS,                                         # no block
        kick(20), off("yellow", "(10)"),                   # 20 + (10) = 30, breakaway ignored
        off("yellow", "5"), dfn("yellow", "-8"),           # return 5; the defense die is not yards
    ])
    plays = step(g, {"snap": ["punt"], "dice_choice": ["red+yellow", "yellow"],
                     "kick_return": ["return"]})
    p = plays[0]
    assert p["kick_distance"] == 30 and p["return_yards"] == 5
    # Lands on the 50 and comes back 5: the punting team's 45. (The checklist's "own 45" does
    # not add up: a return goes toward the punting team's goal.)
    assert (g.s.possession, g.s.down, g.s.yardline) == (AWAY, 1, 45)


def test_fr_26_punt_into_the_end_zone_is_a_touchback_and_fair_catch_takes_the_spot() -> None:
    g = game_at("Q1 15:00 HOME 4&10 OPP45", [*NO_FLAGS, kick(40), off("green", "10")])
    step(g, {"snap": ["punt"], "dice_choice": ["red+yellow", "green"]})
    assert (g.s.possession, g.s.yardline) == (AWAY, 75)
    g = game_at("Q1 15:00 HOME 4&10 OWN30", [*NO_FLAGS, kick(40), off("red", "5")])
    plays = step(g, {"snap": ["punt"], "dice_choice": ["red+yellow", "red"]})
    assert plays[0]["punt_fair_catch"] == 1
    assert (g.s.possession, g.s.yardline) == (AWAY, 75)                 # lands on the 25


def test_fr_25_blocked_punt_offense_recovers_and_rolls_red() -> None:
    g = game_at("Q1 15:00 HOME 4&10 OWN30", [
        dfn("red", "FLAG"), dfn("yellow", "FLAG"), clock("-"),
        off("red", "4"), dfn("red", "-1")])
    plays = step(g, {"snap": ["punt"]})
    assert plays[0]["punt_blocked"] == 1
    assert (g.s.possession, g.s.yardline) == (AWAY, 33)                 # short: defense's ball


def test_fr_25_blocked_punt_with_a_turnover_is_returned() -> None:
    g = game_at("Q1 15:00 HOME 4&10 OWN30", [
        dfn("red", "FLAG"), dfn("yellow", "FLAG"), clock("T"),
        off("yellow", "6"), dfn("yellow", "-2")])
    step(g, {"snap": ["punt"]})
    assert (g.s.possession, g.s.yardline) == (AWAY, 24)                 # 30 - 6


def test_fr_27_accepted_foul_on_a_punt_return_repeats_the_fourth_down() -> None:
    g = game_at("Q1 15:00 HOME 4&10 OWN20", [
        *NO_FLAGS, kick(30), off("red", "3"),
        off("yellow", "8"), dfn("yellow", "FLAG"), pen("O10")])
    plays = step(g, {"snap": ["punt"], "dice_choice": ["red+yellow", "red"],
                     "kick_return": ["return"]})
    assert plays[0]["penalty_team"] == "Harbor Hounds" and plays[0]["return_yards"] == 0
    s = g.s
    assert (s.possession, s.down, s.yardline, s.ydstogo) == (HOME, 4, 90, 20)


def test_fr_24_false_start_and_offsides_are_ignored_on_returns() -> None:
    g = game_at("Q1 15:00 HOME 4&10 OWN20", [
        *NO_FLAGS, kick(30), off("red", "3"),
        off("yellow", "8"), dfn("yellow", "FLAG"), pen("D5")])
    step(g, {"snap": ["punt"], "dice_choice": ["red+yellow", "red"], "kick_return": ["return"]})
    assert (g.s.possession, g.s.yardline) == (AWAY, 45)              # 53 - 8, no penalty


# -- SCN-FR-4: a penalty (FR-21, FR-22) --------------------------------------------------------

def test_scn_fr_4_penalty_accepted_repeats_the_down() -> None:
    g = game_at("Q1 15:00 HOME 2&7 OWN30", [off("red", "3"), dfn("red", "FLAG"), BLANK, pen("O5")])
    plays = step(g, calls("red", "red"))
    p = plays[0]
    assert p["penalty"] == 1 and p["penalty_type"] == "O5" and p["penalty_yards"] == 5
    assert p["play_type"] == "no_play"
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (2, 12, 75)


def test_fr_22_penalty_declined_the_play_stands() -> None:
    g = game_at("Q1 15:00 HOME 2&7 OWN30", [off("red", "3"), dfn("red", "FLAG"), BLANK, pen("O5")])
    step(g, {**calls("red", "red"), "penalty": ["decline"]})
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (3, 4, 67)


def test_amb_fr_2_the_team_that_did_not_foul_decides() -> None:
    from scrimmage.core.scenario import ScriptCoach, run_steps

    for code, chooser in (("O15", AWAY), ("D15", HOME)):
        g = game_at("Q1 15:00 HOME 1&10 OWN30", [off("red", "3"), dfn("red", "FLAG"), BLANK,
                                                 pen(code)])
        coach = ScriptCoach(calls("red", "red"))
        run_steps(g, coach)
        asked = [d for d in coach.asked if d.kind.value == "penalty"]
        assert len(asked) == 1 and asked[0].seat is chooser


def test_amb_fr_3_defensive_penalties_and_first_downs() -> None:
    g = game_at("Q1 15:00 HOME 3&12 OWN30", [off("red", "3"), dfn("red", "FLAG"), BLANK,
                                             pen("D5A")])
    step(g, calls("red", "red"))
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (1, 10, 65)       # D5A: automatic 1st down
    g = game_at("Q1 15:00 HOME 3&4 OWN30", [off("red", "3"), dfn("red", "FLAG"), BLANK, pen("D5")])
    step(g, calls("red", "red"))
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (1, 10, 65)       # reaches the line to gain
    g = game_at("Q1 15:00 HOME 3&8 OWN30", [off("red", "3"), dfn("red", "FLAG"), BLANK, pen("D5")])
    step(g, calls("red", "red"))
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (3, 3, 65)        # repeat the down


def test_amb_fr_5_an_accepted_penalty_nullifies_the_turnover() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN30", [off("red", "3"), dfn("red", "FLAG"), clock("T"),
                                             pen("D15")])
    step(g, calls("red", "red"))
    assert (g.s.possession, g.s.down, g.s.yardline) == (HOME, 1, 55)


# -- SCN-FR-5: passing in the red zone (FR-19) ---------------------------------------------------

def test_scn_fr_5_red_zone_pass_14_past_11_is_incomplete() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OPP11", [
        off("green", "(15)"), off("green", "5"), dfn("green", "-6"), BLANK])   # 15 + 5 - 6 = 14
    plays = step(g, calls("green", "green"))
    assert plays[0]["incomplete_pass"] == 1 and plays[0]["yards_gained"] == 0
    assert (g.s.down, g.s.yardline, g.s.score[HOME]) == (2, 11, 0)


def test_scn_fr_5_red_zone_pass_13_past_11_is_a_touchdown() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OPP11", [
        off("green", "(15)"), off("green", "10"), dfn("green", "-12"), BLANK])  # 13
    plays = step(g, calls("green", "green"))
    assert plays[0]["touchdown"] == 1 and plays[0]["pass_touchdown"] == 1
    assert g.s.score[HOME] == 6 and g.next == "try"


def test_amb_fr_9_yellow_is_not_a_passing_die_in_the_red_zone() -> None:
    g = game_at("Q1 15:00 HOME 1&5 OPP5", [off("yellow", "8"), BLANK])
    step(g, calls("yellow", "red"))
    assert g.s.score[HOME] == 6


# -- SCN-FR-6: field goals (FR-28..30) -------------------------------------------------------------

@pytest.mark.parametrize(("spot", "kicks", "good"), [
    ("OPP15", [20, 40], True),        # 20 REROLL 40: good
    ("OPP15", [20, 20], False),       # 20 REROLL 20: no good
    ("OPP15", [30], True),
    ("OPP30", [30], True),            # AMB-FR-10: the yard line against the kick die
    ("OPP30", [20], False),
    ("OPP45", [40], False),
])
def test_scn_fr_6_field_goals(spot: str, kicks: list[int], good: bool) -> None:
    g = game_at(f"Q1 15:00 HOME 4&5 {spot}", [*NO_FLAGS, *(kick(k) for k in kicks)])
    plays = step(g, {"snap": ["field_goal"]})
    y = int(spot[3:])
    assert plays[0]["field_goal_result"] == ("made" if good else "missed")
    if good:
        assert g.s.score[HOME] == 3 and g.next == "kickoff" and g.kicker is HOME
    else:
        assert (g.s.possession, g.s.down, g.s.yardline) == (AWAY, 1, 100 - y)   # FR-30


def test_fr_30_blocked_field_goal_turns_the_ball_over() -> None:
    g = game_at("Q1 15:00 HOME 2&5 OPP20", [dfn("yellow", "FLAG"), dfn("green", "FLAG")])
    plays = step(g, {"snap": ["field_goal"], "dice_choice": ["yellow+green"]})
    assert plays[0]["field_goal_result"] == "blocked"
    assert (g.s.possession, g.s.yardline) == (AWAY, 80)


# -- SCN-FR-7: the PAT and the two-point try (FR-32) ---------------------------------------------

@pytest.mark.parametrize(("face", "value", "good"), [
    ("T", 20, False), ("T", 40, True), ("CLOCK", 20, True)])
def test_scn_fr_7_pat(face: str, value: int, good: bool) -> None:
    g = game_at("Q1 15:00 HOME 1&2 OPP2", [clock(face), kick(value)], next_step="try")
    plays = step(g)
    assert plays[0]["extra_point_result"] == ("good" if good else "failed")
    assert g.s.score[HOME] == int(good)
    assert g.s.space == 0 and g.next == "kickoff" and g.kicker is HOME


def test_fr_32_two_point_play_has_no_clock_die() -> None:
    g = game_at("Q1 15:00 HOME 1&2 OPP2", [off("red", "3")], next_step="try")
    plays = step(g, {"try": ["two"], **calls("red", "green")})
    assert plays[0]["two_point_conv_result"] == "success" and g.s.score[HOME] == 2
    g = game_at("Q1 15:00 HOME 1&2 OPP2", [off("red", "3"), dfn("red", "-2")], next_step="try")
    step(g, {"try": ["two"], **calls("red", "red")})
    assert g.s.score[HOME] == 0


def test_fr_32_two_point_penalty_repeats_the_try() -> None:
    g = game_at("Q1 15:00 HOME 1&2 OPP2", [
        off("red", "3"), dfn("red", "FLAG"), pen("O5"),          # accepted: try again from the 7
        off("yellow", "8")], next_step="try")
    plays = step(g, {"try": ["two"], **calls("red", "red", "yellow", "red")})
    assert [p["play_type"] for p in plays] == ["no_play", "pass"]
    assert g.s.score[HOME] == 2


# -- SCN-FR-8: the long bomb (FR-18) ---------------------------------------------------------------

def test_scn_fr_8_long_bomb_complete() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN20", [off("green", "12"), kick(40), off("yellow", "3"),
                                             BLANK])
    plays = step(g, {**calls("green", "red"), "long_bomb": ["bomb"]})
    assert plays[0]["yards_gained"] == 49 and plays[0]["long_bomb"] == 1
    assert (g.s.down, g.s.yardline) == (1, 31)


def test_scn_fr_8_long_bomb_incomplete_on_a_zero() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN20", [off("green", "0"), kick(40), off("yellow", "5"),
                                             BLANK])
    plays = step(g, {**calls("green", "red"), "long_bomb": ["bomb"]})
    assert plays[0]["incomplete_pass"] == 1
    assert (g.s.down, g.s.yardline) == (2, 80)


def test_scn_fr_8_long_bomb_intercepted_on_two_zeros() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN20", [
        off("green", "0"), kick(40), off("yellow", "0"), BLANK,
        off("green", "5"), dfn("green", "0")])                   # the return: both green dice
    plays = step(g, {**calls("green", "yellow"), "long_bomb": ["bomb"]})
    p = plays[0]
    assert p["interception"] == 1 and p["return_yards"] == 5
    assert (g.s.possession, g.s.down, g.s.yardline) == (AWAY, 1, 55)  # caught at 40, back to 45


def test_fr_18_long_bomb_is_offered_only_after_an_unmatched_green() -> None:
    from scrimmage.core.scenario import ScriptCoach, run_steps

    g = game_at("Q1 15:00 HOME 1&10 OWN20", [off("green", "5"), dfn("green", "-3"), BLANK])
    coach = ScriptCoach(calls("green", "green"))
    run_steps(g, coach)
    assert all(d.kind.value != "long_bomb" for d in coach.asked)


# -- SCN-FR-9 / SCN-FR-10: goal-line penalties, the safety and its punt (FR-23, FR-33) -------------

def test_scn_fr_9_defensive_penalty_half_the_distance() -> None:
    g = game_at("Q1 15:00 HOME 1&6 OPP6", [off("red", "1"), dfn("red", "FLAG"), BLANK,
                                           pen("D15")])
    plays = step(g, calls("red", "red"))
    assert plays[0]["penalty_yards"] == 3
    assert (g.s.down, g.s.yardline, g.s.score[HOME]) == (1, 3, 0)


def test_scn_fr_9_offensive_holding_in_the_end_zone_is_a_safety() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN8", [off("red", "3"), dfn("red", "FLAG"), BLANK, pen("O10")])
    plays = step(g, calls("red", "red"))
    assert plays[0]["safety"] == 1 and plays[0]["safety_team"] == "Prairie Comets"
    assert g.s.score == {HOME: 0, AWAY: 2}
    assert g.next == "safety_punt" and g.kicker is HOME


def test_amb_fr_4_other_offensive_fouls_half_the_distance() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN8", [off("red", "3"), dfn("red", "FLAG"), BLANK, pen("O15")])
    step(g, calls("red", "red"))
    assert (g.s.yardline, g.s.score[AWAY]) == (96, 0)


def test_scn_fr_10_safety_then_punt_from_the_20() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN3", [
        off("red", "1"), dfn("red", "-6"), BLANK,            # 1 - 6: into the end zone
        kick(30), off("yellow", "5")])                       # the free punt: no block dice
    plays = step(g, {**calls("red", "red"), "dice_choice": ["yellow"]}, steps=2)
    assert plays[0]["safety"] == 1 and g.s.score[AWAY] == 2
    punt = plays[1]
    assert punt["play_type"] == "punt" and punt["yardline_100"] == 80 and punt["punt_blocked"] == 0
    assert (g.s.possession, g.s.yardline) == (AWAY, 55)       # lands on the 45: fair catch


# -- SCN-FR-11: the Hail Mary (FR-34, AMB-FR-11) ---------------------------------------------------

def test_scn_fr_11_hail_mary_touchdown() -> None:
    g = game_at("Q2 02:00 HOME 1&10 OWN40", [off("yellow", "(10)"), off("green", "(15)")])
    g.s.timeouts[HOME] = 0
    plays = step(g, {"snap": ["hail_mary"]})
    assert plays[0]["touchdown"] == 1 and g.s.score[HOME] == 6
    assert g.next == "try" and g.clock_ended                     # AMB-FR-13: the try, then half
    g.dice = type(g.dice)([clock("-"), kick(30)])
    step(g)
    assert g.s.score[HOME] == 7 and g.s.period == 2 and g.next == "kickoff"


def test_amb_fr_11_hail_mary_missed_ends_the_half() -> None:
    g = game_at("Q2 02:00 HOME 3&10 OWN40", [off("yellow", "(10)"), off("green", "12")])
    g.s.timeouts[HOME] = 0
    plays = step(g, {"snap": ["hail_mary"]})
    assert plays[0]["incomplete_pass"] == 1
    assert g.s.period == 2 and g.s.space == 0


@pytest.mark.parametrize(("situation", "timeouts"), [
    ("Q2 04:00 HOME 1&10 OWN40", 0),       # not the 2:00 space
    ("Q2 02:00 HOME 1&10 OWN40", 1),       # a timeout left
    ("Q2 02:00 HOME 1&10 OWN30", 0),       # behind the own 35
])
def test_fr_34_hail_mary_only_as_the_last_play(situation: str, timeouts: int) -> None:
    g = game_at(situation, [])
    g.s.timeouts[HOME] = timeouts
    with pytest.raises(IllegalDecision):
        step(g, {"snap": ["hail_mary"]})


# -- the clock die, turnovers and returns (FR-13..17) ----------------------------------------------

def test_fr_16_breakaways_chain() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN20", [off("red", "(8)"), off("red", "(8)"),
                                             off("red", "3"), BLANK])
    plays = step(g, calls("red", "green"))
    assert plays[0]["yards_gained"] == 19 and plays[0]["breakaway"] == 1


def test_fr_17_broken_tackle_only_when_red_is_not_matched() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN20", [off("red", "[2]"), off("red", "(8)"),
                                             off("red", "1"), BLANK])
    plays = step(g, calls("red", "yellow"))
    assert plays[0]["yards_gained"] == 11 and plays[0]["broken_tackle"] == 1


def test_fr_13_clock_face_and_fr_36_timeouts() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN20", [off("yellow", "3"), clock("CLOCK")])
    step(g, calls("yellow", "red"))
    assert g.s.space == 1
    g = game_at("Q1 15:00 HOME 1&10 OWN20", [off("yellow", "3"), clock("CLOCK")])
    plays = step(g, {**calls("yellow", "red"), "timeout": ["no", "timeout"]})
    assert g.s.space == 0 and g.s.timeouts == {HOME: 3, AWAY: 2}
    assert plays[0]["timeout_team"] == "Prairie Comets"


def test_fr_14_turnover_on_a_red_play_no_return() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN30", [off("red", "4"), clock("T"), clock("T")])
    plays = step(g, calls("red", "green"))
    assert plays[0]["fumble_lost"] == 1
    assert (g.s.possession, g.s.yardline) == (AWAY, 34)          # where the ball was fumbled


def test_fr_14_turnover_on_a_yellow_play_returned_with_both_red_dice() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN30", [
        off("yellow", "6"), clock("T"), clock("T"), off("red", "4"), dfn("red", "-3")])
    plays = step(g, calls("yellow", "green"))
    assert plays[0]["return_yards"] == 4
    assert (g.s.possession, g.s.yardline) == (AWAY, 36 - 4)


def test_fr_14_second_roll_clock_moves_the_marker() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN30", [off("yellow", "6"), clock("T"), clock("CLOCK")])
    step(g, calls("yellow", "green"))
    assert g.s.possession is HOME and g.s.space == 1


def test_fr_15_return_penalty_after_the_return() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN30", [
        off("green", "5"), clock("T"), clock("T"),
        off("yellow", "6"), dfn("yellow", "FLAG"), pen("D15")])
    step(g, calls("green", "red"))
    assert (g.s.possession, g.s.yardline) == (AWAY, 35 - 6 - 15)     # fumbled at the 35


def test_fr_35_running_out_the_clock() -> None:
    g = game_at("Q1 15:00 HOME 1&10 OWN30", [off("red", "3"), BLANK])
    step(g, {**calls("red", "green"), "run_clock": ["run"]})
    assert g.s.space == 1
    g = game_at("Q2 02:00 HOME 1&10 OWN30", [off("red", "3"), BLANK])
    with pytest.raises(AssertionError, match="unused"):        # not offered on the 2:00 space
        step(g, {**calls("red", "green"), "run_clock": ["run"]})


# -- halves and overtime (FR-37..39) -----------------------------------------------------------------

def test_fr_37_halftime_the_first_half_receiver_kicks() -> None:
    g = game_at("Q2 02:00 HOME 1&10 OWN30", [off("yellow", "3"), clock("CLOCK")])
    g.first_half_receiver = AWAY
    g.s.timeouts = {HOME: 0, AWAY: 1}
    step(g, calls("yellow", "red"))
    assert g.s.period == 2 and g.s.space == 0
    assert g.s.timeouts == {HOME: 3, AWAY: 3}
    assert g.next == "kickoff" and g.kicker is AWAY


def test_fr_38_the_game_ends_on_the_last_space() -> None:
    g = game_at("Q4 02:00 HOME 1&10 OWN30", [off("yellow", "3"), clock("CLOCK")])
    g.s.score = {HOME: 7, AWAY: 3}
    g.s.timeouts = {HOME: 0, AWAY: 0}
    step(g, calls("yellow", "red"))
    assert g.over


def test_fr_39_overtime_first_score_wins() -> None:
    g = game_at("Q4 02:00 HOME 1&10 OWN30", [off("yellow", "3"), clock("CLOCK"), 1])
    g.s.timeouts = {HOME: 0, AWAY: 0}
    step(g, {**calls("yellow", "red"), "overtime_toss": ["receive"]}, steps=2)
    assert g.s.period == 3 and g.s.possession is HOME and g.next == "kickoff"
    g.dice = type(g.dice)([*NO_FLAGS, kick(40)])
    g.start_at("OT1 30:00 HOME 4&5 OPP30")
    step(g, {"snap": ["field_goal"]})
    assert g.over and g.s.score[HOME] == 3


def test_amb_fr_14_no_overtime_option() -> None:
    g = game_at("Q4 02:00 HOME 1&10 OWN30", [off("yellow", "3"), clock("CLOCK")], overtime="none")
    g.s.timeouts = {HOME: 0, AWAY: 0}
    step(g, calls("yellow", "red"))
    assert g.over and g.s.score == {HOME: 0, AWAY: 0}


# -- the dice as data (DATA-FR-1, DATA-FR-2) ---------------------------------------------------------

def test_data_fr_1_bundled_faces_meet_the_book() -> None:
    d = bundled_dice()
    assert [f.label for f in d.offense["red"].faces if f.square] == ["[2]"]
    for colour in ("red", "yellow", "green"):
        faces = d.offense[colour].faces
        assert [f.breakaway for f in faces].count(True) == 1
        assert max(faces, key=lambda f: f.value).breakaway
        assert any(f.flag for f in d.defense[colour].faces)
    assert min(d.kick) == 20 and 40 in d.kick
    assert sorted(d.penalty) == sorted(["O5", "O10", "O15", "D5A", "D5", "D15"])
    assert d.track[0] == 1800 and d.track[d.two_minute] == 120


def _raw() -> dict[str, object]:
    import tomllib
    from importlib import resources

    text = resources.files("scrimmage.rules.roll").joinpath("data/dice.toml").read_text("utf-8")
    return tomllib.loads(text)


@pytest.mark.parametrize(("section", "key", "value", "field"), [
    ("offense", "red", ["1", "2", "3", "(8)"], "offense.red"),              # no square 2
    ("offense", "green", ["1", "5", "(15)"], "offense.green"),              # no 0 face
    ("offense", "yellow", ["0", "(3)", "10"], "offense.yellow[1]"),         # circled not the top
    ("defense", "red", ["-1", "-2"], "defense.red"),                        # no flag
    ("special", "kick", [30, 40], "special.kick"),
    ("special", "penalty", ["O5", "X9"], "special.penalty"),
    ("offense", "red", ["1", "two"], "offense.red[1]"),
])
def test_data_fr_1_a_bad_dice_file_is_refused_with_the_field(section: str, key: str,
                                                             value: object, field: str) -> None:
    raw = _raw()
    table = raw[section]
    assert isinstance(table, dict)
    table[key] = value
    with pytest.raises(SheetError) as err:
        dice_from_data(raw, "dice.toml")
    assert err.value.field == field


def test_data_fr_2_clock_track_must_count_down_from_30() -> None:
    raw = _raw()
    track = raw["clock_track"]
    assert isinstance(track, dict)
    track["spaces"] = ["30:00", "2:00", "10:00", "0:00"]
    with pytest.raises(SheetError, match="counting down"):
        dice_from_data(raw, "dice.toml")
