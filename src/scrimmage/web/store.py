"""Where the server keeps its games: a SQLite file (the default) or a PostgreSQL database
shared by several server processes (`web.database` holds the connection and the dialect; the
SQL here is written once for both).

A game is its record, so the store keeps what a `GameRecord` holds: the game's row (ruleset,
seed, options, the two teams' data, who sits where, and how the seed was set between two
people: `fairness`, and for a game played with the people's own dice the faces typed, `dice`)
and its decisions, one row each, appended in the same transaction that
acknowledges them. The server's value of fair dice (`core.fairness`) is kept in the game's
row until it is revealed, and nowhere else. Seat tokens are kept only as SHA-256 digests:
the database never holds a secret that opens a seat.

Each game has a `version`, one more after every write. A process holding a game in memory
compares it with the stored one before it acts, and writes only if nobody wrote in between
(`save(..., version=)`): two processes can never both append the same decision, nor both
take a fair-dice step from the same block (issue 35).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from scrimmage.core.errors import ScrimmageError
from scrimmage.core.records import DecisionEntry, GameRecord
from scrimmage.web.database import Database, Tx, open_database

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL,
    rules TEXT NOT NULL,
    seed BIGINT NOT NULL,
    options TEXT NOT NULL,
    home TEXT NOT NULL,
    away TEXT NOT NULL,
    home_team TEXT NOT NULL,
    away_team TEXT NOT NULL,
    seats TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing',
    version BIGINT NOT NULL DEFAULT 0,
    fairness TEXT,
    fair_secret TEXT,
    dice TEXT
);
CREATE TABLE IF NOT EXISTS decisions (
    game_id TEXT NOT NULL REFERENCES games(id),
    idx INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
);
CREATE TABLE IF NOT EXISTS tokens (
    digest TEXT NOT NULL,
    game_id TEXT NOT NULL REFERENCES games(id),
    seat TEXT NOT NULL,
    PRIMARY KEY (digest, game_id)
);
CREATE INDEX IF NOT EXISTS tokens_game ON tokens (game_id);
"""
ADDED = {"games": {"version": "BIGINT NOT NULL DEFAULT 0", "fairness": "TEXT",
                   "fair_secret": "TEXT", "dice": "TEXT"}}
"""Columns a database made by an older version lacks, added when it is opened: the game's
version (several processes), and for fair dice (issue 35) the record's public fairness block
(JSON, NULL for a game whose seed the server chose) and the server's value until it is
revealed; and the faces of a game played with the people's own dice (issue 37: JSON, NULL
for the engine's dice)."""
OLD_TOKENS = "digest TEXT PRIMARY KEY"
"""A SQLite database made before leagues kept one game per token: a league's token opens all
the games of its teams, so the key is now (digest, game)."""


