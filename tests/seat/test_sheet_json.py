"""A team's sheet as JSON for the page (issue 34): `Ruleset.sheet_json` of a bundled team of every
ruleset carries the team file's own numbers (a Football Legends cell, a 5D20 runner's row, a
Grid card's dice, a 1st & Roll die's faces), in words a person reads, with the house rules and
unofficial data marked."""

from __future__ import annotations

import json
import re
import tomllib
from importlib import resources
from typing import Any

import pytest

import scrimmage
from scrimmage.api import new_game
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.rules.legends.cards import DEF_SETS, LABELS, OFF_SETS

SHOWN = ("label", "title", "result", "words", "note", "text", "distance", "good", "use",
         "type_label", "slot_label", "row", "columns")
"""Keys whose values a page prints."""


def sheet_of(rules: str, team: str) -> tuple[dict[str, Any], dict[str, Any]]:
    rs = find_ruleset(rules)
    data = rs.team_data(team)
    return rs.sheet_json(rs.load_team(data, team)), data


def shown(node: Any, key: str = "") -> list[str]:
    """Every string of the JSON a page prints."""
    if isinstance(node, dict):
        return [s for k, v in node.items() for s in shown(v, k)]
    if isinstance(node, list):
        return [s for v in node for s in shown(v, key)]
    return [node] if isinstance(node, str) and key in SHOWN else []


# -- Football Legends ---------------------------------------------------------------------

def test_a_legends_sheet_carries_every_cell_of_the_file() -> None:
    sheet, data = sheet_of("legends-pro", "1962 Green Bay Packers")
    assert sheet["kind"] == "legends" and sheet["level"] == "pro"
    assert sheet["offense"]["columns"] == [LABELS[c] for c in DEF_SETS]
    assert sheet["defense"]["columns"] == [LABELS[c] for c in OFF_SETS]
    for side, sets in (("offense", OFF_SETS), ("defense", DEF_SETS)):
        cards = sheet[side]["cards"]
        assert [c["label"] for c in cards] == [LABELS[s] for s in sets]
        for card, name in zip(cards, sets, strict=True):
            assert card["rows"] == [row.split() for row in data[side][name]]
    first = sheet["offense"]["cards"][0]
    assert first["label"] == "Inside Run" and first["rows"][0] == ["2", "BP-OFF", "2", "6", "4", "2"]
    assert {"INC", "BP-OFF", "BP-DEF"} <= set(sheet["legend"])


def test_the_legends_header_kicking_and_big_play_tables_are_the_sheets() -> None:
    sheet, data = sheet_of("legends-pro", "1962 Green Bay Packers")
    t = data["team"]
    header = {i["label"]: i for i in sheet["header"]}
    assert header["Strength of schedule"]["value"] == t["sos"] == 8
    assert header["Runs"]["value"] == 14 and header["Passes"]["value"] == 10
    assert header["Play speed"]["text"] == "+90"
    assert header["Yardage modifier, pass"]["value"] == t["yardage_modifier_pass"]
    assert header["Punt return"]["text"] == "+1"
    run, pas = sheet["big_play"]
    assert run["title"] == "Run BP DEF"
    assert run["rows"] == [{"rolls": "1-10", "result": "Tackle for a loss"},
                           {"rolls": "11-20", "result": "Fumble"}]
    assert pas["rows"] == [{"rolls": "1-11", "result": "Sack"},
                           {"rolls": "12-20", "result": "Interception"}]
    k = sheet["kicking"]
    assert k["field_goal"]["blocked"] == [1]
    assert [(b["longest"], b["good_from"]) for b in k["field_goal"]["bands"][:-1]] == [
        (b["max"], b["good_from"]) for b in t["field_goal_range"]["bands"]]
    assert k["field_goal"]["bands"][0]["distance"] == "up to 29"
    assert k["field_goal"]["bands"][-1] == {"distance": "65 or more", "longest": None,
                                            "good_from": 21, "good": "never"}
    assert k["kickoff_touchback"] == [{"rolls": "1-5", "result": "Touchback"},
                                      {"rolls": "6-20", "result": "Return"}]
    assert k["punt_fair_catch"][0] == {"rolls": "1-3", "result": "Fair catch"}


