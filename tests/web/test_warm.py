"""Issue 36: a server warms its computed coaches at start, beside the server, not in anyone's
first game (`create_app(warm_coaches=True)`, what `scrimmage serve` does by default)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import scrimmage.coaches.warm as warming
from scrimmage.coaches.warm import computed_coaches, warm
from scrimmage.core.ruleset import ruleset_names
from scrimmage.web.app import create_app


def test_every_computed_coach_of_every_ruleset_is_warmed(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    monkeypatch.setattr(warming, "WARM_PLAYS", 2)
    app = create_app(tmp_path / "server.db", warm_coaches=True)
    with TestClient(app) as client:
        assert client.get("/api/rulesets").status_code == 200    # served while it warms
        for _ in range(600):
            if app.state.warmed.done():
                break
            time.sleep(0.1)
        warmed = app.state.warmed.result()
    expected = {f"{r}/{c}" for r in ruleset_names() for c in computed_coaches(r)}
    assert set(warmed) == expected
    assert {"legends-pro/smart", "legends-pro/equilibrium", "grid/smart", "5d20/smart",
            "1st-and-roll/equilibrium"} <= expected


def test_a_server_that_is_not_asked_does_not_warm(tmp_path: Path) -> None:
    app = create_app(tmp_path / "server.db")
    with TestClient(app):
        assert not hasattr(app.state, "warmed")


def test_warming_stops_when_the_server_does() -> None:
    import threading

    stop = threading.Event()
    stop.set()
    assert warm(stop=stop) == {}
