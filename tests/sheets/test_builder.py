"""The team-sheet builder (issue #4) on small extracts of the team-season table."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from scrimmage.api import play_game
from scrimmage.rules.legends.sheets import RED_ZONE_MAX, team_from_data
from scrimmage.sheets.legends.expectations import fnl93_problems
from scrimmage.sheets.real import header as H
from scrimmage.sheets.real import legends as S
from scrimmage.sheets.real import rounds as R
from scrimmage.sheets.real.calibrate import ERA_SACK_RATE, defense_figures, offense_figures
from scrimmage.sheets.real.stats import StatsError, find_team, league_average, read_stats, season_rows

DATA = Path(__file__).resolve().parents[1] / "data" / "build"
NFL2016 = DATA / "nfl2016.csv"
NFL1962 = DATA / "nfl1962.csv"
NCAA2016 = DATA / "ncaa2016.csv"
CMD = [sys.executable, "-m", "scrimmage.cli"]


@pytest.fixture(autouse=True)
def short_simulations(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Fewer calibration games: the tests check the mechanics, the benchmark the fidelity."""
    monkeypatch.setattr(S, "AVG_GAMES", 16)
    monkeypatch.setattr(S, "TEAM_ROUND_GAMES", (8, 8))
    # Calibrated averages are cached in the user's cache folder: a folder of the test's own.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    S._AVG_CACHE.clear()
    yield
    S._AVG_CACHE.clear()


def _league(path: Path, season: int, level: str = "pro") -> list:
    return season_rows(read_stats(path), season, level)


def _check_plays(text: str, level: str, other: str) -> None:
    data = tomllib.loads(text)
    team = team_from_data(data, "built")
    assert team.header.level == level
    assert team.runs + team.passes == 24
    assert fnl93_problems(team) == []
    rec = play_game(f"legends-{level}", data, tomllib.loads(other), seed=3)
    assert rec.finished
    assert len(rec.plays) > 100


@pytest.mark.parametrize(("path", "season", "level"), [
    (NFL2016, 2016, "pro"), (NFL1962, 1962, "pro"), (NCAA2016, 2016, "college")])
def test_every_built_sheet_validates_and_plays(path: Path, season: int, level: str) -> None:
    league = _league(path, season, level)
    avg = S.build_league_average(league)
    _check_plays(avg, level, avg)
    names = set()
    for row in league:
        text = S.build_sheet(row, league)
        _check_plays(text, level, avg)
        data = tomllib.loads(text)
        assert data["team"]["official"] is False
        assert data["team"]["year"] == season
        assert data["team"]["record"] == row.record
        assert "team_seasons" in text.splitlines()[1]
        names.add(data["team"]["name"])
    assert len(names) == len(league)


def test_header_formulas_on_known_rows() -> None:
    league = _league(NFL2016, 2016, "pro")
    avg = league_average(league)
    nwe = find_team(league, "nwe")
    assert H.sos_scale(nwe) == 5                      # 7.5 - 2.7 = 4.8
    lg_tb = sum(r.num("kickoff_touchbacks") for r in league) / sum(
        r.num("kickoffs") for r in league)
    assert H.ko_touchback_faces(nwe, avg) == round(20 * (52 + 20 * lg_tb) / (93 + 20))
    off = offense_figures(nwe, avg)
    assert off.ypc == pytest.approx(1872 / 482)
    assert off.ypa == pytest.approx(4456 / 550)
    assert off.sack_rate == pytest.approx(24 / 574)
    hdr = H.build_header(nwe, avg, (1, 1, 1, 1), off.ypc, off.yards_per_completion)
    assert (hdr.yardage_modifier_run, hdr.yardage_modifier_pass) == (2, 3)
    assert hdr.pass_bp_sacks == 10
    # Punt: 44.7 against the extract's average, shrunk by 72 / (72 + 20).
    lg_punt = sum(r.num("punt_yds") for r in league) / sum(r.num("punts") for r in league)
    assert hdr.punt == H.round_half_up((3218 / 72 - lg_punt) * 72 / 92)
    goods = [g for _, g in hdr.fg_bands]
    assert goods == sorted(goods) and 2 <= goods[0] <= goods[-1] <= 21
    dfn = defense_figures(nwe, avg)
    assert dfn.ypc == pytest.approx(1417 / 368)
    assert dfn.sacks_pg == pytest.approx(34 / 16)


