"""Build college and pro Football Legends team sheets from real season statistics.

`build_sheet(row, league)` turns one row of the team-season table (Pro-Football-Reference for
the NFL, Sports-Reference for FBS 2016; `scrimmage.sheets.real.stats`) into the TOML text of a
legends-pro or legends-college sheet; `build_league_average(league)` builds the season's
average team, the opponent every sheet is calibrated against. The same inputs always give the
same text.

How a sheet is made
-------------------
1. Header (`scrimmage.sheets.real.header`, every formula documented there): SOS, yardage
   modifiers, special-teams adjustments, the Run/Pass BP DEF tables, and at pro the KO
   touchback, punt fair-catch and Field Goal Range charts. `off_points`/`def_points` are the
   real points scored and allowed a game.
2. Replay ratings (`scrimmage.sheets.real.ratings`): the computer coaches' share of run calls
   (corrected by simulation; Runs per set, FNL-4, is its nearest 24th), the penalty number
   (stepped by the team's own simulated fouls, FNL-13's play-speed fouls counted), the BP DEF
   guards and the red-zone numbers (fitted by simulation to the real points).
3. Play speed (FNL-12): each point slows one play by 10 s, on either side of the ball, so the
   snaps of a game fall by about `SNAPS_PER_SPEED` per point. The league-average sheet gets
   the speed that gives the league's snaps a team; a team's sheet the speed that gives the
   team's own snaps in its games against the average team (the split between the two
   offenses follows from the lengths of their drives, which no header field sets), kept
   within what its coach can spend on time (`_quota_capped`, FNL-13). The sheet field runs
   -90..90 (rules/legends/sheets.py).
4. Matrices (`scrimmage.sheets.real.calibrate`): the generator's strength model plus a `Tuning`
   solved so that, against the league-average sheet, the exact per-play expectations give
   the team's yards a carry, completion rate and gross yards an attempt, on offense and
   (against the average offense) on defense; sacks, interceptions and fumbles lost are set
   by the BP DEF guards of both sides (replay ratings), solved in the same rounds. The
   league-average sheet's simulation measures what the expectations leave out (SPECIAL
   results, coaching points, penalties, 3rd-and-long calls) and every team's targets are
   scaled by it; for yards a carry, completion rate, yards an attempt, fumbles lost,
   interceptions and sacks the team's own simulated games (all rounds but the last, pooled)
   then replace that league bias with its own (fumbles and sacks as a number a play,
   `rounds.OWN_ADDITIVE`). The last round only moves header numbers (the
   red-zone numbers on the table's own effect, the play speed, and the run-call share where
   Runs stays the same): the matrices it played are the ones that ship. That last step reads
   the rounds from `POOL_FROM` on, each taken to the last round's settings (`pooled`), or
   with `LONG_ROUND_GAMES` the last round alone (`last_pool_from`).

Speed (issue 18: a sheet in seconds)
------------------------------------
The simulated games are nearly all of the time (about 75 games a second on one core). The
league-average calibration (3 x 500 games) is read from `average_store` (shipped for the
seasons of the bundled table, else computed once and kept in the user's cache). A team plays
`TEAM_ROUND_GAMES` (500 games; the first builder played 2300), on a neutral site
(`NEUTRAL_CALIBRATION`): every round counts, the
earlier ones taken to the later settings by measured effects (`pooled_bias` for the
yardage bias and the red-zone numbers, `ratings.YARDS_EFFECT`; `pooled` for the last
step), where the first builder threw a round away whenever a setting had moved. `workers`
processes share each round's games (`sim_games`; the same text whatever their number);
`build_season` builds a whole season, the workers sharing the teams.

Speed against points: the last step sets the points, and the points of a few hundred games
scatter by a couple of percent (a game's points vary by about 10). On NFL 2016, 500 games
left the points for and against 3.2% and 2.9% (MAPE) from the real ones, 1500 games 1.9-2.1%,
2300 games 1.8-1.9% (the first builder's 2300: 1.6-1.7%; benchmarks/results/fidelity.md).
`games` gives the extra games to the last round (`round_games`); from 3200 the second round
gets 1150 of them too (`LONG_ROUND_GAMES`), which brings the yardage closer as well, provided
the last step then reads the last round alone. The bundled sheets play `BUNDLE_GAMES`.

Many sheets at once (a season's, the bundled real teams) are `scrimmage.sheets.real.bundle`'s.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from scrimmage.core.dice import SeededDice
from scrimmage.core.errors import ScrimmageError
from scrimmage.rules.legends.sheets import (
    RED_ZONE_MAX,
    Team,
    TeamHeader,
    team_from_data,
)
from scrimmage.sheets.legends.generator import (
    PARAMS,
    TOTAL_ROWS,
    TeamSpec,
    Tuning,
    expected_stats,
    generate_matrices,
    matrices_lines,
)
from scrimmage.sheets.real.calibrate import Figures, defense_figures, offense_figures
from scrimmage.sheets.real.header import (
    FORMULAS_VERSION,
    SPECIAL_SACK_RATE,
    Header,
    build_header,
    clamp,
    round_half_up,
)
from scrimmage.sheets.real.legends_levers import (
    METRICS,
    error,
    guard_step,
    metrics,
    sim_figures,
    step_side,
    targets,
)
from scrimmage.sheets.real.ratings import (
    BOOK_PENALTY_NUMBER,
    average_effect,
    average_red_zone,
    bp_def_guards,
    moved_run_call_pct,
    next_penalty_number,
    next_red_zone,
    other_points_effect,
    penalty_number,
    run_call_pct,
)
from scrimmage.sheets.real.rounds import (
    ADDITIVE,
    POOL_FROM,
    SNAPS_PER_SPEED,
    Measured,
    Seen,
    debias,
    own_debias,
    pooled,
    pooled_bias,
)
from scrimmage.sheets.real.sim_games import simulate
from scrimmage.sheets.real.stats import StatsError, TeamSeason, league_average

BUILDER_VERSION = 3
"""3: sacks debiased by the team's own games, the penalty number stepped by them, the play
speed kept within reach of FNL-13, neutral-site calibration games (issue 38)."""
PACE = {"college": 22, "pro": 37}
"""Play speed of a league-average team before simulation (generator.PACE_PLAY_SPEED)."""
MAX_SPEED = next((int(m.le) for m in TeamHeader.model_fields["play_speed"].metadata
                  if getattr(m, "le", None) is not None), 40)
"""The sheet's play-speed limit (rules/legends/sheets.py); the real pace of a slow team may need more."""
SOURCE = {"pro": "Pro-Football-Reference.com", "college": "Sports-Reference.com (CFB)"}
AVG_GAMES = 500
AVG_ROUNDS = 3
TEAM_ROUND_GAMES = (100, 250, 150)
LONG_ROUND_GAMES = (100, 1150, 1950)
"""The rounds from `sum(LONG_ROUND_GAMES)` games a team: the yardage rounds get 1250 games and
the last, which sets the points, the rest, reading its own games alone (`last_pool_from`)."""
BUNDLE_GAMES = {"pro": 3200, "college": 3200}
"""Calibration games a team of the bundled sheets plays, by level (`bundle.py`): the rounds
of `LONG_ROUND_GAMES`. The points of a sheet are set by the last step, whose games leave them
a few percent out at 500 (benchmarks/results/fidelity.md), the yardage by the rounds before
it; at 3200 both come close to the first builder's 2300 (the whole bundle, 228 sheets, takes
about 45 minutes on two cores)."""
ANALYTIC_ROUNDS = 8
NEUTRAL_CALIBRATION = True
"""A team's calibration games are played on a neutral site (no home coaching-point bonus,
FNL-10). A real season's figures are half home and half away games, and a replay plays the
sheet on both; the first builders played the team at home every game, so its two extra
coaching points a game (spent, among other things, on ignoring its own fouls) were in the
figures it was fitted to: calibrated on its own games, 1985 New Orleans drew 5.80 penalties
a game at home at number 19 and 6.67 on a neutral site at 20. The league-average sheet,
which plays itself and takes both sides' figures, keeps its calibration."""


