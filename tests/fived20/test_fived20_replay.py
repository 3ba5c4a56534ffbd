"""Issue 38: the builder's calibration and the 5D20 replay ratings (house rules).

The derivations are checked on a small extract of the 2016 statistics (Buffalo and New
England, tests/data/fived20/), with exact numbers; the switch on whole games: a chart built
with the ratings off carries none, and `-o replay_ratings=false` plays the book's dice."""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

from scrimmage.api import make_coaches
from scrimmage.core.dice import ScriptedDice, SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.ruleset import find_ruleset
from scrimmage.core.sides import AWAY, HOME
from scrimmage.rules.fived20.charts import chart_from_data
from scrimmage.sheets.real.fived20 import (
    _play_calling,
    build_data,
    read_player_seasons,
    read_team_seasons,
)
from scrimmage.sheets.real.fived20_average import build_league_average_data
from scrimmage.sheets.real.fived20_replay import (
    TEMPO_BOUND,
    _convert,
    _finishing,
    _red_zone,
    _run_call,
    _tempo,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "fived20"
RS = find_ruleset("5d20")
Rows = list[dict[str, str]]


@cache
def _extract() -> tuple[Rows, Rows]:
    return (read_player_seasons(DATA / "extract_2016_players.csv"),
            read_team_seasons(DATA / "extract_2016_teams.csv"))


def test_closed_forms_on_the_extract() -> None:
    data = build_data(*_extract(), 2016, "buf")
    # Buffalo ran 50.9 % of its plays (league 40.7 %): the grid moves 2.05 faces, two on
    # every cell and one more on one of the 15 (0.05 x 15, rounded: the first, SHYD YZ).
    assert data["play_calling"]["rows"] == {
        "SHYD": [17, 18, 17], "<10": [15, 13, 15], "10-19": [14, 12, 12],
        "20-29": [11, 9, 8], "30+": [9, 6, 6]}
    assert data["qb"]["MP"]["DEF"] == {"PD": 12, "CMP": 20}
    assert data["runners"]["player"][0]["LOS"] == {"LINE": 3, "AVG": 11, "SEC": 20}
    assert "replay" not in data


def test_play_calling_moves_by_a_fraction_of_a_face() -> None:
    grid = _play_calling(0.4)
    base = _play_calling(0.0)
    moved = sum(a - b for k in grid for a, b in zip(grid[k], base[k], strict=True))
    assert moved == 6                                  # 0.4 of 15 cells
    assert _play_calling(-0.4)["30+"] == [6, 4, 3]


def test_ratings_are_solved_from_the_rates() -> None:
    # 5 % sacked, 6 % wanted: one in a thousand of 95 % of the passes is 0.095 %, so 11
    assert _convert(0.06, 0.05, 0.95) == 11
    # 4 % wanted: a fifth of the sacks turn away
    assert _convert(0.04, 0.05, 0.95) == -200
    assert _red_zone(-1.0) == -250 and _red_zone(1.0, 100) == 350
    # bounded (RED_ZONE_BOUND): the points past it stay missed
    assert _red_zone(-3.0) == -500 and _red_zone(10.0) == 500
    assert _red_zone(1.0, 400) == 500
    # the points split between the red-zone (4 a thousand) and third-down (5 a thousand)
    # numbers, half each; past the red zone's bound the third-down number takes the rest
    assert _finishing(2.0) == (250, 200)
    assert _finishing(-6.0) == (-500, -800)
    assert _finishing(-20.0) == (-500, -1000)
    # the run-call rating from the share played with one: 40 % with +100 is 1/3 without
    assert _run_call(0.4, 0.4, 100) == 100
    assert _run_call(0.3, 0.36, -100) == -250


def test_a_chart_built_with_ratings_off_plays_by_the_book() -> None:
    off = build_data(*_extract(), 2016, "buf", games=6, replay_ratings=False)
    on = build_data(*_extract(), 2016, "buf", games=6, replay_ratings=True)
    assert "replay" not in off and set(on["replay"]) == {
        "run_call", "sack", "interception", "red_zone", "def_red_zone", "third_down",
        "def_third_down"}
    # the same book sections but the runner and completion shifts the red zone takes back
    for key in ("play_calling", "kicking", "defense", "fumbles", "receivers",
                "penalty_ranges"):
        assert off[key] == on[key], key
    chart_from_data(on, "buf")


def test_tempo_is_fitted_to_the_teams_plays_a_game() -> None:
    """D20-43 with a tempo rating: built with `tempo`, the chart carries the seconds that
    take its offense to its real plays a game (runs, passes, sacks) against the
    league-average chart; a team that ran more plays gets a faster (lower) tempo. Without
    `tempo` (the bundled charts) the chart has none."""
    players, teams = _extract()
    on = build_data(players, teams, 2016, "buf", games=6, tempo=True)
    assert set(on["replay"]) == {"run_call", "sack", "interception", "red_zone",
                                 "def_red_zone", "third_down", "def_third_down", "tempo"}
    assert -TEMPO_BOUND <= on["replay"]["tempo"] <= TEMPO_BOUND
    chart_from_data(on, "buf")
    # Buffalo's plays a game 8 higher, its yards the same a play: 15 seconds faster
    more = [dict(t) for t in teams]
    for t in more:
        if t["team_code"] == "buf":
            for k in ("rush_att", "rush_yds", "pass_att", "pass_cmp", "pass_yds_gross",
                      "pass_yds", "pass_int", "sacks_taken", "sack_yds"):
                if t.get(k):
                    t[k] = str(float(t[k]) * 1.125)
    fast = build_data(players, more, 2016, "buf", games=6, tempo=True)
    assert fast["replay"]["tempo"] < on["replay"]["tempo"]
    assert _tempo(-3.4) == -3 and _tempo(40.0) == TEMPO_BOUND and _tempo(-40.0) == -TEMPO_BOUND


def _game(chart: dict[str, Any], options: dict[str, Any]) -> Any:
    home = RS.load_team(chart, "home")
    away = RS.load_team(copy.deepcopy(chart), "away")
    away.name = "Visitors"
    g = RS.new_game(home, away, SeededDice(5), {"neutral": True, **options}, narrate=False)
    drive(g, make_coaches(RS, "solitaire", 5), None)
    return g


def test_replay_ratings_switch() -> None:
    avg = build_league_average_data(*_extract(), 2016)
    book = _game(avg, {})
    rated = copy.deepcopy(avg)
    rated["replay"] = {"run_call": 1000, "sack": 1000}
    off = _game(rated, {"replay_ratings": False})
    assert off.dice.log == book.dice.log                # no d1000, the book's dice
    assert all(sides == 20 for sides, _ in off.dice.log)
    on = _game(rated, {})
    assert any(sides == 1000 for sides, _ in on.dice.log)
    # every system call a run: the only passes are spikes
    assert all(p.get("qb_spike") for p in on.plays
               if p.get("pass_attempt") and not p.get("two_point_attempt"))


def _rated(rule: str, yards: int, down: int, togo: int, line: int, off: dict[str, int],
           dfn: dict[str, int] | None = None, roll: int = 1) -> tuple[int, int]:
    """`replay.<rule>` (third_down or red_zone) on a real game set to the down, with charts
    carrying only these numbers: (the yards, the d1000s thrown)."""
    from scrimmage.rules.fived20 import replay

    g = RS.new_game(*[RS.load_team(RS.team_data(n), n) for n in RS.team_names()[:2]],
                    ScriptedDice([roll]), {"neutral": True}, narrate=False)
    g.down, g.ydstogo, g.yardline = down, togo, line
    o, d = g.chart(HOME), g.chart(AWAY)
    o.replay = o.replay.model_copy(update={"red_zone": 0, "third_down": 0, **off})
    d.replay = d.replay.model_copy(update={"def_red_zone": 0, "def_third_down": 0,
                                           **(dfn or {})})
    yards = replay.third_down(g, o, d, yards) if rule == "third_down" else \
        replay.red_zone(g, o, d, yards)
    return yards, len(g.dice.log)


def _third(*args: Any, **kw: Any) -> tuple[int, int]:
    return _rated("third_down", *args, **kw)


def _red(*args: Any, **kw: Any) -> tuple[int, int]:
    return _rated("red_zone", *args, **kw)


def test_third_down_rating() -> None:
    """The third-down house rule: 3rd and 4th downs outside the red zone, a run or catch
    within 10 yards of the line to gain either way, on a d1000."""
    assert _third(3, 3, 7, 60, {"third_down": 500}) == (7, 1)      # short by 4: reaches it
    assert _third(3, 3, 7, 60, {"third_down": 500}, roll=501) == (3, 1)
    assert _third(3, 2, 7, 60, {"third_down": 1000}) == (3, 0)     # 2nd down: the book
    assert _third(-4, 3, 7, 60, {"third_down": 1000}) == (-4, 0)   # short by 11
    assert _third(12, 3, 7, 60, {"third_down": -300}) == (6, 1)    # past by 5: a yard short
    assert _third(17, 4, 7, 60, {"third_down": -1000}) == (17, 0)  # past by 10: kept
    assert _third(8, 3, 7, 15, {"third_down": -1000}) == (8, 0)    # the red zone's own
    # the defense's number adds: +200 - 200 is the book
    assert _third(3, 3, 7, 60, {"third_down": 200}, {"def_third_down": -200}) == (3, 0)


def test_a_third_down_sum_past_1000_reads_farther() -> None:
    """Two built charts' third-down numbers add past the d1000 (2016: Bears offense -1000,
    Giants defense -812): the rule reads a yard farther from the line for every 100 past
    1000, so the sum is not cut to what one chart against the average chart had."""
    # past by 15: kept at -1000, stopped a yard short at -1800 (reach 10 + 8)
    assert _third(22, 3, 7, 60, {"third_down": -1000}) == (22, 0)
    assert _third(22, 3, 7, 60, {"third_down": -1000}, {"def_third_down": -800}) == (6, 1)
    assert _third(26, 3, 7, 60, {"third_down": -1000}, {"def_third_down": -800}) == (26, 0)
    # short by 13 on 3rd and 15: a first down at +1500 (reach 15), not at +1000
    assert _third(2, 3, 15, 60, {"third_down": 1000}) == (2, 0)
    assert _third(2, 3, 15, 60, {"third_down": 1000}, {"def_third_down": 500}) == (15, 1)
    # up to 1099 the reach is still 10
    assert _third(18, 3, 7, 60, {"third_down": -1000}, {"def_third_down": -99}) == (18, 0)


def test_a_third_down_sum_past_1000_spills_into_the_red_zone() -> None:
    """The part of a third-down sum past 1000 adds to the red-zone sum, 1.25 a thousandth
    below 0 and 0.5 above: with no red-zone numbers, -1000 and -800 of third down make the
    red zone -1000, +1000 and +800 make it +400."""
    assert _red(8, 3, 5, 15, {"third_down": -1000}) == (8, 0)
    assert _red(8, 3, 5, 15, {"third_down": -1000}, {"def_third_down": -800}) == (4, 1)
    assert _red(8, 3, 5, 15, {"third_down": -1000}, {"def_third_down": -800},
                roll=1000) == (4, 1)
    assert _red(3, 2, 5, 15, {"third_down": 1000}, {"def_third_down": 800}) == (15, 1)
    assert _red(3, 2, 5, 15, {"third_down": 1000}, {"def_third_down": 800},
                roll=401) == (3, 1)
    # -2000 spills -1250: the zone reaches the 25 (-1250 past 1000 by 250, a yard a 50),
    # where the red-zone rule reads and the third-down rule leaves the play to it
    both = ({"third_down": -1000}, {"def_third_down": -1000})
    assert _red(9, 3, 6, 24, *both) == (5, 1)
    assert _third(9, 3, 6, 24, *both) == (9, 0)
    assert _red(9, 3, 6, 26, *both) == (9, 0)
    assert _third(9, 3, 6, 26, *both) == (5, 1)
