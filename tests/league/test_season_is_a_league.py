"""Issue 34: `scrimmage season` plays a real season as a computer-only league, replayed N
times, and its results did not change: the same seeds give the same standings, odds and
playoff replays as before leagues existed (tests/data/season/before_leagues.json, written by
the season code before it was rebuilt on the league model; the 5D20 entry was written again
by the same command when the bundled 5D20 charts were rebuilt, issue 38)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BEFORE = json.loads((Path(__file__).parents[1] / "data" / "season" / "before_leagues.json")
                    .read_text(encoding="utf-8"))
CMD = [sys.executable, "-m", "scrimmage.cli"]


@pytest.mark.parametrize(("key", "args"), [
    ("legends-pro 1985 replays 2 seed 1", ["--rules", "legends-pro", "--season", "1985",
                                           "--replays", "2", "--seed", "1"]),
    ("5d20 2016 replays 1 seed 3", ["--rules", "5d20", "--season", "2016", "--seed", "3"]),
])
def test_season_results_are_unchanged(key: str, args: list[str]) -> None:
    proc = subprocess.run([*CMD, "season", *args, "--workers", "2", "--json"],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads(proc.stdout)
    now = {t["code"]: [t["wins"]["mean"], t["wins"]["sd"], t["losses_mean"], t["ties_mean"],
                       t["points_for_mean"], t["points_against_mean"], t["division_odds"],
                       t["playoff_odds"], t["bye_odds"], t["title_odds"]]
           for t in data["teams"]}
    assert now == BEFORE[key]
    assert data["playoff_ties_replayed"] == BEFORE[key + " playoff ties"]
