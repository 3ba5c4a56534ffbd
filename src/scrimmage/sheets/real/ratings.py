"""Replay ratings of a built sheet: the project's house rules that let a sheet reproduce a
real team's run/pass mix, penalties and turnovers (the fields are described in
`scrimmage.rules.legends.sheets.TeamHeader`; docs/design-notes.md says why they exist).

Formulas (version `RATINGS_VERSION`):

* Run call share (`run_call_pct`, computer coaches): starts at 100 x the real share of runs
  among snaps x `RUN_CALLS_PER_SHARE` (the coach passes on 3rd and 10 or more and in the
  last minutes, and sacks count as snaps) and is then moved by simulation (`legends.py`).
* Penalty number (`penalty_number`, fouls per 400 penalty rolls): the league-average sheet
  gets the number that makes its simulated penalties a game equal the league's (measured,
  `legends.py`); a team starts from that number x its penalties a game / the league's,
  rounded, 0..40, and its calibration rounds then step it to its real penalties, counting
  the fouls no number sets (`next_penalty_number`: FNL-13's play-speed fouls). A season
  without penalty counts writes no number (the book's rate).
* BP DEF guards (`bp_def_guard`, offense and defense): the book reads a BP-DEF as a big play
  on 11-20 of a d20 whatever the teams, so sacks, interceptions and fumbles add up from the
  two sheets, and half of the league's rate reaches every team whatever its own sheet says.
  Under the house rule the no-big-play range is 1 to (offense's guard + defense's guard -
  10) for the result the table shows. A guard starts at 20 - 10 x (the team's rate / the
  league's), rounded, 0..19 (rates: sacks per drop back, interceptions per attempt, fumbles
  lost per run, for the offense; the same allowed, for the defense; TFL keeps the book's
  10, the tables keep no tackles for loss). The calibration then solves each guard against
  the league-average sheet, whose guards are the book's 10: a rate is the guard's chance
  times what the cells and tables give, so one step sets it (`legends_levers.guard_step`); when a
  chance would leave 0.25..0.9 the side's BP-DEF cell count moves instead.
* Red-zone numbers (`red_zone`, offense and defense, percent): the points a team scores and
  allows are what its yards, turnovers and kicking leave out of a sixteen-game season
  (red-zone finishing, schedule, luck): a sheet that only reproduces the per-play figures
  misses them by 6-8% a team (2016), though it has the league's scoring about right. In the
  red zone the number takes plays all the way (positive) or stops 3rd and 4th downs short
  (negative), so it moves touchdowns against field goals and leaves the snaps and the
  possessions alone. The league-average sheet gets the number (offense and defense alike)
  that brings its games to the league's points a game. A team is then simulated against
  it; each round's points, scaled to the team's real snaps (the play speed sees to those),
  are taken back to numbers of 0 by the measured effect (`RED_ZONE_EFFECT`), and the numbers
  that reach the real points for and against are read off the same table. A snap carries
  the offense's number plus the defense's, so a team's numbers are those less the average
  sheet's. Numbers run to 200 either way: a few teams (a very bad defense, the lowest
  scorers of an era) are out of reach of the 20-yard zone, and beyond 100 the zone starts
  further out (`legends.red_zone_edge`). The yards the numbers add (a run taken all the
  way) come back out through the team's own yardage bias (`legends.py`).
"""

from __future__ import annotations

import math
from itertools import pairwise

from scrimmage.rules.legends.sheets import BOOK_GUARD, RED_ZONE_MAX
from scrimmage.sheets.real.calibrate import Figures
from scrimmage.sheets.real.header import clamp, round_half_up

RATINGS_VERSION = 1
RUN_CALLS_PER_SHARE = 1.07
"""Run calls per unit of run share among snaps (generator's average pro team: 45.8% run
calls give 42.7% of snaps)."""
BOOK_PENALTY_NUMBER = 20


def run_call_pct(run_share: float) -> float:
    return round(clamp(100 * run_share * RUN_CALLS_PER_SHARE, 1.0, 99.0), 1)


def moved_run_call_pct(pct: float, sim_share: float, want_share: float) -> float:
    """The share moved by what a simulation measured."""
    return round(clamp(pct + 100 * (want_share - sim_share) * RUN_CALLS_PER_SHARE, 1.0, 99.0), 1)


