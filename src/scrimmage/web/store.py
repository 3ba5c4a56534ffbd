"""Where the server keeps its games: one SQLite file (stdlib `sqlite3`, WAL mode).

A game is its record, so the store keeps what a `GameRecord` holds: the game's row (ruleset,
seed, options, the two teams' data, who sits where, and how the seed was set between two
people: `fairness`) and its decisions, one row each, appended in the same transaction that
acknowledges them. The server's value of fair dice (`core.fairness`) is kept in the game's
row until it is revealed, and nowhere else. Seat tokens are kept only as SHA-256 digests:
the file never holds a secret that opens a seat.

WAL with `synchronous=NORMAL` keeps every committed transaction through a killed process (a
`kill -9` loses nothing acknowledged); only a power cut could lose the last commits.

The file holds play calls still hidden from the other side, so it and its -wal and -shm files
are readable by their owner only (0600).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import sqlite3
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from scrimmage.core.errors import ScrimmageError
from scrimmage.core.records import DecisionEntry, GameRecord

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    rules TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    home TEXT NOT NULL,
    away TEXT NOT NULL,
    home_team TEXT NOT NULL,
    away_team TEXT NOT NULL,
    seats TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing',
    fairness TEXT,
    fair_secret TEXT
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
"""
FAIR_COLUMNS = {"fairness": "TEXT", "fair_secret": "TEXT"}
"""Columns added for fair dice (issue 35): the record's public fairness block (JSON, NULL for
a game whose seed the server chose) and the server's value until it is revealed. A database
made before them gains them when it is opened."""
OLD_TOKENS = "digest TEXT PRIMARY KEY"
"""A database made before leagues kept one game per token: a league's token opens all the
games of its teams, so the key is now (digest, game)."""


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


def _owner_only(path: Path, create: bool) -> None:
    """Make `path` readable by its owner only before SQLite opens it: created so (SQLite gives
    a new -wal or -shm file the database's mode), or tightened if an older version left a file
    of ours readable by others."""
    try:
        fd = os.open(path, os.O_RDWR | (os.O_CREAT if create else 0), 0o600)
    except FileNotFoundError:
        return
    try:
        info = os.fstat(fd)
        if info.st_mode & 0o077 and info.st_uid == os.geteuid():
            os.fchmod(fd, 0o600)
    finally:
        os.close(fd)


