"""Where leagues are kept: the games database of `scrimmage serve` (a SQLite file in the
user's data folder, or a PostgreSQL database: `web.database`), with two more tables.

`leagues` holds each league as written when it was made (teams, sheets, schedule, format,
coaches); `league_games` holds one row per game played or in play: its final score and each
team's box-score line, or, while a person plays it, the id of its row in `games` (the same
rows a game on the web page has, its decisions appended as they are answered). A finished
game's plays are not stored: a game is its inputs (its seed, its coaches, and for a person's
game its decisions), and `league.play.replay_game` plays it again exactly.

Every write is one transaction, committed before the caller goes on: a league survives
Ctrl-C, a crash or `kill -9` with every finished game and every answered decision.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scrimmage.core.errors import ScrimmageError
from scrimmage.league.model import PLAYOFF_RETRIES, League
from scrimmage.league.progress import Score
from scrimmage.web.store import Store

SCHEMA = """
CREATE TABLE IF NOT EXISTS leagues (
    id TEXT PRIMARY KEY,
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL,
    name TEXT NOT NULL,
    rules TEXT NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS league_games (
    league_id TEXT NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    attempt INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL,
    home_points INTEGER,
    away_points INTEGER,
    game_id TEXT,
    box TEXT,
    players TEXT,
    coaches TEXT NOT NULL,
    updated DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (league_id, idx, attempt)
);
CREATE INDEX IF NOT EXISTS league_games_game ON league_games (game_id);
"""

FINAL, PLAYING = "final", "playing"


@dataclass(frozen=True)
class GameRow:
    """A league game as stored: its last attempt (a tied playoff game is played again)."""

    index: int
    attempt: int
    status: str
    home_points: int | None
    away_points: int | None
    game_id: str | None
    box: dict[str, dict[str, float]] | None
    players: dict[str, dict[str, float]] | None
    coaches: dict[str, str]
    """The kind of coach on each side as played ("home"/"away" -> kind; "person" for a
    person's seat, whose answers are in the game's decisions)."""

    @property
    def final(self) -> bool:
        return self.status == FINAL


class LeagueStore:
    """Leagues and their games, in the games database at `where` (a SQLite file's path or a
    PostgreSQL URL), or in a server's games store."""

    def __init__(self, where: str | Path | Store) -> None:
        # The server shares its games store (one connection, one lock); a command opens it.
        self.games = where if isinstance(where, Store) else Store(where)
        self.db = self.games.db
        try:
            self.db.create_schema(SCHEMA)
        except Exception as exc:
            raise ScrimmageError(f"{self.games.where}: cannot open the leagues ({exc})") from None

    def close(self) -> None:
        self.games.close()

    # -- leagues --------------------------------------------------------------------------
    def create(self, league: League) -> str:
        league_id = league.league_id or secrets.token_urlsafe(6)
        now = time.time()
        self.db.run("INSERT INTO leagues (id, created, updated, name, rules, data) VALUES "
                    "(?,?,?,?,?,?)", (league_id, now, now, league.name, league.rules,
                                      json.dumps(league.to_json())))
        league.league_id = league_id
        return league_id

    def update(self, league: League) -> None:
        """Write a league's changed teams (a coach's settings) back."""
        self.db.run("UPDATE leagues SET data = ?, updated = ? WHERE id = ?",
                    (json.dumps(league.to_json()), time.time(), league.league_id))

    def league(self, league_id: str) -> League:
        row = self.db.one("SELECT data FROM leagues WHERE id = ?", (league_id,))
        if row is None:
            raise ScrimmageError(f"no league {league_id!r} (scrimmage league list shows them)")
        return League.from_json(json.loads(row[0]), league_id)

    def leagues(self) -> list[dict[str, Any]]:
        """Every league, the most recently played first: id, name, rules, when."""
        rows = self.db.all("SELECT id, name, rules, created, updated FROM leagues "
                           "ORDER BY updated DESC, created DESC")
        return [{"league_id": r[0], "name": r[1], "rules": r[2], "created": r[3],
                 "updated": r[4]} for r in rows]

    def delete(self, league_id: str) -> None:
        with self.db.transaction() as tx:
            ids = [r[0] for r in tx.all(
                "SELECT game_id FROM league_games WHERE league_id = ? AND game_id IS NOT NULL",
                (league_id,))]
            tx.run("DELETE FROM league_games WHERE league_id = ?", (league_id,))
            found = tx.run("DELETE FROM leagues WHERE id = ?", (league_id,))
            for game_id in ids:
                for table in ("decisions", "tokens"):
                    tx.run(f"DELETE FROM {table} WHERE game_id = ?", (game_id,))
                tx.run("DELETE FROM games WHERE id = ?", (game_id,))
        if not found:
            raise ScrimmageError(f"no league {league_id!r} (scrimmage league list shows them)")

    # -- games ----------------------------------------------------------------------------
    def save_games(self, league_id: str, rows: list[GameRow]) -> None:
        """Store games (finished, or a person's in play): one transaction."""
        now = time.time()
        with self.db.transaction() as tx:
            tx.many(
                "INSERT INTO league_games (league_id, idx, attempt, status, home_points, "
                "away_points, game_id, box, players, coaches, updated) VALUES "
                "(?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (league_id, idx, attempt) DO UPDATE SET "
                "status = excluded.status, home_points = excluded.home_points, "
                "away_points = excluded.away_points, game_id = excluded.game_id, "
                "box = excluded.box, players = excluded.players, coaches = excluded.coaches, "
                "updated = excluded.updated",
                [(league_id, r.index, r.attempt, r.status, r.home_points, r.away_points,
                  r.game_id, None if r.box is None else json.dumps(r.box),
                  None if r.players is None else json.dumps(r.players),
                  json.dumps(r.coaches), now) for r in rows])
            tx.run("UPDATE leagues SET updated = ? WHERE id = ?", (now, league_id))

    def drop_attempt(self, league_id: str, index: int, attempt: int) -> None:
        """Forget a game in progress (a commissioner's restart): it starts afresh. Its game
        row stays in `games`, for the record."""
        self.db.run("DELETE FROM league_games WHERE league_id = ? AND idx = ? AND attempt = ?",
                    (league_id, index, attempt))

    def game_of(self, game_id: str) -> tuple[str, int] | None:
        """The league and the game index a person's game (a `games` row) belongs to."""
        row = self.db.one("SELECT league_id, idx FROM league_games WHERE game_id = ?",
                          (game_id,))
        return None if row is None else (str(row[0]), int(row[1]))

    def game_rows(self, league_id: str) -> dict[int, GameRow]:
        """Each game's last attempt, by index."""
        rows = self.db.all(
            "SELECT idx, attempt, status, home_points, away_points, game_id, box, players, "
            "coaches FROM league_games WHERE league_id = ? ORDER BY idx, attempt",
            (league_id,))
        out: dict[int, GameRow] = {}
        for r in rows:
            out[r[0]] = GameRow(r[0], r[1], r[2], r[3], r[4], r[5],
                                None if r[6] is None else json.loads(r[6]),
                                None if r[7] is None else json.loads(r[7]), json.loads(r[8]))
        return out


def scores(rows: dict[int, GameRow], regular: int) -> dict[int, Score]:
    """The final scores the league counts: each game's last finished attempt. A playoff game
    (index `regular` on) that ended tied does not count until it is played again, up to
    PLAYOFF_RETRIES times (then the better seed goes through)."""
    out = {}
    for index, row in rows.items():
        if not row.final or row.home_points is None or row.away_points is None:
            continue
        if (index >= regular and row.home_points == row.away_points
                and row.attempt < PLAYOFF_RETRIES):
            continue
        out[index] = Score(row.home_points, row.away_points)
    return out
