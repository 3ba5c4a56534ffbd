"""The server survives a `kill -9` (issue 16): the real `scrimmage serve` runs in a subprocess,
is killed with SIGKILL mid-game, right after an acknowledged answer, and started again on the
same database. The seat's view must be exactly what it was, and the finished game's
play-by-play exactly what an uninterrupted replay of its record gives.

A kill that lands while an answer is still in flight may keep that answer or drop it, but
never half of it: what the restarted server shows is the view before the answer or after it.

Each test runs on both stores: a SQLite file, and a PostgreSQL database (tests/stores.py).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from servers import (
    Server,
    assert_replays,
    assert_same,
    choose,
    finish,
    make,
    play,
    see,
    views,
)


@pytest.fixture
def server(db: str, tmp_path: Path) -> Iterator[Server]:
    """`scrimmage serve` on the test's database, once in each store."""
    s = Server(db, tmp_path / "xdg", tmp_path / "server.log")
    try:
        yield s
    finally:
        if s.http is not None:
            s.http.close()
        if s.proc is not None and s.proc.poll() is None:
            s.proc.kill()
            s.proc.wait(timeout=30)


# -- the tests ------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["legends-pro", "5d20"])
def test_a_killed_server_comes_back_where_it_acknowledged(server: Server, rules: str) -> None:
    http = server.start()
    made = make(http, rules, {"home": "person", "away": "computer"}, seed=21)
    game, token = made["game_id"], made["seats"]["home"]["token"]
    taken, acked = play(http, game, [token], 25)
    assert taken == 25 and acked is not None and acked["pending"] is not None
    assert see(http, game, token) == acked          # the acknowledgement is the view
    http = server.restart()
    assert_same(acked, see(http, game, token))
    finish(http, game, [token], taken)
    assert_replays(server.db, game, see(http, game, token))


def test_a_two_person_game_comes_back_for_both_seats(server: Server) -> None:
    http = server.start()
    made = make(http, "grid", {"home": "person", "away": "person"}, seed=22)
    game = made["game_id"]
    tokens = [made["seats"]["home"]["token"], made["seats"]["away"]["token"]]
    taken, acked = play(http, game, tokens, 30)
    assert taken == 30 and acked is not None
    before = views(http, game, tokens)
    assert acked in before                    # the seat that answered last saw just that
    http = server.restart()
    after = views(http, game, tokens)
    for b, a in zip(before, after, strict=True):
        assert_same(b, a)
    assert {v["you"]["side"] for v in after} == {"HOME", "AWAY"}
    finish(http, game, tokens, taken)
    assert_replays(server.db, game, see(http, game, tokens[0]))


def test_killed_every_fifteen_answers_nothing_acknowledged_is_lost(server: Server) -> None:
    http = server.start()
    made = make(http, "legends-pro", {"home": "person", "away": "computer"}, seed=23)
    game, token = made["game_id"], made["seats"]["home"]["token"]
    turn = kills = 0
    while True:
        taken, acked = play(http, game, [token], 15, turn)
        turn += taken
        if acked is None or acked["status"] == "over":
            break
        http = server.restart()
        kills += 1
        assert_same(acked, see(http, game, token))
    assert kills >= 5
    assert_replays(server.db, game, see(http, game, token))


def test_a_kill_during_an_answer_keeps_all_of_it_or_none(server: Server) -> None:
    """The kill races the answer (a few milliseconds later each time, so that it lands before,
    during or after the answer's work): either outcome is fine, half of one is not, and an
    answer the server acknowledged before it died is kept."""
    http = server.start()
    made = make(http, "legends-pro", {"home": "person", "away": "computer"}, seed=24)
    game, token = made["game_id"], made["seats"]["home"]["token"]
    turn, _ = play(http, game, [token], 12)
    for delay in (0.0, 0.001, 0.002, 0.004):      # where the kill lands: before, during, after
        before = see(http, game, token)
        p = before["pending"]
        url = f"{str(http.base_url).rstrip('/')}/api/games/{game}/decisions"
        body = {"index": p["index"], "answer": choose(p, turn)}
        outcome: list[object] = []
        sent = threading.Event()

        def post(url: str = url, body: dict[str, Any] = body,
                 outcome: list[object] = outcome, sent: threading.Event = sent) -> None:
            try:
                with httpx.Client(timeout=30.0) as c:
                    sent.set()
                    outcome.append(c.post(url, params={"token": token}, json=body).status_code)
            except httpx.TransportError as exc:      # the server died first: no answer
                outcome.append(exc)
            finally:
                sent.set()

        worker = threading.Thread(target=post)
        worker.start()
        sent.wait(30)
        time.sleep(delay)
        server.kill()
        worker.join(30)
        assert not worker.is_alive() and len(outcome) == 1
        assert outcome[0] == 200 or isinstance(outcome[0], httpx.TransportError), outcome
        http = server.start()
        after = see(http, game, token)
        if after["pending"] is not None and after["pending"]["index"] == p["index"]:
            assert outcome[0] != 200, "an acknowledged answer was lost"
            assert_same(before, after)                 # dropped whole
        else:
            assert after["plays"][:before["play_count"]] == before["plays"]   # kept whole
            assert after["play_count"] >= before["play_count"]
            assert after["pending"] is None or after["pending"]["index"] > p["index"]
            turn += 1
        taken, _ = play(http, game, [token], 5, turn)
        turn += taken
    finish(http, game, [token], turn)
    assert_replays(server.db, game, see(http, game, token))
