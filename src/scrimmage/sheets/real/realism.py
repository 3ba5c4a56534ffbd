"""The realism report: a real season replayed N times on its real schedule, each team's real
figures set among its replays.

A faithful replay is one the real season could have been: each real figure then falls at a
random place among the replays' values, so about 80% of the teams fall in the 10-90
percentile band, and the real league's spread of wins looks like one replay's spread. The
replays come from `scrimmage.season` (its schedule, standings and sheets); the real figures
from the bundled team-season statistics (`scrimmage.sheets.real.stats`), the builder's own.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any

from scrimmage.core.errors import ScrimmageError
from scrimmage.season.data import LEVELS
from scrimmage.season.replay import SeasonRun
from scrimmage.sheets.real.fidelity import METRICS
from scrimmage.sheets.real.stats import TeamSeason, read_stats, season_rows

FIGURES = ("wins", "points_for", "points_against", "rush_att", "yds_per_carry", "pass_att",
           "yds_per_att", "cmp_pct", "sacks_taken", "pass_int", "fumbles_lost", "penalties")
"""Wins over the season; every other figure per game (or a rate), as the fidelity check."""

CORE = FIGURES[1:8]
"""Issue 38's core figures; after them the rare ones (sacks, interceptions, fumbles lost,
penalties)."""

RARE = FIGURES[8:]

LABELS = {"wins": "wins", "points_for": "points for / g", "points_against": "points against / g",
          "rush_att": "rushes / g", "yds_per_carry": "yards / carry", "pass_att": "passes / g",
          "yds_per_att": "yards / attempt", "cmp_pct": "completion rate",
          "sacks_taken": "sacks taken / g", "pass_int": "interceptions / g",
          "fumbles_lost": "fumbles lost / g", "penalties": "penalties / g"}

BAND = (10.0, 90.0)
"""A real value inside this percentile band of its replays counts as in the spread; a
faithful replay puts 80% of the teams there."""

MIN_REPLAYS = 2


def percentile_of(value: float, sample: Sequence[float]) -> float:
    """Where `value` falls among `sample`, 0-100, by mid-rank: the share below it plus half the
    share equal to it. Wins are whole numbers and tie often; mid-rank puts a real value equal
    to every replay at 50 (not 0 or 100), and below or above every replay at 0 or 100."""
    if not sample:
        raise ValueError("percentile of an empty sample")
    below = sum(1 for x in sample if x < value)
    equal = sum(1 for x in sample if x == value)
    return 100.0 * (below + 0.5 * equal) / len(sample)


def quantile(sample: Sequence[float], q: float) -> float:
    """The q-quantile with linear interpolation (numpy's default; as `season.report`)."""
    values = sorted(sample)
    pos = q * (len(values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (pos - lo)


def sd(sample: Sequence[float]) -> float:
    """Sample standard deviation (n - 1); 0 for fewer than two values."""
    if len(sample) < 2:
        return 0.0
    m = fmean(sample)
    return math.sqrt(sum((x - m) ** 2 for x in sample) / (len(sample) - 1))


@dataclass
class Figure:
    """One team's figure: the real value and the replays' values."""

    real: float | None
    sims: list[float]

    @property
    def percentile(self) -> float | None:
        return None if self.real is None or not self.sims else percentile_of(self.real, self.sims)

    @property
    def in_band(self) -> bool | None:
        p = self.percentile
        return None if p is None else BAND[0] <= p <= BAND[1]

    def to_json(self) -> dict[str, Any]:
        s = self.sims
        return {"real": _r(self.real), "sim_mean": _r(fmean(s)) if s else None,
                "sim_sd": _r(sd(s)), "sim_p10": _r(quantile(s, 0.1)) if s else None,
                "sim_p90": _r(quantile(s, 0.9)) if s else None,
                "percentile": _r(self.percentile, 1), "in_band": self.in_band}


@dataclass
class TeamRealism:
    code: str
    name: str
    figures: dict[str, Figure]


@dataclass
class WinSpread:
    """The league's spread of wins, real and replayed (sample standard deviations over the
    teams). Sheets built from the real season carry the luck of its points and a replay plays
    its own luck on top, which widens a replay's spread; the luck of the real record beyond
    its points (close games) is in no sheet, which narrows it."""

    real_sd: float
    replay_sds: list[float]
    """Each replay's standard deviation of its teams' wins."""
    mean_sim_sd: float
    """Of the teams' mean simulated wins: the sheets' strength without the replays' luck."""
    team_sd: float
    """A team's own spread over the replays, averaged over the teams."""
    coin_flip_sd: float
    """Of a team whose every game is a coin flip: sqrt(games) / 2."""

    def to_json(self) -> dict[str, Any]:
        return {"real_sd": _r(self.real_sd), "replay_sd_mean": _r(fmean(self.replay_sds)),
                "replay_sd_p10": _r(quantile(self.replay_sds, 0.1)),
                "replay_sd_p90": _r(quantile(self.replay_sds, 0.9)),
                "real_sd_percentile": _r(percentile_of(self.real_sd, self.replay_sds), 1),
                "mean_sim_wins_sd": _r(self.mean_sim_sd), "team_sd_mean": _r(self.team_sd),
                "coin_flip_sd": _r(self.coin_flip_sd)}


@dataclass
class RealismReport:
    rules: str
    season: int
    replays: int
    seed: int
    coach: str
    schedule: str
    teams: list[TeamRealism] = field(default_factory=list)
    spread: WinSpread | None = None

    def band_counts(self, figure: str) -> dict[str, int]:
        """Teams below, inside and above the band, and those with no real figure."""
        out = {"below": 0, "in_band": 0, "above": 0, "missing": 0}
        for t in self.teams:
            p = t.figures[figure].percentile
            key = ("missing" if p is None else "below" if p < BAND[0]
                   else "above" if p > BAND[1] else "in_band")
            out[key] += 1
        return out

    def share_in_band(self, figures: Sequence[str]) -> float | None:
        """Share of the (team, figure) pairs with a real value that fall in the band."""
        counts = [self.band_counts(f) for f in figures]
        have = sum(c["in_band"] + c["below"] + c["above"] for c in counts)
        return sum(c["in_band"] for c in counts) / have if have else None

    def league_mean(self, figure: str) -> tuple[float | None, float | None]:
        """The mean over the teams of the real values and of the replays' means: a bias the
        whole league shares shows here even where each team's spread hides it."""
        real = [r for t in self.teams if (r := t.figures[figure].real) is not None]
        sims = [fmean(s) for t in self.teams if (s := t.figures[figure].sims)]
        return (fmean(real) if real else None), (fmean(sims) if sims else None)

    def to_json(self) -> dict[str, Any]:
        assert self.spread is not None
        return {
            "rules": self.rules, "season": self.season, "replays": self.replays,
            "seed": self.seed, "coach": self.coach, "schedule": self.schedule,
            "band": list(BAND), "figures": list(FIGURES), "core": list(CORE),
            "rare": list(RARE),
            "percentile": "mid-rank: 100 * (replays below + half the replays equal) / N",
            "teams": {t.code: {"name": t.name,
                               "figures": {f: t.figures[f].to_json() for f in FIGURES}}
                      for t in self.teams},
            "wins_spread": self.spread.to_json(),
            "summary": {
                "teams": len(self.teams),
                "by_figure": {f: self.band_counts(f) for f in FIGURES},
                "league_mean": {f: dict(zip(("real", "sim"), map(_r, self.league_mean(f)),
                                            strict=True)) for f in FIGURES},
                "wins_in_band_share": _r(self.share_in_band(["wins"])),
                "core_in_band_share": _r(self.share_in_band(CORE)),
                "rare_in_band_share": _r(self.share_in_band(RARE)),
                "all_in_band_share": _r(self.share_in_band(FIGURES)),
                "expected_in_band_share": (BAND[1] - BAND[0]) / 100,
            },
        }


def _r(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


# --- from a season run -----------------------------------------------------------------------

def real_rows(rules: str, season: int) -> dict[str, TeamSeason]:
    """The season's bundled team-season statistics by team code (never `../shared`)."""
    level = LEVELS.get(rules)
    if level is None:
        raise ScrimmageError(f"the realism report replays seasons of {', '.join(LEVELS)}, "
                             f"not {rules}")
    return {r.code: r for r in season_rows(read_stats(None, season), season, level)}


def _sim_figures(line: dict[str, float]) -> dict[str, float | None]:
    """A replay's figures for one team: its box totals made per game, as the fidelity check
    reads a series (ratios are the same from totals)."""
    games = max(1.0, line.get("games", 1.0))
    per_game = {k: v / games for k, v in line.items()}
    out: dict[str, float | None] = {m: f[1](per_game) for m, f in METRICS.items()}
    out["wins"] = line.get("wins", 0.0)
    return out


def _real_figures(row: TeamSeason | None) -> dict[str, float | None]:
    if row is None:
        return dict.fromkeys(FIGURES)
    out: dict[str, float | None] = {m: f[0](row) for m, f in METRICS.items()}
    out["wins"] = row.get("wins")
    return out


def realism_report(run: SeasonRun, real: dict[str, TeamSeason]) -> RealismReport:
    """The report of a run played with `per_replay` (its `lines`) against the real rows."""
    if run.lines is None or len(run.lines) < MIN_REPLAYS:
        raise ScrimmageError(f"the realism report needs at least {MIN_REPLAYS} replays, "
                             "each kept (per_replay)")
    st = run.setup
    report = RealismReport(st.rules, st.season, run.replays, run.seed, run.coach, st.source)
    for t in st.teams:
        sims = [_sim_figures(line[t.code]) for line in run.lines]
        realf = _real_figures(real.get(t.code))
        figures = {f: Figure(realf[f], [v for s in sims if (v := s[f]) is not None])
                   for f in FIGURES}
        report.teams.append(TeamRealism(t.code, t.name, figures))
    report.spread = _spread(report, run)
    return report


def _spread(report: RealismReport, run: SeasonRun) -> WinSpread:
    assert run.lines is not None
    real = [w for t in report.teams if (w := t.figures["wins"].real) is not None]
    codes = [t.code for t in report.teams]
    replay_sds = [sd([line[c]["wins"] for c in codes]) for line in run.lines]
    wins = [t.figures["wins"].sims for t in report.teams]
    games = fmean(line[c]["games"] for line in run.lines for c in codes)
    return WinSpread(sd(real), replay_sds, sd([fmean(w) for w in wins]),
                     fmean(sd(w) for w in wins), math.sqrt(games) / 2)


def run_realism(rules: str, season: int, replays: int, seed: int = 1,
                coach: str = "solitaire", workers: int = 1,
                progress: Callable[[int, int], None] | None = None,
                build_progress: Callable[[str, int, int], None] | None = None
                ) -> RealismReport:
    """Replay the season `replays` times and set the real figures among the replays.
    `progress(done, total)` hears of each game played, `build_progress` of the sheets built
    first where the package ships none (`season.sheets.season_sheets`). Bad input is refused
    before a game."""
    from scrimmage.season.replay import expected_games, replay_season, setup

    if replays < MIN_REPLAYS:
        raise ScrimmageError(f"--replays must be at least {MIN_REPLAYS} for a realism report "
                             f"(a percentile among {replays} replay is no spread), not {replays}")
    st = setup(rules, season)              # an unknown ruleset or season is refused here
    real = real_rows(st.rules, season)
    total = replays * expected_games(st)
    tick = None if progress is None else (lambda done: progress(done, total))
    run = replay_season(st.rules, season, replays, seed, coach, workers=workers,
                        build_progress=build_progress, progress=tick, per_replay=True)
    return realism_report(run, real)


def format_summary(report: RealismReport) -> list[str]:
    """Plain-text lines: the headline, the spread of wins, one line per figure."""
    assert report.spread is not None
    s = report.spread.to_json()
    shares = [_share(report.share_in_band(f)) for f in (["wins"], CORE, RARE)]
    lines = [f"{report.rules} {report.season}: {report.replays} replays of the real schedule; "
             f"real values in the {BAND[0]:g}-{BAND[1]:g} percentile band of their replays: "
             f"wins {shares[0]}, core figures {shares[1]}, rare figures {shares[2]} "
             f"(a faithful replay: {BAND[1] - BAND[0]:g}%)",
             f"wins SD over the teams: real {s['real_sd']:.2f}, one replay {s['replay_sd_mean']:.2f}"
             f" ({s['replay_sd_p10']:.2f}-{s['replay_sd_p90']:.2f}; real at P"
             f"{s['real_sd_percentile']:.0f}), mean simulated wins {s['mean_sim_wins_sd']:.2f}, "
             f"a team over its replays {s['team_sd_mean']:.2f}"]
    for f in FIGURES:
        c = report.band_counts(f)
        real, sim = report.league_mean(f)
        lines.append(f"  {LABELS[f]}: {c['in_band']} in band, {c['below']} below, "
                     f"{c['above']} above; league mean real {_num(real)}, replays {_num(sim)}")
    return lines


def _share(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.3g}"
