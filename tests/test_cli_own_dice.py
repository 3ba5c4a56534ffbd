"""Issue 37 through the real command: `scrimmage play --dice manual` asks for each die by name
and reads the faces typed on stdin. Whole games of Football Legends (pro) and 5D20, a person
coaching the home side, are typed in with the faces the engine's dice gave the same game; the
games are the engine's, and their saved records replay."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
from own_dice_games import engine_game, same_game, same_game_by_faces, typed_game

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


def play_at_the_prompt(args: list[str], faces: Sequence[int | str],
                       tmp_path: Path) -> tuple[str, int]:
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
        assert not asked.startswith(("Type what", "the d")), out[-1000:]
        assert " is not " not in asked, out[-1000:]
        if asked.startswith(("Roll ", "Toss ", "Turn ")):
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


@pytest.mark.parametrize(("rules", "seed", "asked"), [
    ("1st-and-roll", 24, "Roll the offense's red die: 1 [2] 3 4 5 (8)"),
    ("grid", 25, "Turn the next timing card and type it, like 7H, 10D, KS or AS")])
def test_faces_and_cards_typed_at_the_command_line_are_the_engine_game(
        rules: str, seed: int, asked: str, tmp_path: Path) -> None:
    """1st & Roll's dice typed as printed ("(8)", "CLOCK", "FLAG"), The Grid's timing cards as
    cards ("7H"): what a person types is what the engine's dice showed in the same game."""
    engine, faces = engine_game(rules, seed)
    _, texts = typed_game(rules, seed, faces)          # what a person reads off each die
    save = tmp_path / "game.json"
    out, typed = play_at_the_prompt(["--rules", rules, "--seed", str(seed), "--dice", "manual",
                                     "--save", str(save)], texts, tmp_path)
    assert typed == len(faces)
    assert asked in out and "Toss the coin: who won the toss" in out
    saved = GameRecord.load(save)
    assert saved.finished
    check = same_game if rules == "grid" else same_game_by_faces
    check(replay(saved), engine)
    verified = subprocess.run([*CMD, "verify", str(save)], capture_output=True, text=True,
                              timeout=300, env=_env(tmp_path))
    assert verified.returncode == 0, verified.stderr


def test_a_bad_face_and_a_card_not_in_the_deck_are_refused(tmp_path: Path) -> None:
    """Refusals in one line naming what the die shows; undo takes a card back."""
    computers = {side: SeatSpec.computer("solitaire") for side in Side}
    proc = subprocess.run([*CMD, "play", "--rules", "1st-and-roll", "--auto", "--seed", "26",
                           "--dice", "manual"], input="heads\nquit\n", capture_output=True,
                          text=True, timeout=120, env=_env(tmp_path))
    assert "the toss is won by home or away (1 or 2): 'heads' is not one of them" in proc.stdout
    _, faces = engine_game("grid", 27, computers)
    _, texts = typed_game("grid", 27, faces, computers)
    first, second = [i for i, t in enumerate(texts) if t[-1] in "CDHS" and not t.isdigit()][:2]
    lines = [*texts[:second], texts[first], "joker", texts[second], "undo", texts[second],
             *texts[second + 1:second + 3], "quit"]
    proc = subprocess.run([*CMD, "play", "--rules", "grid", "--auto", "--seed", "27", "--dice",
                           "manual"], input="\n".join(lines) + "\n", capture_output=True,
                          text=True, timeout=120, env=_env(tmp_path))
    card = texts[first]
    assert f"{card} is not in the timing deck: it was turned already" in proc.stdout
    assert "'joker' is not a playing card: type it like 7H" in proc.stdout
    assert "Taken back. Asking again:" in proc.stdout
