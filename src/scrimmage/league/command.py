"""`scrimmage league ...`: a season you coach, from the terminal (docs/leagues.md).

Every command reads and writes the leagues in the games database of `scrimmage serve` (in
your data folder; `--db` for another), so the same league is on the web page too. A league
is named by its id, its name, or `last` (the one played last, the default).
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from scrimmage.core.errors import ScrimmageError
from scrimmage.core.options import split_option

out = Console(highlight=False, emoji=False, width=None if sys.stdout.isatty() else 150)
err = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)
league_app = typer.Typer(help="Seasons you coach: real seasons, leagues of your own, Grid "
                              "leagues drafted at the table (docs/leagues.md).",
                         no_args_is_help=True)

DbOpt = Annotated[str | None, typer.Option(
    "--db", help="The games database: a SQLite file (default: server.db in your data folder, "
                 "as serve) or a PostgreSQL URL (postgresql://USER@HOST/DBNAME).")]
LeagueArg = Annotated[str, typer.Argument(help="The league: its id, its name, or last.")]


def _fail(problem: object) -> None:
    err.print(f"[red]error:[/] {escape(' '.join(str(problem).split()))}")
    raise typer.Exit(2)


def _store(db: str | None) -> Any:
    from scrimmage.league.store import LeagueStore
    from scrimmage.seat.saved import games_dir

    return LeagueStore(db or games_dir().parent / "server.db")


def _find(store: Any, ref: str) -> Any:
    leagues = store.leagues()
    if not leagues:
        raise ScrimmageError("no leagues yet: make one with scrimmage league new")
    if ref == "last":
        return store.league(leagues[0]["league_id"])
    for entry in leagues:
        if ref in (entry["league_id"], entry["name"]) or ref.lower() == entry["name"].lower():
            return store.league(entry["league_id"])
    names = ", ".join(f"{e['name']} ({e['league_id']})" for e in leagues[:5])
    raise ScrimmageError(f"no league {ref!r}; leagues: {names}")


def _progress_bar(total: int | None, what: str) -> Progress:
    return Progress(TextColumn(f"[progress.description]{what}"), BarColumn(),
                    MofNCompleteColumn(), TimeElapsedColumn(), console=err, transient=True,
                    disable=not err.is_terminal)


@league_app.command("new")
def new(
    rules: Annotated[str, typer.Option("--rules", "-r", help="The ruleset.")] = "legends-pro",
    season: Annotated[int | None, typer.Option(
        "--season", help="A real season: its teams, schedule and playoffs.")] = None,
    coach: Annotated[list[str] | None, typer.Option(
        "--coach", help="A team you coach (repeat for several people at one screen).")] = None,
    name: Annotated[str, typer.Option("--name", help="The league's name.")] = "",
    teams: Annotated[list[str] | None, typer.Option(
        "--teams", help="A league of your own: a team's name or file (repeat, or commas).")]
        = None,
    weeks: Annotated[int | None, typer.Option(min=1, help="Weeks of a league of your own "
                                              "(default: each team meets every other).")] = None,
    playoffs: Annotated[int | None, typer.Option(
        min=0, help="Teams in the playoffs of a league of your own (default 4).")] = None,
    divisions: Annotated[int, typer.Option(min=1, help="Divisions of a league of your own "
                                           "(rivals meet home and away).")] = 1,
    draft: Annotated[str | None, typer.Option(
        help="The Grid: build the teams by draft, snake, auction or create.")] = None,
    tournament: Annotated[bool, typer.Option(
        "--tournament", help="The Grid: the FAFL World Tournament of the twelve nations.")]
        = False,
    computer: Annotated[str, typer.Option(
        help="The computer coach of the other teams (solitaire, smart...).")] = "solitaire",
    ask: Annotated[str | None, typer.Option(
        help="What you answer yourself in your games, as scrimmage play --ask (calls, all, or "
             "kinds: calls,timeout); the assistant answers the rest.")] = None,
    seed: Annotated[int | None, typer.Option(help="The league's dice (default: random).")]
        = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="A ruleset option KEY=VALUE for every game.")] = None,
    workers: Annotated[int | None, typer.Option(min=1, help="Processes that build missing "
                                                "sheets.")] = None,
    db: DbOpt = None,
) -> None:
    """Make a league: a real season (--season), a league of your own (--teams), or a Grid
    league drafted here (--draft)."""
    import secrets

    from scrimmage.core.ruleset import find_ruleset
    from scrimmage.league.making import own_league, season_league
    from scrimmage.league.model import Coaching
    from scrimmage.sim.parallel import default_workers

    try:
        rs = find_ruleset(rules)
        rs.default_coach(computer, 0)
        options = dict(split_option(o) for o in option or [])
        from scrimmage.seat.policy import AskPolicy

        policy = AskPolicy.parse(ask).to_json() if ask is not None else None
        mine = {c: Coaching("person", policy) for c in (coach or [])}
        chosen = seed if seed is not None else secrets.randbelow(2**31)
        refs = [t.strip() for given in teams or [] for t in given.split(",") if t.strip()]
        if tournament:
            if rs.name != "grid":
                raise ScrimmageError(f"--tournament is The Grid's, not {rs.name}'s")
            from scrimmage.league.tournament import tournament_league

            league = tournament_league(mine, seed=chosen, name=name)
        elif (season is not None) + bool(refs or draft) != 1 or (
                draft is not None and not refs):
            raise ScrimmageError("say what league to make: --season YEAR, --teams A,B,... or "
                                 "(The Grid) --draft snake|draft|auction|create with --teams, "
                                 "or --tournament")
        elif draft is not None:
            if rs.name != "grid":
                raise ScrimmageError(f"--draft builds The Grid's teams, not {rs.name}'s")
            league = _grid(refs, draft, mine, chosen, name, weeks, playoffs)
        elif season is not None:
            with _progress_bar(None, "building team sheets") as bar:
                task = bar.add_task("sheets", total=None)
                league = season_league(rs.name, season, mine, seed=chosen, name=name,
                                       options=options, workers=workers or default_workers(),
                                       build_progress=lambda code, done, total: bar.update(
                                           task, total=total, completed=done))
        else:
            league = own_league(rs.name, refs, mine, seed=chosen, name=name, options=options,
                                weeks=weeks, playoffs=playoffs, divisions=divisions)
        for team in league.teams.values():
            if not team.coaching.person:
                team.coaching.kind = computer
        store = _store(db)
        league_id = store.create(league)
    except ScrimmageError as exc:
        _fail(exc)
        return
    people = ", ".join(league.teams[c].name for c in league.people) or "nobody (all computer)"
    out.print(f"Made league [bold]{escape(league.name)}[/] ({league_id}): "
              f"{len(league.teams)} teams, {league.weeks} weeks; you coach {escape(people)}.")
    out.print("Next: scrimmage league play (your next game), scrimmage league sim --to-my-game,"
              " scrimmage league show")


def _grid(names: list[str], method: str, mine: dict[str, Any], seed: int, name: str,
          weeks: int | None, playoffs: int | None) -> Any:
    from scrimmage.league.making import grid_league
    from scrimmage.rules.grid.league import PromptBuilder, player_pool

    if len(names) < 2:
        raise ScrimmageError("--draft needs the teams' names: --teams 'Hawks,Bears,Lions,Wolves'")

    def ask(prompt: str, choices: list[str]) -> str:
        for _ in range(50):
            out.print(f"[bold cyan]{escape(prompt)}[/]")
            for i, c in enumerate(choices, start=1):
                out.print(f"  [bold]{i}[/] {escape(c)}")
            out.print("> ", end="")
            try:
                text = input().strip()
            except EOFError:
                raise ScrimmageError("input ended before the teams were built") from None
            if not text:
                return choices[0]
            if text.isdigit() and 1 <= int(text) <= len(choices):
                return choices[int(text) - 1]
            if text.isdigit():
                out.print("[red]choose one of the numbers[/]")
                continue
            return text
        raise ScrimmageError("too many unreadable answers")

    builder = PromptBuilder(player_pool(), ask) if mine else None
    return grid_league(names, method, mine, seed=seed, person_builder=builder, name=name,
                       weeks=weeks, playoffs=playoffs)


@league_app.command("list")
def list_(db: DbOpt = None) -> None:
    """Your leagues, the last played first."""
    try:
        store = _store(db)
        leagues = store.leagues()
        if not leagues:
            out.print("No leagues yet: scrimmage league new --rules legends-pro --season 1985 "
                      "--coach '1985 Chicago Bears'")
            return
        table = Table("id", "league", "rules", "where it stands", box=None)
        for entry in leagues:
            summary = _summary(store, store.league(entry["league_id"]))
            table.add_row(entry["league_id"], escape(entry["name"]), entry["rules"],
                          escape(_standing_words(summary)))
        out.print(table)
    except ScrimmageError as exc:
        _fail(exc)


def _summary(store: Any, league: Any) -> dict[str, Any]:
    from scrimmage.league import views
    from scrimmage.league.playing import state

    return views.summary(state(store, league))


def _standing_words(s: dict[str, Any]) -> str:
    if s["phase"] == "over":
        return f"over: champion {', '.join(s['champions'])}"
    if s["phase"] == "playoffs":
        return f"playoffs ({s['games_played']} games played)"
    return f"week {s['week']} of {s['weeks']} ({s['games_played']} games played)"


@league_app.command("show")
def show(league: LeagueArg = "last", db: DbOpt = None,
         as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False
         ) -> None:
    """This week, your next game, and the standings."""
    from scrimmage.league import views
    from scrimmage.league.playing import state

    try:
        store = _store(db)
        lg = _find(store, league)
        st = state(store, lg)
        summary = views.summary(st)
        if as_json:
            sys.stdout.write(json.dumps({**summary, "standings": views.standings(st)}) + "\n")
            return
        out.print(f"[bold]{escape(lg.name)}[/] ({lg.league_id}), {escape(lg.rules)}: "
                  f"{_standing_words(summary)}")
        for person in summary["people"]:
            nxt = person["next"]
            what = "no more games" if nxt is None else (
                f"{_game_words(nxt)} ({nxt['round'].lower()}, week {nxt['week']})")
            out.print(f"Your next game, {escape(person['team'])}: {escape(what)}")
        if summary["this_week"]:
            out.print(f"[bold]Week {summary['week']}[/]")
            for g in summary["this_week"]:
                out.print("  " + escape(_game_words(g)))
        _print_standings(views.standings(st))
    except ScrimmageError as exc:
        _fail(exc)


def _game_words(g: dict[str, Any]) -> str:
    at = "vs" if g["neutral"] else "at"
    if g["home_points"] is None:
        return f"{g['away_team']} {at} {g['home_team']}" + (
            "" if g["status"] == "scheduled" else f" ({g['status']})")
    return (f"{g['away_team']} {g['away_points']} {at} {g['home_team']} {g['home_points']}")


def _print_standings(tables: list[dict[str, Any]]) -> None:
    for t in tables:
        title = t["division"] if t["division"] == t["conference"] else \
            f"{t['conference']} · {t['division']}"
        table = Table(title=title, title_justify="left")
        real = any("real" in r for r in t["rows"])
        points = any("points" in r for r in t["rows"])     # a tournament group: 3-1-0
        for col in ("team", "W", "L", "T", "PF", "PA", *(("Pts",) if points else ()),
                    *(("real",) if real else ())):
            table.add_column(col, justify="left" if col == "team" else "right")
        for r in t["rows"]:
            table.add_row(escape(r["team"]), str(r["wins"]), str(r["losses"]), str(r["ties"]),
                          str(r["points_for"]), str(r["points_against"]),
                          *((str(r["points"]),) if points else ()),
                          *((r.get("real", ""),) if real else ()))
        out.print(table)


@league_app.command("standings")
def standings_(league: LeagueArg = "last", db: DbOpt = None,
               as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The standings by conference and division, and the playoff bracket."""
    from scrimmage.league import views
    from scrimmage.league.playing import state

    try:
        store = _store(db)
        st = state(store, _find(store, league))
        tables, bracket = views.standings(st), views.bracket(st)
        if as_json:
            sys.stdout.write(json.dumps({"standings": tables, "playoffs": bracket}) + "\n")
            return
        _print_standings(tables)
        for g in bracket["games"]:
            out.print(f"{g['round']}: " + escape(_game_words(g)))
        if bracket["champions"]:
            out.print(f"[bold]Champion: {escape(', '.join(bracket['champions']))}[/]")
    except ScrimmageError as exc:
        _fail(exc)


