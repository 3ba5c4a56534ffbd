"""The two games stores a test may run against: a SQLite file of its own, or a PostgreSQL
schema of its own in the database $SCRIMMAGE_TEST_POSTGRES names (CI starts one; without it
the PostgreSQL cases are skipped, saying so).

A schema per test keeps tests apart without making a database each time: the URL the test
gets sets `search_path` to its schema (libpq's `options`), and names the connections with an
`application_name` of their own, so that those left open (a server the test did not stop)
are ended before the schema is dropped."""

from __future__ import annotations

import os
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlencode

import pytest

POSTGRES_ENV = "SCRIMMAGE_TEST_POSTGRES"
STORES = ["sqlite", "postgres"]


def postgres_url() -> str:
    url = os.environ.get(POSTGRES_ENV, "")
    if not url:
        pytest.skip(f"no PostgreSQL to test against: set {POSTGRES_ENV}=postgresql://... "
                    "(CI does)")
    return url


@contextmanager
def postgres_schema() -> Iterator[str]:
    """A URL whose tables live in a new schema, dropped afterwards."""
    psycopg = pytest.importorskip("psycopg")
    base = postgres_url()
    name = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {name}")
    query = urlencode({"options": f"-csearch_path={name}", "application_name": name})
    try:
        yield f"{base}{'&' if '?' in base else '?'}{query}"
    finally:
        with psycopg.connect(base, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE application_name = %s AND pid <> pg_backend_pid()", (name,))
            admin.execute(f"DROP SCHEMA {name} CASCADE")


def at_once(*calls: Callable[[], Any]) -> list[Any]:
    """Each call in its own thread, started together (as two server processes would act):
    what each returned, or the exception it raised."""
    start = threading.Barrier(len(calls))
    out: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        start.wait()
        try:
            out[i] = calls[i]()
        except Exception as exc:              # the caller looks at it
            out[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    return out


def drop_columns(db: str, table: str, columns: list[str]) -> None:
    """Make `db`'s `table` as an older version left it: without `columns`."""
    if db.startswith("postgresql://"):
        psycopg = pytest.importorskip("psycopg")
        with psycopg.connect(db, autocommit=True) as pg:
            for name in columns:
                pg.execute(f"ALTER TABLE {table} DROP COLUMN {name}")
        return
    with sqlite3.connect(db) as lite:
        for name in columns:
            lite.execute(f"ALTER TABLE {table} DROP COLUMN {name}")


def columns_of(db: str, table: str) -> set[str]:
    if db.startswith("postgresql://"):
        psycopg = pytest.importorskip("psycopg")
        with psycopg.connect(db, autocommit=True) as pg:
            return {r[0] for r in pg.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = "
                "current_schema() AND table_name = %s", (table,))}
    with sqlite3.connect(db) as lite:
        return {r[1] for r in lite.execute(f"PRAGMA table_info({table})")}
