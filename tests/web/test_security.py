"""The server on an untrusted network (issue 33), through the real server: the ASGI app for
what needs a clock or a look inside, `scrimmage serve` in a subprocess for the rest.

- a 1st & Roll unit acts for its own unit only (decisions, socket answers, undo, advice, the
  assistant's policy);
- a chunked body is refused (413) as soon as it passes the limit, not after it is read;
- `options` are checked against the ruleset's declaration, in the command line's words;
- game creation is rate-limited per client (429, Retry-After) and idle games leave memory,
  coming back from SQLite when next used;
- another site's page can neither act (403) nor open a socket; invitation links start with
  the configured public address, never the Host header; pages send a CSP under which the page
  still plays, and no-framing, no-sniffing, no-referrer headers;
- the database and its -wal and -shm files are readable by their owner only.
"""

from __future__ import annotations

import os
import shutil
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from servers import Server, assert_replays, assert_same, finish, free_port, make, play, see
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from scrimmage.web.app import create_app
from scrimmage.web.limits import MAX_BODY

BOTH = {"offense": "person", "defense": "person"}
EVIL = "http://evil.example"
CHROMIUM = Path("/usr/bin/chromium")


def _server(tmp_path: Path, *args: str) -> Server:
    return Server(tmp_path / "games.db", tmp_path / "xdg", tmp_path / "server.log", args)


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[Server]]:
    """Servers a test starts (each with its options); all stopped at the end."""
    started: list[Server] = []
    yield started
    for s in started:
        if s.http is not None:
            s.http.close()
        if s.proc is not None and s.proc.poll() is None:
            s.proc.kill()
            s.proc.wait(timeout=30)


def serve(servers: list[Server], tmp_path: Path, *args: str) -> tuple[Server, httpx.Client]:
    folder = tmp_path / f"server{len(servers)}"
    folder.mkdir()
    s = _server(folder, *args)
    servers.append(s)
    return s, s.start()


def view_of(client: TestClient, game: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game}", params={"token": token})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def count_games(db: Path) -> int:
    import sqlite3

    with sqlite3.connect(db) as c:
        return int(c.execute("SELECT count(*) FROM games").fetchone()[0])


