"""`scrimmage league play | sim | results | export`: playing a league's games and reading them.

`play` seats you at your team's next game, at the same table as `scrimmage play` (the
assistant, undo, quit and pick up later); `sim` lets the computer play the other games on every
core; `results` shows a week's scores and any game's box score and play-by-play (played again
from its inputs); `export` writes the nflverse-named files of `sim` and `season`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from scrimmage.core.errors import ScrimmageError
from scrimmage.league.command import (
    DbOpt,
    LeagueArg,
    _fail,
    _find,
    _game_words,
    _progress_bar,
    _store,
    err,
    league_app,
    out,
)


@league_app.command("sim")
def sim_(
    league: LeagueArg = "last",
    week: Annotated[int | None, typer.Option(help="Play this week's other games.")] = None,
    to_week: Annotated[int | None, typer.Option(help="Play the other games up to this week.")]
        = None,
    to_my_game: Annotated[bool, typer.Option(help="Play every game before your next one.")]
        = False,
    end: Annotated[bool, typer.Option(help="Play every other game, playoffs included.")]
        = False,
    mine_too: Annotated[bool, typer.Option(
        help="Let the computer play your games of the stretch too (your assistant).")] = False,
    workers: Annotated[int | None, typer.Option(min=1, help="Processes (default: every core);"
                                                " the results do not depend on it.")] = None,
    db: DbOpt = None,
) -> None:
    """Let the computer play the games nobody coaches (yours are left to you)."""
    from scrimmage.league import playing
    from scrimmage.sim.parallel import default_workers

    try:
        if sum(x is not None and x is not False for x in (week, to_week, to_my_game or None,
                                                          end or None)) != 1:
            raise ScrimmageError("say which games: --week N, --to-week N, --to-my-game or --end")
        store = _store(db)
        lg = _find(store, league)
        if week is not None:
            pick = playing.week_pick(week)
        elif to_week is not None:
            pick = playing.to_week_pick(to_week)
        elif to_my_game:
            if not lg.people:
                raise ScrimmageError("nobody coaches a team in this league: use --end")
            pick = playing.to_my_game_pick(lg.people[0])
        else:
            pick = playing.everything
        with _progress_bar(None, "games") as bar:
            task = bar.add_task("games", total=None)
            played = playing.sim(store, lg, pick, workers or default_workers(),
                                 on_game=lambda n: bar.update(task, completed=n),
                                 auto=lg.people if mine_too else ())
    except ScrimmageError as exc:
        _fail(exc)
        return
    except KeyboardInterrupt:
        err.print("interrupted: the games finished so far are kept")
        raise typer.Exit(130) from None
    from scrimmage.league import views

    summary = views.summary(playing.state(store, lg))
    out.print(f"Played {played} game(s). " + _where(summary))


def _where(summary: dict[str, Any]) -> str:
    if summary["phase"] == "over":
        return f"The season is over: champion {', '.join(summary['champions'])}."
    mine = [p for p in summary["people"] if p["next"] is not None]
    if mine:
        nxt = mine[0]["next"]
        return f"Your next game: {_game_words(nxt)} (week {nxt['week']}): scrimmage league play"
    return f"Now: {summary['phase']}, week {summary['week']}."


@league_app.command("play")
def play(
    league: LeagueArg = "last",
    team: Annotated[str | None, typer.Option(help="Which of your teams (several people at "
                                             "one screen).")] = None,
    auto: Annotated[bool, typer.Option("--auto", help="Let the computer coach this game of "
                                       "yours.")] = False,
    advise: Annotated[bool, typer.Option(help="Show the assistant's reasoning.")] = False,
    db: DbOpt = None,
) -> None:
    """Coach your team's next game (quit any time: it is saved as it goes)."""
    from rich.console import Console

    from scrimmage.league import playing
    from scrimmage.seat.terminal import TerminalSeat
    from scrimmage.web.fairness import setting_up

    try:
        store = _store(db)
        lg = _find(store, league)
        st = playing.state(store, lg)
        codes = [lg.team_named(team).code] if team else lg.people
        if not codes:
            raise ScrimmageError("nobody coaches a team in this league: scrimmage league sim")
        games = [(f, c) for c in codes if (f := st.next_for(c)) is not None]
        if not games:
            raise ScrimmageError("your teams have no more games: scrimmage league show")
        fixture, code = min(games, key=lambda fc: (fc[0].week, fc[0].index))
        blocked = [f for f in st.pending if f.week < fixture.week and f.index != fixture.index
                   and not playing._has_person(st, f, ())]
        if blocked:
            out.print(f"[dim]{len(blocked)} earlier game(s) of other teams are still to play: "
                      "scrimmage league sim --to-my-game plays them.[/]")
        if auto:
            n = playing.sim(store, lg, lambda s, f: f.index == fixture.index, 1, auto=[code])
            st = playing.state(store, lg)
            game = next(g for g in _rows(st) if g["index"] == fixture.index)
            out.print(f"Played by the computer: {escape(_game_words(game))}" if n else
                      "That game is not the computer's to play.")
            return
        game_id, record = playing.person_game(store, st, fixture)
        if setting_up(record):
            raise ScrimmageError("this game is setting up its fair dice between its two coaches'"
                                 " pages: play it in the browser (scrimmage serve)")
        table = _league_table(store, lg, fixture, game_id, record)
        console = Console(highlight=False)
        console.print(f"[bold]{escape(lg.name)}[/], week {fixture.week}: "
                      f"{escape(lg.teams[fixture.away].name)} at "
                      f"{escape(lg.teams[fixture.home].name)}")
        face = TerminalSeat(table, console, advise=advise)
        if not face.run():
            console.print("Saved. Carry on with: scrimmage league play")
            return
        playing.finish_person_game(store, lg, fixture, game_id, table.record,
                                   st.attempt(fixture) if st.rows.get(fixture.index) is None
                                   else st.rows[fixture.index].attempt)
        st = playing.state(store, lg)
        from scrimmage.league import views

        console.print(_where(views.summary(st)))
    except ScrimmageError as exc:
        _fail(exc)