def penalty_number(team_pg: float | None, league_pg: float | None, league_number: float
                   ) -> int | None:
    if team_pg is None or league_pg is None or league_pg <= 0:
        return None
    return int(clamp(round_half_up(league_number * team_pg / league_pg), 0, 40))


def next_penalty_number(rounds: list[tuple[int, int, float]], team_pg: float,
                        per_number: float) -> int:
    """A team's penalty number from its own calibration rounds, each (games, the number it
    played, the team's simulated penalties a game). A number N gives `per_number` x N fouls
    a game (the league-average sheet's measured rate, the league's penalties a game over its
    unrounded number) plus fouls no number sets: above all FNL-13's 15-yard foul for each
    play-speed quota the coach misses (a team at play speed 90 cannot spend half of it by
    halftime; 1965 Green Bay drew 2.0 of them a game against the average,
    benchmarks/results/fidelity_decades.md). Those are the rounds' penalties less the
    number's share, pooled by games; the number is what the real penalties leave for the
    table, rounded, 0..40. A step taken this way is right whatever the fixed part, where
    scaling by real / simulated under-corrects it."""
    games = sum(g for g, _, _ in rounds)
    if games <= 0 or per_number <= 0:
        raise ValueError("no calibration games or no penalty rate a number")
    fixed = sum(g * (pen - n * per_number) for g, n, pen in rounds) / games
    return int(clamp(round_half_up((team_pg - fixed) / per_number), 0, 40))


def guard(rate: float, league_rate: float) -> int:
    if league_rate <= 0:
        return BOOK_GUARD
    return int(clamp(round_half_up(20 - BOOK_GUARD * rate / league_rate), 0, 19))


def bp_def_guards(team: Figures, league: Figures) -> dict[str, int]:
    return {"SACK": guard(team.sack_rate, league.sack_rate),
            "INT": guard(team.int_rate, league.int_rate),
            "TFL": BOOK_GUARD,
            "FUM": guard(team.fum_per_run, league.fum_per_run)}


RED_ZONE_EFFECT: tuple[tuple[int, float, float], ...] = (
    (-200, 0.654, 1.036),
    (-175, 0.698, 1.021),
    (-150, 0.738, 1.005),
    (-125, 0.775, 0.994),
    (-100, 0.816, 0.984),
    (-75, 0.877, 0.986),
    (-50, 0.938, 0.991),
    (-25, 0.986, 0.990),
    (0, 1.000, 1.000),
    (25, 1.112, 1.026),
    (50, 1.184, 1.049),
    (75, 1.240, 1.087),
    (100, 1.304, 1.083),
    (125, 1.438, 1.114),
    (150, 1.652, 1.187),
    (175, 1.892, 1.219),
    (200, 2.182, 1.285),
)
"""The number an offense's snaps carry -> (its team's points x, the other team's points x),
per snap of the numbered team, the other snaps' number 0. Measured on the 2016 NFL average
sheet (its own numbers taken out) against itself, 1000 games a number (`python
benchmarks/red_zone_effect.py --games 1000`, yardage shape of generator version 2; the
points scatter by about 2%). Beyond 100 the zone reaches past the 20 and the points climb
faster, but so do the yards (at 200 a carry gains 1.9 times as much), which the team's own
yardage bias takes back out. A defense's number acts on the other offense the same way. Per
snap, because the play speed gives a built team its real snaps whatever its numbers. The
builder needs it only roughly: it simulates the numbers it sets, and an error of the table
there cancels out, except in the last step, which goes by the table alone (no round plays
it), so its error stays (about the 2% the points scatter)."""


def _interp(n: float, col: int) -> float:
    pts = RED_ZONE_EFFECT
    if n <= pts[0][0]:
        return pts[0][col]
    for a, b in pairwise(pts):
        if n <= b[0]:
            w = (n - a[0]) / (b[0] - a[0])
            return a[col] + w * (b[col] - a[col])
    return pts[-1][col]


