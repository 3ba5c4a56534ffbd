"""Where a person's game waits for the person: a thread of its own, parked at the question.

The rules are plain calls (`game.ask` returns the answer), so a game that must wait for a
person waits inside the call. `GameThread` plays a table's game in a thread that parks at a
person's question, and after each play (the table saves and shows the play in its own
thread, so files, databases and the screen are only ever touched by the caller). The caller
and the game take turns and never run at once: the caller hands over, then waits until the
game parks or ends. Nothing in the rules knows about it.

A parked game holds no reference to its table: when the table goes, `stop` (its finalizer)
unwinds the parked call and the thread ends.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

ASK, PLAYED, DIE, OVER, ERROR, STOP = "ask", "played", "die", "over", "error", "stop"


class Abandoned(BaseException):
    """Raised inside a parked game whose table is gone or starts again."""


class GameThread:
    """One run of a table's game (`play`, the driver's `run`) in its own thread."""

    def __init__(self, play: Callable[[], Any]) -> None:
        self._play = play
        self._to_game: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._to_caller: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, daemon=True, name="scrimmage-game")
        self.done = False
        self.value: Any = None
        """What the game parked with (`park`'s `value`: the question, for a caller that wants
        it), or what `play` returned once it is OVER."""

    # -- the caller's side ---------------------------------------------------------------
    def start(self) -> str:
        """Start the game; returns where it parked (ASK, PLAYED, DIE) or OVER."""
        self._thread.start()
        return self._wait()

    def resume(self, value: Any = None) -> str:
        """Hand `value` to the parked game (the person's answer) and wait for its next stop."""
        self._to_game.put((ASK, value))
        return self._wait()

    def stop(self) -> None:
        """Unwind a parked game (its table is gone, or plays again from its record)."""
        if not self.done and self._thread.is_alive():
            self.done = True
            self._to_game.put((STOP, None))

    def _wait(self) -> str:
        kind, value = self._to_caller.get()
        self.value = value
        if kind in (OVER, ERROR):
            self.done = True
            self._thread.join()
        if kind == ERROR:
            raise value
        return kind

    # -- the game's side -----------------------------------------------------------------
    def park(self, why: str, value: Any = None) -> Any:
        """Called by the game: wait here until the caller hands something back."""
        self._to_caller.put((why, value))
        kind, value = self._to_game.get()
        if kind == STOP:
            raise Abandoned
        return value

    def _run(self) -> None:
        try:
            self._play()
        except Abandoned:
            return
        except BaseException as exc:
            self._to_caller.put((ERROR, exc))
            return
        self._to_caller.put((OVER, None))
