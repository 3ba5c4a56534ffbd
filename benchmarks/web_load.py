"""Many people playing at once against one `scrimmage serve` (issue 16's load benchmark).

    python benchmarks/web_load.py [--games 100] [--rules legends-pro] [--think 0] [--ws]
                                  [--duration 60] [--decisions 0] [--url URL [--pid PID]]

Starts the server in a subprocess on a free port with a fresh database (or uses `--url`, e.g.
a server running under a profiler), makes `--games` games of a person against the computer,
and drives each person's seat with a client of its own on loopback: it waits `--think`
seconds, answers the pending question (the assistant's suggestion, another legal option
every third time) and waits for the new view.

- HTTP mode: `POST /api/games/{id}/decisions?since=N` on a kept-alive connection (a few
  lines of HTTP/1.1, see `KeptAlive`); the round trip is request sent -> new view received.
  Views ask only for the plays the client lacks.
- `--ws` mode: the answer goes over the game's WebSocket; the round trip is answer sent ->
  the next view pushed (a push carries only the plays the page lacks, and the last one again).

Prints a Markdown table: decisions, round-trip p50/p95/p99/max, decisions per second, errors
(any non-200, refused answer or exception), the server's CPU time per decision, and the exact
command. A run stops after `--duration` seconds or `--decisions` answers per game (0: the
whole game). The issue's goal: p99 <= 50 ms and no errors with 100 games at once.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shlex
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Tally:
    """What every client measured."""

    trips: list[float] = field(default_factory=list)
    """Seconds from an answer sent to its new view received."""
    errors: dict[str, int] = field(default_factory=dict)
    finished: int = 0
    made: list[float] = field(default_factory=list)
    """Seconds each `POST /api/games` took."""

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(folder / "xdg")}
    log = (folder / "server.log").open("wb")
    proc = subprocess.Popen([sys.executable, "-m", "scrimmage.cli", "serve", "--db",
                             str(folder / "load.db"), "--port", str(port), "--rate-limit", "0"],
                            env=env, stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("the server exited: " + (folder / "server.log").read_text())
        try:
            if httpx.get(f"{url}/api/rulesets").status_code == 200:
                return proc, url
        except httpx.TransportError:
            pass
        time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not answer within 60 s")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def choose(pending: dict[str, Any], turn: int) -> str:
    options = [o["answer"] for o in pending["options"]]
    if turn % 3 == 2 and len(options) > 1:
        return str(options[(turn // 3) % len(options)])
    return str(pending["suggestion"])


async def stagger(args: argparse.Namespace, n: int) -> None:
    """People do not all answer at the same instant: the clients' first answers are spread
    over one think time (started together, they would stay in step, each wave of `--games`
    answers queueing behind one another)."""
    if args.think:
        await asyncio.sleep(args.think * n / args.games)


async def make_game(http: httpx.AsyncClient, args: argparse.Namespace, n: int,
                    tally: Tally) -> tuple[str, str]:
    started = time.perf_counter()
    r = await http.post("/api/games", json={"rules": args.rules, "seed": args.seed + n,
                                            "seats": {"home": "person", "away": "computer"}})
    tally.made.append(time.perf_counter() - started)
    if r.status_code != 201:
        raise RuntimeError(f"POST /api/games: {r.status_code} {r.text[:200]}")
    made = r.json()
    return made["game_id"], made["seats"]["home"]["token"]


class KeptAlive:
    """One keep-alive HTTP/1.1 connection, written by hand: the load client shares the two
    cores with the server, and httpx spent more CPU per request than the server did, so its
    own queueing showed up in the round trips. This sends a request and reads one response
    with a Content-Length (all the server sends), nothing more."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        self.writer.write(f"POST {path} HTTP/1.1\r\nHost: {self.host}\r\n"
                          f"Content-Type: application/json\r\nContent-Length: {len(body)}"
                          "\r\n\r\n".encode() + body)
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        size = next(int(line.split(":", 1)[1]) for line in lines[1:]
                    if line.lower().startswith("content-length:"))
        return status, await self.reader.readexactly(size)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            await self.writer.wait_closed()


async def http_player(url: str, args: argparse.Namespace, n: int, start: asyncio.Event,
                      stop_at: list[float], tally: Tally) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=60.0) as http:
        game, token = await make_game(http, args, n, tally)
        r = await http.get(f"/api/games/{game}", params={"token": token})
        view = r.json()
    host, port = url.removeprefix("http://").rsplit(":", 1)
    conn = KeptAlive(host, int(port))
    known = view["play_count"]
    await start.wait()
    await stagger(args, n)
    turn = 0
    try:
        while view["status"] == "playing" and time.monotonic() < stop_at[0] and \
                (args.decisions == 0 or turn < args.decisions):
            pending = view["pending"]
            if pending is None:          # not this seat's turn (cannot happen vs the computer)
                tally.error("no question")
                return
            if args.think:
                await asyncio.sleep(args.think)
            body = json.dumps({"index": pending["index"],
                               "answer": choose(pending, turn)}).encode()
            sent = time.perf_counter()
            try:
                status, text = await asyncio.wait_for(conn.post(
                    f"/api/games/{game}/decisions?token={token}&since={known}", body), 60)
                tally.trips.append(time.perf_counter() - sent)
            except (OSError, TimeoutError, asyncio.IncompleteReadError, ValueError) as exc:
                tally.error(type(exc).__name__)
                return
            if status != 200:
                tally.error(f"HTTP {status}")
                return
            view = json.loads(text)
            known = view["play_count"]
            turn += 1
        if view["status"] == "over":
            tally.finished += 1
    finally:
        await conn.close()