@dataclass
class Plan:
    """Everything a sheet is rendered from."""

    name: str
    level: str
    year: int
    record: str
    off_points: float
    def_points: float
    header: Header
    runs: int
    play_speed: int
    seed: int
    tuning: Tuning = field(default_factory=Tuning)
    notes: list[str] = field(default_factory=list)
    run_call_pct: float = 50.0
    penalty_number: int | None = None
    penalty_scale: float = float(BOOK_PENALTY_NUMBER)
    """The unrounded penalty number of the league-average sheet (teams scale it)."""
    guards: dict[str, dict[str, int]] | None = None
    """BP DEF guards, {"offense": {...}, "defense": {...}} (replay ratings)."""
    red_zone: tuple[int, int] | None = None
    """Red-zone numbers, offense and defense (replay ratings)."""

    def spec(self) -> TeamSpec:
        p = PARAMS[self.level]
        lo, hi = p.sos_range
        return TeamSpec(name=self.name, off_points=clamp(self.off_points, 0, 99),
                        def_points=clamp(self.def_points, 0, 99),
                        sos=int(clamp(self.header.sos, lo, hi)), runs=self.runs,
                        seed=self.seed, year=self.year, record=self.record,
                        level=self.level,  # type: ignore[arg-type]
                        play_speed=self.play_speed, tuning=self.tuning)


