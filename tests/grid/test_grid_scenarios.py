"""The Grid's rulebook scenarios (CHECKLIST section 2, SCN-GRID-1..11) and rules, as
scripted-dice tests. Teams are `plain_team`s (every die a d6, every value 0) unless a test
changes a card; the timing deck's top cards are stacked by each test.

The stand-in result tables used (src/scrimmage/rules/grid/data/tables.toml): run inside
NG ..4, 5 Yds 5..11, Dice 12..18, Dice +5 19..22; short pass Inc ..8."""

from __future__ import annotations

import pytest
from grid_helpers import calls, game, plain_team, step

from scrimmage.core.decisions import Kind
from scrimmage.core.errors import IllegalDecision, SheetError
from scrimmage.core.field import Side
from scrimmage.rules.grid.cards import Player
from scrimmage.rules.grid.plays import d20_modifier, gain_of
from scrimmage.rules.grid.results import DICE5
from scrimmage.rules.grid.roster import Lineup, team_from_data
from scrimmage.rules.grid.tables import bundled_tables, tables_from_data

HOME, AWAY = Side.HOME, Side.AWAY
NONE_CARDS = ("2D", "3D", "4D")          # diamonds: no effect (GRID-32)


def lineup(run_blocking: tuple[int, int, int] = (0, 0, 0),
           run_defense: tuple[int, ...] = (0,) * 7) -> Lineup:
    qb = Player("Q", "QB")
    hbes = [Player(f"H{i}", "HBE", run_defense=run_defense[i]) for i in range(3)]
    lns = [Player(f"L{i}", "LN", run_blocking=run_blocking[i], run_defense=run_defense[3 + i])
           for i in range(3)]
    ds = Player("D", "HBE", run_defense=run_defense[6])
    return Lineup([qb, *hbes, *lns, ds], bundled_tables())


# -- SCN-GRID-1, SCN-GRID-2: the board's markers ----------------------------------------------

def test_scn_grid_1_blocking_total_3_is_the_2_3_box() -> None:
    board = lineup(run_blocking=(0, 1, 2))
    assert board.totals["run_blocking"] == 3
    assert board.run_block_die == bundled_tables().blocking[2] == 6     # the "2-3" box: d6


def test_scn_grid_2_defense_total_6_is_the_6_8_box() -> None:
    board = lineup(run_defense=(0, 0, 0, 1, 1, 2, 2))
    assert board.totals["run_defense"] == 6
    assert board.run_def_mod == 0


@pytest.mark.parametrize(("total", "mod"), [(0, 2), (2, 2), (3, 1), (5, 1), (8, 0), (9, -1),
                                            (11, -1), (12, -2), (14, -2)])
def test_grid_10_defense_boxes(total: int, mod: int) -> None:
    assert bundled_tables().defense[total] == mod


def test_grid_11_markers_move_when_a_player_changes() -> None:
    board = lineup(run_blocking=(2, 2, 2))
    assert board.run_block_die == 12
    board.put("C", Player("weak", "LN"))
    assert board.run_block_die == 8


# -- SCN-GRID-3: field goal by boxes ------------------------------------------------------------

def test_scn_grid_3_field_goal_missed_defense_takes_over_at_the_spot() -> None:
    g = game()
    plays, _ = step(g, [4, 1, 6], {"snap": ["field_goal_hb"]}, at="H1 30C HOME 4&G OPP15",
                    cards=["AH"])                     # hearts, but no effect after a kick
    (p,) = plays
    assert p["field_goal_result"] == "missed" and p["timing_cards"] == ["AH"]
    assert g.score == {HOME: 0, AWAY: 0}
    assert (g.possession, g.ball, g.down, g.marker) == (AWAY, 9, 1, 5)


