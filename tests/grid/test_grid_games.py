"""Whole Grid games: invariants over many random-coach games, determinism, the player box
score, team building (draft, auction, create-your-own) and the tournament."""

from __future__ import annotations

import pytest

import scrimmage
from scrimmage.core.dice import SeededDice
from scrimmage.core.ruleset import find_ruleset
from scrimmage.rules.grid.boxscore import player_box_score
from scrimmage.rules.grid.building import AUCTION_BUDGET, auction, create_your_own, draft, team_data
from scrimmage.rules.grid.generator import create_players, nation_teams
from scrimmage.rules.grid.roster import MINIMUMS, ROSTER_SIZE, team_from_data

NATIONS = find_ruleset("grid").team_names()


def test_twelve_nations_of_fifteen_legal_players() -> None:
    assert len(NATIONS) == 12
    rs = find_ruleset("grid")
    for name in NATIONS:
        team = rs.load_team(rs.team_data(name), name)
        assert len(team.players) == 15


def test_bundled_nations_are_what_the_generator_makes() -> None:
    rs = find_ruleset("grid")
    for data in nation_teams():
        assert rs.team_data(data["team"]["name"]) == data


@pytest.mark.parametrize("coach", ["random", "solitaire"])
def test_invariants_over_many_games(coach: str) -> None:
    for seed in range(30):
        home, away = NATIONS[seed % 12], NATIONS[(seed * 7 + 1) % 12]
        if home == away:
            away = NATIONS[(seed + 1) % 12]
        rec = scrimmage.play_game("grid", home, away, seed=seed, coaches=coach)
        assert rec.finished
        cards = {}
        last = {rec.home: 0, rec.away: 0}
        for p in rec.plays:
            cards.setdefault(p["qtr"], []).extend(p["timing_cards"] or [])
            assert 0 <= p["yardline_100"] <= 60
            if p["play_type"] in ("run", "pass"):
                assert 5 <= p["yardline_100"] <= 55 and 1 <= p["down"] <= 4
                assert p["ydstogo"] % 5 == 0 and p["yardline_100"] % 5 == 0
            assert p["total_home_score"] >= last[rec.home]
            assert p["total_away_score"] >= last[rec.away]
            last = {rec.home: p["total_home_score"], rec.away: p["total_away_score"]}
        for qtr, flipped in cards.items():
            assert len(flipped) == len(set(flipped)) <= (52 if qtr <= 2 else 17)
        if rec.final_score[rec.home] == rec.final_score[rec.away]:
            assert max(cards) == 3                     # a draw only after one overtime


def test_playoff_games_always_have_a_winner() -> None:
    for seed in range(15):
        rec = scrimmage.play_game("grid", "Italy", "South Korea", seed=seed, playoff=True)
        assert rec.final_score["Italy"] != rec.final_score["South Korea"]


def test_determinism_and_replay() -> None:
    a = scrimmage.play_game("grid", "Brazil", "Japan", seed=5)
    b = scrimmage.play_game("grid", "Brazil", "Japan", seed=5)
    assert a.plays == b.plays and a.decisions == b.decisions
    assert scrimmage.replay(a).plays == a.plays
    assert scrimmage.play_game("grid", "Brazil", "Japan", seed=6).plays != a.plays


def test_player_box_score_adds_up_to_the_team_box() -> None:
    rec = scrimmage.play_game("grid", "Canada", "Mexico", seed=3)
    players = player_box_score(rec.plays, rec.home, rec.away)
    team = rec.box_score
    for name in (rec.home, rec.away):
        lines = players[name].values()
        assert sum(s["carries"] for s in lines) == team[name]["rush_att"]
        assert sum(s["rush_yds"] for s in lines) == team[name]["rush_yds"]
        assert sum(s["catches"] for s in lines) == team[name]["pass_cmp"]
        assert sum(s["rec_yds"] for s in lines) == team[name]["pass_yds_gross"]
        assert sum(s["fgm"] for s in lines) == team[name]["fgm"]
        assert sum(s["xpm"] for s in lines) == team[name]["xpm"]


def _pool(n: int) -> list:
    dice = SeededDice(n)
    players = []
    for i, data in enumerate(nation_teams()[:n]):
        t = team_from_data(data, f"nation {i}")
        players.extend(t.players)
    return players + create_players(dice, 5, prefix="Extra")


def _legal(roster: list) -> bool:
    kinds = [p.kind for p in roster]
    return len(roster) == ROSTER_SIZE and all(kinds.count(k) >= m for k, m in MINIMUMS.items())


@pytest.mark.parametrize("snake", [False, True])
def test_grid_5_draft_gives_legal_rosters(snake: bool) -> None:
    pool = _pool(4)
    rosters = draft(pool, 4, SeededDice(1), snake=snake)
    assert all(_legal(r) for r in rosters)
    names = [p.name for r in rosters for p in r]
    assert len(names) == len(set(names)) == 60
    team_from_data(team_data("Drafted", rosters[0]), "drafted")


def test_grid_6_auction_budgets_never_negative_rosters_legal() -> None:
    for seed in range(5):
        pool = _pool(6)
        rosters, money = auction(pool, 4, SeededDice(seed))
        assert all(_legal(r) for r in rosters)
        assert all(0 <= m <= AUCTION_BUDGET for m in money)
        assert len({p.name for r in rosters for p in r}) == 60


def test_create_your_own_team_plays() -> None:
    home = create_your_own(SeededDice(1), "Homemade")
    away = create_your_own(SeededDice(2), "Scratch")
    rec = scrimmage.play_game("grid", home, away, seed=1)
    assert rec.finished


def test_tournament_is_deterministic_with_a_champion() -> None:
    from scrimmage.rules.grid.tournament import run_tournament

    t = run_tournament(11)
    assert sorted(t["teams"]) == sorted(NATIONS)
    assert t["champion"] in NATIONS
    assert len(t["games"]) == 12 + 4 + 2 + 1
    assert all(g["winner"] for g in t["games"] if g["stage"] != "group " + g["stage"][-1:])
    assert t["games"][-1]["winner"] == t["champion"]
    assert run_tournament(11) == t