class Moved(ScrimmageError):
    """A write to a game another process (or request) wrote first: nothing was written."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


T = TypeVar("T")


def opened_by(token: str, digests: Mapping[str, T]) -> T | None:
    """What `token` opens among `digests` (digest -> what it opens), or None; every digest is
    compared, in constant time, so the time taken tells nothing of the tokens kept."""
    given = digest(token)
    found = None
    for saved, what in digests.items():
        if hmac.compare_digest(saved, given):
            found = what
    return found


@dataclass(frozen=True)
class SavedSeat:
    """A seat a token opens: the side, and the unit of a team with two coaches (or "")."""

    side: str
    unit: str = ""

    def key(self) -> str:
        return f"{self.side}:{self.unit}" if self.unit else self.side

    @classmethod
    def parse(cls, key: str) -> SavedSeat:
        side, _, unit = key.partition(":")
        return cls(side, unit)


@dataclass(frozen=True)
class Loaded:
    """A game as one moment of the store holds it: its record, its version and its seats."""

    record: GameRecord
    version: int
    seats: dict[str, SavedSeat]
    """Token digest -> the seat it opens."""


class Store:
    """The games at `where`: the path of a SQLite file, or a PostgreSQL URL
    (postgresql://user@host/dbname)."""

    def __init__(self, where: str | Path) -> None:
        self.db: Database = open_database(where)
        self.where = self.db.name
        """Where the games are, as messages show it (a URL without its password)."""
        try:
            if self.db.dialect == "sqlite":
                self._migrate_tokens()
            self.db.create_schema(SCHEMA, ADDED)
        except Exception as exc:
            self.db.close()
            raise ScrimmageError(f"{self.where}: cannot open the games database "
                                 f"({' '.join(str(exc).split())})") from None

    def _migrate_tokens(self) -> None:
        made = self.db.table_sql("tokens")
        if made is None or OLD_TOKENS not in made:
            return
        with self.db.transaction() as tx:
            tx.run("ALTER TABLE tokens RENAME TO tokens_old")
            tx.run("CREATE TABLE tokens (digest TEXT NOT NULL, game_id TEXT NOT NULL "
                   "REFERENCES games(id), seat TEXT NOT NULL, PRIMARY KEY (digest, game_id))")
            tx.run("INSERT INTO tokens SELECT digest, game_id, seat FROM tokens_old")
            tx.run("DROP TABLE tokens_old")

    def close(self) -> None:
        self.db.close()

    @property
    def shared(self) -> bool:
        """Other server processes may change the games too (PostgreSQL)."""
        return self.db.shared

    # -- writing -----------------------------------------------------------------------
    def create(self, game_id: str, record: GameRecord, tokens: dict[str, SavedSeat],
               digests: dict[str, SavedSeat] | None = None, secret: str | None = None) -> None:
        """A new game (version 0); `tokens` are the seats' tokens (kept as digests), `digests`
        seats opened by tokens whose digests are known already (a league's); `secret` the
        server's value of fair dice, kept until it is revealed."""
        with self.db.transaction() as tx:
            self.insert(tx, game_id, record, tokens, digests, secret)

    def insert(self, tx: Tx, game_id: str, record: GameRecord, tokens: dict[str, SavedSeat],
               digests: dict[str, SavedSeat] | None = None, secret: str | None = None) -> None:
        """`create`, inside a transaction of the caller's (a league's game and its league
        row are written together)."""
        now = time.time()
        opened = [(digest(t), s) for t, s in tokens.items()] + list((digests or {}).items())
        tx.run("INSERT INTO games (id, created, updated, rules, seed, options, home, away, "
               "home_team, away_team, seats, version, fairness, fair_secret, dice) "
               "VALUES (?,?,?,?,?,?,?,?,?,?,?,0,?,?,?)",
               (game_id, now, now, record.rules, record.seed, json.dumps(record.options),
                record.home, record.away, json.dumps(record.home_team),
                json.dumps(record.away_team), json.dumps(record.seats),
                None if record.fairness is None else json.dumps(record.fairness), secret,
                None if record.dice is None else json.dumps(record.dice)))
        tx.many("INSERT INTO tokens (digest, game_id, seat) VALUES (?,?,?)",
                [(d, game_id, s.key()) for d, s in opened])
        self._append(tx, game_id, 0, record.decisions)

    def save(self, game_id: str, keep: int, new: list[DecisionEntry], status: str,
             seats: dict[str, Any] | None = None, version: int | None = None,
             fairness: dict[str, Any] | None = None, dice: list[int] | None = None) -> int:
        """Keep the first `keep` decisions, append `new` after them, and note the game's
        status (and its seats, its fair-dice block after a step of it, the faces of a game of
        the people's own dice, `dice`, all of them as they stand now): one transaction,
        committed before the caller answers anyone. With `version` (the version the caller's
        copy of the game was read at), only if nobody has written the game since: else
        `Moved`, and nothing is written. Returns the game's new version."""
        sets, params = ["version = version + 1", "updated = ?", "status = ?"], \
            [time.time(), status]
        if seats is not None:
            sets.append("seats = ?")
            params.append(json.dumps(seats))
        if dice is not None:
            sets.append("dice = ?")
            params.append(json.dumps(dice, separators=(",", ":")))
        if fairness is not None:
            sets.append("fairness = ?")
            params.append(json.dumps(fairness))
            if fairness.get("seed") is not None:
                # The seed is set: the server's value is in the block now, kept apart no more.
                sets += ["seed = ?", "fair_secret = NULL"]
                params.append(int(fairness["seed"]))
        where, params = "id = ?", [*params, game_id]
        if version is not None:
            where, params = "id = ? AND version = ?", [*params, version]
        with self.db.transaction() as tx:
            # The game's row first: a concurrent writer waits here until this one is done,
            # then finds the version moved on.
            if not tx.run(f"UPDATE games SET {', '.join(sets)} WHERE {where}", params):
                raise Moved(f"game {game_id} moved on: another answer was recorded first")
            row = tx.one("SELECT version FROM games WHERE id = ?", (game_id,))
            assert row is not None
            tx.run("DELETE FROM decisions WHERE game_id = ? AND idx >= ?", (game_id, keep))
            self._append(tx, game_id, keep, new)
            self.db.notify(tx, game_id)
        return int(row[0])

    def reseat(self, game_id: str, side: str, digests: list[str]) -> None:
        """The tokens that open `side` of a game are now those of `digests` only (a league
        team handed on to a new coach: the old link must stop opening its game). The game's
        version moves on, so another process's copy of it loads the new seats."""
        with self.db.transaction() as tx:
            tx.run("UPDATE games SET version = version + 1, updated = ? WHERE id = ?",
                   (time.time(), game_id))
            tx.run("DELETE FROM tokens WHERE game_id = ? AND seat = ?", (game_id, side))
            if digests:
                tx.many("INSERT INTO tokens (digest, game_id, seat) VALUES (?,?,?)",
                        [(d, game_id, side) for d in digests])
            self.db.notify(tx, game_id)

    @staticmethod
    def _append(tx: Tx, game_id: str, start: int, entries: list[DecisionEntry]) -> None:
        tx.many("INSERT INTO decisions (game_id, idx, entry) VALUES (?,?,?)",
                [(game_id, start + i, json.dumps(e, separators=(",", ":")))
                 for i, e in enumerate(entries)])

    # -- reading -----------------------------------------------------------------------
    def fair_secret(self, game_id: str) -> str | None:
        """The server's value of a game's fair dice, until it is revealed."""
        row = self.db.one("SELECT fair_secret FROM games WHERE id = ?", (game_id,))
        return None if row is None else row[0]

    def load(self, game_id: str) -> Loaded | None:
        """A game's record, version and seats, all as of one moment."""
        with self.db.transaction(write=False) as tx:
            row = tx.one(
                "SELECT rules, seed, options, home, away, home_team, away_team, seats, version, "
                "fairness, dice FROM games WHERE id = ?", (game_id,))
            if row is None:
                return None
            entries = [json.loads(e) for (e,) in tx.all(
                "SELECT entry FROM decisions WHERE game_id = ? ORDER BY idx", (game_id,))]
            seats = tx.all("SELECT digest, seat FROM tokens WHERE game_id = ?", (game_id,))
        rules, seed, options, home, away, home_team, away_team, seated, version, fair, dice = row
        record = GameRecord(rules=rules, seed=int(seed), home=home, away=away,
                            home_team=json.loads(home_team), away_team=json.loads(away_team),
                            options=json.loads(options), decisions=entries,
                            seats=json.loads(seated),
                            fairness=None if fair is None else json.loads(fair),
                            dice=None if dice is None else json.loads(dice))
        return Loaded(record, int(version), {d: SavedSeat.parse(s) for d, s in seats})

    def record(self, game_id: str) -> GameRecord | None:
        loaded = self.load(game_id)
        return None if loaded is None else loaded.record

    def version(self, game_id: str) -> int | None:
        """The game's version (None: no such game): one more after every write."""
        row = self.db.one("SELECT version FROM games WHERE id = ?", (game_id,))
        return None if row is None else int(row[0])

    def seats_of(self, game_id: str) -> dict[str, SavedSeat]:
        """Token digest -> seat, for one game."""
        rows = self.db.all("SELECT digest, seat FROM tokens WHERE game_id = ?", (game_id,))
        return {d: SavedSeat.parse(s) for d, s in rows}

    def games(self, limit: int = 100) -> list[dict[str, Any]]:
        rows = self.db.all("SELECT id, rules, home, away, status, updated FROM games "
                           "ORDER BY updated DESC LIMIT ?", (limit,))
        return [{"game_id": r[0], "rules": r[1], "home": r[2], "away": r[3], "status": r[4],
                 "updated": r[5]} for r in rows]
