"""The fan's box score on a terminal: the dict of `scrimmage.core.boxscore.fan_box_score`
drawn with rich, visitors first, in the order of Pro-Football-Reference's page (line score,
scoring summary, team statistics, player tables). Sized for a 100-column terminal: teams go
by a short name in column heads, long scoring descriptions wrap."""

from __future__ import annotations

from typing import Any

from rich import box as boxes
from rich.console import Console
from rich.table import Table

from scrimmage.core.scoreboard import short_names


def _table(title: str, **kwargs: Any) -> Table:
    return Table(title=title, title_justify="left", title_style="bold", box=boxes.SIMPLE_HEAD,
                 show_edge=False, pad_edge=False, **kwargs)


def render_box_score(box: dict[str, Any], console: Console, headline: bool = True) -> None:
    """Print the box score `box` (from `fan_box_score`) on `console`; `headline=False` leaves
    out the final score's line (the play-by-play has just said it)."""
    teams, final = box["teams"], box["final"]
    away, home = short_names(teams["away"], teams["home"])
    heads = {"away": away, "home": home}
    a, h = final["away"], final["home"]
    won = "away" if a > h else "home" if h > a else None

    def team(side: str, text: str) -> str:
        return f"[bold]{text}[/]" if side == won else text

    if headline:
        console.print(f"Final: {team('away', teams['away'])} {a} @ "
                      f"{team('home', teams['home'])} {h}")
        console.print()
    _line_score(box["line_score"], heads, final, console)
    if box["scoring"]:
        _scoring(box["scoring"], heads, console)
    _team_stats(box["team_stats"], heads, console)
    for table in box["players"].values():
        _players(table, heads, console)


def _line_score(line: dict[str, Any], heads: dict[str, str], final: dict[str, int],
                console: Console) -> None:
    t = _table("Line score")
    t.add_column("")
    for period in line["periods"]:
        t.add_column(period, justify="right")
    t.add_column("Final", justify="right", style="bold")
    for side in ("away", "home"):
        t.add_row(heads[side], *(str(x) for x in line[side]), str(final[side]))
    console.print(t)
    console.print()


def _scoring(scoring: list[dict[str, Any]], heads: dict[str, str], console: Console) -> None:
    t = _table("Scoring summary")
    t.add_column("Per")
    t.add_column("Time", justify="right", no_wrap=True)
    t.add_column("Tm", no_wrap=True)
    t.add_column("Detail", overflow="fold")
    t.add_column(heads["away"], justify="right")
    t.add_column(heads["home"], justify="right")
    for s in scoring:
        t.add_row(s["period"], s["clock"], heads[s["side"]], s["description"],
                  str(s["away_score"]), str(s["home_score"]))
    console.print(t)
    console.print()


def _team_stats(rows: list[dict[str, Any]], heads: dict[str, str], console: Console) -> None:
    t = _table("Team stats")
    t.add_column("")
    t.add_column(heads["away"], justify="right")
    t.add_column(heads["home"], justify="right")
    for r in rows:
        t.add_row(r["label"], r["away"], r["home"])
    console.print(t)
    console.print()


def _players(table: dict[str, Any], heads: dict[str, str], console: Console) -> None:
    t = _table(table["title"])
    t.add_column("Player", overflow="ellipsis", max_width=26, no_wrap=True)
    t.add_column("Tm", no_wrap=True)
    for col in table["columns"]:
        t.add_column(col, justify="right")
    rows = table["rows"]
    for i, r in enumerate(rows):
        last_of_side = i + 1 < len(rows) and rows[i + 1]["side"] != r["side"]
        t.add_row(r["player"], heads[r["side"]], *r["values"], end_section=last_of_side)
    console.print(t)
    console.print()
