"""Talking to the real `scrimmage play` at its prompt: a test reads what the command printed
up to its `> ` prompt, decides, and types an answer, as a person at a terminal does."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable

PROMPT = "> "


class Conversation:
    """One `scrimmage` process; `turn()` is the text printed since the last answer, up to the
    next prompt (None once the command has ended)."""

    def __init__(self, args: list[str]) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "200"}
        self.proc = subprocess.Popen([sys.executable, "-m", "scrimmage.cli", *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, env=env, bufsize=0)
        self.seen: list[str] = []

    def turn(self) -> str | None:
        assert self.proc.stdout is not None
        out: list[str] = []
        while True:
            ch = self.proc.stdout.read(1)
            if not ch:                  # the command ended
                self.seen.append("".join(out))
                return None
            out.append(ch)
            if ch == " " and len(out) >= 2 and out[-2] == ">" and \
                    (len(out) == 2 or out[-3] == "\n"):
                text = "".join(out)
                self.seen.append(text)
                return text

    def say(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def play(self, answer: Callable[[str], str | None], limit: int = 5000) -> str:
        """Answer each prompt with `answer(text)` (None: stop the game with quit) until the
        command ends; returns everything it printed."""
        for _ in range(limit):
            text = self.turn()
            if text is None:
                break
            reply = answer(text)
            self.say("quit" if reply is None else reply)
        self.close()
        return "".join(self.seen)

    def close(self) -> None:
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            self.proc.stdin.close()
        self.proc.wait(timeout=120)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