def _q(s: str) -> str:
    import json

    return json.dumps(s, ensure_ascii=False)


def _split(first: int, a: str, b: str) -> list[str]:
    out: list[str] = []
    if first >= 1:
        out.append(f'"{"1" if first == 1 else f"1-{first}"}" = "{a}"')
    if first <= 19:
        out.append(f'"{"20" if first == 19 else f"{first + 1}-20"}" = "{b}"')
    return out


def render(plan: Plan, display: tuple[float, float, float, float] | None = None) -> str:
    """The TOML text of a plan (display: yards per run / completion, offense and defense)."""
    h = plan.header
    tu = plan.tuning
    spec = plan.spec()
    offense, defense = generate_matrices(spec, SeededDice(plan.seed))
    src = SOURCE[plan.level]
    stamp = f"scrimmage build v{BUILDER_VERSION}, formulas v{FORMULAS_VERSION}, seed {plan.seed}"
    game = "Pro Football Legends" if plan.level == "pro" else "Saturday Legends"
    out = [
        f"# {plan.name}: a {plan.level} team sheet for Football Legends ({game}), built from",
        f"# the real season's statistics ({src} via the project's team_seasons table).",
        f"# scrimmage build v{BUILDER_VERSION}, formulas v{FORMULAS_VERSION}; not an official sheet.",
        "# Header formulas (scrimmage.sheets.real.header): SOS = 7.5 + PFR/SR strength of schedule;",
        "# yardage modifiers = yards a carry / 2 and yards a completion / 4; special teams =",
        "# team minus league average returns and punts, shrunk by n/(n+20); charts from",
        "# touchback, return and field-goal rates by band; runs and play speed from the run",
        "# share and snaps a game; matrices calibrated against the season's league average.",
        *[f"# {n}" for n in plan.notes],
        f"# Tuning: off yards {tu.off_yards[0]:+.2f}/{tu.off_yards[1]:+.2f}, "
        f"BP-OFF x{tu.off_bp_off[0]:.2f}/{tu.off_bp_off[1]:.2f}, "
        f"BP-DEF x{tu.off_bp_def[0]:.2f}/{tu.off_bp_def[1]:.2f}, INC x{tu.off_inc:.2f}; "
        f"def yards {tu.def_yards[0]:+.2f}/{tu.def_yards[1]:+.2f}, "
        f"BP-DEF x{tu.def_bp_def[0]:.2f}/{tu.def_bp_def[1]:.2f}, "
        f"BP-OFF x{tu.def_bp_off[0]:.2f}/{tu.def_bp_off[1]:.2f}, INC x{tu.def_inc:.2f}.",
        "",
        "[team]",
        f"name = {_q(plan.name)}",
        f"year = {plan.year}",
        f"record = {_q(plan.record)}",
        f"level = {_q(plan.level)}",
        "official = false",
        f"off_points = {clamp(plan.off_points, 0, 99):.1f}",
        f"def_points = {clamp(plan.def_points, 0, 99):.1f}",
        f"sos = {h.sos}",
        f"runs = {plan.runs}",
        f"passes = {TOTAL_ROWS - plan.runs}",
        "def_rows = 12",
        "colors = []",
        f"generator = {_q(stamp)}",
        f"yardage_modifier_run = {h.yardage_modifier_run}",
        f"yardage_modifier_pass = {h.yardage_modifier_pass}",
        f"play_speed = {plan.play_speed}",
        f"punt = {h.punt}",
        f"punt_return_defense = {h.punt_return_defense}",
        f"kickoff_return_defense = {h.kickoff_return_defense}",
        f"punt_return = {h.punt_return}",
        f"kickoff_return = {h.kickoff_return}",
        "# Replay ratings (house rules, scrimmage.sheets.real.ratings): computer coaches' run calls,",
        "# fouls per 400 penalty rolls (book 20), BP DEF guards (book 10).",
        f"run_call_pct = {plan.run_call_pct:.1f}",
    ]
    if plan.penalty_number is not None:
        out.append(f"penalty_number = {plan.penalty_number}")
    if display is not None:
        out += ["# Display only: yards per run and per completion against the league average.",
                f"yards_per_run = {display[0]:.1f}",
                f"yards_per_completion = {display[1]:.1f}",
                f"def_yards_per_run = {display[2]:.1f}",
                f"def_yards_per_completion = {display[3]:.1f}"]
    out += ["", "# FNL-44: Run BP DEF (at pro a run big play is always a fumble; printed all the same).",
            "[team.run_bp_def]", *_split(h.run_bp_tfl, "TFL", "FUM"),
            "", "# FNL-44: Pass BP DEF, from the team's sacks and interceptions, both sides.",
            "[team.pass_bp_def]", *_split(h.pass_bp_sacks, "SACK", "INT")]
    if plan.guards is not None:
        out += ["", "# Replay ratings: BP DEF guards by result; a BP-DEF is no big play up to",
                "# the offense's guard + the defense's - 10 (the book: 1-10)."]
        for side in ("offense", "defense"):
            out += [f"[team.bp_def_guard.{side}]",
                    *[f"{k} = {v}" for k, v in plan.guards[side].items()]]
    if plan.red_zone is not None:
        out += ["", "# Replay ratings: red-zone numbers (percent, offense + defense: all the way",
                "# if positive, stopped short on 3rd/4th down if negative; the book: 0),",
                "# fitted to the real points.",
                "[team.red_zone]", f"offense = {plan.red_zone[0]}",
                f"defense = {plan.red_zone[1]}"]
    if plan.level == "pro":
        out += ["", "# FNL-18: this team's kickoffs (touchback rate).",
                "[team.ko_touchback]", *_split(h.ko_touchbacks, "touchback", "return"),
                "", "# FNL-69: read when this team receives a punt (punts not returned).",
                "[team.punt_fair_catch]", *_split(h.fair_catches, "fair_catch", "return"),
                "", "# FNL-63 [PRO]: FG% by distance band, shrunk toward the league's.",
                "[team.field_goal_range]", "blocked = [1]", "bands = ["]
        out += [f"  {{ max = {m}, good_from = {g} }}," for m, g in h.fg_bands]
        out.append("]")
    out.append("")
    return "\n".join(out + matrices_lines(offense, defense)) + "\n"


