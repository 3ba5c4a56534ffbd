"""The 5D20 chart formats: validation errors name file, field and reason; the builder's output
is a valid chart that reproduces its players' shares."""

from __future__ import annotations

import copy
import tomllib

import pytest

from scrimmage.core.errors import SheetError
from scrimmage.core.ruleset import find_ruleset
from scrimmage.rules.fived20.charts import chart_from_data, game_charts_from_data
from scrimmage.sheets.real.fived20 import build_chart, read_player_seasons, read_team_seasons

RS = find_ruleset("5d20")


def test_every_bundled_2016_team_loads() -> None:
    names = RS.team_names()
    assert len(names) == 32
    for name in names:
        RS.load_team(RS.team_data(name), name)


def test_bad_chart_names_the_field() -> None:
    data = copy.deepcopy(RS.team_data("2016-nwe"))
    data["qb"]["SP"]["PRE"] = {"SCK": 5, "INC": 3, "CMP": 20}
    with pytest.raises(SheetError, match=r"qb\.SP\.PRE.*must not go down"):
        chart_from_data(data, "nwe.toml")
    data = copy.deepcopy(RS.team_data("2016-nwe"))
    data["kicking"]["punt_own"][0] = "40X"
    with pytest.raises(SheetError, match=r"kicking\.punt_own"):
        chart_from_data(data, "nwe.toml")


def test_bad_game_chart_is_refused() -> None:
    with pytest.raises(SheetError, match="yardage"):
        game_charts_from_data({"yardage": {}, "interception_return": {}, "fumble_return": {},
                               "penalties": {}}, "charts.toml")


def test_builder_gives_each_runner_his_share_of_carries() -> None:
    text = build_chart(read_player_seasons(), read_team_seasons(), 2012, "min")
    chart = chart_from_data(tomllib.loads(text), "2012 min")
    assert chart.name == "2012 Minnesota Vikings" and chart.qb.name == "Christian Ponder"
    top = chart.runners[0]
    assert top.name == "Adrian Peterson"
    # Peterson had 348 of the backs' carries: most of the faces. Since issue 17 the lead
    # backs are read in the blue column (blue below the header, D20-22), the rest in black.
    assert chart.runner_blue[0] >= 14 and chart.runner_header > chart.runner_blue[0]
