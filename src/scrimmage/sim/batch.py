"""Play a series of games between two teams and aggregate their statistics.

Per-game seeds are derived from the series seed by hashing, so game i is the same game
whatever order or process plays it (the role `SeedSequence.spawn` plays in DESIGN.md, without
needing numpy).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scrimmage.api import TeamRef, make_coaches, new_game
from scrimmage.core.dice import SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.ruleset import find_ruleset
from scrimmage.core.stats import TEAM_STAT_KEYS, box_score


def game_seed(series_seed: int, index: int) -> int:
    digest = hashlib.blake2b(f"{series_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass
class SeriesResult:
    rules: str
    seed: int
    home: str
    away: str
    games: int = 0
    home_wins: int = 0
    away_wins: int = 0
    ties: int = 0
    totals: dict[str, dict[str, float]] = field(default_factory=dict)

    def add(self, box: dict[str, dict[str, float]]) -> None:
        self.games += 1
        h, a = box[self.home], box[self.away]
        if h["points_for"] > a["points_for"]:
            self.home_wins += 1
        elif h["points_for"] < a["points_for"]:
            self.away_wins += 1
        else:
            self.ties += 1
        for name, stats in box.items():
            acc = self.totals.setdefault(name, dict.fromkeys(TEAM_STAT_KEYS, 0.0))
            for k in TEAM_STAT_KEYS:
                acc[k] += stats[k]

    def to_json(self) -> dict[str, Any]:
        n = max(1, self.games)
        return {
            "rules": self.rules, "games": self.games, "seed": self.seed,
            "home": self.home, "away": self.away,
            "home_wins": self.home_wins, "away_wins": self.away_wins, "ties": self.ties,
            "teams": {name: {"per_game": {k: round(v / n, 4) for k, v in t.items()}}
                      for name, t in self.totals.items()},
        }


def run_series(rules: str, home: TeamRef, away: TeamRef, games: int, seed: int,
               coach: str = "solitaire", options: dict[str, Any] | None = None,
               progress: Callable[[int], None] | None = None) -> SeriesResult:
    """Play `games` games; the teams are loaded and checked once, then every game reuses them."""
    rs = find_ruleset(rules)
    _, first = new_game(rules, home, away, seed=seed, **(options or {}))  # checks teams, options
    home_team = rs.load_team(first.home_team, first.home)
    away_team = rs.load_team(first.away_team, first.away)
    away_team.name = first.away
    result = SeriesResult(rs.name, seed, first.home, first.away)
    for i in range(games):
        s = game_seed(seed, i)
        game = rs.new_game(home_team, away_team, SeededDice(s), first.options, narrate=False)
        drive(game, make_coaches(rs, coach, s), [])
        result.add(box_score(game.plays, first.home, first.away))
        if progress is not None:
            progress(i + 1)
    return result
