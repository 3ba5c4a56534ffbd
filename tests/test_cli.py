"""End-to-end tests of the `scrimmage` command, driven through its prompts with piped input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scrimmage.core.records import GameRecord

CMD = [sys.executable, "-m", "scrimmage.cli"]


def run(args: list[str], stdin: str = "", check: bool = True) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([*CMD, *args], input=stdin, capture_output=True, text=True, timeout=300)
    if check and proc.returncode != 0:
        raise AssertionError(f"exit {proc.returncode}\nstdout:\n{proc.stdout[-2000:]}\n"
                             f"stderr:\n{proc.stderr[-2000:]}")
    return proc


def test_help_lists_commands() -> None:
    out = run(["--help"]).stdout
    for command in ("play", "sim", "teams", "rulesets"):
        assert command in out


@pytest.mark.parametrize("group", [[], ["league"]])
def test_each_command_summary_is_one_row_on_a_wide_terminal(group: list[str]) -> None:
    """A command's summary is its docstring's first paragraph run together: the rich help
    kept the docstring's line breaks ("win probability with its 95%" / "interval ...")."""
    import os

    proc = subprocess.run([*CMD, *group, "--help"], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "COLUMNS": "400"})
    box = proc.stdout.split("Commands")[1].split("╰")[0]
    rows = [ln[1:].rstrip(" │") for ln in box.splitlines()[1:] if ln.startswith("│")]
    continued = [r for r in rows if r.startswith("  ")]
    assert rows and not continued, continued
    if not group:
        assert any(r.split()[0] == "study" and "95% interval" in r for r in rows), rows


def test_rulesets_and_teams() -> None:
    assert "legends-hs" in run(["rulesets"]).stdout
    teams = run(["teams", "--rules", "legends-hs"]).stdout
    assert len([line for line in teams.splitlines() if line.startswith("legends-hs")]) >= 4


def test_sim_json_is_one_object_and_repeatable() -> None:
    args = ["sim", "--rules", "legends-hs", "--home", "Riverside Rams", "--away",
            "Lakeview Lancers", "--games", "3", "--seed", "5", "--json"]
    first = run(args).stdout
    second = run(args).stdout
    assert first == second                      # same seed, same bytes
    data = json.loads(first)
    assert data["games"] == 3 and data["seed"] == 5 and data["rules"] == "legends-hs"
    assert data["home_wins"] + data["away_wins"] + data["ties"] == 3
    assert set(data["teams"]) == {data["home"], data["away"]}
    needed = ("points_for points_against plays_offense first_downs rush_att rush_yds rush_td "
              "pass_att pass_cmp pass_yds_gross pass_td pass_int sacks_taken sack_yds_lost "
              "fumbles fumbles_lost penalties penalty_yds third_down_att third_down_conv punts "
              "punt_yds fga fgm xpa xpm two_pt_att kick_ret kick_ret_yds punt_ret punt_ret_yds "
              "time_of_possession_sec").split()
    for team in data["teams"].values():
        for key in needed:
            assert key in team["per_game"], key
    home = data["teams"][data["home"]]["per_game"]
    away = data["teams"][data["away"]]["per_game"]
    assert home["points_for"] == away["points_against"]


def test_sim_random_coach_and_team_file(tmp_path: Path) -> None:
    src = Path(__file__).parents[1] / "src/scrimmage/teams/legends-hs/riverside-rams.toml"
    copy = tmp_path / "my-team.toml"
    copy.write_text(src.read_text())
    data = json.loads(run(["sim", "--home", str(copy), "--games", "2", "--coach", "random",
                           "--json"]).stdout)
    assert data["games"] == 2


def test_play_auto_prints_play_by_play_and_box_score() -> None:
    out = run(["play", "--auto", "--seed", "7"]).stdout
    assert "d24 " in out and "Halftime" in out
    assert "Final:" in out and "Time of Possession" in out


def test_play_person_through_prompts_then_resume(tmp_path: Path) -> None:
    """A person answers the prompts on stdin; the input stops mid-game (as if the process were
    killed), the save file holds every decision made, and --resume finishes the same game."""
    save = tmp_path / "game.json"
    partial = run(["play", "--seed", "11", "--save", str(save)], stdin="\n" * 150)
    assert f"scrimmage play --resume {save}" in partial.stdout
    saved = GameRecord.load(save)
    assert not saved.finished and len(saved.decisions) > 150
    done = run(["play", "--resume", str(save)], stdin="\n" * 20000)
    assert "Final:" in done.stdout
    finished = GameRecord.load(save)
    assert finished.finished
    assert finished.decisions[: len(saved.decisions)] == saved.decisions
    # The same answers in one sitting give the same game.
    whole = tmp_path / "whole.json"
    run(["play", "--seed", "11", "--save", str(whole)], stdin="\n" * 20000)
    assert GameRecord.load(whole).decisions == finished.decisions
    assert GameRecord.load(whole).final_score == finished.final_score


