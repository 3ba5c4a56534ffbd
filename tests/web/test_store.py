"""The games store and the leagues' tables on both back ends (a SQLite file, a PostgreSQL
database: the `db` fixture): the same calls keep and give back the same games, a game's
version moves on with every write, a write made against an old version changes nothing, two
connections (two server processes) racing to write the same decision leave exactly one, and
a room another process moved on is loaded again before it acts."""

from __future__ import annotations

import sqlite3
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from stores import at_once, postgres_schema

import scrimmage
from scrimmage.api import new_game
from scrimmage.core import fairness
from scrimmage.league import playing
from scrimmage.league.making import own_league
from scrimmage.league.model import Coaching
from scrimmage.league.store import FINAL, GameRow, LeagueStore
from scrimmage.web.database import Unavailable
from scrimmage.web.rooms import Rooms, Stale
from scrimmage.web.store import Moved, SavedSeat, Store, digest

HOME = SavedSeat("HOME")


def a_record(seed: int = 7) -> Any:
    _, record = new_game("legends-hs", "Riverside Rams", "Lakeview Lancers",
                                   seed=seed)
    record.seats = {"HOME": {"offense": "person"}, "AWAY": {"offense": "solitaire"}}
    return record


def test_a_game_is_kept_and_given_back(db: str) -> None:
    store = Store(db)
    try:
        record = a_record()
        record.decisions = [["kickoff", "HOME", "regular", "person"]]
        store.create("g1", record, {"tok": HOME}, {"d" * 64: SavedSeat("AWAY", "defense")})
        loaded = store.load("g1")
        assert loaded is not None and loaded.version == store.version("g1") == 0
        assert loaded.record.to_json() == store.record("g1").to_json()   # type: ignore[union-attr]
        assert loaded.record.seed == record.seed and loaded.record.seats == record.seats
        assert loaded.record.decisions == record.decisions
        assert loaded.seats == store.seats_of("g1") == {digest("tok"): HOME,
                                                         "d" * 64: SavedSeat("AWAY", "defense")}
        assert store.load("nope") is None and store.version("nope") is None
        assert [g["game_id"] for g in store.games()] == ["g1"]
    finally:
        store.close()


def test_every_write_moves_the_version_and_an_old_version_writes_nothing(db: str) -> None:
    store = Store(db)
    try:
        store.create("g", a_record(), {"tok": HOME})
        a, b, c = ["x", "HOME", "1", "person"], ["y", "AWAY", "2", "computer"], ["z", "HOME", "3"]
        assert store.save("g", 0, [a, b], "playing", version=0) == 1
        with pytest.raises(Moved):
            store.save("g", 2, [c], "over", {"HOME": {}}, version=0)      # written since
        loaded = store.load("g")
        assert loaded is not None and loaded.version == 1
        assert loaded.record.decisions == [a, b]                          # nothing changed
        assert store.games()[0]["status"] == "playing"
        assert store.save("g", 1, [c], "over", {"HOME": {"offense": "person"}}, version=1) == 2
        assert store.save("g", 2, [], "over") == 3                         # no version: always
        loaded = store.load("g")
        assert loaded is not None and loaded.version == 3
        assert loaded.record.decisions == [a, c]
        assert loaded.record.seats == {"HOME": {"offense": "person"}}
    finally:
        store.close()


def test_two_connections_racing_for_one_decision_leave_exactly_one(db: str) -> None:
    """Two stores (as two server processes have) write decision N at once, both from
    version N: one is kept whole, the other is refused whole."""
    first, second = Store(db), Store(db)
    try:
        first.create("g", a_record(), {"tok": HOME})
        for n in range(8):
            start = threading.Barrier(2)
            outcome: dict[str, object] = {}

            def write(store: Store, who: str, n: int = n, start: threading.Barrier = start,
                      outcome: dict[str, object] = outcome) -> None:
                start.wait()
                try:
                    outcome[who] = store.save("g", n, [[who, "HOME", str(n)]], "playing",
                                              version=n)
                except Moved as exc:
                    outcome[who] = exc

            threads = [threading.Thread(target=write, args=(s, w))
                       for s, w in ((first, "first"), (second, "second"))]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            kept = [w for w, o in outcome.items() if o == n + 1]
            refused = [w for w, o in outcome.items() if isinstance(o, Moved)]
            assert len(kept) == 1 and len(refused) == 1, outcome
            loaded = second.load("g")
            assert loaded is not None and loaded.version == n + 1
            assert loaded.record.decisions[n] == [kept[0], "HOME", str(n)]
            assert len(loaded.record.decisions) == n + 1
    finally:
        first.close()
        second.close()


