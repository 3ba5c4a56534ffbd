"""Generate fictional Friday Night Legends (high-school) team sheets.

The printed Football Legends sheets are made from real teams' statistics. We have no such data
for fictional schools, so this module builds a sheet from a handful of numbers (points scored
and allowed per game, strength of schedule, the run/pass split) and a source of dice.

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
* a strength shift: points per game above or below a high-school average, corrected for the
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

Calibration
-----------
The constants below were tuned with `expected_stats`, which enumerates every combination of
offensive row, defensive card and defensive row with uniform play calls. An average team
(24 points for and against, schedule 350) against itself gives about 5 yards a carry, a
55% completion rate, 12-13 yards a completion and about 1.5-2 turnovers a game, in line with
high-school football. Run ``python -m scrimmage.rules.legends.generator --stats FILE`` to see
the numbers of a sheet.

All chance comes from the `Dice` handed in, so the same spec and seed always give the same
text. Generated sheets say ``official = false`` and name their inputs in a comment header.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from scrimmage.core.dice import Dice, SeededDice
from scrimmage.rules.legends.cards import BP_DEF, BP_OFF, DEF_SETS, INC, OFF_SETS, cell_text
from scrimmage.rules.legends.sheets import Team, read_team_file, team_from_data

GENERATOR_VERSION = 1
TOTAL_ROWS = 24
"""runs + passes: the solitaire caller rolls a d24 and runs when the roll is <= runs (FNL-4)."""
DEF_ROWS = 12
"""Rows per defensive set (AMB-FNL-11: the defense rolls a d12)."""

BUNDLED_DIR = Path(__file__).resolve().parents[2] / "teams" / "legends-hs"

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

# --- offensive matrix ------------------------------------------------------------------------


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

# --- defensive matrix ------------------------------------------------------------------------

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

# --- resolution assumptions for calibration -------------------------------------------------

BP_OFF_YARDS = 18.0
"""Average BP-OFF gain at high school (about 5 + d20, capped by the goal line)."""
BP_DEF_YARDS = -4.0
"""Average BP-DEF yardage at high school: 55% sack/TFL for about -7, 45% turnover for 0."""
BP_DEF_TURNOVER_SHARE = 0.45
PLAYS_PER_GAME = 60
"""Offensive snaps per team in a high-school game, for the per-game figures."""


@dataclass(frozen=True)
class TeamSpec:
    """The inputs of one generated sheet."""

    name: str
    off_points: float
    """Points scored per game."""
    def_points: float
    """Points allowed per game."""
    sos: int
    """Strength of schedule, 100..600."""
    runs: int
    """Rows in each run set; the pass sets get 24 - runs."""
    coaching_points: int
    """HS coaching-point budget, 4..16 (FNL-10)."""
    seed: int
    """Recorded on the sheet; pass `SeededDice(seed)` to reproduce it."""
    year: int = 2025
    record: str = ""
    colors: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("a team needs a name")
        if not 1 <= self.runs <= TOTAL_ROWS - 1:
            raise ValueError(f"runs must be 1..{TOTAL_ROWS - 1} (passes need a row), "
                             f"not {self.runs}")
        if not 4 <= self.coaching_points <= 16:
            raise ValueError(f"HS coaching points run 4..16, not {self.coaching_points}")
        if not 100 <= self.sos <= 600:
            raise ValueError(f"HS strength of schedule runs 100..600, not {self.sos}")
        for pts in (self.off_points, self.def_points):
            if not 0 <= pts <= 99:
                raise ValueError(f"points per game must be 0..99, not {pts}")

    @property
    def passes(self) -> int:
        return TOTAL_ROWS - self.runs

    @property
    def offense_strength(self) -> float:
        """Points a game above average on offense, credited for a hard schedule."""
        return _clamp(self.off_points - AVERAGE_POINTS + self._schedule_points(), MAX_STRENGTH)

    @property
    def defense_strength(self) -> float:
        """Points a game better than average on defense (fewer allowed), schedule-corrected."""
        return _clamp(AVERAGE_POINTS - self.def_points + self._schedule_points(), MAX_STRENGTH)

    def _schedule_points(self) -> float:
        return (self.sos - AVERAGE_SOS) * SOS_POINTS_PER_UNIT


AVERAGE_TEAM = TeamSpec(name="Average High", off_points=AVERAGE_POINTS,
                        def_points=AVERAGE_POINTS, sos=AVERAGE_SOS, runs=12,
                        coaching_points=10, seed=0, record="5-5")
"""The reference opponent for calibration."""

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
    return _render(spec, offense, defense)


def _offense_set(spec: TeamSpec, si: int, dice: Dice) -> list[list[int]]:
    card = OFF_SETS[si]
    run = si < 3
    rows = spec.runs if run else spec.passes
    strength = spec.offense_strength
    low, high = OFF_CLAMP[run]
    cells: list[_Cell] = []
    bp_off_w: list[float] = []
    bp_def_w: list[float] = []
    inc_w: list[float] = []
    for r in range(rows):
        t = _row_fraction(r, rows)
        for d in range(len(DEF_SETS)):
            m = MATCHUP[si][d]
            target = (OFF_BASE[card] + OFF_MATCH_YARDS[run] * m
                      + OFF_RAMP_YARDS[run] * (t - 0.5) + OFF_YARDS_PER_POINT[run] * strength)
            cells.append(_Cell(target, OFF_NOISE[card], low, high))
            # FNL-93: big plays for the roller crowd the high rows; trouble crowds the low ones.
            bp_off_w.append((0.25 + 1.5 * t) * GOOD_FOR_OFFENSE[m])
            bp_def_w.append((1.75 - 1.5 * t) * GOOD_FOR_DEFENSE[m])
            # sheets.py accepts INC in a pass set only against the pass defenses (FNL-40):
            # against a run defense the pass is never simply dropped.
            inc_w.append(0.0 if d < 3 else (1.4 - 0.8 * t) * GOOD_FOR_DEFENSE[m])
    n = len(cells)
    bp_scale = _clamp_range(1 + 0.03 * strength, 0.5, 1.6)
    _place(cells, bp_off_w, _count(OFF_BP_OFF_RATE * bp_scale * n, dice), BP_OFF, dice)
    bp_def_scale = _clamp_range(1 - 0.02 * strength, 0.5, 1.6)
    _place(cells, bp_def_w, _count(OFF_BP_DEF_RATE * bp_def_scale * n, dice), BP_DEF, dice)
    if not run:
        inc_rate = _clamp_range(OFF_INC_RATE + OFF_INC_PER_POINT * strength, 0.12, 0.45)
        _place(cells, inc_w, _count(inc_rate * n, dice), INC, dice)
    _fill(cells, dice, direction=1)
    for col in range(len(DEF_SETS)):
        _recentre(cells[col::len(DEF_SETS)], dice)
    return _rows(cells, len(DEF_SETS))


def _defense_set(spec: TeamSpec, di: int, dice: Dice) -> list[list[int]]:
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
            target = (DEF_BASE[run] + DEF_MATCH_YARDS[run] * m
                      - DEF_RAMP_YARDS[run] * (t - 0.5) - DEF_YARDS_PER_POINT[run] * strength)
            low, high = DEF_CLAMP[run]
            cells.append(_Cell(target, DEF_NOISE[run], low, high))
            bp_def_w.append((0.25 + 1.5 * t) * GOOD_FOR_DEFENSE[m])
            bp_off_w.append((1.75 - 1.5 * t) * GOOD_FOR_OFFENSE[m])
            # INC fits only where a pass meets the defense (FNL-40): zero weight elsewhere.
            inc_w.append(0.0 if run else (0.7 + 0.6 * t) * GOOD_FOR_DEFENSE[m])
            inc_cells += 0 if run else 1
    n = len(cells)
    bp_scale = _clamp_range(1 + 0.03 * strength, 0.5, 1.6)
    _place(cells, bp_def_w, _count(DEF_BP_DEF_RATE * bp_scale * n, dice), BP_DEF, dice)
    bp_off_scale = _clamp_range(1 - 0.02 * strength, 0.5, 1.6)
    _place(cells, bp_off_w, _count(DEF_BP_OFF_RATE * bp_off_scale * n, dice), BP_OFF, dice)
    inc_rate = _clamp_range(DEF_INC_RATE + DEF_INC_PER_POINT * strength, 0.08, 0.3)
    _place(cells, inc_w, _count(inc_rate * inc_cells, dice), INC, dice)
    _fill(cells, dice, direction=-1)
    for col in range(len(OFF_SETS)):
        _recentre(cells[col::len(OFF_SETS)], dice)
    return _rows(cells, len(OFF_SETS))


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


def _fill(cells: list[_Cell], dice: Dice, direction: int) -> None:
    """Give every cell still empty its target plus dice noise; the tail points `direction`."""
    for c in cells:
        if c.value is not None:
            continue
        nz = c.noise
        tri = dice.roll(nz.spread + 1) + dice.roll(nz.spread + 1) - nz.spread - 2
        tail = 0
        if dice.roll(100) <= round(nz.tail_chance * 100):
            tail = direction * dice.roll(nz.tail)
        c.value = min(c.high, max(c.low, round(c.target) + tri + tail))


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
        "[offense]",
        f"# columns: {' '.join(DEF_SETS)}   (the defensive card played)",
    ]
    for name, rows in zip(OFF_SETS, offense, strict=True):
        out += _set_lines(name, rows)
    out += ["", "[defense]",
            f"# columns: {' '.join(OFF_SETS)}   (the offensive card played)"]
    for name, rows in zip(DEF_SETS, defense, strict=True):
        out += _set_lines(name, rows)
    return "\n".join(out) + "\n"


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
    sacks_tfl_per_game: float
    turnovers_per_game: float


def expected_stats(offense: Team, defense: Team) -> PlayStats:
    """Enumerate every offensive row x defensive card x defensive row, all equally likely.

    BP-OFF counts `BP_OFF_YARDS`, BP-DEF `BP_DEF_YARDS`; when both cells are big plays the
    offense's cell is taken (an assumption: the rules engine decides the real order).
    Per-game figures assume `PLAYS_PER_GAME` snaps, run with chance runs/24.
    """
    run = _side_stats(offense, defense, range(3))
    pas = _side_stats(offense, defense, range(3, 6))
    run_share = offense.runs / TOTAL_ROWS
    sack_share = 1 - BP_DEF_TURNOVER_SHARE
    completions = pas.bp_off + pas.complete
    attempts = pas.plays - sack_share * pas.bp_def  # sacks are not pass attempts
    bp_off = run_share * run.bp_off / run.plays + (1 - run_share) * pas.bp_off / pas.plays
    bp_def = run_share * run.bp_def / run.plays + (1 - run_share) * pas.bp_def / pas.plays
    tfl = run_share * (run.loss + sack_share * run.bp_def) / run.plays
    sacks = (1 - run_share) * sack_share * pas.bp_def / pas.plays
    return PlayStats(
        yards_per_carry=run.yards / run.plays,
        run_loss_rate=run.loss / run.plays,
        completion_rate=completions / attempts,
        yards_per_completion=(BP_OFF_YARDS * pas.bp_off + pas.complete_yards) / completions,
        yards_per_pass_play=pas.yards / pas.plays,
        bp_off_rate=bp_off,
        bp_def_rate=bp_def,
        sacks_tfl_per_game=PLAYS_PER_GAME * (tfl + sacks),
        turnovers_per_game=PLAYS_PER_GAME * BP_DEF_TURNOVER_SHARE * bp_def,
    )


@dataclass
class _Tally:
    plays: float = 0.0
    yards: float = 0.0
    bp_off: float = 0.0
    bp_def: float = 0.0
    loss: float = 0.0
    complete: float = 0.0
    complete_yards: float = 0.0


def _side_stats(offense: Team, defense: Team, sets: range) -> _Tally:
    tally = _Tally()
    for si in sets:
        rows = offense.offense[si]
        # Each set is called equally often and each of its rows equally often.
        weight = 1.0 / (len(sets) * len(rows) * len(DEF_SETS) * len(defense.defense[0]))
        for row in rows:
            for d, off_cell in enumerate(row):
                for def_row in defense.defense[d]:
                    _tally(tally, off_cell, def_row[si], si < 3, weight)
    return tally


def _tally(t: _Tally, o: int, d: int, run: bool, w: float) -> None:
    t.plays += w
    first = o if o in (BP_OFF, BP_DEF) else d
    if first == BP_OFF:
        t.bp_off += w
        t.yards += w * BP_OFF_YARDS
    elif first == BP_DEF:
        t.bp_def += w
        t.yards += w * BP_DEF_YARDS
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
            f"turnovers {s.turnovers_per_game:.2f}/game")


def _load(text: str, source: str) -> Team:
    return team_from_data(tomllib.loads(text), source)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m scrimmage.rules.legends.generator",
        description="Generate a fictional Football Legends high-school team sheet (TOML).")
    p.add_argument("--name", help="team name")
    p.add_argument("--off-points", type=float, default=AVERAGE_POINTS,
                   help="points scored per game (default %(default)s)")
    p.add_argument("--def-points", type=float, default=AVERAGE_POINTS,
                   help="points allowed per game (default %(default)s)")
    p.add_argument("--sos", type=int, default=AVERAGE_SOS,
                   help="strength of schedule, 100..600 (default %(default)s)")
    p.add_argument("--runs", type=int, default=12,
                   help="rows per run set; passes get 24 - runs (default %(default)s)")
    p.add_argument("--coaching-points", type=int, default=10, help="4..16 (default %(default)s)")
    p.add_argument("--year", type=int, default=2025)
    p.add_argument("--record", default="")
    p.add_argument("--colors", nargs="*", default=[])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("-o", "--out", type=Path, help="write here instead of standard output")
    p.add_argument("--bundled", type=Path, metavar="DIR", nargs="?", const=BUNDLED_DIR,
                   help="(re)write the bundled sheets into DIR (default: the package's)")
    p.add_argument("--stats", type=Path, nargs="+", metavar="FILE",
                   help="print the calibration of FILE's offense against the second FILE's "
                        "defense (default: the average reference team)")
    args = p.parse_args(argv)

    if args.stats:
        off = team_from_data(read_team_file(args.stats[0]), str(args.stats[0]))
        if len(args.stats) > 1:
            dfn = team_from_data(read_team_file(args.stats[1]), str(args.stats[1]))
        else:
            dfn = _load(generate_team(AVERAGE_TEAM), "average")
        print(_format_stats(f"{off.name} vs {dfn.name}", expected_stats(off, dfn)))
        return 0
    if args.bundled is not None:
        args.bundled.mkdir(parents=True, exist_ok=True)
        for spec in BUNDLED:
            path = args.bundled / f"{spec.name.lower().replace(' ', '-')}.toml"
            path.write_text(generate_team(spec), encoding="utf-8")
            print(path)
        return 0
    if not args.name:
        p.error("--name is required (or use --bundled / --stats)")
    try:
        spec = TeamSpec(name=args.name, off_points=args.off_points, def_points=args.def_points,
                        sos=args.sos, runs=args.runs, coaching_points=args.coaching_points,
                        seed=args.seed, year=args.year, record=args.record,
                        colors=tuple(args.colors))
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