async def ws_player(url: str, args: argparse.Namespace, n: int, start: asyncio.Event,
                    stop_at: list[float], tally: Tally) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=60.0) as http:
        game, token = await make_game(http, args, n, tally)
    ws_url = url.replace("http://", "ws://") + f"/ws/games/{game}?token={token}"
    async with websockets.connect(ws_url, max_size=None, open_timeout=60) as ws:
        view = json.loads(await ws.recv())
        await start.wait()
        await stagger(args, n)
        turn = 0
        while view["status"] == "playing" and time.monotonic() < stop_at[0] and \
                (args.decisions == 0 or turn < args.decisions):
            pending = view["pending"]
            if pending is None:
                tally.error("no question")
                return
            if args.think:
                await asyncio.sleep(args.think)
            sent = time.perf_counter()
            try:
                await ws.send(json.dumps({"index": pending["index"],
                                          "answer": choose(pending, turn)}))
                text = await asyncio.wait_for(ws.recv(), 60)
                tally.trips.append(time.perf_counter() - sent)
            except (websockets.WebSocketException, OSError, TimeoutError) as exc:
                tally.error(type(exc).__name__)
                return
            message = json.loads(text)
            if "error" in message:
                tally.error(f"WS {message.get('status')}")
                return
            view = message
            turn += 1
        if view["status"] == "over":
            tally.finished += 1


def percentile(ordered: list[float], p: float) -> float:
    """Nearest-rank percentile of a sorted list."""
    if not ordered:
        return float("nan")
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


async def run(args: argparse.Namespace, url: str, server_pid: int | None) -> None:
    tally = Tally()
    start = asyncio.Event()
    stop_at = [float("inf")]
    player = ws_player if args.ws else http_player
    tasks = [asyncio.create_task(player(url, args, n, start, stop_at, tally))
             for n in range(args.games)]
    # Every game is made (and its socket open) before the clock starts.
    while len(tally.made) < args.games and not any(t.done() for t in tasks):
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.2)
    for t in tasks:
        if t.done() and t.exception() is not None:
            raise t.exception()  # type: ignore[misc]
    cpu_before = cpu_seconds(server_pid) if server_pid else None
    client_before = time.process_time()
    began = time.perf_counter()
    stop_at[0] = time.monotonic() + args.duration
    start.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    wall = time.perf_counter() - began
    for r in results:
        if isinstance(r, BaseException):
            tally.error(type(r).__name__)
    server_cpu = cpu_seconds(server_pid) - cpu_before if server_pid and cpu_before is not None \
        else None
    report(args, tally, wall, server_cpu, time.process_time() - client_before)


def report(args: argparse.Namespace, tally: Tally, wall: float, server_cpu: float | None,
           client_cpu: float) -> None:
    trips = sorted(tally.trips)
    ms = [percentile(trips, p) * 1000 for p in (50, 95, 99)]
    errors = sum(tally.errors.values())
    mode = "WS" if args.ws else "HTTP"
    per_decision = f"{server_cpu / len(trips) * 1000:.1f} ms" if server_cpu and trips else "n/a"
    print(f"\n`{' '.join(shlex.quote(a) for a in [sys.executable, *sys.argv])}`\n")
    print("| mode | rules | games | think | decisions | p50 ms | p95 ms | p99 ms | max ms "
          "| decisions/s | errors | server CPU/decision | finished |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    print(f"| {mode} | {args.rules} | {args.games} | {args.think:g} s | {len(trips)} | "
          f"{ms[0]:.1f} | {ms[1]:.1f} | {ms[2]:.1f} | {(trips[-1] if trips else 0) * 1000:.1f} | "
          f"{len(trips) / wall:.1f} | {errors} | {per_decision} | {tally.finished} |")
    made = sorted(tally.made)
    print(f"\n{wall:.1f} s of play; server CPU {server_cpu or 0:.1f} s "
          f"({(server_cpu or 0) / wall:.0%} of a core), load client CPU {client_cpu:.1f} s; "
          f"making the games: p50 {percentile(made, 50) * 1000:.0f} ms, "
          f"max {made[-1] * 1000 if made else 0:.0f} ms; load average {os.getloadavg()[0]:.2f}")
    if tally.errors:
        print("errors: " + ", ".join(f"{k} x{v}" for k, v in sorted(tally.errors.items())))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games played at once")
    ap.add_argument("--rules", default="legends-pro")
    ap.add_argument("--think", type=float, default=0.0,
                    help="seconds a person thinks before each answer")
    ap.add_argument("--ws", action="store_true", help="answer over WebSockets")
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of play at most")
    ap.add_argument("--decisions", type=int, default=0,
                    help="answers per game at most (0: to the end of the game)")
    ap.add_argument("--seed", type=int, default=1, help="game n has seed SEED + n")
    ap.add_argument("--url", help="an already running server (no server is started)")
    ap.add_argument("--pid", type=int, help="with --url: the server's process, for its CPU time")
    args = ap.parse_args()
    if args.url:
        asyncio.run(run(args, args.url.rstrip("/"), args.pid))
        return
    with tempfile.TemporaryDirectory(prefix="web-load-") as tmp:
        proc, url = start_server(Path(tmp))
        try:
            asyncio.run(run(args, url, proc.pid))
        finally:
            proc.kill()
            proc.wait()


if __name__ == "__main__":
    main()
