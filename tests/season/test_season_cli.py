"""What a new user met in `scrimmage season` (issue 33), through the real command: the clubs
are named by name wherever a person reads them; the JSON keeps the code as the id and adds the
name beside it."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from scrimmage.season.data import season_teams

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
