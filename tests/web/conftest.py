"""The browser tests' real server (uvicorn on a free port, in a thread) and Chromium.

The server keeps its games in a SQLite file. A module or test marked
`@pytest.mark.stores(*STORES)` (tests/stores.py) gets one server on each store instead: the
pages that exercise the store (fair dice, leagues) run on PostgreSQL too, skipped without
$SCRIMMAGE_TEST_POSTGRES; the others run once."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
import uvicorn
from browsing import ARGS, CHROMIUM
from stores import postgres_schema

from scrimmage.web.app import create_app


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "stores(*names): run the `server` fixture's tests on "
                                       "each of these stores (tests/stores.py)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "server" not in metafunc.fixturenames:
        return
    mark = metafunc.definition.get_closest_marker("stores")
    if mark is not None:
        metafunc.parametrize("server", list(mark.args), indirect=True, scope="module")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server's address; its store is SQLite unless the `stores` mark says otherwise."""
    store = getattr(request, "param", "sqlite")
    with ExitStack() as stack:
        if store == "sqlite":
            db = str(tmp_path_factory.mktemp("db") / "games.db")
        else:
            db = stack.enter_context(postgres_schema())
        port = _free_port()
        web = create_app(db, public_url=f"http://127.0.0.1:{port}/", rate_limit=None)
        config = uvicorn.Config(web, host="127.0.0.1", port=port, log_level="warning")
        srv = uvicorn.Server(config)
        thread = threading.Thread(target=srv.run, daemon=True)
        thread.start()
        for _ in range(200):
            if srv.started:
                break
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
        srv.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()