def load(text: str, source: str = "built sheet") -> Team:
    return team_from_data(tomllib.loads(text), source)


# --- analytic calibration ---------------------------------------------------------------------

def solve(plan: Plan, off_want: dict[str, float], def_want: dict[str, float],
          avg: Team | None) -> tuple[Plan, Team, str]:
    """Move the plan's tuning toward the targets; `avg` None means the plan is the league
    average, calibrated against itself (each side takes half of every correction)."""
    best: tuple[float, Plan, Team, str] | None = None
    for i in range(ANALYTIC_ROUNDS):
        text = render(plan)
        team = load(text, plan.name)
        opp = team if avg is None else avg
        got_off = metrics(team, opp)
        got_def = metrics(opp, team)
        err = error(got_off, off_want) + (0.0 if avg is None else error(got_def, def_want))
        if best is None or err < best[0]:
            best = (err, plan, team, text)
        if i == ANALYTIC_ROUNDS - 1:
            break
        damp = 0.5 if avg is None else 1.0
        damp *= 0.85 if i >= 4 else 1.0
        tu = plan.tuning
        oy, obp, oinc = step_side(tu.off_yards, tu.off_bp_def, tu.off_inc, got_off, off_want,
                                   1.0, damp)
        dgot, dwant = (got_off, off_want) if avg is None else (got_def, def_want)
        dy, dbp, dinc = step_side(tu.def_yards, tu.def_bp_def, tu.def_inc, dgot, dwant,
                                   -1.0, damp)
        if avg is not None and plan.guards is not None:
            # Against the average team (guards 10) a side's threshold is its own guard.
            obp, og = guard_step(plan.guards["offense"], tu.off_bp_def, got_off, off_want)
            dbp, dg = guard_step(plan.guards["defense"], tu.def_bp_def, got_def, def_want)
            plan = replace(plan, guards={"offense": og, "defense": dg})
        plan = replace(plan, tuning=replace(tu, off_yards=oy, off_bp_def=obp, off_inc=oinc,
                                            def_yards=dy, def_bp_def=dbp, def_inc=dinc))
    assert best is not None
    _, plan, team, _ = best
    text = _render_solved(plan, team, avg)
    return plan, load(text, plan.name), text


def _render_solved(plan: Plan, team: Team, avg: Team | None) -> str:
    """The text of a solved plan, with the expected yards it gives on the sheet."""
    opp = team if avg is None else avg
    display = (expected_stats(team, opp).yards_per_carry,
               expected_stats(team, opp).yards_per_completion,
               expected_stats(opp, team).yards_per_carry,
               expected_stats(opp, team).yards_per_completion)
    return render(plan, display)


# --- simulation refinement --------------------------------------------------------------------

