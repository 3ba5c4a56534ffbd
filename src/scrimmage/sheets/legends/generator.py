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
only where the sheet format (`rules.legends.sheets`) allows it (FNL-40): in a pass set, against
the three pass defenses; in a defensive set, in the three pass columns.

The remaining cells get their target mean plus integer noise from the dice (a triangular
spread with an occasional long tail for the boom-or-bust plays). Each column of a set is then
re-centred: single yards are added to or taken from random cells until the column's total
equals the sum of its targets. The dice give a sheet its texture; the targets alone decide
its averages, so two sheets with the same inputs play alike whatever the seed. At college
and pro the tail is centred (`Noise.centred`: the core sits below the target by the tail's
expected yards) and long, so a game's runs and completions are skewed like real ones (most
gain a little, a few a lot); `team_specs.SHAPE_*` says how that was fitted. There each half
of a column is recentred on its own, so the high rows keep their edge over the low rows
(FNL-93) whatever a few long tails did; `expectations.fnl93_problems` checks a sheet.

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
The constants (now in `team_specs.py`) were tuned with `expected_stats` (`expectations.py`),
which enumerates every combination of
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

Run ``python -m scrimmage.sheets.legends.generator --stats FILE`` to see the numbers of a sheet.

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
from functools import cache
from pathlib import Path

from scrimmage.core.dice import Dice, SeededDice
from scrimmage.rules.legends.cards import BP_DEF, BP_OFF, DEF_SETS, INC, OFF_SETS, cell_text
from scrimmage.rules.legends.sheets import Team, read_team_file, team_from_data
from scrimmage.sheets.legends.cells import (
    Cell,
    count_cells,
    fill,
    only,
    phase,
    place,
    recentre_column,
    row_fraction,
    rows_of,
)
from scrimmage.sheets.legends.expectations import (
    PlayStats as PlayStats,
)
from scrimmage.sheets.legends.expectations import (
    expected_stats as expected_stats,
)
from scrimmage.sheets.legends.team_specs import (
    AVERAGE_COLLEGE as AVERAGE_COLLEGE,
)
from scrimmage.sheets.legends.team_specs import (
    AVERAGE_PRO as AVERAGE_PRO,
)
from scrimmage.sheets.legends.team_specs import (
    AVERAGE_TEAM as AVERAGE_TEAM,
)
from scrimmage.sheets.legends.team_specs import (
    AVERAGE_TEAMS as AVERAGE_TEAMS,
)
from scrimmage.sheets.legends.team_specs import (
    BUNDLED as BUNDLED,
)
from scrimmage.sheets.legends.team_specs import (
    BUNDLED_BY_LEVEL as BUNDLED_BY_LEVEL,
)
from scrimmage.sheets.legends.team_specs import (
    BUNDLED_COLLEGE as BUNDLED_COLLEGE,
)
from scrimmage.sheets.legends.team_specs import (
    BUNDLED_DIR as BUNDLED_DIR,
)
from scrimmage.sheets.legends.team_specs import (
    BUNDLED_PRO as BUNDLED_PRO,
)
from scrimmage.sheets.legends.team_specs import (
    DEF_ROWS as DEF_ROWS,
)
from scrimmage.sheets.legends.team_specs import (
    DEFAULT_FAIR_CATCHES as DEFAULT_FAIR_CATCHES,
)
from scrimmage.sheets.legends.team_specs import (
    DEFAULT_KO_TOUCHBACKS as DEFAULT_KO_TOUCHBACKS,
)
from scrimmage.sheets.legends.team_specs import (
    DEFAULT_PASS_BP_SACKS as DEFAULT_PASS_BP_SACKS,
)
from scrimmage.sheets.legends.team_specs import (
    DEFAULT_RUN_BP_TFL as DEFAULT_RUN_BP_TFL,
)
from scrimmage.sheets.legends.team_specs import (
    GENERATOR_VERSION as GENERATOR_VERSION,
)
from scrimmage.sheets.legends.team_specs import (
    GOOD_FOR_DEFENSE as GOOD_FOR_DEFENSE,
)
from scrimmage.sheets.legends.team_specs import (
    GOOD_FOR_OFFENSE as GOOD_FOR_OFFENSE,
)
from scrimmage.sheets.legends.team_specs import (
    LEVELS as LEVELS,
)
from scrimmage.sheets.legends.team_specs import (
    MATCHUP as MATCHUP,
)
from scrimmage.sheets.legends.team_specs import (
    NEUTRAL_TUNING as NEUTRAL_TUNING,
)
from scrimmage.sheets.legends.team_specs import (
    PACE_PLAY_SPEED as PACE_PLAY_SPEED,
)
from scrimmage.sheets.legends.team_specs import (
    PARAMS as PARAMS,
)
from scrimmage.sheets.legends.team_specs import (
    PRO_FG_BANDS as PRO_FG_BANDS,
)
from scrimmage.sheets.legends.team_specs import (
    TOTAL_ROWS as TOTAL_ROWS,
)
from scrimmage.sheets.legends.team_specs import (
    Noise as Noise,
)
from scrimmage.sheets.legends.team_specs import (
    TeamSpec as TeamSpec,
)
from scrimmage.sheets.legends.team_specs import (
    Tuning as Tuning,
)
from scrimmage.sheets.legends.team_specs import (
    _clamp_range as _clamp_range,
)
from scrimmage.sheets.legends.team_specs import (
    bundled_dir as bundled_dir,
)
from scrimmage.sheets.legends.team_specs import (
    file_name as file_name,
)

