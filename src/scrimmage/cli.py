"""The `scrimmage` command: play, sim, study, teams, rulesets, verify.

A command imports what it needs when it runs (the engine, the web server, the exports, the
league): start-up, and `--help`, cost the command-line parser and little more
(benchmarks/startup.py).
"""

from __future__ import annotations

import copy
import gc
import inspect
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table as Table_

import scrimmage.rules  # noqa: F401  (registers the rulesets; their rules load on first use)
from scrimmage.commandline import (
    AwayOpt,
    HomeOpt,
    ProfileOpt,
    RulesOpt,
    SeedOpt,
    WorkersOpt,
    err,
    out,
)
from scrimmage.commandline import fail as _fail
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.options import split_option
from scrimmage.core.ruleset import find_ruleset, ruleset_names
from scrimmage.league.play_command import league_app
from scrimmage.plot.command import plot_app
from scrimmage.season.command import season as season_command
from scrimmage.seat.policy import AskPolicy
from scrimmage.sheets.command import build, fidelity
from scrimmage.sheets.printing.command import print_sheets
from scrimmage.web.limits import MAX_GAMES_IN_MEMORY, RATE_LIMIT, WS_MAX_SIZE

if TYPE_CHECKING:
    from scrimmage.core.records import GameRecord
    from scrimmage.seat.table import SeatSpec, Table

app = typer.Typer(help="Tabletop football simulation games: play, simulate, list teams.",
                  no_args_is_help=True, add_completion=False)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        sys.stdout.write(f"scrimmage {version('scrimmage')}\n")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Print the version and exit.")] = False,
) -> None:
    """Tabletop football simulation games: play, simulate, list teams."""


def _options_help() -> str:
    """The options of every ruleset, from their declarations (`scrimmage.core.options`)."""
    parts = []
    seen: set[str] = set()
    for name in ruleset_names():
        names = ", ".join(o.name for o in find_ruleset(name).options)
        if names and names not in seen:
            seen.add(names)
            same = [n for n in ruleset_names() if
                    ", ".join(o.name for o in find_ruleset(n).options) == names]
            parts.append(f"{'/'.join(same)}: {names}")
    return ("A ruleset option KEY=VALUE (`scrimmage rulesets` explains each). "
            + "; ".join(parts) + ".")


OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help=_options_help())]


def _options(rules: str, profile: str | None, neutral: bool = False,
              extra: list[str] | None = None) -> dict[str, Any]:
    """Options as typed, their names checked against the ruleset's declaration here: a name
    it does not declare (`seed`, `home`) never reaches `new_game`'s own arguments."""
    opts: dict[str, Any] = {}
    if profile:
        opts["profile"] = profile
    if neutral:
        opts["neutral"] = True
    for item in extra or []:
        key, value = split_option(item)
        opts[key] = value
    find_ruleset(rules).check_options(opts)
    return opts


def _teams(rules: str, home: str | None, away: str | None) -> tuple[str, str]:
    rs = find_ruleset(rules)
    default_home, default_away = rs.default_teams()
    return home or default_home, away or (default_away if home != default_away else default_home)


def _print_box(record: GameRecord, console: Console) -> None:
    from scrimmage.core.boxscore import fan_box_score
    from scrimmage.seat.boxscore import render_box_score

    # The play-by-play ends with the final score: the box score does not say it again.
    render_box_score(fan_box_score(record.plays, record.home, record.away), console,
                     headline=False)


SIDES = ("home", "away", "both")


