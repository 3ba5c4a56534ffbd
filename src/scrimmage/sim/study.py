"""`scrimmage study`: how likely is A to beat B, and by how much (docs/study.md).

A study is a head-to-head series (`scrimmage.export.series.play_series`: the same games, seeds
and files as `scrimmage sim`) summarised for the question a replay gamer asks: the home win
probability with its 95% Wilson interval, the score and margin distributions, how often the
game goes to overtime, and the per-game averages. `until_ci` stops the series once the home
win probability's interval is narrow enough; it is checked only at chunk boundaries, in game
order, so the games played (and every figure) are the same on any number of workers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table

from scrimmage.api import TeamRef
from scrimmage.core.errors import ScrimmageError
from scrimmage.export.series import (
    SeriesFiles,
    SeriesRun,
    SeriesTotals,
    play_series,
    wilson_interval,
)
from scrimmage.sim.parallel import Backend

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
TOP_SCORES = 10
TIES = "counted as not won (a tie is neither side's win; see tie_probability)"


def half_width(successes: int, n: int) -> float:
    """Half the width of the 95% Wilson interval of successes/n."""
    low, high = wilson_interval(successes, n)
    return (high - low) / 2


@dataclass(frozen=True)
class StudyRequest:
    rules: str
    home: TeamRef
    away: TeamRef
    games: int
    """The games to play, or the cap when `until_ci` is given."""
    seed: int = 1
    coach: str = "solitaire"
    options: dict[str, Any] | None = None
    until_ci: float | None = None
    """Stop once the home win probability's 95% interval half-width is at most this."""


def run_study(request: StudyRequest, where: Backend | None = None,
              files: SeriesFiles | None = None,
              progress: Callable[[int], None] | None = None) -> SeriesRun:
    """Play the study's games (all of them, or until the interval is narrow enough)."""
    target = request.until_ci
    if target is not None and not 0 < target < 0.5:
        raise ScrimmageError(f"--until-ci {target}: give a half-width between 0 and 0.5, "
                             "e.g. 0.005")

    def narrow_enough(totals: SeriesTotals) -> bool:
        assert target is not None
        return half_width(totals.result.home_wins, totals.result.games) <= target

    return play_series(request.rules, request.home, request.away, request.games, request.seed,
                       request.coach, request.options, files, where, progress,
                       stop=narrow_enough if target is not None else None)


# -- the figures -------------------------------------------------------------------------------

def proportion(count: int, n: int) -> dict[str, Any]:
    low, high = wilson_interval(count, n)
    return {"count": count, "estimate": round(count / n, 6) if n else None,
            "ci95": [round(low, 6), round(high, 6)], "half_width": round((high - low) / 2, 6)}


def summary(values: Counter[int]) -> dict[str, Any]:
    """Mean, standard deviation and quantiles (the smallest value with at least that share of
    the games at or below it) of a distribution of whole numbers."""
    n = sum(values.values())
    if n == 0:
        return {"mean": None, "sd": None, "quantiles": {}}
    mean = sum(v * c for v, c in values.items()) / n
    var = sum(c * (v - mean) ** 2 for v, c in values.items()) / max(1, n - 1)
    return {"mean": round(mean, 4), "sd": round(var ** 0.5, 4),
            "quantiles": {f"{q:g}": _quantile(values, n, q) for q in QUANTILES}}


def _quantile(values: Counter[int], n: int, q: float) -> int:
    seen = 0
    ordered = sorted(values.items())
    for value, count in ordered:
        seen += count
        if seen >= q * n:
            return value
    return ordered[-1][0]


def study_json(run: SeriesRun, request: StudyRequest) -> dict[str, Any]:
    """The study as one JSON object (docs/study.md lists the fields)."""
    t = run.totals
    r, n = t.result, t.result.games
    home_wp = proportion(r.home_wins, n)
    home_wp.update(method="Wilson score interval", ties=TIES)
    finals = t.finals
    distributions = {
        "home": _tally(finals, lambda h, a: h), "away": _tally(finals, lambda h, a: a),
        "total": _tally(finals, lambda h, a: h + a), "margin": _tally(finals, lambda h, a: h - a)}
    return {
        "rules": r.rules, "seed": r.seed, "home": r.home, "away": r.away, "games": n,
        "games_cap": request.games, "until_ci": request.until_ci, "stopped": run.stopped,
        "check_every": run.check_every,
        "outcomes": {"home_wins": r.home_wins, "away_wins": r.away_wins, "ties": r.ties},
        "home_win_probability": home_wp,
        "away_win_probability": proportion(r.away_wins, n),
        "tie_probability": proportion(r.ties, n),
        "overtime": proportion(t.overtime, n),
        "scores": {name: summary(c) for name, c in distributions.items()},
        "most_common_scores": [{"home": h, "away": a, "games": c}
                               for (h, a), c in _most_common(finals)],
        "score_distribution": t.scores.to_json(r.home_wins)["score_distribution"],
        "teams": r.to_json()["teams"],
    }