def test_scn_grid_3_field_goal_good_then_kickoff() -> None:
    g = game()
    step(g, [4, 2, 6], {"snap": ["field_goal_hb"]}, at="H1 30C HOME 4&G OPP15", cards=["KS"])
    assert g.score[HOME] == 3 and g.next == "kickoff" and g.kicker is HOME
    assert g.clock.cards_left == 29


# -- SCN-GRID-4: kickoff --------------------------------------------------------------------------

def test_scn_grid_4_kickoff_lower_die_in_boxes() -> None:
    g = game()
    g.next, g.kicker = "kickoff", AWAY
    plays, _ = step(g, [5, 2], cards=["AH"])
    assert plays[0]["return_yards"] == 10
    assert (g.possession, g.ball, g.down, g.marker) == (HOME, 10, 1, 6)
    assert g.situation() == "H1 51C HOME 1&20 OWN10"


# -- SCN-GRID-5: the d20 modifiers ------------------------------------------------------------

def test_scn_grid_5_d20_modifier_sum() -> None:
    home = plain_team("Home", {"QB": {"short": 2}})
    away = plain_team("Away", {s: {"pass_defense": 2 if i < 3 else 1}
                               for i, s in enumerate(("HB", "LE", "RE", "LG", "C", "RG", "DS"))})
    g = game(home, away)
    g.start_at("H1 30C HOME 1&G OPP10")
    assert g.teams[AWAY].lineup.totals["pass_defense"] == 10
    mod, parts = d20_modifier(g, "short_pass_le", "short_pass_le")
    assert parts == {"defense": -1, "match": -5, "qb": 2, "key": -2, "field": -2}
    plays, _ = step(g, [14, 3, 3], calls("short_pass_le", "short_pass_le"), cards=NONE_CARDS[:2])
    assert plays[0]["d20_modified"] == 14 + mod == 6
    assert plays[0]["result"] == "Inc"


def test_grid_23_25_opposite_type_and_wrong_key() -> None:
    g = game()
    g.start_at("H1 30C HOME 1&20 OWN10")
    mod, parts = d20_modifier(g, "run_inside_hb", "long_pass_re")
    assert parts["match"] == 2 and parts["key"] == 1 and parts["defense"] == 2 and mod == 5
    mod, parts = d20_modifier(g, "run_outside_le", "run_inside_nokey")
    assert parts["match"] == 0 and parts["key"] == 0


def test_grid_26_field_position_modifier() -> None:
    g = game()
    for spot, want in (("OPP25", 0), ("OPP20", -1), ("OPP15", -1), ("OPP10", -2), ("OPP5", -2)):
        g.start_at(f"H1 30C HOME 1&G {spot}")
        assert d20_modifier(g, "run_inside_hb", "run_inside_hb")[1].get("field", 0) == want


# -- SCN-GRID-6: dice result --------------------------------------------------------------------

def test_scn_grid_6_dice_plus_5_is_lower_die_plus_one_box() -> None:
    assert gain_of(DICE5, 6, 3) == 4
    home = plain_team("Home", {"LG": {"run_blocking": 1}, "C": {"run_blocking": 1}})
    g = game(home)
    # run inside vs long pass, no key: +2 (zero defense) +2 (opposite type): d20 16 -> 20
    plays, _ = step(g, [16, 6, 3], calls("run_inside_hb", "long_pass_nokey"),
                    at="H1 30C HOME 1&20 OWN10", cards=NONE_CARDS[:2])
    assert plays[0]["result"] == "Dice +5" and plays[0]["yards_gained"] == 20
    assert (g.ball, g.down, g.marker) == (6, 1, 2)           # a first down at midfield


# -- SCN-GRID-7: interception touchback --------------------------------------------------------

def test_scn_grid_7_interception_in_the_end_zone_is_a_touchback() -> None:
    g = game()
    plays, coach = step(g, [1, 3, 3, 1], calls("short_pass_le", "run_inside_nokey"),
                        at="H1 30C HOME 2&G OPP10", cards=["5S"])
    p = plays[0]
    assert p["interception"] == 1 and p["touchback"] == 1
    assert (g.possession, g.ball, g.down, g.marker) == (AWAY, 8, 1, 4)
    assert Kind.TIMING_CARDS not in [d.kind for d in coach.asked]     # GRID-37 exception
    assert g.clock.cards_left == 29