def _seats(rs: Any, auto: bool, coach: str, side: str, ask: str | None,
           split: list[str] | None) -> dict[Side, SeatSpec]:
    """Who coaches each side, from the command line."""
    from scrimmage.seat.table import PERSON, SeatSpec

    rs.default_coach(coach, 0)               # an unknown coach kind is refused here
    if side.lower() not in SIDES:
        raise ScrimmageError(f"--side {side!r}: choose home, away or both (two people)")
    policy = AskPolicy.parse(ask) if ask is not None else AskPolicy()
    seats = {s: SeatSpec.computer(coach) for s in Side}
    if not auto:
        for s in (Side.HOME, Side.AWAY) if side.lower() == "both" else (Side(side.upper()),):
            seats[s] = SeatSpec.person(AskPolicy.parse(ask) if ask is not None else policy)
    for item in split or []:
        s, units = _split(item, rs)
        seats[s] = SeatSpec(units[0], units[1], policy if PERSON in units else None)
    return seats


def _split(item: str, rs: Any) -> tuple[Side, tuple[str, str]]:
    """`--split SIDE=OFFENSE,DEFENSE`: a team with an offense coach and a defense coach."""
    from scrimmage.seat.table import PERSON

    name, _, who = item.partition("=")
    if name.strip().upper() not in ("HOME", "AWAY"):
        raise ScrimmageError(f"--split {item!r}: the side must be home or away")
    units = [w.strip() for w in who.split(",")]
    if len(units) != 2 or not all(units):
        raise ScrimmageError(f"--split {item!r}: expected SIDE=OFFENSE,DEFENSE")
    kinds = tuple(PERSON if u == "you" else u for u in units)
    for k in kinds:
        if k != PERSON:
            rs.default_coach(k, 0)
    return Side(name.strip().upper()), (kinds[0], kinds[1])


def _options_in_force(rs: Any, given: dict[str, Any]) -> str:
    """Every option of the ruleset with its value in this game (given, or the default)."""
    parts = []
    for option in rs.options:
        value = given.get(option.name, option.default)
        if value is None:
            continue
        text = str(value).lower() if isinstance(value, bool) else str(value)
        parts.append(f"{option.name}={text}" + ("" if option.name in given else " (default)"))
    return ", ".join(parts) or "none"


def _header(table: Table, console: Console) -> None:
    from scrimmage.seat.table import PERSON

    r = table.record
    rs = table.rules
    console.print(f"[bold]{rs.title}[/]: {r.away} at {r.home} (seed {r.seed})")
    console.print(f"[dim]Options in force: {escape(_options_in_force(rs, r.options))}[/]")
    for side, spec in table.seats.items():
        name = r.home if side is Side.HOME else r.away
        if spec.has_person and spec.ask is not None:
            unit = "" if not spec.split else (" offense" if spec.offense == PERSON else
                                               " defense")
            console.print(f"You coach {name}{unit} ({side.value.lower()}): "
                          f"{spec.ask.describe(rs.kinds)}; the assistant answers the rest.")
        else:
            console.print(f"The computer ({spec.offense}) coaches {name}.")
    if table.people:
        console.print("[dim]Answer with a number or a name; Enter takes the assistant's choice;"
                      " help, sheet, undo, ask, auto and quit work at every question.[/]")
    if table.own_dice:
        console.print("[dim]Your own dice: throw each die the table names and type its face "
                      "(several at once: 3 17 8; a printed face as printed: (8), FLAG, D5A; a "
                      "card as 7H, 10D, KS); undo takes the last one back.[/]")


