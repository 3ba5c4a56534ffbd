"""Generate fictional Football Legends team sheets: high school, college and pro.

The printed Football Legends sheets are made from real teams' statistics. We have no such data
for fictional teams, so this module builds a sheet from a handful of numbers (points scored
and allowed per game, strength of schedule, the run/pass split) and a source of dice. The
three levels share the method and differ in their constants (`LevelParams`): a high-school
sheet (Friday Night Legends), a college sheet (Saturday Legends) and a pro sheet (Pro Football
Legends).

How a sheet is built
--------------------
Every cell of both matrices gets a *profile*: a target mean in yards and a set of weights for
the three special results (BP-OFF, BP-DEF, INC). The target mean is the sum of

* a base for the play card (a drop back gains more than a screen, a defense gives up less
  against runs than it stops passes, ...);
* a matchup term from the FNL-93 table: each offensive card is weak against one defensive
  card, strong against the three defenses of the other kind and average against the rest.
  The same table, seen from the other side, shapes the defensive matrix;
* a row ramp: high numbers are good for the coach rolling them (FNL-93), so the last row of a
  set is a few yards better for its owner than the first. The ramp runs over the *fraction*
  of the set, so an 18-row run set and a 6-row pass set are equally good on average and the
  run/pass split only changes how often each kind of play is called;
* a strength shift: points per game above or below the level's average, corrected for the
  strength of schedule, move every cell by a fraction of a yard per point and scale how many
  big plays each side gets.

The specials are placed first. For each play set the generator works out how many cells of a
kind the set should hold (frequency x cells, with the fraction rounded by a die) and draws
that many cells without replacement, weighted by row (big plays crowd the high rows, FNL-93)
and by matchup (a weak matchup invites a BP-DEF or an INC). Counting first and placing second
keeps every sheet close to the intended frequencies instead of leaving them to luck. INC goes
only where sheets.py allows it (FNL-40): in a pass set, against the three pass defenses; in a
defensive set, in the three pass columns.

The remaining cells get their target mean plus integer noise from the dice (a triangular
spread with an occasional long tail for the boom-or-bust plays). Each column of a set is then
re-centred: single yards are added to or taken from random cells until the column's total
equals the sum of its targets. The dice give a sheet its texture; the targets alone decide
its averages, so two sheets with the same inputs play alike whatever the seed.

College and pro
---------------
At college and pro a BP-DEF cell is not always a big play (FNL-44): a d20 of 1-10 makes it a
0-yard run or an incompletion, 11-20 sends the play to the Run or Pass BP DEF table of the
sheet it appeared on (TFL or fumble, sack or interception; at pro a run is always a fumble).
So those sheets carry about twice as many BP-DEF cells as the real rate of sacks, tackles for
loss and turnovers, more in the pass sets and pass columns (sacks and interceptions) than in
the runs. The defensive sets place their BP cells column kind by column kind, so the run and
pass rates can differ. The sheet header also gets the college/pro fields of FNL-3: the
small-scale SOS (AMB-FNL-30: 0..15), the yardage modifiers (derived from the sheet's own
yards per run and per completion unless given), play speed, the special-teams adjustments,
the two BP DEF tables and, at pro, the KO Touchback, Field Goal Range and punt fair-catch
charts. The yards per run and per completion printed on the sheet are the sheet's
expectations against the level's average team. Play speed is what brings a game to the
league's number of snaps (the book: spending it "is required for statistical accuracy"):
the X-1 timing chart alone gives some 83 snaps a team in 60 minutes, so an average pro team
slows about 37 plays down and an average college team about 22 (`PACE_PLAY_SPEED`). A team
that runs far more than most gets a little more on its run cells (`run_style_yards`), so
its scoring stays near its points per game though it passes less.

Calibration
-----------
The constants below were tuned with `expected_stats`, which enumerates every combination of
offensive row, defensive card and defensive row with uniform play calls, and then checked
with simulated games (``scrimmage sim --rules legends-pro`` / ``legends-college``). Targets:

* high school: an average team (24 points for and against, schedule 350) against itself gives
  about 5 yards a carry, a 55% completion rate, 12-13 yards a completion and about 1.5-2
  turnovers a game;
* college: the NCAA FBS 2016 row of the calibration league rates (28-30 points, 4.6 yards a
  carry with sacks counted as runs, 59% completions, 12.5 yards a completion, 2.7%
  interceptions);
* pro: the NFL 2014-2019 rows (22-23 points, 4.2 yards a carry, 62-64% completions, 11.4 yards a
  completion, a sack on 6-6.5% of drop backs, an interception on 2.4% of attempts, fumbles
  lost 0.55 a game), field goals by distance band from the logistic fit of the 2009-2019
  play-by-play, kickoff touchbacks ~60% (2016-2019), fair catches on about 30% of punts.

Run ``python -m scrimmage.rules.legends.generator --stats FILE`` to see the numbers of a sheet.

All chance comes from the `Dice` handed in, so the same spec and seed always give the same
text. Generated sheets say ``official = false`` and name their inputs in a comment header.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal, get_args

from scrimmage.core.dice import Dice, SeededDice
from scrimmage.rules.legends.cards import BP_DEF, BP_OFF, DEF_SETS, INC, OFF_SETS, cell_text
from scrimmage.rules.legends.sheets import Team, read_team_file, team_from_data

Level = Literal["hs", "college", "pro"]
LEVELS: tuple[str, ...] = get_args(Level)

MAX_PLAY_SPEED = 90
"""The sheet's play-speed bound (sheets.TeamHeader.play_speed)."""
GENERATOR_VERSION = 1
TOTAL_ROWS = 24
"""runs + passes: the solitaire caller rolls a d24 and runs when the roll is <= runs (FNL-4)."""
DEF_ROWS = 12
"""Rows per defensive set (AMB-FNL-11: the defense rolls a d12)."""

TEAMS_DIR = Path(__file__).resolve().parents[2] / "teams"
BUNDLED_DIR = TEAMS_DIR / "legends-hs"


def bundled_dir(level: str) -> Path:
    """The package folder of a level's bundled sheets (teams/legends-<level>)."""
    return TEAMS_DIR / f"legends-{level}"


# --- team strength ------------------------------------------------------------------------

AVERAGE_POINTS = 24.0
"""Points a typical high-school team scores (and so allows) per game: the zero of strength."""
AVERAGE_SOS = 350
"""Middle of the high-school strength-of-schedule scale (100..600, FNL-11)."""
SOS_POINTS_PER_UNIT = 1 / 50
"""Schedule correction: 50 SOS points above average are worth one point a game."""
MAX_STRENGTH = 20.0
"""Clamp, in points: beyond it the sheet would stop looking like football."""

# --- FNL-93 matchups ------------------------------------------------------------------------

WEAK, AVERAGE, STRONG = -1, 0, 1
MATCHUP: tuple[tuple[int, ...], ...] = (
    # run_inside run_outside run_blitz zone man pass_blitz   <- defensive card
    (WEAK, AVERAGE, AVERAGE, STRONG, STRONG, STRONG),  # inside_run
    (AVERAGE, WEAK, AVERAGE, STRONG, STRONG, STRONG),  # outside_run
    (AVERAGE, AVERAGE, WEAK, STRONG, STRONG, STRONG),  # draw
    (STRONG, STRONG, STRONG, WEAK, AVERAGE, AVERAGE),  # roll_out
    (STRONG, STRONG, STRONG, AVERAGE, AVERAGE, WEAK),  # drop_back
    (STRONG, STRONG, STRONG, AVERAGE, WEAK, AVERAGE),  # screen
)
"""FNL-93, from the offense's side: MATCHUP[offensive card][defensive card]."""

# --- offensive matrix (high school) ------------------------------------------------------------


@dataclass(frozen=True)
class Noise:
    """Integer spread around a cell's target: triangular +-spread, plus a one-sided tail."""

    spread: int
    tail_chance: float  # share of cells that get the tail
    tail: int  # tail adds 1..tail yards (offense) or takes them away (defense)


OFF_BASE: dict[str, float] = {
    # Run yards before the defense cell is added; the defense takes about 2 back.
    "inside_run": 5.55, "outside_run": 5.95, "draw": 5.75,
    # Pass yards on a completion before the defense cell is added.
    "roll_out": 11.6, "drop_back": 14.6, "screen": 8.6,
}
OFF_NOISE: dict[str, Noise] = {
    "inside_run": Noise(2, 0.10, 6),  # grind: tight, rarely long
    "outside_run": Noise(4, 0.15, 12),  # boom or bust
    "draw": Noise(3, 0.12, 9),
    "roll_out": Noise(5, 0.15, 12),
    "drop_back": Noise(6, 0.20, 20),  # the deep shots
    "screen": Noise(3, 0.20, 14),  # short, with the odd break-away
}
OFF_CLAMP: dict[bool, tuple[int, int]] = {True: (-4, 45), False: (-3, 65)}  # keyed by is-run
OFF_MATCH_YARDS = {True: 2.0, False: 3.0}  # yards per matchup step, runs / passes
OFF_RAMP_YARDS = {True: 3.0, False: 4.0}  # last row minus first row (FNL-93)
OFF_YARDS_PER_POINT = {True: 0.06, False: 0.10}

