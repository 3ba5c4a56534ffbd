"""Rulebook scenarios for Saturday Legends (`legends-college`) and Pro Football Legends
(`legends-pro`), as scripted-dice tests.

The model is the high-school file (test_scenarios.py): put the ball where a rule of
../shared/rules/CHECKLIST.md (section FNL, tags [COL], [PRO], [C/P]) or a worked scenario
(SCN-FNL-n) says, script the dice in the order the engine rolls them and the coaches' answers,
run one step and check the play record and the state. The numbers of the stand-in X-sheets
(src/scrimmage/rules/legends/data/xsheets-college.toml and xsheets-pro.toml) are copied here,
named so the scripts read; the tests never read ../shared at run time.

Teams are the zero sheets of tests/data/legends (levels_helpers.py). Games are on a neutral
field unless a test says otherwise, so the home team has no +2 coaching points.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from levels_helpers import (
    AWAY,
    CP_LEVELS,
    HOME,
    RULES,
    away,
    calls,
    game,
    kickoff_game,
    only,
    play_out,
    step,
    team,
)

from scrimmage.api import new_game
from scrimmage.core.decisions import Kind
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.field import Side

# Stand-in X-sheet rolls (the same at college and pro unless named otherwise).
PR_NOTHING = 5          # penalty roll: nothing out of the ordinary (FNL-31)
BPD_NONE = 10           # C/P Big Play (DEF): 1-10 is no big play (FNL-44)
BPD_TRUE = 11           # 11-20 is a big play: roll the sheet's BP DEF table
TABLE_10 = 10           # a BP DEF table roll of 10: TFL/SACK on the zero sheets' tables
                        # (1-14 / 1-16), FUM/INT on the AWAY_TABLES below (6-20)
BPO_5_D20 = 1           # Big Play (OFF): 5+d20
TFL_3 = 10              # TFL: -3
TFL_4 = 14              # TFL: -4
SACK_6_COLLEGE = 9      # college SACK: -6
FUM_OFFENSE = 10        # fumble recovery: 1-10 offense, 11-20 defense (FNL-45)
FUM_DEFENSE = 11
FUM_SPOT_0 = 15         # FUM REC (O): at the line
FUM_RET_0 = 1           # FUM RET (D): 0
INT_THROWN_6 = 5        # INT (thrown): 6 yards
INT_RET_0 = 1           # INT RET: 0
KO_RETURN_20 = 10       # kickoff return d20 + 10: 20 yards
PRO_KO_RETURN = 13      # a pro KO Touchback chart roll of 13: "return" on the zero sheet
LONG_RETURN = 3         # Kickoff Return Special 3: "Long return", 20+d20

# The zero sheets' BP DEF tables are the book's examples (Run 1-14 TFL / 15-20 FUM, Pass 1-16
# SACK / 17-20 INT); the away team of the FNL-44/47/49 tests reads 1-5 loss / 6-20 turnover, so
# one table roll tells which sheet's table was read.
AWAY_TABLES = {"run_bp_def": {"1-5": "TFL", "6-20": "FUM"},
               "pass_bp_def": {"1-5": "SACK", "6-20": "INT"}}


# -- FNL-6, FNL-7, FNL-10, FNL-11, FNL-77: setup --------------------------------------------------

@pytest.mark.parametrize("level", CP_LEVELS)
def test_fnl_6_fifteen_minute_quarters_and_fnl_7_three_timeouts(level: str) -> None:
    g = game(level)
    assert g.s.clock.seconds_left == 15 * 60
    assert g.s.clock.game_seconds_remaining == 60 * 60
    assert g.s.teams[HOME].timeouts == g.s.teams[AWAY].timeouts == 3
    # A quarter is 90 ten-second boxes: the next quarter starts with 15:00 again.
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q1 00:10 HOME 1&10 OWN30")
    assert g.s.clock.quarter == 2 and g.s.clock.seconds_left == 900


@pytest.mark.parametrize("level", CP_LEVELS)
@pytest.mark.parametrize(("home_sos", "away_sos", "neutral", "budgets"), [
    (12, 4, True, (13, 5)),      # 5 + (12 - 4) for the larger SOS, 5 for the other
    (12, 4, False, (15, 5)),     # +2 for the home team
    (4, 12, False, (7, 13)),
    (6, 6, True, (5, 5)),
    (6, 6, False, (7, 5)),
])
def test_fnl_10_coaching_points_five_plus_the_sos_difference(
        level: str, home_sos: int, away_sos: int, neutral: bool,
        budgets: tuple[int, int]) -> None:
    """FNL-10 [C/P]: the sheet's own coaching points (HS) are not read at all."""
    g = game(level, team(level, sos=home_sos, coaching_points=40),
             away(level, sos=away_sos, coaching_points=40), neutral=neutral)
    assert (g.s.teams[HOME].cp.total, g.s.teams[AWAY].cp.total) == budgets
    assert g.s.teams[HOME].cp.used == g.s.teams[AWAY].cp.used == 0


@pytest.mark.parametrize("level", CP_LEVELS)
def test_amb_fnl_30_coaching_point_budget_is_capped_at_30(level: str) -> None:
    g = game(level, team(level, sos=40), away(level, sos=0))
    assert (g.s.teams[HOME].cp.total, g.s.teams[AWAY].cp.total) == (30, 5)
    g = game(level, team(level, sos=2), away(level, sos=420))
    assert (g.s.teams[HOME].cp.total, g.s.teams[AWAY].cp.total) == (5, 30)


