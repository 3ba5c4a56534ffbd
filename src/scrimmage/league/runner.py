"""Playing a league's computer games on every core: each game's seed is the league's for its
index (and attempt), never the worker's, so the results are the same whatever the number of
workers; they come back in order (`sim.parallel.run_chunks`) and are stored a chunk at a time.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass
from typing import Any

from scrimmage.core.field import Side
from scrimmage.core.stats import box_score, player_stats
from scrimmage.league.model import Fixture, League
from scrimmage.season.runner import Plan, Player
from scrimmage.sim.parallel import Backend, run_chunks

CHUNK = 8
"""Games a worker plays at a time (a week of an NFL season in four chunks)."""

Task = tuple[tuple[int, int, str, int, str, str, bool, int], ...]
"""Games to play: (index, attempt, game type, week, home, away, neutral, seed) each."""


@dataclass(frozen=True)
class Outcome:
    index: int
    attempt: int
    home: str
    away: str
    home_points: int
    away_points: int
    box: dict[str, dict[str, float]]
    """Each team's box-score line (by code)."""
    players: dict[str, dict[str, float]] | None
    """Player lines ("team|player" -> stats) where the ruleset's records name players."""


@dataclass(frozen=True)
class LeaguePlan:
    plan: Plan
    replay: int

    def player(self) -> LeaguePlayer:
        return LeaguePlayer(self)


class LeaguePlayer:
    def __init__(self, lp: LeaguePlan) -> None:
        self.replay = lp.replay
        self.player = Player(lp.plan)
        self.players = lp.plan.players

    def chunk(self, task: Task) -> list[Outcome]:
        out = []
        for index, attempt, game_type, week, home, away, neutral, seed in task:
            _, game = self.player.play(self.replay, index, game_type, week, home, away,
                                       neutral, seed=seed)
            names = self.player.names
            box = box_score(game.plays, names[home], names[away])
            lines = None
            if self.players:
                lines = {f"{team}|{name}": line
                         for (team, name), line in player_stats(game.plays).items()}
            out.append(Outcome(index, attempt, home, away, game.score[Side.HOME],
                               game.score[Side.AWAY], {home: box[names[home]],
                                                       away: box[names[away]]}, lines))
        return out


def plan_for(league: League, auto: Sequence[str] = ()) -> LeaguePlan:
    """What a worker needs to play the league's computer games: each team's computer coach
    (for a person's team, the one the person chose to play for them, when it does: `auto`)."""
    coaches = {code: t.coaching.computer() for code, t in league.teams.items()}
    plan = Plan(league.rules, league.season or 0, league.seed, "solitaire", dict(league.options),
                {c: t.sheet for c, t in league.teams.items()}, (),
                players=league.rules == "5d20", coaches=coaches)
    return LeaguePlan(plan, league.replay)


def play_games(league: League, games: Sequence[tuple[Fixture, int]], workers: int = 1,
               auto: Sequence[str] = (), dask: str | None = None,
               niceness: int = 0) -> Iterator[list[Outcome]]:
    """Play `games` ((fixture, attempt) each) with computer coaches; chunks of outcomes in the
    order given (`niceness`: the workers' priority below this process's)."""
    tasks: list[Task] = []
    rows = [(f.index, attempt, f.game_type, f.week, f.home, f.away, f.neutral,
             league.game_seed(f.index, attempt)) for f, attempt in games]
    for start in range(0, len(rows), CHUNK):
        tasks.append(tuple(rows[start:start + CHUNK]))
    with closing(run_chunks(plan_for(league, auto), tasks,
                               Backend(workers, dask, niceness))) as chunks:
        yield from chunks


def coach_kinds(league: League, fixture: Fixture, auto: Sequence[str] = ()) -> dict[str, Any]:
    """The coaches a computer-played game had, as the store keeps them."""
    plan = plan_for(league, auto).plan
    return {"home": plan.coaches[fixture.home], "away": plan.coaches[fixture.away]}