def _series_seed(plan: Plan) -> int:
    digest = hashlib.blake2b(f"{plan.name}:{plan.seed}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


# --- the two entry points ---------------------------------------------------------------------

def _level(row: TeamSeason) -> str:
    return row.level


def _base_plan(row: TeamSeason, avg_row: TeamSeason, name: str, seed: int,
               off: Figures, dfn: Figures) -> Plan:
    lg = offense_figures(avg_row, avg_row)
    drop_backs = off.att_pg + off.sacks_pg + dfn.att_pg + dfn.sacks_pg
    league_events = (max(0.0, lg.sack_rate - SPECIAL_SACK_RATE) * drop_backs,
                     lg.int_rate * (off.att_pg + dfn.att_pg))
    hdr = build_header(row, avg_row,
                       (off.sacks_pg, off.int_rate * off.att_pg, dfn.sacks_pg,
                        dfn.int_rate * dfn.att_pg),
                       off.ypc, off.yards_per_completion, drop_backs, league_events)
    pct = run_call_pct(off.run_share)
    return Plan(name=name, level=_level(row), year=row.season, record=row.record,
                off_points=off.points_pg, def_points=dfn.points_pg, header=hdr,
                runs=_runs_of(pct), play_speed=PACE[_level(row)], seed=seed,
                run_call_pct=pct,
                guards={"offense": bp_def_guards(off, lg), "defense": bp_def_guards(dfn, lg)})


def _runs_of(pct: float) -> int:
    """Run rows of a set (FNL-4) for a run-call share: the nearest 24th."""
    return int(clamp(round_half_up(TOTAL_ROWS * pct / 100), 1, 23))


def _speed_for(sim_total: float, want_total: float, speed: int, share: float) -> int:
    """Play speed that moves a game's snaps from `sim_total` to `want_total`; `share` is the
    part of the change this sheet's speed makes (1 for a team against a fixed opponent)."""
    delta = (sim_total - want_total) / SNAPS_PER_SPEED * share
    return int(clamp(round_half_up(speed + delta), -MAX_SPEED, MAX_SPEED))


QUOTA_SNAP_SHARE = 0.95
"""A team's play speed is kept within this share of its own snaps a game (`_quota_capped`)."""


def _quota_capped(speed: int, snaps: float) -> int:
    """The play speed a team's coach can spend on time (FNL-12, FNL-13). The offense has the
    first option on a point (FNL-12), so the points a team can count on spending are one a
    snap of its own offense; against a slow opponent (every league average is slow, +42 in
    1985) that is all it gets. FNL-13 wants half the points by halftime and three quarters by
    the 4th quarter, so a speed beyond the team's snaps a game is mostly not spent: the snaps
    stop falling and each quota missed is a 15-yard foul. Measured on 1965 Green Bay against
    the 1965 average (80 games a speed): speed 45 / 60 / 70 / 90 gave 0 / 0.25 / 1.55 / 2.0
    quota fouls and 64.6 / 60.6 / 58.2 / 58.9 snaps a game (the New York Jets alike). Kept
    within `QUOTA_SNAP_SHARE` of the snaps the round measured, the quota fouls stay near 0 and
    the snaps lost are a couple a game for the slowest teams of an era, which no speed gave
    them anyway. (The first builder let such teams go to the sheet's 90: 1965 Green Bay drew
    2.0 penalties a game more than it should; benchmarks/results/fidelity_decades.md.)"""
    cap = int(QUOTA_SNAP_SHARE * snaps)
    return int(clamp(speed, -cap, cap))


def _move_calls(plan: Plan, sim_share: float, want_share: float) -> None:
    plan.run_call_pct = moved_run_call_pct(plan.run_call_pct, sim_share, want_share)
    plan.runs = _runs_of(plan.run_call_pct)


_AVG_CACHE: dict[tuple[str, int, int], tuple[Plan, Team, str, dict[str, float]]] = {}


def _league_key(league: list[TeamSeason], seed: int) -> tuple[str, int, int]:
    h = hashlib.blake2b(digest_size=12)
    for r in sorted(league, key=lambda r: r.code):
        h.update(repr((r.code, sorted((k, v) for k, v in r.values.items()))).encode())
    return h.hexdigest(), league[0].season, seed


def _average_plan(league: list[TeamSeason], seed: int
                  ) -> tuple[TeamSeason, Figures, dict[str, float], Plan]:
    """The season's average row, its figures and targets, and the plan calibration starts
    from."""
    if not league:
        raise StatsError("no rows for the league average")
    avg_row = league_average(league)
    off = offense_figures(avg_row, avg_row)
    label = "League Average" if avg_row.level == "pro" else "FBS Average"
    plan = _base_plan(avg_row, avg_row, f"{avg_row.season} {label}", seed, off, off)
    plan.record = ""
    plan.notes = [f"The average team of {avg_row.season}: every figure is the league total "
                  f"over the league's games ({len(league)} teams)."]
    return avg_row, off, targets(off), plan


AverageResult = tuple[Plan, Team, str, dict[str, float]]


def _average(league: list[TeamSeason], seed: int) -> AverageResult:
    """The league-average plan, sheet, text and the game's bias (simulated / analytic per
    figure) measured on it, which every team of the season then takes out of its targets:
    from this process's cache, the stored calibrations (`average_store`: shipped for the
    bundled seasons, else the user's cache), or calibrated now and stored."""
    from scrimmage.sheets.real import average_store

    key = _league_key(league, seed)
    if key in _AVG_CACHE:
        return _AVG_CACHE[key]
    record = average_store.find(_store_key(league, seed))
    if record is not None:
        result = _average_from_record(league, seed, record)
    else:
        record = _record_of(league, seed, _calibrate_average(league, seed))
        result = _average_from_record(league, seed, record)
        average_store.remember(record)
    _AVG_CACHE[key] = result
    return result


def _store_key(league: list[TeamSeason], seed: int) -> str:
    from scrimmage.sheets.real.average_store import entry_key

    return entry_key(league[0].level, league[0].season, _league_key(league, seed)[0], seed,
                     f"{AVG_ROUNDS}x{AVG_GAMES}")


_AVERAGE_FIELDS = ("run_call_pct", "runs", "penalty_number", "penalty_scale", "play_speed")


def _record_of(league: list[TeamSeason], seed: int, result: AverageResult) -> dict[str, Any]:
    plan, _, _, bias = result
    return {"key": _store_key(league, seed), "level": plan.level, "season": plan.year,
            "seed": seed, "tuning": asdict(plan.tuning), "guards": plan.guards,
            "red_zone": list(plan.red_zone) if plan.red_zone is not None else None,
            **{f: getattr(plan, f) for f in _AVERAGE_FIELDS}, "bias": bias}


def _average_from_record(league: list[TeamSeason], seed: int, record: dict[str, Any]
                         ) -> AverageResult:
    """The calibrated average rendered again from its stored numbers (the same text)."""
    plan = _average_plan(league, seed)[3]
    fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                              for k, v in record["tuning"].items()}
    tuning = Tuning(**fields)
    rz = record["red_zone"]
    plan = replace(plan, tuning=tuning, guards=record["guards"],
                   red_zone=None if rz is None else (int(rz[0]), int(rz[1])),
                   **{f: record[f] for f in _AVERAGE_FIELDS})
    text = _render_solved(plan, load(render(plan), plan.name), None)
    return plan, load(text, plan.name), text, dict(record["bias"])