OFF_BP_OFF_RATE = 0.04
OFF_BP_DEF_RATE = 0.02
OFF_INC_RATE = 0.30  # of all pass-set cells, all in the pass-defense columns (FNL-40)
OFF_INC_PER_POINT = -0.004  # a better offense throws fewer incompletions

# --- defensive matrix (high school) ------------------------------------------------------------

DEF_BASE = {True: -2.0, False: -3.0}  # keyed by: is the offensive column a run?
DEF_NOISE = {True: Noise(2, 0.12, 4), False: Noise(3, 0.15, 6)}
DEF_CLAMP = {True: (-10, 4), False: (-14, 5)}
DEF_MATCH_YARDS = {True: 1.5, False: 2.0}
DEF_RAMP_YARDS = {True: 2.0, False: 2.5}
DEF_YARDS_PER_POINT = {True: 0.05, False: 0.08}

DEF_BP_DEF_RATE = 0.042
DEF_BP_OFF_RATE = 0.01
DEF_INC_RATE = 0.18  # in the three pass columns only (FNL-40)
DEF_INC_PER_POINT = 0.004

# Special-result weights by matchup (WEAK, AVERAGE, STRONG from the offense's side).
GOOD_FOR_OFFENSE = {WEAK: 0.5, AVERAGE: 1.0, STRONG: 1.5}
GOOD_FOR_DEFENSE = {WEAK: 1.8, AVERAGE: 1.0, STRONG: 0.6}

# --- resolution assumptions for calibration (high school) ------------------------------------

BP_OFF_YARDS = 18.0
"""Average BP-OFF gain at high school (about 5 + d20, capped by the goal line)."""
BP_DEF_YARDS = -4.0
"""Average BP-DEF yardage at high school: 55% sack/TFL for about -7, 45% turnover for 0."""
BP_DEF_TURNOVER_SHARE = 0.45
PLAYS_PER_GAME = 60
"""Offensive snaps per team in a high-school game, for the per-game figures."""


# --- the constants of a level ------------------------------------------------------------------


@dataclass(frozen=True)
class LevelParams:
    """Every constant the generator uses at one level. Dicts keyed by a bool are keyed by
    "is a run": for the offense, the set being a run set; for the defense, the column being
    a run column."""

    level: Level
    game: str
    """The book's name for the level's game, for the sheet's comment header."""
    noun: str
    """How the header names a team of the level ("high-school", ...)."""
    average_points: float
    average_sos: float
    sos_range: tuple[int, int]
    sos_points_per_unit: float
    max_strength: float
    off_base: dict[str, float]
    off_noise: dict[str, Noise]
    off_clamp: dict[bool, tuple[int, int]]
    off_match_yards: dict[bool, float]
    off_ramp_yards: dict[bool, float]
    off_yards_per_point: dict[bool, float]
    off_bp_off_rate: dict[bool, float]
    off_bp_def_rate: dict[bool, float]
    run_style_yards: float
    """Yards added to the run cells per unit of run share above `style_runs`/24: a team
    that runs far more than most is built to run (a triple-option team averages more a
    carry), which keeps its scoring near its points per game though it passes less."""
    style_runs: int
    off_inc_rate: float
    off_inc_per_point: float
    def_base: dict[bool, float]
    def_noise: dict[bool, Noise]
    def_clamp: dict[bool, tuple[int, int]]
    def_match_yards: dict[bool, float]
    def_ramp_yards: dict[bool, float]
    def_yards_per_point: dict[bool, float]
    def_bp_def_rate: dict[bool, float]
    def_bp_off_rate: dict[bool, float]
    def_bp_by_column: bool
    """Place the defensive BP cells separately in the run and in the pass columns (C/P);
    high school draws them over the whole set."""
    def_inc_rate: float
    def_inc_per_point: float
    bp_per_point: float
    """Share more big plays per point of strength for the strong side."""
    bp_against_per_point: float
    """Share fewer big plays per point of strength for the other side."""
    bp_off_yards: float
    plays_per_game: int
    def_read: float
    """For `expected_stats`: how often the defense's card is of the offense's kind (run
    defense against a run). 0.5 is uniform calls; the solitaire coaches guess right about 60%
    of the time (3rd and long, the last minutes, defensive audibles)."""
    team_bp_def: bool
    """FNL-44 (C/P): BP-DEF is a big play on 11-20 only, read on the sheet's own tables."""
    pro_run_fumble: bool
    """FNL-44 [PRO]: a run BP-DEF that is a big play is always a fumble."""
    tfl_yards: float
    sack_yards: float


HS_PARAMS = LevelParams(
    level="hs", game="Friday Night Legends", noun="high-school",
    average_points=AVERAGE_POINTS, average_sos=AVERAGE_SOS, sos_range=(100, 600),
    sos_points_per_unit=SOS_POINTS_PER_UNIT, max_strength=MAX_STRENGTH,
    off_base=OFF_BASE, off_noise=OFF_NOISE, off_clamp=OFF_CLAMP,
    off_match_yards=OFF_MATCH_YARDS, off_ramp_yards=OFF_RAMP_YARDS,
    off_yards_per_point=OFF_YARDS_PER_POINT,
    off_bp_off_rate={True: OFF_BP_OFF_RATE, False: OFF_BP_OFF_RATE},
    off_bp_def_rate={True: OFF_BP_DEF_RATE, False: OFF_BP_DEF_RATE},
    run_style_yards=0.0, style_runs=12,
    off_inc_rate=OFF_INC_RATE, off_inc_per_point=OFF_INC_PER_POINT,
    def_base=DEF_BASE, def_noise=DEF_NOISE, def_clamp=DEF_CLAMP,
    def_match_yards=DEF_MATCH_YARDS, def_ramp_yards=DEF_RAMP_YARDS,
    def_yards_per_point=DEF_YARDS_PER_POINT,
    def_bp_def_rate={True: DEF_BP_DEF_RATE, False: DEF_BP_DEF_RATE},
    def_bp_off_rate={True: DEF_BP_OFF_RATE, False: DEF_BP_OFF_RATE},
    def_bp_by_column=False,
    def_inc_rate=DEF_INC_RATE, def_inc_per_point=DEF_INC_PER_POINT,
    bp_per_point=0.03, bp_against_per_point=0.02,
    bp_off_yards=BP_OFF_YARDS, plays_per_game=PLAYS_PER_GAME, def_read=0.5,
    team_bp_def=False, pro_run_fumble=False, tfl_yards=-3.0, sack_yards=-7.0,
)

COLLEGE_PARAMS = LevelParams(
    level="college", game="Saturday Legends", noun="college",
    # FBS 2016: 30.0 points a team-game (league_rates.csv); 28 keeps the strength scale
    # centred on a mid-table FBS team.
    average_points=28.0, average_sos=7.5, sos_range=(0, 15),
    sos_points_per_unit=0.6,     # a Power-5 slate (13) is worth ~3 points over a G5 one (8)
    max_strength=18.0,
    off_base={"inside_run": 5.5, "outside_run": 5.9, "draw": 5.7,
              "roll_out": 12.8, "drop_back": 15.8, "screen": 9.8},
    off_noise=OFF_NOISE, off_clamp=OFF_CLAMP,
    off_match_yards={True: 1.8, False: 2.6}, off_ramp_yards={True: 3.0, False: 4.0},
    off_yards_per_point={True: 0.05, False: 0.08},
    off_bp_off_rate={True: 0.03, False: 0.045},
    off_bp_def_rate={True: 0.045, False: 0.073},
    run_style_yards=3.0, style_runs=13,
    off_inc_rate=0.16, off_inc_per_point=-0.003,
    def_base={True: -1.8, False: -3.0}, def_noise=DEF_NOISE, def_clamp=DEF_CLAMP,
    def_match_yards={True: 1.4, False: 1.8}, def_ramp_yards={True: 2.0, False: 2.5},
    def_yards_per_point={True: 0.04, False: 0.065},
    def_bp_def_rate={True: 0.055, False: 0.093},
    def_bp_off_rate={True: 0.006, False: 0.012},
    def_bp_by_column=True,
    def_inc_rate=0.145, def_inc_per_point=0.002,
    bp_per_point=0.025, bp_against_per_point=0.015,
    bp_off_yards=20.0, plays_per_game=70, def_read=0.6,
    team_bp_def=True, pro_run_fumble=False, tfl_yards=-3.0, sack_yards=-6.85,
)

