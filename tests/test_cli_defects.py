"""What a new user met at the command line (issue 33), each through the real `scrimmage`
command: a subprocess, or typer's runner in this process where a test must reach inside."""

from __future__ import annotations

import subprocess
import sys

import pytest

CMD = [sys.executable, "-m", "scrimmage.cli"]


def run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CMD, *args], capture_output=True, text=True, timeout=300)


# --- `scrimmage teams`: lined-up columns, sorted by name -------------------------------------

@pytest.mark.parametrize("rules", ["legends-pro", "5d20", "grid", "1st-and-roll"])
def test_teams_lines_up_its_columns_and_sorts_by_name(rules: str) -> None:
    proc = run(["teams", "--rules", rules])
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    header = lines[0]
    starts = [header.index(word) for word in header.split()]
    rows = [line for line in lines if line.startswith(rules)]
    assert len(rows) >= 2
    for row in rows:
        for start in starts[1:]:                    # every cell starts under its heading
            assert row[start - 1] == " " and row[start] != " ", row
    team_end = starts[2] if len(starts) > 2 else None
    names = [row[starts[1]:team_end].strip() for row in rows]
    assert names == sorted(names, key=str.casefold)
