"""CPU time and peak memory of a command and every process under it, sampled from /proc
(Linux) while it runs: worker processes started by a fork server are not the command's waited-for
children, so `getrusage(RUSAGE_CHILDREN)` misses them. A process's last fraction of a second
may be missed. Used by benchmarks/study.py and benchmarks/season.py."""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

CLK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


@dataclass
class Usage:
    """What a run cost: wall seconds, and per process its CPU seconds and peak RSS (MB)."""

    wall: float = 0.0
    cpu: dict[int, float] = field(default_factory=dict)
    rss: dict[int, float] = field(default_factory=dict)
    main: int = 0

    def workers_cpu(self) -> float:
        return sum(v for pid, v in self.cpu.items() if pid != self.main)

    def worker_rss(self) -> float:
        return max((v for pid, v in self.rss.items() if pid != self.main), default=0.0)


def tree(pid: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int(
                    (entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    found, frontier = {pid}, {pid}
    while frontier:
        frontier = {c for c, p in parents.items() if p in frontier} - found
        found |= frontier
    return found


def sample(pid: int, usage: Usage) -> None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return
    usage.cpu[pid] = (int(fields[11]) + int(fields[12])) / CLK
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            usage.rss[pid] = max(usage.rss.get(pid, 0.0), int(line.split()[1]) / 1024)


def run_sampled(cmd: list[str]) -> tuple[Usage, subprocess.CompletedProcess[str]]:
    """Run `cmd` to its end, sampling its process tree every quarter second."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    usage = Usage(main=proc.pid)
    while proc.poll() is None:
        for pid in tree(proc.pid):
            sample(pid, usage)
        time.sleep(0.25)
    stdout, stderr = proc.communicate()
    usage.wall = time.perf_counter() - start
    return usage, subprocess.CompletedProcess(cmd, proc.returncode, stdout, stderr)
