"""What the `scrimmage` commands share: the two consoles, the options several commands take,
and a bad input said in one line."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from scrimmage.core.errors import ScrimmageError

out = Console(highlight=False, soft_wrap=True, emoji=False)
err = Console(stderr=True, highlight=False, soft_wrap=True,
              emoji=False)   # an error stays on one line, ":x" stays text

RulesOpt = Annotated[str, typer.Option("--rules", "-r", help="Ruleset name (see `rulesets`).")]
HomeOpt = Annotated[str | None, typer.Option("--home", help="Home team: bundled name or file.")]
AwayOpt = Annotated[str | None, typer.Option("--away", help="Away team: bundled name or file.")]
SeedOpt = Annotated[int, typer.Option("--seed", help="Seed of the dice.")]
ProfileOpt = Annotated[str | None, typer.Option(
    "--profile", help="Football Legends rule book: legends (default) or classic.")]
WorkersOpt = Annotated[int | None, typer.Option(
    "--workers", min=1, help="Worker processes (default: every core); the results do not "
                             "depend on it.")]


def fail(problem: object) -> NoReturn:
    """A bad input: one line on stderr (never rich markup from the input) and exit code 2."""
    err.print(f"[red]error:[/] {escape(' '.join(str(problem).split()))}")
    raise typer.Exit(2)


def write_or_print(text: str, out_path: Path | None) -> None:
    if out_path is None:
        sys.stdout.write(text)
        return
    try:
        out_path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ScrimmageError(f"{out_path}: cannot write ({exc.strerror})") from None
    err.print(f"wrote {out_path}")