def _rows(st: Any) -> list[dict[str, Any]]:
    from scrimmage.league import views

    return views.game_rows(st)


def _league_table(store: Any, league: Any, fixture: Any, game_id: str, record: Any) -> Any:
    """The game's table, saving into the league's games database as it goes."""
    from scrimmage.core.field import Side
    from scrimmage.league.playing import seats_for
    from scrimmage.seat.table import SeatSpec, Table

    seats = {Side(k): SeatSpec.from_json(v) for k, v in record.seats.items()} or \
        seats_for(league, fixture)
    saved = list(record.decisions)

    def save(rec: Any) -> None:
        nonlocal saved
        now = list(rec.decisions)
        keep = 0
        while keep < min(len(saved), len(now)) and saved[keep] == now[keep]:
            keep += 1
        status = "over" if rec.finished else "playing"
        store.games.save(game_id, keep, now[keep:], status)
        saved = now

    return Table(record, seats, source=f"league game {game_id}", on_save=save)


@league_app.command("results")
def results(
    league: LeagueArg = "last",
    week: Annotated[int | None, typer.Option(help="One week's scores.")] = None,
    game: Annotated[int | None, typer.Option(help="One game (its number in the schedule, "
                                             "from --json): its box score.")] = None,
    pbp: Annotated[bool, typer.Option("--pbp", help="With --game: its play-by-play too.")]
        = False,
    db: DbOpt = None,
) -> None:
    """The scores of a week, and any game's box score and play-by-play."""
    from rich.console import Console

    from scrimmage.core.boxscore import fan_box_score
    from scrimmage.league import playing, views
    from scrimmage.seat.boxscore import render_box_score
    from scrimmage.seat.narration import Narrator

    try:
        store = _store(db)
        st = playing.state(store, _find(store, league))
        if game is None:
            shown = week if week is not None else max(
                (f.week for f in st.fixtures if f.index in st.scores), default=1)
            out.print(f"[bold]Week {shown}[/]")
            for g in views.game_rows(st, week=shown):
                out.print(f"  [dim]game {g['index']}[/]  {escape(_game_words(g))}")
            return
        record = playing.replay_game(store, st, game)
        console = Console(highlight=False)
        if pbp:
            from scrimmage.core.field import Side

            narrator = Narrator({Side.HOME: record.home, Side.AWAY: record.away})
            for play_ in record.plays:
                for line in narrator.play_lines(play_):
                    console.print(line)
        render_box_score(fan_box_score(record.plays, record.home, record.away), console)
    except ScrimmageError as exc:
        _fail(exc)


@league_app.command("export")
def export(
    league: LeagueArg = "last",
    pbp: Annotated[Path | None, typer.Option("--pbp", help="Every play: Parquet or CSV.")]
        = None,
    games_out: Annotated[Path | None, typer.Option("--games-out", help="One row per game.")]
        = None,
    standings: Annotated[Path | None, typer.Option("--standings", help="The standings.")]
        = None,
    box: Annotated[Path | None, typer.Option("--box", help="One row per team per game.")]
        = None,
    db: DbOpt = None,
) -> None:
    """Write the league's games as nflverse-named files (the columns of sim and season)."""
    from scrimmage.league import playing
    from scrimmage.league.export import export_league

    try:
        if all(x is None for x in (pbp, games_out, standings, box)):
            raise ScrimmageError("say what to write: --pbp, --games-out, --standings or --box")
        store = _store(db)
        st = playing.state(store, _find(store, league))
        for path in export_league(store, st, pbp=pbp, games_out=games_out,
                                  standings=standings, box=box):
            err.print(f"wrote {escape(str(path))}")
    except ScrimmageError as exc:
        _fail(exc)


__all__ = ["export", "league_app", "play", "results", "sim_", "sys"]
