"""The fan's box score (`core.boxscore.fan_box_score`, drawn by `seat.boxscore`): layout facts
over real games of every ruleset, the scoring summary on hand-made records, and The Grid's
third downs and time of possession."""

from __future__ import annotations

import io
import json
import re
from functools import cache
from typing import Any

import pytest
from rich.console import Console

import scrimmage
from scrimmage.core.boxscore import fan_box_score, scoring_summary
from scrimmage.core.records import GameRecord
from scrimmage.core.ruleset import find_ruleset
from scrimmage.core.scoreboard import short_names
from scrimmage.rules.grid.records import mark_conversion
from scrimmage.seat.boxscore import render_box_score

RULESETS = scrimmage.rulesets()
SEEDS = range(8)
WITH_PLAYERS = {"5d20", "grid"}


@cache
def game(rules: str, seed: int, coach: str = "solitaire", **options: Any) -> GameRecord:
    names = find_ruleset(rules).team_names()
    home, away = names[seed % len(names)], names[(seed + 1) % len(names)]
    return scrimmage.play_game(rules, home, away, seed=seed, coaches=coach, **options)


def games(rules: str) -> list[GameRecord]:
    return [game(rules, s, c) for s in SEEDS for c in ("solitaire", "random")]


def box_of(rec: GameRecord) -> dict[str, Any]:
    return fan_box_score(rec.plays, rec.home, rec.away)


def row(box: dict[str, Any], label: str) -> dict[str, Any]:
    return next(r for r in box["team_stats"] if r["label"] == label)


def regulation_periods(rules: str) -> int:
    return 2 if rules == "grid" else 4


def playing_time(rules: str, plays: list[dict[str, Any]]) -> int:
    """Seconds the game lasted, from the clock columns alone: the regulation length (the
    game clock at the opening kickoff), then each overtime period from its first snap to its
    end (the last play's end for the period the game ended in)."""
    regular = regulation_periods(rules)
    total = plays[0]["game_seconds_remaining"]
    last = plays[-1]
    for q in sorted({p["qtr"] for p in plays if p["qtr"] > regular}):
        start = next(p["quarter_seconds_remaining"] for p in plays if p["qtr"] == q)
        end = max(0, last["quarter_seconds_remaining"] - last["seconds"]) if q == last["qtr"] else 0
        total += start - end
    if last["qtr"] <= regular:            # ended early (never in these games, but say so)
        total -= max(0, last["game_seconds_remaining"] - last["seconds"])
    return int(total)


@pytest.mark.parametrize("rules", RULESETS)
def test_visitor_first_everywhere(rules: str) -> None:
    for rec in games(rules)[:4]:
        box = box_of(rec)
        assert list(box["teams"].items()) == [("away", rec.away), ("home", rec.home)]
        assert box["final"] == {"away": rec.final_score[rec.away],
                                "home": rec.final_score[rec.home]}
        assert all(list(r["raw"]) == ["away", "home"] for r in box["team_stats"])
        for table in box["players"].values():
            sides = [r["side"] for r in table["rows"]]
            assert sides == sorted(sides), table["title"]           # "away" < "home"
            assert all(r["team"] == (rec.away if r["side"] == "away" else rec.home)
                       for r in table["rows"])


@pytest.mark.parametrize("rules", RULESETS)
def test_line_score_adds_up_and_scoring_summary_ends_at_the_final(rules: str) -> None:
    for rec in games(rules):
        box = box_of(rec)
        line = box["line_score"]
        regular = ["H1", "H2"] if rules == "grid" else ["1", "2", "3", "4"]
        assert line["periods"][:len(regular)] == regular
        overtime = any(p["qtr"] > regulation_periods(rules) for p in rec.plays)
        assert (len(line["periods"]) > len(regular)) == overtime
        for side, team in (("away", rec.away), ("home", rec.home)):
            assert len(line[side]) == len(line["periods"])
            assert sum(line[side]) == rec.final_score[team] == box["final"][side]
        scoring = box["scoring"]
        if not scoring:
            assert box["final"] == {"away": 0, "home": 0}
            continue
        assert (scoring[-1]["away_score"], scoring[-1]["home_score"]) == (
            box["final"]["away"], box["final"]["home"])
        before = (0, 0)
        for s in scoring:                    # each entry: the named side's score went up
            now = (s["away_score"], s["home_score"])
            i = 0 if s["side"] == "away" else 1
            assert now[i] > before[i] and now[1 - i] == before[1 - i], s
            assert s["team"] == (rec.away if i == 0 else rec.home)
            assert s["period"] in line["periods"] and s["description"]
            before = now


