"""The `scrimmage` command: play, sim, teams, rulesets."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import scrimmage.rules  # noqa: F401  (registers the rulesets)
from scrimmage.api import make_coaches, new_game
from scrimmage.coaches.terminal import TerminalCoach
from scrimmage.core.driver import drive
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord
from scrimmage.core.ruleset import find_ruleset, ruleset_names
from scrimmage.core.stats import box_score
from scrimmage.sim.batch import run_series

app = typer.Typer(help="Tabletop football simulation games: play, simulate, list teams.",
                  no_args_is_help=True, add_completion=False)
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False)

RulesOpt = Annotated[str, typer.Option("--rules", "-r", help="Ruleset name (see `rulesets`).")]
HomeOpt = Annotated[str | None, typer.Option("--home", help="Home team: bundled name or file.")]
AwayOpt = Annotated[str | None, typer.Option("--away", help="Away team: bundled name or file.")]
SeedOpt = Annotated[int, typer.Option("--seed", help="Seed of the dice.")]
ProfileOpt = Annotated[str | None, typer.Option(
    "--profile", help="Football Legends rule book: legends (default) or classic.")]


OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", help="A ruleset option KEY=VALUE, e.g. sos_adjust=true, "
                           "fair_catch_25=true, overtime=none, xsheets=FILE.")]


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    return int(text) if text.lstrip("-").isdigit() else text


def _options(profile: str | None, neutral: bool = False,
             extra: list[str] | None = None) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    if profile:
        opts["profile"] = profile
    if neutral:
        opts["neutral"] = True
    for item in extra or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise ScrimmageError(f"--option {item!r}: expected KEY=VALUE")
        opts[key.strip()] = _value(value.strip())
    return opts


def _teams(rules: str, home: str | None, away: str | None) -> tuple[str, str]:
    rs = find_ruleset(rules)
    default_home, default_away = rs.default_teams()
    return home or default_home, away or (default_away if home != default_away else default_home)


class _PlayPrinter:
    """Prints each new play: the calls, the dice read, the result and the score pad."""

    def __init__(self, game: Any, record: GameRecord, console: Console) -> None:
        self.game = game
        self.record = record
        self.console = console
        self.shown = 0

    def __call__(self) -> None:
        plays = self.game.plays
        while self.shown < len(plays):
            p = plays[self.shown]
            self.shown += 1
            dice = " ".join(f"d{s}:{v}" for s, v in (p.get("dice") or []))
            self.console.print(f"[bold]{p['situation'] or p['play_type']}[/] {p['desc']}")
            if dice:
                self.console.print(f"   [dim]dice {dice} · {p['seconds']} s[/]")
            self.console.print("   " + self.score_pad())

    def score_pad(self) -> str:
        pad = getattr(self.game, "score_pad", None)
        if pad is not None:
            return str(pad())
        score = self.game.score
        return f"[yellow]{self.record.home} {score[Side.HOME]} – {self.record.away} {score[Side.AWAY]}[/]"


def _write_or_print(text: str, out_path: Path | None) -> None:
    if out_path is None:
        sys.stdout.write(text)
        return
    try:
        out_path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ScrimmageError(f"{out_path}: cannot write ({exc.strerror})") from None
    err.print(f"wrote {out_path}")


def _print_players(game: Any, record: GameRecord, console: Console) -> None:
    """Player lines, for rulesets whose plays name the players (The Grid, 5D20)."""
    grouped: dict[str, dict[str, dict[str, float]]] = {}
    for (team, player), stats in record.player_box_score.items():
        grouped.setdefault(team, {})[player] = stats
    lines = getattr(game, "player_box_score", None)
    if not grouped and lines is not None:
        grouped = lines()
    for team, players in grouped.items():
        if not players:
            continue
        console.print(f"[bold]{team}[/]: players")
        for name, stats in players.items():
            figures = ", ".join(f"{k.replace('_', ' ')} {v:g}" for k, v in stats.items() if v)
            if figures:
                console.print(f"  {name}: {figures}")


def _split_side(item: str) -> Side:
    name = item.partition("=")[0].strip().upper()
    if name not in ("HOME", "AWAY"):
        raise ScrimmageError(f"--split {item!r}: the side must be home or away")
    return Side(name)


def _split_coach(item: str, rs: Any, record: GameRecord, printer: Any) -> Any:
    """An offense coach and a defense coach for one team (SplitCoach routes each decision)."""
    from scrimmage.api import coach_seed
    from scrimmage.coaches.split import SplitCoach

    side = _split_side(item)
    who = [w.strip() for w in item.partition("=")[2].split(",")]
    if len(who) != 2:
        raise ScrimmageError(f"--split {item!r}: expected SIDE=OFFENSE,DEFENSE")
    units = [TerminalCoach(out, printer) if w == "you"
             else rs.default_coach(w, coach_seed(record.seed, side) + 7919 * (i + 1))
             for i, w in enumerate(who)]
    return SplitCoach(units[0], units[1])


def _print_box(record: GameRecord, console: Console) -> None:
    box = box_score(record.plays, record.home, record.away)
    table = Table(title=f"Final: {record.home} {record.final_score[record.home]} – "
                        f"{record.away} {record.final_score[record.away]}")
    table.add_column("stat")
    table.add_column(record.home, justify="right")
    table.add_column(record.away, justify="right")
    for key in box[record.home]:
        table.add_row(key, f"{box[record.home][key]:g}", f"{box[record.away][key]:g}")
    console.print(table)


@app.command()
def play(
    rules: RulesOpt = "legends-hs",
    home: HomeOpt = None,
    away: AwayOpt = None,
    seed: SeedOpt = 1,
    auto: Annotated[bool, typer.Option(help="Two computer coaches play.")] = False,
    coach: Annotated[str, typer.Option(help="Computer coach: solitaire or random.")] = "solitaire",
    side: Annotated[str, typer.Option(help="The side you coach: home or away.")] = "home",
    save: Annotated[Path | None, typer.Option(help="Save the game after every decision.")] = None,
    resume: Annotated[Path | None, typer.Option(help="Continue a saved game.")] = None,
    profile: ProfileOpt = None,
    neutral: Annotated[bool, typer.Option(help="Neutral site (no home bonus).")] = False,
    option: OptionOpt = None,
    split: Annotated[list[str] | None, typer.Option(
        "--split", help="A team with two coaches (3-4 players): SIDE=OFFENSE,DEFENSE, each "
                        "'you' or a coach kind, e.g. --split home=you,solitaire")] = None,
) -> None:
    """Play a game: you coach one side in the terminal, or watch with --auto."""
    try:
        if resume is not None:
            saved = GameRecord.load(resume)
            game, record = new_game(saved.rules, saved.home_team, saved.away_team,
                                    seed=saved.seed, **saved.options)
            prefix = saved.decisions
            save = save or resume
        else:
            h, a = _teams(rules, home, away)
            game, record = new_game(rules, h, a, seed=seed, **_options(profile, neutral, option))
            prefix = []
        rs = find_ruleset(record.rules)
        printer = _PlayPrinter(game, record, out)
        coaches = make_coaches(rs, coach, record.seed)
        if not auto:
            me = Side.HOME if side.lower() == "home" else Side.AWAY
            coaches[me] = TerminalCoach(out, printer)
            out.print(f"[bold]{rs.title}[/]: you coach {record.home if me is Side.HOME else record.away}"
                      f" ({me.value.lower()}). Answer with a number or a name; Enter takes the first.")

        for item in split or []:
            coaches[_split_side(item)] = _split_coach(item, rs, record, printer)

        def on_decision(_d: Any, _a: str) -> None:
            printer()
            if save is not None and len(record.decisions) > len(prefix):
                record.save(save)

        drive(game, coaches, record.decisions, prefix=prefix, on_decision=on_decision)
        printer()
        record.plays = game.plays
        record.finished = True
        record.final_score = {record.home: game.score[Side.HOME],
                              record.away: game.score[Side.AWAY]}
        if save is not None:
            record.save(save)
        _print_box(record, out)
        _print_players(game, record, out)
    except ScrimmageError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None


@app.command()
def sim(
    rules: RulesOpt = "legends-hs",
    home: HomeOpt = None,
    away: AwayOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games to play.")] = 100,
    seed: SeedOpt = 1,
    coach: Annotated[str, typer.Option(help="Computer coaches: solitaire or random.")] = "solitaire",
    neutral: Annotated[bool, typer.Option(help="Neutral site (no home bonus).")] = False,
    profile: ProfileOpt = None,
    option: OptionOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
) -> None:
    """Simulate many games between two teams and report per-game averages."""
    try:
        h, a = _teams(rules, home, away)
        columns = (TextColumn("[progress.description]{task.description}"), BarColumn(),
                   MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task("simulating", total=games)
            result = run_series(rules, h, a, games, seed, coach, _options(profile, neutral, option),
                                progress=lambda n: bar.update(task, completed=n))
    except ScrimmageError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    data = result.to_json()
    if as_json:
        sys.stdout.write(json.dumps(data) + "\n")
        return
    table = Table(title=f"{result.home} vs {result.away}: {games} games "
                        f"({result.home_wins}-{result.away_wins}-{result.ties})")
    table.add_column("per game")
    table.add_column(result.home, justify="right")
    table.add_column(result.away, justify="right")
    th, ta = data["teams"][result.home]["per_game"], data["teams"][result.away]["per_game"]
    for key in th:
        table.add_row(key, f"{th[key]:.2f}", f"{ta[key]:.2f}")
    out.print(table)


@app.command()
def teams(rules: Annotated[str | None, typer.Option("--rules", "-r")] = None) -> None:
    """List the bundled teams."""
    try:
        names = [rules] if rules else ruleset_names()
        for name in names:
            rs = find_ruleset(name)
            for team in rs.team_names():
                record = rs.team_data(team).get("team", {}).get("record", "")
                out.print(f"{rs.name}\t{team}" + (f"\t{record}" if record else ""))
    except ScrimmageError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None


@app.command()
def rulesets() -> None:
    """List the rulesets."""
    for name in ruleset_names():
        out.print(f"{name}\t{find_ruleset(name).title}")


@app.command()
def fidelity(
    rules: RulesOpt = "legends-pro",
    stats: Annotated[Path | None, typer.Option(help="Team-season CSV (default: bundled).")] = None,
    season: Annotated[int, typer.Option(help="Season to check.")] = 2016,
    team: Annotated[str | None, typer.Option(help="One team's code (default: all).")] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per team.")] = 100,
    seed: SeedOpt = 1,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
    workers: Annotated[int, typer.Option(min=1, help="Processes sharing the teams.")] = 1,
) -> None:
    """Build a season's sheets and compare their simulated figures with the real ones."""
    from scrimmage.build.fidelity import fidelity as run_fidelity
    from scrimmage.build.fidelity import format_report
    from scrimmage.build.stats import read_stats

    try:
        rows = read_stats(stats)
        columns = (TextColumn("[progress.description]{task.description}"), BarColumn(),
                   MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task("building and simulating", total=None)
            report = run_fidelity(rows, rules, season, games, seed, team,
                                  progress=lambda name: bar.update(task, description=name,
                                                                   advance=1),
                                  workers=workers)
    except ScrimmageError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    if as_json:
        sys.stdout.write(json.dumps(report.to_json()) + "\n")
        return
    for line in format_report(report):
        out.print(line)


@app.command()
def build(
    rules: RulesOpt = "legends-pro",
    stats: Annotated[Path | None, typer.Option(help="Team-season CSV (default: bundled).")] = None,
    season: Annotated[int | None, typer.Option(help="Season of the team.")] = None,
    team: Annotated[str | None, typer.Option(help="Team code (or name) in that season.")] = None,
    league_average: Annotated[bool, typer.Option(
        "--league-average", help="Build the season's league-average team.")] = False,
    out_path: Annotated[Path | None, typer.Option("--out", help="Write the sheet here.")] = None,
    seed: SeedOpt = 1,
    players: Annotated[Path | None, typer.Option(
        help="5d20: player-season CSV (default: bundled).")] = None,
) -> None:
    """Build a team sheet (legends-pro, legends-college) or team chart (5d20) from real
    season statistics."""
    from scrimmage.build.sheets import build_league_average, build_sheet
    from scrimmage.build.stats import find_team, read_stats, season_rows

    try:
        levels = {"legends-pro": "pro", "legends-college": "college"}
        if find_ruleset(rules).name == "5d20":
            from scrimmage.build.fived20 import build_chart, read_player_seasons, read_team_seasons

            if season is None or team is None:
                raise ScrimmageError("5d20 charts need --season and --team")
            text = build_chart(read_player_seasons(players), read_team_seasons(stats), season, team)
            _write_or_print(text, out_path)
            return
        if rules not in levels:
            raise ScrimmageError(f"--rules must be legends-pro or legends-college, not {rules!r}")
        if season is None:
            raise ScrimmageError("--season is required")
        if (team is None) == (not league_average):
            raise ScrimmageError("give --team CODE or --league-average (one of them)")
        league = season_rows(read_stats(stats), season, levels[rules])
        if league_average:
            text = build_league_average(league, seed=seed)
        else:
            assert team is not None
            text = build_sheet(find_team(league, team), league, seed=seed)
        _write_or_print(text, out_path)
    except ScrimmageError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None


@app.command()
def tournament(
    rules: RulesOpt = "grid",
    seed: SeedOpt = 1,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
) -> None:
    """Play a tournament: The Grid's twelve-nation FAFL World Tournament."""
    if find_ruleset(rules).name != "grid":
        err.print(f"[red]error:[/] tournaments exist for grid only, not {rules}")
        raise typer.Exit(2)
    from scrimmage.rules.grid.tournament import run_tournament

    try:
        result = run_tournament(seed)
    except ScrimmageError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
        return
    for g in result["games"]:
        ot = f" ({g['overtime_periods']} OT)" if g.get("overtime_periods") else ""
        out.print(f"{g['stage']}: {g['home']} {g['home_score']} – {g['away']} {g['away_score']}{ot}")
    out.print(f"[bold]Champion: {result['champion']}[/]")


@app.command()
def league(
    rules: RulesOpt = "grid",
    method: Annotated[str, typer.Option(help="draft, snake (draft), auction or create.")] = "draft",
    names: Annotated[str, typer.Option(help="Team names, comma-separated.")] =
        "Team 1,Team 2,Team 3,Team 4",
    you: Annotated[list[int] | None, typer.Option(
        "--you", help="Coach numbers (1, 2, ...) you choose for; the rest are computers.")] = None,
    seed: SeedOpt = 1,
    out_dir: Annotated[Path, typer.Option("--out", help="Folder for the team files.")] = Path("."),
) -> None:
    """Build a league's teams by draft, auction or create-your-own (The Grid)."""
    if find_ruleset(rules).name != "grid":
        err.print(f"[red]error:[/] league building exists for grid only, not {rules}")
        raise typer.Exit(2)
    from scrimmage.core.dice import SeededDice
    from scrimmage.rules.grid.generator import file_name, to_toml
    from scrimmage.rules.grid.league import PromptBuilder, build_league, player_pool

    team_names = [n.strip() for n in names.split(",") if n.strip()]

    def ask(prompt: str, choices: list[str]) -> str:
        for _ in range(50):
            out.print(f"[bold cyan]{prompt}[/]")
            for i, c in enumerate(choices, start=1):
                out.print(f"  [bold]{i}[/] {c}")
            out.print("> ", end="")
            try:
                text = input().strip()
            except EOFError:
                raise ScrimmageError("input ended") from None
            if not text:
                return choices[0]
            if text.isdigit() and 1 <= int(text) <= len(choices):
                return choices[int(text) - 1]
            if text in choices:
                return text
            out.print("[red]choose one of the numbers[/]")
        raise ScrimmageError("too many unreadable answers")

    try:
        person = PromptBuilder(player_pool(), ask) if you else None
        teams = build_league(method, team_names, SeededDice(seed), person,
                             {n - 1 for n in you or []})
        out_dir.mkdir(parents=True, exist_ok=True)
        for data in teams:
            path = out_dir / file_name(data["team"]["name"])
            path.write_text(to_toml(data), encoding="utf-8")
            out.print(f"wrote {path}")
    except ScrimmageError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None


def main() -> None:
    app()


if __name__ == "__main__":
    main()
