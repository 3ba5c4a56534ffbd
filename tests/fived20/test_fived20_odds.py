"""Issue 38: the exact pass-result odds the builder solves the sack and interception
ratings from (`fived20_odds`), against many simulated games of the same charts."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from scrimmage.rules.fived20.charts import bundled_game_charts, chart_from_data
from scrimmage.sheets.real.fived20 import build_data, read_player_seasons, read_team_seasons
from scrimmage.sheets.real.fived20_average import build_league_average_data
from scrimmage.sheets.real.fived20_odds import PassOdds, Situation, pass_odds
from scrimmage.sheets.real.fived20_replay import _games

DATA = Path(__file__).resolve().parents[1] / "data" / "fived20"


def test_ratings_move_the_odds_as_the_house_rules_say() -> None:
    odds = PassOdds()
    odds.sack, odds.scramble, odds.attempts = 0.06, 0.04, 0.90
    odds.picked, odds.pool, odds.sack_pool = 0.02, 0.30, 0.05
    assert abs(odds.sack_rate() - 0.06 / 0.96) < 1e-12
    more = odds.after_sack_rating(100)              # a tenth of the attempts are sacked
    assert abs(more.sack - 0.15) < 1e-12 and abs(more.attempts - 0.81) < 1e-12
    assert abs(more.int_rate() - odds.int_rate()) < 1e-12    # picks and attempts alike
    fewer = odds.after_sack_rating(-500)           # half the sacks thrown away
    assert abs(fewer.sack - 0.03) < 1e-12 and abs(fewer.pool - 0.325) < 1e-12
    assert abs(odds.int_rate(250) - (0.02 + 0.25 * 0.30) / 0.90) < 1e-12
    assert abs(odds.int_rate(-250) - 0.015 / 0.90) < 1e-12


def test_exact_odds_match_many_games() -> None:
    extract = (read_player_seasons(DATA / "extract_2016_players.csv"),
               read_team_seasons(DATA / "extract_2016_teams.csv"))
    average = build_league_average_data(*extract, 2016)
    data = build_data(*extract, 2016, "buf")
    data["replay"] = {"sack": 100, "interception": 400}    # many of both: a tight test
    situations: Counter[Situation] = Counter()
    t = _games(data, average, 400, 11, True, situations)
    odds = pass_odds(chart_from_data(data), chart_from_data(average), bundled_game_charts(),
                     situations).after_sack_rating(100)
    sacks, att, picks = t["sacks_taken"], t["pass_att"], t["pass_int"]
    assert sacks > 2000 and picks > 1500
    # about 2.5 % sampling error each (one standard deviation); penalties, left out of the
    # odds, nullify some results more often than others (about 1 %)
    assert abs(sacks / (sacks + att) / odds.sack_rate() - 1) < 0.08
    assert abs(picks / att / odds.int_rate(400) - 1) < 0.08
