"""The shipped season data: schedules, teams and playoff formats (scrimmage.season.schedules)."""

from __future__ import annotations

from scrimmage.season.data import real_schedule, season_formats, season_teams
from scrimmage.season.playoffs import rounds_needed
from scrimmage.season.replay import setup


def _record(games: list, code: str) -> int:
    return sum(1 for g in games if code in (g.home, g.away))


def test_1985_schedule_and_the_bears() -> None:
    st = setup("legends-pro", 1985)
    assert len(st.teams) == 28
    assert len(st.games) == 224
    assert all(_record(st.games, t.code) == 16 for t in st.teams)
    bears = next(t for t in st.teams if t.code == "chi")
    assert (bears.wins, bears.losses, bears.ties) == (15, 1, 0)
    assert bears.champion and bears.playoffs
    assert bears.division == "NFC Central"
    assert st.source.startswith("real: FiveThirtyEight")


def test_2002_schedule_from_team_games() -> None:
    st = setup("legends-pro", 2002)
    assert len(st.teams) == 32
    assert len(st.games) == 256
    assert {g.week for g in st.games} == set(range(1, 18))
    assert "team_games" in st.source
    # Week 1, 2002: the Giants were at home to the 49ers (team_games.csv).
    assert any(g.week == 1 and g.home == "nyg" and g.away == "sfo" for g in st.games)


def test_champions_from_playoff_results() -> None:
    for season, code in ((1985, "chi"), (2002, "tam"), (2016, "nwe"), (1966, "gnb")):
        champs = [t.code for t in season_teams("pro", season) if t.champion]
        assert champs == [code], season


def test_playoff_formats_per_season() -> None:
    def fmt(season: int) -> list[tuple[str, int, int, bool]]:
        teams = season_teams("pro", season)
        return [(f.conference, f.qualifiers, f.byes, f.super_bowl)
                for f in season_formats("pro", season, teams)]

    # 1985: five per conference, the two wild cards meet (three byes).
    assert sorted(fmt(1985)) == [("AFC", 5, 3, True), ("NFC", 5, 3, True)]
    assert rounds_needed(5, 3) == 3
    # 2002: six per conference, two byes.
    assert sorted(fmt(2002)) == [("AFC", 6, 2, True), ("NFC", 6, 2, True)]
    assert sorted(fmt(2020)) == [("AFC", 7, 1, True), ("NFC", 7, 1, True)]
    # 1962: the two division winners play the NFL championship; the AFL had its own.
    assert sorted(fmt(1962)) == [("AFL", 2, 0, False), ("NFL", 2, 0, False)]
    assert fmt(1925) == [("NFL", 1, 0, False)]


def test_generated_schedule_where_none_ships() -> None:
    assert real_schedule("college", 2016) == []
    st = setup("legends-college", 2016)
    assert st.source.startswith("generated")
    assert len(st.teams) == 128
    counts = [_record(st.games, t.code) for t in st.teams]
    assert max(counts) == 12 and min(counts) >= 11
    assert all(g.home != g.away for g in st.games)
    pairs = [frozenset((g.home, g.away)) for g in st.games]
    assert len(pairs) == len(set(pairs))            # nobody meets twice in a 12-game season
    again = setup("legends-college", 2016)
    assert again.games == st.games                  # seeded by the season
    modern = setup("legends-pro", 2024)
    assert modern.source.startswith("generated")
    assert all(_record(modern.games, t.code) <= 17 for t in modern.teams)
