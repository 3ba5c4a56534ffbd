"""Every bad input a person can give the real command is one clear line, exit code 2, and never
a traceback (issue 15). Each row: what is wrong, the command line, and a few words the line
must hold."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

CMD = [sys.executable, "-m", "scrimmage.cli"]
SRC = Path(__file__).resolve().parents[1] / "src" / "scrimmage"
PRO_SHEET = SRC / "teams" / "legends-pro" / "2016-chi.toml"


def run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CMD, *args], input=stdin, capture_output=True, text=True,
                          timeout=300)


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A finished legends-hs game saved by the real command, to be damaged in many ways."""
    path = tmp_path_factory.mktemp("save") / "game.json"
    proc = run(["play", "--auto", "--seed", "3", "--save", str(path)])
    assert proc.returncode == 0, proc.stderr
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _save(tmp: Path, data: object) -> str:
    """Write a save as given: bytes and text as they are, anything else as JSON."""
    path = tmp / "bad.json"
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        text = data if isinstance(data, str) else json.dumps(data, separators=(",", ":"))
        path.write_text(text, encoding="utf-8")
    return str(path)


def _edit(key: str, value: object) -> Callable[[dict[str, object]], dict[str, object]]:
    return lambda d: {**d, key: value}


def _entries(change: Callable[[list[object]], list[object]]) -> Callable[
        [dict[str, object]], dict[str, object]]:
    def edit(d: dict[str, object]) -> dict[str, object]:
        decisions = list(d["decisions"])  # type: ignore[call-overload]
        return {**d, "decisions": change(decisions)}
    return edit


OPTIONS_AND_NAMES = [
    ("an option value not allowed", ["play", "--auto", "-o", "sos_adjust=maybe"],
     ["sos_adjust", "true or false"]),
    ("an overtime that does not exist", ["play", "--auto", "-o", "overtime=sometimes"],
     ["overtime", "alternate or none"]),
    ("an unknown option", ["play", "--auto", "--rules", "5d20", "-o", "wind=strong"],
     ["unknown option 'wind'", "era"]),
    ("an option without a value", ["sim", "-o", "sos_adjust"], ["KEY=VALUE"]),
    ("a side that is not one", ["play", "--side", "left"], ["--side", "home, away or both"]),
    ("a ruleset that does not exist", ["play", "--rules", "chess"], ["no ruleset named"]),
    ("a coach that does not exist", ["play", "--auto", "--coach", "genius"], ["genius"]),
    ("a kind of decision that does not exist", ["play", "--ask", "calls,snacks"],
     ["no decision kind named 'snacks'"]),
    ("a misspelt team", ["play", "--auto", "--rules", "legends-pro", "--home", "2016 Chicago Bers"],
     ["did you mean", "2016 Chicago Bears"]),
    ("a team of another ruleset", ["play", "--auto", "--rules", "5d20", "--home", str(PRO_SHEET)],
     ["legends-pro"]),
    ("a save folder that does not exist", ["play", "--auto", "--save", "/no/such/folder/g.json"],
     ["does not exist"]),
    ("a number where the parser wants one", ["sim", "--games", "0"], ["--games"]),
    ("an option the command does not have", ["play", "--wind"], ["No such option: --wind"]),
    ("a saved game that does not exist", ["play", "--resume", "999"], ["no saved game 999"]),
    ("an era out of range", ["play", "--auto", "--rules", "5d20", "-o", "era=1850"],
     ["era", "1920"]),
    ("an X-sheet file that is not there", ["play", "--auto", "-o", "xsheets=/no/x.toml"],
     ["xsheets", "no such file"]),
    ("a version flag with a value", ["--version=yes"], ["--version"]),
    ("too few calibration games for a sheet", ["build", "--season", "2016", "--team", "nwe",
                                                "--games", "100"],
     ["calibration games", "at least 500", "not 100"]),
]


@pytest.mark.parametrize("rules, option", [("legends-hs", "xsheets"), ("grid", "tables"),
                                           ("1st-and-roll", "dice"), ("5d20", "charts")])
def test_data_files_that_are_not_text(rules: str, option: str, tmp_path: Path) -> None:
    path = tmp_path / "chart.toml"
    path.write_bytes(b"\xff\xfe[x]")
    _one_clear_line(run(["play", "--auto", "--rules", rules, "-o", f"{option}={path}"]),
                    [str(path), "not UTF-8"])


@pytest.mark.parametrize("what, args, words", OPTIONS_AND_NAMES,
                         ids=[row[0] for row in OPTIONS_AND_NAMES])
def test_bad_command_lines(what: str, args: list[str], words: list[str]) -> None:
    _one_clear_line(run(args), words)


