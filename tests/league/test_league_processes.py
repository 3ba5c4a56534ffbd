"""An online league (issue 35) kept by several server processes on one database: each
`LeagueStore` here has its own connection, as each process has. On both stores (the `db`
fixture, tests/stores.py): a write from a stale copy of a league is refused and `change`
redoes it, so two coaches' changes made at once are both kept; a week whose deadline passed
is closed once however many processes' clocks see it; both coaches opening their game at
once get one game; a computer result never replaces a person's game in play; a game covered
at the deadline keeps an answer its coach gave meanwhile."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from stores import at_once, columns_of, drop_columns

from scrimmage.core.ruleset import find_ruleset
from scrimmage.league import online, playing
from scrimmage.league.making import own_league
from scrimmage.league.model import League
from scrimmage.league.store import FINAL, PLAYING, Busy, GameRow, LeagueStore
from scrimmage.web.rooms import Rooms
from scrimmage.web.store import Moved, SavedSeat

RULES = "legends-hs"


@pytest.fixture
def stores(db: str) -> Iterator[list[LeagueStore]]:
    """Two league stores on one database: two server processes."""
    pair = [LeagueStore(db), LeagueStore(db)]
    try:
        yield pair
    finally:
        for s in pair:
            s.close()


def an_online_league(store: LeagueStore, rhythm: str = "day") -> tuple[League, dict[str, str]]:
    """Four teams, two weeks; the links of the teams (code -> token)."""
    teams = find_ruleset(RULES).team_names()[:4]
    league = own_league(RULES, teams, {}, seed=2, weeks=2, playoffs=0)
    _, links = online.open_online(league, rhythm)
    store.create(league)
    return league, links


def test_a_stale_copy_is_refused_and_change_redoes_the_edit(
        stores: list[LeagueStore]) -> None:
    one, two = stores
    league, _ = an_online_league(one)
    a, b = one.league(league.league_id), two.league(league.league_id)
    codes = list(league.teams)
    online.claim(a, codes[0], "First")
    one.update(a)
    online.claim(b, codes[1], "Second")
    with pytest.raises(Moved):
        two.update(b)                              # read before the first claim was written
    assert one.league(league.league_id).teams[codes[1]].coaching.name == ""
    two.change(b, lambda lg: online.claim(lg, codes[1], "Second"))
    both = one.league(league.league_id)
    assert [both.teams[c].coaching.name for c in codes[:2]] == ["First", "Second"]
    assert b.version == both.version               # the caller's copy is the stored one
    # Every coach of the league sets up at once, half through each process: all are kept.
    copies = [(one if i % 2 else two).league(league.league_id) for i in range(len(codes))]
    out = at_once(*[
        (lambda i=i: (one if i % 2 else two).change(
            copies[i], lambda lg: online.settings(lg, codes[i], {"fourth_down": "bold"})))
        for i in range(len(codes))])
    assert out == [None] * len(codes)
    stored = two.league(league.league_id)
    assert all(stored.teams[c].coaching.fourth_down == "bold" for c in codes)
    assert stored.teams[codes[0]].coaching.name == "First"


def test_a_leagues_turn_is_one_process_at_a_time(stores: list[LeagueStore]) -> None:
    one, two = stores
    league, _ = an_online_league(one)
    with one.turn(league.league_id), pytest.raises(Busy), two.turn(league.league_id):
        pass
    with two.turn(league.league_id):            # given back
        pass
    # A turn whose process died (never given back) ends when its lease does.
    one.db.run("UPDATE leagues SET lease_holder = 'gone', lease_until = ? WHERE id = ?",
               (time.time() + 60, league.league_id))
    with pytest.raises(Busy), two.turn(league.league_id):
        pass
    one.db.run("UPDATE leagues SET lease_until = ? WHERE id = ?",
               (time.time() - 1, league.league_id))
    with two.turn(league.league_id):
        pass


def test_a_passed_deadline_closes_its_week_once(stores: list[LeagueStore]) -> None:
    one, two = stores
    league, _ = an_online_league(one)
    codes = list(league.teams)
    one.change(league, lambda lg: online.claim(lg, codes[0], "Absent"))
    with one.turn(league.league_id):
        online.deadline_pass(one, league, now=1000.0)        # the season starts: week 1
    assert online.online(league).week == 1
    now = online.online(league).deadline
    assert now is not None
    closed = at_once(lambda: online.due_deadlines(one, now + 1),
                     lambda: online.due_deadlines(two, now + 1))
    assert sorted(closed, key=len) == [[], [league.league_id]], closed
    after = two.league(league.league_id)
    assert online.online(after).week == 2
    assert [a["who"] for a in online.audit_log(after)] == ["the deadline"]
    rows = one.game_rows(league.league_id)
    assert all(rows[f.index].final and rows[f.index].attempt == 0
               for f in league.schedule if f.week == 1)
    # The next look of either clock finds nothing due.
    assert online.due_deadlines(one, now + 2) == online.due_deadlines(two, now + 2) == []


def test_both_coaches_opening_their_game_at_once_get_one_game(
        stores: list[LeagueStore]) -> None:
    one, two = stores
    league, _ = an_online_league(one)
    fixture = league.schedule[0]
    for code in (fixture.home, fixture.away):
        one.change(league, lambda lg, code=code: online.claim(lg, code, code))
    views = [playing.state(s, s.league(league.league_id)) for s in stores]
    out = at_once(*[lambda st=st, s=s: playing.person_game(s, st, fixture)[0]
                    for s, st in zip(stores, views, strict=True)])
    assert isinstance(out[0], str) and out[0] == out[1], out
    row = two.game_rows(league.league_id)[fixture.index]
    assert row.status == PLAYING and row.game_id == out[0]
    # A computer result reached from an older look (another process's sim) leaves it be.
    one.save_games(league.league_id, [GameRow(fixture.index, row.attempt, FINAL, 7, 3, None,
                                              None, None, {})])
    assert two.game_rows(league.league_id)[fixture.index] == row


def test_a_cover_at_the_deadline_keeps_an_answer_given_meanwhile(
        stores: list[LeagueStore], db: str) -> None:
    one, two = stores
    league, _ = an_online_league(one)
    fixture = league.schedule[0]
    one.change(league, lambda lg: online.claim(lg, fixture.home, "Late"))
    st = playing.state(one, league)
    game_id, _ = playing.person_game(one, st, fixture)
    st = playing.state(one, league)
    coach = Rooms(two.games)                     # the coach's page, through the other process
    room = coach.get(game_id)
    pending = room.table.pending
    assert pending is not None and pending.side.value == "HOME"
    # The coach's answer lands between the deadline's look at the game and its write.
    load = one.games.load
    answered: list[int] = []

    def load_then_answer(game: str) -> Any:
        loaded = load(game)
        if not answered:
            coach.answer(room, SavedSeat("HOME"), pending.index, pending.suggestion)
            answered.append(pending.index)
        return loaded

    one.games.load = load_then_answer             # type: ignore[method-assign]
    assert online.cover(one, st, fixture)
    record = two.games.record(game_id)
    assert record is not None
    by = [e[3] for e in record.decisions if len(e) > 3]
    assert by.count("person") == 1 and "deadline" in by
    assert two.game_rows(league.league_id)[fixture.index].final


def test_a_database_made_before_league_versions_gains_them(db: str) -> None:
    store = LeagueStore(db)
    league, _ = an_online_league(store)
    store.close()
    drop_columns(db, "leagues", ["version", "lease_holder", "lease_until"])
    store = LeagueStore(db)
    try:
        assert {"version", "lease_holder", "lease_until"} <= columns_of(db, "leagues")
        again = store.league(league.league_id)
        assert again.version == 0 and again.to_json() == league.to_json()
        with store.turn(league.league_id):
            store.change(again, lambda lg: online.claim(lg, next(iter(lg.teams)), "Back"))
        assert store.league(league.league_id).version == 1
    finally:
        store.close()
