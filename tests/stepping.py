"""A rules call run one question at a time, the way a test stepped a generator.

The rules ask their questions through plain calls (`game.ask`); a test that checks the table
between two questions runs the call in a thread parked at each question, as a person's table
does (`scrimmage.seat.game_thread`): `next(flow)` gives the first question, `flow.send(answer)`
answers it and gives the next, and the end of the call raises `StopIteration` (its `value` is
what the call returned).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scrimmage.core.decisions import Decision, Suspended
from scrimmage.seat.game_thread import ASK, OVER, GameThread


class Stepping:
    def __init__(self, game: Any, call: Callable[[], Any]) -> None:
        self._thread = GameThread(call)
        self._started = False
        game.coach_answer = self._ask

    def _ask(self, decision: Decision) -> str:
        return str(decision.check(self._thread.park(ASK, decision)))

    def _next(self, kind: str) -> Decision:
        if kind == OVER:
            raise StopIteration(self._thread.value)
        return self._thread.value  # type: ignore[no-any-return]

    def __iter__(self) -> Stepping:
        return self

    def __next__(self) -> Decision:
        if not self._started:
            self._started = True
            return self._next(self._thread.start())
        return self.send(None)

    def send(self, answer: Any) -> Decision:
        return self._next(self._thread.resume(answer))

    def close(self) -> None:
        self._thread.stop()


def stepping(game: Any, call: Callable[[], Any]) -> Stepping:
    """Step through `call()` (a rules step on `game`) one question at a time."""
    return Stepping(game, call)


def first_question(game: Any, call: Callable[[], Any]) -> Decision:
    """The first question `call()` asks (the call stops there, as a replay stops at the end
    of its record)."""
    def stop(decision: Decision) -> str:
        raise Suspended(decision)

    game.coach_answer = stop
    try:
        call()
    except Suspended as asked:
        return asked.decision
    raise AssertionError("the call asked nothing")
