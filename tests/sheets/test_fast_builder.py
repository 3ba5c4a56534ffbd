"""Team sheets in seconds (issue 18): stored league-average calibrations, calibration games
shared by worker processes, whole seasons, and the last step's pooled rounds."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from scrimmage.core.errors import ScrimmageError
from scrimmage.sheets.real import average_store, sim_games
from scrimmage.sheets.real import legends as S
from scrimmage.sheets.real import rounds as R
from scrimmage.sheets.real.bundle import build_season
from scrimmage.sheets.real.ratings import other_points_effect, own_points_effect
from scrimmage.sheets.real.stats import REQUIRED, StatsError, find_team, read_stats, season_rows

DATA = Path(__file__).resolve().parents[1] / "data" / "build"
NFL2016 = DATA / "nfl2016.csv"
CMD = [sys.executable, "-m", "scrimmage.cli"]


@pytest.fixture(autouse=True)
def short_simulations(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    monkeypatch.setattr(S, "AVG_GAMES", 16)
    monkeypatch.setattr(S, "TEAM_ROUND_GAMES", (8, 8))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    S._AVG_CACHE.clear()
    yield
    S._AVG_CACHE.clear()


def _league() -> list:
    return season_rows(read_stats(NFL2016), 2016, "pro")


def _no_games(*args: object, **kwargs: object) -> object:
    raise AssertionError("a stored calibration was played again")


def test_a_calibrated_average_is_cached_and_read_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Statistics the package does not ship (here a small extract) are calibrated once, kept
    in the user's cache folder, and the next process renders the very same sheet from it."""
    league = _league()
    first = S.build_league_average(league)
    cached = list(average_store.cache_dir().glob("*.json"))
    assert len(cached) == 1 and "pro-2016" in cached[0].name
    S._AVG_CACHE.clear()
    monkeypatch.setattr(S, "simulate", _no_games)
    assert S.build_league_average(league) == first


def test_other_statistics_get_their_own_calibration() -> None:
    league = _league()
    changed = [r for r in league]
    row = changed[0]
    changed[0] = type(row)(**{**row.__dict__, "values": {**row.values, "points_for": 999.0}})
    assert S._store_key(league, 1) != S._store_key(changed, 1)
    assert S._store_key(league, 1) != S._store_key(league, 2)


def test_a_stored_record_renders_the_calibrated_text() -> None:
    league = _league()
    plan, _, text, bias = S._calibrate_average(league, 1)
    record = S._record_of(league, 1, (plan, S.load(text), text, bias))
    again = S._average_from_record(league, 1, record)
    assert again[2] == text and again[3] == bias


