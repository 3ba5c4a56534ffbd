"""The as-coached coach (issue 38): its tendencies data, its legal answers, a whole game
through the command, and the real team's first-down mix over seeded games."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scrimmage.api import make_coaches, new_game, play_game
from scrimmage.coaches.tendencies import find, load
from scrimmage.coaches.tendency_bins import run_cell
from scrimmage.coaches.tendency_build import count_plays, main
from scrimmage.core.decisions import Coach, Decision
from scrimmage.core.driver import drive
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.ruleset import find_ruleset

EXTRACT = Path(__file__).parents[1] / "data" / "tendencies"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("tendencies") / "t.json.gz"
    assert main(["--pbp", str(EXTRACT / "plays.csv"), "--team-games",
                 str(EXTRACT / "team_games.csv"), "--team-seasons",
                 str(EXTRACT / "team_seasons.csv"), "--out", str(out)]) == 0
    return str(out)


def test_the_extract_is_counted_exactly() -> None:
    counts, finals = count_plays(EXTRACT / "plays.csv")
    assert finals == {"2016091100": {"ATL": 11, "BUF": 7}}     # the rebuilt score
    atl, buf = counts[(2016, "ATL")], counts[(2016, "BUF")]
    # Kneels, spikes, no-plays and the preseason are no run-or-pass calls.
    assert dict(atl.run) == {"1|l|mid|normal": [1, 1], "2|m|mid|normal": [0, 1],
                             "3|m|mid|normal": [0, 1], "4|s|mid|normal": [1, 1],
                             "1|l|mid|chase": [0, 1]}
    assert dict(atl.fourth) == {"7+|own|normal": [0, 1, 0], "1|mid|normal": [1, 0, 0],
                                "4-6|fg|normal": [0, 0, 1]}
    assert dict(atl.two) == {"late|2": [1, 1]}
    assert atl.kneel == [1, 1]
    assert dict(buf.run) == {"1|l|deep|normal": [0, 1], "1|l|mid|normal": [2, 2],
                             "4|m|mid|chase": [0, 1]}
    assert dict(buf.fourth) == {"2-3|mid|chase": [1, 0, 0]}
    assert dict(buf.two) == {"early": [0, 1]}


def test_league_cells_shrink_toward_down_and_distance(built: str) -> None:
    league = load(built)["seasons"]["2016"]["league"]
    # 1st and long in midfield: 3 runs in 3 snaps, shrunk with 20 snaps of 1st and long
    # (3 runs in 5): (3 + 20 * 3/5) / (3 + 20).
    assert league["run"]["1|l|mid|normal"] == round(1000 * 15 / 23)
    assert league["run"]["1|l|deep|normal"] == round(1000 * 12 / 21)


def test_lookup_by_name_code_and_the_fallback(built: str) -> None:
    atl = find("2016 Atlanta Falcons", path=built)
    assert atl.real and atl.label == "2016 Atlanta Falcons"
    assert find("Anything", 2016, "atl", path=built).label == "2016 Atlanta Falcons"
    late = find("2022 Atlanta Falcons", path=built)
    assert not late.real and late.label == "the league of 2016"
    made_up = find("Iron Valley Forgers", path=built)
    assert not made_up.real and made_up.season == 2016
    # A cell no snap of the season met reads its down and distance in midfield.
    assert "1|l|goal|half" not in atl.run_cells
    assert atl.run("1|l|goal|half") == atl.run("1|l|mid|normal")


def test_the_bundled_data_holds_every_team_season() -> None:
    data = load()
    assert sorted(data["seasons"]) == [str(y) for y in range(2009, 2020)]
    assert all(len(s["teams"]) == 32 for s in data["seasons"].values())
    falcons = find("2016 Atlanta Falcons")
    assert falcons.real and 0.4 < falcons.run("1|l|mid|normal") / 1000 < 0.7


class Checked:
    """Asserts every answer is one of the question's options."""

    def __init__(self, coach: Coach) -> None:
        self.coach = coach
        self.answers = 0
        passes = getattr(coach, "lets_pass", None)
        if passes is not None:
            self.lets_pass = passes

    def decide(self, decision: Decision, view: Any) -> str:
        answer = self.coach.decide(decision, view)
        assert answer in decision.options, (decision, answer)
        self.answers += 1
        return answer