def test_illegal_answer_is_refused_and_asked_again(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    proc = run(["play", "--seed", "2", "--save", str(save)], stdin="nonsense\n" + "\n" * 20000)
    assert "'nonsense' is not an option here" in proc.stdout
    assert GameRecord.load(save).finished


@pytest.mark.parametrize("bad, field", [
    ('[team]\nname = "X"\nlevel = "hs"\n', "off_points"),   # (name alone is a 1st & Roll team)
    ("this is not toml = = =", "(file)"),
])
def test_bad_team_file_is_refused_without_traceback(tmp_path: Path, bad: str, field: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(bad)
    proc = run(["sim", "--home", str(path), "--games", "1"], check=False)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert str(path) in proc.stderr and field in proc.stderr


def test_unknown_ruleset_and_team() -> None:
    proc = run(["sim", "--rules", "nope", "--games", "1"], check=False)
    assert proc.returncode == 2 and "no ruleset named" in proc.stderr
    proc = run(["sim", "--home", "Nobody High", "--games", "1"], check=False)
    assert proc.returncode == 2 and "Nobody High" in proc.stderr


def test_two_coaches_for_one_team_split_offense_and_defense(tmp_path: Path) -> None:
    """1st & Roll for four players: each team has an offense coach and a defense coach; here a
    person takes the home offense and the away defense, computers the other two seats."""
    save = tmp_path / "split.json"
    proc = run(["play", "--rules", "1st-and-roll", "--seed", "4", "--save", str(save),
                "--split", "home=you,solitaire", "--split", "away=solitaire,you"],
               stdin="\n" * 5000)
    assert "Final:" in proc.stdout
    record = GameRecord.load(save)
    assert record.finished
    bad = run(["play", "--rules", "1st-and-roll", "--split", "middle=you,you"], check=False)
    assert bad.returncode == 2 and "home or away" in bad.stderr


def test_grid_tournament_json_and_text() -> None:
    data = json.loads(run(["tournament", "--rules", "grid", "--seed", "5", "--json"]).stdout)
    assert len(data["teams"]) == 12 and data["champion"] in data["teams"]
    assert data["games"] and all(g["winner"] for g in data["games"] if g["stage"] == "final")
    again = json.loads(run(["tournament", "--rules", "grid", "--seed", "5", "--json"]).stdout)
    assert again == data
    text = run(["tournament", "--rules", "grid", "--seed", "5"]).stdout
    assert f"Champion: {data['champion']}" in text
    bad = run(["tournament", "--rules", "legends-hs"], check=False)
    assert bad.returncode == 2


def test_play_prints_player_lines_where_the_game_names_players() -> None:
    out = run(["play", "--rules", "grid", "--auto", "--seed", "2"]).stdout
    assert "Passing" in out and "Rushing" in out and "Final:" in out


@pytest.mark.parametrize("method", ["draft", "snake", "auction", "create"])
def test_grid_league_building_makes_a_league_that_plays(tmp_path: Path, method: str) -> None:
    """GRID-5/6: a person drafts (or bids) for the Bees through the prompts, inside
    `league new`; the computers take the other seats; the league plays to its champion."""
    db = str(tmp_path / "leagues.db")
    proc = run(["league", "new", "--rules", "grid", "--draft", method, "--teams",
                "Ayes,Bees,Cees", "--coach", "Bees", "--seed", "9", "--playoffs", "2",
                "--db", db], stdin="1\n" * 400)
    assert "Made league" in proc.stdout and "you coach Bees" in proc.stdout
    for _ in range(6):                  # the Bees' games by their assistant, the rest
        run(["league", "sim", "--end", "--db", db])
        if run(["league", "play", "--auto", "--db", db], check=False).returncode:
            break
    data = json.loads(run(["league", "standings", "--json", "--db", db]).stdout)
    teams = {r["team"] for t in data["standings"] for r in t["rows"]}
    assert teams == {"Ayes", "Bees", "Cees"}
    assert len(data["playoffs"]["champions"]) == 1


def test_build_5d20_chart_from_player_seasons(tmp_path: Path) -> None:
    out = tmp_path / "nwe.toml"
    run(["build", "--rules", "5d20", "--season", "2016", "--team", "nwe", "--out", str(out)])
    data = json.loads(run(["sim", "--rules", "5d20", "--home", str(out), "--games", "1",
                           "--json"]).stdout)
    assert data["home"] == "2016 New England Patriots"
    bad = run(["build", "--rules", "5d20", "--season", "2016"], check=False)
    assert bad.returncode == 2 and "--team" in bad.stderr


def test_bad_chart_file_is_refused_with_file_field_and_reason(tmp_path: Path) -> None:
    src = Path(__file__).parents[1] / "src/scrimmage/rules/legends/data/xsheets-hs.toml"
    bad = tmp_path / "my-xsheets.toml"
    bad.write_text(src.read_text().replace('"20" = "TD"', '"20" = "lots"', 1))
    proc = run(["sim", "--games", "1", "-o", f"xsheets={bad}"], check=False)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert str(bad) in proc.stderr and "big_play_off" in proc.stderr


def test_coaching_commands_save_list_and_resume_by_number() -> None:
    """The table commands at a question (help, sheet, ask/auto, undo, quit), the games folder
    (`games`) and `--resume` by number: a person's session as the README shows it."""
    first = run(["play", "--rules", "legends-pro", "--seed", "12"],
                stdin="help\nsheet\nask timeout\n\nno\n5\nundo\n2\nauto timeout\nquit\n")
    out = first.stdout
    assert "The coin toss" in out                        # help names the choice
    assert "Your offense (plays left" in out             # sheet: the checkoff
    assert "the try, timeouts; the snap" in out          # `ask timeout` took timeouts
    assert "Timeout after the play?" in out              # ...and is asked after a kickoff
    assert out.count("you call the plays and make the big choices") == 2   # header, `auto`
    assert "Taken back" in out
    assert "→ Outside Run" in out                        # the answer after the undo
    assert "Carry on with: scrimmage play --resume 1" in out
    listing = run(["games"]).stdout
    assert "legends-pro" in listing and "Scorpions" in listing and "Q1" in listing
    done = run(["play", "--resume", "1"], stdin="\n" * 5000)
    assert "Final:" in done.stdout
    assert "final" in run(["games"]).stdout
    refused = run(["play", "--resume", "last", "--rules", "grid"], check=False)
    assert refused.returncode == 2 and "legends-pro game" in refused.stderr


def test_version() -> None:
    assert run(["--version"]).stdout.startswith("scrimmage ")


def test_play_advise_shows_the_reasoning_and_the_person_still_chooses(tmp_path: Path) -> None:
    """Issue 20: `play --advise` prints the assistant's equilibrium mix above a play call,
    every card with its value and share; the person's own answer is the one played."""
    save = tmp_path / "advised.json"
    proc = run(["play", "--rules", "legends-pro", "--advise", "--save", str(save)],
               stdin="1\n6\nquit\n")
    out = proc.stdout
    assert "Assistant: Equilibrium of the exact payoffs" in out
    block = out[out.index("Assistant: Equilibrium"):].splitlines()[1:7]
    assert all("%" in line for line in block)
    shares = [float(line.split("mix")[1].split("%")[0]) for line in block]
    assert abs(sum(shares) - 100) < 0.5
    record = GameRecord.load(save)
    assert "screen" in [d[2] for d in record.decisions if len(d) > 3 and d[3] == "person"]


def test_play_advise_solves_a_1st_and_roll_die_choice(tmp_path: Path) -> None:
    """Issue 20, FR-10: `play --advise` in 1st & Roll prints the 3 x 3 game's mix above the
    die choice; the person's own colour is played."""
    save = tmp_path / "roll.json"
    proc = run(["play", "--rules", "roll", "--coach", "equilibrium", "--advise", "--save",
                str(save)], stdin="\n\n\n\n1\nquit\n")
    out = proc.stdout
    block = out[out.index("Assistant: Equilibrium"):].splitlines()[1:4]
    shares = [float(line.split("mix")[1].split("%")[0]) for line in block]
    assert abs(sum(shares) - 100) < 0.5
    assert {line.split()[0] for line in block} == {"Red", "Yellow", "Green"}
    mine = [d[2] for d in GameRecord.load(save).decisions if len(d) > 3 and d[3] == "person"]
    assert "red" in mine
