"""A person at the terminal: shows the table, asks each decision, refuses illegal answers."""

from __future__ import annotations

from typing import IO, Any

from rich.console import Console

from scrimmage.core.decisions import Decision
from scrimmage.core.errors import IllegalDecision, ScrimmageError


class InputEnded(ScrimmageError):
    """Standard input closed while the game waited for a decision."""


class TerminalCoach:
    """Answers by number (1, 2, ...) or by name; an empty line takes the first option."""

    def __init__(self, console: Console, show: Any, stream: IO[str] | None = None) -> None:
        self.console = console
        self.show = show          # called before each prompt to print what happened since
        self.stream = stream

    def _readline(self) -> str:
        if self.stream is not None:
            line = self.stream.readline()
            if not line:
                raise InputEnded("input ended; the game so far is saved if --save was given")
            return line.strip()
        try:
            return input().strip()
        except EOFError:
            raise InputEnded("input ended; the game so far is saved if --save was given") from None

    def decide(self, decision: Decision, view: Any) -> str:
        self.show()
        c = self.console
        situation = getattr(view, "situation", None)
        if situation is not None:
            c.print(f"[magenta]{situation}[/] [dim]({decision.seat.value.lower()} "
                    f"{'offense' if getattr(view, 'on_offense', False) else 'defense'})[/]")
        c.print(f"[bold cyan]{decision.prompt or decision.kind.value}[/]")
        for key, value in decision.info.items():
            if key not in ("side",) and value is not None:
                c.print(f"  [dim]{key}:[/] {value}")
        for i, opt in enumerate(decision.options, start=1):
            c.print(f"  [bold]{i}[/] {opt}")
        c.print("> ", end="")
        text = self._readline()
        if not text:
            return decision.options[0]
        if text.isdigit() and 1 <= int(text) <= len(decision.options):
            return decision.options[int(text) - 1]
        return text

    def refused(self, decision: Decision, error: IllegalDecision) -> None:
        self.console.print(f"[red]{error}[/]")
