"""Issue 34 through the command line: a whole 1985 season with the Bears coached by a scripted
person (every question answered with Enter, the assistant's choice), one game killed with
`kill -9` halfway and picked up where it stood, the other games played by the computer; the
standings, the playoffs and the champion come out. And the commands refuse bad input with one
line and exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conversation import Conversation

from scrimmage.league.store import LeagueStore

CMD = [sys.executable, "-m", "scrimmage.cli"]
BEARS = "1985 Chicago Bears"


def run(args: list[str], stdin: str = "", check: bool = True) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([*CMD, *args], input=stdin, capture_output=True, text=True,
                          timeout=900)
    if check and proc.returncode != 0:
        raise AssertionError(f"{args}: exit {proc.returncode}\n{proc.stdout[-1500:]}\n"
                             f"{proc.stderr[-1500:]}")
    return proc


def in_play(db: Path) -> tuple[str, int] | None:
    """The league game a person has in play: its games row and how many decisions it holds."""
    store = LeagueStore(db)
    try:
        league = store.league(store.leagues()[0]["league_id"])
        for row in store.game_rows(league.league_id).values():
            if row.status == "playing" and row.game_id is not None:
                record = store.games.record(row.game_id)
                assert record is not None
                return row.game_id, len(record.decisions)
        return None
    finally:
        store.close()


def test_a_1985_season_coached_through_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "leagues.db"
    made = run(["league", "new", "--rules", "legends-pro", "--season", "1985", "--coach", BEARS,
                "--seed", "1", "--db", str(db)])
    assert "you coach 1985 Chicago Bears" in made.stdout
    killed = False
    games = 0
    for _ in range(30):
        run(["league", "sim", "--to-my-game", "--db", str(db)])
        if not killed:
            # Halfway through the first game: kill -9, then the next `play` goes on from there.
            conv = Conversation(["league", "play", "--db", str(db)])
            for _ in range(60):
                assert conv.turn() is not None
                conv.say("")
            conv.proc.kill()
            conv.proc.wait(timeout=60)
            stopped = in_play(db)
            assert stopped is not None and stopped[1] >= 50
            killed = True
        proc = run(["league", "play", "--db", str(db)], stdin="\n" * 8000, check=False)
        if proc.returncode == 2:
            assert "no more games" in proc.stderr
            break
        assert proc.returncode == 0, proc.stderr[-1500:]
        if games == 0:
            assert stopped is not None and in_play(db) is None     # the killed game ended
        assert "Final: " in proc.stdout
        games += 1
    assert games >= 16
    run(["league", "sim", "--end", "--db", str(db)])
    data = json.loads(run(["league", "standings", "--json", "--db", str(db)]).stdout)
    rows = {r["team"]: r for t in data["standings"] for r in t["rows"]}
    assert len(rows) == 28
    bears = rows[BEARS]
    assert bears["wins"] + bears["losses"] + bears["ties"] == 16
    assert sum(r["wins"] for r in rows.values()) + sum(r["ties"] for r in rows.values()) / 2 \
        == 28 * 16 / 2
    playoffs = data["playoffs"]
    assert {len(s) for s in playoffs["seeds"].values()} == {5}            # 1985: five a side
    assert [g["round"] for g in playoffs["games"]].count("Super Bowl") == 1
    assert len(playoffs["champions"]) == 1
    shown = run(["league", "show", "--db", str(db)]).stdout
    assert f"champion {playoffs['champions'][0]}" in shown
    leaders = run(["league", "leaders", "--db", str(db)]).stdout
    assert "points scored" in leaders
    week1 = run(["league", "results", "--week", "1", "--db", str(db)]).stdout
    assert "1985 Tampa Bay Buccaneers" in week1 and "1985 Chicago Bears" in week1
    box = run(["league", "results", "--game", "2", "--pbp", "--db", str(db)]).stdout
    assert "Line score" in box and "kicks off" in box


@pytest.mark.parametrize(("args", "words"), [
    (["league", "new", "--rules", "legends-pro"], "say what league to make"),
    (["league", "new", "--rules", "legends-pro", "--season", "1985", "--coach", "Nobody"],
     "no team 'Nobody'"),
    (["league", "new", "--rules", "legends-hs", "--teams", "Riverside Rams"],
     "a league has 2 to 64 teams"),
    (["league", "new", "--rules", "legends-pro", "--draft", "snake", "--teams", "A,B"],
     "--draft builds The Grid's teams"),
    (["league", "show", "nowhere"], "no leagues yet"),
    (["league", "sim"], "say which games"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], words: str, tmp_path: Path) -> None:
    proc = run([*args, "--db", str(tmp_path / "x.db")], check=False)
    assert proc.returncode == 2, proc.stderr
    assert words in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_a_league_of_your_own_from_any_era(tmp_path: Path) -> None:
    """Teams of different eras and files in one league; a schedule of rounds; a bracket."""
    db = str(tmp_path / "own.db")
    made = run(["league", "new", "--rules", "legends-pro", "--teams",
                "1985 Chicago Bears,1972 Miami Dolphins,2016 New England Patriots,"
                "2002 Oakland Raiders", "--weeks", "3", "--playoffs", "2", "--seed", "4",
                "--db", db])
    assert "4 teams, 3 weeks" in made.stdout
    run(["league", "sim", "--end", "--db", db])
    data = json.loads(run(["league", "standings", "--json", "--db", db]).stdout)
    assert [g["round"] for g in data["playoffs"]["games"]] == ["Final"]
    assert len(data["playoffs"]["champions"]) == 1
    schedule = json.loads(run(["league", "schedule", "--json", "--db", db]).stdout)
    assert len(schedule) == 3 * 2 + 1                       # two games a week, the final


def test_the_world_tournament_is_a_league(tmp_path: Path) -> None:
    """The Grid's FAFL World Tournament: the draw of `scrimmage tournament`'s seed, four
    groups of three by points, quarter-finals across the groups, semi-finals, a final."""
    from scrimmage.rules.grid.tournament import run_tournament

    db = str(tmp_path / "wt.db")
    run(["league", "new", "--rules", "grid", "--tournament", "--seed", "3", "--db", db])
    run(["league", "sim", "--end", "--db", db])
    data = json.loads(run(["league", "standings", "--json", "--db", db]).stdout)
    groups = {t["division"]: {r["team"] for r in t["rows"]} for t in data["standings"]}
    drawn = run_tournament(3)["groups"]
    assert groups == {f"Group {g}": {r["team"] for r in rows} for g, rows in drawn.items()}
    for t in data["standings"]:
        points = [r["points"] for r in t["rows"]]
        assert points == sorted(points, reverse=True)
        assert all(r["points"] == 3 * r["wins"] + r["ties"] for r in t["rows"])
    rounds = [g["round"] for g in data["playoffs"]["games"]]
    assert rounds == ["Quarter-final"] * 4 + ["Semi-final"] * 2 + ["Final"]
    final = data["playoffs"]["games"][-1]
    winner = final["home_team"] if final["home_points"] > final["away_points"] else \
        final["away_team"]
    assert data["playoffs"]["champions"] == [winner]
    assert "Pts" in run(["league", "standings", "--db", db]).stdout