PRO_PARAMS = LevelParams(
    level="pro", game="Pro Football Legends", noun="pro",
    # NFL 2014-2019: 21.6-23.3 points a team-game (league_rates.csv).
    average_points=22.5, average_sos=7.5, sos_range=(0, 15),
    sos_points_per_unit=0.3,     # pro schedules differ less than college ones
    max_strength=12.0,
    off_base={"inside_run": 4.55, "outside_run": 4.95, "draw": 4.75,
              "roll_out": 11.7, "drop_back": 14.7, "screen": 8.7},
    off_noise={
        "inside_run": Noise(2, 0.10, 6), "outside_run": Noise(3, 0.15, 12),
        "draw": Noise(3, 0.12, 9), "roll_out": Noise(4, 0.15, 12),
        "drop_back": Noise(5, 0.20, 20), "screen": Noise(3, 0.20, 14),
    },
    off_clamp=OFF_CLAMP,
    off_match_yards={True: 1.6, False: 2.4}, off_ramp_yards={True: 2.5, False: 3.5},
    off_yards_per_point={True: 0.05, False: 0.09},
    off_bp_off_rate={True: 0.025, False: 0.045},
    off_bp_def_rate={True: 0.016, False: 0.066},
    run_style_yards=3.0, style_runs=11,
    off_inc_rate=0.135, off_inc_per_point=-0.003,
    def_base={True: -1.6, False: -3.0}, def_noise=DEF_NOISE, def_clamp=DEF_CLAMP,
    def_match_yards={True: 1.3, False: 1.8}, def_ramp_yards={True: 2.0, False: 2.5},
    def_yards_per_point={True: 0.045, False: 0.075},
    def_bp_def_rate={True: 0.022, False: 0.087},
    def_bp_off_rate={True: 0.005, False: 0.01},
    def_bp_by_column=True,
    def_inc_rate=0.127, def_inc_per_point=0.003,
    bp_per_point=0.03, bp_against_per_point=0.02,
    bp_off_yards=20.0, plays_per_game=63, def_read=0.6,
    team_bp_def=True, pro_run_fumble=True, tfl_yards=-3.0, sack_yards=-6.6,
)

PARAMS: dict[str, LevelParams] = {"hs": HS_PARAMS, "college": COLLEGE_PARAMS, "pro": PRO_PARAMS}

# --- college and pro sheet charts ------------------------------------------------------------

DEFAULT_RUN_BP_TFL = {"college": 10, "pro": 10}
"""Faces of the Run BP DEF table that are a TFL (the rest fumble): 50%, so that with the BP-DEF
cell rates (about 10% of college runs) a college team loses some 0.6 fumbles a game (FBS 2016:
0.67). At pro the table is never read on a big play (FNL-44: always a fumble) but the sheet
still prints it."""
DEFAULT_PASS_BP_SACKS = {"college": 14, "pro": 14}
"""Faces of the Pass BP DEF table that are a sack (the rest interceptions): 70%. NFL
2014-2019: a sack on 6.3% of drop backs, an interception on 2.4% of attempts (72% sacks);
the SPECIAL column's "defense result only" adds a few sacks of its own (FNL-51)."""
PACE_PLAY_SPEED = {"college": 22, "pro": 37}
"""Play speed (FNL-12) of a team that snaps the ball as often as the league's average. The X-1
timing chart (30 s a play short of a first down, 20 s a first down, 10 s an incompletion, an
out-of-bounds play or a kick) runs about 19 s a snap, so a 60-minute game without play speed
has some 83 snaps a team. Each point slows a play by 10 s (the solitaire coach spends them at
an even pace): about +37 a team brings a pro game to the NFL's 63-66 snaps (2014-2019), +22 a
college game to FBS's 70-72 (2016). A hurry-up team has fewer points, a ball-control team
more."""
DEFAULT_KO_TOUCHBACKS = 12
"""Pro KO Touchback chart: 60% touchbacks, the NFL 2016-2019 rate (58.98%)."""
DEFAULT_FAIR_CATCHES = 6
"""Pro punt fair-catch chart: 30% of punts fair caught (NFL 2016-2019: about 27-32%)."""
PRO_FG_BANDS: tuple[tuple[int, int], ...] = (
    # (longest distance, lowest good roll) with 1 blocked: NFL 2009-2019 logistic fit
    # (a = 5.907, b = -0.1043): 96% at 25, 90% at 35, 85% at 40, 78% at 45, 67% at 50, 56% at 55.
    (29, 2), (39, 3), (44, 4), (49, 6), (54, 8), (59, 11), (64, 15),
)


@dataclass(frozen=True)
class Tuning:
    """Per-team corrections on top of the level's strength model, for sheets built from real
    statistics (`scrimmage.build`). Every field is keyed (run, pass): for the offense, the set
    being a run or pass set; for the defense, the column. The neutral default changes nothing,
    so fictional sheets (tuning None) are generated exactly as before.
    """

    off_yards: tuple[float, float] = (0.0, 0.0)
    """Yards added to the target of every offensive yard cell."""
    off_bp_off: tuple[float, float] = (1.0, 1.0)
    """Multipliers of the offense's BP-OFF cell rate."""
    off_bp_def: tuple[float, float] = (1.0, 1.0)
    """Multipliers of the offense's BP-DEF cell rate (sacks, interceptions, fumbles)."""
    off_inc: float = 1.0
    """Multiplier of the INC rate of the pass sets."""
    def_yards: tuple[float, float] = (0.0, 0.0)
    """Yards added to the target of every defensive yard cell (+ gives up more)."""
    def_bp_def: tuple[float, float] = (1.0, 1.0)
    def_bp_off: tuple[float, float] = (1.0, 1.0)
    def_inc: float = 1.0


NEUTRAL_TUNING = Tuning()


@dataclass(frozen=True)
class TeamSpec:
    """The inputs of one generated sheet.

    High-school sheets need `coaching_points` (4..16, FNL-10) and an SOS of 100..600. College
    and pro sheets (`level`) take a small-scale SOS of 0..15 (AMB-FNL-30), leave
    `coaching_points` at 0 (their budget is 5 + the SOS difference, FNL-10) and may set the
    fields below `level`; None means "derive it from the sheet" or "the level's default".
    """

    name: str
    off_points: float
    """Points scored per game."""
    def_points: float
    """Points allowed per game."""
    sos: int
    """Strength of schedule: 100..600 at high school, 0..15 at college and pro."""
    runs: int
    """Rows in each run set; the pass sets get 24 - runs."""
    coaching_points: int = 0
    """HS coaching-point budget, 4..16 (FNL-10); 0 at college and pro."""
    seed: int = 1
    """Recorded on the sheet; pass `SeededDice(seed)` to reproduce it."""
    year: int = 2025
    record: str = ""
    colors: tuple[str, ...] = ()
    level: Level = "hs"
    # -- college and pro only --------------------------------------------------------------
    play_speed: int | None = None
    """FNL-12: plays the team may slow down (+) or speed up (-) by 10 seconds. None: the
    level's pace (`PACE_PLAY_SPEED`); a hurry-up team gets less, a ball-control team more."""
    punt: int = 0
    """FNL-71: added to this team's punts."""
    punt_return_defense: int = 0
    """FNL-71: added to the opponent's punt returns (negative is good coverage)."""
    kickoff_return_defense: int = 0
    """FNL-23: added to the opponent's kickoff returns (negative is good coverage)."""
    punt_return: int = 0
    """FNL-71: added to this team's punt returns."""
    kickoff_return: int = 0
    """FNL-23: added to this team's kickoff returns."""
    yardage_modifier_run: int | None = None
    """FNL-74 (10 points): yards a coach may add or take on a run; None: about half the
    sheet's yards per run."""
    yardage_modifier_pass: int | None = None
    """None: about a quarter of the sheet's yards per completion."""
    run_bp_tfl: int | None = None
    """Faces (of 20) of the Run BP DEF table that are a TFL; the rest are fumbles."""
    pass_bp_sacks: int | None = None
    """Faces of the Pass BP DEF table that are a sack; the rest are interceptions."""
    ko_touchbacks: int | None = None
    """Pro: faces of the KO Touchback chart that are touchbacks (the kicker's leg)."""
    fair_catches: int | None = None
    """Pro: faces of the punt fair-catch chart that are fair catches (the returner)."""
    kicker: int = 0
    """Pro: moves every Field Goal Range threshold by this many faces (+ is a worse kicker)."""
    tuning: Tuning | None = None
    """Per-team corrections of the matrices (sheets built from statistics); None: none."""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("a team needs a name")
        if self.level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {self.level!r}")
        if not 1 <= self.runs <= TOTAL_ROWS - 1:
            raise ValueError(f"runs must be 1..{TOTAL_ROWS - 1} (passes need a row), "
                             f"not {self.runs}")
        lo, hi = PARAMS[self.level].sos_range
        if self.level == "hs":
            if not 4 <= self.coaching_points <= 16:
                raise ValueError(f"HS coaching points run 4..16, not {self.coaching_points}")
            if not lo <= self.sos <= hi:
                raise ValueError(f"HS strength of schedule runs {lo}..{hi}, not {self.sos}")
            if self.play_speed:
                raise ValueError("play speed is a college and pro field (FNL-12)")
        else:
            self._check_college_pro(lo, hi)
        for pts in (self.off_points, self.def_points):
            if not 0 <= pts <= 99:
                raise ValueError(f"points per game must be 0..99, not {pts}")

    def _check_college_pro(self, lo: int, hi: int) -> None:
        lvl = self.level
        if self.coaching_points:
            raise ValueError(f"{lvl} sheets print no coaching points (FNL-10: 5 + the SOS "
                             "difference); leave coaching_points at 0")
        if not lo <= self.sos <= hi:
            raise ValueError(f"{lvl} strength of schedule runs {lo}..{hi} (AMB-FNL-30), "
                             f"not {self.sos}")
        if self.play_speed is not None and not -MAX_PLAY_SPEED <= self.play_speed <= MAX_PLAY_SPEED:
            raise ValueError(f"play speed runs -{MAX_PLAY_SPEED}..{MAX_PLAY_SPEED}, "
                             f"not {self.play_speed}")
        for name in ("punt", "punt_return_defense", "kickoff_return_defense", "punt_return",
                     "kickoff_return"):
            if not -5 <= getattr(self, name) <= 5:
                raise ValueError(f"{name} is a small adjustment, -5..5, not "
                                 f"{getattr(self, name)}")
        for name in ("yardage_modifier_run", "yardage_modifier_pass"):
            v = getattr(self, name)
            if v is not None and not 1 <= v <= 6:
                raise ValueError(f"{name} runs 1..6, not {v}")
        for name in ("run_bp_tfl", "pass_bp_sacks", "ko_touchbacks", "fair_catches"):
            v = getattr(self, name)
            if v is not None and not 0 <= v <= 20:
                raise ValueError(f"{name} counts d20 faces, 0..20, not {v}")
        if lvl != "pro" and (self.ko_touchbacks is not None or self.fair_catches is not None
                             or self.kicker):
            raise ValueError("ko_touchbacks, fair_catches and kicker are pro charts")
        if not -3 <= self.kicker <= 3:
            raise ValueError(f"kicker runs -3..3, not {self.kicker}")

    @property
    def params(self) -> LevelParams:
        return PARAMS[self.level]

    @property
    def speed(self) -> int:
        """The play speed printed on the sheet (the level's pace unless given)."""
        if self.play_speed is not None:
            return self.play_speed
        return PACE_PLAY_SPEED.get(self.level, 0)

    @property
    def passes(self) -> int:
        return TOTAL_ROWS - self.runs

    @property
    def offense_strength(self) -> float:
        """Points a game above average on offense, credited for a hard schedule."""
        p = self.params
        return _clamp(self.off_points - p.average_points + self._schedule_points(),
                      p.max_strength)

    @property
    def defense_strength(self) -> float:
        """Points a game better than average on defense (fewer allowed), schedule-corrected."""
        p = self.params
        return _clamp(p.average_points - self.def_points + self._schedule_points(),
                      p.max_strength)

    def _schedule_points(self) -> float:
        p = self.params
        return (self.sos - p.average_sos) * p.sos_points_per_unit