def test_a_room_another_process_moved_on_is_loaded_again(db: str) -> None:
    mine, theirs = Rooms(Store(db)), Rooms(Store(db))
    try:
        room, _ = mine.create({"rules": "legends-pro", "seed": 5,
                                   "seats": {"home": "person", "away": "computer"}}, "http://x/")
        seat = HOME
        other = theirs.get(room.game_id)
        pending = other.table.pending
        assert pending is not None
        theirs.answer(other, seat, pending.index, pending.suggestion)
        # Mine still holds the game as it was: getting it loads it again.
        assert room.table.pending is not None and room.table.pending.index == pending.index
        assert mine.get(room.game_id) is room and room.version == other.version
        assert room.table.record.decisions == other.table.record.decisions
        # An answer to a decision already answered elsewhere is refused, nothing changed.
        with pytest.raises(Stale):
            mine.answer(room, seat, pending.index, pending.suggestion)
        # A room that missed the change (no look before acting) is refused at the write,
        # and shows what the store holds afterwards.
        now = other.table.pending
        assert now is not None
        theirs.answer(other, seat, now.index, now.suggestion)
        mine.refresh = lambda room: False                              # type: ignore[method-assign]
        with pytest.raises(Stale, match="moved on"):
            mine.answer(room, seat, now.index, now.suggestion)
        assert room.version == other.version
        assert room.table.record.decisions == other.table.record.decisions
        stored = theirs.store.load(room.game_id)
        assert stored is not None and stored.record.decisions == other.table.record.decisions
    finally:
        mine.store.close()
        theirs.store.close()


PEOPLE = {"rules": "1st-and-roll", "seats": {"home": "person", "away": "person"}}
AWAY = SavedSeat("AWAY")


def fair_dice_through_both(mine: Rooms, theirs: Rooms) -> None:
    """A new game's two coaches commit at the same moment, each through its own process,
    then reveal likewise: both are kept, and the seed is set once."""
    room, _ = mine.create(PEOPLE, "http://x/")
    other = theirs.get(room.game_id)
    values = {"home": fairness.new_value(), "away": fairness.new_value()}
    commits = {side: fairness.commitment(v) for side, v in values.items()}
    assert at_once(lambda: mine.fair_commit(room, HOME, commits["home"]),
                   lambda: theirs.fair_commit(other, AWAY, commits["away"])) == [None, None]
    assert at_once(lambda: mine.fair_reveal(room, HOME, values["home"]),
                   lambda: theirs.fair_reveal(other, AWAY, values["away"])) == [None, None]
    stored = theirs.store.load(room.game_id)
    assert stored is not None and stored.record.fairness is not None
    block = stored.record.fairness
    assert block["values"] == values and fairness.phase(block) == fairness.DONE
    assert stored.record.seed == block["seed"]
    assert theirs.store.fair_secret(room.game_id) is None
    for rooms in (mine, theirs):
        seen = rooms.get(room.game_id)
        assert seen.version == stored.version
        assert seen.table.record.decisions == stored.record.decisions
        assert seen.table.pending is not None


def test_fair_dice_steps_of_both_sides_at_once_through_two_processes_are_both_kept(
        db: str) -> None:
    """The two steps do not conflict: the one written second is taken again from the block
    holding the first, never refused, never lost."""
    mine, theirs = Rooms(Store(db)), Rooms(Store(db))
    try:
        for _ in range(3):
            fair_dice_through_both(mine, theirs)
        # A step that missed the other side's (no look before acting) is refused at the
        # write, then taken again from the stored block: both commitments are kept.
        room, _ = mine.create(PEOPLE, "http://x/")
        other = theirs.get(room.game_id)
        mine.fair_commit(room, HOME, fairness.commitment(fairness.new_value()))
        look = theirs.refresh
        looks: list[int] = []

        def stale_once(r: Any) -> bool:
            looks.append(1)
            return False if len(looks) == 1 else look(r)

        theirs.refresh = stale_once                                 # type: ignore[method-assign]
        theirs.fair_commit(other, AWAY, fairness.commitment(fairness.new_value()))
        assert len(looks) == 2
        stored = mine.store.load(room.game_id)
        assert stored is not None and stored.record.fairness is not None
        assert all(stored.record.fairness["commits"].values())
    finally:
        mine.store.close()
        theirs.store.close()


