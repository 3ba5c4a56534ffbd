"""A rules call run one question at a time, the way a test stepped a generator.

The rules ask their questions through plain calls (`game.ask`); a test that checks the table
between two questions runs the call in a thread that waits at each question: `next(flow)`
gives the first question, `flow.send(answer)` answers it and gives the next, and the end of
the call raises `StopIteration` (its `value` is what the call returned). Test code only: the
engine never runs a game in a thread.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

from scrimmage.core.decisions import Decision


class _Abandoned(BaseException):
    """Unwinds a call the test stopped stepping through."""


class Stepping:
    def __init__(self, game: Any, call: Callable[[], Any]) -> None:
        self._answers: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._events: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._call = call
        self._thread: threading.Thread | None = None
        game.coach_answer = self._ask

    def _run(self) -> None:
        try:
            self._events.put(("done", self._call()))
        except _Abandoned:
            pass
        except BaseException as exc:
            self._events.put(("error", exc))

    def _ask(self, decision: Decision) -> str:
        self._events.put(("ask", decision))
        kind, answer = self._answers.get()
        if kind == "stop":
            raise _Abandoned
        return str(decision.check(answer))

    def _wait(self) -> Decision:
        kind, value = self._events.get(timeout=60)
        if kind == "ask":
            return value  # type: ignore[no-any-return]
        if kind == "done":
            raise StopIteration(value)
        raise value

    def __iter__(self) -> Stepping:
        return self

    def __next__(self) -> Decision:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, daemon=True)
            self._thread.start()
            return self._wait()
        return self.send(None)

    def send(self, answer: Any) -> Decision:
        self._answers.put(("answer", answer))
        return self._wait()

    def close(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            self._answers.put(("stop", None))
            self._thread.join(timeout=10)


def stepping(game: Any, call: Callable[[], Any]) -> Stepping:
    """Step through `call()` (a rules step on `game`) one question at a time."""
    return Stepping(game, call)


class _Asked(BaseException):
    def __init__(self, decision: Decision) -> None:
        super().__init__(decision)
        self.decision = decision


def first_question(game: Any, call: Callable[[], Any]) -> Decision:
    """The first question `call()` asks (the call stops there)."""
    def stop(decision: Decision) -> str:
        raise _Asked(decision)

    game.coach_answer = stop
    try:
        call()
    except _Asked as asked:
        return asked.decision
    raise AssertionError("the call asked nothing")
