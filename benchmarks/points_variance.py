"""How much of a calibration game's points the dice explain (issue 18: can the builder's
points be measured on fewer games?).

A sheet's points are set from the mean of a few hundred simulated games, and a game's points
scatter by about 10. A control variate would cut that scatter: a quantity of every game with a
known mean of zero that moves with the points. Every roll of the dice is one: a fresh face,
uniform whatever happened before, so any function of the face, less its mean over the faces,
adds up over a game to zero on average, whatever the function, as long as it only looks at
what was known before the roll (who has the ball, the call, which roll of the play it is).

This script plays one bundled team against its season's average, keys every roll that way
(the offense, run or pass or kick, the roll's place in its play, the die), and fits the points
on the rolls' faces of the first games, then measures on the other half how much of the
points' variance is left. Two fits: one value per face of each key (ridge), and one slope per
key. The realized figures of the same games (yards, turnovers, misses) are shown beside them
for scale: they explain more, but their means are what the games measure, so they are no
control.

    python benchmarks/points_variance.py [--team nwe] [--season 2016] [--games 6000]

Uses the bundled sheets and statistics only (numpy from the dev tools).
"""

from __future__ import annotations

import argparse
import tomllib
from collections import Counter
from importlib.resources import files
from typing import Any

import numpy as np

from scrimmage.core.stats import box_score
from scrimmage.sheets.real.legends import build_league_average
from scrimmage.sheets.real.stats import read_stats, season_rows
from scrimmage.sim.batch import Series

RUN_SETS = {"inside_run", "outside_run", "draw"}
Key = tuple[bool, str, int, int]


def _key(play: dict[str, Any], home: str, index: int, sides: int) -> Key:
    """What is known before a roll: the offense, its call (run, pass, or a kick on 4th down
    or none), the roll's place in the play, the die. `play_type` is not: a foul makes it a
    no-play after the dice."""
    call = play.get("off_call")
    kind = ("run" if call in RUN_SETS else "pass") if call else (
        "kick4" if play.get("down") == 4 else "kick0")
    return play.get("posteam") == home, kind, min(index, 6), sides


def play_games(team: str, season: int, games: int) -> tuple[list[list[tuple[Key, int]]],
                                                            np.ndarray, np.ndarray]:
    league = season_rows(read_stats(None, season), season, "pro")
    average = tomllib.loads(build_league_average(league))
    text = (files("scrimmage") / "teams" / "legends-pro" / f"{season}-{team}.toml").read_text()
    series = Series("legends-pro", tomllib.loads(text), average, 99)
    home, away = series.first.home, series.first.away
    rolls, points, realized = [], [], []
    for i in range(games):
        _, game = series.play(i)
        box = box_score(game.plays, home, away)
        rolls.append([(_key(p, home, k, sides), face) for p in game.plays
                      for k, (sides, face) in enumerate(p.get("dice") or [])])
        points.append(box[home]["points_for"])
        h, a = box[home], box[away]
        realized.append([h["rush_yds"] + h["pass_yds_gross"] - h["sack_yds_lost"],
                         a["rush_yds"] + a["pass_yds_gross"] - a["sack_yds_lost"],
                         h["turnovers"], a["turnovers"], h["plays_offense"],
                         a["plays_offense"], h["fga"] - h["fgm"], a["fga"] - a["fgm"]])
    return rolls, np.array(points, float), np.array(realized, float)


def controls(rolls: list[list[tuple[Key, int]]], per_face: bool) -> np.ndarray:
    """Each game's controls: per face, its count less its expected count; or per key, the
    faces' sum less its mean, over the die's size. Keys seen less than once in five games
    are left out."""
    seen: Counter[Key] = Counter(k for game in rolls for k, _ in game)
    keys = [k for k, n in seen.items() if n >= 0.2 * len(rolls)]
    width = {k: (min(k[3], 24) if per_face else 1) for k in keys}
    start, at = {}, 0
    for k in keys:
        start[k], at = at, at + width[k]
    x = np.zeros((len(rolls), at))
    for i, game in enumerate(rolls):
        for k, face in game:
            if k not in start:
                continue
            sides = k[3]
            if not per_face:
                x[i, start[k]] += (face - (sides + 1) / 2) / sides
                continue
            bins = width[k]
            x[i, start[k] + (face - 1) * bins // sides] += 1
            for b in range(bins):
                lo, hi = -(-b * sides // bins), -(-(b + 1) * sides // bins)
                x[i, start[k] + b] -= (hi - lo) / sides
    return x


def left(x: np.ndarray, y: np.ndarray, train: int, ridge: float) -> float:
    """Share of the held-out games' variance left after the fit on the first `train`."""
    half = len(y) // 2
    a = x[:train]
    beta = np.linalg.solve(a.T @ a + ridge * np.eye(a.shape[1]), a.T @ (y[:train]
                                                                       - y[:train].mean()))
    return float((y[half:] - x[half:] @ beta).var() / y[half:].var())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--team", default="nwe")
    ap.add_argument("--season", type=int, default=2016)
    ap.add_argument("--games", type=int, default=6000)
    args = ap.parse_args()
    rolls, points, realized = play_games(args.team, args.season, args.games)
    half = args.games // 2
    print(f"{args.season} {args.team}: {args.games} games, points a game "
          f"{points.mean():.2f} +- {points.std():.2f}")
    for name, per_face in (("a value per face", True), ("a slope per key", False)):
        x = controls(rolls, per_face)
        z = np.abs(x.mean(0)) / (x.std(0) + 1e-12) * np.sqrt(len(points))
        print(f"dice controls, {name}: {x.shape[1]} columns, largest |mean| {z.max():.1f} "
              "standard errors")
        for train in (400, half):
            best = min(left(x, points, train, r) for r in (1.0, 30.0, 300.0))
            print(f"  fitted on {train} games: {best:.3f} of the variance left")
    x = realized - realized[:half].mean(0)
    print(f"realized figures (no control: their means are unknown): "
          f"{left(x, points, half, 1e-6):.3f} of the variance left")


if __name__ == "__main__":
    main()