YARDS_EFFECT: dict[str, tuple[tuple[int, float], ...]] = {
    "ypc": ((-200, 0.951), (-150, 0.972), (-100, 0.980), (-50, 0.996), (0, 1.0),
            (50, 1.124), (100, 1.202), (150, 1.446), (200, 1.937)),
    "ypa": ((-200, 0.952), (-150, 0.965), (-100, 0.985), (-50, 0.993), (0, 1.0),
            (50, 1.038), (100, 1.074), (150, 1.160), (200, 1.317)),
}
"""The number an offense's snaps carry -> its yards a carry and gross yards an attempt x,
against numbers of 0: the 2016 NFL average sheet against itself, 800 games a number
(`python benchmarks/red_zone_effect.py --games 800 --numbers=-200,-150,-100,-50,50,100,150,200`,
its ypc and ypa columns; about 1% of scatter). The builder takes each calibration round's
yards to the numbers the next round plays with it, so rounds at other numbers pool."""


def yards_effect(figure: str, n: int) -> float:
    """Multiplier of a figure (yards a carry, gross yards an attempt) of the offense whose
    snaps carry the number `n`, against numbers of 0 (1 for other figures)."""
    table = YARDS_EFFECT.get(figure)
    if table is None:
        return 1.0
    if n <= table[0][0]:
        return table[0][1]
    for (n0, y0), (n1, y1) in pairwise(table):
        if n <= n1:
            return y0 + (n - n0) / (n1 - n0) * (y1 - y0)
    return table[-1][1]


def own_points_effect(n: int) -> float:
    """Points multiplier of a side whose snaps carry the number `n` (the table's own column)."""
    return _interp(n, 1)


def other_points_effect(n: int) -> float:
    """Points multiplier of the other side when one side's snaps carry the number `n` (the
    table's second column: a finished drive hands the ball back further from the goal)."""
    return _interp(n, 2)


def average_effect(n: int) -> float:
    """Points multiplier of the league-average sheet against itself when its offense and
    defense numbers are both `n` (its snaps carry 2n)."""
    return _interp(2 * n, 1) * _interp(2 * n, 2)


def average_red_zone(ratio: float) -> int:
    """The league-average sheet's number, offense and defense alike, that multiplies its
    points by `ratio`."""
    return min(range(-RED_ZONE_MAX // 2, RED_ZONE_MAX // 2 + 1),
               key=lambda n: (abs(average_effect(n) - ratio), abs(n)))


SECANT_SPAN = 10
"""Rounds whose numbers differ by this much or more measure the slope themselves."""
MAX_STEP = 50


def _own_inverse(ratio: float) -> int:
    """The number whose own-points multiplier is nearest `ratio`."""
    return min(range(-RED_ZONE_MAX, RED_ZONE_MAX + 1),
               key=lambda n: (abs(_interp(n, 1) - ratio), abs(n)))


def next_red_zone(history: list[tuple[int, float]], want: float) -> int:
    """The number a side's snaps should carry next, from the rounds so far: `history` holds
    (number, points a game at the team's real snaps). With two rounds far enough apart the
    step uses their own slope, kept within half and twice the table's: the effect depends on
    the matchup (a defense that already gives up touchdowns has fewer field goals to turn
    into them). Otherwise the table's effect is taken as it is. A step is at most MAX_STEP:
    a few hundred games leave the points a couple of percent out, and the last step is not
    simulated again."""
    n1, p1 = history[-1]
    if p1 <= 0 or want <= 0:
        return n1
    gap = math.log(want / p1)
    if len(history) >= 2 and abs(n1 - history[-2][0]) >= SECANT_SPAN and history[-2][1] > 0:
        n0, p0 = history[-2]
        table = (math.log(_interp(n1, 1)) - math.log(_interp(n0, 1))) / (n1 - n0)
        seen = math.log(p1 / p0) / (n1 - n0)
        slope = min(2 * table, max(0.5 * table, seen))
        step = clamp(gap / slope, -MAX_STEP, MAX_STEP)
    else:
        step = clamp(_own_inverse(_interp(n1, 1) * math.exp(gap)) - n1, -MAX_STEP, MAX_STEP)
    return int(clamp(round_half_up(n1 + step), -RED_ZONE_MAX, RED_ZONE_MAX))