def test_grid_35_interception_returned_lower_of_2d6() -> None:
    g = game()
    # long pass from the defensive 40 (8 boxes): picked off 4 boxes on; returned 3 boxes
    step(g, [1, 3, 3, 1, 3, 5], calls("long_pass_le", "run_inside_nokey"),
         at="H1 30C HOME 1&20 OPP40", cards=["5S"])
    assert (g.possession, g.ball) == (AWAY, 5)


# -- SCN-GRID-8: clubs sack into a safety ------------------------------------------------------

def test_scn_grid_8_sack_in_own_end_zone_is_a_safety() -> None:
    g = game()
    plays, _ = step(g, [1, 3, 3, 1], calls("short_pass_le", "run_inside_nokey"),
                    at="H1 30C HOME 2&20 OWN5", cards=["9C"])
    p = plays[0]
    assert p["sack"] == 1 and p["safety"] == 1 and p["yards_gained"] == -10
    assert g.score == {HOME: 0, AWAY: 2}
    assert g.next == "kickoff" and g.kicker is HOME        # the scored-on team kicks


def test_grid_33_clubs_only_on_ng_runs_and_incomplete_passes() -> None:
    g = game()
    # a 5-yard run: clubs does nothing (no die rolled)
    step(g, [12, 3, 3], calls("run_inside_hb", "run_inside_hb"), at="H1 30C HOME 1&20 OWN30",
         cards=["9C", "2D"])
    assert g.ball == 5 and g.down == 2


def test_grid_33_clubs_no_gain_run_loses_five() -> None:
    g = game()
    step(g, [1, 3, 3, 1], calls("run_inside_hb", "run_inside_hb"), at="H1 30C HOME 1&20 OWN30",
         cards=["9C", "2D"])
    assert g.ball == 7 and g.down == 2


# -- SCN-GRID-9: fumble tie ---------------------------------------------------------------------

def test_scn_grid_9_fumble_tie_goes_to_the_offense_down_not_reset() -> None:
    g = game()
    plays, _ = step(g, [12, 3, 3, 1, 12, 12], calls("run_inside_hb", "run_inside_hb"),
                    at="H1 30C HOME 2&20 OWN10", cards=["3S", "2D"])
    p = plays[0]
    assert p["fumble"] == 1 and p["fumble_lost"] == 0
    assert (g.possession, g.ball, g.down) == (HOME, 9, 3)


def test_grid_36_fumble_lost_defense_ball_at_the_spot() -> None:
    g = game()
    plays, coach = step(g, [12, 3, 3, 1, 5, 12], calls("run_inside_hb", "run_inside_hb"),
                        at="H1 30C HOME 2&20 OWN10", cards=["3S"])
    assert plays[0]["fumble_lost"] == 1
    assert (g.possession, g.ball, g.down) == (AWAY, 3, 1)
    assert not [d for d in coach.asked if d.kind is Kind.TIMING_CARDS]


# -- SCN-GRID-10: overtime ------------------------------------------------------------------------

def test_scn_grid_10_tied_after_two_halves_overtime_then_draw() -> None:
    g = game()
    g.start_at("H2 00C HOME 1&20 OWN10")
    g.teams[HOME].timeouts = 4
    g.dice = __import__("scrimmage").ScriptedDice([1])           # the overtime coin toss
    g.end_of_period_check()
    assert g.clock.period == 3 and g.clock.cards_left == 17
    assert g.teams[HOME].timeouts == g.teams[AWAY].timeouts == 2
    assert g.next == "break" and g.kicker is HOME                 # the away team receives
    g.clock.deck.reset(range(52), 0)
    g.end_of_period_check()
    assert g.over and g.winner is None