TEAMS = {"legends-pro": ["2016 Atlanta Falcons", "2016 Buffalo Bills", "2002 Oakland Raiders",
                         "Iron Valley Forgers"],
         "5d20": ["2016 Atlanta Falcons", "2016 Buffalo Bills", "2016 Miami Dolphins",
                  "2016 Philadelphia Eagles"]}


@pytest.mark.parametrize("rules", sorted(TEAMS))
@pytest.mark.parametrize("seed", range(12))
def test_only_legal_answers(rules: str, seed: int) -> None:
    teams = TEAMS[rules]
    home, away = teams[seed % 4], teams[(seed + 1 + seed // 4) % 4]
    game, _ = new_game(rules, home, away, seed=seed)
    rs = find_ruleset(rules)
    coaches = make_coaches(rs, "home=as-coached,away=as-coached", seed)
    checked = {side: Checked(c) for side, c in coaches.items()}
    drive(game, dict(checked), [])
    assert game.over
    assert all(c.answers > 50 for c in checked.values())


def test_only_the_pro_and_5d20_rulesets_offer_it() -> None:
    for rules in ("legends-pro", "5d20"):
        assert "as-coached" in find_ruleset(rules).coaches
    with pytest.raises(ScrimmageError):
        find_ruleset("legends-hs").default_coach("as-coached", 1)


def test_a_whole_game_through_the_command(tmp_path: Path) -> None:
    cmd = [sys.executable, "-m", "scrimmage.cli"]
    out = subprocess.run([*cmd, "play", "--auto", "--rules", "legends-pro", "--coach",
                          "as-coached", "--home", "2016 Atlanta Falcons", "--away",
                          "2016 Buffalo Bills", "--seed", "3", "--save", str(tmp_path / "game.json")],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "2016 Atlanta Falcons" in out.stdout and "Final" in out.stdout
    sim = subprocess.run([*cmd, "sim", "--rules", "5d20", "--coach", "as-coached", "--home",
                          "2016 Buffalo Bills", "--away", "2016 Miami Dolphins", "--games", "2",
                          "--json"], capture_output=True, text=True, timeout=300)
    assert sim.returncode == 0, sim.stderr[-2000:]
    assert json.loads(sim.stdout)["games"] == 2


@pytest.mark.parametrize("rules", ["legends-pro", "5d20"])
def test_first_down_mix_follows_the_data(rules: str) -> None:
    """40 seeded games of the Bills (who ran on 58% of their first downs in 2016) and the
    Saints (44%): each first-down mix is within 4 points of what its tendencies (leaned by
    the ruleset's fitted tilt, as the coach plays them) give in the situations the games met,
    and within 7 of the real season (40 games: benchmarks/results/as_coached.md measures the
    whole season). 4, not 3: over 40 games a team's share has a standard error of about 1.5
    points, and in 5D20 scrambles and snap fumbles turn about 1 point of pass calls into
    runs (the season's "coach" column); the 2016 charts with third-down numbers met 3.6."""
    names = {"2016 Buffalo Bills": "buf", "2016 New Orleans Saints": "nor"}
    tally = {name: [0.0, 0.0, 0.0] for name in names}       # runs, snaps, expected runs
    tend = {name: find(name, rules=rules) for name in names}
    for seed in range(40):
        rec = play_game(rules, "2016 Buffalo Bills", "2016 New Orleans Saints", seed=seed,
                        coaches="as-coached")
        for p in rec.plays:
            if p.get("down") != 1 or p.get("play_type") not in ("run", "pass") \
                    or p.get("two_point_attempt"):
                continue
            t = tally[p["posteam"]]
            t[0] += p["play_type"] == "run"
            t[1] += 1
            cell = run_cell(1, p["ydstogo"], p["yardline_100"], p["qtr"],
                            p["quarter_seconds_remaining"],
                            p["posteam_score"] - p["defteam_score"])
            t[2] += tend[p["posteam"]].run(cell) / 1000
    real = load()["seasons"]["2016"]["teams"]
    for name, (runs, n, expected) in tally.items():
        share = runs / n
        assert abs(share - expected / n) <= 0.04, (name, share, expected / n)
        assert abs(share - real[names[name]]["real"]["first_down_run"]) <= 0.07, (name, share)


def test_the_coach_is_seeded() -> None:
    a = play_game("5d20", "2016 Buffalo Bills", "2016 Atlanta Falcons", seed=9,
                  coaches="as-coached")
    b = play_game("5d20", "2016 Buffalo Bills", "2016 Atlanta Falcons", seed=9,
                  coaches="as-coached")
    assert a.decisions == b.decisions and a.final_score == b.final_score