def test_a_league_is_kept_and_deleted_with_its_games(db: str) -> None:
    store = LeagueStore(db)
    try:
        league = own_league("legends-hs", ["Riverside Rams", "Lakeview Lancers",
                                           "Cedar Creek Bobcats"],
                            {"Riverside Rams": Coaching("person")}, seed=2, weeks=2,
                            playoffs=0)
        league_id = store.create(league)
        assert [x["league_id"] for x in store.leagues()] == [league_id]
        assert store.league(league_id).to_json() == league.to_json()
        played = playing.sim(store, league, playing.everything)
        assert played >= 1
        st = playing.state(store, league)
        fixture = st.pending[0]
        game_id, _ = playing.person_game(store, st, fixture, {"d" * 64: ["*"]})
        assert store.game_of(game_id) == (league_id, fixture.index)
        assert store.games.seats_of(game_id)["d" * 64].side in ("HOME", "AWAY")
        rows = store.game_rows(league_id)
        assert rows[fixture.index].status == "playing"
        # Written again (a game replayed): the row is replaced, not doubled.
        again = GameRow(fixture.index, 0, FINAL, 3, 0, game_id, None, None, {"home": "person"})
        store.save_games(league_id, [again])
        assert store.game_rows(league_id)[fixture.index] == again
        store.delete(league_id)
        assert store.leagues() == [] and store.games.load(game_id) is None
        with pytest.raises(scrimmage.ScrimmageError, match="no league"):
            store.delete(league_id)
    finally:
        store.close()


def test_a_sqlite_file_from_before_versions_is_brought_up_to_date(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:
        old.executescript(
            "CREATE TABLE games (id TEXT PRIMARY KEY, created REAL NOT NULL, updated REAL NOT "
            "NULL, rules TEXT NOT NULL, seed INTEGER NOT NULL, options TEXT NOT NULL, home "
            "TEXT NOT NULL, away TEXT NOT NULL, home_team TEXT NOT NULL, away_team TEXT NOT "
            "NULL, seats TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'playing');"
            "CREATE TABLE tokens (digest TEXT PRIMARY KEY, game_id TEXT NOT NULL, seat TEXT "
            "NOT NULL);"
            "INSERT INTO games VALUES ('g', 1, 1, 'legends-hs', 7, '{}', 'a', 'b', '{}', '{}', "
            "'{}', 'playing');"
            "INSERT INTO tokens VALUES ('abc', 'g', 'HOME');")
    store = Store(path)
    try:
        assert store.version("g") == 0 and store.seats_of("g") == {"abc": HOME}
        assert store.save("g", 0, [["x", "HOME", "1"]], "playing", version=0) == 1
    finally:
        store.close()


def test_a_lost_postgres_connection_is_a_503_then_comes_back() -> None:
    """PostgreSQL restarted under a running server: the request that finds the connection
    gone is refused (nothing changed, try again), and the next one connects afresh."""
    psycopg = pytest.importorskip("psycopg")
    with postgres_schema() as url:
        store = Store(url)
        try:
            store.create("g", a_record(), {"tok": HOME})
            with psycopg.connect(url, autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                              "application_name = current_setting('application_name') "
                              "AND pid <> pg_backend_pid()")
            with pytest.raises(Unavailable, match="try again"):
                store.save("g", 0, [["x", "HOME", "1"]], "playing", version=0)
            assert store.version("g") == 0                     # nothing was written
            assert store.save("g", 0, [["x", "HOME", "1"]], "playing", version=0) == 1
        finally:
            store.close()


def test_a_postgres_url_without_psycopg_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)          # not installed
    with pytest.raises(scrimmage.ScrimmageError, match=r"scrimmage\[postgres\]"):
        Store("postgresql://nobody@localhost/nothing")