def average_record(league: list[TeamSeason], seed: int) -> dict[str, Any]:
    """Calibrate the season's average now (no stored result read) and return what the store
    keeps of it; checks that the stored numbers render the very same sheet."""
    result = _calibrate_average(league, seed)
    record = _record_of(league, seed, result)
    if _average_from_record(league, seed, record)[2] != result[2]:
        raise StatsError(f"the stored average of {result[0].name} does not render back")
    return record


def _calibrate_average(league: list[TeamSeason], seed: int) -> AverageResult:
    """Calibrate the league-average sheet by simulation (AVG_ROUNDS x AVG_GAMES games)."""
    avg_row, off, want, plan = _average_plan(league, seed)
    bias = {k: 1.0 for k in METRICS}
    plan, team, text = solve(plan, want, want, None)
    # The bias (simulated / analytic) hardly depends on the sheet but is noisy (a few
    # hundred interceptions a round): it is pooled over the rounds, each with its own games.
    sums = {k: [0.0, 0.0] for k in METRICS}
    points = [0.0, 0.0]     # points at numbers of 0, rounds
    for rnd in range(AVG_ROUNDS):
        box, box2 = simulate(plan.level, text, text, AVG_GAMES, _series_seed(plan) + rnd)
        sim = sim_figures({k: (box[k] + box2[k]) / 2 for k in box})
        analytic = metrics(team, team)
        for k in METRICS:
            sums[k][0] += sim[k]
            sums[k][1] += analytic[k]
        bias = {k: min(1.6, max(0.6, sums[k][0] / sums[k][1])) if sums[k][1] > 0 else 1.0
                for k in METRICS}
        for k in ADDITIVE:
            bias[f"{k}_extra"] = (sums[k][0] - sums[k][1]) / (rnd + 1)
        _move_calls(plan, sim["run_share"], off.run_share)
        real_pen = avg_row.per_game("penalties")
        if real_pen is not None and sim["penalties"] > 0:
            # Scaled from the number the games were played with (the printed, whole one).
            used = plan.penalty_number if plan.penalty_number is not None else BOOK_PENALTY_NUMBER
            plan.penalty_scale = clamp(used * real_pen / sim["penalties"], 0, 40)
            plan.penalty_number = int(round_half_up(plan.penalty_scale))
        plan.play_speed = _speed_for(2 * sim["plays"], 2 * off.plays_pg, plan.play_speed, 0.5)
        # Its red-zone number (offense and defense alike) brings its points to the league's.
        x = plan.red_zone[0] if plan.red_zone else 0
        if rnd == 1:        # the first round's snaps were still the pace's guess
            points = [0.0, 0.0]
        points[0] += sim["points"] / average_effect(x)
        points[1] += 1
        x = average_red_zone(off.points_pg / (points[0] / points[1]))
        plan.red_zone = (x, x)
        plan, team, text = solve(plan, debias(want, bias), debias(want, bias), None)
    return plan, team, text, bias


