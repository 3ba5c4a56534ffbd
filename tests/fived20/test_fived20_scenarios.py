"""Rulebook scenarios for 5D20 Football (`5d20`), as scripted-dice tests (CHECKLIST §3.4).

The book's examples use the 1985 Chicago Bears (McMahon, Payton, Gault, Butler, Gentry;
defenders Lankford, Judson, Blackwood). `bears()` builds that chart from a bundled 2016 chart
with the sections the examples read replaced by the book's values (DATA-D20-1..7). The five
dice of a roll are scripted in colour order: red, white, blue, black, yellow.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from scrimmage.core.dice import ScriptedDice
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.core.scenario import ScriptCoach, run_steps
from scrimmage.rules.fived20 import kicking, timing
from scrimmage.rules.fived20.chart_play import TeamChart, across, down
from scrimmage.rules.fived20.charts import bundled_game_charts, chart_from_data
from scrimmage.rules.fived20.dice import Roll
from scrimmage.rules.fived20.game import FiveD20Game
from scrimmage.rules.fived20.playcalling import ROW_DEFENSE, Call, call_row, situation_adjust
from scrimmage.rules.fived20.plays import pass_depth, pick_receiver, pick_runner

HOME, AWAY = Side.HOME, Side.AWAY
RS = find_ruleset("5d20")
RECEIVERS = ("Willie Gault", "Dennis McKinnon", "Tim Wrightman", "Ken Margerum", "Walter Payton",
             "Emery Moorehead", "Matt Suhey")


def _who(run: int, base: int, pas: int) -> dict[str, int]:
    return {"RUN": run, "BASE": base, "PASS": pas}


def bears_data() -> dict[str, Any]:
    d = copy.deepcopy(RS.team_data("2016-chi"))
    d.pop("replay", None)              # the book's printed chart: no house-rule ratings
    d["team"].update(name="1985 Chicago Bears", season=1985, record="15-1-0")
    d["qb"] = {
        "name": "Jim McMahon", "depth": {"SP": 9, "MP": 15, "LP": 20}, "snap_fumble": 1,
        "fumble": 3, "scramble": {"LINE": 6, "AVG": 12, "SEC": 17, "SG": 20},
        "SP": {"PRE": {"SCK": 3, "INC": 4, "SCR": 9, "OUT": 11, "CMP": 20}, "INT": -2,
               "DEF": {"PD": 8, "CMP": 20}, "OTHER": {"INC": 1, "CMP": 20}},
        "MP": {"PRE": {"SCK": 5, "INC": 11, "SCR": 17, "OUT": 19, "CMP": 20}, "INT": -1,
               "DEF": {"PD": 10, "CMP": 20}, "OTHER": {"INC": 7, "CMP": 20}},
        "LP": {"PRE": {"SCK": 6, "INC": 12, "SCR": 17, "OUT": 19, "CMP": 20}, "INT": 0,
               "DEF": {"PD": 12, "CMP": 20}, "OTHER": {"INC": 9, "CMP": 20}},
    }
    payton = {"name": "Walter Payton", "blue": 5, "black": 4,
              "BACK": {"STF": 15, "LINE": 20}, "LOS": {"LINE": 11, "AVG": 16, "SEC": 20},
              "HOLE": {"AVG": 6, "SEC": 12, "SG": 18, "BRK": 20}, "BRK": 4, "fumble": 6}
    suhey = dict(payton, name="Matt Suhey", blue=10, black=20)
    d["runners"] = {"header": 11, "player": [payton, suhey]}
    # SP: blue 17 < header 18 reads the blue column (Margerum); MP: blue 17 = header 17 reads
    # the black column, black 4 -> Payton (SCN-D20-6).
    sp_blue = (6, 10, 13, 17, 17, 17, 17)
    mp_black = (1, 2, 3, 3, 8, 12, 20)
    players = []
    for i, name in enumerate(RECEIVERS):
        players.append({
            "name": name, "OUT": (0, 0, 0, 0, 12, 14, 20)[i],
            "blue": {"SP": sp_blue[i], "MP": (4, 8, 10, 12, 14, 15, 16)[i],
                     "LP": (6, 10, 11, 12, 13, 13, 15)[i]},
            "black": {"SP": (5, 9, 12, 14, 17, 19, 20)[i], "MP": mp_black[i],
                      "LP": (8, 12, 14, 17, 18, 19, 20)[i]},
            "SP": {"DRP": 1, "CMP": 17, "YAC": 20}, "MP": {"DRP": 3, "CMP": 18, "YAC": 20},
            "LP": {"DRP": 6, "CMP": 19, "YAC": 20}, "LPY": 3, "fumble": 2})
    d["receivers"] = {"header": {"SP": 18, "MP": 17, "LP": 16}, "player": players}
    k = d["kicking"]
    k.update(kicker="Kevin Butler", RET=2,
             kickoff=[54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 65, 66, 67, 68, 69, 70, 71, 72])
    d["kick_return"] = [{"name": "Dennis Gentry", "blue": 20, "fumble": 3,
                         "returns": [13, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
                                     24, 26, 28, 32, 45]}]
    d["play_calling"] = {"rows": {"SHYD": [13, 15, 14], "<10": [12, 10, 12], "10-19": [11, 9, 9],
                                  "20-29": [8, 6, 5], "30+": [6, 3, 3]},
                         "def_adjust": -2, "def_adjust_rz": -3}
    nobody = {row: [] for row in ("SNAP", "RUNNING", "COMPLETIONS", "INC", "SACK", "PUNTING",
                                  "KICKOFF", "FIELD_GOALS")}
    d["penalty_ranges"] = {"offense": dict(nobody), "defense": dict(nobody)}
    d["defense"] = {
        "pass_modifier": 2,
        "run": [
            {"name": "Paul Lankford", "who": _who(2, 2, 1), "WHAT": {"HOLE": 3, "LOS": 12, "BACK": 20},
             "ret": 5, "blue": 2},
            {"name": "William Judson", "who": _who(4, 4, 2), "WHAT": {"HOLE": 3, "LOS": 12, "BACK": 20},
             "ret": 2, "blue": 4},
            {"name": "Glenn Blackwood", "who": _who(6, 6, 3),
             "WHAT": {"HOLE": 3, "LOS": 12, "BACK": 20}, "ret": 8, "blue": 6},
            {"name": "Bears front seven", "who": _who(20, 20, 20),
             "WHAT": {"HOLE": 3, "LOS": 12, "BACK": 20}, "ret": 1, "blue": 20},
        ],
        "pass": [
            {"name": "Paul Lankford", "who": _who(2, 2, 1), "WHAT": {"PRE": 2, "DEF": 15, "REC": 20},
             "INT": 3},
            {"name": "William Judson", "who": _who(4, 4, 2), "WHAT": {"DEF": 16, "REC": 20}, "INT": 3},
            {"name": "Glenn Blackwood", "who": _who(6, 6, 3), "WHAT": {"DEF": 13, "REC": 18},
             "INT": 2},
            {"name": "Bears front seven", "who": _who(20, 20, 20),
             "WHAT": {"PRE": 4, "DEF": 13, "REC": 18}, "INT": 0},
        ],
    }
    return d


def bears() -> TeamChart:
    return chart_from_data(bears_data(), "bears")


def game(rolls: list[int], *, era: int = 1985) -> FiveD20Game:
    g = RS.new_game(bears(), bears(), ScriptedDice(rolls), {"era": era})
    assert isinstance(g, FiveD20Game)
    return g


# -- SCN-D20-1 ------------------------------------------------------------------------------

def test_scn_d20_1_chart_reading_down_a_column_and_across_a_row() -> None:
    b = bears()
    names = [d.name for d in b.pass_defenders]
    for alignment in ("RUN", "BASE"):
        assert [names[down(b.who_run[alignment], r)] for r in range(1, 7)] == [
            "Paul Lankford"] * 2 + ["William Judson"] * 2 + ["Glenn Blackwood"] * 2
    assert [names[down(b.who_pass["PASS"], r)] for r in (1, 2, 3)] == [
        "Paul Lankford", "William Judson", "Glenn Blackwood"]
    lankford, _, blackwood, _ = b.pass_defenders
    assert [across(lankford.rows["WHAT"], w) for w in (1, 2, 3, 15, 16, 20)] == [
        "PRE", "PRE", "DEF", "DEF", "REC", "REC"]
    assert [across(blackwood.rows["WHAT"], w) for w in (1, 13, 14, 18, 19, 20)] == [
        "DEF", "DEF", "REC", "REC", None, None]          # beyond the last column: OTHER


# -- SCN-D20-2 ------------------------------------------------------------------------------

def test_scn_d20_2_kickoff_61_yards_gentry_returns_12_plus_2() -> None:
    g = game([8, 8, 12, 4, 4])
    g.kicker = HOME
    g.next = "kickoff"
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["kick_distance"] == 61                         # D20-5: red 8
    assert rec["kickoff_returner_player_name"] == "Dennis Gentry"   # D20-6: blue 12
    assert rec["return_yards"] == 14                          # D20-7: 12 + RET 2
    assert rec["fumble"] == 0                                 # D20-8: yellow 4 > Gentry's 3
    assert rec["penalty"] == 0                                # D20-9: 8 not in any range
    # From the 35, 61 yards lands at the receiving team's 4; the return reaches its 18.
    assert g.possession is AWAY and g.yardline == 82


# -- SCN-D20-3, 4, 5 ------------------------------------------------------------------------

def test_scn_d20_3_third_and_five_uses_the_third_row_base_alignment() -> None:
    assert call_row(3, 5, 60) == "10-19"
    assert ROW_DEFENSE["10-19"] == ("BASE", "BASE", 0)


def test_scn_d20_4_play_call_numbers() -> None:
    b = bears()
    c = Call(b, b, 1, 10, 50)
    assert (c.off_number, c.def_number, c.number, c.alignment) == (9, -2, 7, "BASE")
    c = Call(b, b, 3, 10, 80)
    assert (c.off_number, c.def_number, c.number, c.alignment, c.def_adjust) == (6, -2, 4, "PASS", -4)


def test_scn_d20_4_red_die_decides_run_or_pass() -> None:
    # 1st & 10 at midfield: red 7 runs, red 8 passes (rolls: roll 1, then roll 2).
    quiet = [1, 5, 9, 2, 7]
    g = game([7, 2, 3, 6, 9, *quiet])
    g.start_at("Q1 10:00 AWAY 1&10 50")
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["play_type"] == "run" and rec["play_call_number"] == 7
    g = game([8, 2, 3, 6, 9, *quiet])
    g.start_at("Q1 10:00 AWAY 1&10 50")
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["play_type"] == "pass"


def test_scn_d20_5_situation_down_by_11_with_7_minutes_left() -> None:
    assert situation_adjust(-11, 4, 7 * 60) == -5
    assert situation_adjust(11, 4, 7 * 60) == 5


# -- SCN-D20-6, 7, 8 ------------------------------------------------------------------------

def test_scn_d20_6_pass_depth_and_receiver() -> None:
    b = bears()
    assert [pass_depth(b.qb_depth, w, 50) for w in (1, 9, 10, 15, 16, 20)] == [
        "SP", "SP", "MP", "MP", "LP", "LP"]
    assert pass_depth(b.qb_depth, 20, 5) == "SP"           # D20-21: all SP from the 5 in
    assert pass_depth(b.qb_depth, 20, 15) == "MP"          # LP becomes MP from the 15
    roll = Roll(8, 19, 17, 4, 6)
    assert pick_receiver(b, "SP", roll).name == "Ken Margerum"
    assert pick_receiver(b, "MP", roll).name == "Walter Payton"
    assert pick_runner(b, Roll(8, 19, 3, 4, 6)).name == "Walter Payton"


def test_scn_d20_7_key_defender_what_and_run_result() -> None:
    b = bears()
    r2 = Roll(3, 14, 17, 6, 6)
    judson = b.pass_defenders[down(b.who_pass["BASE"], r2.red)]
    blackwood = b.pass_defenders[down(b.who_pass["PASS"], r2.red)]
    assert (judson.name, blackwood.name) == ("William Judson", "Glenn Blackwood")
    assert across(judson.rows["WHAT"], r2.white) == "DEF"
    assert across(blackwood.rows["WHAT"], r2.white) == "REC"
    payton = b.runners[0]
    assert [across(payton.rows[w], r2.blue) for w in ("BACK", "LOS", "HOLE")] == ["LINE", "SEC", "SG"]
    assert r2.black_yellow                                   # D20-40: a fumble check


def test_scn_d20_8_qb_results_blue_17() -> None:
    qb = bears().qb
    assert {across(qb.rows[f"SP.{w}"], 17) for w in ("PRE", "DEF", "OTHER")} == {"CMP"}
    assert across(qb.rows["MP.PRE"], 17) == "SCR"


# -- SCN-D20-9 ------------------------------------------------------------------------------

def test_scn_d20_9_medium_pass_intercepted_12_yards_returned_2() -> None:
    assert bundled_game_charts().yards("MP", 5) == 12
    assert bundled_game_charts().interception[2][4 - 1] == 2
    # Roll 1: red 15 (pass), white 12 (MP), blue 3, black 9, yellow 2.
    # Roll 2: red 3 (BASE: Judson), white 10 (DEF), blue 5 (MP DEF: PD), black 1 (<= 3 - 1).
    # Interception re-roll: white 5 (12 yards downfield), black 4 (Judson's rating 2: 2 yards).
    g = game([15, 12, 3, 9, 2, 3, 10, 5, 1, 7, 5, 4])
    g.start_at("Q1 10:00 HOME 1&10 50")
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["interception"] == 1 and rec["interception_player_name"] == "William Judson"
    assert rec["air_yards"] == 12 and rec["return_yards"] == 2
    assert g.possession is AWAY and g.yardline == 100 - (50 - 12) - 2


# -- SCN-D20-10 -----------------------------------------------------------------------------

def test_scn_d20_10_place_kick_block_ranges() -> None:
    assert kicking.blocked(45, Roll(1, 2, 3, 7, 7))
    assert not kicking.blocked(35, Roll(1, 2, 3, 7, 7))
    assert not kicking.blocked(45, Roll(1, 2, 3, 7, 8))


# -- SCN-D20-11 -----------------------------------------------------------------------------

def test_scn_d20_11_timing() -> None:
    assert timing.play_seconds("run", timing.out_of_bounds("run", 19)) == 40
    assert timing.play_seconds("run", timing.out_of_bounds("run", 20)) == 10
    assert timing.play_seconds("complete", timing.out_of_bounds("complete", 18)) == 10
    assert timing.SNAP_PENALTY == 0


RUN_FOR_2 = [3, 2, 3, 6, 9, 4, 7, 10, 8, 2]
"""Roll 1 a run, roll 2 Walter Payton met at the line for 2, in bounds: 40 seconds."""


def _run_for_2(tempo: int | None, **options: Any) -> tuple[dict[str, Any], FiveD20Game]:
    d = bears_data()
    if tempo is not None:
        d["replay"] = {"tempo": tempo}
    b = chart_from_data(d, "bears")
    g = RS.new_game(b, b, ScriptedDice(RUN_FOR_2), {"era": 1985, **options})
    assert isinstance(g, FiveD20Game)
    g.start_at("Q1 10:00 HOME 1&10 OWN30")
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["play_type"] == "run" and rec["yards_gained"] == 2
    return rec, g


def test_d20_43_tempo_rating_changes_a_running_plays_seconds() -> None:
    """House rule (replay ratings): a chart's tempo is added to the 40 seconds of D20-43 for
    its offense's running-clock plays; no die is thrown, so the dice are the book's, and
    `replay_ratings=false` (or a chart without it) keeps the book's 40."""
    from scrimmage.rules.fived20 import replay

    book, g_book = _run_for_2(None)
    assert book["seconds"] == 40 and g_book.clock.seconds_left == 600 - 40
    fast, g_fast = _run_for_2(-12)
    assert fast["seconds"] == 28 and g_fast.clock.seconds_left == 600 - 28
    assert g_fast.dice.log == g_book.dice.log
    slow, _ = _run_for_2(5)
    assert slow["seconds"] == 45
    off, g_off = _run_for_2(-12, replay_ratings=False)
    assert off["seconds"] == 40 and g_off.dice.log == g_book.dice.log
    # a stopped clock (10 seconds) and a field goal (0) stop whatever the pace
    assert replay.tempo(g_fast, g_fast.chart(HOME), timing.STOPPED) == timing.STOPPED
    assert replay.tempo(g_fast, g_fast.chart(HOME), timing.FIELD_GOAL) == 0