@pytest.mark.parametrize("rules", RULESETS)
def test_team_stats_agree_with_the_flat_box_score(rules: str) -> None:
    for rec in games(rules):
        box = box_of(rec)
        flat = rec.box_score
        for side, team in (("away", rec.away), ("home", rec.home)):
            s = flat[team]
            keys = ("pass_cmp", "pass_att", "pass_yds_gross", "pass_td", "pass_int")
            assert row(box, "Cmp-Att-Yd-TD-INT")[side] == "-".join(f"{s[k]:g}" for k in keys)
            assert row(box, "Net Pass Yards")["raw"][side]["pass_yds_net"] == (
                s["pass_yds_gross"] - s["sack_yds_lost"])
            assert row(box, "Total Yards")[side] == f"{s['total_yds']:g}"
            for label in ("Third Down Conv.", "Fourth Down Conv."):
                made, tried = (int(x) for x in row(box, label)[side].split("-"))
                assert 0 <= made <= tried
            assert re.fullmatch(r"\d+:[0-5]\d", row(box, "Time of Possession")[side])
        json.loads(json.dumps(box))                               # machine-readable as it is


def overrun(plays: list[dict[str, Any]]) -> int:
    """Seconds plays were charged beyond the end of their period (Football Legends charges a
    period's last play in full; 1st & Roll carries it into the next quarter)."""
    return sum(max(0, p["seconds"] - p["quarter_seconds_remaining"]) for p in plays)


@pytest.mark.parametrize("rules", RULESETS)
def test_time_of_possession_adds_up_to_the_playing_time(rules: str) -> None:
    for rec in games(rules):
        raw = row(box_of(rec), "Time of Possession")["raw"]
        top = sum(raw[side]["time_of_possession_sec"] for side in ("away", "home"))
        extra = top - playing_time(rules, rec.plays)
        assert 0 <= extra <= min(overrun(rec.plays), 120), (rec.seed, extra)


def test_the_grid_fills_third_downs_and_possession_time() -> None:
    sensible = [game("grid", s) for s in SEEDS] + [game("grid", s, playoff=True) for s in SEEDS]
    for rec in games("grid") + sensible:
        box = box_of(rec)
        thirds = row(box, "Third Down Conv.")["raw"]
        # (a random coach may kick a field goal on every first down: no third downs at all)
        if rec in sensible:
            assert sum(thirds[s]["third_down_att"] for s in ("away", "home")) > 0
        top = row(box, "Time of Possession")["raw"]
        assert all(top[s]["time_of_possession_sec"] > 0 for s in ("away", "home"))
        # Every card of every period is flipped: 30 minutes a half, 10 an overtime period.
        periods = max(p["qtr"] for p in rec.plays)
        assert sum(top[s]["time_of_possession_sec"] for s in ("away", "home")) == (
            3600 + 600 * (periods - 2))
        line = box["line_score"]["periods"]
        assert line == ["H1", "H2", "OT", "2OT", "3OT"][:len(line)]
        assert all(re.fullmatch(r"\d+ cards", s["clock"]) for s in box["scoring"])


def test_grid_third_and_fourth_downs_follow_nflverse() -> None:
    base = {"play_type": "pass", "down": 3, "first_down": 0, "touchdown": 0, "td_team": None,
            "posteam": "Brazil", "third_down_converted": 0, "third_down_failed": 0,
            "fourth_down_converted": 0, "fourth_down_failed": 0}
    touchdown = {**base, "touchdown": 1, "td_team": "Brazil"}
    pick_six = {**base, "down": 4, "touchdown": 1, "td_team": "Japan"}
    first = {**base, "down": 4, "first_down": 1}
    sack = dict(base)
    kick = {**base, "play_type": "field_goal"}
    for rec in (touchdown, pick_six, first, sack, kick):
        mark_conversion(rec)
    assert (touchdown["third_down_converted"], touchdown["third_down_failed"]) == (1, 0)
    assert (pick_six["fourth_down_converted"], pick_six["fourth_down_failed"]) == (0, 1)
    assert (first["fourth_down_converted"], first["third_down_converted"]) == (1, 0)
    assert (sack["third_down_converted"], sack["third_down_failed"]) == (0, 1)
    assert kick["third_down_failed"] == kick["third_down_converted"] == 0


@pytest.mark.parametrize("rules", RULESETS)
def test_player_tables_only_where_the_records_name_players(rules: str) -> None:
    box = box_of(game(rules, 3))
    if rules not in WITH_PLAYERS:
        assert box["players"] == {}
        return
    players = box["players"]
    assert {"passing", "rushing", "receiving", "kicking"} <= set(players)
    rec = game(rules, 3)
    for table in players.values():
        assert table["rows"] and len(table["columns"]) == len(table["keys"])
        assert all(len(r["values"]) == len(table["columns"]) for r in table["rows"])
    for side, team in (("away", rec.away), ("home", rec.home)):   # the lines add up
        passing = [r["stats"] for r in players["passing"]["rows"] if r["side"] == side]
        assert sum(p["pass_yds"] for p in passing) == rec.box_score[team]["pass_yds_gross"]
        rushing = [r["stats"] for r in players["rushing"]["rows"] if r["side"] == side]
        assert sum(p["rush_att"] for p in rushing) == rec.box_score[team]["rush_att"]


