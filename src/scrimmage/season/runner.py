"""Play a season's games on local worker processes.

Game g of replay r (regular season first, then the playoff games in bracket order) has the
seed `game_seed(game_seed(seed, r), g)`: it depends on the series seed, r and g only, so the
results are the same whatever the number of workers or the order they finish in. The regular
season is cut into chunks that the workers play; the results come back in order, and each
replay's standings and playoffs are settled in the main process as soon as its regular
season is in (the playoff games depend on the standings). Only running totals are kept.
The chunks go through the executor `sim` and `study` use (`scrimmage.sim.parallel`), which
keeps a bounded number of them in flight.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

from scrimmage.api import make_coaches
from scrimmage.core.decisions import Decision
from scrimmage.core.dice import SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.field import Side
from scrimmage.core.ruleset import Game, find_ruleset
from scrimmage.core.stats import box_score, player_stats
from scrimmage.export.series import TimeoutLog
from scrimmage.league.model import COIN_INDEX, PLAYOFF_RETRIES
from scrimmage.season.data import ScheduledGame
from scrimmage.sim.batch import game_seed
from scrimmage.sim.parallel import Backend, default_workers, run_chunks

__all__ = ["COIN_INDEX", "PLAYOFF_RETRIES", "Chunk", "Plan", "Played", "Player", "default_workers",
           "play_chunks", "tasks"]

CHUNK = 16
"""Regular-season games a worker plays at a time."""



@dataclass(frozen=True)
class Plan:
    """Everything a worker needs, sent once to each."""

    rules: str
    season: int
    seed: int
    coach: str
    options: dict[str, Any]
    sheets: dict[str, dict[str, Any]]
    games: tuple[ScheduledGame, ...]
    details: bool = False
    """Narrate and follow timeouts (for the play-by-play file)."""
    keep_plays: bool = False
    """Send each game's plays back (for --pbp / --box)."""
    players: bool = False
    """Add up player lines (a ruleset whose records name players)."""
    coaches: dict[str, str] = field(default_factory=dict)
    """A team's own computer coach, by code (a league's); the others get `coach`."""

    def player(self) -> Player:
        return Player(self)


@dataclass
class Played:
    replay: int
    index: int
    seed: int
    game_type: str
    week: int
    home: str
    away: str
    neutral: bool
    home_points: int
    away_points: int
    plays: list[dict[str, Any]] | None = None
    timeouts: list[tuple[int, int] | None] | None = None


@dataclass
class Chunk:
    replay: int
    games: list[Played]
    team_totals: dict[str, dict[str, float]] = field(default_factory=dict)
    player_totals: dict[tuple[str, str], dict[str, float]] = field(default_factory=dict)


def playoff_options(rs: Any, options: dict[str, Any], game_type: str,
                    neutral: bool) -> dict[str, Any]:
    """A game's options: the series' own, a neutral site, and for a playoff game in a ruleset
    with playoff rules (The Grid's overtime until there is a winner, GRID-50) those rules."""
    out = dict(options)
    if neutral:
        out["neutral"] = True
    if game_type != "REG" and any(o.name == "playoff" for o in rs.options):
        out["playoff"] = True
    return out


def replay_seed(seed: int, replay: int) -> int:
    return game_seed(seed, replay)


class Player:
    """The teams loaded once; plays any game of the plan."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.rs = find_ruleset(plan.rules)
        self.options = self.rs.check_options(plan.options)
        self.teams = {code: self.rs.load_team(data, code) for code, data in plan.sheets.items()}
        self.names = {code: t.name for code, t in self.teams.items()}

    def play(self, replay: int, index: int, game_type: str, week: int, home: str, away: str,
             neutral: bool, seed: int | None = None) -> tuple[Played, Game]:
        s = seed if seed is not None else game_seed(replay_seed(self.plan.seed, replay), index)
        options = playoff_options(self.rs, self.options, game_type, neutral)
        game = self.rs.new_game(self.teams[home], self.teams[away], SeededDice(s), options,
                                narrate=self.plan.details)
        logs: list[TimeoutLog] = []
        watch: Callable[[Decision, str], None] | None = None
        if self.plan.details:
            logs.append(TimeoutLog(self.rs, game))
            watch = logs[0].note
        coach: Any = self.plan.coach
        if self.plan.coaches:
            coach = {Side.HOME: self.plan.coaches.get(home, coach),
                     Side.AWAY: self.plan.coaches.get(away, coach)}
        drive(game, make_coaches(self.rs, coach, s), None, on_decision=watch)
        played = Played(replay, index, s, game_type, week, home, away, neutral,
                        game.score[Side.HOME], game.score[Side.AWAY])
        if self.plan.keep_plays:
            played.plays = game.plays
            played.timeouts = logs[0].per_play(game.plays, self.names[home]) if logs else None
        return played, game

    def add_totals(self, chunk: Chunk, played: Played, game: Game) -> None:
        box = box_score(game.plays, self.names[played.home], self.names[played.away])
        for code in (played.home, played.away):
            acc = chunk.team_totals.setdefault(code, {})
            for k, v in box[self.names[code]].items():
                acc[k] = acc.get(k, 0.0) + v
        if self.plan.players:
            for key, line in player_stats(game.plays).items():
                acc = chunk.player_totals.setdefault(key, {})
                for k, v in line.items():
                    acc[k] = acc.get(k, 0.0) + v

    def chunk(self, task: tuple[int, int, int]) -> Chunk:
        """Regular-season games [start, stop) of a replay; `task` is (replay, start, stop)."""
        replay, start, stop = task
        out = Chunk(replay, [])
        for g in range(start, stop):
            sg = self.plan.games[g]
            played, game = self.play(replay, g, "REG", sg.week, sg.home, sg.away, sg.neutral)
            self.add_totals(out, played, game)
            out.games.append(played)
        return out


def tasks(replays: int, games: int, chunk: int = CHUNK) -> list[tuple[int, int, int]]:
    return [(r, start, min(games, start + chunk)) for r in range(replays)
            for start in range(0, games, chunk)]


def play_chunks(plan: Plan, replays: int, workers: int, dask: str | None = None
                ) -> Iterator[Chunk]:
    """Every regular-season chunk, in order (replay by replay), on `workers` local processes
    or on the Dask scheduler `dask`."""
    where = Backend(workers, dask)
    with closing(run_chunks(plan, tasks(replays, len(plan.games)), where)) as chunks:
        yield from chunks
