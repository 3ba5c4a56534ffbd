"""The connection under the games store, and the one thing that differs between its two back
ends: the dialect.

- **SQLite** (a file path, the default): stdlib `sqlite3`, WAL mode, one server process.
- **PostgreSQL** (a `postgresql://user@host/dbname` URL): `psycopg`, imported only when such a
  URL is given (`pip install 'scrimmage[postgres]'`), for a host running several server
  processes on one database. A change is announced on the channel `CHANNEL` (`NOTIFY`, sent
  when its transaction commits), so each process can push it to the pages it serves.

The stores' SQL is written once, in words both back ends read alike: `?` placeholders (turned
into psycopg's `%s` here), `INSERT ... ON CONFLICT ... DO UPDATE` (SQLite 3.24 on), BIGINT and
DOUBLE PRECISION columns (SQLite reads them as its INTEGER and REAL). What differs
is here: how a connection is opened, how a transaction begins, how a schema is made, how the
other processes are told of a change.

Every write is one transaction, committed before the caller goes on (and so before anyone is
told of it): a server killed with `kill -9` has lost nothing it acknowledged.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from scrimmage.core.errors import ScrimmageError

CHANNEL = "scrimmage_games"
"""The PostgreSQL channel on which a process announces a game it changed (the game's id)."""
SCHEMA_LOCK = 0x5C41_3A35
"""The advisory lock held while a PostgreSQL schema is made: processes starting together
would otherwise race to create the same tables."""
RECONNECT_AFTER = 1.0
"""Seconds the listener waits before connecting again after PostgreSQL went away."""
URL_SCHEMES = ("postgresql://", "postgres://")

Params = Sequence[Any]
Row = tuple[Any, ...]
Added = Mapping[str, Mapping[str, str]]
"""Table -> column -> its declaration: columns a database made by an older version lacks."""


class Unavailable(ScrimmageError):
    """The database cannot be reached or is busy (503): nothing was changed; try again."""


def is_url(where: str | Path) -> bool:
    """Is `where` a PostgreSQL URL (rather than a SQLite file)?"""
    return isinstance(where, str) and where.startswith(URL_SCHEMES)


def shown(url: str) -> str:
    """A URL as messages may show it: without its password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


class Tx:
    """Statements on one connection (inside a transaction, or one each)."""

    def __init__(self, cursor: Any, placeholder: str) -> None:
        self.cursor = cursor
        self.placeholder = placeholder

    def _sql(self, sql: str) -> str:
        return sql if self.placeholder == "?" else sql.replace("?", self.placeholder)

    def _execute(self, sql: str, params: Params) -> None:
        if params:
            self.cursor.execute(self._sql(sql), tuple(params))
        else:                             # no parameters: nothing to substitute
            self.cursor.execute(sql)

    def run(self, sql: str, params: Params = ()) -> int:
        """Run a statement; the rows it changed."""
        self._execute(sql, params)
        return int(self.cursor.rowcount)

    def one(self, sql: str, params: Params = ()) -> Row | None:
        self._execute(sql, params)
        row = self.cursor.fetchone()
        return None if row is None else tuple(row)

    def all(self, sql: str, params: Params = ()) -> list[Row]:
        self._execute(sql, params)
        return [tuple(r) for r in self.cursor.fetchall()]

    def many(self, sql: str, rows: Sequence[Params]) -> None:
        if rows:
            self.cursor.executemany(self._sql(sql), [tuple(r) for r in rows])


class Database:
    """One connection, used by one thread at a time (`lock`), and its dialect."""

    dialect = ""
    shared = False
    """Several server processes may use the database at once (PostgreSQL)."""
    placeholder = "?"
    begin_write = "BEGIN"
    begin_read = "BEGIN"
    failures: tuple[type[Exception], ...] = ()
    """The driver's errors that mean the database cannot be used now (`Unavailable`)."""

    def __init__(self, name: str) -> None:
        self.name = name
        """Where the database is, as messages show it."""
        self.lock = threading.Lock()
        """Held around every use of the connection (the leagues' tables share it)."""

    # -- what a back end provides -------------------------------------------------------
    def _cursor(self) -> Any:
        raise NotImplementedError

    def create_schema(self, sql: str, added: Added | None = None) -> None:
        """Run `sql` (CREATE ... IF NOT EXISTS statements) once, whoever else starts now, then
        give the tables of `added` the columns they lack (a database an older version made)."""
        raise NotImplementedError

    def table_sql(self, table: str) -> str | None:
        """The statement that made `table` as the database keeps it, where it keeps one
        (SQLite; the only place an older layout of a table needs recognizing)."""
        return None

    def notify(self, tx: Tx, game_id: str) -> None:
        """Tell the other processes, when `tx` commits, that `game_id` changed."""

    async def listen(self, changed: Callable[[str | None], Awaitable[None]]) -> None:
        """Call `changed(game_id)` for each game another process changes (and
        `changed(None)` when anything may have changed unseen), until cancelled."""
        raise NotImplementedError(f"{self.dialect} has no notifications")

    def close(self) -> None:
        raise NotImplementedError

    # -- using it -----------------------------------------------------------------------
    @contextmanager
    def _guarded(self) -> Iterator[None]:
        try:
            yield
        except self.failures as exc:
            raise Unavailable(f"the games database is unavailable, nothing was changed: try "
                              f"again ({' '.join(str(exc).split())[:200]})") from None

    @contextmanager
    def transaction(self, write: bool = True) -> Iterator[Tx]:
        """One transaction: committed when the block ends, rolled back if it raises. A read
        (`write=False`) sees one moment of the database throughout."""
        with self.lock, self._guarded():
            tx = Tx(self._cursor(), self.placeholder)
            tx.run(self.begin_write if write else self.begin_read)
            try:
                yield tx
            except BaseException:
                with suppress(Exception):     # a connection gone took its transaction along
                    tx.run("ROLLBACK")
                raise
            tx.run("COMMIT")

    def run(self, sql: str, params: Params = ()) -> int:
        """One statement, committed on its own."""
        with self.lock, self._guarded():
            return Tx(self._cursor(), self.placeholder).run(sql, params)

    def one(self, sql: str, params: Params = ()) -> Row | None:
        with self.lock, self._guarded():
            return Tx(self._cursor(), self.placeholder).one(sql, params)

    def all(self, sql: str, params: Params = ()) -> list[Row]:
        with self.lock, self._guarded():
            return Tx(self._cursor(), self.placeholder).all(sql, params)


class SqliteDatabase(Database):
    """A SQLite file: WAL with `synchronous=NORMAL` keeps every committed transaction
    through a killed process; only a power cut could lose the last commits. The file holds
    play calls still hidden from the other side, so it and its -wal and -shm files are
    readable by their owner only (0600)."""

    dialect = "sqlite"
    begin_write = "BEGIN IMMEDIATE"
    failures = (sqlite3.OperationalError,)

    def __init__(self, path: Path) -> None:
        super().__init__(str(path))
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            _owner_only(path, create=True)
            for suffix in ("-wal", "-shm"):
                _owner_only(Path(f"{path}{suffix}"), create=False)
            self.conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self.conn.execute("PRAGMA foreign_keys=ON")
        except (OSError, sqlite3.Error) as exc:
            raise ScrimmageError(f"{path}: cannot open the games database ({exc})") from None

    def _cursor(self) -> Any:
        return self.conn.cursor()

    def create_schema(self, sql: str, added: Added | None = None) -> None:
        with self.lock:
            self.conn.executescript(sql)
            for table, columns in (added or {}).items():
                have = {r[1] for r in self.conn.execute(f"PRAGMA table_info({table})")}
                for name, declared in columns.items():
                    if name not in have:
                        self.conn.execute(f"ALTER TABLE {table} ADD COLUMN {name} {declared}")

    def table_sql(self, table: str) -> str | None:
        with self.lock:
            row = self.conn.execute("SELECT sql FROM sqlite_master WHERE name = ?",
                                    (table,)).fetchone()
        return None if row is None else str(row[0])

    def close(self) -> None:
        self.conn.close()


class PostgresDatabase(Database):
    """A PostgreSQL database, shared by every server process given its URL."""

    dialect = "postgresql"
    shared = True
    placeholder = "%s"
    begin_read = "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"

    def __init__(self, url: str) -> None:
        super().__init__(shown(url))
        try:
            import psycopg
        except ImportError:
            raise ScrimmageError("a PostgreSQL database needs psycopg: pip install "
                                 "'scrimmage[postgres]'") from None
        self.url = url
        self.failures = (psycopg.OperationalError,)
        self.conn: Any = None
        try:
            self._connect()
        except psycopg.Error as exc:
            raise ScrimmageError(f"{self.name}: cannot open the games database "
                                 f"({' '.join(str(exc).split())})") from None

    def _connect(self) -> None:
        import psycopg

        # Autocommit: a transaction is only ever the one `transaction` begins, never one
        # left open (idle in transaction) by a read.
        self.conn = psycopg.connect(self.url, autocommit=True)

    def _cursor(self) -> Any:
        if self.conn.closed or self.conn.broken:
            self._connect()                      # the server went away and came back
        return self.conn.cursor()

    def create_schema(self, sql: str, added: Added | None = None) -> None:
        with self.transaction() as tx:
            tx.run("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))
            tx.cursor.execute(sql)
            for table, columns in (added or {}).items():
                for name, declared in columns.items():
                    tx.run(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {name} {declared}")

    def notify(self, tx: Tx, game_id: str) -> None:
        tx.run("SELECT pg_notify(?, ?)", (CHANNEL, game_id))

    async def listen(self, changed: Callable[[str | None], Awaitable[None]]) -> None:
        import psycopg

        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    await changed(None)           # what changed while nobody listened
                    async for note in conn.notifies():
                        await changed(note.payload)
            except psycopg.Error:              # the server went away: listen again
                await asyncio.sleep(RECONNECT_AFTER)

    def close(self) -> None:
        with self.lock:
            self.conn.close()


def open_database(where: str | Path) -> Database:
    """The database at `where`: a PostgreSQL URL, or the path of a SQLite file."""
    if is_url(where):
        return PostgresDatabase(str(where))
    return SqliteDatabase(Path(where))


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