# --- generation --------------------------------------------------------------------------------


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
    builders that write their own header (`scrimmage.sheets.real.legends`)."""
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
    cells: list[Cell] = []
    bp_off_w: list[float] = []
    bp_def_w: list[float] = []
    inc_w: list[float] = []
    for r in range(rows):
        t = row_fraction(r, rows)
        for d in range(len(DEF_SETS)):
            m = MATCHUP[si][d]
            target = (p.off_base[card] + p.off_match_yards[run] * m
                      + p.off_ramp_yards[run] * (t - 0.5) + p.off_yards_per_point[run] * strength)
            if style:
                target += style
            if spec.tuning is not None:
                target += spec.tuning.off_yards[0 if run else 1]
            cells.append(Cell(target, p.off_noise[card], low, high))
            # FNL-93: big plays for the roller crowd the high rows; trouble crowds the low ones.
            bp_off_w.append((0.25 + 1.5 * t) * GOOD_FOR_OFFENSE[m])
            bp_def_w.append((1.75 - 1.5 * t) * GOOD_FOR_DEFENSE[m])
            # rules.legends.sheets accepts INC in a pass set only against the pass defenses (FNL-40):
            # against a run defense the pass is never simply dropped.
            inc_w.append(0.0 if d < 3 else (1.4 - 0.8 * t) * GOOD_FOR_DEFENSE[m])
    n = len(cells)
    tu = spec.tuning or NEUTRAL_TUNING
    k = 0 if run else 1
    bp_scale = _clamp_range(1 + p.bp_per_point * strength, 0.5, 1.6) * tu.off_bp_off[k]
    dz = phase(spec, dice, f"o{si}bpo")
    place(cells, bp_off_w, count_cells(p.off_bp_off_rate[run] * bp_scale * n, dz), BP_OFF, dz)
    bp_def_scale = _clamp_range(1 - p.bp_against_per_point * strength, 0.5, 1.6)
    bp_def_scale *= tu.off_bp_def[k]
    dz = phase(spec, dice, f"o{si}bpd")
    place(cells, bp_def_w, count_cells(p.off_bp_def_rate[run] * bp_def_scale * n, dz), BP_DEF, dz)
    if not run:
        inc_rate = _clamp_range(p.off_inc_rate + p.off_inc_per_point * strength, 0.08, 0.45)
        dz = phase(spec, dice, f"o{si}inc")
        place(cells, inc_w, count_cells(inc_rate * tu.off_inc * n, dz), INC, dz)
    fill(cells, phase(spec, dice, f"o{si}fill"), direction=1, stable=spec.tuning is not None)
    dz = phase(spec, dice, f"o{si}rc")
    for col in range(len(DEF_SETS)):
        recentre_column(cells[col::len(DEF_SETS)], dz)
    return rows_of(cells, len(DEF_SETS))


def _defense_set(spec: TeamSpec, di: int, dice: Dice) -> list[list[int]]:
    p = spec.params
    strength = spec.defense_strength
    cells: list[Cell] = []
    bp_def_w: list[float] = []
    bp_off_w: list[float] = []
    inc_w: list[float] = []
    inc_cells = 0
    for r in range(DEF_ROWS):
        t = row_fraction(r, DEF_ROWS)
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
            cells.append(Cell(target, p.def_noise[run], low, high))
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
            dz = phase(spec, dice, f"d{di}bpd{k}")
            place(cells, only(bp_def_w, keep),
                   count_cells(p.def_bp_def_rate[run] * bp_scale * tu.def_bp_def[k] * kind_n, dz),
                   BP_DEF, dz)
            dz = phase(spec, dice, f"d{di}bpo{k}")
            place(cells, only(bp_off_w, keep),
                   count_cells(p.def_bp_off_rate[run] * bp_off_scale * tu.def_bp_off[k] * kind_n,
                          dz), BP_OFF, dz)
    else:
        place(cells, bp_def_w, count_cells(p.def_bp_def_rate[True] * bp_scale * n, dice), BP_DEF,
               dice)
        place(cells, bp_off_w, count_cells(p.def_bp_off_rate[True] * bp_off_scale * n, dice),
               BP_OFF, dice)
    inc_rate = _clamp_range(p.def_inc_rate + p.def_inc_per_point * strength, 0.08, 0.3)
    dz = phase(spec, dice, f"d{di}inc")
    place(cells, inc_w, count_cells(inc_rate * tu.def_inc * inc_cells, dz), INC, dz)
    fill(cells, phase(spec, dice, f"d{di}fill"), direction=-1, stable=spec.tuning is not None)
    dz = phase(spec, dice, f"d{di}rc")
    for col in range(len(OFF_SETS)):
        recentre_column(cells[col::len(OFF_SETS)], dz)
    return rows_of(cells, len(OFF_SETS))


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
        "# Generated by scrimmage's team-sheet generator (scrimmage.sheets.legends.generator);",
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
        "# Generated by scrimmage's team-sheet generator (scrimmage.sheets.legends.generator);",
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
        prog="python -m scrimmage.sheets.legends.generator",
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
