"""Issue 34's speed goals for a league (results in benchmarks/results/league.md):

1. the rest of a 1985 season simulated while you wait, week 1 to the champion (legends-pro,
   solitaire coaches; about 230 games): `scrimmage league sim --end`, whole process, wall;
2. the page answers other requests while a sim plays: the latency of GET /api/leagues/{id}
   on a real `scrimmage serve` while it plays a season in the background;
3. opening a league page with a finished 1985 season: the page's requests (summary,
   standings, schedule, leaders) on that server.

    python benchmarks/league.py [--rounds 3] [--workers 2]
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

CMD = [sys.executable, "-m", "scrimmage.cli"]


def cli(args: list[str], db: Path) -> float:
    start = time.perf_counter()
    subprocess.run([*CMD, *args, "--db", str(db)], check=True, capture_output=True)
    return time.perf_counter() - start


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def season_sim(workers: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "l.db"
        cli(["league", "new", "--rules", "legends-pro", "--season", "1985", "--coach",
             "1985 Chicago Bears", "--seed", "1"], db)
        cli(["league", "play", "--auto"], db)            # the Bears' first game, as a person's
        # The rest, the Bears' games by their assistant, to the champion.
        return cli(["league", "sim", "--end", "--mine-too", "--workers", str(workers)], db)


def server_latencies(workers: int) -> tuple[list[float], list[float]]:
    """(GET latencies while a season plays, the page's requests on the finished season)."""
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        env = {**os.environ, "XDG_DATA_HOME": tmp}
        proc = subprocess.Popen([*CMD, "serve", "--port", str(port), "--db",
                                 str(Path(tmp) / "s.db")], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            with httpx.Client(base_url=base, timeout=60) as c:
                for _ in range(200):
                    try:
                        c.get("/api/rulesets")
                        break
                    except httpx.HTTPError:
                        time.sleep(0.1)
                made = c.post("/api/leagues", json={"kind": "season", "rules": "legends-pro",
                                                    "season": 1985, "seed": 1}).json()
                lid, token = made["league_id"], made["token"]
                c.post(f"/api/leagues/{lid}/sim?token={token}", json={"end": True})
                during: list[float] = []
                while True:
                    start = time.perf_counter()
                    r = c.get(f"/api/leagues/{lid}")
                    during.append(time.perf_counter() - start)
                    job = c.get(f"/api/leagues/{lid}/sim").json()
                    if not job["running"]:
                        break
                    time.sleep(0.05)
                assert r.json()["phase"] == "over", r.json()["phase"]
                opening: list[float] = []
                for _ in range(20):
                    start = time.perf_counter()
                    for path in ("", "/standings", "/schedule", "/leaders"):
                        c.get(f"/api/leagues/{lid}{path}").raise_for_status()
                    opening.append(time.perf_counter() - start)
                return during, opening
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    sims = [season_sim(a.workers) for _ in range(a.rounds)]
    print(f"1. rest of the 1985 season, week 1 to champion (233 games, {a.workers} workers): "
          + ", ".join(f"{s:.2f} s" for s in sims) + f" (median {statistics.median(sims):.2f})")
    during, opening = server_latencies(a.workers)
    during.sort()
    print(f"2. GET /api/leagues/ID while the season plays: {len(during)} requests, median "
          f"{1000 * statistics.median(during):.0f} ms, p95 {1000 * during[int(.95 * len(during))]:.0f}"
          f" ms, max {1000 * during[-1]:.0f} ms")
    print(f"3. the league page's four requests on the finished season: median "
          f"{1000 * statistics.median(opening):.0f} ms, max {1000 * max(opening):.0f} ms")


if __name__ == "__main__":
    main()