def test_the_replay_ratings_are_marked_as_house_rules() -> None:
    sheet, data = sheet_of("legends-pro", "1962 Green Bay Packers")
    hr = sheet["house_rules"]
    assert hr["title"].endswith("(house rules)") and hr["on"] is True
    items = {i["label"]: i for i in hr["items"]}
    assert items["Penalty number"]["value"] == data["team"]["penalty_number"] == 13
    assert items["Run calls"]["text"] == "60.3%"
    assert items["Red-zone number, defense"]["text"] == "+108"
    guards = {r["result"]: r for r in hr["guards"]["rows"]}
    assert guards["Sack"] == {"result": "Sack", "offense": 6, "defense": 4}
    assert sheet["unofficial"] is True and sheet["made"] == "built"
    # No house rule is said to be the book's: nothing of them sits in the header.
    assert not {"Run calls", "Penalty number"} & {i["label"] for i in sheet["header"]}


def test_a_high_school_sheet_has_its_coaching_points_and_no_college_charts() -> None:
    sheet, data = sheet_of("legends-hs", "Cedar Creek Bobcats")
    header = {i["label"]: i["value"] for i in sheet["header"]}
    assert header["Coaching points"] == data["team"]["coaching_points"] == 10
    assert "Play speed" not in header
    assert sheet["big_play"] == [] and sheet["kicking"] is None and sheet["house_rules"] is None
    assert sheet["made"] == "generated"
    assert len(sheet["offense"]["cards"][0]["rows"]) == data["team"]["runs"]


def test_a_games_sheet_is_the_team_it_loaded_with_its_coaching_points() -> None:
    rs = find_ruleset("legends-hs")
    data = rs.team_data("Cedar Creek Bobcats")
    mine = json.loads(json.dumps(data))
    mine["team"]["name"] = "Typed-in Bobcats"
    mine["offense"]["draw"][0] = "    33      3      9      7      6      6"
    game, _ = new_game("legends-hs", mine, "Lakeview Lancers", seed=1)
    sheet = rs.game_sheet_json(game, Side.HOME)
    assert sheet["name"] == "Typed-in Bobcats"
    assert sheet["offense"]["cards"][2]["rows"][0][0] == "33"
    header = {i["label"]: i["value"] for i in sheet["header"]}
    assert header["Coaching points this game"] == game.s.teams[Side.HOME].cp.total
    assert rs.game_sheet_json(game, Side.AWAY)["name"] == "Lakeview Lancers"


def test_a_game_without_replay_ratings_says_so() -> None:
    rs = find_ruleset("legends-pro")
    game, _ = new_game("legends-pro", "1962 Green Bay Packers", "Iron Valley Forgers", seed=1,
                       replay_ratings=False)
    assert rs.game_sheet_json(game, Side.HOME)["house_rules"]["on"] is False


# -- 5D20 ------------------------------------------------------------------------------------

def row(d: dict[str, int]) -> list[dict[str, Any]]:
    return [{"code": k, "top": v} for k, v in d.items()]