def test_grid_50_playoff_overtime_alternates_first_possession() -> None:
    g = game(playoff=True)
    g.start_at("H2 00C HOME 1&20 OWN10")
    from scrimmage.core.dice import ScriptedDice

    g.dice = ScriptedDice([1])
    g.end_of_period_check()
    first = g.ot_first
    g.clock.deck.reset(range(52), 0)
    g.end_of_period_check()
    assert not g.over and g.clock.period == 4 and g.ot_first is first.other


# -- SCN-GRID-11: injuries -----------------------------------------------------------------------

def test_scn_grid_11_four_of_hearts_both_centers_roll() -> None:
    g = game()
    plays, coach = step(g, [12, 3, 3, 1, 4], calls("run_inside_hb", "run_inside_hb"),
                        at="H1 30C HOME 1&20 OWN30", cards=["4H", "2D"])
    assert plays[0]["injured_players"] == [["Home", "Home LN2"]]
    assert g.teams[HOME].lineup["C"].name == "Home LN4"           # the first reserve offered
    assert [p.name for p in g.teams[HOME].out] == ["Home LN2"]
    assert g.teams[AWAY].lineup["C"].name == "Away LN2"
    subs = [d for d in coach.asked if d.kind is Kind.SUBSTITUTION]
    assert subs[0].options == ("Home LN4", "Home LN5", "Home LN6")


def test_scn_grid_11_king_of_hearts_only_the_ball_carrier_rolls() -> None:
    g = game()
    step(g, [12, 3, 3, 2], calls("run_inside_hb", "run_inside_hb"), at="H1 30C HOME 1&20 OWN30",
         cards=["KH", "2D"])


def test_grid_30_ace_of_hearts_qb_and_ds() -> None:
    g = game()
    step(g, [12, 3, 3, 2, 1], calls("run_inside_hb", "run_inside_hb"), at="H1 30C HOME 1&20 OWN30",
         cards=["AH", "2D"])
    assert g.teams[AWAY].lineup["DS"].name != "Away HB4"


def test_amb_grid_9_no_eligible_reserve_plays_out_of_position() -> None:
    g = game()
    t = g.teams[HOME]
    t.reserves = [p for p in t.reserves if p.kind != "QB"]
    step(g, [12, 3, 3, 1, 2], calls("run_inside_hb", "run_inside_hb"), at="H1 30C HOME 1&20 OWN30",
         cards=["AH", "2D"])
    qb = t.lineup["QB"]
    assert qb.makeshift and qb.pass_yards == 4 and qb.flat == 0


# -- other rules ----------------------------------------------------------------------------------

def test_grid_19_restricted_calls_are_refused() -> None:
    g = game()
    g.start_at("H1 30C HOME 1&G OPP15")
    with pytest.raises(IllegalDecision, match="long pass"):
        step(g, [], calls("long_pass_le", "run_inside_hb"))
    g = game()
    g.start_at("H1 30C HOME 1&G OPP5")
    with pytest.raises(IllegalDecision, match="short pass"):
        step(g, [], calls("short_pass_le", "run_inside_hb"))
    g = game()
    g.start_at("H1 30C HOME 1&20 OWN10")
    with pytest.raises(IllegalDecision, match="inside"):
        step(g, [], calls("run_inside_le", "run_inside_hb"))


def test_grid_41_42_touchdown_one_card_then_kick_by_the_scorer() -> None:
    g = game()
    # run inside from the 10: d20 16 +4 = 20 -> Dice +5 = 3+1 boxes
    plays, _coach = step(g, [16, 6, 3, 5], calls("run_inside_hb", "long_pass_nokey"),
                        at="H1 30C HOME 1&G OPP10", cards=["4H"])
    td, pat = plays
    assert td["touchdown"] == 1 and td["timing_cards"] == ["4H"]      # no injury rolled
    assert pat["extra_point_result"] == "good" and pat["kicker_player_name"] == "Home HB1"
    assert g.score[HOME] == 7 and g.kicker is HOME and g.clock.cards_left == 29