@app.command()
def play(
    rules: Annotated[str | None, typer.Option(
        "--rules", "-r", help="Ruleset name (see `rulesets`); default legends-hs.")] = None,
    home: HomeOpt = None,
    away: AwayOpt = None,
    seed: SeedOpt = 1,
    auto: Annotated[bool, typer.Option(help="Two computer coaches play.")] = False,
    coach: Annotated[str, typer.Option(
        help="Computer coach: solitaire, random, smart (win-probability choices), "
             "equilibrium (solved play calls; not 5D20) or as-coached (the real team's "
             "2009-2019 play calling; Legends pro, 5D20).")] = "solitaire",
    side: Annotated[str, typer.Option(
        help="The side you coach: home, away, or both (two people at one screen).")] = "home",
    ask: Annotated[str | None, typer.Option(
        help="What you are asked: calls (the play calls and the choices that change a game, "
             "the default), all, or decision kinds separated by commas (calls,timeout). "
             "The assistant answers the rest.")] = None,
    save: Annotated[Path | None, typer.Option(
        help="Save the game to this file (default: the games folder, see `games`).")] = None,
    resume: Annotated[str | None, typer.Option(
        help="Continue a saved game: its number (see `games`), last, or a file.")] = None,
    profile: ProfileOpt = None,
    neutral: Annotated[bool, typer.Option(help="Neutral site (no home bonus).")] = False,
    option: OptionOpt = None,
    split: Annotated[list[str] | None, typer.Option(
        "--split", help="A team with two coaches (3-4 players): SIDE=OFFENSE,DEFENSE, each "
                        "'you' or a coach kind, e.g. --split home=you,solitaire")] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="At the end, the record and box score as one JSON object on stdout "
                       "(the table goes to stderr).")] = False,
    advise: Annotated[bool, typer.Option(
        "--advise", help="Show the assistant's reasoning at each question (Legends): the "
                         "equilibrium mix of a play call and each card's value, the win "
                         "probability of each fourth-down, try and kickoff choice.")] = False,
    dice: Annotated[str, typer.Option(
        "--dice", help="engine (the engine rolls) or manual: you roll your own dice and type "
                       "each die the table names (every ruleset: 1st & Roll's faces as "
                       "printed, The Grid's timing cards as 7H, KS).")] = "engine",
) -> None:
    """Play a game: coach a side in the terminal, or watch with --auto (saved as it goes)."""
    from scrimmage.api import new_game
    from scrimmage.core.boxscore import fan_box_score
    from scrimmage.core.records import GameRecord
    from scrimmage.seat.own_dice import check_own_dice
    from scrimmage.seat.saved import find_saved, new_game_file
    from scrimmage.seat.table import SeatSpec, Table
    from scrimmage.seat.terminal import TerminalSeat

    console = err if as_json else out
    table: Table | None = None
    try:
        if dice not in ("engine", "manual"):
            raise ScrimmageError(f"--dice {dice!r}: choose engine or manual")
        if save is not None and not save.parent.is_dir():
            raise ScrimmageError(f"--save {save}: the folder {save.parent} does not exist")
        if resume is not None:
            path = find_saved(resume)
            saved = GameRecord.load(path)
            if rules is not None and find_ruleset(rules).name != saved.rules:
                raise ScrimmageError(f"--resume {resume}: that is a {saved.rules} game, not "
                                     f"{find_ruleset(rules).name}; leave out --rules")
            rs = find_ruleset(saved.rules)
            if dice == "manual" and saved.dice is None:
                raise ScrimmageError(f"--resume {resume}: that game is played with the "
                                     "engine's dice; leave out --dice manual")
            seats = ({Side(k): SeatSpec.from_json(v) for k, v in saved.seats.items()}
                     if saved.seats else _seats(rs, auto, coach, side, ask, split))
            if ask is not None:
                seats = {s: SeatSpec(sp.offense, sp.defense, AskPolicy.parse(ask))
                         if sp.has_person else sp for s, sp in seats.items()}
            record, target = saved, save or path
        else:
            name = rules or "legends-hs"
            h, a = _teams(name, home, away)
            if dice == "manual":
                check_own_dice(find_ruleset(name).name)
            _, record = new_game(name, h, a, seed=seed, typed=[] if dice == "manual" else None,
                                 **_options(name, profile, neutral, option))
            rs = find_ruleset(record.rules)
            seats = _seats(rs, auto, coach, side, ask, split)
            target = save or new_game_file()[1]
        table = Table(record, seats, save_to=target, source=str(target))
        _header(table, console)
        face = TerminalSeat(table, console, advise=advise)
        if not face.run():
            console.print(f"Saved. Carry on with: scrimmage play --resume {_ref(target)}")
            return
        record = table.record
        _print_box(record, console)
        where = "" if _ref(target) == str(target) else f" ({target})"
        console.print(f"[dim]Saved as {escape(_ref(target) + where)}.[/]")
        if as_json:
            data = {"game": _ref(target), "file": str(target), "rules": record.rules,
                    "home": record.home, "away": record.away, "seed": record.seed,
                    "final_score": record.final_score, "plays": len(record.plays),
                    "box_score": record.box_score,
                    "fan_box_score": fan_box_score(record.plays, record.home, record.away)}
            sys.stdout.write(json.dumps(data) + "\n")
    except KeyboardInterrupt:
        if table is not None and table.save_to is not None:
            # The last save (after the last play, or at the last question) stands; the
            # computer's moves since then are played again from it.
            console.print(f"\nStopped. Saved as of the last play: scrimmage play --resume "
                          f"{_ref(table.save_to)}")
        raise typer.Exit(130) from None
    except ScrimmageError as exc:
        _fail(exc)


