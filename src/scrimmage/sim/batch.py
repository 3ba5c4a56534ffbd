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
from scrimmage.core.collection import fewer_collections
from scrimmage.core.decisions import Decision
from scrimmage.core.dice import SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.ruleset import Game, find_ruleset
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


class Series:
    """Two teams loaded and checked once; game `i` of a series is always the same game (its
    seed is `game_seed(seed, i)`), whoever plays it: the averages of `run_series`, the files of
    `scrimmage sim --pbp`."""

    def __init__(self, rules: str, home: TeamRef, away: TeamRef, seed: int,
                 coach: str = "solitaire", options: dict[str, Any] | None = None) -> None:
        self.rs = find_ruleset(rules)
        self.seed, self.coach = seed, coach
        _, self.first = new_game(rules, home, away, seed=seed, **(options or {}))  # checks all
        self.home_team = self.rs.load_team(self.first.home_team, self.first.home)
        self.away_team = self.rs.load_team(self.first.away_team, self.first.away)
        self.away_team.name = self.first.away

    def play(self, index: int, narrate: bool = False,
             watch: Callable[[Game], Callable[[Decision, str], None]] | None = None
             ) -> tuple[int, Game]:
        """Game `index`: its seed and the finished game. `watch(game)`, given the new game,
        returns what to call at each decision (the driver's `on_decision`)."""
        s = game_seed(self.seed, index)
        game = self.rs.new_game(self.home_team, self.away_team, SeededDice(s), self.first.options,
                                narrate=narrate)
        drive(game, make_coaches(self.rs, self.coach, s), None,
              on_decision=watch(game) if watch is not None else None)
        return s, game


def run_series(rules: str, home: TeamRef, away: TeamRef, games: int, seed: int,
               coach: str = "solitaire", options: dict[str, Any] | None = None,
               progress: Callable[[int], None] | None = None) -> SeriesResult:
    """Play `games` games; the teams are loaded and checked once, then every game reuses them."""
    series = Series(rules, home, away, seed, coach, options)
    result = SeriesResult(series.rs.name, seed, series.first.home, series.first.away)
    with fewer_collections():
        for i in range(games):
            _, game = series.play(i)
            result.add(box_score(game.plays, series.first.home, series.first.away))
            if progress is not None:
                progress(i + 1)
    return result
