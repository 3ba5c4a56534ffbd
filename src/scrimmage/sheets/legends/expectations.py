"""Exact per-play expectations of one Football Legends sheet against another: every
combination of offensive row, defensive card and defensive row with uniform calls. The
generator and the builder calibrate sheets with these figures (no simulation needed)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from scrimmage.rules.legends.cards import BP_DEF, BP_OFF, DEF_SETS, INC, OFF_SETS
from scrimmage.rules.legends.sheets import (
    GUARD_RESULTS,
    Team,
    big_play_chance,
    guard_threshold,
)
from scrimmage.sheets.legends.team_specs import (
    BP_DEF_TURNOVER_SHARE,
    BP_DEF_YARDS,
    BP_OFF_YARDS,
    MATCHUP,
    PARAMS,
    TOTAL_ROWS,
    WEAK,
)

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
    pass_bp_def_own: float = 0.0
    """Share of pass plays decided by a BP-DEF on the offense's own sheet."""
    pass_bp_def_opp: float = 0.0
    """... and by one on the defense's sheet."""


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
    pct = offense.header.run_call_pct
    run_share = offense.runs / TOTAL_ROWS if pct is None else pct / 100
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
        off_tfl = table_share(offense.run_bp_def, "TFL")
        def_tfl = table_share(defense.run_bp_def, "TFL")
        if p.pro_run_fumble:
            off_tfl = def_tfl = 0.0
        # A result is a big play above the two teams' guard (replay ratings, rules/legends/sheets.py;
        # the book's is 10: half of them).
        hit = _guard_hits(offense, defense)
        tfl_big = hit["TFL"] * (off_tfl * run.bp_def_off + def_tfl * run.bp_def_def)
        fum_big = hit["FUM"] * ((1 - off_tfl) * run.bp_def_off
                                + (1 - def_tfl) * run.bp_def_def)
        off_sack = table_share(offense.pass_bp_def, "SACK")
        def_sack = table_share(defense.pass_bp_def, "SACK")
        sacks_pp = hit["SACK"] * (off_sack * pas.bp_def_off + def_sack * pas.bp_def_def)
        ints_pp = hit["INT"] * ((1 - off_sack) * pas.bp_def_off
                                + (1 - def_sack) * pas.bp_def_def)
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
        pass_bp_def_own=pas.bp_def_off / pas.plays,
        pass_bp_def_opp=pas.bp_def_def / pas.plays,
    )


def _guard_hits(offense: Team, defense: Team) -> dict[str, float]:
    """Chance that a BP-DEF of this matchup is a big play, by result (replay ratings)."""
    return {w: big_play_chance(guard_threshold(offense.header, defense.header, w))
            for w in GUARD_RESULTS}


def table_share(chart: tuple[str, ...] | None, word: str) -> float:
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


# --- the design of FNL-93 -----------------------------------------------------------------------

MIN_YARD_CELLS: Final = 5
"""Columns with fewer yard cells than this are left out of the FNL-93 check: in a set of
three or four rows one long gain decides the average."""


def _yards(cells: list[int]) -> float | None:
    ys = [c for c in cells if c not in (BP_OFF, BP_DEF, INC)]
    return sum(ys) / len(ys) if len(ys) >= MIN_YARD_CELLS else None


def _column(rows: tuple[tuple[int, ...], ...], c: int) -> float | None:
    return _yards([r[c] for r in rows])


def _half_gap(rows: tuple[tuple[int, ...], ...]) -> float:
    """Average yards of a set's high half less its low half (0 if too few yard cells)."""
    half = len(rows) // 2
    low = _yards([c for r in rows[:half] for c in r])
    high = _yards([c for r in rows[len(rows) - half:] for c in r])
    return 0.0 if low is None or high is None else high - low


def fnl93_problems(team: Team) -> list[str]:
    """Where a sheet's yard cells break the design FNL-93 describes, as sentences (none for
    a sound sheet). Like is compared with like: in an offensive set, the column of the
    defense the card is weak against must average fewer yards than every other column; in a
    defensive set, the column of the play it stops must give up fewer yards than the other
    columns of the same kind (runs with runs, passes with passes: a builder moves a team's
    run and pass yards separately); and over the sets of each side the high rows must be
    better for their owner than the low rows. The special results follow the same design
    through where the generator places them, which only many sheets can show."""
    out: list[str] = []
    for si, rows in enumerate(team.offense):
        weak = next(d for d, m in enumerate(MATCHUP[si]) if m == WEAK)
        w = _column(rows, weak)
        for d in range(len(DEF_SETS)):
            o = _column(rows, d)
            if d != weak and w is not None and o is not None and w >= o:
                out.append(f"offense {OFF_SETS[si]}: {w:.1f} yards against {DEF_SETS[weak]} "
                           f"(weak), {o:.1f} against {DEF_SETS[d]}")
    for di, rows in enumerate(team.defense):
        for kind in (range(3), range(3, len(OFF_SETS))):
            stops = [o for o in kind if MATCHUP[o][di] == WEAK]
            w = _column(rows, stops[0]) if stops else None
            for o in kind:
                other = _column(rows, o)
                if stops and o != stops[0] and w is not None and other is not None \
                        and w >= other:
                    out.append(f"defense {DEF_SETS[di]}: gives up {w:.1f} to "
                               f"{OFF_SETS[stops[0]]} (the play it stops), {other:.1f} to "
                               f"{OFF_SETS[o]}")
    off_gap = sum(_half_gap(rows) for rows in team.offense)
    if off_gap <= 0:
        out.append(f"offense: high rows {off_gap:+.1f} yards a set against the low rows")
    def_gap = sum(_half_gap(rows) for rows in team.defense)
    if def_gap >= 0:
        out.append(f"defense: high rows give up {def_gap:+.1f} yards a set more than low rows")
    return out
