"""Brackets: seeds, byes, home field, the neutral-site final."""

from __future__ import annotations

from scrimmage.core.dice import ScriptedDice
from scrimmage.season.data import Format, TeamSeason
from scrimmage.season.playoffs import PlayoffGame, run_playoffs
from scrimmage.season.standings import Result, Standings


def _league(east: tuple[int, ...] = (2, 5, 6)) -> Standings:
    """Two conferences of seven clubs in two divisions; club k of a conference has won k
    games against the other conference's worst club (a ladder), so seeds follow the names."""
    teams, results = [], []
    for conf in ("A", "N"):
        for k in range(1, 8):
            teams.append(TeamSeason(f"{conf}{k}", f"{conf}{k}", "NFL", conf,
                                    f"{conf} {'East' if k in east else 'West'}",
                                    0, 0, 0, 0, 0, False, False))
    for conf, other in (("A", "N"), ("N", "A")):
        for k in range(1, 8):
            results += [Result(f"{conf}{k}", f"{other}7", 20, 10)] * (8 - k)
    return Standings(teams, results, ScriptedDice([]))


def test_five_qualifiers_three_byes_and_a_super_bowl() -> None:
    st = _league()
    played: list[PlayoffGame] = []

    def home_wins(game: PlayoffGame) -> str:
        played.append(game)
        return game.home

    fmt = [Format("A", 5, 3, True, 0, True), Format("N", 5, 3, True, 0, True)]
    out = run_playoffs(fmt, st, home_wins)
    # Division winners first (A1 West, A2 East), then the best others.
    assert out.seeds["A"] == ["A1", "A2", "A3", "A4", "A5"]
    assert out.byes == {"A1", "A2", "A3", "N1", "N2", "N3"}
    kinds = [(g.game_type, g.home, g.away, g.neutral) for g in played]
    assert kinds[:4] == [("WC", "A4", "A5", False), ("DIV", "A1", "A4", False),
                         ("DIV", "A2", "A3", False), ("CON", "A1", "A2", False)]
    assert kinds[-1][0] == "SB" and kinds[-1][3] is True
    assert out.champions == ["A1"]


def test_division_winner_seeded_above_a_better_wild_card() -> None:
    st = _league(east=(5, 6))
    out = run_playoffs([Format("A", 3, 1, True)], st, lambda g: g.away)
    # A5 wins the East and is seeded second, above the West's A2 (a wild card).
    assert out.seeds["A"] == ["A1", "A5", "A2"]
    assert out.champions == ["A2"]          # the away side won every game


def test_without_a_super_bowl_each_conference_has_a_champion() -> None:
    st = _league()
    fmt = [Format("A", 2, 0, True), Format("N", 1, 0, False)]
    out = run_playoffs(fmt, st, lambda g: g.home)
    assert out.champions == ["A1", "N1"]
    assert [g.game_type for g, _ in out.games] == ["CON"]


def test_neutral_rounds() -> None:
    st = _league()
    games: list[PlayoffGame] = []
    run_playoffs([Format("A", 4, 0, False, 2)], st, lambda g: games.append(g) or g.home)
    assert [(g.game_type, g.neutral) for g in games] == [("DIV", True), ("DIV", True),
                                                         ("CON", True)]
