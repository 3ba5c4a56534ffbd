"""What a new user met at the command line (issue 33), each through the real `scrimmage`
command: a subprocess, or typer's runner in this process where a test must reach inside."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scrimmage.cli import app
from scrimmage.core.records import GameRecord

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


# --- a real team-season that is not bundled: how to build it ---------------------------------

@pytest.mark.parametrize("command", ["play", "sim", "study"])
def test_a_real_team_not_bundled_gives_the_build_command(command: str) -> None:
    proc = run([command, "--rules", "legends-pro", "--home", "2007 New England Patriots"])
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert "not bundled" in proc.stderr
    assert ("scrimmage build --rules legends-pro --season 2007 --team nwe --out "
            "nwe-2007.toml") in proc.stderr
    assert "--home nwe-2007.toml" in proc.stderr


def test_the_build_command_given_makes_a_team_that_plays(tmp_path: Path) -> None:
    """The line's command, run as given (a 5D20 chart builds in a second), makes the file the
    line names, and the game plays with it."""
    proc = run(["sim", "--rules", "5d20", "--home", "2012 Denver Broncos", "-n", "2"])
    assert proc.returncode == 2 and "not bundled" in proc.stderr
    command = re.search(r"`scrimmage (build [^`]+)`", proc.stderr)
    assert command is not None
    built = subprocess.run([*CMD, *shlex.split(command.group(1))], cwd=tmp_path,
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    played = subprocess.run([*CMD, "sim", "--rules", "5d20", "--home", "den-2012.toml", "-n",
                             "2", "--json"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=300)
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["home"] == "2012 Denver Broncos"


# --- `play --auto --save`: saved as it goes ---------------------------------------------------

def test_an_auto_game_is_saved_as_it_goes_and_resumes(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    """Ctrl-C mid-game (raised right after the 30th save, where a terminal's would land
    between two plays) leaves a file that grew save by save and that `--resume` finishes into
    the game played straight through."""
    whole, cut = tmp_path / "whole.json", tmp_path / "cut.json"
    args = ["play", "--auto", "--rules", "legends-pro", "--seed", "7"]
    assert CliRunner().invoke(app, [*args, "--save", str(whole)]).exit_code == 0

    saves: list[int] = []
    save = GameRecord.save

    def save_then_stop(record: GameRecord, path: str | os.PathLike[str]) -> None:
        save(record, path)
        saves.append(len(GameRecord.load(path).decisions))
        if len(saves) == 30:
            raise KeyboardInterrupt

    with monkeypatch.context() as m:
        m.setattr(GameRecord, "save", save_then_stop)
        stopped = CliRunner().invoke(app, [*args, "--save", str(cut)])
    assert stopped.exit_code == 130
    assert f"scrimmage play --resume {cut}" in stopped.output
    assert saves == sorted(set(saves))                      # the file grew with every save
    kept = GameRecord.load(cut)
    assert not kept.finished and 0 < len(kept.decisions) < len(GameRecord.load(whole).decisions)

    resumed = CliRunner().invoke(app, ["play", "--resume", str(cut)])
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(cut.read_text()) == json.loads(whole.read_text())