def test_a_5d20_chart_carries_the_runners_rows_and_the_sections_of_the_book() -> None:
    sheet, data = sheet_of("5d20", "2016 Atlanta Falcons")
    assert sheet["kind"] == "5d20" and sheet["season"] == 2016
    freeman = sheet["runners"]["players"][0]
    assert freeman["name"] == "Devonta Freeman"
    assert freeman["HOLE"] == [{"code": "AVG", "top": 4}, {"code": "SEC", "top": 11},
                               {"code": "SG", "top": 18}, {"code": "BRK", "top": 20}]
    for got, want in zip(sheet["runners"]["players"], data["runners"]["player"], strict=True):
        assert (got["blue"], got["black"], got["BRK"], got["fumble"]) == (
            want["blue"], want["black"], want["BRK"], want["fumble"])
        assert [got[k] for k in ("BACK", "LOS", "HOLE")] == [row(want[k]) for k in
                                                               ("BACK", "LOS", "HOLE")]
    assert sheet["runners"]["header"] == 19
    qb = sheet["qb"]
    assert qb["name"] == "Matt Ryan" and [r["depth"] for r in qb["rows"]] == ["SP", "MP", "LP"]
    assert qb["rows"][0]["PRE"] == row(data["qb"]["SP"]["PRE"]) and qb["rows"][0]["INT"] == -2
    assert sheet["receivers"]["players"][0]["LP"] == row(data["receivers"]["player"][0]["LP"])
    assert sheet["kicking"]["kickoff"] == data["kicking"]["kickoff"]
    assert sheet["kicking"]["punt_opp"][0] == "TB"
    assert sheet["kick_return"][0]["returns"] == data["kick_return"][0]["returns"]
    assert sheet["play_calling"]["rows"][0] == {"row": "SHYD", "YZ": 14, "NZ": 16, "RZ": 15}
    assert sheet["play_calling"]["def_adjust"] == -3
    pens = {p["row"]: p for p in sheet["penalty_ranges"]}
    assert pens["Snap"]["offense"] == [1, 2, 8, 15]
    assert sheet["fumbles"] == {"off_lost": [1, 1], "def_rec": [3, 3], "def_adjust": 1}
    jones = sheet["defense"]["pass"][0]
    assert jones["who"] == {"RUN": 5, "BASE": 3, "PASS": 2} and jones["INT"] == 3
    assert sheet["defense"]["run"][0]["WHAT"] == row(data["defense"]["run"][0]["WHAT"])
    assert sheet["defense"]["pass_modifier"] == 1
    stats = {s["label"]: s["value"] for s in sheet["stats"]}
    assert stats["Points for"] == 540
    ryan = sheet["player_stats"][0]
    assert ryan["name"] == "Matt Ryan" and {"label": "Passing yards", "value": 4944} in \
        ryan["figures"]
    assert "SCK" in sheet["legend"]["codes"]


def test_a_5d20_charts_replay_ratings_are_on_its_sheet_as_house_rules() -> None:
    """Issue 38's replay ratings on the sheet a person reads (and prints, issue 37): each
    offense and defense number as the chart file holds it; a chart without them has none."""
    sheet, data = sheet_of("5d20", "2016 Chicago Bears")
    r = data["replay"]
    got = {i["label"]: (i["offense"], i["defense"]) for i in sheet["replay"]["items"]}
    n = {k: r.get(k, 0) for k in ("run_call", "sack", "def_sack", "interception",
                                  "def_interception", "red_zone", "def_red_zone",
                                  "third_down", "def_third_down")}
    assert any(n.values())
    assert got == {"Run call": (n["run_call"], None),
                   "Sack": (n["sack"], n["def_sack"]),
                   "Interception": (n["interception"], n["def_interception"]),
                   "Red zone": (n["red_zone"], n["def_red_zone"]),
                   "Third down": (n["third_down"], n["def_third_down"])}
    assert "House rules" in sheet["replay"]["note"]
    assert "replay ratings option off" in sheet["replay"]["note"]
    rs = find_ruleset("5d20")
    book = {k: v for k, v in data.items() if k != "replay"}
    assert rs.sheet_json(rs.load_team(book, "2016 Chicago Bears"))["replay"] is None


# -- The Grid --------------------------------------------------------------------------------

