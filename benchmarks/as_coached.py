"""Do as-coached teams call like the real ones? (issue 38)

    python benchmarks/as_coached.py [--season 2016] [--rules legends-pro 5d20] [--replays 8]
        [--pbp ../shared/data/raw/nflgame_gamecenter/nflgame_plays.csv.gz] [--jobs 2]
        [--calibrate ROUNDS]

Plays the season's real regular-season schedule (`nflgame_games.csv` beside the play-by-play)
`--replays` times with the bundled sheets of that season and `--coach as-coached` on both
sides, then sets each team's first-down run share and fourth-down go rate beside the real
ones. The real figures are counted from the play-by-play in ../shared (build-time data, not
in a user's clone) by the same code that builds the tendencies
(`scrimmage.coaches.tendency_build`): run share = runs / (runs + passes + sacks) on first
down, kneels and spikes left out; go rate = plays / (plays + punts + field goals) on fourth
down; plays wiped out by a penalty left out. The simulated ones are counted the same way from
the games' play-by-play. Writes `benchmarks/results/as_coached.md`; the goal is every team
within 3 percentage points on both.

`--calibrate ROUNDS` first fits each team's tilt on each ruleset (`coaches.tendencies.Tilt`):
a round plays the replays, then moves the team's run and go log-odds by the gap between the
real and the simulated rate (logit real - logit simulated), and writes them to the package's
`coaches/data/tendency_tilts.json`; the table is then measured on fresh seeds.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import scrimmage.coaches
from scrimmage.api import play_game
from scrimmage.coaches.tendencies import Tendencies, find, load_tilts
from scrimmage.coaches.tendency_bins import fourth_cell, run_cell
from scrimmage.coaches.tendency_build import (
    by_team,
    club_codes,
    count_plays,
    logit,
    real_figures,
)

HERE = Path(__file__).parent
TILTS = Path(scrimmage.coaches.__file__).parent / "data" / "tendency_tilts.json"
PBP = HERE.parent.parent / "shared/data/raw/nflgame_gamecenter/nflgame_plays.csv.gz"
GOAL = 0.03
Tally = dict[str, list[float]]
"""team -> [first-down runs, first-down snaps, fourth-down goes, fourth downs, and the runs
and goes the team's tendencies expect in the cells the games met]"""


def schedule(pbp: Path, season: int) -> list[tuple[str, str]]:
    """The season's regular-season games as (home, away) Pro-Football-Reference codes."""
    with (pbp.parent / "nflgame_games.csv").open(newline="") as f:
        return [(r["home_pfr"], r["away_pfr"]) for r in csv.DictReader(f)
                if int(r["season"]) == season and r["season_type"] == "REG"]


def real(pbp: Path, season: int) -> dict[str, dict[str, float]]:
    counts, _ = count_plays(pbp)
    codes = club_codes(pbp.parent / "nflgame_team_games.csv")
    return {pfr: real_figures(c) for (s, pfr), c in by_team(counts, codes).items()
            if s == season}


def tally(plays: list[dict[str, Any]], teams: dict[str, tuple[str, Tendencies]],
          out: Tally) -> None:
    for p in plays:
        kind, down = p.get("play_type"), p.get("down")
        found = teams.get(p.get("posteam") or "")
        if found is None or p.get("two_point_attempt") or down not in (1, 4):
            continue
        team, tend = found
        t = out.setdefault(team, [0.0] * 6)
        margin = int(p["posteam_score"]) - int(p["defteam_score"])
        where = (p["ydstogo"], p["yardline_100"], p["qtr"], p["quarter_seconds_remaining"],
                 margin)
        if down == 1 and kind in ("run", "pass"):
            t[0] += kind == "run"
            t[1] += 1
            t[4] += tend.run(run_cell(1, *where)) / 1000
        if down == 4 and kind in ("run", "pass", "punt", "field_goal"):
            t[2] += kind in ("run", "pass")
            t[3] += 1
            t[5] += tend.fourth(fourth_cell(*where))["go"] / 1000


def play(job: tuple[str, int, str, str, int, str]) -> Tally:
    rules, season, home, away, seed, sheets = job
    teams = [f"{season}-{code}" for code in (home, away)]
    if sheets:                          # sheets built for a season the package does not ship
        teams = [str(Path(sheets) / f"{t}.toml") for t in teams]
    rec = play_game(rules, teams[0], teams[1], seed=seed, coaches="as-coached")
    out: Tally = {}
    tally(rec.plays, {rec.home: (home, find(rec.home, season, home, rules=rules)),
                      rec.away: (away, find(rec.away, season, away, rules=rules))}, out)
    return out


def simulate(rules: str, season: int, games: list[tuple[str, str]], replays: int,
             jobs: int, first_seed: int = 0, sheets: str = "") -> Tally:
    work = [(rules, season, h, a, first_seed + 1000 * r + i, sheets) for r in range(replays)
            for i, (h, a) in enumerate(games)]
    total: Tally = defaultdict(lambda: [0.0] * 6)
    # A fresh pool each time, its workers reading the tilts file as it is now.
    with ProcessPoolExecutor(jobs, initializer=load_tilts.cache_clear) as pool:
        for part in pool.map(play, work, chunksize=16):
            for team, v in part.items():
                for i, x in enumerate(v):
                    total[team][i] += x
    return dict(total)


def calibrate(rules: str, season: int, games: list[tuple[str, str]], replays: int, jobs: int,
              rounds: int, truth: dict[str, dict[str, float]], sheets: str = "") -> None:
    """Fit each team's tilt on `rules` (see the module's docstring); seeds apart from the
    measured table's."""
    data = json.loads(TILTS.read_text("utf-8"))
    fitted = data.setdefault("tilts", {}).setdefault(rules, {}).setdefault(str(season), {})
    for k in range(rounds):
        sim = simulate(rules, season, games, replays, jobs, first_seed=10_000_000 * (k + 1),
                       sheets=sheets)
        for team, (runs, fd, goes, fourths, _, _) in sorted(sim.items()):
            t = fitted.setdefault(team, {"run": 0.0, "go": 0.0})
            t["run"] = round(t["run"] + logit(truth[team]["first_down_run"])
                             - logit(runs / fd), 3)
            t["go"] = round(t["go"] + logit(truth[team]["fourth_go"])
                            - logit(goes / fourths), 3)
        TILTS.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")
        print(f"{rules} {season}: calibration round {k + 1} of {rounds} written", flush=True)


def section(rules: str, season: int, replays: int, games: int, secs: float,
            sim: Tally, truth: dict[str, dict[str, float]]) -> list[str]:
    """Per team: real, simulated, and the miss split in two: `mix`, what the team's own
    tendencies expect in the situations the games met minus the real figure (the games'
    situations differ from the real season's), and `coach`, the rest (the coach's draws and
    the rules' overrides)."""
    lines = [f"## {rules}, {season}: {replays} replays of the {games}-game schedule "
             f"({secs:.0f} s)", "",
             "| team | 1st-down run: real | sim | miss (pp) | mix | coach | 4th-down go: real "
             "| sim | miss (pp) | mix | coach | sim 1st downs | sim 4th downs |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | "
             "---: | ---: |"]
    ok_run = ok_go = ok_both = 0
    worst: list[float] = []
    for team in sorted(sim):
        runs, fd, goes, fourths, want_runs, want_goes = sim[team]
        r_real, g_real = truth[team]["first_down_run"], truth[team]["fourth_go"]
        r_sim, g_sim = runs / fd, goes / fourths
        d_run, d_go = r_sim - r_real, g_sim - g_real
        mix_run, mix_go = want_runs / fd - r_real, want_goes / fourths - g_real
        ok_run += abs(d_run) <= GOAL
        ok_go += abs(d_go) <= GOAL
        ok_both += abs(d_run) <= GOAL and abs(d_go) <= GOAL
        worst += [abs(d_run), abs(d_go)]
        lines.append(
            f"| {team} | {100 * r_real:.1f}% | {100 * r_sim:.1f}% | {100 * d_run:+.1f} "
            f"| {100 * mix_run:+.1f} | {100 * (d_run - mix_run):+.1f} "
            f"| {100 * g_real:.1f}% | {100 * g_sim:.1f}% | {100 * d_go:+.1f} "
            f"| {100 * mix_go:+.1f} | {100 * (d_go - mix_go):+.1f} | {fd:.0f} | {fourths:.0f} |")
    n = len(sim)
    lines += ["", f"Within 3 pp: first-down run share {ok_run}/{n} teams, fourth-down go rate "
              f"{ok_go}/{n}, both {ok_both}/{n}; largest miss {100 * max(worst):.1f} pp.", ""]
    return lines


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--season", type=int, default=2016)
    p.add_argument("--rules", nargs="+", default=["legends-pro", "5d20"])
    p.add_argument("--replays", type=int, default=8)
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument("--pbp", type=Path, default=PBP)
    p.add_argument("--out", type=Path, default=HERE / "results" / "as_coached.md")
    p.add_argument("--calibrate", type=int, default=0, metavar="ROUNDS",
                   help="first fit the teams' tilts in this many rounds")
    p.add_argument("--sheets", type=Path, default=None, metavar="DIR",
                   help="the season's sheets as `scrimmage build --all --out DIR` writes them "
                   "(SEASON-CODE.toml), for a season the package does not ship")
    a = p.parse_args()
    sheets = str(a.sheets or "")
    truth = real(a.pbp, a.season)
    games = schedule(a.pbp, a.season)
    lines = ["# As-coached: simulated play calling against the real teams (issue 38)", "",
             f"`python benchmarks/as_coached.py --season {a.season} --rules "
             f"{' '.join(a.rules)} --replays {a.replays} --jobs {a.jobs}"
             f"{f' --calibrate {a.calibrate}' if a.calibrate else ''}` (niced, on a shared "
             "2-core machine). Real figures: NFL GameCenter play-by-play (../shared), counted "
             "as the tendencies builder counts them. Both sides play `--coach as-coached` on "
             + ("the bundled sheets of the season" if not sheets else
                "the season's sheets as `scrimmage build --all` makes them by default")
             + "; each team plays its real schedule.", "",
             "The coach plays each team's cells leaned by its fitted tilt (`coaches/data/"
             "tendency_tilts.json`, from `--calibrate` rounds on other seeds); none fitted: "
             "the cells as counted. "
             "Each miss is split in two: *mix*, what the team's own tendencies give in the "
             "situations the simulated games met minus the real figure (the games meet other "
             "situations than the real season: a sheet team that leads more runs more), and "
             "*coach*, the rest: the coach's draws, and what the rules make of its calls "
             "(Legends: a run set whose checkoff plays are used up may not be called on 1st or "
             "2nd down, FNL-5; 5D20: scrambles and snap fumbles make pass calls runs).", ""]
    for rules in a.rules:
        if a.calibrate:
            calibrate(rules, a.season, games, a.replays, a.jobs, a.calibrate, truth, sheets)
        start = time.perf_counter()
        sim = simulate(rules, a.season, games, a.replays, a.jobs, sheets=sheets)
        lines += section(rules, a.season, a.replays, len(games), time.perf_counter() - start,
                         sim, truth)
        print("\n".join(lines[-3:]), flush=True)
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text("\n".join(lines))
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