def test_the_shipped_table_holds_the_bundled_seasons(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seasons the bundled sheets and the fidelity benchmark use are shipped: their
    averages render without a game."""
    monkeypatch.setattr(S, "AVG_GAMES", 500)
    monkeypatch.setattr(S, "simulate", _no_games)
    rows = read_stats(None)
    for level, season in (("pro", 2016), ("college", 2016), ("pro", 1985), ("pro", 2002)):
        text = S.build_league_average(season_rows(rows, season, level))
        assert tomllib.loads(text)["team"]["year"] == season


def test_shared_games_give_the_same_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim_games, "MIN_SHARED_GAMES", 2)
    league = _league()
    avg = S.build_league_average(league)
    team = S.build_sheet(find_team(league, "nwe"), league)
    one = sim_games.simulate("pro", team, avg, 5, 11)
    two = sim_games.simulate("pro", team, avg, 5, 11, workers=2)
    assert one == two
    assert one != sim_games.simulate("pro", team, avg, 5, 12)


def test_a_sheet_is_the_same_whatever_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim_games, "MIN_SHARED_GAMES", 2)
    league = _league()
    row = find_team(league, "cle")
    assert S.build_sheet(row, league, workers=2) == S.build_sheet(row, league)


def test_a_season_build_gives_each_team_s_own_sheet() -> None:
    league = _league()
    season = dict((r.code, text) for r, text in build_season(league, workers=2))
    assert list(season) == [r.code for r in league]
    for code in ("atl", "cle"):
        assert season[code] == S.build_sheet(find_team(league, code), league)


def test_the_last_step_pools_rounds_at_the_last_settings() -> None:
    """Points measured at another red-zone number are taken to the last one by the table
    (a side's own number, and the other side's, which moves them less); snaps by the play
    speed; rounds count by their games."""
    a = R.Seen(100, 10, 50.0, 64.0, 0.42, 0, 20.0, 0, 22.0)
    b = R.Seen(300, 12, 50.0, 63.0, 0.42, 25, 24.0, 0, 21.0)
    pooled = R.pooled([a, b])
    at_25 = 20.0 * own_points_effect(25) / own_points_effect(0)
    against_25 = 22.0 * other_points_effect(25) / other_points_effect(0)
    assert against_25 > 22.0 * 1.01                    # the table's second column
    assert pooled.points_o == pytest.approx((100 * at_25 + 300 * 24.0) / 400)
    assert pooled.points_d == pytest.approx((100 * against_25 + 300 * 21.0) / 400)
    assert pooled.plays == pytest.approx((100 * (64.0 - 2 * S.SNAPS_PER_SPEED / 2)
                                          + 300 * 63.0) / 400)
    assert pooled.games == 400 and pooled.number_o == 25


def test_cli_builds_a_season_into_a_folder(tmp_path: Path,
                                           cached_average: Callable[..., None]) -> None:
    """Two teams, their average calibrated by the test (few games) and cached: the command
    itself plays only the teams' rounds."""
    lines = NFL2016.read_text(encoding="utf-8").splitlines()
    stats = tmp_path / "two.csv"
    stats.write_text("\n".join(lines[:3]) + "\n", encoding="utf-8")
    cached_average(stats, 2016)
    league = season_rows(read_stats(stats), 2016, "pro")
    out = tmp_path / "season"
    proc = subprocess.run([*CMD, "build", "--rules", "legends-pro", "--stats", str(stats),
                           "--season", "2016", "--all", "--out", str(out), "--workers", "2"],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    names = sorted(p.name for p in out.glob("*.toml"))
    assert names == sorted(f"2016-{r.code}.toml" for r in league)


def test_cli_wants_one_of_team_average_or_all() -> None:
    proc = subprocess.run([*CMD, "build", "--rules", "legends-pro", "--stats", str(NFL2016),
                           "--season", "2016", "--all", "--team", "nwe"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    assert "--team CODE, --league-average or --all (one of them)" in proc.stderr


def test_a_round_s_yards_are_taken_to_the_next_round_s_red_zone_numbers() -> None:
    """A round that carried red-zone number 0 measured yards a carry that a number of 50
    raises by the table's effect: its bias counts at the new number, not at the old."""
    from scrimmage.sheets.real.ratings import yards_effect

    analytic = {"ypc": 4.0, "cmp": 0.6, "ypa": 7.0, "fum": 0.01, "int": 0.02, "sack": 0.06}
    sim = {**analytic, "ypc": 4.2}
    sums = R.pooled_bias([(100, sim, analytic, 0)], 50)
    assert sums["ypc"][0] / sums["ypc"][1] == pytest.approx(4.2 * yards_effect("ypc", 50) / 4.0)
    assert sums["cmp"][0] == pytest.approx(100 * 0.6)          # no effect on the rest
    assert yards_effect("ypc", 50) > 1.1 > yards_effect("ypa", 50) > 1.0
    assert yards_effect("ypc", 0) == 1.0 and yards_effect("ypc", 999) == yards_effect("ypc", 200)


def test_one_season_is_read_alone_with_the_file_s_line_numbers(tmp_path: Path) -> None:
    full = read_stats(None)
    assert [r.values for r in season_rows(read_stats(None, 2016), 2016, "pro")] == \
        [r.values for r in season_rows(full, 2016, "pro")]
    assert {r.season for r in read_stats(None, 1985)} == {1985}
    header = ["league", "season", "team_code", "team_name", *REQUIRED]
    header = list(dict.fromkeys(header))

    def line(season: str, points: str) -> str:
        cells = {"league": "NFL", "season": season, "team_code": "x", "team_name": "X"}
        return ",".join(cells.get(c, points if c == "points_for" else "16") for c in header)

    path = tmp_path / "stats.csv"
    path.write_text("\n".join([",".join(header), line("2015", "300"), line("2016", "oops")])
                    + "\n")
    assert [r.season for r in read_stats(path, 2015)] == [2015]   # the bad 2016 row unread
    with pytest.raises(StatsError, match="line 3"):
        read_stats(path, 2016)


def test_the_last_step_moves_both_numbers_together() -> None:
    """A defense whose number falls lets the other side score less, so its offense's
    number rises further than its own gap asks (ratings.other_points_effect); the two
    numbers then give both sides their real points by the table."""
    now = R.Seen(400, 10, 50.0, 64.0, 0.42, 0, 20.0, 60, 30.0)
    n_o, n_d = S._last_numbers(now, 20.0, 28.0)
    assert n_d < 60 and n_o > 0           # the offense had its points, but loses some
    got_o = (20.0 * own_points_effect(n_o) / own_points_effect(0)
             * other_points_effect(n_d) / other_points_effect(60))
    got_d = (30.0 * own_points_effect(n_d) / own_points_effect(60)
             * other_points_effect(n_o) / other_points_effect(0))
    assert got_o == pytest.approx(20.0, rel=0.01)
    assert got_d == pytest.approx(28.0, rel=0.01)


def test_calibration_games_go_to_the_last_round() -> None:
    assert S.round_games(None) == S.TEAM_ROUND_GAMES
    *first, last = S.round_games(3 * sum(S.TEAM_ROUND_GAMES))
    assert tuple(first) == S.TEAM_ROUND_GAMES[:-1]
    assert sum(first) + last == 3 * sum(S.TEAM_ROUND_GAMES)
    least = sum(S.TEAM_ROUND_GAMES)
    with pytest.raises(ScrimmageError, match=f"at least {least} a team, not {least - 1}"):
        S.round_games(least - 1)
    # The last step reads the rounds from the second on (each carried to the last settings).
    assert S.last_pool_from(S.round_games(None)) == S.last_pool_from((100, 250, 1950)) == 1


def test_a_long_build_gives_the_second_round_games_too_and_reads_the_last_alone() -> None:
    """From 3200 games the yardage rounds get 1250 and the last the rest; the last step then
    reads the last round's own games (a long second round carried by the table costs points)."""
    long = sum(S.LONG_ROUND_GAMES)
    assert S.round_games(long - 1)[:-1] == S.TEAM_ROUND_GAMES[:-1]
    assert S.round_games(long) == S.LONG_ROUND_GAMES
    assert S.round_games(5000) == (*S.LONG_ROUND_GAMES[:-1], 5000 - 1250)
    assert S.last_pool_from(S.round_games(long)) == 2
    assert all(S.round_games(g) == S.LONG_ROUND_GAMES
               for g in set(S.BUNDLE_GAMES.values()))     # the bundle is built this way