def test_scn_d20_11_field_goal_at_0_00_takes_no_time() -> None:
    g = game([20, 2, 3, 6, 9])
    g.start_at("Q2 00:00 HOME 4&5 OPP20")
    (rec,) = run_steps(g, ScriptCoach({"snap": ["field_goal"]}))
    assert rec["field_goal_result"] == "made" and rec["seconds"] == 0
    assert g.score[HOME] == 3


# -- more of the procedure ------------------------------------------------------------------

def test_d20_10_onside_kick_pair_means_kicking_team_recovers() -> None:
    g = game([5, 5, 12])
    g.kicker = HOME
    g.next = "kickoff"
    (rec,) = run_steps(g, ScriptCoach({"kickoff": ["onside"]}))
    assert rec["own_kickoff_recovery"] == 1 and g.possession is HOME


def test_d20_26_home_field_flip() -> None:
    from scrimmage.rules.fived20.plays import flip_white

    assert flip_white(1, True, False) == 20 and flip_white(1, False, True) == 20
    assert flip_white(20, True, True) == 1 and flip_white(20, False, False) == 1
    assert flip_white(1, True, True) == 1 and flip_white(20, None, True) == 20


def test_d20_45_penalty_pair_and_offense_foul_replays_the_down() -> None:
    d = bears_data()
    d["penalty_ranges"]["offense"]["RUNNING"] = [5]
    b = chart_from_data(d, "bears")
    # Roll 1 (run), roll 2 with red = white = 5 -> RUNNING row, yellow re-rolled 1: holding.
    g = RS.new_game(b, b, ScriptedDice([3, 2, 3, 6, 9, 5, 5, 12, 8, 2, 1]), {"era": 1985})
    assert isinstance(g, FiveD20Game)
    g.start_at("Q1 10:00 HOME 1&10 OWN30")
    (rec,) = run_steps(g, ScriptCoach())
    assert rec["penalty"] == 1 and rec["penalty_type"] == "offensive holding"
    assert rec["play_type"] == "no_play" and g.yardline == 80 and g.down == 1 and g.ydstogo == 20


# -- D20-39: the defense's pass modifier, said where the yards are read ----------------------

def test_d20_39_a_completion_says_the_pass_modifier_it_adds() -> None:
    """The Bears' pass defense carries +2: every completion gains its chart yards (and any
    yards after the catch) plus 2, and the black die's read says so, so the screen's numbers
    add up to the gain."""
    from scrimmage.api import make_coaches
    from scrimmage.core.dice import SeededDice
    from scrimmage.core.driver import drive

    seen = 0
    for seed in range(6):
        g = RS.new_game(bears(), bears(), SeededDice(seed), {}, narrate=True)
        drive(g, make_coaches(RS, "solitaire", seed), None)
        for p in g.plays:
            reads = " · ".join(p["dice_read"] or [])
            if p["complete_pass"] != 1 or p["penalty"] or p["touchdown"] or p["fumble"]:
                continue
            m = re.search(r"pass(?: \(his column \d\))? -> (-?\d+) yards?, "
                          r"\+2 for the defense's pass modifier", reads)
            assert m is not None, reads
            after = p["yards_after_catch"] or 0
            assert p["yards_gained"] == int(m.group(1)) + after + 2, reads
            seen += 1
    assert seen > 20
