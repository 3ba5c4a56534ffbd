"""Issue 17 (part D20): the chart builder sets by team what the data can tell (D20-4, D20-8,
D20-17, D20-22, D20-23, D20-37, D20-50, D20-51, D20-56), carries the Player Statistics section
(D20-4) and builds the season's league-average team.

Each builder test changes one figure of one team's season and checks that the section it
feeds moves the right way; the bundled 2016 charts show the sections differ between teams.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable
from functools import cache
from typing import Any

from typer.testing import CliRunner

from scrimmage.cli import app
from scrimmage.core.ruleset import find_ruleset
from scrimmage.rules.fived20.charts import chart_from_data
from scrimmage.sheets.real.fived20 import (
    build_chart,
    build_data,
    read_player_seasons,
    read_team_seasons,
)
from scrimmage.sheets.real.fived20_average import build_league_average

RS = find_ruleset("5d20")
Rows = list[dict[str, str]]


@cache
def _rows() -> tuple[Rows, Rows]:
    return read_player_seasons(), read_team_seasons()


def built(code: str, *, team: Callable[[dict[str, str]], None] | None = None,
          player: Callable[[dict[str, str]], None] | None = None) -> dict[str, Any]:
    """`code`'s 2016 chart, after `team(row)` / `player(row)` changed its season's rows."""
    players, teams = _rows()
    players = [copy.copy(r) if r["season"] == "2016" and r["team"] == code else r
               for r in players]
    teams = [copy.copy(r) if r["season"] == "2016" and r["team_code"] == code else r
             for r in teams]
    for r in players:
        if player is not None and r["season"] == "2016" and r["team"] == code:
            player(r)
    for r in teams:
        if team is not None and r["season"] == "2016" and r["team_code"] == code:
            team(r)
    data = build_data(players, teams, 2016, code)
    chart_from_data(data, code)
    return data


def setter(**values: float) -> Callable[[dict[str, str]], None]:
    def edit(r: dict[str, str]) -> None:
        r.update({k: str(v) for k, v in values.items()})
    return edit


def only(name: str, **values: float) -> Callable[[dict[str, str]], None]:
    def edit(r: dict[str, str]) -> None:
        if (r["player_full_name"] or r["player_name"]) == name:
            r.update({k: str(v) for k, v in values.items()})
    return edit


def faces(rng: list[int]) -> int:
    return 0 if rng == [0, 0] else rng[1] - rng[0] + 1


# -- the FUMBLE section (D20-50, D20-51) ----------------------------------------------------

def test_off_fum_lost_widens_with_the_share_of_fumbles_lost() -> None:
    careful = built("nwe", team=setter(fumbles=20, fumbles_lost=2))
    careless = built("nwe", team=setter(fumbles=20, fumbles_lost=18))
    assert faces(careless["fumbles"]["off_lost"]) > faces(careful["fumbles"]["off_lost"])


def test_def_fum_rec_widens_with_the_fumbles_the_defense_recovered() -> None:
    few = built("nwe", team=setter(def_fumbles_recovered=2))
    many = built("nwe", team=setter(def_fumbles_recovered=20))
    assert faces(many["fumbles"]["def_rec"]) > faces(few["fumbles"]["def_rec"])


def test_def_fum_rate_adjust_follows_the_fumbles_the_defense_forced() -> None:
    none = built("nwe", player=setter(def_forced_fumbles=0))
    lots = built("nwe", player=setter(def_forced_fumbles=3))
    assert none["fumbles"]["def_adjust"] < 0 < lots["fumbles"]["def_adjust"]


# -- the quarterback: snap fumbles (D20-23) and the scramble column (D20-37) ----------------

def test_snap_fumble_rate_follows_the_quarterbacks_fumbles() -> None:
    sure = built("nwe", player=only("Tom Brady", fumbles=0))
    loose = built("nwe", player=only("Tom Brady", fumbles=25))
    assert sure["qb"]["snap_fumble"] < loose["qb"]["snap_fumble"]


def test_scramble_column_follows_the_quarterbacks_rushing() -> None:
    pocket = built("nwe", player=only("Tom Brady", rush_att=60, rush_yds=30))
    runner = built("nwe", player=only("Tom Brady", rush_att=60, rush_yds=480))
    # A low black reads LINE (short); the runner's LINE and AVG ranges are narrower.
    assert runner["qb"]["scramble"]["LINE"] < pocket["qb"]["scramble"]["LINE"]
    assert runner["qb"]["scramble"]["AVG"] < pocket["qb"]["scramble"]["AVG"]


# -- punt block (D20-56), the defensive play-call adjustment (D20-17) ------------------------

def test_punt_block_number_follows_the_punts_blocked() -> None:
    safe = built("nwe", team=setter(punts_blocked=0))
    leaky = built("nwe", team=setter(punts_blocked=4))
    assert safe["kicking"]["punt_block"] < leaky["kicking"]["punt_block"]
    assert safe["kicking"]["punt_return_block"] == leaky["kicking"]["punt_return_block"] == 1


def test_def_play_adjust_follows_the_share_of_runs_the_defense_faced() -> None:
    run_at = built("nwe", team=setter(def_rush_att=560, def_pass_att=450))
    passed_on = built("nwe", team=setter(def_rush_att=320, def_pass_att=690))
    for key in ("def_adjust", "def_adjust_rz"):
        assert run_at["play_calling"][key] > passed_on["play_calling"][key]


# -- the runner and receiver headers (D20-22) -----------------------------------------------

def test_runner_header_rises_when_the_lead_backs_carry_more() -> None:
    shared = built("nwe", player=only("James White", rush_att=250))
    lead = built("nwe", player=only("James White", rush_att=5))
    assert lead["runners"]["header"] > shared["runners"]["header"]


def test_receiver_headers_rise_when_the_first_receivers_get_more_targets() -> None:
    data = built("nwe")
    first = data["receivers"]["player"][0]["name"]
    focused = built("nwe", player=only(first, targets=400))
    before, after = data["receivers"]["header"], focused["receivers"]["header"]
    assert all(after[d] >= before[d] for d in ("SP", "MP", "LP"))
    assert sum(after.values()) > sum(before.values())


# -- the returners' fumble ratings (D20-8) ---------------------------------------------------

def test_returner_fumble_rating_follows_his_fumbles() -> None:
    data = built("nwe")
    name = data["kick_return"][0]["name"]
    sure = built("nwe", player=only(name, fumbles=0))
    loose = built("nwe", player=only(name, fumbles=8))
    assert sure["kick_return"][0]["fumble"] < loose["kick_return"][0]["fumble"]


# -- the bundled charts differ by team ------------------------------------------------------

def test_bundled_2016_charts_differ_where_the_teams_did() -> None:
    charts = [RS.team_data(name) for name in RS.team_names()]

    def values(pick: Callable[[dict[str, Any]], Any]) -> set[str]:
        return {repr(pick(c)) for c in charts}

    assert len(values(lambda c: c["fumbles"])) > 1
    assert len(values(lambda c: c["qb"]["snap_fumble"])) > 1
    assert len(values(lambda c: c["qb"]["scramble"])) > 1
    assert len(values(lambda c: c["kicking"]["punt_block"])) > 1
    assert len(values(lambda c: c["play_calling"]["def_adjust"])) > 1
    assert len(values(lambda c: c["runners"]["header"])) > 1
    assert len(values(lambda c: c["receivers"]["header"])) > 1
    assert len(values(lambda c: [r["fumble"] for r in c["kick_return"]])) > 1


def test_bundled_charts_are_the_builders_output() -> None:
    players, teams = _rows()
    text = build_chart(players, teams, 2016, "nwe")
    assert tomllib.loads(text) == RS.team_data("2016-nwe")


# -- D20-4: the Player Statistics section ----------------------------------------------------

def test_chart_carries_its_players_statistics() -> None:
    data = built("nwe")
    lines = {p["name"]: p for p in data["player_stats"]}
    assert lines["Tom Brady"]["figures"]["pass_att"] == 432
    named = ([data["qb"]["name"], data["kicking"]["kicker"], data["kicking"]["punter"]]
             + [p["name"] for p in data["runners"]["player"] + data["receivers"]["player"]
                + data["defense"]["run"]])
    assert set(named) <= set(lines)
    chart = chart_from_data(tomllib.loads(build_chart(*_rows(), 2016, "nwe")), "nwe")
    assert chart.data["player_stats"][0]["name"] == "Tom Brady"


def test_header_names_the_league_constants() -> None:
    text = build_chart(*_rows(), 2016, "nwe")
    head = text[:text.index("[team]")]
    assert "League constants" in head and "punt_return_block" in head


# -- the league-average team -----------------------------------------------------------------

def test_league_average_chart() -> None:
    text = build_league_average(*_rows(), 2016)
    chart = chart_from_data(tomllib.loads(text), "avg")
    assert chart.name == "2016 League Average" and chart.qb.name == "League QB"
    assert chart.kicker == "League K" and len(chart.runners) == 4
    assert chart.data["team"]["record"] == "8-8-0"
    assert chart.fum_off_lost == (1, 1) and chart.qb_snap_fumble == 1
    # The league's returners average a fraction of a touchdown a season: no 1-in-20 touchdown
    # face (it made the average team return punts for 13 yards, the league 9.7).
    data = tomllib.loads(text)
    for line in data["kick_return"] + data["punt_return"]:
        assert 99 not in line["returns"], line["name"]


def test_cli_builds_the_league_average_5d20_chart(tmp_path: Any) -> None:
    out = tmp_path / "avg.toml"
    result = CliRunner().invoke(app, ["build", "--rules", "5d20", "--season", "2016",
                                      "--league-average", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert tomllib.loads(out.read_text())["team"]["name"] == "2016 League Average"
    both = CliRunner().invoke(app, ["build", "--rules", "5d20", "--season", "2016",
                                    "--league-average", "--team", "nwe"])
    assert both.exit_code != 0
