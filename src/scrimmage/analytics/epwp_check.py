"""Calibration of the EP/WP tables on held-out games: reliability tables (predicted against
observed) for docs/ep-wp.md.

The held-out games are played exactly like the fit's (`epwp_data.Matchups`) but with another
seed, and annotated by the export's own code (`scrimmage.analytics.add_ep_wp`), so the check
covers what `--pbp` writes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from scrimmage.analytics.epwp_data import Matchups, next_scores
from scrimmage.analytics.pbp import add_ep_wp
from scrimmage.analytics.situation import row_kind
from scrimmage.analytics.tables import read_tables
from scrimmage.core.errors import ScrimmageError

CHECK_COLUMNS = ("wp", "result", "ep", "label", "scrimmage", "game_seconds", "overtime")
WP_EDGES = tuple(i / 10 for i in range(11))
EP_EDGES = (-9.0, -1.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 9.0)
Array = npt.NDArray[np.float64]


def check_chunk(job: tuple[str, int, int, int, str]) -> Array:
    """One line of `CHECK_COLUMNS` per row of games start..stop-1 (a worker's job)."""
    rules, seed, start, stop, table_file = job
    tables = read_tables(Path(table_file), rules)
    games = Matchups(rules, seed)
    out: list[list[float]] = []
    for i in range(start, stop):
        rows = games.rows(i)
        add_ep_wp(rows, tables)
        last = rows[-1]
        final = {last["posteam"]: last["posteam_score_post"],
                 last["defteam"]: last["defteam_score_post"]}
        for row, (td, points) in zip(rows, next_scores(rows), strict=True):
            if row["wp"] is None:
                continue
            ours, theirs = final[row["posteam"]], final[row["defteam"]]
            result = 1.0 if ours > theirs else 0.5 if ours == theirs else 0.0
            out.append([row["wp"], result, row["ep"], td * tables.touchdown_value + points,
                        float(row_kind(row) == "scrimmage"), row["game_seconds_remaining"],
                        float(row["game_half"] == "Overtime")])
    return np.asarray(out, float).reshape(-1, len(CHECK_COLUMNS))


@dataclass
class Bin:
    low: float
    high: float
    count: int
    predicted: float
    observed: float


def reliability(predicted: Array, observed: Array, edges: tuple[float, ...]) -> list[Bin]:
    out = []
    which = np.clip(np.searchsorted(edges, predicted, side="right") - 1, 0, len(edges) - 2)
    for b in range(len(edges) - 1):
        mine = which == b
        n = int(mine.sum())
        if n:
            out.append(Bin(edges[b], edges[b + 1], n, float(predicted[mine].mean()),
                           float(observed[mine].mean())))
    return out


def calibration_error(bins: list[Bin]) -> float:
    """Mean |predicted - observed| over the bins, weighted by their counts."""
    total = sum(b.count for b in bins)
    return sum(b.count * abs(b.predicted - b.observed) for b in bins) / max(1, total)


def _wp_table(bins: list[Bin]) -> list[str]:
    lines = ["| predicted WP | snaps | mean predicted | observed win rate |", "|---|---|---|---|"]
    lines += [f"| {b.low:.1f}-{b.high:.1f} | {b.count:,} | {b.predicted:.3f} | {b.observed:.3f} |"
              for b in bins]
    return lines


def _ep_label(low: float, high: float) -> str:
    if low <= EP_EDGES[0]:
        return f"below {high:g}"
    if high >= EP_EDGES[-1]:
        return f"{low:g} and up"
    return f"{low:g} to {high:g}"


def report(data: Array, rules: str, games: int, seed: int, table_seed: int) -> list[str]:
    """Markdown: the WP reliability table (all snaps, then the last five minutes), the EP one,
    and the summary figures."""
    wp, result, ep, label = data[:, 0], data[:, 1], data[:, 2], data[:, 3]
    scrimmage = data[:, 4] == 1
    late = (data[:, 5] <= 300) & (data[:, 6] == 0)
    wp_bins = reliability(wp, result, WP_EDGES)
    late_bins = reliability(wp[late], result[late], WP_EDGES)
    ep_bins = reliability(ep[scrimmage], label[scrimmage], EP_EDGES)
    brier = float(np.mean((wp - result) ** 2))
    lines = [f"**{rules}**: {games:,} held-out games (seed {seed}; the table's fit used seed "
             f"{table_seed}), {len(data):,} snaps. WP Brier score {brier:.4f} (0.25 for a coin); "
             f"mean |predicted - observed| over the bins: WP {calibration_error(wp_bins):.3f}, "
             f"WP in the last 5 minutes {calibration_error(late_bins):.3f}, "
             f"EP {calibration_error(ep_bins):.2f} points.", "",
             "Win probability, every snap:", "", *_wp_table(wp_bins), "",
             "Win probability, the last five minutes of regulation:", "",
             *_wp_table(late_bins), "",
             "Expected points, scrimmage snaps (observed: the next score in the half):", "",
             "| predicted EP | snaps | mean predicted | observed next score |", "|---|---|---|---|"]
    lines += [f"| {_ep_label(b.low, b.high)} | {b.count:,} | {b.predicted:.2f} | "
              f"{b.observed:.2f} |" for b in ep_bins]
    return lines


def write_section(doc: Path, rules: str, lines: list[str]) -> None:
    """Put `lines` between the doc's `<!-- check RULES -->` and `<!-- /check RULES -->`."""
    start, end = f"<!-- check {rules} -->", f"<!-- /check {rules} -->"
    text = doc.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        raise ScrimmageError(f"{doc}: no '{start}' ... '{end}' markers to write between")
    body = "\n".join([start, *lines, end])
    doc.write_text(pattern.sub(lambda _: body, text), encoding="utf-8")
