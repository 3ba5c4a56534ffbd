"""The fidelity check: do sheets built from a season's statistics play like that season?

Each team's sheet plays `games` games against the season's league-average team on a neutral
field; its per-game figures are set beside the real ones, and the error of each figure is
summarised over the teams as a mean absolute percentage error (MAPE). Real figures are
against the team's real schedule; the league-average opponent stands in for that schedule.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scrimmage.core.errors import ScrimmageError
from scrimmage.sheets.real.stats import TeamSeason, season_rows
from scrimmage.sim.batch import run_series

Metric = tuple[Callable[[TeamSeason], float | None], Callable[[dict[str, float]], float | None]]


def _ratio(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None or b == 0 else a / b


def _real_per_game(key: str) -> Callable[[TeamSeason], float | None]:
    return lambda r: r.per_game(key)


def _sim(key: str) -> Callable[[dict[str, float]], float | None]:
    return lambda s: s.get(key)


def _college_rush(r: TeamSeason, what: str) -> float | None:
    """College rushing lines count sacks as runs; compare like with like by taking the
    builder's estimate of the sacks out (scrimmage.sheets.real.calibrate.offense_figures)."""
    from scrimmage.sheets.real.calibrate import offense_figures

    f = offense_figures(r)
    return f.rush_pg if what == "att" else f.ypc


METRICS: dict[str, Metric] = {
    "rush_att": (lambda r: _college_rush(r, "att") if r.level == "college"
                 else r.per_game("rush_att"), _sim("rush_att")),
    "yds_per_carry": (lambda r: _college_rush(r, "ypc") if r.level == "college"
                      else _ratio(r.get("rush_yds"), r.get("rush_att")),
                      lambda s: _ratio(s["rush_yds"], s["rush_att"])),
    "pass_att": (_real_per_game("pass_att"), _sim("pass_att")),
    "cmp_pct": (lambda r: _ratio(r.get("pass_cmp"), r.get("pass_att")),
                lambda s: _ratio(s["pass_cmp"], s["pass_att"])),
    "yds_per_att": (lambda r: _ratio(r.get("pass_yds_gross"), r.get("pass_att")),
                    lambda s: _ratio(s["pass_yds_gross"], s["pass_att"])),
    "points_for": (_real_per_game("points_for"), _sim("points_for")),
    "points_against": (_real_per_game("points_against"), _sim("points_against")),
    "sacks_taken": (_real_per_game("sacks_taken"), _sim("sacks_taken")),
    "pass_int": (_real_per_game("pass_int"), _sim("pass_int")),
    "fumbles_lost": (_real_per_game("fumbles_lost"), _sim("fumbles_lost")),
    "penalties": (_real_per_game("penalties"), _sim("penalties")),
}
"""Figure name -> (its real per-game value, its simulated value)."""

TARGETS = {"rush_att": 3.0, "yds_per_carry": 3.0, "pass_att": 3.0, "cmp_pct": 3.0,
           "yds_per_att": 3.0, "points_for": 3.0, "points_against": 3.0,
           "sacks_taken": 8.0, "pass_int": 8.0, "fumbles_lost": 8.0, "penalties": 8.0}
"""Issue #4's MAPE targets, in percent."""


@dataclass
class TeamFidelity:
    code: str
    name: str
    real: dict[str, float | None]
    sim: dict[str, float | None]

    def error(self, metric: str) -> float | None:
        r, s = self.real.get(metric), self.sim.get(metric)
        if r is None or s is None or r == 0:
            return None
        return abs(s - r) / abs(r) * 100


@dataclass
class FidelityReport:
    rules: str
    season: int
    games: int
    seed: int
    teams: list[TeamFidelity] = field(default_factory=list)

    def mape(self, metric: str) -> float | None:
        errs = [e for t in self.teams if (e := t.error(metric)) is not None]
        return sum(errs) / len(errs) if errs else None

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules, "season": self.season, "games": self.games, "seed": self.seed,
            "teams": {t.code: {"name": t.name, "figures": {
                m: {"real": _r(t.real.get(m)), "sim": _r(t.sim.get(m)), "error_pct": _r(t.error(m))}
                for m in METRICS}} for t in self.teams},
            "mape": {m: _r(self.mape(m)) for m in METRICS},
            "targets": TARGETS,
        }


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def _toml(text: str) -> dict[str, Any]:
    return tomllib.loads(text)