SAVES: list[tuple[str, Callable[[dict[str, object]], object], list[str]]] = [
    ("a list at the top", lambda d: [d], ["not a game record", "JSON object"]),
    ("a string at the top", lambda d: "\"a game\"", ["not a game record"]),
    ("null at the top", lambda d: "null", ["not a game record"]),
    ("bytes that are not UTF-8", lambda d: b"\xff\xfe{\x00", ["not UTF-8"]),
    ("a seed too big for any number", lambda d: json.dumps(d, separators=(",", ":")).replace(
        f'"seed":{d["seed"]}', '"seed":1e400'), ["seed"]),
    ("a decision entry of two parts", _entries(lambda e: [*e[:5], e[5][:2], *e[6:]]),  # type: ignore[index]
     ["decision 5", "parts"]),
    ("a decision entry that is a number", _entries(lambda e: [*e[:5], 7, *e[6:]]),
     ["decisions.5"]),
    ("a final score that is a list", _edit("final_score", [1, 2]), ["final_score"]),
    ("the away team replaced by the home team", lambda d: {**d, "away_team": d["home_team"]},
     ["not the saved game's"]),
    ("decisions after the end of the game", _entries(lambda e: [*e, e[-1]]), ["goes on"]),
    ("an answer that is not legal", _entries(lambda e: [*e[:3], [*e[3][:2], "hail_mary"],  # type: ignore[index]
                                                        *e[4:]]), ["decision 3"]),
    ("a cut-off file", lambda d: json.dumps(d)[:500], ["bad JSON"]),
    ("an unknown version", _edit("version", 7), ["version"]),
    ("a final score that the game did not reach", lambda d: {
        **d, "final_score": {str(d["home"]): 99, str(d["away"]): 0}}, ["final score"]),
]


@pytest.mark.parametrize("what, damage, words", SAVES, ids=[row[0] for row in SAVES])
def test_damaged_saves(what: str, damage: Callable[[dict[str, object]], object],
                       words: list[str], saved_game: dict[str, object], tmp_path: Path) -> None:
    path = _save(tmp_path, damage(dict(saved_game)))
    _one_clear_line(run(["play", "--resume", path]), words)


def test_resume_with_another_ruleset(saved_game: dict[str, object], tmp_path: Path) -> None:
    path = _save(tmp_path, {**saved_game, "finished": False, "final_score": {},
                            "decisions": saved_game["decisions"][:20]})  # type: ignore[index]
    for key in ("plays_digest", "play_count", "status"):
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        data.pop(key, None)
        Path(path).write_text(json.dumps(data), encoding="utf-8")
    _one_clear_line(run(["play", "--resume", path, "--rules", "grid"]),
                    ["legends-hs game", "leave out --rules"])


def test_a_failed_save_leaves_no_stray_file(tmp_path: Path) -> None:
    """The save's name is taken by a folder, so the rename that ends every save fails: the
    temporary file it wrote must go too."""
    (tmp_path / "g.json").mkdir()
    _one_clear_line(run(["play", "--auto", "--save", str(tmp_path / "g.json")]),
                    ["cannot save"])
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


def test_a_save_to_a_pipe_or_device_writes_through_it(tmp_path: Path) -> None:
    """`--save /dev/null` (or a pipe) must not rename a file over the device: run as root,
    that replaced /dev/null itself with a regular file. A pipe stands in for the device."""
    import os
    import stat
    import threading

    from scrimmage.api import play_game

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_text(encoding="utf-8")),
                              daemon=True)          # never left waiting if the save misses it
    reader.start()
    play_game("1st-and-roll", "Harbor Hounds", "Prairie Comets", seed=2).save(pipe)
    reader.join(timeout=60)
    assert stat.S_ISFIFO(pipe.stat().st_mode)          # still the pipe, not a file
    assert json.loads(got[0])["rules"] == "1st-and-roll"
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]     # no temporary file left


def _one_clear_line(proc: subprocess.CompletedProcess[str], words: list[str]) -> None:
    err = proc.stderr.strip()
    assert proc.returncode == 2, (proc.returncode, err[-500:], proc.stdout[-500:])
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    assert len(err.splitlines()) == 1, err
    assert err.startswith("error:"), err
    for word in words:
        assert word in err, (word, err)


def test_an_error_echoes_what_was_typed_without_emoji() -> None:
    # rich turns ":x:" into an emoji unless told not to; the user's text must come back as typed.
    proc = run(["sim", "--rules", "grid", "-n", "5", "--dask", "local:x"])
    assert proc.returncode != 0
    assert "--dask local:x: local:N needs a number of workers" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