def _ref(path: Path) -> str:
    """How to name a saved game on the command line: its number if it is in the games
    folder, else its path."""
    from scrimmage.seat.saved import games_dir

    return path.stem if path.parent == games_dir() else str(path)


@app.command()
def games() -> None:
    """List the saved games (every game `play` starts is saved as it goes)."""
    from scrimmage.seat.saved import games_dir, list_saved

    saved = list_saved()
    if not saved:
        out.print(f"No saved games yet. They are kept in {games_dir()}.")
        return
    table = Table_(title=f"Saved games ({games_dir()})")
    for column in ("game", "rules", "teams", "state"):
        table.add_column(column)
    for g in saved:
        table.add_row(g.id, g.rules, f"{g.away} at {g.home}", g.status)
    out.print(table)
    out.print("Carry on with: scrimmage play --resume GAME")


@app.command()
def serve(
    db: Annotated[str | None, typer.Option(
        help="The games database: a SQLite file (default: server.db in your data folder) or "
             "a PostgreSQL URL, postgresql://USER@HOST/DBNAME, which several server "
             "processes may share (pip install 'scrimmage\\[postgres]'; docs/serving.md)."
    )] = None,
    host: Annotated[str, typer.Option(
        help="Address to listen on: 127.0.0.1 is this computer only, 0.0.0.0 your network."
    )] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    public_url: Annotated[str | None, typer.Option(
        help="The address people reach the server at (https://example.org/ behind a proxy): "
             "invitation links start with it. Default: the address listened on.")] = None,
    rate_limit: Annotated[float, typer.Option(
        min=0, help="New games a minute from one client address (0: no limit).")] = RATE_LIMIT,
    max_games_in_memory: Annotated[int, typer.Option(
        min=1, help="Games kept in memory; idle ones beyond come back from the database "
                    "when next used.")] = MAX_GAMES_IN_MEMORY,
    ssl_certfile: Annotated[Path | None, typer.Option(
        help="Serve HTTPS with this certificate (PEM; with --ssl-keyfile).")] = None,
    ssl_keyfile: Annotated[Path | None, typer.Option(
        help="The private key of --ssl-certfile (PEM).")] = None,
    warm: Annotated[bool, typer.Option(
        help="Let the computed coaches (smart, equilibrium) play a few plays at start, so the "
             "first game's computer answers at once.")] = True,
) -> None:
    """Serve games in the browser: a board for every game, a friend across the net."""
    import uvicorn

    from scrimmage.seat.saved import games_dir
    from scrimmage.web.app import create_app

    if (ssl_certfile is None) != (ssl_keyfile is None):
        _fail("--ssl-certfile and --ssl-keyfile go together")
    scheme = "https" if ssl_certfile else "http"
    listening = f"{scheme}://{f'[{host}]' if ':' in host else host}:{port}/"
    where = db or str(games_dir().parent / "server.db")
    try:
        web = create_app(where, public_url=public_url or listening, rate_limit=rate_limit,
                         max_games_in_memory=max_games_in_memory, warm_coaches=warm)
    except ScrimmageError as exc:
        _fail(exc)
    kept = web.state.rooms.store.where
    err.print(f"scrimmage serves on {listening} (games kept in {escape(kept)}); Ctrl-C stops")
    if public_url is None and host in ("0.0.0.0", "::"):
        err.print(f"note: invitation links start with {listening}; give --public-url the "
                  "address your friends reach this computer at")
    uvicorn.run(web, host=host, port=port, log_level="warning", ws_max_size=WS_MAX_SIZE,
                ssl_certfile=ssl_certfile, ssl_keyfile=ssl_keyfile)