def test_a_grid_card_has_the_dice_of_the_team_file() -> None:
    sheet, data = sheet_of("grid", "Canada")
    assert sheet["kind"] == "grid" and len(sheet["cards"]) == 15
    by_name = {c["name"]: c for c in sheet["cards"]}
    for player in data["players"]:
        card = by_name[player["name"]]
        dice = {d["label"]: d["die"] for d in card["dice"]}
        assert dice["Injury"] == player["injury"]
        if player["type"] == "QB":
            assert dice["Pass yards"] == player["pass_yards"]
            assert dice["Interception"] == player["interception"]
            assert [p["value"] for p in card["passing"]] == [player["flat"], player["short"],
                                                              player["long"]]
        elif player["type"] == "HBE":
            assert (dice["Run yards"], dice["Pass yards"], dice["Kicking"], dice["Fumble"]) == (
                player["run_yards"], player["pass_yards"], player["kicking"], player["fumble"])
            assert card["defense"] == {"run": player["run_defense"],
                                       "pass": player["pass_defense"]}
        else:
            assert card["blocking"] == {"run": player["run_blocking"],
                                        "pass": player["pass_blocking"]}
    starters = [c for c in sheet["cards"] if c["slot"]]
    assert [c["slot"] for c in starters] == ["QB", "HB", "LE", "RE", "LG", "C", "RG", "DS"]
    assert [c["name"] for c in starters] == [data["lineup"][c["slot"]] for c in starters]
    assert by_name["Liam Gauthier"]["type_label"] == "Quarterback"


def test_a_grid_sheet_shows_the_markers_its_starting_eight_make() -> None:
    rs = find_ruleset("grid")
    game, _ = new_game("grid", "Canada", "Japan", seed=1)
    lu = game.teams[Side.HOME].lineup
    board = rs.game_sheet_json(game, Side.HOME)["board"]
    assert board["blocking"] == {"run": f"d{lu.run_block_die}", "pass": f"d{lu.pass_block_die}"}
    assert board["defense"] == {"run": lu.run_def_mod, "pass": lu.pass_def_mod}


# -- 1st & Roll ------------------------------------------------------------------------------

def test_a_roll_die_has_the_faces_drawn_on_it() -> None:
    sheet, data = sheet_of("1st-and-roll", "Harbor Hounds")
    dice_file = tomllib.loads(resources.files("scrimmage.rules.roll").joinpath(
        "data/dice.toml").read_text("utf-8"))
    assert sheet["kind"] == "roll" and sheet["name"] == data["team"]["name"]
    assert sheet["colors"] == data["team"]["colors"]
    assert sheet["unofficial"] is (not dice_file["official"])
    dice = {(d["unit"], d["colour"]): d for d in sheet["dice"]}
    assert len(dice) == 6
    for (unit, colour), die in dice.items():
        printed = [re.sub(r"[()\[\]]", "", f) for f in dice_file[unit][colour]]
        assert [f["text"] for f in die["faces"]] == printed
        assert [f["breakaway"] for f in die["faces"]] == [f.startswith("(") for f in
                                                           dice_file[unit][colour]]
    red = dice[("offense", "red")]
    assert red["use"] == "Running" and [f["square"] for f in red["faces"]].count(True) == 1
    assert red["faces"][1] == {"value": 2, "text": "2", "breakaway": False, "square": True,
                               "flag": False}
    assert dice[("defense", "green")]["faces"][-1]["flag"] is True
    assert [c["face"] for c in sheet["clock"]] == dice_file["special"]["clock"]
    assert sheet["kick"] == dice_file["special"]["kick"]
    assert [p["face"] for p in sheet["penalty"]] == dice_file["special"]["penalty"]
    assert sheet["penalty"][0]["words"] == "False start: 5 yards against the offense"


# -- every ruleset ---------------------------------------------------------------------------

@pytest.mark.parametrize("rules", scrimmage.rulesets())
def test_every_bundled_team_has_a_sheet_in_words(rules: str) -> None:
    """Each bundled team's sheet is JSON with its kind; nothing a page prints is an internal
    name (snake_case) or a team code."""
    rs = find_ruleset(rules)
    for name in rs.team_names():
        sheet = rs.sheet_json(rs.load_team(rs.team_data(name), name))
        json.dumps(sheet)
        assert sheet["kind"] in ("legends", "5d20", "grid", "roll")
        assert sheet["name"] == name and isinstance(sheet["unofficial"], bool)
        words = shown(sheet)
        assert words and not [w for w in words if re.search(r"[a-z]_[a-z]", w)], name
        code = rs.team_data(name)["team"].get("code")
        if code:                                # a team's code (PFR's) is never shown
            assert f'"{code}"' not in json.dumps(sheet)
