"""The loop of a sampled choice (issue 20; made cheaper for issue 36): one option of a decision
played `budget` times by the rules on copies of the game, the mean value of where they end.

A sample costs a copy, the rules' step and the inner coach's answers, and the value of where
the copy ends. That value is memoized (`EndValues`): the copies of one choice end in a few
dozen positions, so each is read on the WP tables once per choice instead of once per sample.
The samples, the dice they roll and the sum they add up to are as before, so every choice is
the same (tests/test_engine_digests.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Final

from scrimmage.analytics import Tables
from scrimmage.analytics.position import Position, position_value
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import Dice
from scrimmage.core.field import Side
from scrimmage.core.sides import AWAY, HOME
from scrimmage.core.what_if import play_out

NO_FILTERS: Final[dict[Side, None]] = {HOME: None, AWAY: None}

Answer = Callable[[Decision, Any], str]
"""Answers a question asked inside a step on a copy: (the question, the copy)."""


class EndValues:
    """The value to `side` of where a copy stands, read on the tables once per distinct
    `key(copy)`: the key must hold everything `where(copy)` reads that a step may change (what
    the game fixes, its rules and teams, may be left out: one memo serves one choice)."""

    __slots__ = ("key", "memo", "side", "tables", "where")

    def __init__(self, tables: Tables, side: Any, where: Callable[[Any], Position],
                 key: Callable[[Any], Hashable]) -> None:
        self.tables = tables
        self.side = side
        self.where = where
        self.key = key
        self.memo: dict[Hashable, float] = {}

    def of(self, game: Any) -> float:
        k = self.key(game)
        value = self.memo.get(k)
        if value is None:
            value = position_value(self.tables, self.where(game), self.side)
            self.memo[k] = value
        return value


class Forced:
    """The answerer of the copy being played: its first question of `kind` answered `option`
    (None: none forced), every other by `answer`. One serves every sample of an option."""

    __slots__ = ("answer", "game", "kind", "option")

    def __init__(self, kind: Kind, answer: Answer) -> None:
        self.game: Any = None
        self.kind = kind
        self.option: str | None = None
        self.answer = answer

    def ask(self, q: Decision) -> str:
        option = self.option
        if option is not None and q.kind is self.kind:
            self.option = None          # only the first question of the kind is forced
            return option
        return self.answer(q, self.game)


def option_mean(fresh: Callable[[Dice], Any], step: Callable[[Any], None], kind: Kind,
                option: str | None, answer: Answer, value: Callable[[Any], float],
                dice: Dice, budget: int) -> float:
    """The mean `value` after `budget` plays of `step` on fresh copies (rolling `dice`), the
    first question of `kind` in each answered `option`, every other by `answer`. The sum is
    added in the order of the samples, as before, so the mean is the same to the last bit."""
    forced = Forced(kind, answer)
    ask = forced.ask
    total = 0.0
    for _ in range(budget):
        game = forced.game = fresh(dice)
        forced.option = option
        play_out(game, step, ask)
        total += value(game)
        # Its pass filters hold views of the copy: without them it is no reference cycle,
        # freed here rather than by the cyclic collector.
        game.use_pass_filters(NO_FILTERS, [])
    forced.game = None
    return total / budget