CoachOpt = Annotated[str, typer.Option(
    help="Computer coaches: solitaire, random, smart (fourth downs, tries, kickoffs and the "
         "clock by win probability) or equilibrium (play calls solved from the exact payoff "
         "matrix; Legends, The Grid, 1st & Roll) or as-coached (the real team's 2009-2019 "
         "play calling; Legends pro, 5D20).")]
HomeCoachOpt = Annotated[str | None, typer.Option(
    "--home-coach", help="The home team's computer coach (default: --coach).")]
AwayCoachOpt = Annotated[str | None, typer.Option(
    "--away-coach", help="The away team's computer coach (default: --coach).")]


def _coach_spec(rules: str, coach: str, home: str | None, away: str | None) -> str:
    """--coach, or a coach per side; an unknown kind is refused in one line."""
    from scrimmage.api import coach_pair

    rs = find_ruleset(rules)
    kinds = (home or coach, away or coach)
    for kind in kinds:
        rs.default_coach(kind, 0)
    return coach_pair(*kinds)

NeutralOpt = Annotated[bool, typer.Option(help="Neutral site (no home bonus).")]
DaskOpt = Annotated[str | None, typer.Option(
    "--dask", help="Play the chunks on a Dask cluster: a scheduler address "
                   "(tcp://HOST:8786) or local:N for N local workers (pip install "
                   "'scrimmage\\[dask]'; docs/clusters.md).")]
PbpOpt = Annotated[Path | None, typer.Option(
    "--pbp", help="Write every play to this file in nflverse play-by-play columns "
                  "(docs/play-by-play.md): Parquet, or CSV for a name ending in .csv.")]
GamesOutOpt = Annotated[Path | None, typer.Option(
    "--games-out", help="Write one row per game (nflverse games-table columns plus the "
                        "game's seed): Parquet, or CSV for a name ending in .csv.")]
BoxOpt = Annotated[Path | None, typer.Option(
    "--box", help="Write one row per team per game (box-score statistics): Parquet, or "
                  "CSV for a name ending in .csv.")]