# -- 1. a unit acts for its own unit only ------------------------------------------------------
def test_a_1st_and_roll_unit_cannot_act_for_its_teammate(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    client = TestClient(create_app(db))
    made = client.post("/api/games", json={"rules": "1st-and-roll", "seed": 6,
                                           "seats": {"home": BOTH}}).json()
    game = made["game_id"]
    offense, defense = made["seats"]["home:offense"]["token"], made["seats"]["home:defense"]["token"]
    asked = view_of(client, game, defense)
    p = asked["pending"]
    assert p is not None and view_of(client, game, offense)["pending"] is None
    before = {t: view_of(client, game, t) for t in (offense, defense)}

    # The defense's token sets the defense's assistant, never the offense's.
    r = client.post(f"/api/games/{game}/policy", params={"token": defense},
                    json={"kind": "timeout", "ask": True})
    assert r.status_code == 200, r.text
    assert "timeout" in r.json()["policy"]["always"]
    assert "timeout" not in view_of(client, game, offense)["policy"]["always"]

    # The offense hands its own kickoffs to the assistant: the defense's kickoff waiting now
    # is not the offense's to hand over, and the defense is still asked it.
    r = client.post(f"/api/games/{game}/policy", params={"token": offense},
                    json={"kind": p["kind"], "ask": False})
    assert r.status_code == 200, r.text
    assert p["kind"] not in r.json()["policy"]["always"]
    still = view_of(client, game, defense)
    assert still["pending"] == p and p["kind"] in still["policy"]["always"]

    # Nor can the offense answer, take back or get advice on the defense's question.
    r = client.post(f"/api/games/{game}/decisions", params={"token": offense},
                    json={"index": p["index"], "answer": p["suggestion"]})
    assert r.status_code == 403
    with client.websocket_connect(f"/ws/games/{game}?token={offense}") as ws:
        ws.receive_json()
        ws.send_json({"index": p["index"], "answer": p["suggestion"]})
        assert ws.receive_json()["status"] == 403
    assert client.post(f"/api/games/{game}/undo", params={"token": offense}).status_code in (
        403, 409, 422)
    assert client.get(f"/api/games/{game}/advice",
                      params={"token": offense}).json()["index"] is None
    after = view_of(client, game, defense)
    assert after["pending"] == p and after["plays"] == before[defense]["plays"]

    # Each unit's assistant is kept apart in the database too.
    again = TestClient(create_app(db))
    assert "timeout" in view_of(again, game, defense)["policy"]["always"]
    kept = view_of(again, game, offense)["policy"]
    assert "timeout" not in kept["always"] and p["kind"] not in kept["always"]


# -- 2. the body limit holds for a chunked body ---------------------------------------------
def test_a_chunked_body_over_the_limit_is_refused_before_it_ends(
        servers: list[Server], tmp_path: Path) -> None:
    """The body never ends here (a 50 MB upload in the making): the server must answer 413
    once the limit is passed, without waiting for the rest."""
    _, http = serve(servers, tmp_path)
    port = http.base_url.port
    assert port is not None
    chunk = b"x" * 16384
    with socket.create_connection(("127.0.0.1", port), timeout=60) as conn:
        conn.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        try:
            for _ in range(MAX_BODY // len(chunk) + 1):      # just past the limit
                conn.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        except OSError:          # the server stopped reading: fine, its answer is waiting
            pass
        answer = b""
        while b"\r\n\r\n" not in answer:
            got = conn.recv(65536)
            assert got, "the server closed without answering"
            answer += got
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert http.get("/api/rulesets").status_code == 200
    assert count_games(servers[0].db) == 0


# -- 3. options are the ruleset's own -------------------------------------------------------
@pytest.mark.parametrize("name", ["seed", "home", "away", "rules", "bogus"])
def test_an_option_the_ruleset_does_not_declare_is_a_422_in_the_cli_s_words(
        tmp_path: Path, name: str) -> None:
    client = TestClient(create_app(tmp_path / "games.db"))
    r = client.post("/api/games", json={"rules": "legends-hs", "seats": {"home": "person"},
                                        "options": {name: "3"}})
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert f"unknown option {name!r} for legends-hs" in detail and "\n" not in detail
    assert count_games(tmp_path / "games.db") == 0
    cli = subprocess.run([sys.executable, "-m", "scrimmage.cli", "sim", "--games", "1",
                          "-o", f"{name}=3"], capture_output=True, text=True, timeout=300)
    assert cli.returncode == 2 and "Traceback" not in cli.stderr
    assert detail in " ".join(cli.stderr.split())


# -- 4. a rate limit, and a cap on games in memory ------------------------------------------
def test_making_games_is_rate_limited_per_client(tmp_path: Path) -> None:
    now = [1000.0]
    web = create_app(tmp_path / "games.db", rate_limit=2, clock=lambda: now[0])
    one = TestClient(web, client=("203.0.113.5", 1))
    other = TestClient(web, client=("203.0.113.6", 1))
    body = {"rules": "grid", "seats": {"home": "person"}}
    assert [one.post("/api/games", json=body).status_code for _ in range(2)] == [201, 201]
    refused = one.post("/api/games", json=body)
    assert refused.status_code == 429 and refused.headers["retry-after"] == "30"
    assert "try again in 30 s" in refused.json()["detail"]
    assert count_games(tmp_path / "games.db") == 2               # the refusal made nothing
    assert other.post("/api/games", json=body).status_code == 201   # another client's bucket
    now[0] += 30                                                # a token comes back
    assert one.post("/api/games", json=body).status_code == 201
    assert one.post("/api/games", json=body).status_code == 429


def test_serve_takes_a_rate_limit(servers: list[Server], tmp_path: Path) -> None:
    _, http = serve(servers, tmp_path, "--rate-limit", "0.001")   # one game, then a long wait
    make(http, "grid", {"home": "person"}, seed=1)
    r = http.post("/api/games", json={"rules": "grid", "seats": {"home": "person"}})
    assert r.status_code == 429 and int(r.headers["retry-after"]) > 60


def test_idle_games_leave_memory_and_come_back_from_the_database(tmp_path: Path) -> None:
    web = create_app(tmp_path / "games.db", max_games_in_memory=2)
    client = TestClient(web)
    rooms = web.state.rooms
    games = [client.post("/api/games", json={"rules": "legends-pro", "seed": i,
                                             "seats": {"home": "person"}}).json()
             for i in range(5)]
    assert len(rooms.rooms) <= 2
    watched = games[0]
    with client.websocket_connect(
            f"/ws/games/{watched['game_id']}?token={watched['seats']['home']['token']}") as ws:
        ws.receive_json()
        room = rooms.rooms[watched["game_id"]]
        shown = []
        for made in games:                      # each in turn: most must come back from disk
            game, token = made["game_id"], made["seats"]["home"]["token"]
            p = view_of(client, game, token)["pending"]
            r = client.post(f"/api/games/{game}/decisions", params={"token": token},
                            json={"index": p["index"], "answer": p["suggestion"]})
            assert r.status_code == 200, r.text
            shown.append(r.json())
            assert len(rooms.rooms) <= 2
        assert rooms.rooms[watched["game_id"]] is room       # a watched game stays
        assert ws.receive_json()["play_count"] == shown[0]["play_count"]
    for made, acked in zip(games, shown, strict=True):
        assert view_of(client, made["game_id"], made["seats"]["home"]["token"]) == acked


def test_a_server_holding_one_game_in_memory_plays_several(servers: list[Server],
                                                          tmp_path: Path) -> None:
    """Three games in turn on a server that keeps one in memory: every answer reloads its
    game from SQLite, and each plays to the end exactly as its record replays."""
    server, http = serve(servers, tmp_path, "--max-games-in-memory", "1")
    games = [make(http, "legends-pro", {"home": "person", "away": "computer"}, seed=30 + i)
             for i in range(3)]
    turns = [0, 0, 0]
    for _ in range(4):
        for i, made in enumerate(games):
            game, token = made["game_id"], made["seats"]["home"]["token"]
            taken, acked = play(http, game, [token], 3, turns[i])
            turns[i] += taken
            assert acked is not None
            assert_same(acked, see(http, game, token))
    for i, made in enumerate(games):
        game, token = made["game_id"], made["seats"]["home"]["token"]
        finish(http, game, [token], turns[i])
        assert_replays(server.db, game, see(http, game, token))


# -- 5. origins, links and headers ----------------------------------------------------------
def test_another_sites_page_cannot_act_or_watch(servers: list[Server], tmp_path: Path) -> None:
    _, http = serve(servers, tmp_path, "--public-url", "https://games.example.org/")
    here = str(http.base_url).rstrip("/")
    body = {"rules": "grid", "seed": 3, "seats": {"home": "person"}}
    for origin in (EVIL, "null", "http://127.0.0.1:1", "https://games.example.org:8443"):
        r = http.post("/api/games", json=body, headers={"Origin": origin})
        assert r.status_code == 403, (origin, r.text)
        assert "another site" in r.json()["detail"]
    assert count_games(servers[0].db) == 0                       # refused: nothing made
    for origin in (here, "https://games.example.org"):          # the page's own, or public
        assert http.post("/api/games", json=body, headers={"Origin": origin}).status_code == 201
    made = make(http, "grid", {"home": "person"}, seed=3)      # no Origin: curl, a bot
    game, token = made["game_id"], made["seats"]["home"]["token"]
    before = see(http, game, token)
    p = before["pending"]
    r = http.post(f"/api/games/{game}/decisions", params={"token": token}, headers={
        "Origin": EVIL}, json={"index": p["index"], "answer": p["suggestion"]})
    assert r.status_code == 403 and see(http, game, token) == before
    assert http.get(f"/api/games/{game}", params={"token": token},
                    headers={"Origin": EVIL}).status_code == 200   # reading is no harm
    ws_url = f"{here.replace('http', 'ws', 1)}/ws/games/{game}?token={token}"
    with pytest.raises(InvalidStatus) as refused:
        connect(ws_url, origin=EVIL, open_timeout=60)
    assert refused.value.response.status_code == 403
    with connect(ws_url, origin=here, open_timeout=60) as ws:
        assert '"game_id"' in str(ws.recv(timeout=60))


def test_invitation_links_come_from_the_public_url_never_the_host_header(
        servers: list[Server], tmp_path: Path) -> None:
    _, http = serve(servers, tmp_path, "--public-url", "https://games.example.org/play")
    made = http.post("/api/games", json={"rules": "grid", "seats": {"home": "person"}},
                     headers={"Host": "evil.example"}).json()
    assert made["seats"]["home"]["url"].startswith("https://games.example.org/play/games/")
    assert made["spectate"].startswith("https://games.example.org/play/games/")
    _, plain = serve(servers, tmp_path)                     # no --public-url: where it listens
    made = plain.post("/api/games", json={"rules": "grid", "seats": {"home": "person"}},
                      headers={"Host": "evil.example"}).json()
    assert made["seats"]["home"]["url"].startswith(str(plain.base_url).rstrip("/") + "/games/")
    assert "evil" not in str(made)


def test_pages_send_a_content_security_policy_and_refuse_framing(
        servers: list[Server], tmp_path: Path) -> None:
    _, http = serve(servers, tmp_path)
    for path in ("/", "/games/x", "/static/app.js", "/api/rulesets"):
        headers = http.get(path).headers
        csp = headers["content-security-policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
        assert "unsafe-inline" not in csp
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
    page = http.get("/").text
    assert "<script>" not in page and "<style" not in page and " style=" not in page


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")
def test_the_page_plays_under_its_content_security_policy(servers: list[Server],
                                                           tmp_path: Path) -> None:
    """A Legends game (its sheet and bars are sized by style) and the assistant's advice
    (bars too) in Chromium: the policy blocks nothing the page does, and the page's own
    answers and socket pass the Origin check."""
    playwright = pytest.importorskip("playwright.sync_api")
    from browsing import ARGS, answer_by_click

    _, http = serve(servers, tmp_path)
    made = make(http, "legends-pro", {"home": "person"}, seed=14)
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        blocked: list[str] = []
        page.on("console", lambda m: blocked.append(m.text)
                if "Content Security Policy" in m.text else None)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(made["seats"]["home"]["url"])
        page.get_by_test_id("question").wait_for()
        # The page's own socket passes both the policy and the Origin check.
        page.wait_for_function("""() => document.querySelector('[data-testid=connection]')
                                          .classList.contains('live')""", timeout=60000)
        page.get_by_test_id("advice-toggle").check()
        for _ in range(10):
            assert answer_by_click(page)
        widths = page.evaluate("""() => [...document.querySelectorAll('[style]')]
                                         .map((e) => e.style.cssText)""")
        assert widths and all(widths), "no element was sized by the page"
        assert page.get_by_test_id("game-status").is_visible()
        # The team sheet (its own stylesheet, its SVG dice) loads under the policy too.
        page.get_by_test_id("sheet-button").click()
        page.get_by_test_id("sheet").wait_for()
        browser.close()
    assert not blocked, blocked
    assert not errors, errors


@pytest.mark.skipif(shutil.which("openssl") is None, reason="no openssl to make a certificate")
def test_serve_speaks_https_with_a_certificate(tmp_path: Path) -> None:
    """`--ssl-certfile`/`--ssl-keyfile` go to uvicorn: the server answers HTTPS, and its
    links start with https:// (no --public-url)."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=120)
    port = free_port()
    log = (tmp_path / "server.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "scrimmage.cli", "serve", "--db", str(tmp_path / "games.db"),
         "--port", str(port), "--no-warm", "--ssl-certfile", str(cert), "--ssl-keyfile", str(key)],
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "xdg")}, stdout=log,
        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        with httpx.Client(base_url=f"https://127.0.0.1:{port}", verify=False,
                          timeout=60) as https:
            for _ in range(1200):                     # a minute, as Server.start waits
                assert proc.poll() is None, (tmp_path / "server.log").read_text()
                try:
                    if https.get("/api/rulesets").status_code == 200:
                        break
                except httpx.TransportError:
                    time.sleep(0.05)
            else:
                raise AssertionError("the HTTPS server did not answer")
            made = make(https, "grid", {"home": "person"}, seed=4)
        assert made["seats"]["home"]["url"].startswith(f"https://127.0.0.1:{port}/games/")
    finally:
        proc.kill()
        proc.wait(timeout=30)
        log.close()


# -- 6. the database is its owner's ---------------------------------------------------------
def test_the_database_and_its_wal_and_shm_are_readable_by_their_owner_only(
        servers: list[Server], tmp_path: Path) -> None:
    old = os.umask(0o022)               # a usual umask: files would come out 0644
    try:
        server, http = serve(servers, tmp_path)
    finally:
        os.umask(old)
    made = make(http, "grid", {"home": "person"}, seed=2)
    play(http, made["game_id"], [made["seats"]["home"]["token"]], 2)
    for suffix in ("", "-wal", "-shm"):
        path = Path(f"{server.db}{suffix}")
        assert path.exists(), path
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, (path, oct(path.stat().st_mode))
