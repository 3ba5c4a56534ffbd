"""The Python entry points: `play_game`, `replay`, `resume`, `load_team`, `rulesets`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import scrimmage.rules  # noqa: F401  (registers the rulesets)
from scrimmage.core.decisions import Coach, Decision
from scrimmage.core.dice import SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord
from scrimmage.core.ruleset import Game, Ruleset, find_ruleset, ruleset_names

TeamRef = str | dict[str, Any]
CoachSpec = str | Coach | Mapping[Side | str, Coach | str] | None


def rulesets() -> list[str]:
    """Names of every registered ruleset."""
    return ruleset_names()


def load_team(rules: str, name_or_path: str) -> Any:
    """A bundled team by name, or a team file by path, validated."""
    rs = find_ruleset(rules)
    return rs.load_team(rs.team_data(name_or_path), name_or_path)


def _team(rs: Ruleset, ref: TeamRef) -> tuple[dict[str, Any], str]:
    if isinstance(ref, dict):
        return ref, "team data"
    return rs.team_data(ref), ref


def coach_seed(seed: int, side: Side) -> int:
    """Each computer coach gets its own dice, derived from the game's seed."""
    return seed * 2 + (1 if side is Side.HOME else 2)


def make_coaches(rs: Ruleset, spec: CoachSpec, seed: int) -> dict[Side, Coach]:
    if spec is None:
        spec = "solitaire"
    if isinstance(spec, Mapping):
        out: dict[Side, Coach] = {}
        for key, c in spec.items():
            side = Side(key) if isinstance(key, str) else key
            out[side] = rs.default_coach(c, coach_seed(seed, side)) if isinstance(c, str) else c
        for side in Side:
            out.setdefault(side, rs.default_coach("solitaire", coach_seed(seed, side)))
        return out
    if isinstance(spec, str):
        return {side: rs.default_coach(spec, coach_seed(seed, side)) for side in Side}
    return {Side.HOME: spec, Side.AWAY: spec}


def new_game(rules: str, home: TeamRef, away: TeamRef, *, seed: int,
             **options: Any) -> tuple[Game, GameRecord]:
    """A game ready to drive, and the (empty) record that will hold its decisions."""
    rs = find_ruleset(rules)
    home_data, home_src = _team(rs, home)
    away_data, away_src = _team(rs, away)
    home_team = rs.load_team(home_data, home_src)
    away_team = rs.load_team(away_data, away_src)
    if home_team.name == away_team.name:
        away_team.name = f"{away_team.name} (away)"
    game = rs.new_game(home_team, away_team, SeededDice(seed), dict(options))
    record = GameRecord(rules=rs.name, seed=seed, home=home_team.name, away=away_team.name,
                        home_team=home_data, away_team=away_data, options=dict(options))
    return game, record


def _finish(game: Game, record: GameRecord) -> GameRecord:
    record.plays = game.plays
    record.finished = game.over
    record.final_score = {record.home: game.score[Side.HOME], record.away: game.score[Side.AWAY]}
    return record


def play_game(rules: str, home: TeamRef, away: TeamRef, *, seed: int,
              coaches: CoachSpec = None,
              on_decision: Callable[[Decision, str], None] | None = None,
              **options: Any) -> GameRecord:
    """Play a whole game. `coaches` is a coach kind ('solitaire', 'random'), a coach, or a
    mapping from side to either; by default both sides are solitaire coaches."""
    game, record = new_game(rules, home, away, seed=seed, **options)
    rs = find_ruleset(rules)
    drive(game, make_coaches(rs, coaches, seed), record.decisions, on_decision=on_decision)
    return _finish(game, record)


def resume(record: GameRecord, coaches: CoachSpec = None,
           on_decision: Callable[[Decision, str], None] | None = None) -> GameRecord:
    """Replay a record's decisions, then let `coaches` play on from where it stopped."""
    game, fresh = new_game(record.rules, record.home_team, record.away_team, seed=record.seed,
                           **record.options)
    rs = find_ruleset(record.rules)
    prefix = list(record.decisions)
    drive(game, make_coaches(rs, coaches, record.seed), fresh.decisions, prefix=prefix,
          on_decision=on_decision)
    return _finish(game, fresh)


def replay(record: GameRecord) -> GameRecord:
    """Reproduce a finished game exactly from its record (no coach is consulted)."""
    return resume(record, coaches=_NoCoach())


class _NoCoach:
    def decide(self, decision: Decision, view: Any) -> str:
        from scrimmage.core.driver import ReplayDiverged

        raise ReplayDiverged("the record ends before the game does")
