"""Process helpers for the Ctrl-C tests (Linux /proc): a command's worker processes, their
CPU time, and whether they are gone."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path


def descendants(pid: int) -> set[int]:
    """Processes whose parent chain leads to `pid` (Linux /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def cpu_seconds(pids: set[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def interrupt_when_busy(proc: subprocess.Popen[str], cpu: float = 2.0,
                        timeout: float = 120) -> tuple[str, str, set[int]]:
    """Wait until `proc`'s workers have used `cpu` seconds (CPU time, not wall time: the
    machine may be busy), send SIGINT to its whole process group as a terminal does, and
    return its stdout, stderr and the worker pids seen."""
    try:
        deadline = time.monotonic() + timeout
        workers: set[int] = set()
        while time.monotonic() < deadline and proc.poll() is None:
            workers |= descendants(proc.pid)
            if len(workers) >= 2 and cpu_seconds(workers) > cpu:
                break
            time.sleep(0.2)
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        os.killpg(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
    return stdout, stderr, workers