def test_sheet_header_matches_formulas() -> None:
    league = _league(NFL2016, 2016, "pro")
    text = S.build_sheet(find_team(league, "nwe"), league)
    team = tomllib.loads(text)["team"]
    assert team["name"] == "2016 New England Patriots"
    assert team["record"] == "14-2"
    assert team["off_points"] == pytest.approx(441 / 16, abs=0.05)
    assert team["def_points"] == pytest.approx(250 / 16, abs=0.05)
    assert team["sos"] == 5
    # Snaps slowed down to bring the engine's pace to the team's: about 40-45 for a 2016 team.
    assert 20 <= team["play_speed"] <= 60
    assert "formulas v" in text


def test_replay_ratings_follow_the_team() -> None:
    """Replay ratings (scrimmage.sheets.real.ratings): a careful offense gets a higher INT guard
    than a careless one; a more penalised team a higher penalty number; the run-call share
    follows the real run share; the league-average sheet keeps the book's guards."""
    league = _league(NFL2016, 2016, "pro")
    avg = tomllib.loads(S.build_league_average(league))["team"]
    assert all(v == 10 for side in ("offense", "defense")
               for v in avg["bp_def_guard"][side].values())
    sheets = {r.code: tomllib.loads(S.build_sheet(r, league))["team"] for r in league}
    rows = {r.code: r for r in league}
    by_int = sorted(rows, key=lambda c: rows[c].num("pass_int") / rows[c].num("pass_att"))
    assert (sheets[by_int[0]]["bp_def_guard"]["offense"]["INT"]
            > sheets[by_int[-1]]["bp_def_guard"]["offense"]["INT"])
    by_pen = sorted(rows, key=lambda c: rows[c].num("penalties"))
    assert sheets[by_pen[0]]["penalty_number"] < sheets[by_pen[-1]]["penalty_number"]
    by_runs = sorted(rows, key=lambda c: offense_figures(rows[c]).run_share)
    assert sheets[by_runs[0]]["run_call_pct"] < sheets[by_runs[-1]]["run_call_pct"]
    for team in sheets.values():
        assert 0 <= team["penalty_number"] <= 40
        assert team["runs"] == round(24 * team["run_call_pct"] / 100)


def test_no_penalty_counts_no_penalty_number(tmp_path: Path) -> None:
    """A season without a penalties column writes no penalty number: the book's rate."""
    lines = NFL2016.read_text().splitlines()
    header = lines[0].split(",")
    col = header.index("penalties")
    cut = [",".join(c for i, c in enumerate(line.split(",")) if i != col) for line in lines]
    path = tmp_path / "nopen.csv"
    path.write_text("\n".join(cut) + "\n")
    league = _league(path, 2016, "pro")
    assert "penalty_number" not in tomllib.loads(S.build_league_average(league))["team"]
    assert "penalty_number" not in tomllib.loads(S.build_sheet(league[0], league))["team"]


def test_missing_optional_columns_use_era_norms() -> None:
    league = _league(NFL1962, 1962, "pro")
    avg = league_average(league)
    gnb = find_team(league, "gnb")
    assert not gnb.has("sacks_taken") and not gnb.has("fga_20_29")
    off = offense_figures(gnb, avg)
    assert off.sack_rate == pytest.approx(ERA_SACK_RATE)
    assert H.ko_touchback_faces(gnb, avg) == round(20 * H.ERA_TOUCHBACK_RATE)
    rates = H.league_fg_rates(avg)
    assert rates == sorted(rates, reverse=True)
    dfn = defense_figures(gnb, avg)
    assert dfn.points_pg == pytest.approx(148 / 14)
    assert dfn.ypc < off.ypc * 1.2
    text = S.build_sheet(gnb, league)
    assert "Defense derived from points allowed" in text
    assert tomllib.loads(text)["team"]["name"] == "1962 Green Bay Packers"


def test_build_is_deterministic() -> None:
    league = _league(NFL2016, 2016, "pro")
    first = S.build_sheet(find_team(league, "cle"), league)
    S._AVG_CACHE.clear()
    assert S.build_sheet(find_team(league, "cle"), league) == first
    assert S.build_sheet(find_team(league, "cle"), league, seed=2) != first