AVERAGE_TEAM = TeamSpec(name="Average High", off_points=AVERAGE_POINTS,
                        def_points=AVERAGE_POINTS, sos=AVERAGE_SOS, runs=12,
                        coaching_points=10, seed=0, record="5-5")
"""The reference opponent for calibration."""

AVERAGE_COLLEGE = TeamSpec(name="Average State", off_points=COLLEGE_PARAMS.average_points,
                           def_points=COLLEGE_PARAMS.average_points, sos=7, runs=13, seed=0,
                           record="6-6", level="college")
"""The college reference opponent: FBS-average scoring, a 55/45 run/pass split."""

AVERAGE_PRO = TeamSpec(name="Average City", off_points=PRO_PARAMS.average_points,
                       def_points=PRO_PARAMS.average_points, sos=7, runs=11, seed=0,
                       record="8-9", level="pro")
"""The pro reference opponent: NFL-average scoring, about 41% runs once 3rd and long is passed."""

AVERAGE_TEAMS: dict[str, TeamSpec] = {"hs": AVERAGE_TEAM, "college": AVERAGE_COLLEGE,
                                      "pro": AVERAGE_PRO}

BUNDLED: tuple[TeamSpec, ...] = (
    TeamSpec(name="Riverside Rams", off_points=34.6, def_points=14.2, sos=420, runs=18,
             coaching_points=8, seed=11, record="11-2", colors=("maroon", "gold")),
    TeamSpec(name="Cedar Creek Bobcats", off_points=31.0, def_points=25.5, sos=380, runs=9,
             coaching_points=10, seed=23, record="8-3", colors=("forest green", "white")),
    TeamSpec(name="Lakeview Lancers", off_points=21.5, def_points=17.8, sos=310, runs=12,
             coaching_points=12, seed=37, record="7-4", colors=("navy", "silver")),
    TeamSpec(name="Mesa Verde Coyotes", off_points=17.2, def_points=29.4, sos=240, runs=13,
             coaching_points=14, seed=41, record="3-7", colors=("rust", "black")),
)
"""The four fictional sheets shipped in teams/legends-hs: run-heavy, pass-heavy, two balanced."""

BUNDLED_COLLEGE: tuple[TeamSpec, ...] = (
    # A power-conference heavyweight: balanced, a ferocious pass rush, a hard schedule.
    TeamSpec(name="Bayou State Gators", off_points=35.2, def_points=20.4, sos=12, runs=14,
             seed=101, record="11-2", colors=("cypress green", "gold"), level="college",
             play_speed=24, punt=1, punt_return_defense=-1, kickoff_return_defense=-1,
             punt_return=2, kickoff_return=2, pass_bp_sacks=14, run_bp_tfl=11),
    # A mid-major at the FBS average: balanced in everything.
    TeamSpec(name="Coastal Pines Mariners", off_points=28.3, def_points=27.1, sos=6, runs=12,
             seed=113, record="7-5", colors=("teal", "sand"), level="college",
             play_speed=22, punt=0, punt_return_defense=0, kickoff_return_defense=0,
             punt_return=0, kickoff_return=1),
    # A triple-option academy-style team: runs on 20 of 24, grinds the clock, rarely throws
    # an interception, little speed on defense.
    TeamSpec(name="Granite Peak Miners", off_points=23.8, def_points=30.2, sos=4, runs=20,
             seed=127, record="4-8", colors=("slate gray", "black"), level="college",
             play_speed=36, punt=-2, punt_return_defense=1, kickoff_return_defense=1,
             punt_return=-1, kickoff_return=-1, pass_bp_sacks=15, run_bp_tfl=9),
    # An air-raid team: throws on two downs of three, plays fast, and its defense leaks.
    TeamSpec(name="Prairie Tech Falcons", off_points=37.9, def_points=34.6, sos=9, runs=8,
             seed=131, record="7-6", colors=("scarlet", "black"), level="college",
             play_speed=6, punt=-1, punt_return_defense=0, kickoff_return_defense=1,
             punt_return=1, kickoff_return=0, pass_bp_sacks=12, run_bp_tfl=10),
)
"""The four fictional sheets shipped in teams/legends-college (Saturday Legends)."""

BUNDLED_PRO: tuple[TeamSpec, ...] = (
    # Middle of the league in everything.
    TeamSpec(name="Desert Sun Scorpions", off_points=22.1, def_points=23.4, sos=7, runs=11,
             seed=211, record="8-9", colors=("copper", "sand"), level="pro",
             play_speed=38, punt=0, punt_return_defense=0, kickoff_return_defense=0,
             punt_return=1, kickoff_return=0),
    # A pass-first, up-tempo contender: a quarterback who takes few sacks but gambles,
    # and a big-legged kicker.
    TeamSpec(name="Harbor City Admirals", off_points=27.4, def_points=20.3, sos=8, runs=9,
             seed=223, record="12-5", colors=("navy", "white"), level="pro",
             play_speed=33, punt=1, punt_return_defense=-1, kickoff_return_defense=-1,
             punt_return=1, kickoff_return=1, pass_bp_sacks=13, ko_touchbacks=14, kicker=-1,
             fair_catches=5),
    # A ball-control running team with a suffocating defense.
    TeamSpec(name="Iron Valley Forgers", off_points=21.0, def_points=17.2, sos=9, runs=14,
             seed=227, record="11-6", colors=("steel blue", "orange"), level="pro",
             play_speed=40, punt=2, punt_return_defense=-1, kickoff_return_defense=-1,
             punt_return=0, kickoff_return=-1, pass_bp_sacks=15, ko_touchbacks=12,
             fair_catches=7),
    # A rebuilding team: a young quarterback who holds the ball, a shaky kicker.
    TeamSpec(name="Northwoods Timberwolves", off_points=17.4, def_points=27.0, sos=6, runs=10,
             seed=229, record="4-13", colors=("pine green", "gray"), level="pro",
             play_speed=37, punt=-1, punt_return_defense=1, kickoff_return_defense=1,
             punt_return=-1, kickoff_return=2, pass_bp_sacks=15, ko_touchbacks=10, kicker=1,
             fair_catches=6),
)
"""The four fictional sheets shipped in teams/legends-pro (Pro Football Legends)."""

