"""The games the EP/WP tables are fitted and checked on, and what each snap says.

Game i of a run with seed S has the seed `game_seed(S, i)`, which also picks its two teams
among the ruleset's bundled teams; both sides use the ruleset's solitaire coach. The rows are
the play-by-play rows of `scrimmage.export.columns` (the same mapping the export uses), reduced
to one line of whole numbers per snap (`FEATURES`), so a run's numbers do not depend on how
many processes played it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from scrimmage.analytics import bands
from scrimmage.analytics.pbp import points_on, situations
from scrimmage.api import make_coaches
from scrimmage.core.dice import SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.ruleset import Game, find_ruleset
from scrimmage.export.columns import GameInfo, abbreviations, pbp_rows
from scrimmage.export.series import TimeoutLog
from scrimmage.sim.batch import game_seed

FEATURES = ("kind", "ep_time", "down", "band", "yard", "game_seconds", "overtime", "score",
            "timeouts", "receives", "td_label", "points_label", "result2", "try_points")
"""One snap: kind (0 scrimmage, 1 kickoff, 2 extra point, 3 two-point try, -1 unread); the EP
cell (time band, down, distance band, yard index); seconds left in the game and an overtime
flag; the score difference; `bands.timeout_index`; 1 if the team with the ball receives the
second-half kickoff (first half only); the next score in the half from its view (touchdowns
+1/-1, other points signed); the result x 2 (2 win, 1 tie, 0 loss); a try's points."""

COLUMN = {name: i for i, name in enumerate(FEATURES)}
KIND_NUMBER = {"scrimmage": 0, "kickoff": 1, "extra_point": 2, "two_point": 3}
Features = npt.NDArray[np.int32]


class Matchups:
    """A ruleset's bundled teams, loaded once; `rows(i)` plays game i of the run."""

    def __init__(self, rules: str, seed: int) -> None:
        self.rs = find_ruleset(rules)
        self.seed = seed
        self.names = sorted(self.rs.team_names())
        if len(self.names) < 2:
            raise ScrimmageError(f"{rules} has fewer than two bundled teams")
        self.data = {n: self.rs.team_data(n) for n in self.names}
        self.teams = {n: self.rs.load_team(self.data[n], n) for n in self.names}
        self.options = self.rs.check_options({})

    def pair(self, game_seed_: int) -> tuple[str, str]:
        n = len(self.names)
        home = game_seed_ % n
        away = (game_seed_ // n) % (n - 1)
        return self.names[home], self.names[away + (away >= home)]

    def rows(self, index: int) -> list[dict[str, Any]]:
        """Game `index`'s play-by-play rows, without the EP/WP columns."""
        s = game_seed(self.seed, index)
        home, away = self.pair(s)
        game = self.rs.new_game(self.teams[home], self.teams[away], SeededDice(s),
                                dict(self.options), narrate=False)
        logs: list[TimeoutLog] = []

        def watch(g: Game) -> Callable[[Any, str], None]:
            logs.append(TimeoutLog(self.rs, g))
            return logs[-1].note

        drive(game, make_coaches(self.rs, "solitaire", s), [], on_decision=watch(game))
        codes = abbreviations((self.data[home], home), (self.data[away], away))
        info = GameInfo(f"epwp_{index}", self.rs.name, home, away, codes[0], codes[1], seed=s)
        return pbp_rows(game.plays, info, logs[0].per_play(game.plays, home), ep_wp=False)


def next_scores(rows: Sequence[dict[str, Any]]) -> list[tuple[int, int]]:
    """Each row's next score in its half, from its `posteam`'s view: (touchdowns +1/-1/0,
    other points). The row's own score counts; tries do not (they are valued apart)."""
    out: list[tuple[int, int]] = [(0, 0)] * len(rows)
    pending: tuple[str, int, int] | None = None  # (scoring row's posteam, td, points)
    for i in range(len(rows) - 1, -1, -1):
        row = rows[i]
        if i + 1 < len(rows) and rows[i + 1].get("game_half") != row.get("game_half"):
            pending = None
        is_try = bool(row.get("extra_point_attempt") or row.get("two_point_attempt"))
        touchdown, points = points_on(row)
        if not is_try and (touchdown or points):
            pending = (row["posteam"], touchdown, points)
        if pending is not None:
            sign = 1 if pending[0] == row["posteam"] else -1
            out[i] = (sign * pending[1], sign * pending[2])
    return out


def game_features(rows: Sequence[dict[str, Any]]) -> Features:
    """One line of `FEATURES` per row of one game."""
    last = rows[-1]
    final = {last["posteam"]: last["posteam_score_post"],
             last["defteam"]: last["defteam_score_post"]}
    labels = next_scores(rows)
    out = np.zeros((len(rows), len(FEATURES)), dtype=np.int32)
    for i, (row, s) in enumerate(zip(rows, situations(rows), strict=True)):
        if s is None:
            out[i, 0] = -1
            continue
        ours, theirs = final[row["posteam"]], final[row["defteam"]]
        try_points = row["posteam_score_post"] - row["posteam_score"] if s.is_try else 0
        out[i] = (KIND_NUMBER[s.kind], bands.ep_time_band(s.half_seconds_remaining),
                  min(4, max(1, s.down)) - 1, bands.distance_band(s.ydstogo),
                  bands.yard_index(s.yardline_100), s.game_seconds_remaining, int(s.overtime),
                  s.score_differential,
                  bands.timeout_index(s.posteam_timeouts, s.defteam_timeouts),
                  int(s.receives_second_half), labels[i][0], labels[i][1],
                  1 + (ours > theirs) - (ours < theirs), try_points)
    return out


def chunk_features(job: tuple[str, int, int, int]) -> Features:
    """Games start..stop-1 of a run (a worker's job)."""
    rules, seed, start, stop = job
    games = Matchups(rules, seed)
    parts = [game_features(games.rows(i)) for i in range(start, stop)]
    return np.concatenate(parts) if parts else np.zeros((0, len(FEATURES)), dtype=np.int32)