def build_league_average(league: list[TeamSeason], *, seed: int = 1) -> str:
    """TOML text of the season's league-average team sheet."""
    return _average(league, seed)[2]


def round_games(games: int | None) -> tuple[int, ...]:
    """The games of each calibration round for `games` a team (None: `TEAM_ROUND_GAMES`).
    More games go to the last round: the earlier ones set the yardage, which fewer games pin
    down, while the last sets the points, the noisiest figure. From `sum(LONG_ROUND_GAMES)`
    on, the second round is long too (`LONG_ROUND_GAMES`)."""
    if games is None:
        return TEAM_ROUND_GAMES
    if games >= sum(LONG_ROUND_GAMES):
        first = LONG_ROUND_GAMES[:-1]
        return (*first, games - sum(first))
    first = TEAM_ROUND_GAMES[:-1]
    if games < sum(TEAM_ROUND_GAMES):
        raise ScrimmageError(f"calibration games: at least {sum(TEAM_ROUND_GAMES)} a team, "
                             f"not {games}")
    return (*first, games - sum(first))


def build_sheet(row: TeamSeason, league: list[TeamSeason], *, seed: int = 1,
                workers: int = 1, games: int | None = None) -> str:
    """TOML text of a legends-college or legends-pro team sheet (row.level) built from the
    row's statistics and calibrated against the league-average team of `league` (all rows
    of that season). `workers` processes share each round's games (the same text whatever
    the number); `games` a team (default: `TEAM_ROUND_GAMES`, 500) trade time for points
    closer to the real ones (`round_games`)."""
    rounds = round_games(games)
    avg_plan, avg_team, avg_text, bias = _average(league, seed)
    avg_row = league_average(league)
    off = offense_figures(row, avg_row)
    dfn = defense_figures(row, avg_row)
    name = f"{row.season} {row.name}"
    plan = _base_plan(row, avg_row, name, seed, off, dfn)
    if avg_plan.penalty_number is not None:
        plan.penalty_number = penalty_number(row.per_game("penalties"),
                                             avg_row.per_game("penalties"),
                                             avg_plan.penalty_scale)
    if not row.has("def_rush_att", "def_pass_att"):
        plan.notes.append("Defense derived from points allowed (no defensive statistics "
                          "that season): league figures x (PA / league PA) ** elasticity.")
    want_off, want_def = targets(off), targets(dfn)
    a_off, a_def = debias(want_off, bias), debias(want_def, bias)
    plan, team, text = solve(plan, a_off, a_def, avg_team)
    avg_o, avg_d = avg_plan.red_zone or (0, 0)
    seen: list[Seen] = []
    own: dict[str, list[Measured]] = {"off": [], "def": []}
    real_pen, league_pen = row.per_game("penalties"), avg_row.per_game("penalties")
    fouls: list[tuple[int, int, float]] = []
    for rnd, played in enumerate(rounds):
        last = rnd + 1 == len(rounds)
        # Each round plays its own games, more of them as the sheet settles.
        # On a neutral site (NEUTRAL_CALIBRATION): a real season is half home, half away.
        box, opp = simulate(plan.level, text, avg_text, played, _series_seed(plan) + rnd,
                            workers, neutral=NEUTRAL_CALIBRATION)
        s_off = sim_figures(box)
        own_o, own_d = plan.red_zone or (0, 0)
        # The team's own snaps: its attempts are what a replay is judged on. The snaps its
        # defense faces follow from how long the two offenses' drives last.
        tempo = off.plays_pg / max(1e-9, s_off["plays"])
        seen.append(Seen(played, plan.play_speed, plan.run_call_pct, s_off["plays"],
                          s_off["run_share"], own_o + avg_d, tempo * box["points_for"],
                          own_d + avg_o, tempo * opp["points_for"]))
        # The last step goes by the rounds that played nearly the shipped matrices, pooled
        # (each taken to the last round's settings by the documented effects): a few hundred
        # games leave a round's points a couple of percent out.
        now = pooled(seen[last_pool_from(rounds):] if last else seen[-1:])
        plan.play_speed = _quota_capped(
            _speed_for(2 * now.plays, 2 * off.plays_pg, plan.play_speed, 1.0), s_off["plays"])
        pct = moved_run_call_pct(plan.run_call_pct, now.run_share, off.run_share)
        # After the last round the share may move only where Runs per set (which lays out
        # the matrices) stays.
        if not last or _runs_of(pct) == plan.runs:
            plan.run_call_pct, plan.runs = pct, _runs_of(pct)
        # Red-zone numbers: each side's points, at the team's real snaps (which the play
        # speed sees to), against the number its snaps carried, step to the real points.
        # The last step is not solved again, so the yards it adds stay: it goes by the
        # table, measured the same way, and not by the slope between rounds that were solved
        # in between (2002: a defense that went 129 -> 170 on that slope allowed 16% too many).
        if last:
            n_o, n_d = _last_numbers(now, off.points_pg, dfn.points_pg)
        else:
            n_o = next_red_zone([(r.number_o, r.points_o) for r in seen], off.points_pg)
            n_d = next_red_zone([(r.number_d, r.points_d) for r in seen], dfn.points_pg)
        plan.red_zone = (int(clamp(n_o - avg_d, -RED_ZONE_MAX, RED_ZONE_MAX)),
                         int(clamp(n_d - avg_o, -RED_ZONE_MAX, RED_ZONE_MAX)))
        if (not last and plan.penalty_number is not None and real_pen is not None
                and league_pen is not None and avg_plan.penalty_scale > 0):
            # The penalty number, stepped by the team's own fouls (ratings.next_penalty_number):
            # the rounds from POOL_FROM on, or the first alone (its play speed was still the
            # pace's guess, so its FNL-13 fouls differ). The last round plays the number that
            # ships, so the points its step reads carry those fouls' yards.
            fouls.append((played, plan.penalty_number, box["penalties"]))
            plan.penalty_number = next_penalty_number(
                fouls[POOL_FROM:] or fouls, real_pen, league_pen / avg_plan.penalty_scale)
        if last:
            # The last round played the matrices that ship: only header numbers move after
            # it, so the points its step starts from were played.
            # Solving again here changed a sheet's passing and moved its points by up to 10%
            # (NFL 1985).
            return _render_solved(plan, team, avg_team)
        # The team's own games measure its yardage bias well enough to replace the league's,
        # pooled over the rounds before the last, each taken to the red-zone numbers the
        # next round plays (their yards, `ratings.YARDS_EFFECT`).
        own["off"].append((played, s_off, metrics(team, avg_team), own_o + avg_d))
        own["def"].append((played, sim_figures(opp), metrics(avg_team, team), own_d + avg_o))
        rz_o, rz_d = plan.red_zone or (0, 0)
        next_o, next_d = rz_o + avg_d, rz_d + avg_o
        a_off = own_debias(a_off, want_off, pooled_bias(own["off"], next_o))
        a_def = own_debias(a_def, want_def, pooled_bias(own["def"], next_d))
        plan, team, text = solve(plan, a_off, a_def, avg_team)
    return text


