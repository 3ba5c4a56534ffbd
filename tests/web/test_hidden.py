"""Hidden information is never sent (issue 16): a seat learns nothing of the other side's
play call, die or card before both are locked in.

The proof is by indistinguishability. Two games start alike (same ruleset, teams, seed and
answers); at one simultaneous call the first seat answers differently in each. Everything the
second seat is sent before it locks in its own call (its view over HTTP, every message on its
WebSocket, and a spectator's view) must be the same in both games, byte for byte but for the
game's id. Checked at several calls of every ruleset.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import scrimmage
from scrimmage.web.app import create_app

HIDDEN = ("play_call",)
"""Kinds both seats answer at once, unseen by the other (FNL-25, GRID-20, FR-10, D20-12)."""
CALLS_CHECKED = 4


class Game:
    """One two-person game driven over HTTP."""

    def __init__(self, client: TestClient, rules: str, seed: int) -> None:
        self.client = client
        made = client.post("/api/games", json={
            "rules": rules, "seed": seed,
            "seats": {"home": "person", "away": "person"}}).json()
        self.id = made["game_id"]
        self.tokens = {"HOME": made["seats"]["home"]["token"],
                       "AWAY": made["seats"]["away"]["token"]}

    def view(self, side: str | None) -> dict[str, Any]:
        params = {} if side is None else {"token": self.tokens[side]}
        data: dict[str, Any] = self.client.get(f"/api/games/{self.id}", params=params).json()
        return data

    def turn(self) -> tuple[str, dict[str, Any]]:
        for side in ("HOME", "AWAY"):
            v = self.view(side)
            if v["pending"]:
                return side, v["pending"]
        raise AssertionError("nobody to answer")

    def answer(self, side: str, index: int, answer: str) -> None:
        r = self.client.post(f"/api/games/{self.id}/decisions",
                             params={"token": self.tokens[side]},
                             json={"index": index, "answer": answer})
        assert r.status_code == 200, r.text


def _same(a: Any, b: Any, id_a: str, id_b: str) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True).replace(id_b, id_a)


@pytest.mark.parametrize("rules", scrimmage.rulesets())
def test_the_other_sides_call_never_reaches_a_seat_before_both_are_locked(
        rules: str, tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path / "games.db", rate_limit=None))   # many games
    checked = 0
    answers: list[tuple[str, int, str]] = []        # the common history
    for _ in range(400):
        probe = Game(client, rules, seed=17)
        for step in answers:
            probe.answer(*step)
        side, pending = probe.turn()
        options = [o["answer"] for o in pending["options"]]
        if pending["kind"] in HIDDEN and len(options) > 1 and checked < CALLS_CHECKED:
            other = "AWAY" if side == "HOME" else "HOME"
            seen = []
            for choice in options[:2]:
                game = Game(client, rules, seed=17)
                for step in answers:
                    game.answer(*step)
                with client.websocket_connect(
                        f"/ws/games/{game.id}?token={game.tokens[other]}") as ws:
                    on_connect = ws.receive_json()
                    game.answer(side, pending["index"], choice)
                    pushed = ws.receive_json()
                    seen.append((game.id, on_connect, pushed, game.view(other),
                                 game.view(None)))
            (id_a, *sent_a), (id_b, *sent_b) = seen
            after = sent_a[1]
            # The first call of a pair: the other side is asked its own call next, for the
            # same play. (After the second call both are locked in and the play is public.)
            if (after["pending"] is not None and after["pending"]["kind"] in HIDDEN
                    and after["play_count"] == sent_a[0]["play_count"]):
                assert _same(sent_a, sent_b, id_a, id_b), (
                    f"{rules}: what {other} was sent depends on {side}'s call at decision "
                    f"{pending['index']}")
                checked += 1
        answers.append((side, pending["index"], pending["suggestion"]))
        if checked >= CALLS_CHECKED:
            break
    assert checked == CALLS_CHECKED