BUNDLED_BY_LEVEL: dict[str, tuple[TeamSpec, ...]] = {"hs": BUNDLED, "college": BUNDLED_COLLEGE,
                                                     "pro": BUNDLED_PRO}


def file_name(spec: TeamSpec) -> str:
    """The bundled file name of a sheet: its name, lower case, dashes for spaces."""
    return f"{spec.name.lower().replace(' ', '-')}.toml"


# --- generation --------------------------------------------------------------------------------


@dataclass
class _Cell:
    target: float
    noise: Noise
    low: int
    high: int
    value: int | None = None  # a special code once placed; yards after `_fill`


def generate_team(spec: TeamSpec, dice: Dice | None = None) -> str:
    """Return the TOML text of a sheet for `spec`, drawing every random choice from `dice`.

    Without `dice`, `SeededDice(spec.seed)` is used, which makes the text reproducible from the
    seed printed on the sheet.
    """
    if dice is None:
        dice = SeededDice(spec.seed)
    offense = [_offense_set(spec, si, dice) for si in range(len(OFF_SETS))]
    defense = [_defense_set(spec, di, dice) for di in range(len(DEF_SETS))]
    if spec.level == "hs":
        return _render(spec, offense, defense)
    draft = _render_cp(spec, offense, defense, None)
    team = _load(draft, spec.name)
    avg = _average_team(spec.level)
    display = _Display.of(expected_stats(team, avg), expected_stats(avg, team))
    return _render_cp(spec, offense, defense, display)


def generate_matrices(spec: TeamSpec, dice: Dice | None = None
                      ) -> tuple[list[list[list[int]]], list[list[list[int]]]]:
    """The offensive and defensive matrices of `spec` (cell codes), without a header: for
    builders that write their own header (`scrimmage.build.sheets`)."""
    if dice is None:
        dice = SeededDice(spec.seed)
    offense = [_offense_set(spec, si, dice) for si in range(len(OFF_SETS))]
    defense = [_defense_set(spec, di, dice) for di in range(len(DEF_SETS))]
    return offense, defense


def matrices_lines(offense: list[list[list[int]]], defense: list[list[list[int]]]) -> list[str]:
    """The `[offense]` and `[defense]` tables of a sheet, as TOML lines."""
    return _matrices(offense, defense)


@cache
def _average_team(level: str) -> Team:
    """The level's reference team, as a loaded sheet (its display figures left out)."""
    spec = AVERAGE_TEAMS[level]
    dice = SeededDice(spec.seed)
    offense = [_offense_set(spec, si, dice) for si in range(len(OFF_SETS))]
    defense = [_defense_set(spec, di, dice) for di in range(len(DEF_SETS))]
    text = (_render(spec, offense, defense) if level == "hs"
            else _render_cp(spec, offense, defense, None))
    return _load(text, spec.name)


def _offense_set(spec: TeamSpec, si: int, dice: Dice) -> list[list[int]]:
    p = spec.params
    card = OFF_SETS[si]
    run = si < 3
    rows = spec.runs if run else spec.passes
    strength = spec.offense_strength
    low, high = p.off_clamp[run]
    style = 0.0
    if run and p.run_style_yards and spec.runs > p.style_runs:
        style = p.run_style_yards * (spec.runs - p.style_runs) / TOTAL_ROWS
    cells: list[_Cell] = []
    bp_off_w: list[float] = []
    bp_def_w: list[float] = []
    inc_w: list[float] = []
    for r in range(rows):
        t = _row_fraction(r, rows)
        for d in range(len(DEF_SETS)):
            m = MATCHUP[si][d]
            target = (p.off_base[card] + p.off_match_yards[run] * m
                      + p.off_ramp_yards[run] * (t - 0.5) + p.off_yards_per_point[run] * strength)
            if style:
                target += style
            if spec.tuning is not None:
                target += spec.tuning.off_yards[0 if run else 1]
            cells.append(_Cell(target, p.off_noise[card], low, high))
            # FNL-93: big plays for the roller crowd the high rows; trouble crowds the low ones.
            bp_off_w.append((0.25 + 1.5 * t) * GOOD_FOR_OFFENSE[m])
            bp_def_w.append((1.75 - 1.5 * t) * GOOD_FOR_DEFENSE[m])
            # sheets.py accepts INC in a pass set only against the pass defenses (FNL-40):
            # against a run defense the pass is never simply dropped.
            inc_w.append(0.0 if d < 3 else (1.4 - 0.8 * t) * GOOD_FOR_DEFENSE[m])
    n = len(cells)
    tu = spec.tuning or NEUTRAL_TUNING
    k = 0 if run else 1
    bp_scale = _clamp_range(1 + p.bp_per_point * strength, 0.5, 1.6) * tu.off_bp_off[k]
    dz = _phase(spec, dice, f"o{si}bpo")
    _place(cells, bp_off_w, _count(p.off_bp_off_rate[run] * bp_scale * n, dz), BP_OFF, dz)
    bp_def_scale = _clamp_range(1 - p.bp_against_per_point * strength, 0.5, 1.6)
    bp_def_scale *= tu.off_bp_def[k]
    dz = _phase(spec, dice, f"o{si}bpd")
    _place(cells, bp_def_w, _count(p.off_bp_def_rate[run] * bp_def_scale * n, dz), BP_DEF, dz)
    if not run:
        inc_rate = _clamp_range(p.off_inc_rate + p.off_inc_per_point * strength, 0.08, 0.45)
        dz = _phase(spec, dice, f"o{si}inc")
        _place(cells, inc_w, _count(inc_rate * tu.off_inc * n, dz), INC, dz)
    _fill(cells, _phase(spec, dice, f"o{si}fill"), direction=1, stable=spec.tuning is not None)
    dz = _phase(spec, dice, f"o{si}rc")
    for col in range(len(DEF_SETS)):
        _recentre(cells[col::len(DEF_SETS)], dz)
    return _rows(cells, len(DEF_SETS))


def _defense_set(spec: TeamSpec, di: int, dice: Dice) -> list[list[int]]:
    p = spec.params
    strength = spec.defense_strength
    cells: list[_Cell] = []
    bp_def_w: list[float] = []
    bp_off_w: list[float] = []
    inc_w: list[float] = []
    inc_cells = 0
    for r in range(DEF_ROWS):
        t = _row_fraction(r, DEF_ROWS)
        for o in range(len(OFF_SETS)):
            run = o < 3
            m = MATCHUP[o][di]
            # Defensive cells are mostly <= 0; a good matchup for the offense (m = STRONG)
            # lets more through, and the high rows are good for the defense (FNL-93).
            target = (p.def_base[run] + p.def_match_yards[run] * m
                      - p.def_ramp_yards[run] * (t - 0.5) - p.def_yards_per_point[run] * strength)
            if spec.tuning is not None:
                target += spec.tuning.def_yards[0 if run else 1]
            low, high = p.def_clamp[run]
            cells.append(_Cell(target, p.def_noise[run], low, high))
            bp_def_w.append((0.25 + 1.5 * t) * GOOD_FOR_DEFENSE[m])
            bp_off_w.append((1.75 - 1.5 * t) * GOOD_FOR_OFFENSE[m])
            # INC fits only where a pass meets the defense (FNL-40): zero weight elsewhere.
            inc_w.append(0.0 if run else (0.7 + 0.6 * t) * GOOD_FOR_DEFENSE[m])
            inc_cells += 0 if run else 1
    n = len(cells)
    tu = spec.tuning or NEUTRAL_TUNING
    bp_scale = _clamp_range(1 + p.bp_per_point * strength, 0.5, 1.6)
    bp_off_scale = _clamp_range(1 - p.bp_against_per_point * strength, 0.5, 1.6)
    if p.def_bp_by_column:
        # College and pro: run and pass columns have their own BP rates (FNL-44).
        width = len(OFF_SETS)
        for run in (True, False):
            k = 0 if run else 1
            keep = [(i % width < 3) == run for i in range(n)]
            kind_n = sum(keep)
            dz = _phase(spec, dice, f"d{di}bpd{k}")
            _place(cells, _only(bp_def_w, keep),
                   _count(p.def_bp_def_rate[run] * bp_scale * tu.def_bp_def[k] * kind_n, dz),
                   BP_DEF, dz)
            dz = _phase(spec, dice, f"d{di}bpo{k}")
            _place(cells, _only(bp_off_w, keep),
                   _count(p.def_bp_off_rate[run] * bp_off_scale * tu.def_bp_off[k] * kind_n,
                          dz), BP_OFF, dz)
    else:
        _place(cells, bp_def_w, _count(p.def_bp_def_rate[True] * bp_scale * n, dice), BP_DEF,
               dice)
        _place(cells, bp_off_w, _count(p.def_bp_off_rate[True] * bp_off_scale * n, dice),
               BP_OFF, dice)
    inc_rate = _clamp_range(p.def_inc_rate + p.def_inc_per_point * strength, 0.08, 0.3)
    dz = _phase(spec, dice, f"d{di}inc")
    _place(cells, inc_w, _count(inc_rate * tu.def_inc * inc_cells, dz), INC, dz)
    _fill(cells, _phase(spec, dice, f"d{di}fill"), direction=-1, stable=spec.tuning is not None)
    dz = _phase(spec, dice, f"d{di}rc")
    for col in range(len(OFF_SETS)):
        _recentre(cells[col::len(OFF_SETS)], dz)
    return _rows(cells, len(OFF_SETS))