def last_pool_from(rounds: tuple[int, ...]) -> int:
    """The first round the last step reads: from `POOL_FROM`, unless a round before the last
    is as long as `LONG_ROUND_GAMES`' second. Then the last round reads its own games alone:
    carrying a long earlier round to the last round's red-zone numbers by the table costs
    more than its games give (NFL 2016: points 2.6 / 2.3 pooled, 1.7 / 1.9 alone;
    benchmarks/results/fidelity.md)."""
    if max(rounds[:-1]) >= LONG_ROUND_GAMES[1]:
        return len(rounds) - 1
    return POOL_FROM


def _last_numbers(now: Seen, want_o: float, want_d: float) -> tuple[int, int]:
    """The numbers the two sides' snaps carry after the last round, each stepped to its real
    points by the table. A side's step also moves the other side's points (a finished drive
    hands the ball back further out: `ratings.other_points_effect`, a few percent), so the two
    steps are solved together; a few passes settle them."""
    n_o, n_d = now.number_o, now.number_d
    for _ in range(LAST_STEP_PASSES):
        for_o = other_points_effect(n_d) / other_points_effect(now.number_d)
        for_d = other_points_effect(n_o) / other_points_effect(now.number_o)
        n_o = next_red_zone([(now.number_o, now.points_o * for_o)], want_o)
        n_d = next_red_zone([(now.number_d, now.points_d * for_d)], want_d)
    return n_o, n_d


LAST_STEP_PASSES = 4
