"""A league's games as files with nflverse column names (`scrimmage league export`): the same
tables `sim` and `season` write, each game played again from its inputs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scrimmage.export.box import box_rows
from scrimmage.export.columns import GameInfo, game_id, pbp_rows
from scrimmage.export.games import games_row
from scrimmage.export.writer import TableWriter, check_out_path
from scrimmage.league import views
from scrimmage.league.playing import State, replay_game
from scrimmage.league.store import LeagueStore


def export_league(store: LeagueStore, st: State, *, pbp: Path | None = None,
                  games_out: Path | None = None, standings: Path | None = None,
                  box: Path | None = None) -> list[Path]:
    """Write the files asked for; returns their paths."""
    for path, option in ((pbp, "--pbp"), (games_out, "--games-out"), (box, "--box"),
                         (standings, "--standings")):
        if path is not None:
            check_out_path(path, option)
    writers = {k: TableWriter(p, o) for k, p, o in (("pbp", pbp, "--pbp"),
                                                    ("games", games_out, "--games-out"),
                                                    ("box", box, "--box")) if p is not None}
    league = st.league
    try:
        if writers:
            for f in st.fixtures:
                if f.index not in st.scores:
                    continue
                record = replay_game(store, st, f.index)
                info = GameInfo(
                    game_id=game_id(league.season or 0, f"{f.week:02d}", f.away.upper(),
                                    f.home.upper()),
                    rules=league.rules, home=record.home, away=record.away,
                    home_team=f.home.upper(), away_team=f.away.upper(),
                    season=league.season or 0, week=f.week, game_type=f.game_type,
                    seed=league.game_seed(f.index, st.rows[f.index].attempt))
                plays = record.plays
                if "pbp" in writers:
                    writers["pbp"].write(pbp_rows(plays, info))
                if "games" in writers:
                    score = st.scores[f.index]
                    writers["games"].write([games_row(info, plays, score.home_points,
                                                      score.away_points)])
                if "box" in writers:
                    writers["box"].write(box_rows(info, plays))
        if standings is not None:
            table = TableWriter(standings, "--standings")
            rows: list[dict[str, Any]] = []
            for t in views.standings(st):
                for r in t["rows"]:
                    rows.append({"team": r["code"], "team_name": r["team"],
                                 "conference": t["conference"], "division": t["division"],
                                 "wins": r["wins"], "losses": r["losses"], "ties": r["ties"],
                                 "points_for": r["points_for"],
                                 "points_against": r["points_against"]})
            table.write(rows)
            table.close()
    finally:
        for w in writers.values():
            w.close()
    return [p for p in (pbp, games_out, box, standings) if p is not None]