def test_grid_40_turnover_on_downs() -> None:
    g = game()
    plays, _ = step(g, [1, 3, 3], calls("run_inside_hb", "run_inside_hb"), at="H1 30C HOME 4&5 OPP20",
                    cards=["2D"])
    assert plays[0]["fourth_down_failed"] == 1
    assert (g.possession, g.ball, g.down) == (AWAY, 8, 1)


def test_grid_37_extra_cards_one_or_two_and_timeouts_stop_them() -> None:
    g = game()
    step(g, [12, 3, 3], {**calls("run_inside_hb", "run_inside_hb"), "timing_cards": ["two"]},
         at="H1 30C HOME 1&20 OWN30", cards=["2D", "3D", "4D"])
    assert g.clock.cards_left == 27
    plays, _ = step(g, [12, 3, 3], {**calls("run_inside_hb", "run_inside_hb"),
                                   "timeout": ["no", "timeout"]}, cards=["5D"])
    assert plays[0]["timeout_team"] == "Away" and g.clock.cards_left == 26
    assert g.teams[AWAY].timeouts == 4 and g.reroll is AWAY


def test_grid_28_reroll_after_a_timeout() -> None:
    g = game()
    g.start_at("H1 30C HOME 1&20 OWN30")
    g.reroll = HOME
    plays, _ = step(g, [1, 3, 3, 12, 4, 3], {**calls("run_inside_hb", "run_inside_hb"),
                                             "reroll": ["reroll"]}, cards=["2D", "3D"])
    assert plays[0]["rerolled"] == 1 and plays[0]["d20"] == 12 and g.reroll is None


def test_grid_12_timeouts_do_not_reset_at_halftime() -> None:
    g = game()
    g.start_at("H1 00C HOME 1&20 OWN30")
    g.teams[HOME].timeouts = 2
    g.end_of_period_check()
    assert g.clock.period == 2 and g.clock.cards_left == 52 and g.teams[HOME].timeouts == 2


def test_situation_round_trip() -> None:
    g = game()
    for text in ("H1 30C HOME 1&20 OWN10", "H2 05C AWAY 4&G OPP5", "OT1 17C HOME 2&15 30"):
        g.start_at(text)
        assert g.situation() == text


# -- data validation --------------------------------------------------------------------------------

def test_grid_4_roster_minimums_refused() -> None:
    data = plain_team("Bad")
    data["players"] = data["players"][:14]
    with pytest.raises(SheetError, match="15 players"):
        team_from_data(data, "bad.toml")
    data = plain_team("Bad")
    data["players"][1] = {**data["players"][5], "name": "Bad extra HBE"}
    with pytest.raises(SheetError, match="at least 2 QBs"):
        team_from_data(data, "bad.toml")


def test_grid_8_lineup_eligibility_refused() -> None:
    data = plain_team("Bad")
    data["lineup"]["QB"] = "Bad HB5"
    with pytest.raises(SheetError, match="cannot play QB"):
        team_from_data(data, "bad.toml")


def test_grid_7_bad_die_refused() -> None:
    data = plain_team("Bad")
    data["players"][0]["pass_yards"] = "d7"
    with pytest.raises(SheetError, match=r"players\.0"):
        team_from_data(data, "bad.toml")


def test_tables_with_a_gap_are_refused() -> None:
    import tomllib
    from importlib import resources

    text = resources.files("scrimmage.rules.grid").joinpath("data/tables.toml").read_text("utf-8")
    data = tomllib.loads(text)
    data["results"]["run_inside"]["Dice"] = "13..18"
    with pytest.raises(SheetError, match="gap"):
        tables_from_data(data, "tables.toml")