@pytest.mark.parametrize("level", CP_LEVELS)
def test_fnl_11_cp_sos_makes_no_yardage_by_default(level: str) -> None:
    """FNL-11 [C/P]: SOS changes only the coaching points; a 5-yard run stays 5 yards and a
    3-yard completion stays complete for the team with the smaller SOS."""
    cells = {("inside_run", 1, "run_inside"): 5, ("roll_out", 1, "zone"): 3}
    g = game(level, team(level, sos=420, off=cells), away(level, sos=300, off=cells))
    assert g.s.sos_adj == {HOME: (0, 0), AWAY: (0, 0)}
    p = only(step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 AWAY 1&10 OWN30")[0])
    assert p["yards_gained"] == 5
    p = only(step(g, [1, PR_NOTHING, 1], calls("roll_out", "zone"),
                  at="Q1 10:00 AWAY 1&10 OWN30")[0])
    assert p["complete_pass"] == 1 and p["yards_gained"] == 3


@pytest.mark.parametrize("level", CP_LEVELS)
def test_scn_fnl_13_sos_yardage_table_is_high_school_only(level: str) -> None:
    """SCN-FNL-13 / FNL-11 [C/P] [FL L202]: "For college and pro games, the SOS only affects
    how many coaching points you get." Asked for the optional SOS yardage at college or pro,
    the engine must either refuse the option or leave every play's yards alone."""
    cells = {("inside_run", 1, "run_inside"): 5}
    try:
        g = game(level, team(level, sos=420, off=cells), away(level, sos=300), sos_adjust=True)
    except ScrimmageError:
        return                                   # refusing the option is fine too
    assert g.s.sos_adj == {HOME: (0, 0), AWAY: (0, 0)}
    p = only(step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 5


@pytest.mark.parametrize("level", CP_LEVELS)
def test_scn_fnl_11_fnl_77_first_half_cap(level: str) -> None:
    """SCN-FNL-11 at college/pro: SOS 10 vs 5 gives the home team 10 points. With 4 used in
    the 2nd quarter, ignoring a penalty (3) is legal and makes 7; after that the home team is
    asked nothing more until the second half."""
    g = game(level, team(level, sos=10), away(level, sos=5))
    assert g.s.teams[HOME].cp.total == 10
    g.s.teams[HOME].cp.used = 4
    # Run OFF roll 3: false start, 5 yards; the defense accepts, the offense ignores it.
    p, coach = step(g, [1, 1, 1, 3], {**calls("inside_run", "run_inside"),
                                       "penalty": ["accept"]},
                    at="Q2 06:00 HOME 1&10 OWN30", cp={"ignore_penalty": "ignore_penalty"})
    p = only(p)
    assert g.s.teams[HOME].cp.used == 7
    assert p["play_type"] != "no_play" and p["penalty_yards"] == 0
    assert "ignored" in p["penalty_type"]
    _, coach = step(g, [2, PR_NOTHING, 2], calls("inside_run", "run_inside"),
                    at="Q2 05:00 HOME 1&10 OWN30")
    assert not [d for d in coach.of(Kind.COACHING_POINTS) if d.seat is HOME]
    _, coach = step(g, [3, PR_NOTHING, 3], calls("inside_run", "run_inside"),
                    at="Q3 05:00 HOME 1&10 OWN30")
    assert [d for d in coach.of(Kind.COACHING_POINTS) if d.seat is HOME]


# -- FNL-17..24: kickoffs -----------------------------------------------------------------------

def test_fnl_17_college_kickoff_received_at_d20_minus_8_returned_d20_plus_10() -> None:
    """Roll 15: received at the 7; the receiver may fair catch (inside the 25) but returns;
    return roll 10 = 20 yards, to the 27. 10 seconds."""
    g = kickoff_game("college")
    p, coach = step(g, [PR_NOTHING, 15, KO_RETURN_20])
    p = only(p)
    assert p["kickoff_attempt"] == 1 and p["returned"] == 1 and p["return_yards"] == 20
    assert g.s.possession is AWAY and (g.s.down, g.s.ydstogo, g.s.yardline) == (1, 10, 73)
    assert p["seconds"] == 10 and g.s.clock.seconds_left == 7 * 60 + 20
    fair = coach.of(Kind.KICK_RETURN)
    assert len(fair) == 1 and fair[0].seat is AWAY
    assert fair[0].options == ("return", "fair_catch") and fair[0].info["catch"] == 7


def test_fnl_17_college_fair_catch_inside_the_25_takes_no_time() -> None:
    g = kickoff_game("college")
    p = only(step(g, [PR_NOTHING, 15], {"kick_return": ["fair_catch"]})[0])
    assert p["returned"] == 0 and p["touchback"] == 0
    assert g.s.possession is AWAY and (g.s.down, g.s.ydstogo, g.s.yardline) == (1, 10, 75)
    assert p["seconds"] == 0 and g.s.clock.seconds_left == 7 * 60 + 30


@pytest.mark.parametrize(("answer", "dice", "yardline"), [
    ("fair_catch", [PR_NOTHING, 3], 75),          # 5 yards deep: fair catch, the ball at the 25
    ("return", [PR_NOTHING, 3, 1], 94),           # returned d20 + 10 = 11 from 5 deep: the 6
])
def test_amb_fnl_24_college_kickoff_into_the_end_zone(answer: str, dice: list[int],
                                                      yardline: int) -> None:
    """Roll 3: d20 - 8 = -5, five yards deep in the end zone."""
    g = kickoff_game("college")
    p, coach = step(g, dice, {"kick_return": [answer]})
    assert coach.of(Kind.KICK_RETURN)[0].info["catch"] == -5
    assert g.s.possession is AWAY and g.s.yardline == yardline
    assert only(p)["seconds"] == (0 if answer == "fair_catch" else 10)


def test_amb_fnl_24_return_that_stays_in_the_end_zone_is_a_touchback() -> None:
    """Roll 1: 7 deep. Return roll 1: 11 yards, with a -4 kickoff-return adjustment (receiver
    -2, kicker's defense -2) 7: the returner is downed on the goal line: touchback, the 25."""
    g = kickoff_game("college", home=team("college", kickoff_return_defense=-2),
                     away_=away("college", kickoff_return=-2))
    p = only(step(g, [PR_NOTHING, 1, 1])[0])
    assert p["returned"] == 0 and "touchback" in p["desc"]
    assert g.s.possession is AWAY and g.s.yardline == 75 and p["seconds"] == 0


def test_amb_fnl_24_return_that_stays_in_the_end_zone_is_recorded_as_a_touchback() -> None:
    g = kickoff_game("college", home=team("college", kickoff_return_defense=-2),
                     away_=away("college", kickoff_return=-2))
    p = only(step(g, [PR_NOTHING, 1, 1])[0])
    assert p["touchback"] == 1


@pytest.mark.parametrize(("level", "dice"), [("college", [PR_NOTHING, 18, KO_RETURN_20]),
                                             ("pro", [PR_NOTHING, PRO_KO_RETURN, 10, KO_RETURN_20])])
def test_fnl_20_amb_fnl_3_kick_after_a_safety_adds_15(level: str, dice: list[int]) -> None:
    """College roll 18 (d20 - 8) / pro roll 10: a kickoff received at the 10 is received at
    the 25 after a safety; returned 20, to the 45. At the 25 the
    college fair catch is no longer offered (FNL-17: inside the 25)."""
    g = kickoff_game(level, free_kick=True)
    p, coach = step(g, dice)
    assert only(p)["return_yards"] == 20
    assert g.s.possession is AWAY and g.s.yardline == 100 - (10 + 15 + 20)
    assert not coach.of(Kind.KICK_RETURN)


def test_fnl_20_college_safety_kick_inside_the_25_may_be_fair_caught() -> None:
    """Roll 15: the 7 + 15 = the 22, still inside the 25."""
    g = kickoff_game("college", free_kick=True)
    _, coach = step(g, [PR_NOTHING, 15], {"kick_return": ["fair_catch"]})
    assert coach.of(Kind.KICK_RETURN)[0].info["catch"] == 22
    assert g.s.yardline == 75


@pytest.mark.parametrize("kicker", [HOME, AWAY])
@pytest.mark.parametrize(("level", "dice"), [("college", [PR_NOTHING, 15, KO_RETURN_20]),
                                             ("pro", [PR_NOTHING, PRO_KO_RETURN, 7, KO_RETURN_20])])
def test_fnl_23_scn_fnl_6_kickoff_return_adjustment(level: str, dice: list[int],
                                                    kicker: Side) -> None:
    """SCN-FNL-6: the home team's Kickoff Return is +1 and the visitors' Kickoff Return
    Defense +3: +4 on every home return (caught at the 7, 20 + 4 = 24 yards, to the 31). The
    visitors' returns get their own Kickoff Return (0) and the home team's Kickoff Return
    Defense (0): no change (to the 27)."""
    g = kickoff_game(level, kicker, home=team(level, kickoff_return=1),
                     away_=away(level, kickoff_return_defense=3))
    p = only(step(g, dice)[0])
    adj = 4 if kicker is AWAY else 0
    assert p["return_yards"] == 20 + adj
    assert g.s.possession is kicker.other and g.s.yardline == 100 - (7 + 20 + adj)


@pytest.mark.parametrize(("level", "dice", "catch"), [
    ("college", [PR_NOTHING, 19, 5, 6], 20),                 # Kickoff Special 5: squib, caught at the 20
    ("pro", [PR_NOTHING, PRO_KO_RETURN, 20, 6, 6], 22),      # pro Kickoff Special 6: squib, at the 22
])
def test_fnl_17_18_24_kickoff_special_adjusted_and_never_fair_caught(
        level: str, dice: list[int], catch: int) -> None:
    """A kick roll of 19-20 is a Kickoff Special; a squib returned d10 (6) gets the +4 return
    adjustment (FNL-24) and cannot be fair caught (FNL-19)."""
    g = kickoff_game(level, home=team(level, kickoff_return_defense=3),
                     away_=away(level, kickoff_return=1))
    p, coach = step(g, dice)
    assert only(p)["returned"] == 1
    assert not coach.of(Kind.KICK_RETURN)
    assert g.s.possession is AWAY and g.s.yardline == 100 - (catch + 6 + 4)


@pytest.mark.parametrize(("level", "dice"), [
    ("college", [PR_NOTHING, 15, 19, LONG_RETURN, 10]),
    ("pro", [PR_NOTHING, PRO_KO_RETURN, 7, 20, LONG_RETURN, 10]),
])
def test_fnl_17_18_24_kickoff_return_special_adjusted(level: str, dice: list[int]) -> None:
    """A return roll of 19-20 is a Kickoff Return Special: Long return, 20 + d20 (10) = 30
    from the 7, plus the +4 adjustment: the 41."""
    g = kickoff_game(level, home=team(level, kickoff_return_defense=3),
                     away_=away(level, kickoff_return=1))
    p = only(step(g, dice)[0])
    assert p["returned"] == 1
    assert g.s.possession is AWAY and g.s.yardline == 100 - (7 + 30 + 4)


def test_fnl_18_pro_touchback_chart_of_the_kicking_team() -> None:
    """Roll 12: a touchback on the home team's chart (1-12), so the home team's kickoff goes
    to the 25 with no return and no time; the visitors' chart (touchback on 1-2 only) says
    return, so their kickoff is kicked (7: caught at the 7) and returned."""
    g = kickoff_game("pro", home=team("pro"),
                     away_=away("pro", ko_touchback={"1-2": "touchback", "3-20": "return"}))
    p = only(step(g, [PR_NOTHING, 12])[0])
    assert p["touchback"] == 1 and p["returned"] == 0 and p["seconds"] == 0
    assert g.s.possession is AWAY and (g.s.down, g.s.yardline) == (1, 75)
    assert g.s.clock.seconds_left == 7 * 60 + 30
    g.next, g.kicker = "kickoff", AWAY
    p = only(step(g, [PR_NOTHING, 12, 7, KO_RETURN_20])[0])
    assert p["touchback"] == 0 and p["returned"] == 1
    assert g.s.possession is HOME and g.s.yardline == 73


@pytest.mark.parametrize(("roll", "catch"), [(1, 1), (7, 7), (10, 10), (11, 1), (15, 5),
                                             (18, 8)])
def test_fnl_18_pro_kickoff_1_10_at_that_line_11_18_at_d20_minus_10(roll: int,
                                                                    catch: int) -> None:
    """Not a touchback: 1-10 caught at that yard line, 11-18 at the 1-8; returned d20 + 10;
    every such kick must be returned (FNL-19: no fair catch at pro)."""
    g = kickoff_game("pro")
    p, coach = step(g, [PR_NOTHING, PRO_KO_RETURN, roll, KO_RETURN_20])
    assert only(p)["return_yards"] == 20
    assert g.s.possession is AWAY and g.s.yardline == 100 - (catch + 20)
    assert not coach.of(Kind.KICK_RETURN)


# -- FNL-44, FNL-47, FNL-49: Big Play (DEF) at college and pro ---------------------------------------

def _bp_def_game(level: str, run: bool, on_offense_sheet: bool) -> tuple[Any, dict[str, list[str]]]:
    """A BP-DEF in the offense's cell (its own sheet) or in the defense's cell."""
    card, col = ("inside_run", "run_inside") if run else ("roll_out", "zone")
    home = team(level, off={(card, 1, col): "BP-DEF"} if on_offense_sheet else {})
    visitors = away(level, dfn={} if on_offense_sheet else {(col, 1, card): "BP-DEF"},
                    **AWAY_TABLES)
    return game(level, home, visitors), calls(card, col)


@pytest.mark.parametrize("level", CP_LEVELS)
@pytest.mark.parametrize("on_offense_sheet", [True, False], ids=["offense_sheet", "defense_sheet"])
@pytest.mark.parametrize("roll", [1, BPD_NONE])
def test_fnl_44_cp_big_play_def_1_to_10_is_a_0_yard_run(level: str, on_offense_sheet: bool,
                                                        roll: int) -> None:
    """1-10: a 0-yard run; the down advances; no big play, so the meter does not move."""
    g, script = _bp_def_game(level, run=True, on_offense_sheet=on_offense_sheet)
    p = only(step(g, [1, PR_NOTHING, 1, roll], script, at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 0 and p["rush_attempt"] == 1
    assert p["tackled_for_loss"] == p["fumble"] == 0
    assert (g.s.possession, g.s.down, g.s.ydstogo, g.s.yardline) == (HOME, 2, 10, 70)
    assert p["seconds"] == 30 and g.s.momentum.value == 0


@pytest.mark.parametrize("level", CP_LEVELS)
@pytest.mark.parametrize("on_offense_sheet", [True, False], ids=["offense_sheet", "defense_sheet"])
def test_fnl_44_cp_big_play_def_1_to_10_is_an_incomplete_pass(level: str,
                                                             on_offense_sheet: bool) -> None:
    g, script = _bp_def_game(level, run=False, on_offense_sheet=on_offense_sheet)
    p = only(step(g, [1, PR_NOTHING, 1, BPD_NONE], script, at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["incomplete_pass"] == 1 and p["sack"] == p["interception"] == 0
    assert (g.s.possession, g.s.down, g.s.ydstogo, g.s.yardline) == (HOME, 2, 10, 70)
    assert p["seconds"] == 10 and g.s.momentum.value == 0


def test_fnl_44_college_run_table_of_the_offense_sheet() -> None:
    """11-20 reads the Run BP DEF table of the sheet the BP-DEF appeared on: the home
    (offense) table says TFL on 10; TFL roll 10: -3."""
    g, script = _bp_def_game("college", run=True, on_offense_sheet=True)
    p = only(step(g, [1, PR_NOTHING, 1, BPD_TRUE, TABLE_10, TFL_3], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == -3 and p["tackled_for_loss"] == 1 and p["fumble"] == 0
    assert g.s.momentum.value == -1                  # FNL-87: a Big Play TFL counts


def test_fnl_44_college_run_table_of_the_defense_sheet() -> None:
    """The same roll on the visitors' (defense) table is a fumble; the offense recovers at
    the line."""
    g, script = _bp_def_game("college", run=True, on_offense_sheet=False)
    p = only(step(g, [1, PR_NOTHING, 1, BPD_TRUE, TABLE_10, FUM_OFFENSE, FUM_SPOT_0], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["fumble"] == 1 and p["fumble_lost"] == 0 and p["tackled_for_loss"] == 0
    assert (g.s.possession, g.s.down, g.s.yardline) == (HOME, 2, 70)
    assert p["seconds"] == 20


def test_fnl_44_college_pass_table_of_the_offense_sheet() -> None:
    """Pass BP DEF on the home sheet: SACK on 10; sack roll 9: -6."""
    g, script = _bp_def_game("college", run=False, on_offense_sheet=True)
    p = only(step(g, [1, PR_NOTHING, 1, BPD_TRUE, TABLE_10, SACK_6_COLLEGE], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["sack"] == 1 and p["yards_gained"] == -6 and p["interception"] == 0
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (2, 16, 76)


def test_fnl_44_college_pass_table_of_the_defense_sheet() -> None:
    """On the visitors' table 10 is an INT: thrown 6 yards from the own 30, not returned."""
    g, script = _bp_def_game("college", run=False, on_offense_sheet=False)
    p = only(step(g, [1, PR_NOTHING, 1, BPD_TRUE, TABLE_10, INT_THROWN_6, INT_RET_0], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["interception"] == 1 and p["sack"] == 0
    assert g.s.possession is AWAY and (g.s.down, g.s.yardline) == (1, 36)


@pytest.mark.parametrize("on_offense_sheet", [True, False], ids=["offense_sheet", "defense_sheet"])
def test_fnl_44_amb_fnl_15_pro_run_big_play_def_11_20_is_always_a_fumble(
        on_offense_sheet: bool) -> None:
    """Pro: on a run, 11-20 is a fumble without a table roll, on either sheet (AMB-FNL-15)
    and although the home table says TFL for most rolls. Recovered by the defense at the
    line, not returned."""
    g, script = _bp_def_game("pro", run=True, on_offense_sheet=on_offense_sheet)
    p = only(step(g, [1, PR_NOTHING, 1, BPD_TRUE, FUM_DEFENSE, FUM_SPOT_0, FUM_RET_0], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["fumble"] == 1 and p["fumble_lost"] == 1 and p["tackled_for_loss"] == 0
    assert g.s.possession is AWAY and (g.s.down, g.s.yardline) == (1, 30)
    assert g.s.momentum.value == -2                  # FNL-80: turnover


def test_fnl_44_pro_pass_still_reads_the_table() -> None:
    """Pro passes read the Pass BP DEF table: 10 on the home table is a sack (pro sack roll
    10: -6)."""
    g, script = _bp_def_game("pro", run=False, on_offense_sheet=True)
    p = only(step(g, [1, PR_NOTHING, 1, BPD_TRUE, TABLE_10, 10], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["sack"] == 1 and p["yards_gained"] == -6


def _two_def(level: str, run: bool) -> tuple[Any, dict[str, list[str]]]:
    card, col = ("inside_run", "run_inside") if run else ("roll_out", "zone")
    return game(level, team(level, off={(card, 1, col): "BP-DEF"}),
                away(level, dfn={(col, 1, card): "BP-DEF"}, **AWAY_TABLES)), calls(card, col)


def test_fnl_47_college_two_bp_def_offense_table_first_then_defense_table() -> None:
    """Two BP-DEF on a run: the first reads the offense's table (10: TFL, -3), the second the
    defense's table (10: FUM); the offense recovers at the spot of the loss."""
    g, script = _two_def("college", run=True)
    p = only(step(g, [1, PR_NOTHING, 1, BPD_TRUE, TABLE_10, TFL_3, BPD_TRUE, TABLE_10,
                      FUM_OFFENSE, FUM_SPOT_0], script, at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["big_play"] == "def+def"
    assert p["yards_gained"] == -3 and p["tackled_for_loss"] == 1
    assert p["fumble"] == 1 and p["fumble_lost"] == 0
    assert (g.s.possession, g.s.down, g.s.yardline) == (HOME, 2, 73)


def test_fnl_47_college_two_bp_def_pass_sack_then_fumble_not_interception() -> None:
    """Pass: the offense's table gives a SACK (-6); the defense's table gives INT, which the
    second Big Play reads as FUM (FNL-47): kept by the offense."""
    g, script = _two_def("college", run=False)
    p = only(step(g, [1, PR_NOTHING, 1, BPD_TRUE, TABLE_10, SACK_6_COLLEGE, BPD_TRUE, TABLE_10,
                      FUM_OFFENSE, FUM_SPOT_0], script, at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["sack"] == 1 and p["fumble"] == 1 and p["interception"] == 0
    assert p["yards_gained"] == -6 and g.s.possession is HOME


def test_fnl_47_college_first_bp_def_1_to_10_then_the_defense_table_alone() -> None:
    """The first (offense's) roll is 1-10, no big play; the second is read on the defense's
    table as a single Big Play (DEF): a fumble lost at the line."""
    g, script = _two_def("college", run=True)
    p = only(step(g, [1, PR_NOTHING, 1, BPD_NONE, BPD_TRUE, TABLE_10, FUM_DEFENSE, FUM_SPOT_0,
                      FUM_RET_0], script, at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["fumble_lost"] == 1
    assert g.s.possession is AWAY and g.s.yardline == 30


@pytest.mark.parametrize("level", CP_LEVELS)
def test_fnl_47_cp_two_bp_def_both_1_to_10_is_a_0_yard_run(level: str) -> None:
    g, script = _two_def(level, run=True)
    p = only(step(g, [1, PR_NOTHING, 1, 3, BPD_NONE], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 0 and p["fumble"] == p["tackled_for_loss"] == 0
    assert (g.s.down, g.s.yardline) == (2, 70)


def test_fnl_47_pro_two_bp_def_run_fumbles_twice() -> None:
    """Pro run: both 11-20 are fumbles with no table roll. The offense recovers the first at
    the line; the defense then rolls the second: recovered by the defense, not returned."""
    g, script = _two_def("pro", run=True)
    p = only(step(g, [1, PR_NOTHING, 1, BPD_TRUE, FUM_OFFENSE, FUM_SPOT_0, BPD_TRUE,
                      FUM_DEFENSE, FUM_SPOT_0, FUM_RET_0], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["fumble"] == 1 and p["fumble_lost"] == 1
    assert g.s.possession is AWAY and g.s.yardline == 30


def _off_and_def(level: str, def_on_offense_sheet: bool) -> tuple[Any, dict[str, list[str]]]:
    """BP-OFF and BP-DEF on one run: the BP-DEF on the offense's sheet (and the BP-OFF on the
    defense's) or the other way round."""
    key_off, key_def = ("inside_run", 1, "run_inside"), ("run_inside", 1, "inside_run")
    if def_on_offense_sheet:
        home = team(level, off={key_off: "BP-DEF"})
        visitors = away(level, dfn={key_def: "BP-OFF"}, **AWAY_TABLES)
    else:
        home = team(level, off={key_off: "BP-OFF"})
        visitors = away(level, dfn={key_def: "BP-DEF"}, **AWAY_TABLES)
    return game(level, home, visitors), calls("inside_run", "run_inside")


@pytest.mark.parametrize("level", CP_LEVELS)
@pytest.mark.parametrize("def_on_offense_sheet", [True, False])
def test_fnl_49_cp_bp_off_and_bp_def_that_rolls_1_to_10(level: str,
                                                        def_on_offense_sheet: bool) -> None:
    """BP (OFF) first: 5 + d20 (10) = 15. The BP (DEF) roll is 1-10, no big play: the
    15-yard gain stands, a first down."""
    g, script = _off_and_def(level, def_on_offense_sheet)
    p = only(step(g, [1, PR_NOTHING, 1, BPO_5_D20, 10, BPD_NONE], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["big_play"] == "off+def"
    assert p["yards_gained"] == 15 and p["first_down"] == 1 and p["tackled_for_loss"] == 0
    assert (g.s.down, g.s.yardline) == (1, 55)


def test_fnl_49_college_bp_def_on_the_offense_sheet_averages_a_tfl() -> None:
    """The BP-DEF is on the home sheet: table roll 10 is a TFL (-4 on TFL roll 14); the
    average of 15 and -4 rounds down to 5 (AMB-FNL-17)."""
    g, script = _off_and_def("college", def_on_offense_sheet=True)
    p = only(step(g, [1, PR_NOTHING, 1, BPO_5_D20, 10, BPD_TRUE, TABLE_10, TFL_4], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 5


def test_fnl_49_college_bp_def_on_the_defense_sheet_fumbles_after_the_gain() -> None:
    """The BP-DEF is on the visitors' sheet: table roll 10 is a FUM, at the end of the
    15-yard gain (AMB-FNL-17); the offense keeps it."""
    g, script = _off_and_def("college", def_on_offense_sheet=False)
    p = only(step(g, [1, PR_NOTHING, 1, BPO_5_D20, 10, BPD_TRUE, TABLE_10, FUM_OFFENSE,
                      FUM_SPOT_0], script, at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["fumble"] == 1 and p["fumble_lost"] == 0 and p["yards_gained"] == 15
    assert g.s.possession is HOME and (g.s.down, g.s.yardline) == (1, 55)


def test_fnl_49_pro_run_bp_def_11_20_fumbles_after_the_gain() -> None:
    """Pro: the run BP DEF 11-20 is a fumble, no table roll; lost at the end of the gain."""
    g, script = _off_and_def("pro", def_on_offense_sheet=True)
    p = only(step(g, [1, PR_NOTHING, 1, BPO_5_D20, 10, BPD_TRUE, FUM_DEFENSE, FUM_SPOT_0,
                      FUM_RET_0], script, at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["fumble_lost"] == 1
    assert g.s.possession is AWAY and g.s.yardline == 45


# -- FNL-65..72: punts -------------------------------------------------------------------------------

def punt(g: Any, dice: list[int], script: dict[str, list[str]] | None = None, *,
         at: str | None = "Q2 04:12 HOME 4&5 OWN30") -> tuple[dict[str, Any], Any]:
    plays, coach = step(g, dice, {"snap": ["punt"], **(script or {})}, at=at)
    return only(plays), coach


def test_fnl_68_college_punt_subtracts_3() -> None:
    """PUNT roll 10: 46 - 3 = 43 yards from the own 30, to the receiver's 27; PUNT RETURN
    roll 10: 3 yards, to its 30. A college receiver is never given the pro fair-catch chart."""
    g = game("college")
    p, coach = punt(g, [PR_NOTHING, 10, 10])
    assert p["kick_distance"] == 43 and p["return_yards"] == 3
    assert g.s.possession is AWAY and (g.s.down, g.s.yardline) == (1, 70)
    assert p["seconds"] == 10
    assert coach.of(Kind.PUNT_FIELD)[0].options == ("return", "bounce")


def test_fnl_69_pro_punt_reads_the_chart_as_it_is() -> None:
    """Pro PUNT roll 10: 46 yards, nothing subtracted, to the receiver's 24; fair-catch chart
    roll 7 (return), return roll 10: 7 yards."""
    g = game("pro")
    p, _ = punt(g, [PR_NOTHING, 10, 7, 10])
    assert p["kick_distance"] == 46 and p["return_yards"] == 7
    assert g.s.possession is AWAY and g.s.yardline == 100 - 31


def _scn5_pro_xsheets(tmp_path: Path) -> Path:
    """The pro X-sheets with a PUNT column of 40 and a PUNT RETURN column of 5, the charts of
    the SCN-FNL-5 example; everything else as bundled."""
    text = resources.files("scrimmage.rules.legends").joinpath(
        "data", "xsheets-pro.toml").read_text("utf-8")
    for table, value in (("punt", 40), ("punt_return", 5)):
        text, n = re.subn(rf'(\n\[{table}\]\n)(?:"[^"\n]+" = [^\n]+\n)+',
                          rf'\g<1>"1-20" = {value}\n', text)
        assert n == 1, table
    path = tmp_path / "xsheets-scn5-pro.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_scn_fnl_5_punt_and_return_adjustments(tmp_path: Path) -> None:
    """SCN-FNL-5: the charts give a 40-yard punt and a 5-yard return; the kicking team's Punt
    adjustment is -3 and the return is adjusted by +1 (the receiver's Punt Return +2 and the
    kicker's Punt Return Defense -1, FNL-71): a 37-yard punt and a 6-yard return."""
    g = game("pro", team("pro", punt=-3, punt_return_defense=-1),
             away("pro", punt_return=2), xsheets=str(_scn5_pro_xsheets(tmp_path)))
    p, _ = punt(g, [PR_NOTHING, 10, 7, 10])
    assert p["kick_distance"] == 37 and p["return_yards"] == 6
    assert g.s.possession is AWAY and g.s.yardline == 100 - (33 + 6)


def test_fnl_71_college_punt_adjustment_stacks_with_the_3() -> None:
    """College PUNT roll 10: 46 - 3 (FNL-68) - 3 (Punt adjustment) = 40; return roll 10: 3
    + 1 = 4."""
    g = game("college", team("college", punt=-3), away("college", punt_return=1))
    p, _ = punt(g, [PR_NOTHING, 10, 10])
    assert p["kick_distance"] == 40 and p["return_yards"] == 4
    assert g.s.yardline == 100 - (30 + 4)


def test_fnl_65_fnl_71_aimed_out_of_bounds_punt_gets_the_adjustment() -> None:
    """College, aimed out of bounds, penalty roll 8 (it goes out): PUNT OUT OF BOUNDS roll 10:
    41 - 3 - 2 (Punt adjustment) = 36, out at the receiver's 34; no return."""
    g = game("college", team("college", punt=-2))
    p, _ = punt(g, [8, 10], {"punt_style": ["out_of_bounds"]})
    assert p["kick_distance"] == 36 and p["punt_out_of_bounds"] == 1 and p["returned"] == 0
    assert g.s.possession is AWAY and g.s.yardline == 100 - 34


def test_fnl_69_amb_fnl_21_pro_fair_catch_chart_of_the_receiving_team() -> None:
    """The offense rolls the receiving team's chart (AMB-FNL-21). Roll 6 on the visitors'
    chart (fair catch on 1-6): no return, the ball where the 46-yard punt came down, the 24.
    The home team's chart (always return) is read when the visitors punt: roll 6 there is a
    return (roll 10: 7 yards)."""
    home = team("pro", punt_fair_catch={"1-20": "return"})
    g = game("pro", home, away("pro"))
    p, coach = punt(g, [PR_NOTHING, 10, 6])
    assert p["punt_fair_catch"] == 1 and p["returned"] == 0
    assert g.s.possession is AWAY and g.s.yardline == 100 - 24
    field = coach.of(Kind.PUNT_FIELD)
    assert field[0].seat is AWAY and field[0].options == ("fair_catch", "bounce")
    p, coach = punt(g, [PR_NOTHING, 10, 6, 10], at="Q2 04:12 AWAY 4&5 OWN30")
    assert p["punt_fair_catch"] == 0 and p["return_yards"] == 7
    assert coach.of(Kind.PUNT_FIELD)[0].options == ("return", "bounce")
    assert g.s.possession is HOME and g.s.yardline == 100 - 31


def test_fnl_69_pro_fair_catch_may_still_be_left_to_bounce() -> None:
    """Fair catch on the chart, but the receiver lets it bounce: PUNT BOUNCE roll 10, 4 more
    yards: downed at the 20."""
    g = game("pro")
    p, _ = punt(g, [PR_NOTHING, 10, 6, 10], {"punt_field": ["bounce"]})
    assert p["punt_downed"] == 1 and p["punt_fair_catch"] == 0
    assert g.s.possession is AWAY and g.s.yardline == 80


@pytest.mark.parametrize(("level", "dice"), [("college", [PR_NOTHING, 10, 7]),
                                             ("pro", [PR_NOTHING, 10, 7, 1])])
def test_fnl_70_negative_return_after_adjustments_is_a_fair_catch(level: str,
                                                                  dice: list[int]) -> None:
    """The chart gives a 0-yard return (college roll 7, pro roll 1); the receiver's Punt
    Return -1 makes it -1: a fair catch where the punt came down."""
    g = game(level, team(level), away(level, punt_return=-1))
    p, _ = punt(g, dice)
    assert p["punt_fair_catch"] == 1 and p["returned"] == 0
    landing = 70 - p["kick_distance"]
    assert g.s.possession is AWAY and g.s.yardline == 100 - landing


def test_fnl_70_adjustment_can_turn_a_fair_catch_into_a_return() -> None:
    """College PUNT RETURN roll 1 is -2 (a fair catch), but with the receiver's +3 it is a
    1-yard return."""
    g = game("college", team("college"), away("college", punt_return=3))
    p, _ = punt(g, [PR_NOTHING, 10, 1])
    assert p["punt_fair_catch"] == 0 and p["returned"] == 1 and p["return_yards"] == 1


@pytest.mark.parametrize("option", [False, True])
@pytest.mark.parametrize(("level", "dice"), [("college", [PR_NOTHING, 14, 1]),
                                             ("pro", [PR_NOTHING, 10, 6])])
def test_fnl_72_optional_fair_catch_at_the_25(level: str, dice: list[int],
                                              option: bool) -> None:
    """A fair catch at the 22 (college 51 - 3 = 48 yards) or the 24 (pro, 46 yards): at the
    25 under the optional post-2024 rule."""
    g = game(level, fair_catch_25=option)
    p, _ = punt(g, dice)
    assert p["punt_fair_catch"] == 1
    landing = 70 - p["kick_distance"]
    assert landing < 25
    assert g.s.yardline == 100 - (25 if option else landing)


# -- FNL-62..64: field goals ---------------------------------------------------------------------

@pytest.mark.parametrize(("kicker", "roll", "made"), [
    (HOME, 9, False),      # the home chart: up to 39 yards good from 10 (X-3 fallback: 3)
    (HOME, 10, True),
    (AWAY, 5, True),       # the visitors' chart: good from 5
    (AWAY, 4, False),
])
def test_fnl_63_pro_field_goal_range_chart_of_the_kicking_team(kicker: Side, roll: int,
                                                               made: bool) -> None:
    """A 37-yard attempt from the 20 (FNL-62), read on the kicking team's own chart; a miss
    gives the defense the ball at its 27 (FNL-64, SCN-FNL-4)."""
    visitors = away("pro", field_goal_range={"blocked": [1], "bands": [
        {"max": 39, "good_from": 5}, {"max": 59, "good_from": 21}]})
    g = game("pro", team("pro"), visitors)
    p = only(step(g, [PR_NOTHING, roll], {"snap": ["field_goal"]},
                  at=f"Q2 04:12 {kicker} 4&5 OPP20")[0])
    assert p["kick_distance"] == 37
    assert p["field_goal_result"] == ("made" if made else "missed")
    if made:
        assert g.s.score[kicker] == 3 and g.next == "kickoff" and g.kicker is kicker
    else:
        assert g.s.possession is kicker.other and (g.s.down, g.s.yardline) == (1, 73)


@pytest.mark.parametrize(("roll", "made"), [(6, True), (5, False)])
def test_fnl_63_college_reads_fg_college_not_a_team_chart(roll: int, made: bool) -> None:
    """FG COLLEGE (X-3): up to 39 yards good from 6, even for a sheet that carries a range
    chart saying never."""
    never = {"blocked": [1], "bands": [{"max": 99, "good_from": 21}]}
    g = game("college", team("college", field_goal_range=never))
    p = only(step(g, [PR_NOTHING, roll], {"snap": ["field_goal"]},
                  at="Q2 04:12 HOME 4&5 OPP20")[0])
    assert p["field_goal_result"] == ("made" if made else "missed")


@pytest.mark.parametrize(("level", "roll"), [("college", 4), ("pro", 9)])
def test_fnl_64_scn_fnl_4_miss_from_inside_the_20(level: str, roll: int) -> None:
    """From the 15: a 32-yard attempt; missed, the defense takes over at its 20."""
    g = game(level)
    p = only(step(g, [PR_NOTHING, roll], {"snap": ["field_goal"]},
                  at="Q2 04:12 HOME 4&5 OPP15")[0])
    assert p["kick_distance"] == 32 and p["field_goal_result"] == "missed"
    assert g.s.possession is AWAY and (g.s.down, g.s.yardline) == (1, 80)


@pytest.mark.parametrize("level", CP_LEVELS)
def test_fnl_63_a_roll_of_1_is_blocked(level: str) -> None:
    """Blocked (FNL-73): the kicking team recovers (3) 10 + 5 yards behind the line on 4th
    down, so the defense has it there."""
    g = game(level)
    p = only(step(g, [PR_NOTHING, 1, 3, 5], {"snap": ["field_goal"]},
                  at="Q2 04:12 HOME 4&5 OPP20")[0])
    assert p["field_goal_result"] == "blocked"
    assert g.s.possession is AWAY and g.s.yardline == 100 - 35


# -- FNL-74, FNL-78: the 10-point yardage modifier -------------------------------------------------

@pytest.mark.parametrize("level", CP_LEVELS)
def test_fnl_74_yardage_modifier_adds_the_run_modifier_for_ten_points(level: str) -> None:
    """SOS 10 vs 5 gives the home team 10 points; its run modifier is 3: a 4-yard run becomes
    7 yards. The offense is asked first; the defense (5 points) cannot afford it."""
    g = game(level, team(level, sos=10, yardage_modifier_run=3,
                         off={("inside_run", 1, "run_inside"): 4}),
             away(level, yardage_modifier_run=2))
    p, coach = step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                    at="Q1 10:00 HOME 1&10 OWN30", cp={"yardage_modifier": "plus"})
    assert only(p)["yards_gained"] == 7
    asked = coach.of(Kind.COACHING_POINTS, "yardage_modifier")
    assert [(d.seat, d.info["modifier"], d.info["cost"]) for d in asked] == [(HOME, 3, 10)]
    assert g.s.teams[HOME].cp.used == 10


@pytest.mark.parametrize("level", CP_LEVELS)
def test_fnl_74_yardage_modifier_offense_first_once_per_play(level: str) -> None:
    """Both teams can afford the item. The offense uses it (+3): the defense is not asked
    (once per play). The offense declines: the defense may take its own run modifier (2)."""
    cells = {("inside_run", 1, "run_inside"): 4, ("inside_run", 2, "run_inside"): 4}
    g = game(level, team(level, sos=10, yardage_modifier_run=3, off=cells),
             away(level, sos=10, yardage_modifier_run=2))
    g.s.teams[HOME].cp.total = g.s.teams[AWAY].cp.total = 30
    p, coach = step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                    at="Q3 10:00 HOME 1&10 OWN30", cp={"yardage_modifier": "plus"})
    assert only(p)["yards_gained"] == 7
    assert [d.seat for d in coach.of(Kind.COACHING_POINTS, "yardage_modifier")] == [HOME]
    p, coach = step(g, [2, PR_NOTHING, 2], calls("inside_run", "run_inside"),
                    at="Q3 09:00 HOME 1&10 OWN30",
                    cp={("yardage_modifier", HOME): "none", ("yardage_modifier", AWAY): "minus"})
    assert only(p)["yards_gained"] == 2
    assert [d.seat for d in coach.of(Kind.COACHING_POINTS, "yardage_modifier")] == [HOME, AWAY]
    assert (g.s.teams[HOME].cp.used, g.s.teams[AWAY].cp.used) == (10, 10)


@pytest.mark.parametrize("level", CP_LEVELS)
def test_fnl_78_yardage_modifier_never_makes_a_sack(level: str) -> None:
    """A 2-yard completion minus the defense's pass modifier (3) is -1: an incomplete pass,
    not a sack."""
    g = game(level, team(level, off={("roll_out", 1, "zone"): 2}),
             away(level, sos=15, yardage_modifier_pass=3))
    p = only(step(g, [1, PR_NOTHING, 1], calls("roll_out", "zone"),
                  at="Q1 10:00 HOME 1&10 OWN30", cp={("yardage_modifier", AWAY): "minus"})[0])
    assert p["incomplete_pass"] == 1 and p["complete_pass"] == 0
    assert p["sack"] == 0 and p["yards_gained"] == 0
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (2, 10, 70)


def test_amb_fnl_28_yardage_modifier_is_not_offered_at_high_school() -> None:
    g, _ = new_game("legends-hs", team("hs", coaching_points=30, yardage_modifier_run=3,
                                       off={("inside_run", 1, "run_inside"): 4}),
                    away("hs"), seed=0, neutral=True)
    p, coach = step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                    at="Q1 10:00 HOME 1&10 OWN30")
    assert only(p)["yards_gained"] == 4
    assert coach.of(Kind.COACHING_POINTS, "yard")          # the 5-point item is offered
    assert not coach.of(Kind.COACHING_POINTS, "yardage_modifier")


# -- FNL-12, FNL-13: play speed ---------------------------------------------------------------------

@pytest.mark.parametrize("level", CP_LEVELS)
def test_fnl_12_play_speed_offense_first_ten_seconds_a_use(level: str) -> None:
    """The home team may slow down 3 plays, the visitors speed up 2. A 4-yard run takes 30 s:
    the offense slows it to 40 s and the defense is not asked; when the offense passes, the
    defense speeds it up to 20 s."""
    cells = {("inside_run", 1, "run_inside"): 4, ("inside_run", 2, "run_inside"): 4}
    g = game(level, team(level, play_speed=3, off=cells), away(level, play_speed=-2))
    p, coach = step(g, [1, PR_NOTHING, 1], {**calls("inside_run", "run_inside"),
                                             "play_speed": ["use"]},
                    at="Q1 10:00 HOME 1&10 OWN30")
    assert only(p)["seconds"] == 40 and g.s.clock.seconds_left == 560
    speed = coach.of(Kind.PLAY_SPEED)
    assert [(d.seat, d.info["direction"]) for d in speed] == [(HOME, "slower")]
    assert (g.s.teams[HOME].speed_left, g.s.teams[AWAY].speed_left) == (2, 2)
    p, coach = step(g, [2, PR_NOTHING, 2], {**calls("inside_run", "run_inside"),
                                             "play_speed": ["none", "use"]},
                    at="Q1 10:00 HOME 1&10 OWN30")
    assert only(p)["seconds"] == 20
    assert [d.seat for d in coach.of(Kind.PLAY_SPEED)] == [HOME, AWAY]
    assert (g.s.teams[HOME].speed_left, g.s.teams[AWAY].speed_left) == (2, 1)


@pytest.mark.parametrize("level", CP_LEVELS)
def test_amb_fnl_35_play_speed_and_the_one_point_time_item_stack(level: str) -> None:
    g = game(level, team(level, play_speed=3, off={("inside_run", 1, "run_inside"): 4}))
    p = only(step(g, [1, PR_NOTHING, 1], {**calls("inside_run", "run_inside"),
                                           "play_speed": ["use"]},
                  at="Q1 10:00 HOME 1&10 OWN30", cp={"time": "slower"})[0])
    assert p["seconds"] == 50
    assert g.s.teams[HOME].cp.used == 1 and g.s.teams[HOME].speed_left == 2


@pytest.mark.parametrize("level", CP_LEVELS)
def test_fnl_12_no_play_speed_question_without_points(level: str) -> None:
    _, coach = step(game(level), [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                    at="Q1 10:00 HOME 1&10 OWN30")
    assert not coach.of(Kind.PLAY_SPEED)


@pytest.mark.parametrize("level", CP_LEVELS)
@pytest.mark.parametrize("owes", [HOME, AWAY])
def test_fnl_13_half_unspent_at_halftime_is_15_yards_after_the_second_half_kickoff(
        level: str, owes: Side) -> None:
    """A team with 4 play-speed points has spent 1 (less than half) by halftime: on the first
    snap after the second-half kickoff a 15-yard unsportsmanlike penalty is marked off against
    it before the play, taking no time. The home team receives and returns the kick to its 35."""
    g = game(level, team(level, play_speed=4 if owes is HOME else 0),
             away(level, play_speed=-4 if owes is AWAY else 0))
    g.s.teams[owes].speed_left = 3
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q2 00:10 HOME 1&10 OWN30")
    assert g.s.clock.quarter == 3 and g.next == "kickoff" and g.kicker is AWAY
    assert g.s.teams[owes].speed_owed == 1
    # College: received at the 7 (15), returned 18 + 10 = 28; pro: the touchback chart says
    # return (13), caught at the 7, returned 28.
    kick = [PR_NOTHING, 15, 18] if level == "college" else [PR_NOTHING, PRO_KO_RETURN, 7, 18]
    only(step(g, kick)[0])
    assert g.s.possession is HOME and g.s.yardline == 65
    plays, _ = step(g, [2, PR_NOTHING, 2], calls("inside_run", "run_inside"))
    assert len(plays) == 2
    foul, snap = plays
    assert foul["play_type"] == "no_play" and foul["penalty"] == 1
    assert foul["penalty_yards"] == 15 and foul["seconds"] == 0
    assert foul["penalty_team"] == g.s.teams[owes].name
    assert "unsportsmanlike" in foul["penalty_type"].lower()
    assert snap["yardline_100"] == (80 if owes is HOME else 50)
    assert (snap["down"], snap["ydstogo"]) == ((1, 25) if owes is HOME else (1, 10))
    assert g.s.teams[owes].speed_owed == 0


@pytest.mark.parametrize("level", CP_LEVELS)
@pytest.mark.parametrize(("used", "owed"), [(2, 1), (3, 0), (4, 0)])
def test_fnl_13_three_quarters_unspent_before_the_4th_quarter(level: str, used: int,
                                                             owed: int) -> None:
    """4 play-speed points: 2 used at the end of the 3rd quarter is less than 3/4 (a penalty
    on the first play of the 4th quarter), 3 is enough. Half was spent by halftime in every
    case, so nothing was owed then."""
    g = game(level, team(level, play_speed=4, off={("inside_run", 2, "run_inside"): 4}))
    g.s.teams[HOME].speed_left = 4 - used
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q3 00:10 HOME 1&10 OWN30")
    assert g.s.clock.quarter == 4 and g.s.clock.seconds_left == 900
    assert g.s.teams[HOME].speed_owed == owed
    plays, _ = step(g, [2, PR_NOTHING, 2], calls("inside_run", "run_inside"))
    assert len(plays) == 1 + owed
    if owed:
        assert plays[0]["penalty_yards"] == 15 and plays[0]["penalty_team"] == "Home Zeros"
        assert plays[0]["qtr"] == 4 and plays[0]["quarter_seconds_remaining"] == 900
    assert plays[-1]["yards_gained"] == 4


@pytest.mark.parametrize(("level", "punt_dice"), [("college", [PR_NOTHING, 10, 10]),
                                                  ("pro", [PR_NOTHING, 10, 7, 10])])
def test_fnl_13_quota_penalty_on_the_first_play_of_the_4th_quarter_even_a_punt(
        level: str, punt_dice: list[int]) -> None:
    """None of 4 play-speed points spent by the end of the 3rd quarter; the first play of the
    4th quarter is a punt: the 15-yard penalty is called on it (before the kick)."""
    g = game(level, team(level, play_speed=4))
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q3 00:10 HOME 3&10 OWN40")
    assert g.s.clock.quarter == 4 and g.s.down == 4 and g.s.teams[HOME].speed_owed == 1
    plays, _ = step(g, punt_dice, {"snap": ["punt"]})
    assert plays[0]["penalty_yards"] == 15 and plays[0]["qtr"] == 4
    assert plays[-1]["punt_attempt"] == 1 and plays[-1]["yardline_100"] == 75


def test_fnl_13_no_quota_at_high_school() -> None:
    g, _ = new_game("legends-hs", team("hs", play_speed=4), away("hs"), seed=0, neutral=True)
    assert g.s.teams[HOME].speed_total == 0
    _, coach = step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                    at="Q2 00:10 HOME 1&10 OWN30")
    assert not coach.of(Kind.PLAY_SPEED)
    assert g.s.teams[HOME].speed_owed == 0


# -- AMB-FNL-14: the two-minute warning and overtime (house rules) --------------------------------

@pytest.mark.parametrize("level", CP_LEVELS)
@pytest.mark.parametrize(("quarter", "option", "left"), [
    (2, False, 100), (2, True, 120), (4, True, 120), (3, True, 100), (1, True, 100)])
def test_amb_fnl_14_two_minute_warning_option(level: str, quarter: int, option: bool,
                                              left: int) -> None:
    """A 30-second run from 2:10: with the option the clock stops at 2:00 in the 2nd and 4th
    quarters (the play takes 10 s); without it, and in other quarters, it runs to 1:40."""
    g = game(level, two_minute_warning=option)
    p = only(step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at=f"Q{quarter} 02:10 HOME 1&10 OWN30")[0])
    assert g.s.clock.seconds_left == left and p["seconds"] == 130 - left


@pytest.mark.parametrize("level", CP_LEVELS)
def test_amb_fnl_14_overtime_none_ends_a_tie(level: str) -> None:
    g = game(level, overtime="none")
    g.s.score[HOME] = g.s.score[AWAY] = 7
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q4 00:10 HOME 1&10 OWN30")
    assert g.over and g.s.overtime == 0


def _tied_at_the_end(level: str, home: dict[str, Any] | None = None,
                     visitors: dict[str, Any] | None = None) -> Any:
    g = game(level, home, visitors)
    g.s.score[HOME] = g.s.score[AWAY] = 7
    g.start_at("Q4 00:10 HOME 1&10 OWN30")
    return g


REGULATION_END = [1, PR_NOTHING, 1]        # a 0-yard run from the own 30 ends the 4th quarter


def test_amb_fnl_14_college_overtime_series_from_the_25() -> None:
    """Tied: overtime, untimed, one timeout each; the home team (the second-half receiver)
    has the first series, from the 25. It kicks a 42-yard field goal (FG COLLEGE: up to 44
    good from 8); the visitors' series from the 25 ends on downs (four kneels): 10-7."""
    g = _tied_at_the_end("college")
    step(g, REGULATION_END, calls("inside_run", "run_inside"))
    assert not g.over and g.s.overtime == 1 and g.s.clock.untimed
    assert (g.s.possession, g.s.down, g.s.ydstogo, g.s.yardline) == (HOME, 1, 10, 25)
    assert g.s.teams[HOME].timeouts == g.s.teams[AWAY].timeouts == 1
    plays, _ = play_out(g, [PR_NOTHING, 8], {"snap": ["field_goal"] + ["kneel"] * 4})
    assert plays[0]["field_goal_result"] == "made" and plays[0]["kick_distance"] == 42
    assert [p["posteam"] for p in plays] == ["Home Zeros"] + ["Away Zeros"] * 4
    assert plays[1]["yardline_100"] == 25 and plays[-1]["fourth_down_failed"] == 1
    assert all(p["qtr"] == 5 and p["seconds"] == 0 for p in plays)
    assert g.s.score == {HOME: 10, AWAY: 7}
    assert not [p for p in plays if p["kickoff_attempt"]]      # no kickoffs in overtime


def test_amb_fnl_14_college_two_point_tries_only_from_the_third_overtime() -> None:
    """Four kneels end each series: OT1 and OT2 end 7-7 (the visitors go first in OT2). In
    OT3 the home team scores a touchdown and may only go for two; in OT1 it could kick."""
    cells = {("inside_run", 2, "run_inside"): 25}
    g = _tied_at_the_end("college", team("college", off=cells))
    step(g, REGULATION_END, calls("inside_run", "run_inside"))
    _, coach = step(g, [], {"snap": ["kneel"] * 16}, steps=16)
    assert g.s.overtime == 3 and g.s.possession is HOME and g.s.yardline == 25
    assert [p["posteam"] for p in g.plays[1:17:4]] == ["Home Zeros", "Away Zeros",
                                                      "Away Zeros", "Home Zeros"]
    p = only(step(g, [2, PR_NOTHING, 2], calls("inside_run", "run_inside"))[0])
    assert p["touchdown"] == 1 and g.next == "try"
    # The try: a two-point run from the 3 (play 3, 0 yards), the only choice.
    _, coach = step(g, [3, PR_NOTHING, 3], calls("inside_run", "run_inside"))
    assert coach.of(Kind.TRY)[0].options == ("two",)
    # OT1: the same touchdown may be followed by a kick.
    g = _tied_at_the_end("college", team("college", off=cells))
    step(g, REGULATION_END, calls("inside_run", "run_inside"))
    step(g, [2, PR_NOTHING, 2], calls("inside_run", "run_inside"))
    _, coach = step(g, [10])
    assert coach.of(Kind.TRY)[0].options == ("kick", "two")
    assert g.s.score[HOME] == 14


def _pro_overtime(home: dict[str, Any] | None = None,
                  visitors: dict[str, Any] | None = None) -> Any:
    g = _tied_at_the_end("pro", home, visitors)
    step(g, REGULATION_END, calls("inside_run", "run_inside"))
    return g


# Overtime toss (12 v 3, the home team wins and receives) and the visitors' kickoff: its
# penalty roll (nothing), their KO Touchback chart roll 1, a touchback: the home team at its 25.
PRO_OT_START = [12, 3, PR_NOTHING, 1]


def test_amb_fnl_14_pro_overtime_is_a_ten_minute_period() -> None:
    g = _pro_overtime()
    assert not g.over and g.s.overtime == 1 and g.s.clock.quarter == 5
    assert g.s.clock.seconds_left == 600 and not g.s.clock.untimed
    assert g.s.teams[HOME].timeouts == g.s.teams[AWAY].timeouts == 2
    assert g.next == "overtime_toss"


def test_amb_fnl_14_pro_touchdown_on_the_first_possession_wins() -> None:
    """The home team receives and scores a touchdown on its first possession: the game ends
    at once, without a try."""
    g = _pro_overtime(team("pro", off={("inside_run", 2, "run_inside"): 80}))
    plays, coach = play_out(g, [*PRO_OT_START, 2, PR_NOTHING, 2],
                            {"overtime_toss": ["receive"], **calls("inside_run", "run_inside")})
    assert [d.seat for d in coach.of(Kind.OVERTIME_TOSS)] == [HOME]
    assert plays[0]["touchback"] == 1 and plays[-1]["touchdown"] == 1
    assert g.s.score == {HOME: 13, AWAY: 7}
    assert not [p for p in plays if p["extra_point_attempt"] or p["two_point_attempt"]]


# A 60-yard run (play 2 or 3 of the home sheet, play 1 of the visitors') from the own 25 to
# the 15, and a 32-yard field goal from there: good on the zero pro chart's 10.
DRIVE_60 = {("inside_run", 2, "run_inside"): 60, ("inside_run", 3, "run_inside"): 60}
FIELD_GOAL = [PR_NOTHING, 10]


def test_amb_fnl_14_pro_field_goal_gives_the_other_team_a_possession() -> None:
    """A field goal on the first possession does not end it: the visitors get the ball (the
    home KO Touchback chart's 1: their 25) and win with a touchdown."""
    g = _pro_overtime(team("pro", off=DRIVE_60),
                      away("pro", off={("inside_run", 1, "run_inside"): 80}))
    plays, _ = play_out(g, [*PRO_OT_START, 2, PR_NOTHING, 2, *FIELD_GOAL, PR_NOTHING, 1, 1, PR_NOTHING, 1],
                        {"overtime_toss": ["receive"], "snap": ["play", "field_goal", "play"],
                         "play_call": ["inside_run", "run_inside"] * 2})
    assert plays[2]["field_goal_result"] == "made" and plays[2]["kick_distance"] == 32
    assert plays[3]["kickoff_attempt"] == 1 and plays[3]["posteam"] == "Away Zeros"
    assert plays[-1]["touchdown"] == 1 and plays[-1]["posteam"] == "Away Zeros"
    assert g.s.score == {HOME: 10, AWAY: 13}


def test_amb_fnl_14_pro_field_goal_then_a_stop_wins() -> None:
    """After the home field goal the visitors punt (46 yards, fair caught on the home chart's
    6): their possession is over without a score, and the home team wins 10-7."""
    g = _pro_overtime(team("pro", off=DRIVE_60))
    plays, _ = play_out(g, [*PRO_OT_START, 2, PR_NOTHING, 2, *FIELD_GOAL, PR_NOTHING, 1, PR_NOTHING, 10, 6],
                        {"overtime_toss": ["receive"], "snap": ["play", "field_goal", "punt"],
                         **calls("inside_run", "run_inside")})
    assert plays[-1]["punt_attempt"] == 1 and plays[-1]["posteam"] == "Away Zeros"
    assert g.s.score == {HOME: 10, AWAY: 7}


def test_amb_fnl_14_pro_after_both_possessions_the_next_score_wins() -> None:
    """A field goal each: 10-10; then the home team scores first (another field goal) and
    wins."""
    g = _pro_overtime(team("pro", off=DRIVE_60),
                      away("pro", off={("inside_run", 1, "run_inside"): 60}))
    plays, _ = play_out(g, [*PRO_OT_START, 2, PR_NOTHING, 2, *FIELD_GOAL, PR_NOTHING, 1,
                            1, PR_NOTHING, 1, *FIELD_GOAL, PR_NOTHING, 1, 3, PR_NOTHING, 3, *FIELD_GOAL],
                        {"overtime_toss": ["receive"], "snap": ["play", "field_goal"] * 3,
                         "play_call": ["inside_run", "run_inside"] * 3})
    assert [p["posteam"] for p in plays if p["field_goal_attempt"]] == [
        "Home Zeros", "Away Zeros", "Home Zeros"]
    assert [p["field_goal_result"] for p in plays if p["field_goal_attempt"]] == ["made"] * 3
    assert g.s.score == {HOME: 13, AWAY: 10}


def test_amb_fnl_14_pro_no_score_on_the_first_possession_then_the_next_score_wins() -> None:
    """The home team receives and punts (46 yards, fair caught on the visitors' chart's 6 at
    their 29); the visitors run 60 yards and kick a 28-yard field goal: they lead 10-7 and
    both teams have had the ball, so the game is over."""
    g = _pro_overtime(visitors=away("pro", off={("inside_run", 1, "run_inside"): 60}))
    plays, _ = play_out(g, [*PRO_OT_START, PR_NOTHING, 10, 6, 1, PR_NOTHING, 1, *FIELD_GOAL],
                        {"overtime_toss": ["receive"], "snap": ["punt", "play", "field_goal"],
                         **calls("inside_run", "run_inside")})
    assert plays[-1]["field_goal_result"] == "made" and plays[-1]["posteam"] == "Away Zeros"
    assert g.s.score == {HOME: 7, AWAY: 10}


def test_amb_fnl_14_pro_overtime_can_end_tied() -> None:
    """Ten seconds left in overtime: a kneel runs the clock out, 7-7."""
    g = _pro_overtime()
    g.s.clock.seconds_left = 10
    plays, _ = play_out(g, PRO_OT_START, {"overtime_toss": ["receive"], "snap": ["kneel"]})
    assert plays[-1]["qb_kneel"] == 1 and plays[-1]["qtr"] == 5
    assert g.s.score == {HOME: 7, AWAY: 7}


def test_rulesets_know_their_levels() -> None:
    """A college sheet is refused by the pro rules and the other way round (sheets.py)."""
    with pytest.raises(ScrimmageError, match="college"):
        new_game(RULES["pro"], team("college"), away("college"), seed=0)
    with pytest.raises(ScrimmageError, match="pro"):
        new_game(RULES["college"], team("pro"), away("pro"), seed=0)


def test_amb_fnl_14_college_overtime_defensive_touchdown_wins() -> None:
    """NCAA overtime lets the defense return a turnover; a defensive touchdown ends the game
    (no try). Home's first OT snap: Drop Back #2 meets a BP-DEF on its own sheet; the BP DEF
    roll 15 is a true big play, the Pass BP DEF table (17-20 INT) says 18: intercepted 12
    yards downfield (INT thrown 7) and returned (INT RET 20) for a touchdown."""
    cells = {("drop_back", 2, "zone"): "BP-DEF"}
    g = _tied_at_the_end("college", team("college", off=cells))
    step(g, REGULATION_END, calls("inside_run", "run_inside"))
    assert g.s.overtime == 1 and g.s.possession is HOME
    p = only(step(g, [2, PR_NOTHING, 2, 15, 18, 7, 20], calls("drop_back", "zone"))[0])
    assert p["interception"] == 1 and p["return_touchdown"] == 1
    assert g.s.score == {HOME: 7, AWAY: 13} and g.over


def test_amb_fnl_14_high_school_overtime_turnovers_are_not_returned() -> None:
    """NFHS: a change of possession ends the series; no return, no defensive score. The same
    interception as above (HS Big Play (DEF): 13-20 a turnover; INT RET 20 would be a
    touchdown in regulation) just gives the visitors their series."""
    cells = {("drop_back", 2, "zone"): "BP-DEF"}
    g = _tied_at_the_end("hs", team("hs", off=cells))
    step(g, REGULATION_END, calls("inside_run", "run_inside"))
    assert g.s.overtime == 1 and g.s.possession is HOME and g.s.yardline == 10
    p = only(step(g, [2, PR_NOTHING, 2, 15, 7, 20], calls("drop_back", "zone"))[0])
    assert p["interception"] == 1 and p["return_touchdown"] == 0
    assert g.s.score == {HOME: 7, AWAY: 7} and not g.over
    assert g.s.possession is AWAY and g.s.yardline == 10
