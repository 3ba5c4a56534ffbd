"""Issue 37 through the real command: `scrimmage play --dice manual` asks for each die by name
and reads the faces typed on stdin. Whole games of Football Legends (pro) and 5D20, a person
coaching the home side, are typed in with the faces the engine's dice gave the same game; the
games are the engine's, and their saved records replay."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from own_dice_games import engine_game, same_game

from scrimmage.api import replay
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord
from scrimmage.seat.table import SeatSpec

CMD = [sys.executable, "-m", "scrimmage.cli"]
PROMPT = "> "
WITHIN = 600.0


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "XDG_DATA_HOME": str(tmp_path), "PYTHONUNBUFFERED": "1",
            "COLUMNS": "200"}


def play_at_the_prompt(args: list[str], faces: list[int], tmp_path: Path) -> tuple[str, int]:
    """Run `scrimmage play` and answer each prompt as a person at the terminal would: the next
    face when the last line asks for a die, Enter (the assistant's choice) at a question.
    Returns the output and how many faces were typed."""
    proc = subprocess.Popen([*CMD, "play", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=_env(tmp_path))
    assert proc.stdin is not None and proc.stdout is not None
    out, typed, deadline = "", 0, time.monotonic() + WITHIN
    fd = proc.stdout.fileno()
    while time.monotonic() < deadline:
        chunk = os.read(fd, 1 << 16).decode("utf-8", "replace")
        if not chunk:
            break
        out += chunk
        if not out.endswith(PROMPT):
            continue
        # The line before the prompt (after the last prompt: what is typed is not echoed).
        asked = out[:-len(PROMPT)].rstrip("\n").rsplit("\n", 1)[-1].rsplit(PROMPT, 1)[-1]
        assert not asked.startswith(("Type the face", "the d")), out[-1000:]
        if asked.startswith("Roll "):
            line = str(faces[typed])
            typed += 1
        else:
            line = ""
        proc.stdin.write(f"{line}\n".encode())
        proc.stdin.flush()
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0, out[-2000:]
    return out, typed


@pytest.mark.parametrize(("rules", "seed"), [("legends-pro", 21), ("5d20", 22)])
def test_a_whole_game_typed_at_the_command_line_is_the_engine_game(
        rules: str, seed: int, tmp_path: Path) -> None:
    engine, faces = engine_game(rules, seed)
    save = tmp_path / "game.json"
    out, typed = play_at_the_prompt(["--rules", rules, "--seed", str(seed), "--dice", "manual",
                                     "--save", str(save)], faces, tmp_path)
    assert typed == len(faces)
    assert "Your own dice: throw each die the table names" in out
    named = "Roll the offense's d24 (1-24)" if rules == "legends-pro" else \
        "Roll the white d20 (1-20)"
    assert named in out
    assert "Final" in out or "final" in out
    saved = GameRecord.load(save)
    assert saved.finished and saved.dice == faces
    same_game(replay(saved), engine)
    verified = subprocess.run([*CMD, "verify", str(save)], capture_output=True, text=True,
                              timeout=300, env=_env(tmp_path))
    assert verified.returncode == 0, verified.stderr


def test_faces_several_to_a_line_refusals_and_undo(tmp_path: Path) -> None:
    """Two computer coaches, a person throwing the dice: faces may come several to a line;
    a bad face is refused with its range (and the faces after it on its line dropped); undo
    takes back the last die. The whole game, typed ten faces a line, is the engine's."""
    computers = {side: SeatSpec.computer("solitaire") for side in Side}
    engine, faces = engine_game("legends-pro", 23, computers)
    save = tmp_path / "auto.json"
    lines = ["25 1 1", "nine", str(faces[0]), "undo", f"{faces[0]} {faces[1]}"]
    rest = faces[2:]
    lines += [" ".join(map(str, rest[i:i + 10])) for i in range(0, len(rest), 10)]
    proc = subprocess.run([*CMD, "play", "--rules", "legends-pro", "--auto", "--seed", "23",
                           "--dice", "manual", "--save", str(save)],
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=600, env=_env(tmp_path))
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr
    assert "the d20 shows 1 to 20: '25' is not one of them" in proc.stdout
    assert "the d20 shows 1 to 20: 'nine' is not one of them" in proc.stdout
    assert "Taken back. Asking again:" in proc.stdout
    same_game(replay(GameRecord.load(save)), engine)


def test_dice_manual_is_refused_where_the_dice_are_not_plain(tmp_path: Path) -> None:
    proc = subprocess.run([*CMD, "play", "--rules", "grid", "--dice", "manual"],
                          capture_output=True, text=True, timeout=120, env=_env(tmp_path))
    assert proc.returncode != 0
    assert "grid is not played with typed dice yet" in proc.stdout + proc.stderr