def test_missing_required_column_is_named(tmp_path: Path) -> None:
    lines = NFL2016.read_text().splitlines()
    cols = lines[0].split(",")
    drop = cols.index("rush_yds")
    bad = tmp_path / "bad.csv"
    bad.write_text("\n".join(",".join(c for i, c in enumerate(line.split(",")) if i != drop)
                             for line in lines) + "\n")
    with pytest.raises(StatsError, match="rush_yds"):
        read_stats(bad)
    proc = subprocess.run([*CMD, "build", "--rules", "legends-pro", "--stats", str(bad),
                           "--season", "2016", "--team", "nwe", "--out",
                           str(tmp_path / "x.toml")], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 2
    assert "error:" in proc.stderr and "rush_yds" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_unknown_team_and_season_exit_2(tmp_path: Path) -> None:
    for args in (["--season", "2016", "--team", "zzz"], ["--season", "1850", "--team", "nwe"]):
        proc = subprocess.run([*CMD, "build", "--rules", "legends-pro", "--stats", str(NFL2016),
                               *args, "--out", str(tmp_path / "x.toml")],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 2, proc.stderr
        assert "error:" in proc.stderr and "Traceback" not in proc.stderr


def test_cli_league_average_plays(tmp_path: Path, cached_average: Callable[..., None]) -> None:
    cached_average(NFL2016, 2016)
    out = tmp_path / "avg.toml"
    subprocess.run([*CMD, "build", "--rules", "legends-pro", "--stats", str(NFL2016),
                    "--season", "2016", "--league-average", "--out", str(out)],
                   check=True, capture_output=True, text=True, timeout=300)
    assert tomllib.loads(out.read_text())["team"]["name"] == "2016 League Average"
    proc = subprocess.run([*CMD, "sim", "--rules", "legends-pro", "--home", str(out), "--away",
                           "Desert Sun Scorpions", "--games", "2", "--json"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr


def test_bundled_real_teams_load_and_play() -> None:
    from scrimmage.sheets.legends.generator import bundled_dir

    # The pro pack, then NFL 1985, 2002 and 2016 whole (less the pack's Bears, Buccaneers and
    # Patriots), and the FBS of 2016.
    for level, want in (("pro", 11 + 27 + 31 + 31), ("college", 128)):
        files = [p for p in sorted(bundled_dir(level).glob("*.toml")) if p.name[:4].isdigit()]
        assert len(files) == want
        names = set()
        for path in files:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            team = team_from_data(data, str(path))
            assert team.header.official is False and team.header.record
            assert fnl93_problems(team) == [], path.name
            assert "team_seasons" in path.read_text(encoding="utf-8").splitlines()[1]
            names.add(team.name)
        assert len(names) == len(files)
    rec = play_game("legends-pro", "1985 Chicago Bears", "2016 New England Patriots", seed=1)
    assert rec.finished


# -- red-zone numbers (replay ratings fitted to points) -----------------------------------------

def test_red_zone_number_stays_when_the_points_are_right() -> None:
    from scrimmage.sheets.real.ratings import next_red_zone

    assert next_red_zone([(0, 22.0)], 22.0) == 0
    assert next_red_zone([(0, 20.0), (30, 22.0)], 22.0) == 30


def test_first_step_reads_the_measured_effect_table() -> None:
    """One round: the table's effect is taken as it is, so the number whose multiplier is
    the gap is the answer, within a step's reach."""
    from scrimmage.sheets.real.ratings import MAX_STEP, RED_ZONE_EFFECT, next_red_zone

    for n, mult, _ in RED_ZONE_EFFECT:
        if abs(n) <= MAX_STEP:
            assert next_red_zone([(0, 20.0)], 20.0 * mult) == n
        else:
            assert next_red_zone([(0, 20.0)], 20.0 * mult) == MAX_STEP * (1 if n > 0 else -1)


def test_later_steps_use_the_rounds_own_slope() -> None:
    """Two rounds 30 apart whose points moved by half what the table says: the next step
    is twice as long as the table's would be (log-linear between the rounds)."""
    import math

    from scrimmage.sheets.real.ratings import _interp, next_red_zone

    half = math.sqrt(_interp(30, 1))       # half the table's effect, in logs
    got = next_red_zone([(0, 20.0), (30, 20.0 * half)], 20.0 * half * half)
    assert got == 60


def test_a_slope_the_wrong_way_is_held_to_half_the_table() -> None:
    import math

    from scrimmage.sheets.real.ratings import _interp, next_red_zone

    up = next_red_zone([(0, 22.0), (20, 21.0)], 23.0)      # more points asked, fewer seen
    half_table = 0.5 * math.log(_interp(20, 1)) / 20
    assert up == 20 + round(math.log(23 / 21) / half_table)


def test_numbers_stop_at_the_sheet_limits() -> None:
    from scrimmage.sheets.real.ratings import next_red_zone

    near = RED_ZONE_MAX - 10
    assert next_red_zone([(near, 20.0)], 200.0) == RED_ZONE_MAX
    assert next_red_zone([(-near, 20.0)], 1.0) == -RED_ZONE_MAX
    assert next_red_zone([(near - 30, 20.0), (near, 19.0)], 200.0) == RED_ZONE_MAX


def test_average_sheet_number_follows_the_league_points() -> None:
    from scrimmage.sheets.real.ratings import average_effect, average_red_zone

    assert average_red_zone(1.0) == 0
    low, high = average_red_zone(0.9), average_red_zone(1.1)
    assert low < 0 < high
    assert average_effect(low) == pytest.approx(0.9, abs=0.02)
    assert average_effect(high) == pytest.approx(1.1, abs=0.02)


def test_built_sheet_carries_red_zone_numbers_that_play() -> None:
    """A sheet from a small extract: its red-zone numbers are in range and the sheet loads."""
    league = _league(NFL2016, 2016)
    row = next(r for r in league if r.code == "nwe")
    text = S.build_sheet(row, league)
    data = tomllib.loads(text)
    rz = data["team"]["red_zone"]
    assert set(rz) == {"offense", "defense"}
    assert all(-RED_ZONE_MAX <= v <= RED_ZONE_MAX for v in rz.values())
    team_from_data(data, "nwe.toml")


def test_the_sheet_ships_the_matrices_its_last_round_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After the last calibration round only header numbers move (red zone, play speed, the
    run-call share within the same Runs), so the points the last red-zone step starts from
    were played with the shipped matrices."""
    played: list[str] = []
    real_simulate = S.simulate

    def recording(level: str, text: str, other: str, games: int, seed: int,
                  workers: int = 1, neutral: bool = False) -> object:
        played.append(text)
        return real_simulate(level, text, other, games, seed, workers, neutral)

    monkeypatch.setattr(S, "simulate", recording)
    league = _league(NFL2016, 2016)
    S.build_league_average(league)
    played.clear()
    final = tomllib.loads(S.build_sheet(find_team(league, "nwe"), league))
    last = tomllib.loads(played[-1])
    assert len(played) == len(S.TEAM_ROUND_GAMES)
    assert final["offense"] == last["offense"] and final["defense"] == last["defense"]
    moved = {k for k in final["team"] if final["team"][k] != last["team"].get(k)}
    assert moved <= {"red_zone", "play_speed", "run_call_pct"}


def test_the_last_red_zone_step_goes_by_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last step is not solved again, so it reads the table's effect (one round's
    history) rather than the slope between rounds that were solved in between."""
    lengths: list[int] = []
    real_next = S.next_red_zone

    def recording(history: list[tuple[int, float]], want: float) -> int:
        lengths.append(len(history))
        return real_next(history, want)

    monkeypatch.setattr(S, "next_red_zone", recording)
    league = _league(NFL2016, 2016)
    S.build_sheet(find_team(league, "nwe"), league)
    rounds = len(S.TEAM_ROUND_GAMES)
    # Offense and defense each round: the history grows, then the last step sees one round
    # (both sides, stepped together in a few passes).
    assert lengths == ([n for r in range(1, rounds) for n in (r, r)]
                       + [1, 1] * S.LAST_STEP_PASSES)


def test_a_team_s_own_games_set_its_interception_target() -> None:
    """Interceptions take the team's own pooled game-vs-expectation ratio, as yards do: a
    team whose games threw 1.5 times the expected share aims its sheet at 2/3 of the real rate.
    (With the league's ratio only, a pass-heavy team threw 28% too many: 2016 Baylor.)"""
    figures = {"ypc": 4.0, "cmp": 0.6, "ypa": 7.0, "fum": 0.01, "int": 0.02, "sack": 0.06}
    sums: dict[str, list[float]] = {}
    R.pool_bias(sums, 300, {**figures, "int": 0.03}, figures)
    R.pool_bias(sums, 100, {**figures, "int": 0.03}, figures)
    league_debiased = {**figures, "int": 0.025}
    out = R.own_debias(league_debiased, {**figures, "int": 0.03}, sums)
    assert out["int"] == pytest.approx(0.02)
    assert out["ypa"] == pytest.approx(7.0)


def test_a_team_s_own_games_set_its_sack_target_by_a_number() -> None:
    """Sacks take the team's own pooled gap between games and expectation as a number a drop
    back (SPECIAL-column sacks follow no guard): a team whose games gave 0.01 a drop back more
    than expected aims its sheet at the real rate less 0.01, whatever its rate. The league's
    bias, which has no `sack_extra`, stays a ratio (the league-average sheet is unchanged)."""
    figures = {"ypc": 4.0, "cmp": 0.6, "ypa": 7.0, "fum": 0.01, "int": 0.02, "sack": 0.04}
    sums: dict[str, list[float]] = {}
    R.pool_bias(sums, 300, {**figures, "sack": 0.05}, figures)
    R.pool_bias(sums, 100, {**figures, "sack": 0.05}, figures)
    out = R.own_debias({**figures, "sack": 0.03}, {**figures, "sack": 0.05}, sums)
    assert out["sack"] == pytest.approx(0.04)
    assert R.debias({"sack": 0.06}, {"sack": 1.2})["sack"] == pytest.approx(0.05)


def test_penalty_number_counts_the_fouls_no_number_sets() -> None:
    """A number N gives `per_number` x N fouls a game plus a fixed part (FNL-13's play-speed
    fouls): rounds at two numbers that both show 2 fixed fouls a game give the number that
    leaves the real penalties less those 2 to the table; scaling by real / simulated would
    have kept 3.43 / 5.43 of the number."""
    per_number = 4.9 / 14.3
    rounds = [(100, 10, 10 * per_number + 2.0), (250, 8, 8 * per_number + 2.0)]
    n = S.next_penalty_number(rounds, 3.43, per_number)
    assert n == round((3.43 - 2.0) / per_number) == 4
    assert S.next_penalty_number([(100, 10, 10 * per_number + 1.0)], 3.43, per_number) == 7
    assert S.next_penalty_number([(100, 10, 12.0)], 3.0, per_number) == 0


def test_play_speed_is_kept_to_what_the_coach_can_spend() -> None:
    """FNL-13: a speed beyond the team's own snaps a game is mostly not spent and each quota
    missed is a 15-yard foul, so the builder keeps it within `QUOTA_SNAP_SHARE` of the snaps,
    either way; a speed within reach stays."""
    assert S._quota_capped(90, 60.0) == int(S.QUOTA_SNAP_SHARE * 60.0) == 57
    assert S._quota_capped(-90, 60.0) == -57
    assert S._quota_capped(42, 65.0) == 42


def test_a_team_is_calibrated_on_a_neutral_site(monkeypatch: pytest.MonkeyPatch) -> None:
    """A team's calibration games give neither side the home coaching-point bonus (FNL-10):
    a real season is half home and half away. The league average, which plays itself and
    takes both sides' figures, keeps its games as they were."""
    sites: list[tuple[bool, bool]] = []
    real_simulate = S.simulate

    def recording(level: str, text: str, other: str, games: int, seed: int,
                  workers: int = 1, neutral: bool = False) -> object:
        sites.append((text == other, neutral))
        return real_simulate(level, text, other, games, seed, workers, neutral)

    monkeypatch.setattr(S, "simulate", recording)
    league = _league(NFL2016, 2016)
    S.build_sheet(find_team(league, "nwe"), league)
    assert not any(neutral for itself, neutral in sites if itself)
    assert [neutral for itself, neutral in sites if not itself] == [True] * len(S.TEAM_ROUND_GAMES)
