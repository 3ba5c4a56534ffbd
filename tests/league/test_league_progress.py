"""A league without playoffs is over when its regular season is, and the best record wins
it: its page and `league` commands say so, instead of waiting for a bracket that never
comes."""

from __future__ import annotations

from pathlib import Path

from scrimmage.league import playing, views
from scrimmage.league.making import own_league
from scrimmage.league.store import LeagueStore


def test_a_league_without_playoffs_ends_with_its_regular_season(tmp_path: Path) -> None:
    store = LeagueStore(tmp_path / "games.db")
    league = own_league("1st-and-roll", ["Harbor Hounds", "Prairie Comets"], {}, seed=3,
                        weeks=1, playoffs=0)
    store.create(league)
    before = views.summary(playing.state(store, league))
    assert before["phase"] == "regular season" and before["games_left"] == 1
    assert playing.sim(store, league, lambda st, f: True) == 1
    after = views.summary(playing.state(store, league))
    assert after["phase"] == "over" and after["games_left"] == 0
    game = after["this_week"][0] if after["this_week"] else views.game_rows(
        playing.state(store, league))[0]
    if game["home_points"] != game["away_points"]:
        won = "home_team" if game["home_points"] > game["away_points"] else "away_team"
        assert after["champions"] == [game[won]]
    assert len(after["champions"]) == 1
    store.close()
