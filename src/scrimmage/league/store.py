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

Several server processes may share the database (PostgreSQL; issue 35), so nothing here
writes from a stale copy:

- a league's row has a `version`: `update` writes a league only if nobody wrote it since it
  was read (`change` reads it again and redoes the edit when somebody did);
- playing a league's games (a deadline, a commissioner's action) takes the league's `turn`,
  a lease in its row, so one process at a time plays them;
- a person's game is started once (`start_game`), and a row tied to a person's game is only
  ever replaced by that game's own result, never by a computer result.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from scrimmage.core.errors import ScrimmageError
from scrimmage.core.records import GameRecord
from scrimmage.league.model import PLAYOFF_RETRIES, League
from scrimmage.league.progress import Score
from scrimmage.web.store import Moved, SavedSeat, Store

SCHEMA = """
CREATE TABLE IF NOT EXISTS leagues (
    id TEXT PRIMARY KEY,
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL,
    name TEXT NOT NULL,
    rules TEXT NOT NULL,
    data TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 0,
    lease_holder TEXT,
    lease_until DOUBLE PRECISION
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

ADDED = {"leagues": {"version": "BIGINT NOT NULL DEFAULT 0", "lease_holder": "TEXT",
                     "lease_until": "DOUBLE PRECISION"}}
"""Columns a database made by an older version lacks, added when it is opened."""

FINAL, PLAYING = "final", "playing"
LEASE_SECONDS = 600.0
"""How long a league's turn lasts at most: a process killed while playing a league's games
holds it no longer than this."""
CHANGE_TRIES = 8
"""Times `change` reads a league again and redoes its edit before giving up."""

T = TypeVar("T")


class Busy(ScrimmageError):
    """Another process (or request) is playing the league's games now: nothing was done."""


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
            self.db.create_schema(SCHEMA, ADDED)
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
        league.version = 0
        return league_id

    def update(self, league: League) -> None:
        """Write a league's changed teams (a coach's settings) back: only if nobody wrote it
        since it was read (else `Moved`, and nothing is written)."""
        sql = "UPDATE leagues SET data = ?, updated = ?, version = version + 1 WHERE id = ?"
        params: list[Any] = [json.dumps(league.to_json()), time.time(), league.league_id]
        if league.version is not None:
            sql, params = f"{sql} AND version = ?", [*params, league.version]
        if not self.db.run(sql, params) and league.version is not None:
            raise Moved(f"league {league.league_id} changed meanwhile: look again")
        if league.version is not None:
            league.version += 1

    def change(self, league: League, edit: Callable[[League], T]) -> T:
        """`edit` the league and write it back; if somebody wrote it in between (another
        process, another request), read it again (in place: `league` stays the caller's
        current copy) and edit again. What `edit` raises is raised, nothing written."""
        for _ in range(CHANGE_TRIES):
            out = edit(league)
            try:
                self.update(league)
                return out
            except Moved:
                self.reload(league)
        raise Moved(f"league {league.league_id} is changing too fast: try again")

    def reload(self, league: League) -> None:
        """Read `league` again into the same object."""
        vars(league).update(vars(self.league(league.league_id)))

    def league(self, league_id: str) -> League:
        row = self.db.one("SELECT data, version FROM leagues WHERE id = ?", (league_id,))
        if row is None:
            raise ScrimmageError(f"no league {league_id!r} (scrimmage league list shows them)")
        league = League.from_json(json.loads(row[0]), league_id)
        league.version = int(row[1])
        return league

    @contextmanager
    def turn(self, league_id: str, seconds: float = LEASE_SECONDS) -> Iterator[None]:
        """This caller's turn to play the league's games, one at a time across every server
        process on the database: taken by a conditional update of the league's row, so of
        two processes asking at once one gets it and the other `Busy`. A turn whose process
        died ends after `seconds`."""
        holder, now = secrets.token_hex(8), time.time()
        if not self.db.run("UPDATE leagues SET lease_holder = ?, lease_until = ? WHERE id = ? "
                           "AND (lease_until IS NULL OR lease_until < ?)",
                           (holder, now + seconds, league_id, now)):
            raise Busy(f"league {league_id}'s games are being played right now (its week "
                       "closing?): try again in a moment")
        try:
            yield
        finally:
            self.db.run("UPDATE leagues SET lease_holder = NULL, lease_until = NULL "
                        "WHERE id = ? AND lease_holder = ?", (league_id, holder))

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
        """Store games (finished, or a person's in play): one transaction. A row tied to a
        person's game is replaced only by that game's own (its result): a computer result
        reached from an older look at the league (another process's sim) leaves it be."""
        now = time.time()
        with self.db.transaction() as tx:
            tx.many(
                "INSERT INTO league_games (league_id, idx, attempt, status, home_points, "
                "away_points, game_id, box, players, coaches, updated) VALUES "
                "(?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (league_id, idx, attempt) DO UPDATE SET "
                "status = excluded.status, home_points = excluded.home_points, "
                "away_points = excluded.away_points, game_id = excluded.game_id, "
                "box = excluded.box, players = excluded.players, coaches = excluded.coaches, "
                "updated = excluded.updated WHERE league_games.game_id IS NULL "
                "OR league_games.game_id = excluded.game_id",
                [_row_params(league_id, r, now) for r in rows])
            tx.run("UPDATE leagues SET updated = ? WHERE id = ?", (now, league_id))

    def start_game(self, league_id: str, row: GameRow, record: GameRecord,
                   digests: dict[str, SavedSeat], secret: str | None = None) -> str:
        """A person's game begun: its `games` row and its league row (`row`, in play), in
        one transaction, unless the game's league row exists already (another process, or
        request, began it a moment ago). Returns the id of the game in play: `row`'s, or the
        one begun first."""
        assert row.game_id is not None
        now = time.time()
        with self.db.transaction() as tx:
            if tx.run("INSERT INTO league_games (league_id, idx, attempt, status, home_points, "
                      "away_points, game_id, box, players, coaches, updated) VALUES "
                      "(?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (league_id, idx, attempt) "
                      "DO NOTHING", _row_params(league_id, row, now)):
                self.games.insert(tx, row.game_id, record, {}, digests, secret)
                tx.run("UPDATE leagues SET updated = ? WHERE id = ?", (now, league_id))
                return row.game_id
            found = tx.one("SELECT game_id, status FROM league_games WHERE league_id = ? AND "
                           "idx = ? AND attempt = ?", (league_id, row.index, row.attempt))
        if found is None or found[0] is None or found[1] != PLAYING:
            raise Moved(f"game {row.index} of league {league_id} was played meanwhile: look "
                        "again")
        return str(found[0])

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


def _row_params(league_id: str, r: GameRow, now: float) -> tuple[Any, ...]:
    return (league_id, r.index, r.attempt, r.status, r.home_points, r.away_points, r.game_id,
            None if r.box is None else json.dumps(r.box),
            None if r.players is None else json.dumps(r.players), json.dumps(r.coaches), now)


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
