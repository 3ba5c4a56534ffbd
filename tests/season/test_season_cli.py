"""What a new user met in `scrimmage season` (issue 33), through the real command: the clubs
are named by name wherever a person reads them, and the JSON keeps the code as the id with the
name beside it; the first sheets of a season are built under a progress bar; Ctrl-C speaks of
files only when there are files."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from scrimmage.cli import app
from scrimmage.season import command, sheets
from scrimmage.season.data import season_teams
from scrimmage.season.replay import Season
from scrimmage.season.runner import Chunk

CMD = [sys.executable, "-m", "scrimmage.cli", "season", "--workers", "2"]
BRACKET = re.compile(r"^(WC|DIV|CON|SB): (.+) \d+ at (.+) \d+( \(neutral\))?$")


def cells(text: str) -> list[str]:
    """Every cell of every table row rich drew (rows open with a vertical bar)."""
    return [cell.strip() for line in text.splitlines() if line.startswith("│")
            for cell in line.strip("│").split("│")]


@pytest.mark.parametrize(("rules", "season", "replays"), [
    ("legends-pro", 2016, 1), ("legends-pro", 1985, 1), ("legends-pro", 1985, 3),
    ("5d20", 2016, 1)])
def test_the_report_names_clubs_never_by_their_pfr_codes(rules: str, season: int,
                                                         replays: int) -> None:
    args = [*CMD, "--rules", rules, "--season", str(season), "--replays", str(replays)]
    text = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    teams = season_teams("pro", season)
    names = {t.name for t in teams}
    codes = {t.code.lower() for t in teams}
    shown = cells(text)
    assert not [c for c in shown if c.lower() in codes]
    assert names <= set(shown)                          # each club in a table by its name
    if replays == 1:
        bracket = [BRACKET.match(line) for line in text.splitlines()]
        clubs = [name for m in bracket if m for name in m.group(2, 3)]
        assert clubs and set(clubs) <= names
        champion = next(line for line in text.splitlines() if line.startswith("Champion: "))
        assert champion.removeprefix("Champion: ") in names


def test_the_json_keeps_the_code_and_adds_the_name() -> None:
    args = [*CMD, "--rules", "legends-pro", "--season", "1985", "--json"]
    data = json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)
    name = {t["code"]: t["name"] for t in data["teams"]}
    assert name["oti"] == "Houston Oilers"
    for rows in data["standings"].values():
        for row in rows:
            assert row["name"] == name[row["code"]]
    for game in data["playoffs"]["games"]:
        assert (game["home_name"], game["away_name"]) == (name[game["home"]], name[game["away"]])
    playoffs = data["playoffs"]
    assert playoffs["champion_names"] == [name[c] for c in playoffs["champions"]]
    for entry in data["leaders"]["points_for"]:
        assert entry["name"] == name[entry["team"]]


# --- Ctrl-C and the first sheets of a season ---------------------------------------------------

ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]")


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> io.StringIO:
    """The command's stderr as a terminal would get it (the progress bars are drawn only
    there), in a cache folder of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    text = io.StringIO()
    monkeypatch.setattr(command, "err", Console(file=text, force_terminal=True,
                                                force_interactive=True, width=120))
    return text


def test_the_first_sheet_is_built_under_a_progress_bar(monkeypatch: pytest.MonkeyPatch,
                                                       screen: io.StringIO) -> None:
    """1999 has no bundled sheets: the bar counting them is on the screen before the first is
    built (that one also calibrates the league average: the longest). The builder here is a
    stand-in that notes the screen and stops at the second sheet, as Ctrl-C would."""
    seen: list[str] = []

    def build(rules: str, season: int, code: str) -> str:
        seen.append(ANSI.sub("", screen.getvalue()))
        if len(seen) == 2:
            raise KeyboardInterrupt
        return "stand_in = true\n"

    monkeypatch.setattr(sheets, "build_text", build)
    result = CliRunner().invoke(app, ["season", "--rules", "legends-pro", "--season", "1999",
                                      "--workers", "1"])
    assert result.exit_code == 130
    first = re.search(r"building team sheets\W+0/(\d+)", seen[0])
    assert first is not None                                   # before the first sheet
    missing = int(first.group(1))
    assert missing > 20 and f"1/{missing}" in seen[1]          # counting them
    last = ANSI.sub("", screen.getvalue()).strip().splitlines()[-1]
    assert last == (f"interrupted while building team sheets (1 of {missing} built and "
                    "cached); no report")
    assert len(list((Path(os.environ["XDG_CACHE_HOME"]) / "scrimmage").rglob("*.toml"))) == 1


@pytest.mark.parametrize("files", [[], ["--games-out", "games.csv"], ["--standings", "t.csv"]])
def test_ctrl_c_speaks_of_files_only_when_files_were_asked_for(
        monkeypatch: pytest.MonkeyPatch, screen: io.StringIO, tmp_path: Path,
        files: list[str]) -> None:
    """Ctrl-C after the first chunk of games (raised where the games come in, as the worker
    pool raises it), on bundled 2016 sheets."""
    take = Season._take

    def take_then_stop(self: Season, chunk: Chunk) -> None:
        take(self, chunk)
        raise KeyboardInterrupt

    monkeypatch.setattr(Season, "_take", take_then_stop)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["season", "--rules", "legends-pro", "--season", "2016",
                                      "--workers", "1", *files])
    assert result.exit_code == 130
    last = ANSI.sub("", screen.getvalue()).strip().splitlines()[-1]
    said = {(): "interrupted after 16 of 267 games; no report",
            ("--games-out", "games.csv"):
                "interrupted after 16 of 267 games; games.csv holds those games; no report",
            ("--standings", "t.csv"):
                "interrupted after 16 of 267 games; no report; t.csv not written"}
    assert last == said[tuple(files)]
    if files[:1] == ["--games-out"]:
        assert len((tmp_path / "games.csv").read_text().splitlines()) == 1 + 16