def _tally(finals: Counter[tuple[int, int]], key: Callable[[int, int], int]) -> Counter[int]:
    out: Counter[int] = Counter()
    for (h, a), c in finals.items():
        out[key(h, a)] += c
    return out


def _most_common(finals: Counter[tuple[int, int]]) -> list[tuple[tuple[int, int], int]]:
    """The most frequent final scores; a tie in frequency goes to the lower score (so the list
    does not depend on the order the scores were first seen in)."""
    return sorted(finals.items(), key=lambda item: (-item[1], item[0]))[:TOP_SCORES]


# -- the tables --------------------------------------------------------------------------------

def _pct(p: dict[str, Any]) -> str:
    if p["estimate"] is None:
        return "-"
    low, high = p["ci95"]
    return f"{100 * p['estimate']:.1f}%  ({100 * low:.1f}-{100 * high:.1f})"


def render_study(data: dict[str, Any], console: Console) -> None:
    """The study as rich tables: outcomes, scores, the most common finals, per-game figures."""
    home, away, n = data["home"], data["away"], data["games"]
    o = data["outcomes"]
    console.print(f"[bold]{home}[/] (home) vs [bold]{away}[/]: {n:,} games "
                  f"({o['home_wins']}-{o['away_wins']}-{o['ties']}), {data['rules']}, "
                  f"seed {data['seed']}")
    console.print(_stopped_line(data))
    odds = Table(title="Outcomes (95% Wilson interval)")
    odds.add_column("")
    odds.add_column("probability", justify="right")
    for label, key in ((f"{home} win", "home_win_probability"),
                       (f"{away} win", "away_win_probability"), ("tie", "tie_probability"),
                       ("overtime", "overtime")):
        odds.add_row(label, _pct(data[key]))
    console.print(odds)
    console.print(_scores_table(data))
    common = Table(title="Most common final scores")
    common.add_column(f"{home}-{away}")
    common.add_column("games", justify="right")
    common.add_column("share", justify="right")
    for row in data["most_common_scores"]:
        common.add_row(f"{row['home']}-{row['away']}", f"{row['games']:,}",
                       f"{100 * row['games'] / max(1, n):.1f}%")
    console.print(common)
    console.print(per_game_table(data))


def _stopped_line(data: dict[str, Any]) -> str:
    half = data["home_win_probability"]["half_width"]
    if data["stopped"] == "rule":
        return (f"stopped: the interval's half-width {half:.4f} is at most {data['until_ci']} "
                f"(checked every {data['check_every']} games)")
    if data["stopped"] == "interrupted":
        return f"interrupted: {n_of(data)} games played"
    if data["until_ci"] is not None:
        return (f"played the cap of {data['games_cap']:,} games: the half-width {half:.4f} "
                f"is still above {data['until_ci']}")
    return f"interval half-width {half:.4f}"


def n_of(data: dict[str, Any]) -> str:
    return f"{data['games']:,} of {data['games_cap']:,}"


def _scores_table(data: dict[str, Any]) -> Table:
    table = Table(title="Points per game (margin: home minus away)")
    table.add_column("")
    for head in ("mean", "sd", *(f"{100 * q:g}%" for q in QUANTILES)):
        table.add_column(head, justify="right")
    for name, label in (("home", data["home"]), ("away", data["away"]), ("total", "total"),
                        ("margin", "margin")):
        s = data["scores"][name]
        if s["mean"] is None:
            continue
        table.add_row(label, f"{s['mean']:.2f}", f"{s['sd']:.2f}",
                      *(str(v) for v in s["quantiles"].values()))
    return table


def per_game_table(data: dict[str, Any], title: str = "Per game") -> Table:
    """The two teams' per-game figures (`scrimmage sim`'s table too)."""
    table = Table(title=title)
    table.add_column("per game")
    table.add_column(data["home"], justify="right")
    table.add_column(data["away"], justify="right")
    th, ta = (data["teams"][data[side]]["per_game"] for side in ("home", "away"))
    for key in th:
        table.add_row(key, f"{th[key]:.2f}", f"{ta[key]:.2f}")
    return table
