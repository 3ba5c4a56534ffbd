"""The Python entry points: `play_game`, `replay`, `resume`, `load_team`, `rulesets`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import scrimmage.rules  # noqa: F401  (registers the rulesets)
from scrimmage.core.decisions import Coach, Decision
from scrimmage.core.dice import Dice, SeededDice, TypedDice, TypedDiceEnded
from scrimmage.core.driver import Driver, drive
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord, plays_digest
from scrimmage.core.ruleset import Game, Ruleset, find_ruleset, ruleset_names

TeamRef = str | dict[str, Any]
CoachSpec = str | Coach | Mapping[Side, Coach | str] | Mapping[str, Coach | str] | None


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


def coach_pair(home: str, away: str) -> str:
    """One coach spec for two kinds, as sim and study carry it: the kind itself when both
    sides have it, else `home=KIND,away=KIND` (read back by `make_coaches`)."""
    return home if home == away else f"home={home},away={away}"


def coach_kinds(spec: str) -> dict[str, str]:
    """The kind of coach on each side of a spec made by `coach_pair`."""
    split = _split_spec(spec)
    return {"home": split["HOME"], "away": split["AWAY"]} if split else \
        {"home": spec, "away": spec}


def _split_spec(spec: str) -> dict[str, str] | None:
    """`home=smart,away=solitaire` as a mapping; None for a plain kind."""
    if "=" not in spec:
        return None
    out: dict[str, str] = {}
    for part in spec.split(","):
        side, _, kind = part.partition("=")
        if side not in ("home", "away") or not kind or side.upper() in out:
            raise ScrimmageError(f"coach spec {spec!r}: give home=KIND,away=KIND")
        out[side.upper()] = kind
    if len(out) != 2:
        raise ScrimmageError(f"coach spec {spec!r}: give home=KIND,away=KIND")
    return out


def make_coaches(rs: Ruleset, spec: CoachSpec, seed: int) -> dict[Side, Coach]:
    if spec is None:
        spec = "solitaire"
    if isinstance(spec, str):
        spec = _split_spec(spec) or spec
    if isinstance(spec, Mapping):
        out: dict[Side, Coach] = {}
        for key, c in spec.items():
            side = Side(key.upper()) if isinstance(key, str) else key
            out[side] = rs.default_coach(c, coach_seed(seed, side)) if isinstance(c, str) else c
        for side in Side:
            out.setdefault(side, rs.default_coach("solitaire", coach_seed(seed, side)))
        return out
    if isinstance(spec, str):
        return {side: rs.default_coach(spec, coach_seed(seed, side)) for side in Side}
    return {Side.HOME: spec, Side.AWAY: spec}


def new_game(rules: str, home: TeamRef, away: TeamRef, *, seed: int,
             typed: list[int] | TypedDice | None = None,
             **options: Any) -> tuple[Game, GameRecord]:
    """A game ready to drive, and the (empty) record that will hold its decisions. With
    `typed` (a record's `dice`, [] for a new game) the game rolls the faces typed at a real
    table (`TypedDice`, stopping where they end; or the `TypedDice` given, a table's, which
    asks for more) instead of the seed's dice."""
    rs = find_ruleset(rules)
    options = rs.check_options(options)
    home_data, home_src = _team(rs, home)
    away_data, away_src = _team(rs, away)
    home_team = rs.load_team(home_data, home_src)
    away_team = rs.load_team(away_data, away_src)
    if home_team.name == away_team.name:
        away_team.name = f"{away_team.name} (away)"
    dice: Dice = SeededDice(seed) if typed is None else \
        TypedDice(list(typed)) if isinstance(typed, list) else typed
    game = rs.new_game(home_team, away_team, dice, dict(options))
    record = GameRecord(rules=rs.name, seed=seed, home=home_team.name, away=away_team.name,
                        home_team=home_data, away_team=away_data, options=dict(options),
                        dice=None if not isinstance(dice, TypedDice) else list(dice.values))
    return game, record


def typed_left(game: Game, record: GameRecord) -> int:
    """How many of a record's typed dice its replayed game has not rolled (0 for a game of
    the engine's dice)."""
    dice = game.dice
    return len(record.dice) - dice.used if isinstance(dice, TypedDice) and record.dice else 0


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
                           typed=record.dice, **record.options)
    rs = find_ruleset(record.rules)
    prefix = list(record.decisions)
    fresh.fairness = record.fairness
    drive(game, make_coaches(rs, coaches, record.seed), fresh.decisions, prefix=prefix,
          on_decision=on_decision)
    if typed_left(game, record):
        raise ScrimmageError(f"the game ends with {typed_left(game, record)} of the record's "
                             "typed dice not rolled")
    return _finish(game, fresh)


def restore(record: GameRecord, coaches: CoachSpec = None, people: tuple[Side, ...] = (),
            source: str = "record") -> tuple[Game, Driver, GameRecord]:
    """Rebuild a saved game up to its last decision and check that it is the game that was
    saved: the teams are the record's, every decision fits, the record does not go on past
    the end of the game, and the plays match the saved digest and final score. Returns the
    game, stopped at the question after the record (or at its end), the driver that replayed
    it (its `pending` is that question), and a fresh record holding the replayed decisions.
    A stopped game is shown, not played on: play on from the record (`scrimmage.seat.table`)."""
    game, fresh = new_game(record.rules, record.home_team, record.away_team, seed=record.seed,
                           typed=record.dice, **record.options)
    if (fresh.home, fresh.away) != (record.home, record.away):
        raise ScrimmageError(f"{source}: the teams inside the record ({fresh.home}, {fresh.away})"
                             f" are not the saved game's ({record.home}, {record.away})")
    fresh.seats = record.seats
    fresh.fairness = record.fairness
    driver = Driver(game, make_coaches(find_ruleset(record.rules), coaches, record.seed),
                    fresh.decisions, prefix=record.decisions, people=people)
    try:
        driver.run(replay_only=True)
    except TypedDiceEnded:          # the game waits for a die still to be thrown
        if len(fresh.decisions) < len(record.decisions):
            raise ScrimmageError(f"{source}: its typed dice end at decision "
                                 f"{len(fresh.decisions)}, before its decisions do") from None
    if len(fresh.decisions) < len(record.decisions):
        raise ScrimmageError(f"{source}: the game ends at decision {len(fresh.decisions)} but "
                             f"the record goes on to decision {len(record.decisions)}")
    if typed_left(game, record):
        raise ScrimmageError(f"{source}: {typed_left(game, record)} of its typed dice are "
                             "never rolled (an edited file?)")
    if record.finished and not game.over:
        raise ScrimmageError(f"{source}: marked finished, but its decisions end before the game")
    if record.digest is not None and (record.play_count != len(game.plays)
                                      or plays_digest(game.plays) != record.digest):
        raise ScrimmageError(f"{source}: its decisions no longer replay to the saved game (an "
                             "edited file, or a save from another version of scrimmage)")
    score = {fresh.home: game.score[Side.HOME], fresh.away: game.score[Side.AWAY]}
    if record.finished and record.final_score and record.final_score != score:
        raise ScrimmageError(f"{source}: the saved final score {record.final_score} is not the "
                             f"replayed one {score}")
    fresh.plays = game.plays
    return game, driver, fresh


def replay(record: GameRecord) -> GameRecord:
    """Reproduce a finished game exactly from its record (no coach is consulted)."""
    return resume(record, coaches=_NoCoach())


class _NoCoach:
    def decide(self, decision: Decision, view: Any) -> str:
        from scrimmage.core.driver import ReplayDiverged

        raise ReplayDiverged("the record ends before the game does")
