"""Issue 35's measures (results in benchmarks/results/league_online.md):

1. a 32-team league (NFL 2016, played online) with 32 coaches (a thread each on loopback, the
   way 32 browsers answer) playing week 1 asynchronously: the latency of every decision
   (POST /api/games/{id}/decisions), p50 / p99, and the errors;
2. the deadline pass that finishes 16 abandoned games (each begun and left a few answers in):
   the commissioner's advance, wall time.

    python benchmarks/league_online_load.py [--answers N] [--think SECONDS]

`--answers` caps the answers a coach gives (default: whole games); `--think` is how long a
coach reads a question before answering (default 1 s, a quick person; 0 is a load no person
makes: every coach answering the instant the question arrives, 16 answers always waiting at
the server, which measures its capacity, not what a coach waits).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

CMD = [sys.executable, "-m", "scrimmage.cli"]
IDLE_SECONDS = 10.0
"""A coach asked nothing this long leaves: the other one has stopped answering."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, tmp: str) -> None:
        self.port = free_port()
        env = {**os.environ, "XDG_DATA_HOME": tmp}
        self.proc = subprocess.Popen(
            [*CMD, "serve", "--port", str(self.port), "--rate-limit", "0", "--db",
             str(Path(tmp) / "s.db")], env=env, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        self.url = f"http://127.0.0.1:{self.port}"
        for _ in range(300):
            try:
                httpx.get(f"{self.url}/api/rulesets", timeout=5)
                return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=30)


def make_league(c: httpx.Client) -> tuple[str, str, dict[str, str], list[dict[str, Any]]]:
    made = c.post("/api/leagues/online", json={"rhythm": "hand", "league": {
        "kind": "season", "rules": "legends-pro", "season": 2016, "seed": 3}}).json()
    league, boss = made["league_id"], made["commissioner"]["token"]
    links = {v["team"]: v["token"] for v in made["teams"].values()}
    for i, token in enumerate(links.values()):
        c.post(f"/api/leagues/{league}/claim?token={token}", json={"name": f"Coach {i}"})
    c.post(f"/api/leagues/{league}/commissioner/advance?token={boss}", json={})
    week1 = c.get(f"/api/leagues/{league}/schedule?week=1").json()
    return league, boss, links, week1


def fair_step(c: httpx.Client, game: str, token: str, view: dict[str, Any],
              value: bytes) -> None:
    """This coach's part in the fair dice, as the page does it: commit, then reveal (nothing
    while the other coach's part is awaited)."""
    fair = view["fair_dice"]
    side = fair["yours"]
    if fair["phase"] == "commit" and not fair["committed"][side]:
        c.post(f"/api/games/{game}/commit?token={token}",
               json={"commit": hashlib.sha256(value).hexdigest()})
    elif fair["phase"] == "reveal" and not fair["revealed"][side]:
        c.post(f"/api/games/{game}/reveal?token={token}", json={"value": value.hex()})


def coach(url: str, league: str, token: str, cap: int, think: float, latencies: list[float],
          errors: list[str]) -> None:
    """One coach's page: it opens its game, follows it on the game's socket (as the page
    does, nothing polled) and answers each question put to it over HTTP after reading it for
    `think` seconds on average (0.5-1.5 times), timing each answer."""
    pace = random.Random(token)
    with httpx.Client(base_url=url, timeout=60) as c:
        game = c.post(f"/api/leagues/{league}/play?token={token}", json={}).json()["game_id"]
        value = secrets.token_bytes(32)
        answered = -1
        given = 0
        with connect(f"ws{url[4:]}/ws/games/{game}?token={token}") as socket:
            while given < cap:
                try:
                    view = json.loads(socket.recv(timeout=IDLE_SECONDS))
                except TimeoutError:
                    return                         # the other coach has left (--answers)
                if "error" in view:
                    errors.append(f"socket: {view['error'][:100]}")
                    continue
                if view["status"] == "over":
                    return
                if view["status"] == "setting up":
                    fair_step(c, game, token, view, value)
                    continue
                q = view["pending"]
                if q is None or q["index"] <= answered:
                    continue                       # the other coach's turn, or already sent
                time.sleep(think * pace.uniform(0.5, 1.5))
                start = time.perf_counter()
                r = c.post(f"/api/games/{game}/decisions?token={token}",
                           json={"index": q["index"], "answer": q["suggestion"]})
                latencies.append(time.perf_counter() - start)
                if r.status_code not in (200, 409):
                    errors.append(f"{r.status_code} {r.text[:100]}")
                answered = q["index"]
                given += 1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--answers", type=int, default=100_000)
    ap.add_argument("--think", type=float, default=1.0,
                    help="seconds a coach reads a question before answering (0: at once)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(tmp)
        try:
            with httpx.Client(base_url=server.url, timeout=120) as c:
                league, boss, links, week1 = make_league(c)
            teams = [t for g in week1 for t in (g["home_team"], g["away_team"])]
            latencies: list[float] = []
            errors: list[str] = []
            threads = [threading.Thread(target=coach, args=(server.url, league, links[t],
                                                             a.answers, a.think, latencies,
                                                             errors))
                       for t in teams]
            start = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.perf_counter() - start
            latencies.sort()

            def p(q: float) -> float:
                return 1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))]

            print(f"1. {len(threads)} coaches (think {a.think:g} s), {len(week1)} games, "
                  f"{len(latencies)} decisions in "
                  f"{wall:.1f} s: p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, max "
                  f"{1000 * latencies[-1]:.1f} ms, errors {len(errors)}")
            # 2: week 2, every game begun and abandoned, then the commissioner closes it.
            with httpx.Client(base_url=server.url, timeout=600) as c:
                c.post(f"/api/leagues/{league}/commissioner/advance?token={boss}", json={})
                week2 = c.get(f"/api/leagues/{league}/schedule?week=2").json()
                begun = 0
                for g in week2:
                    tokens = [links[g["home_team"]], links[g["away_team"]]]
                    game = c.post(f"/api/leagues/{league}/play?token={tokens[0]}",
                                  json={}).json()["game_id"]
                    values = [secrets.token_bytes(32) for _ in tokens]
                    for _ in range(4):                 # both coaches' fair dice: commit, reveal
                        for token, value in zip(tokens, values, strict=True):
                            view = c.get(f"/api/games/{game}?token={token}").json()
                            if view["status"] == "setting up":
                                fair_step(c, game, token, view, value)
                    answered = 0
                    while answered < 5:                # a few answers, then both leave
                        asked = [(t, v["pending"]) for t in tokens
                                 if (v := c.get(f"/api/games/{game}?token={t}").json())["pending"]]
                        if not asked:
                            break
                        token, q = asked[0]
                        c.post(f"/api/games/{game}/decisions?token={token}",
                               json={"index": q["index"], "answer": q["suggestion"]})
                        answered += 1
                    begun += 1
                start = time.perf_counter()
                r = c.post(f"/api/leagues/{league}/commissioner/advance?token={boss}", json={})
                took = time.perf_counter() - start
                print(f"2. deadline pass over {begun} abandoned games: {took:.2f} s "
                      f"({r.json()['said']})")
            if errors:
                print("errors:", statistics.mode(errors))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
