"""`scrimmage print`: the box's paper for a team, a season or a tournament, as one PDF.

Imported at start-up: it holds the command's options only; the PDF library, the rules and
the season's sheets load when the command runs.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path
from typing import Annotated, Any

import typer

from scrimmage.commandline import RulesOpt, WorkersOpt, err, fail
from scrimmage.core.errors import ScrimmageError

INSTALL = "pip install 'scrimmage[print]'"
KINDS = {"legends-hs": "legends", "legends-college": "legends", "legends-pro": "legends",
         "5d20": "fived20", "grid": "grid", "1st-and-roll": "roll"}
"""Which printing module lays out each ruleset's paper."""


def print_sheets(
    rules: RulesOpt = "legends-pro",
    team: Annotated[list[str] | None, typer.Option(
        "--team", "-t", help="A bundled team's name or a team file (repeat for more).")] = None,
    season: Annotated[int | None, typer.Option(
        "--season", help="With --all: every team of this real season, built and cached as "
                         "`scrimmage season` does.")] = None,
    every: Annotated[bool, typer.Option(
        "--all", help="Every team: of --season, else every bundled team (The Grid: the "
                      "whole tournament).")] = False,
    out_path: Annotated[Path, typer.Option("--out", help="The PDF to write.")] = Path(
        "sheets.pdf"),
    paper: Annotated[str, typer.Option("--paper", help="letter or a4.")] = "letter",
    workers: WorkersOpt = None,
) -> None:
    """Print the box's paper for a team as a PDF: sheets, charts, cards, checkoff and pads."""
    paper = paper.lower()
    if paper not in ("letter", "a4"):
        fail(f"--paper {paper}: letter or a4")
    if find_spec("reportlab") is None:
        fail(f"scrimmage print needs the PDF library reportlab: {INSTALL}")
    try:
        from scrimmage.core.ruleset import find_ruleset

        rs = find_ruleset(rules)
        if every and team:
            raise ScrimmageError("--team or --all, not both")
        if season is not None and not every:
            raise ScrimmageError("--season goes with --all (a team of a season: --team with "
                                 "its name or file)")
        if not every and not team:
            raise ScrimmageError("name a team (--team NAME or a team file), or --all")
        with _bar() as bar:
            teams = _teams(rs, team or [], season, every, workers, bar)
            _write(rs, teams, out_path, paper, bar)
    except ScrimmageError as exc:
        fail(exc)
    except OSError as exc:
        fail(f"{out_path}: cannot write ({exc.strerror})")
    err.print(f"wrote {out_path} ({len(teams)} team{'s' if len(teams) != 1 else ''}, {paper})")


def _bar() -> Any:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                    MofNCompleteColumn(), TimeElapsedColumn(), console=err, transient=True,
                    disable=not err.is_terminal)


def _teams(rs: Any, names: list[str], season: int | None, every: bool, workers: int | None,
           bar: Any) -> list[Any]:
    """The team objects to print, in the order given (a season: its clubs' order)."""
    if not every:
        return [rs.load_team(rs.team_data(n), n) for n in names]
    if season is None:
        return [rs.load_team(rs.team_data(n), n) for n in rs.team_names()]
    from scrimmage.season.data import LEVELS
    from scrimmage.season.replay import setup
    from scrimmage.season.runner import default_workers
    from scrimmage.season.sheets import season_sheets

    if rs.name not in LEVELS:
        raise ScrimmageError(f"real seasons exist for {', '.join(LEVELS)}, not {rs.name} "
                             "(--all alone prints every bundled team)")
    st = setup(rs.name, season)
    task = bar.add_task("team sheets", total=None, visible=False)

    def built(name: str, done: int, total: int) -> None:
        bar.update(task, visible=True, total=total, completed=done,
                   description=f"built {name}" if name else "building team sheets")
        bar.refresh()

    data, _ = season_sheets(st.rules, season, st.teams, workers or default_workers(), built)
    bar.update(task, visible=False)
    return [rs.load_team(data[t.code], t.name) for t in st.teams]


def _write(rs: Any, teams: list[Any], out_path: Path, paper: str, bar: Any) -> None:
    from importlib import import_module

    from scrimmage.sheets.printing.layout import Running, document

    kind = import_module(f"scrimmage.sheets.printing.{KINDS[rs.name]}")
    task = bar.add_task("laying out", total=len(teams))
    running = Running(game=rs.title, on_team=lambda: bar.advance(task))
    story: list[Any] = kind.story(teams, rs, running, paper)
    document(str(out_path), paper, running, story)