def _only(weights: list[float], keep: list[bool]) -> list[float]:
    return [w if k else 0.0 for w, k in zip(weights, keep, strict=True)]


def _row_fraction(r: int, rows: int) -> float:
    """0.0 for the first row of a set, 1.0 for the last (0.5 for a one-row set)."""
    return r / (rows - 1) if rows > 1 else 0.5


def _count(expected: float, dice: Dice) -> int:
    """`expected` rounded up or down by a die, so the fraction is kept on average."""
    whole = int(expected)
    frac_per_mille = round((expected - whole) * 1000)
    return whole + (1 if dice.roll(1000) <= frac_per_mille else 0)


def _place(cells: list[_Cell], weights: list[float], count: int, code: int, dice: Dice) -> None:
    """Put `code` into `count` empty cells, drawn without replacement in proportion to weight."""
    w = [round(x * 1000) if c.value is None else 0 for c, x in zip(cells, weights, strict=True)]
    for _ in range(count):
        total = sum(w)
        if total <= 0:
            return
        roll = dice.roll(total)
        acc = 0
        for i, x in enumerate(w):
            acc += x
            if roll <= acc:
                cells[i].value = code
                w[i] = 0
                break


def _fill(cells: list[_Cell], dice: Dice, direction: int, stable: bool = False) -> None:
    """Give every cell still empty its target plus dice noise; the tail points `direction`.

    `stable` (tuned sheets): every cell draws its noise, placed or not, so moving a special
    result from one cell to another leaves the noise of all other cells as it was."""
    for c in cells:
        if c.value is not None and not stable:
            continue
        nz = c.noise
        tri = dice.roll(nz.spread + 1) + dice.roll(nz.spread + 1) - nz.spread - 2
        tail = 0
        if dice.roll(100) <= round(nz.tail_chance * 100):
            tail = direction * dice.roll(nz.tail)
        if c.value is None:
            c.value = min(c.high, max(c.low, round(c.target) + tri + tail))


def _phase(spec: TeamSpec, dice: Dice, tag: str) -> Dice:
    """The dice of one step of one set. Fictional sheets draw everything from one stream (as
    they always have); tuned sheets give each step its own stream, so that moving one lever
    (say, one more INC cell) does not reshuffle the rest of the sheet: the calibration then
    sees smooth responses."""
    if spec.tuning is None:
        return dice
    digest = hashlib.blake2b(f"{spec.seed}:{tag}".encode(), digest_size=8).digest()
    return SeededDice(int.from_bytes(digest, "big") >> 1)


def _recentre(column: list[_Cell], dice: Dice) -> None:
    """Nudge yard cells one at a time until the column totals the sum of its targets.

    This throws away the noise's effect on the mean (the tails are not centred), so the
    averages of a sheet follow from the design constants and not from the seed.
    """
    numeric = [c for c in column if c.value is not None and c.value not in (INC, BP_OFF, BP_DEF)]
    if not numeric:
        return
    diff = round(sum(c.target for c in numeric)) - sum(_yards(c) for c in numeric)
    while diff != 0:
        step = 1 if diff > 0 else -1
        movable = [c for c in numeric if c.low <= _yards(c) + step <= c.high]
        if not movable:
            return
        c = movable[dice.roll(len(movable)) - 1]
        c.value = _yards(c) + step
        diff -= step


def _yards(c: _Cell) -> int:
    assert c.value is not None
    return c.value


def _rows(cells: list[_Cell], width: int) -> list[list[int]]:
    return [[_yards(c) for c in cells[i:i + width]] for i in range(0, len(cells), width)]


def _clamp(x: float, limit: float) -> float:
    return _clamp_range(x, -limit, limit)


def _clamp_range(x: float, low: float, high: float) -> float:
    return min(high, max(low, x))


# --- college and pro charts --------------------------------------------------------------------


def _split(first: int, first_word: str, second_word: str) -> dict[str, str]:
    """A d20 chart: rolls 1..first say `first_word`, the rest `second_word`."""
    out: dict[str, str] = {}
    if first >= 1:
        out["1" if first == 1 else f"1-{first}"] = first_word
    if first <= 19:
        out["20" if first == 19 else f"{first + 1}-20"] = second_word
    return out


def _fg_bands(kicker: int) -> list[tuple[int, int]]:
    """The pro Field Goal Range bands, every threshold moved by `kicker` faces."""
    return [(longest, min(21, max(2, good + kicker))) for longest, good in PRO_FG_BANDS]


@dataclass(frozen=True)
class _Display:
    """The yards per run and per completion printed on a college/pro sheet (FNL-3)."""

    run: float
    completion: float
    def_run: float
    def_completion: float

    @classmethod
    def of(cls, off: PlayStats, dfn: PlayStats) -> _Display:
        return cls(off.yards_per_carry, off.yards_per_completion, dfn.yards_per_carry,
                   dfn.yards_per_completion)


# --- rendering ---------------------------------------------------------------------------------


def _render(spec: TeamSpec, offense: list[list[list[int]]],
            defense: list[list[list[int]]]) -> str:
    inputs = (f"off_points {spec.off_points:g}, def_points {spec.def_points:g}, sos {spec.sos}, "
              f"runs {spec.runs}, coaching_points {spec.coaching_points}")
    stamp = f"scrimmage legends generator v{GENERATOR_VERSION}, seed {spec.seed}, {inputs}"
    out = [
        f"# {spec.name}: a FICTIONAL high-school team for Football Legends (Friday Night Legends).",
        "# Generated by scrimmage's team-sheet generator (scrimmage.rules.legends.generator);",
        "# not an official Football Legends sheet and not based on any real school.",
        f"# Inputs: seed {spec.seed}, {inputs}.",
        "",
        "[team]",
        f"name = {_q(spec.name)}",
        f"year = {spec.year}",
        f"record = {_q(spec.record)}",
        'level = "hs"',
        "official = false",
        f"off_points = {spec.off_points:.1f}",
        f"def_points = {spec.def_points:.1f}",
        f"sos = {spec.sos}",
        f"runs = {spec.runs}",
        f"passes = {spec.passes}",
        f"coaching_points = {spec.coaching_points}",
        f"def_rows = {DEF_ROWS}",
        f"colors = [{', '.join(_q(c) for c in spec.colors)}]",
        f"generator = {_q(stamp)}",
        "",
    ]
    return "\n".join(out + _matrices(offense, defense)) + "\n"


def _matrices(offense: list[list[list[int]]], defense: list[list[list[int]]]) -> list[str]:
    out = ["[offense]", f"# columns: {' '.join(DEF_SETS)}   (the defensive card played)"]
    for name, rows in zip(OFF_SETS, offense, strict=True):
        out += _set_lines(name, rows)
    out += ["", "[defense]",
            f"# columns: {' '.join(OFF_SETS)}   (the offensive card played)"]
    for name, rows in zip(DEF_SETS, defense, strict=True):
        out += _set_lines(name, rows)
    return out


def _cp_inputs(spec: TeamSpec) -> str:
    parts = [f"off_points {spec.off_points:g}", f"def_points {spec.def_points:g}",
             f"sos {spec.sos}", f"runs {spec.runs}", f"play_speed {spec.speed}",
             f"special teams {spec.punt}/{spec.punt_return_defense}/"
             f"{spec.kickoff_return_defense}/{spec.punt_return}/{spec.kickoff_return}"]
    optional = [("yardage_modifier_run", spec.yardage_modifier_run),
                ("yardage_modifier_pass", spec.yardage_modifier_pass),
                ("run_bp_tfl", spec.run_bp_tfl), ("pass_bp_sacks", spec.pass_bp_sacks),
                ("ko_touchbacks", spec.ko_touchbacks), ("fair_catches", spec.fair_catches)]
    parts += [f"{k} {v}" for k, v in optional if v is not None]
    if spec.kicker:
        parts.append(f"kicker {spec.kicker:+d}")
    return ", ".join(parts)


