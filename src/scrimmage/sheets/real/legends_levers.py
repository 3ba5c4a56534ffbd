"""The figures a Football Legends sheet is fitted to, and one move of its levers toward them:
the expected per-play figures of a sheet against another (`metrics`) beside the team's real
ones (`targets`), the yardage, Big Play and INC levers of one side (`step_side`), the BP DEF
guards solved for sacks, interceptions and fumbles (`guard_step`), and the same figures read
from simulated box scores (`sim_figures`). `legends` runs the calibration with them."""

from __future__ import annotations

from scrimmage.rules.legends.sheets import BOOK_GUARD, GUARD_RESULTS, Team, big_play_chance
from scrimmage.sheets.legends.generator import PARAMS, TOTAL_ROWS, expected_stats
from scrimmage.sheets.real.calibrate import Figures
from scrimmage.sheets.real.header import clamp, round_half_up

METRICS = ("ypc", "cmp", "ypa", "sack", "int", "fum")
WEIGHTS = {"ypc": 1.0, "cmp": 1.0, "ypa": 1.0, "sack": 0.4, "int": 0.4, "fum": 0.3}


def metrics(off: Team, dfn: Team) -> dict[str, float]:
    """Per-play expectations of `off` against `dfn` (generator.expected_stats), in the units
    of `Figures`: yards a carry, completion rate, gross yards an attempt, sacks per drop back,
    interceptions an attempt, fumbles lost a run."""
    s = expected_stats(off, dfn)
    games = PARAMS[off.header.level].plays_per_game
    pct = off.header.run_call_pct
    rs = off.runs / TOTAL_ROWS if pct is None else pct / 100
    pass_plays = games * (1 - rs)
    sack = s.sacks_per_game / pass_plays
    att = pass_plays * (1 - sack)
    return {"ypc": s.yards_per_carry, "cmp": s.completion_rate,
            "ypa": s.completion_rate * s.yards_per_completion, "sack": sack,
            "int": s.interceptions_per_game / att, "fum": s.fumbles_lost_per_game / (games * rs)}


def targets(fig: Figures) -> dict[str, float]:
    return {"ypc": fig.ypc, "cmp": fig.cmp, "ypa": fig.ypa, "sack": fig.sack_rate,
            "int": fig.int_rate, "fum": fig.fum_per_run}


def error(got: dict[str, float], want: dict[str, float]) -> float:
    return sum(WEIGHTS[k] * (got[k] / want[k] - 1) ** 2 for k in METRICS if want[k] > 0)


def _lim(x: float, lo: float = 0.05, hi: float = 6.0) -> float:
    return min(hi, max(lo, x))


def _ratio(want: float, got: float, power: float) -> float:
    if got <= 0 or want <= 0:
        return 1.0
    return float(min(2.0, max(0.5, want / got)) ** power)


def step_side(tu_yards: tuple[float, float], bp_def: tuple[float, float], inc: float,
               got: dict[str, float], want: dict[str, float], sign: float, damp: float
               ) -> tuple[tuple[float, float], tuple[float, float], float]:
    """One move of a side's levers toward `want` (sign -1: the levers of a defense)."""
    ypc_shift = (want["ypc"] - got["ypc"]) * damp
    ypcomp_got = got["ypa"] / max(1e-9, got["cmp"])
    ypcomp_want = want["ypa"] / max(1e-9, want["cmp"])
    pass_shift = (ypcomp_want - ypcomp_got) * 0.8 * damp
    yards = (tu_yards[0] + ypc_shift, tu_yards[1] + pass_shift)
    events_got = got["sack"] + got["int"]
    events_want = want["sack"] + want["int"]
    bp = (_lim(bp_def[0] * _ratio(want["fum"], got["fum"], 1.6 * damp)),
          _lim(bp_def[1] * _ratio(events_want, events_got, 1.6 * damp)))
    # More INC cells on either sheet mean fewer completions.
    inc = _lim(inc * _ratio(1 - want["cmp"], 1 - got["cmp"], 2.2 * damp), 0.02, 5.0)
    del sign
    return yards, bp, inc


H_MIN, H_MAX = 0.25, 0.9
"""The chance range a guard is kept in (guard 15..2); beyond it the side's BP-DEF cell count
moves instead, so that a guard keeps room on both sides."""
GUARD_METRIC = {"SACK": "sack", "INT": "int", "FUM": "fum"}


def _hit(guards: dict[str, int], word: str) -> float:
    return big_play_chance(guards.get(word, BOOK_GUARD))


def guard_step(guards: dict[str, int], mults: tuple[float, float], got: dict[str, float],
                want: dict[str, float]) -> tuple[tuple[float, float], dict[str, int]]:
    """One side's BP DEF guards solved for its sacks, interceptions and fumbles (each rate is
    the guard's chance times what the cells and tables give), and the side's cell multipliers
    (run, pass) moved when a chance leaves H_MIN..H_MAX."""
    h = {w: _hit(guards, w) for w in GUARD_RESULTS}
    for w, key in GUARD_METRIC.items():
        if got[key] > 0 and want[key] > 0:
            h[w] = h[w] * want[key] / got[key]
    run_m, pass_m = mults
    new_mults = []
    for words, m in ((("FUM",), run_m), (("SACK", "INT"), pass_m)):
        top = max(h[w] for w in words)
        scale = 1.0
        if top > H_MAX:
            scale = top / H_MAX
        elif 0 < top < H_MIN:
            scale = top / H_MIN
        m2 = _lim(m * scale)
        for w in words:
            h[w] = h[w] * m / m2
        new_mults.append(m2)
    out = {w: int(clamp(round_half_up(20 - 20 * h[w]), 0, 19)) for w in GUARD_RESULTS}
    out["TFL"] = guards.get("TFL", BOOK_GUARD)
    return (new_mults[0], new_mults[1]), out


def sim_figures(box: dict[str, float]) -> dict[str, float]:
    att = max(1e-9, box["pass_att"])
    return {"ypc": box["rush_yds"] / max(1e-9, box["rush_att"]),
            "cmp": box["pass_cmp"] / att, "ypa": box["pass_yds_gross"] / att,
            "sack": box["sacks_taken"] / max(1e-9, box["pass_att"] + box["sacks_taken"]),
            "int": box["pass_int"] / att,
            "fum": box["fumbles_lost"] / max(1e-9, box["rush_att"]),
            "run_share": box["rush_att"] / max(1e-9, box["plays_offense"]),
            "plays": box["plays_offense"], "points": box["points_for"],
            "penalties": box["penalties"]}