@league_app.command("schedule")
def schedule(league: LeagueArg = "last", db: DbOpt = None,
             team: Annotated[str | None, typer.Option(help="One team's games.")] = None,
             week: Annotated[int | None, typer.Option(help="One week's games.")] = None,
             as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The schedule, with the scores of the games played."""
    from scrimmage.league import views
    from scrimmage.league.playing import state

    try:
        store = _store(db)
        st = state(store, _find(store, league))
        code = st.league.team_named(team).code if team else None
        rows = views.game_rows(st, week=week, team=code)
        if as_json:
            sys.stdout.write(json.dumps(rows) + "\n")
            return
        current = None
        for g in rows:
            if g["week"] != current:
                current = g["week"]
                label = g["round"] if g["game_type"] != "REG" else f"Week {current}"
                out.print(f"[bold]{escape(label)}[/]")
            out.print(f"  {escape(_game_words(g))}")
    except ScrimmageError as exc:
        _fail(exc)


@league_app.command("leaders")
def leaders(league: LeagueArg = "last", db: DbOpt = None,
            as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """League leaders: teams per game, and players where the ruleset names them (5D20)."""
    from scrimmage.league import views
    from scrimmage.league.playing import state

    try:
        store = _store(db)
        data = views.leaders(state(store, _find(store, league)))
        if as_json:
            sys.stdout.write(json.dumps(data) + "\n")
            return
        if not data["teams"] or not any(data["teams"].values()):
            out.print("No games played yet.")
            return
        out.print("[bold]Team leaders[/] (per game)")
        for words, rows in data["teams"].items():
            out.print(f"  {words}: " + ", ".join(f"{escape(r['team'])} {r['per_game']}"
                                                 for r in rows))
        if data["players"]:
            out.print("[bold]Player leaders[/] (season)")
            for words, rows in data["players"].items():
                out.print(f"  {words}: " + ", ".join(
                    f"{escape(r['player'])} ({escape(r['team'])}) {r['total']}" for r in rows))
    except ScrimmageError as exc:
        _fail(exc)


@league_app.command("delete")
def delete(league: Annotated[str, typer.Argument(help="The league's id or name.")],
           db: DbOpt = None) -> None:
    """Delete a league and its games."""
    try:
        store = _store(db)
        lg = _find(store, league)
        store.delete(lg.league_id)
        out.print(f"Deleted league {escape(lg.name)} ({lg.league_id}).")
    except ScrimmageError as exc:
        _fail(exc)