@contextmanager
def _games_bar(total: int, what: str) -> Iterator[Callable[[int], None]]:
    """A progress bar (on a terminal) with games/s and the time left; yields `done(n)`."""
    columns = (TextColumn("[progress.description]{task.description}"), BarColumn(),
               MofNCompleteColumn(), TextColumn("{task.fields[rate]}"), TimeElapsedColumn(),
               TextColumn("left"), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task(what, total=total, rate="")

        def done(n: int) -> None:
            speed = bar.tasks[task].speed
            bar.update(task, completed=n, rate=f"{speed:,.0f} games/s" if speed else "")

        yield done


def _report_stop(stopped: str, games: int, cap: int, paths: list[Path | None]) -> None:
    """After Ctrl-C: what was kept. Otherwise: the files written."""
    written = [escape(str(p)) for p in paths if p is not None]
    if stopped == "interrupted":
        kept = f"; {', '.join(written)} hold{'s' if len(written) == 1 else ''} them" \
            if written else ""
        err.print(f"interrupted after {games:,} of {cap:,} games{kept}")
        return
    for path in written:
        err.print(f"wrote {path}")


@app.command()
def sim(
    rules: RulesOpt = "legends-hs",
    home: HomeOpt = None,
    away: AwayOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games to play.")] = 100,
    seed: SeedOpt = 1,
    coach: CoachOpt = "solitaire",
    home_coach: HomeCoachOpt = None,
    away_coach: AwayCoachOpt = None,
    neutral: NeutralOpt = False,
    profile: ProfileOpt = None,
    option: OptionOpt = None,
    pbp: PbpOpt = None,
    games_out: GamesOutOpt = None,
    box: BoxOpt = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="One JSON object on stdout, with the score distribution and the home "
                       "win probability (95% Wilson interval).")] = False,
    workers: WorkersOpt = None,
    dask: DaskOpt = None,
) -> None:
    """Simulate many games between two teams and report per-game averages."""
    from scrimmage.api import coach_kinds
    from scrimmage.export.series import SeriesFiles, play_series
    from scrimmage.sim.parallel import backend
    from scrimmage.sim.study import per_game_table

    try:
        h, a = _teams(rules, home, away)
        coach = _coach_spec(rules, coach, home_coach, away_coach)
        where = backend(workers, dask)
        with _games_bar(games, "simulating") as done:
            run = play_series(rules, h, a, games, seed, coach, _options(rules, profile, neutral, option),
                              SeriesFiles(pbp, games_out, box), where, done)
    except ScrimmageError as exc:
        _fail(exc)
    result, scores = run.totals.result, run.totals.scores
    _report_stop(run.stopped, result.games, games, [pbp, games_out, box])
    data = {**result.to_json(), **scores.to_json(result.home_wins), "coaches": coach_kinds(coach)}
    if as_json:
        sys.stdout.write(json.dumps(data) + "\n")
    elif result.games:
        out.print(per_game_table(data, f"{result.home} vs {result.away}: {result.games} games "
                                       f"({result.home_wins}-{result.away_wins}-{result.ties})"))
    if run.stopped == "interrupted":
        raise typer.Exit(130)


@app.command()
def study(
    rules: RulesOpt = "legends-pro",
    home: HomeOpt = None,
    away: AwayOpt = None,
    games: Annotated[int, typer.Option(
        "--games", "-n", min=1, help="Games to play (the cap with --until-ci).")] = 10_000,
    until_ci: Annotated[float | None, typer.Option(
        "--until-ci", help="Stop once the home win probability's 95% interval half-width is "
                           "at most this (e.g. 0.005), checked every chunk of games.")] = None,
    seed: SeedOpt = 1,
    coach: CoachOpt = "solitaire",
    home_coach: HomeCoachOpt = None,
    away_coach: AwayCoachOpt = None,
    neutral: NeutralOpt = False,
    profile: ProfileOpt = None,
    option: OptionOpt = None,
    pbp: PbpOpt = None,
    games_out: GamesOutOpt = None,
    box: BoxOpt = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="One JSON object on stdout (docs/study.md).")] = False,
    workers: WorkersOpt = None,
    dask: DaskOpt = None,
) -> None:
    """How likely the home team is to win, and by how much: win probability with its 95%
    interval, score and margin distributions, overtime, per-game figures (docs/study.md)."""
    from scrimmage.api import coach_kinds
    from scrimmage.export.series import SeriesFiles
    from scrimmage.sim.parallel import backend
    from scrimmage.sim.study import StudyRequest, render_study, run_study, study_json

    try:
        h, a = _teams(rules, home, away)
        coach = _coach_spec(rules, coach, home_coach, away_coach)
        request = StudyRequest(rules, h, a, games, seed, coach,
                               _options(rules, profile, neutral, option), until_ci)
        where = backend(workers, dask)
        with _games_bar(games, "studying") as done:
            run = run_study(request, where, SeriesFiles(pbp, games_out, box), done)
    except ScrimmageError as exc:
        _fail(exc)
    _report_stop(run.stopped, run.totals.result.games, games, [pbp, games_out, box])
    data = {**study_json(run, request), "coaches": coach_kinds(coach)}
    if as_json:
        sys.stdout.write(json.dumps(data) + "\n")
    elif data["games"]:
        render_study(data, out)
    if run.stopped == "interrupted":
        raise typer.Exit(130)