class Store:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            _owner_only(self.path, create=True)
            for suffix in ("-wal", "-shm"):
                _owner_only(Path(f"{self.path}{suffix}"), create=False)
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self._migrate_tokens()
            self.db.executescript(SCHEMA)
            self._migrate_fairness()
        except (OSError, sqlite3.Error) as exc:
            raise ScrimmageError(f"{self.path}: cannot open the games database ({exc})") from None
        self._lock = threading.Lock()

    def _migrate_tokens(self) -> None:
        row = self.db.execute("SELECT sql FROM sqlite_master WHERE name = 'tokens'").fetchone()
        if row is None or OLD_TOKENS not in row[0]:
            return
        self.db.executescript(
            "BEGIN; ALTER TABLE tokens RENAME TO tokens_old;"
            "CREATE TABLE tokens (digest TEXT NOT NULL, game_id TEXT NOT NULL REFERENCES "
            "games(id), seat TEXT NOT NULL, PRIMARY KEY (digest, game_id));"
            "INSERT INTO tokens SELECT digest, game_id, seat FROM tokens_old;"
            "DROP TABLE tokens_old; COMMIT;")

    def _migrate_fairness(self) -> None:
        have = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
        for name, kind in FAIR_COLUMNS.items():
            if name not in have:
                self.db.execute(f"ALTER TABLE games ADD COLUMN {name} {kind}")

    def close(self) -> None:
        self.db.close()

    @property
    def lock(self) -> threading.Lock:
        """Held around every use of the connection (the leagues' tables share it)."""
        return self._lock

    # -- writing -----------------------------------------------------------------------
    def create(self, game_id: str, record: GameRecord, tokens: dict[str, SavedSeat],
               digests: dict[str, SavedSeat] | None = None, secret: str | None = None) -> None:
        """A new game; `tokens` are the seats' tokens (kept as digests), `digests` seats
        opened by tokens whose digests are known already (a league's); `secret` the server's
        value of fair dice, kept until it is revealed."""
        now = time.time()
        opened = [(digest(t), s) for t, s in tokens.items()] + list((digests or {}).items())
        with self._lock:
            self.db.execute("BEGIN")
            try:
                self.db.execute(
                    "INSERT INTO games (id, created, updated, rules, seed, options, home, away, "
                    "home_team, away_team, seats, fairness, fair_secret) "
                    "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (game_id, now, now, record.rules, record.seed, json.dumps(record.options),
                     record.home, record.away, json.dumps(record.home_team),
                     json.dumps(record.away_team), json.dumps(record.seats),
                     None if record.fairness is None else json.dumps(record.fairness), secret))
                self.db.executemany("INSERT INTO tokens (digest, game_id, seat) VALUES (?,?,?)",
                                    [(d, game_id, s.key()) for d, s in opened])
                self._append(game_id, 0, record.decisions)
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def save(self, game_id: str, keep: int, new: list[DecisionEntry], status: str,
             seats: dict[str, Any] | None = None) -> None:
        """Keep the first `keep` decisions, append `new` after them, and note the game's
        status: one transaction, committed before the caller answers anyone."""
        with self._lock:
            self.db.execute("BEGIN")
            try:
                self.db.execute("DELETE FROM decisions WHERE game_id = ? AND idx >= ?",
                                (game_id, keep))
                self._append(game_id, keep, new)
                self.db.execute("UPDATE games SET updated = ?, status = ? WHERE id = ?",
                                (time.time(), status, game_id))
                if seats is not None:
                    self.db.execute("UPDATE games SET seats = ? WHERE id = ?",
                                    (json.dumps(seats), game_id))
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def save_fairness(self, game_id: str, block: dict[str, Any],
                      seed: int | None = None) -> None:
        """A fair-dice step: the new block and, once the seed is set, the seed (the server's
        value, now in the block, is no longer kept apart)."""
        with self._lock:
            if seed is None:
                self.db.execute("UPDATE games SET fairness = ?, updated = ? WHERE id = ?",
                                (json.dumps(block), time.time(), game_id))
            else:
                self.db.execute("UPDATE games SET fairness = ?, seed = ?, fair_secret = NULL, "
                                "updated = ? WHERE id = ?",
                                (json.dumps(block), seed, time.time(), game_id))

    def reseat(self, game_id: str, side: str, digests: list[str]) -> None:
        """The tokens that open `side` of a game are now those of `digests` only (a league
        team handed on to a new coach: the old link must stop opening its game)."""
        with self._lock:
            self.db.execute("BEGIN")
            try:
                self.db.execute("DELETE FROM tokens WHERE game_id = ? AND seat = ?",
                                (game_id, side))
                self.db.executemany("INSERT INTO tokens (digest, game_id, seat) VALUES (?,?,?)",
                                    [(d, game_id, side) for d in digests])
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def fair_secret(self, game_id: str) -> str | None:
        """The server's value of a game's fair dice, until it is revealed."""
        with self._lock:
            row = self.db.execute("SELECT fair_secret FROM games WHERE id = ?",
                                  (game_id,)).fetchone()
        return None if row is None else row[0]

    def _append(self, game_id: str, start: int, entries: list[DecisionEntry]) -> None:
        self.db.executemany("INSERT INTO decisions (game_id, idx, entry) VALUES (?,?,?)",
                            [(game_id, start + i, json.dumps(e, separators=(",", ":")))
                             for i, e in enumerate(entries)])

    # -- reading -----------------------------------------------------------------------
    def record(self, game_id: str) -> GameRecord | None:
        with self._lock:
            row = self.db.execute(
                "SELECT rules, seed, options, home, away, home_team, away_team, seats, "
                "fairness FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            entries = [json.loads(e) for (e,) in self.db.execute(
                "SELECT entry FROM decisions WHERE game_id = ? ORDER BY idx", (game_id,))]
        rules, seed, options, home, away, home_team, away_team, seats, fairness = row
        return GameRecord(rules=rules, seed=seed, home=home, away=away,
                          home_team=json.loads(home_team), away_team=json.loads(away_team),
                          options=json.loads(options), decisions=entries,
                          seats=json.loads(seats),
                          fairness=None if fairness is None else json.loads(fairness))

    def seats_of(self, game_id: str) -> dict[str, SavedSeat]:
        """Token digest -> seat, for one game."""
        with self._lock:
            rows = self.db.execute("SELECT digest, seat FROM tokens WHERE game_id = ?",
                                   (game_id,)).fetchall()
        return {d: SavedSeat.parse(s) for d, s in rows}

    def games(self, limit: int = 100) -> list[dict[str, Any]]:
        with self._lock:
            rows = self.db.execute(
                "SELECT id, rules, home, away, status, updated FROM games ORDER BY updated DESC "
                "LIMIT ?", (limit,)).fetchall()
        return [{"game_id": r[0], "rules": r[1], "home": r[2], "away": r[3], "status": r[4],
                 "updated": r[5]} for r in rows]