def _render_cp(spec: TeamSpec, offense: list[list[list[int]]],
               defense: list[list[list[int]]], display: _Display | None) -> str:
    """A college or pro sheet: the high-school header plus the FNL-3 [C/P] fields."""
    p = spec.params
    lvl = spec.level
    inputs = _cp_inputs(spec)
    stamp = f"scrimmage legends generator v{GENERATOR_VERSION}, seed {spec.seed}, {inputs}"
    article = "an" if p.noun[0] in "aeiou" else "a"
    out = [
        f"# {spec.name}: {article} FICTIONAL {p.noun} team for Football Legends ({p.game}).",
        "# Generated by scrimmage's team-sheet generator (scrimmage.rules.legends.generator);",
        "# not an official Football Legends sheet and not based on any real "
        + ("school." if lvl == "college" else "club."),
        f"# Inputs: seed {spec.seed}, {inputs}.",
        "",
        "[team]",
        f"name = {_q(spec.name)}",
        f"year = {spec.year}",
        f"record = {_q(spec.record)}",
        f"level = {_q(lvl)}",
        "official = false",
        f"off_points = {spec.off_points:.1f}",
        f"def_points = {spec.def_points:.1f}",
        f"sos = {spec.sos}",
        f"runs = {spec.runs}",
        f"passes = {spec.passes}",
        f"def_rows = {DEF_ROWS}",
        f"colors = [{', '.join(_q(c) for c in spec.colors)}]",
        f"generator = {_q(stamp)}",
        "# FNL-3 [C/P]: coaching-point yardage modifiers, play speed (+ slow down, - speed up),",
        "# special-teams adjustments (punt, punt return defense and kickoff return defense on",
        "# the offensive side; punt return and kickoff return on the defensive side).",
    ]
    if display is not None:
        ymr = spec.yardage_modifier_run
        ymp = spec.yardage_modifier_pass
        if ymr is None:
            ymr = int(_clamp_range(round(display.run / 2), 1, 4))
        if ymp is None:
            ymp = int(_clamp_range(round(display.completion / 4), 1, 4))
        out += [f"yardage_modifier_run = {ymr}", f"yardage_modifier_pass = {ymp}"]
    out += [
        f"play_speed = {spec.speed}",
        f"punt = {spec.punt}",
        f"punt_return_defense = {spec.punt_return_defense}",
        f"kickoff_return_defense = {spec.kickoff_return_defense}",
        f"punt_return = {spec.punt_return}",
        f"kickoff_return = {spec.kickoff_return}",
    ]
    if display is not None:
        out += [
            "# Display only: yards per run and per completion against the level's average team.",
            f"yards_per_run = {display.run:.1f}",
            f"yards_per_completion = {display.completion:.1f}",
            f"def_yards_per_run = {display.def_run:.1f}",
            f"def_yards_per_completion = {display.def_completion:.1f}",
        ]
    tfl = spec.run_bp_tfl if spec.run_bp_tfl is not None else DEFAULT_RUN_BP_TFL[lvl]
    sacks = spec.pass_bp_sacks if spec.pass_bp_sacks is not None else DEFAULT_PASS_BP_SACKS[lvl]
    out += ["", "# FNL-44: Run BP DEF, read when a BP-DEF on this sheet is a big play (d20 11-20)."
            + (" At pro a" if lvl == "pro" else ""),
            *(["# run big play is always a fumble; the table is printed all the same."]
              if lvl == "pro" else []),
            "[team.run_bp_def]", *_chart_lines(_split(tfl, "TFL", "FUM")),
            "", "# FNL-44: Pass BP DEF.",
            "[team.pass_bp_def]", *_chart_lines(_split(sacks, "SACK", "INT"))]
    if lvl == "pro":
        tb = spec.ko_touchbacks if spec.ko_touchbacks is not None else DEFAULT_KO_TOUCHBACKS
        fc = spec.fair_catches if spec.fair_catches is not None else DEFAULT_FAIR_CATCHES
        out += ["", "# FNL-18 (defensive side): this team's kickoffs, touchback or return.",
                "[team.ko_touchback]", *_chart_lines(_split(tb, "touchback", "return")),
                "", "# FNL-69 (offensive side): read when this team receives a punt.",
                "[team.punt_fair_catch]", *_chart_lines(_split(fc, "fair_catch", "return")),
                "", "# FNL-63 [PRO] (offensive side): a kick of up to `max` yards is good on a d20",
                "# of `good_from` or more; a roll in `blocked` is blocked (FNL-73).",
                "[team.field_goal_range]", "blocked = [1]", "bands = ["]
        out += [f"  {{ max = {longest}, good_from = {good} }},"
                for longest, good in _fg_bands(spec.kicker)]
        out.append("]")
    out.append("")
    return "\n".join(out + _matrices(offense, defense)) + "\n"


def _chart_lines(chart: dict[str, str]) -> list[str]:
    return [f"{_q(k)} = {_q(v)}" for k, v in chart.items()]


def _set_lines(name: str, rows: list[list[int]]) -> list[str]:
    lines = ["", f"{name} = ["]
    for i, row in enumerate(rows, start=1):
        cells = " ".join(f"{cell_text(v):>6}" for v in row)
        lines.append(f'  "{cells}",  # {i}')
    lines.append("]")
    return lines


def _q(s: str) -> str:
    # A JSON string is also a valid TOML basic string.
    return json.dumps(s, ensure_ascii=False)


# --- calibration -------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayStats:
    """Exact expectations of one offense against one defense with uniform random calls."""

    yards_per_carry: float
    run_loss_rate: float
    completion_rate: float
    yards_per_completion: float
    yards_per_pass_play: float
    bp_off_rate: float
    bp_def_rate: float
    """Share of snaps on which a BP-DEF cell decides the play (at college and pro half of
    these are no big play, FNL-44)."""
    sacks_tfl_per_game: float
    turnovers_per_game: float
    sacks_per_game: float = 0.0
    interceptions_per_game: float = 0.0
    fumbles_lost_per_game: float = 0.0


def expected_stats(offense: Team, defense: Team) -> PlayStats:
    """Enumerate every offensive row x defensive card x defensive row, all equally likely.

    BP-OFF counts the level's average gain. At high school BP-DEF counts `BP_DEF_YARDS`, 55%
    of them a sack or TFL and 45% a turnover; at college and pro (FNL-44) half the BP-DEF cells
    are no big play (a 0-yard run, an incompletion) and the other half are read on the Run or
    Pass BP DEF table of the sheet the cell is on (at pro a run is then always a fumble).
    When both cells are big plays the offense's cell is taken (an assumption: the rules engine
    decides the real order). Per-game figures assume the level's snaps per game, run with
    chance runs/24. The level is the offense's.
    """
    p = PARAMS[offense.header.level]
    run = _side_stats(offense, defense, range(3))
    pas = _side_stats(offense, defense, range(3, 6))
    run_share = offense.runs / TOTAL_ROWS
    if not p.team_bp_def:
        sack_share = 1 - BP_DEF_TURNOVER_SHARE
        run_yards = run.yards + BP_DEF_YARDS * run.bp_def
        pass_yards = pas.yards + BP_DEF_YARDS * pas.bp_def
        completions = pas.bp_off + pas.complete
        sacks_pp = sack_share * pas.bp_def  # per pass play, in the tally's weights
        ints_pp = BP_DEF_TURNOVER_SHARE * pas.bp_def
        tfl_pp = run.loss + sack_share * run.bp_def
        fum_lost_pp = 0.5 * BP_DEF_TURNOVER_SHARE * run.bp_def
    else:
        off_tfl = _share(offense.run_bp_def, "TFL")
        def_tfl = _share(defense.run_bp_def, "TFL")
        if p.pro_run_fumble:
            off_tfl = def_tfl = 0.0
        tfl_big = 0.5 * (off_tfl * run.bp_def_off + def_tfl * run.bp_def_def)
        fum_big = 0.5 * run.bp_def - tfl_big
        sacks_pp = 0.5 * (_share(offense.pass_bp_def, "SACK") * pas.bp_def_off
                          + _share(defense.pass_bp_def, "SACK") * pas.bp_def_def)
        ints_pp = 0.5 * pas.bp_def - sacks_pp
        run_yards = run.yards + p.tfl_yards * tfl_big
        pass_yards = pas.yards + p.sack_yards * sacks_pp
        completions = pas.bp_off + pas.complete
        tfl_pp = run.loss + tfl_big
        fum_lost_pp = 0.5 * fum_big  # the defense recovers on 11-20 (FNL-45)
    attempts = pas.plays - sacks_pp  # sacks are not pass attempts
    bp_off = run_share * run.bp_off / run.plays + (1 - run_share) * pas.bp_off / pas.plays
    bp_def = run_share * run.bp_def / run.plays + (1 - run_share) * pas.bp_def / pas.plays
    tfl = run_share * tfl_pp / run.plays
    sacks = (1 - run_share) * sacks_pp / pas.plays
    ints = (1 - run_share) * ints_pp / pas.plays
    fumbles_lost = run_share * fum_lost_pp / run.plays
    games = p.plays_per_game
    # High school: every BP-DEF turnover counts (the 45% share); C/P: the lost ones.
    turnovers = games * (ints + fumbles_lost if p.team_bp_def else BP_DEF_TURNOVER_SHARE * bp_def)
    return PlayStats(
        yards_per_carry=run_yards / run.plays,
        run_loss_rate=run.loss / run.plays,
        completion_rate=completions / attempts,
        yards_per_completion=(p.bp_off_yards * pas.bp_off + pas.complete_yards) / completions,
        yards_per_pass_play=pass_yards / pas.plays,
        bp_off_rate=bp_off,
        bp_def_rate=bp_def,
        sacks_tfl_per_game=games * (tfl + sacks),
        turnovers_per_game=turnovers,
        sacks_per_game=games * sacks,
        interceptions_per_game=games * ints,
        fumbles_lost_per_game=games * fumbles_lost,
    )


