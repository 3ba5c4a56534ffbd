"""Games played with typed dice (issue 37) beside the same games with the engine's dice: a
test plays a game with the engine's dice, then types those very faces into a game of the
people's own dice, and the two must be one game, play for play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scrimmage.api import new_game
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord, plays_digest
from scrimmage.core.ruleset import find_ruleset
from scrimmage.seat.own_dice import Throw
from scrimmage.seat.table import Pending, SeatSpec, Table

PERSON_HOME = {Side.HOME: SeatSpec.person(), Side.AWAY: SeatSpec.computer("solitaire")}


def suggestion(pending: Pending) -> str:
    return pending.suggestion


def engine_game(rules: str, seed: int, seats: dict[Side, SeatSpec] | None = None,
                answer: Callable[[Pending], str] = suggestion) -> tuple[GameRecord, list[int]]:
    """A whole game with the engine's dice, the person's questions answered by `answer`:
    its record and the faces its dice showed, in order."""
    h, a = find_ruleset(rules).default_teams()
    _, record = new_game(rules, h, a, seed=seed)
    table = Table(record, seats or PERSON_HOME)
    table.play_out(answer)
    return table.record, [value for _, value in table.game.dice.log]


def own_dice_record(rules: str, seed: int) -> GameRecord:
    """A new record of a game played with the people's own dice."""
    h, a = find_ruleset(rules).default_teams()
    _, record = new_game(rules, h, a, seed=seed, typed=[])
    return record


def same_game(ours: GameRecord | dict[str, Any], engine: GameRecord) -> None:
    """The typed-dice game is the engine's game: the same plays, the same final score."""
    plays = ours.plays if isinstance(ours, GameRecord) else ours["plays"]
    final = ours.final_score if isinstance(ours, GameRecord) else ours["final_score"]
    assert len(plays) == len(engine.plays)
    assert plays_digest(plays) == plays_digest(engine.plays)
    assert final == engine.final_score


def as_typed(throw: Throw, value: int) -> str:
    """What a person types for a die whose engine twin showed `value`: a printed face's label
    ("(8)", "CLOCK"), a card ("7H"), else the number."""
    return throw.labels[value - 1] if throw.labels else str(value)


def typed_game(rules: str, seed: int, faces: list[int],
               seats: dict[Side, SeatSpec] | None = None) -> tuple[Table, list[str]]:
    """The game of `seed` played with the people's own dice, each typed as a person would
    type what the engine's die showed; the table and the texts typed."""
    table = Table(own_dice_record(rules, seed), seats or PERSON_HOME)
    typed: list[str] = []

    def on_die(throw: Throw) -> str:
        typed.append(as_typed(throw, faces[throw.index]))
        return typed[-1]

    table.play_out(suggestion, on_die)
    return table, typed


def same_game_by_faces(ours: GameRecord | dict[str, Any], engine: GameRecord) -> None:
    """The typed game is the engine's but for which of two faces printed alike was read (a
    person types the label; the first face of it is kept): every other fact the same."""
    plays = ours.plays if isinstance(ours, GameRecord) else ours["plays"]
    final = ours.final_score if isinstance(ours, GameRecord) else ours["final_score"]

    def facts(ps: list[dict[str, Any]]) -> str:
        return plays_digest([{k: v for k, v in p.items() if k != "dice"} for p in ps])

    assert len(plays) == len(engine.plays)
    assert facts(plays) == facts(engine.plays)
    assert final == engine.final_score