def _render(box: dict[str, Any]) -> str:
    buf = io.StringIO()
    render_box_score(box, Console(file=buf, width=100))
    return buf.getvalue()


@pytest.mark.parametrize("rules", RULESETS)
def test_rendered_box_score(rules: str) -> None:
    rec = game(rules, 3)
    box = box_of(rec)
    text = _render(box)
    away, home = short_names(rec.away, rec.home)
    assert max(len(line) for line in text.splitlines()) <= 100
    assert text.startswith(f"Final: {rec.away} {rec.final_score[rec.away]} @ {rec.home} ")
    for heading in ("Line score", "Team stats", "Cmp-Att-Yd-TD-INT", "Time of Possession"):
        assert heading in text
    rows = [ln for ln in text.splitlines() if ln.startswith((f"{away} ", f"{home} "))]
    assert rows[0].startswith(f"{away} ") and rows[1].startswith(f"{home} ")   # line score
    assert ("Passing" in text) == (rules in WITH_PLAYERS)
    if rules == "grid":
        assert " H1 " in text and " cards " in text
    if box["scoring"]:
        assert "Scoring summary" in text and box["scoring"][0]["description"][:20] in text


def test_short_names() -> None:
    assert short_names("2016 Buffalo Bills", "2016 Atlanta Falcons") == ("Bills", "Falcons")
    assert short_names("Brazil", "South Korea") == ("Brazil", "South Korea")
    assert short_names("1962 Green Bay Packers", "1996 Green Bay Packers") == (
        "1962 Packers", "1996 Packers")
    assert short_names("2016 Arizona State", "2016 Appalachian State") == (
        "Arizona State", "Appalachian State")


# -- the scoring summary on hand-made records ---------------------------------------------------

def _play(**cols: Any) -> dict[str, Any]:
    rec = {"qtr": 1, "quarter_seconds_remaining": 600, "posteam": "Hawks", "defteam": "Owls",
           "play_type": "run", "yards_gained": 0, "return_yards": 0, "touchdown": 0,
           "td_team": None, "total_away_score": 0, "total_home_score": 0}
    rec.update(cols)
    return rec


def test_scoring_summary_tells_tries_with_their_touchdowns_and_defensive_scores() -> None:
    # Owls at Hawks: the visitors are the Owls.
    plays = [
        _play(rush_attempt=1, rush_touchdown=1, touchdown=1, td_team="Hawks", yards_gained=12,
              rusher_player_name="A. Back", total_home_score=6),
        _play(play_type="no_play", total_home_score=6),                 # a flag on the try
        _play(play_type="extra_point", extra_point_attempt=1, extra_point_result="failed",
              kicker_player_name="K. Foot", total_home_score=6),
        _play(qtr=2, quarter_seconds_remaining=75, posteam="Hawks", play_type="pass",
              pass_attempt=1, interception=1, return_touchdown=1, touchdown=1, td_team="Owls",
              return_yards=40, interception_player_name="D. Back", total_away_score=6,
              total_home_score=6),
        _play(qtr=2, posteam="Owls", play_type="pass", two_point_attempt=1, pass_attempt=1,
              two_point_conv_result="success", passer_player_name="Q. Arm",
              receiver_player_name="W. Out", total_away_score=8, total_home_score=6),
        _play(qtr=3, posteam="Owls", play_type="punt", safety=1, total_away_score=8,
              total_home_score=8),
        _play(qtr=3, posteam="Owls", play_type="run", rush_attempt=1, fumble=1, fumble_lost=1,
              touchdown=1, td_team="Hawks", return_touchdown=1, total_away_score=8,
              total_home_score=14),                 # no return yards recorded
        _play(qtr=3, posteam="Hawks", play_type="extra_point", extra_point_attempt=1,
              extra_point_result="good", total_away_score=8, total_home_score=15),
        _play(qtr=4, quarter_seconds_remaining=5, posteam="Owls", play_type="field_goal",
              field_goal_result="made", kick_distance=47, total_away_score=11,
              total_home_score=15),
        _play(qtr=5, quarter_seconds_remaining=540, posteam="Owls", play_type="field_goal",
              field_goal_result="blocked", touchdown=1, td_team="Hawks", return_touchdown=1,
              return_yards=62, blocked_player_name="B. Lock", total_away_score=11,
              total_home_score=21),
    ]
    got = [(s["period"], s["clock"], s["side"], s["description"], s["away_score"],
            s["home_score"]) for s in scoring_summary(plays, "Hawks", "Owls")]
    assert got == [
        ("1", "10:00", "home", "A. Back 12 yard rush (K. Foot kick failed)", 0, 6),
        ("2", "1:15", "away", "D. Back 40 yard interception return (Q. Arm pass to W. Out)",
         8, 6),
        ("3", "10:00", "home", "Safety", 8, 8),
        ("3", "10:00", "home", "Fumble return (kick)", 8, 15),
        ("4", "0:05", "away", "47 yard field goal", 11, 15),
        ("OT", "9:00", "home", "B. Lock 62 yard blocked field goal return", 11, 21),
    ]
