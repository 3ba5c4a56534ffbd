"""A WebSocket push carries only the plays a page lacks (`views.update`); a page that merges
the pushes as the page's `mergeView` does holds exactly the full view, all game long, after
an undo, and when a timeout is written into a play already shown (5D20, D20-43)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import scrimmage
from scrimmage.web.rooms import Room, Rooms, Watcher
from scrimmage.web.store import SavedSeat, Store
from scrimmage.web.views import update, view


class Page:
    """What the browser keeps: the last view, with pushes merged into it (game.js)."""

    def __init__(self, room: Room, seat: SavedSeat | None) -> None:
        self.room, self.watcher = room, Watcher(seat)
        self.shown: dict[str, Any] = {}

    def push(self) -> dict[str, Any]:
        incoming = json.loads(json.dumps(update(self.room, self.watcher)))
        start = incoming["plays_from"]
        assert start == 0 or len(self.shown["plays"]) >= start, "the page lacks plays"
        plays = (self.shown["plays"][:start] if start else []) + incoming["plays"]
        self.shown = {**incoming, "plays": plays, "plays_from": 0}
        return incoming

    def agrees(self) -> None:
        assert self.shown == json.loads(json.dumps(view(self.room, self.watcher.seat)))


def start(tmp_path: Path, rules: str, seed: int) -> tuple[Rooms, Room, SavedSeat]:
    rooms = Rooms(Store(tmp_path / "games.db"))
    room, _ = rooms.create({"rules": rules, "seed": seed,
                            "seats": {"home": "person", "away": "computer"}}, "http://x/")
    return rooms, room, next(iter(room.seats.values()))


@pytest.mark.parametrize("rules", scrimmage.rulesets())
def test_a_page_merging_pushes_holds_the_full_view_all_game_long(tmp_path: Path,
                                                                   rules: str) -> None:
    rooms, room, seat = start(tmp_path, rules, 31)
    page, spectator = Page(room, seat), Page(room, None)
    page.push(), spectator.push()
    turn, longest = 0, 0
    while (pending := room.table.pending) is not None:
        options = pending.decision.options
        given = options[turn % len(options)] if turn % 3 == 2 else pending.suggestion
        try:
            rooms.answer(room, seat, pending.index, given)
        except scrimmage.ScrimmageError:
            rooms.answer(room, seat, pending.index, pending.suggestion)
        turn += 1
        if turn in (20, 21):
            rooms.undo(room, seat)
        longest = max(longest, len(page.push()["plays"]))
        page.agrees()
        if turn % 7 == 0:
            spectator.push()
            spectator.agrees()
    spectator.push()
    spectator.agrees()
    assert turn > 20 and room.table.over
    assert longest < 10 < len(page.shown["plays"])     # pushes are short, the game is not


def test_a_timeout_written_into_a_shown_play_reaches_the_page(tmp_path: Path) -> None:
    rooms, room, seat = start(tmp_path, "5d20", 31)
    rooms.set_policy(room, seat, "timeout", True)
    page = Page(room, seat)
    page.push()
    changed = 0
    while (pending := room.table.pending) is not None:
        before = list(page.shown["plays"])
        timeout = "timeout" in pending.decision.options
        rooms.answer(room, seat, pending.index, "timeout" if timeout else pending.suggestion)
        page.push()
        page.agrees()
        changed += page.shown["plays"][:len(before)] != before
    assert changed >= 2


def test_a_penalty_questions_previews_follow_the_answer_in_a_push(tmp_path: Path) -> None:
    """Issue 35's latency: the answer that leads to a penalty question is acknowledged before
    the question's previews (a replay per answer) are worked out; they follow in a push, and
    a GET of the view has them. Through the real app, over HTTP and its socket."""
    from fastapi.testclient import TestClient

    from scrimmage.web.app import create_app

    with TestClient(create_app(tmp_path / "games.db", rate_limit=None)) as c:
        made = c.post("/api/games", json={"rules": "legends-pro", "seed": 4,
                                          "seats": {"home": "person", "away": "computer"}})
        assert made.status_code == 201, made.text
        game = made.json()["game_id"]
        token = made.json()["seats"]["home"]["token"]
        with c.websocket_connect(f"/ws/games/{game}?token={token}") as socket:
            shown = socket.receive_json()
            for _ in range(2000):
                q = shown["pending"]
                assert q is not None, "the game ended before a penalty question"
                answered = c.post(f"/api/games/{game}/decisions?token={token}",
                                  json={"index": q["index"], "answer": q["suggestion"]})
                assert answered.status_code == 200, answered.text
                pushed = socket.receive_json()
                now = answered.json()["pending"]
                if now is None or not now["previews_coming"]:
                    shown = pushed
                    continue
                assert now["kind"] == "penalty" and pushed["pending"]["previews_coming"]
                assert not any("; then" in o["preview"] or o["preview"].startswith(("your", "their"))
                               for o in now["options"])
                later = socket.receive_json()            # the previews, worked out
                assert later["pending"]["index"] == now["index"]
                assert not later["pending"]["previews_coming"]
                after = {o["answer"]: o["preview"] for o in later["pending"]["options"]}
                assert after["accept"] and after["decline"] and after != {
                    o["answer"]: o["preview"] for o in now["options"]}
                got = c.get(f"/api/games/{game}?token={token}").json()["pending"]
                assert got["options"] == later["pending"]["options"]
                return
        raise AssertionError("no penalty question in 2000 answers")