def bundled_sheet(row: TeamSeason, seed: int = 1) -> str | None:
    """The package's own copy of the sheet `build_sheet(row, ..., games=BUNDLE_GAMES[level])`
    makes from the bundled statistics, if it ships one (builds are deterministic, so it is the
    same text)."""
    from scrimmage.sheets.legends.generator import bundled_dir
    from scrimmage.sheets.real.bundle import bundle_file_name

    path = bundled_dir(row.level) / bundle_file_name(row)
    if seed != 1 or not path.exists():
        return None
    return path.read_text(encoding="utf-8")


def team_sheet(row: TeamSeason, league: list[TeamSeason], seed: int = 1,
               use_bundled: bool = False, build_games: int | None = None) -> str:
    """The sheet of `row`: the bundled copy when `use_bundled` and the package ships one,
    else built from `league` (the rows of its season) on `build_games` calibration games."""
    from scrimmage.sheets.real.legends import build_sheet

    text = bundled_sheet(row, seed) if use_bundled else None
    return text if text is not None else build_sheet(row, league, seed=seed, games=build_games)


def _one_team(job: tuple[list[TeamSeason], str, int, int, int, bool, int | None]
              ) -> TeamFidelity:
    """Build one team's sheet (or read the bundled one) and play its games against the
    league-average team."""
    from scrimmage.sheets.real.legends import build_league_average

    league, rules, index, games, seed, use_bundled, build_games = job
    row = league[index]
    average = _toml(build_league_average(league, seed=seed))
    sheet = _toml(team_sheet(row, league, seed, use_bundled, build_games))
    result = run_series(rules, sheet, average, games, seed + index, "solitaire",
                        {"neutral": True})
    per_game = result.to_json()["teams"][result.home]["per_game"]
    return TeamFidelity(row.code, row.name,
                        {m: f[0](row) for m, f in METRICS.items()},
                        {m: f[1](per_game) for m, f in METRICS.items()})


def fidelity(rows: list[TeamSeason], rules: str, season: int, games: int, seed: int = 1,
             team: str | None = None,
             progress: Callable[[str], None] | None = None,
             workers: int | None = None, use_bundled: bool = False,
             build_games: int | None = None) -> FidelityReport:
    """Build every team of `season` (or one), play each against the league-average team;
    `workers` processes (default: every core) share the teams (the same figures whatever the
    number).
    `use_bundled` reads a team's bundled sheet instead of building it again: only right
    when `rows` are the bundled statistics (the benchmark's case)."""
    level = {"legends-pro": "pro", "legends-college": "college"}.get(rules)
    if level is None:
        raise ScrimmageError(f"fidelity works for legends-pro and legends-college, not {rules}")
    league = season_rows(rows, season, level)
    indices = list(range(len(league)))
    if team is not None:
        from scrimmage.sheets.real.stats import find_team

        chosen = find_team(league, team)
        indices = [league.index(chosen)]
    report = FidelityReport(rules, season, games, seed)
    jobs = [(league, rules, i, games, seed, use_bundled, build_games) for i in indices]
    if workers is None:
        from scrimmage.sim.parallel import default_workers

        workers = default_workers()
    if workers > 1 and len(jobs) > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as pool:
            for result in pool.map(_one_team, jobs):
                if progress is not None:
                    progress(result.name)
                report.teams.append(result)
        return report
    for job in jobs:
        if progress is not None:
            progress(league[job[2]].name)
        report.teams.append(_one_team(job))
    return report


def format_report(report: FidelityReport) -> list[str]:
    """Plain-text lines: one per team (real/sim), then the MAPE line."""
    names = list(METRICS)
    lines = [f"{report.rules} {report.season}: {len(report.teams)} teams x {report.games} games "
             "vs the league-average team (real / simulated, per game)"]
    for t in report.teams:
        cells = []
        for m in names:
            r, s = t.real.get(m), t.sim.get(m)
            cells.append(f"{m}={_fmt(r)}/{_fmt(s)}")
        lines.append(f"  {t.name}: " + " ".join(cells))
    lines.append("MAPE %: " + " ".join(
        f"{m}={_fmt(report.mape(m))}(<={TARGETS[m]:g})" for m in names))
    return lines


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}" if abs(x) < 100 else f"{x:.0f}"