@app.command()
def teams(rules: Annotated[str | None, typer.Option("--rules", "-r")] = None) -> None:
    """List the bundled teams."""
    from rich import box

    try:
        names = [find_ruleset(rules).name] if rules else ruleset_names()
        rows = []
        for name in names:
            rs = find_ruleset(name)
            for team in sorted(rs.team_names(), key=str.casefold):
                record = rs.team_data(team).get("team", {}).get("record", "")
                rows.append((rs.name, escape(team), escape(str(record))))
    except ScrimmageError as exc:
        _fail(exc)
    # No edge and no padding at the left: each row starts with its ruleset (grep-able).
    table = Table_(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    records = any(row[2] for row in rows)
    for column in ("rules", "team", "record") if records else ("rules", "team"):
        table.add_column(column)
    for row in rows:
        table.add_row(*row[:3 if records else 2])
    out.print(table)


@app.command()
def rulesets(
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
) -> None:
    """List the rulesets and the options each takes (-o KEY=VALUE)."""
    if as_json:
        data = {name: {"title": find_ruleset(name).title,
                       "options": [o.to_json() for o in find_ruleset(name).options]}
                for name in ruleset_names()}
        sys.stdout.write(json.dumps(data) + "\n")
        return
    for name in ruleset_names():
        rs = find_ruleset(name)
        out.print(f"[bold]{name}[/]\t{rs.title}")
        for option in rs.options:
            out.print(f"    -o {escape(option.describe())}")


app.command()(fidelity)                 # the sheet builder's, in sheets/command.py
app.command()(build)


@app.command()
def tournament(
    rules: RulesOpt = "grid",
    seed: SeedOpt = 1,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
    replays: Annotated[int, typer.Option(
        "--replays", "-n", min=1, help="Play the tournament N times and report each "
                                       "team's title odds.")] = 1,
) -> None:
    """Play a tournament: The Grid's twelve-nation FAFL World Tournament."""
    if find_ruleset(rules).name != "grid":
        _fail(f"tournaments exist for grid only, not {rules}")
    if replays > 1:
        from scrimmage.season.tournament import tournament_odds

        columns = (TextColumn("[progress.description]{task.description}"), BarColumn(),
                   MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task("tournaments", total=replays)
            odds = tournament_odds(seed, replays,
                                   progress=lambda n: bar.update(task, completed=n))
        if as_json:
            sys.stdout.write(json.dumps(odds) + "\n")
            return
        for row in odds["teams"]:
            out.print(f"{row['team']}: title {100 * row['title_odds']:.1f}%, "
                      f"final {100 * row['final_odds']:.1f}%")
        return
    from scrimmage.rules.grid.tournament import run_tournament

    try:
        result = run_tournament(seed)
    except ScrimmageError as exc:
        _fail(exc)
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
        return
    for g in result["games"]:
        ot = f" ({g['overtime_periods']} OT)" if g.get("overtime_periods") else ""
        out.print(f"{g['stage']}: {g['home']} {g['home_score']} – {g['away']} {g['away_score']}{ot}")
    out.print(f"[bold]Champion: {result['champion']}[/]")


app.add_typer(plot_app, name="plot")
app.add_typer(league_app, name="league")


app.command("season")(season_command)
app.command("print")(print_sheets)      # sheets/printing/command.py


@app.command()
def verify(
    record: Annotated[Path, typer.Argument(
        help="A game's record, as its page downloads it (GET /api/games/ID/record).")],
    value: Annotated[list[str] | None, typer.Option(
        "--value", help="SIDE=HEX: your side's value of the fair dice (home or away), as "
        "your page shows it; the record must hold it.")] = None,
    server_commit: Annotated[str | None, typer.Option(
        "--server-commit", help="The server's commitment your page saw before it committed; "
        "the record must hold it.")] = None,
) -> None:
    """Check a game's record: its fair dice and every play, replayed from its decisions."""
    from scrimmage.verify import NotVerified, Pins
    from scrimmage.verify import verify as check

    pins = Pins(server_commit=server_commit.strip().lower() if server_commit else None)
    for item in value or []:
        side, sep, hexed = item.partition("=")
        if not sep or side.strip().lower() not in ("home", "away"):
            _fail(f"--value {item!r}: give home=HEX or away=HEX")
        pins.values[side.strip().lower()] = hexed.strip().lower()
    try:
        try:
            data = json.loads(record.read_bytes().decode("utf-8"))
        except OSError as exc:
            raise NotVerified(f"{record}: cannot read it ({exc.strerror})") from None
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            raise NotVerified(f"{record}: not a game record (not JSON)") from None
        done = check(data, str(record), pins)
    except NotVerified as exc:
        err.print(f"[red]not verified:[/] {escape(' '.join(str(exc).split()))}")
        raise typer.Exit(2) from None
    except ScrimmageError as exc:
        _fail(exc)
    out.print(escape(done.line))


def _one_line_summaries(typer_app: typer.Typer) -> None:
    """Each command's summary in a command list is its docstring's first paragraph on one
    line: the rich help keeps a docstring's line breaks, which broke the list's cells."""
    for info in typer_app.registered_commands:
        doc = inspect.getdoc(info.callback) if info.callback is not None else None
        if info.short_help is None and info.help is None and doc:
            info.short_help = " ".join(doc.split("\n\n")[0].split())
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            _one_line_summaries(group.typer_instance)


_one_line_summaries(app)


_CLICK_ERROR: type[Exception] = next(c for c in typer.BadParameter.__mro__
                                     if c.__name__ == "ClickException")
"""The command-line parser's own errors (typer's click, vendored or not)."""


def _command_name(info: Any) -> str | None:
    """The name a command of `app` is called by (its function's name by default)."""
    if info.name is not None or info.callback is None:
        return str(info.name) if info.name is not None else None
    return typer.main.get_command_name(info.callback.__name__)


def _only(name: str | None) -> typer.Typer:
    """`app` with only the command (or group of commands) `name`, when it names one: the
    parser builds every command's options before it reads the line (about 25 ms of CPU for
    all of them), and a command needs its own only. Anything else (`--help`, `--version`, a
    mistake) gets the whole app, with its list of commands and its suggestions."""
    if name is None or name.startswith("-"):
        return app
    commands = [c for c in app.registered_commands if _command_name(c) == name]
    groups = [g for g in app.registered_groups if g.name == name]
    if len(commands) + len(groups) != 1:
        return app
    only = copy.copy(app)
    only.registered_commands, only.registered_groups = commands, groups
    return only


def main() -> None:
    """Run the command, then end the process without a last garbage collection: at exit the
    interpreter walks every object it holds (the parser's, pydantic's, the engine's) looking
    for cycles to free, about 25 ms of CPU after a short command, for memory the process gives
    back anyway. Frozen objects are left out of that walk; everything else happens as before
    (atexit handlers, streams flushed, objects freed when their last reference goes)."""
    try:
        _run()
    finally:
        gc.freeze()


def _run() -> None:
    """Run the command. A mistake on the command line is one line and exit code 2, like every
    other bad input (the parser's own usage panel is several lines)."""
    try:
        code = _only(sys.argv[1] if len(sys.argv) > 1 else None)(standalone_mode=False)
    except _CLICK_ERROR as exc:
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
            out.print(ctx.get_help())
            sys.exit(2)
        message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
        command = f" (see: {ctx.command_path} --help)" if ctx is not None else ""
        err.print(f"[red]error:[/] {escape(' '.join(message.split()))}{escape(command)}")
        sys.exit(2)
    except typer.Abort:
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
