"""Replay ratings of a built sheet: the project's house rules that let a sheet reproduce a
real team's run/pass mix, penalties and turnovers (the fields are described in
`scrimmage.rules.legends.sheets.TeamHeader`; docs/design-notes.md says why they exist).

Formulas (version `RATINGS_VERSION`):

* Run call share (`run_call_pct`, computer coaches): starts at 100 x the real share of runs
  among snaps x `RUN_CALLS_PER_SHARE` (the coach passes on 3rd and 10 or more and in the
  last minutes, and sacks count as snaps) and is then moved by simulation (`sheets.py`).
* Penalty number (`penalty_number`, fouls per 400 penalty rolls): the league-average sheet
  gets the number that makes its simulated penalties a game equal the league's (measured,
  `sheets.py`); a team gets that number x its penalties a game / the league's, rounded,
  0..40. A season without penalty counts writes no number (the book's rate).
* BP DEF guards (`bp_def_guard`, offense and defense): the book reads a BP-DEF as a big play
  on 11-20 of a d20 whatever the teams, so sacks, interceptions and fumbles add up from the
  two sheets, and half of the league's rate reaches every team whatever its own sheet says.
  Under the house rule the no-big-play range is 1 to (offense's guard + defense's guard -
  10) for the result the table shows. A guard starts at 20 - 10 x (the team's rate / the
  league's), rounded, 0..19 (rates: sacks per drop back, interceptions per attempt, fumbles
  lost per run, for the offense; the same allowed, for the defense; TFL keeps the book's
  10, the tables keep no tackles for loss). The calibration then solves each guard against
  the league-average sheet, whose guards are the book's 10: a rate is the guard's chance
  times what the cells and tables give, so one step sets it (`sheets._guard_step`); when a
  chance would leave 0.25..0.9 the side's BP-DEF cell count moves instead.
"""

from __future__ import annotations

from scrimmage.build.calibrate import Figures
from scrimmage.build.header import clamp, round_half_up
from scrimmage.rules.legends.sheets import BOOK_GUARD

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


def guard(rate: float, league_rate: float) -> int:
    if league_rate <= 0:
        return BOOK_GUARD
    return int(clamp(round_half_up(20 - BOOK_GUARD * rate / league_rate), 0, 19))


def bp_def_guards(team: Figures, league: Figures) -> dict[str, int]:
    return {"SACK": guard(team.sack_rate, league.sack_rate),
            "INT": guard(team.int_rate, league.int_rate),
            "TFL": BOOK_GUARD,
            "FUM": guard(team.fum_per_run, league.fum_per_run)}