def _share(chart: tuple[str, ...] | None, word: str) -> float:
    """Share of the d20 faces of a BP DEF table that say `word` (None: the level default)."""
    if chart is None:
        return 0.65 if word == "TFL" else 0.7
    return sum(1 for v in chart[1:] if v == word) / 20


@dataclass
class _Tally:
    plays: float = 0.0
    yards: float = 0.0
    bp_off: float = 0.0
    bp_def: float = 0.0
    bp_def_off: float = 0.0  # BP-DEF read on the offense's sheet
    bp_def_def: float = 0.0  # BP-DEF read on the defense's sheet
    loss: float = 0.0
    complete: float = 0.0
    complete_yards: float = 0.0
    bp_off_yards: float = BP_OFF_YARDS


def _side_stats(offense: Team, defense: Team, sets: range) -> _Tally:
    p = PARAMS[offense.header.level]
    tally = _Tally(bp_off_yards=p.bp_off_yards)
    for si in sets:
        rows = offense.offense[si]
        # Each set is called equally often and each of its rows equally often.
        weight = 1.0 / (len(sets) * len(rows) * len(DEF_SETS) * len(defense.defense[0]))
        for row in rows:
            for d, off_cell in enumerate(row):
                w = weight
                if p.def_read != 0.5:
                    # The defense plays a card of the offense's kind with chance def_read.
                    w *= 2 * (p.def_read if (d < 3) == (si < 3) else 1 - p.def_read)
                for def_row in defense.defense[d]:
                    _tally(tally, off_cell, def_row[si], si < 3, w)
    return tally


def _tally(t: _Tally, o: int, d: int, run: bool, w: float) -> None:
    """One combination. A BP-DEF adds no yards here: `expected_stats` prices it by level."""
    t.plays += w
    first = o if o in (BP_OFF, BP_DEF) else d
    if first == BP_OFF:
        t.bp_off += w
        t.yards += w * t.bp_off_yards
    elif first == BP_DEF:
        t.bp_def += w
        if o == BP_DEF:
            t.bp_def_off += w
        else:
            t.bp_def_def += w
    elif o == INC or d == INC:
        pass  # incomplete: no gain
    elif run:
        t.yards += w * (o + d)
        t.loss += w if o + d < 0 else 0.0
    elif o + d >= 0:
        t.complete += w
        t.complete_yards += w * (o + d)
        t.yards += w * (o + d)


# --- command line ------------------------------------------------------------------------------


def _format_stats(label: str, s: PlayStats) -> str:
    return (f"{label}: {s.yards_per_carry:.2f} yds/carry ({s.run_loss_rate:.0%} for a loss), "
            f"{s.completion_rate:.1%} completions, {s.yards_per_completion:.1f} yds/completion, "
            f"{s.yards_per_pass_play:.2f} yds/pass play, BP-OFF {s.bp_off_rate:.1%}, "
            f"BP-DEF {s.bp_def_rate:.1%}, sacks+TFL {s.sacks_tfl_per_game:.1f}/game, "
            f"sacks {s.sacks_per_game:.1f}, interceptions {s.interceptions_per_game:.2f}, "
            f"turnovers {s.turnovers_per_game:.2f}/game")


def _load(text: str, source: str) -> Team:
    return team_from_data(tomllib.loads(text), source)


def write_bundled(level: str, folder: Path | None = None) -> list[Path]:
    """(Re)write a level's bundled sheets; returns the paths written."""
    out = bundled_dir(level) if folder is None else folder
    out.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for spec in BUNDLED_BY_LEVEL[level]:
        path = out / file_name(spec)
        path.write_text(generate_team(spec), encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m scrimmage.rules.legends.generator",
        description="Generate a fictional Football Legends team sheet (TOML): high school, "
                    "college or pro.")
    p.add_argument("--name", help="team name")
    p.add_argument("--level", choices=LEVELS, default="hs",
                   help="hs, college or pro (default %(default)s)")
    p.add_argument("--off-points", type=float, default=None,
                   help="points scored per game (default: the level's average)")
    p.add_argument("--def-points", type=float, default=None,
                   help="points allowed per game (default: the level's average)")
    p.add_argument("--sos", type=int, default=None,
                   help="strength of schedule: 100..600 at hs, 0..15 at college/pro "
                        "(default: the middle)")
    p.add_argument("--runs", type=int, default=12,
                   help="rows per run set; passes get 24 - runs (default %(default)s)")
    p.add_argument("--coaching-points", type=int, default=None,
                   help="hs only, 4..16 (default 10)")
    p.add_argument("--year", type=int, default=2025)
    p.add_argument("--record", default="")
    p.add_argument("--colors", nargs="*", default=[])
    p.add_argument("--seed", type=int, default=1)
    cp = p.add_argument_group("college and pro")
    cp.add_argument("--play-speed", type=int, default=None,
                    help="plays to slow down (+) or speed up (-), FNL-12 (default: the "
                         "level's pace, college +22, pro +37)")
    cp.add_argument("--special-teams", type=int, nargs=5, default=[0, 0, 0, 0, 0],
                    metavar=("PUNT", "PR_DEF", "KR_DEF", "PR", "KR"),
                    help="punt, punt return defense, kickoff return defense, punt return, "
                         "kickoff return adjustments")
    cp.add_argument("--yardage-modifier", type=int, nargs=2, metavar=("RUN", "PASS"),
                    help="coaching-point yardage modifiers (default: from the sheet)")
    cp.add_argument("--run-bp-tfl", type=int, help="TFL faces of the Run BP DEF table")
    cp.add_argument("--pass-bp-sacks", type=int, help="SACK faces of the Pass BP DEF table")
    cp.add_argument("--ko-touchbacks", type=int, help="pro: touchback faces of the KO chart")
    cp.add_argument("--fair-catches", type=int, help="pro: fair-catch faces of the punt chart")
    cp.add_argument("--kicker", type=int, default=0,
                    help="pro: move the Field Goal Range thresholds (+ worse, - better)")
    p.add_argument("-o", "--out", type=Path, help="write here instead of standard output")
    p.add_argument("--bundled", type=Path, metavar="DIR", nargs="?", const=BUNDLED_DIR,
                   help="(re)write the bundled high-school sheets into DIR (default: the "
                        "package's)")
    p.add_argument("--bundled-level", choices=(*LEVELS, "all"),
                   help="(re)write the package's bundled sheets of a level (or all levels)")
    p.add_argument("--stats", type=Path, nargs="+", metavar="FILE",
                   help="print the calibration of FILE's offense against the second FILE's "
                        "defense (default: the level's average reference team)")
    args = p.parse_args(argv)

    if args.stats:
        off = team_from_data(read_team_file(args.stats[0]), str(args.stats[0]))
        if len(args.stats) > 1:
            dfn = team_from_data(read_team_file(args.stats[1]), str(args.stats[1]))
        else:
            dfn = _average_team(off.header.level)
        print(_format_stats(f"{off.name} vs {dfn.name}", expected_stats(off, dfn)))
        return 0
    if args.bundled is not None:
        args.bundled.mkdir(parents=True, exist_ok=True)
        for spec in BUNDLED:
            path = args.bundled / file_name(spec)
            path.write_text(generate_team(spec), encoding="utf-8")
            print(path)
        return 0
    if args.bundled_level is not None:
        for level in LEVELS if args.bundled_level == "all" else (args.bundled_level,):
            for path in write_bundled(level):
                print(path)
        return 0
    if not args.name:
        p.error("--name is required (or use --bundled / --bundled-level / --stats)")
    lp = PARAMS[args.level]
    hs = args.level == "hs"
    cp_args: dict[str, object] = {}
    if not hs:
        st = args.special_teams
        cp_args = dict(play_speed=args.play_speed, punt=st[0], punt_return_defense=st[1],
                       kickoff_return_defense=st[2], punt_return=st[3], kickoff_return=st[4],
                       run_bp_tfl=args.run_bp_tfl, pass_bp_sacks=args.pass_bp_sacks,
                       ko_touchbacks=args.ko_touchbacks, fair_catches=args.fair_catches,
                       kicker=args.kicker)
        if args.yardage_modifier:
            cp_args.update(yardage_modifier_run=args.yardage_modifier[0],
                           yardage_modifier_pass=args.yardage_modifier[1])
    try:
        spec = TeamSpec(
            name=args.name,
            off_points=lp.average_points if args.off_points is None else args.off_points,
            def_points=lp.average_points if args.def_points is None else args.def_points,
            sos=round(lp.average_sos) if args.sos is None else args.sos,
            runs=args.runs,
            coaching_points=(10 if hs else 0) if args.coaching_points is None
            else args.coaching_points,
            seed=args.seed, year=args.year, record=args.record, colors=tuple(args.colors),
            level=args.level, **cp_args)  # type: ignore[arg-type]
    except ValueError as exc:
        p.error(str(exc))
    text = generate_team(spec, SeededDice(spec.seed))
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
