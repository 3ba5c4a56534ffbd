"""Header fields of a team sheet built from real season statistics (FNL-3 [C/P]).

Every field is a documented function of the team's row and its season's league-average row
(`scrimmage.sheets.real.stats.league_average`). Small samples are shrunk toward the league with
`shrink(diff, n, k)` = diff * n / (n + k): a figure measured on n plays counts as much as k
league-average plays. Figures a season does not keep are derived from era norms of the same
table (the constants below name the seasons they come from); no team is special-cased.

Formulas (version `FORMULAS_VERSION`):

* SOS (FNL-11, AMB-FNL-30: the college/pro 0..15 scale): 7.5 + PFR/SR `strength_of_schedule`
  (points a game above an average schedule), rounded and clamped to 0..15. Both the NFL and
  FBS 2016 spread about +-7 points, so one point is one step. At college and pro the SOS is
  the coaching-point input (FNL-10: 5 + the difference of the two SOS).
* Yardage modifiers (FNL-74, the 10-point item): run = real yards per carry / 2, pass = real
  gross yards per completion / 4, rounded, clamped to 1..4 (the generator's rule applied to
  the real figures).
* Punt (FNL-71, yards added to the PUNT chart): shrink(team gross average - league gross
  average, punts, 20), rounded, clamped to -5..5.
* Punt return (FNL-71): shrink(team yards per punt return - league, returns, 20).
* Punt return defense (FNL-71): shrink(punt return yards allowed per estimated return -
  league, estimated returns, 20); the returns allowed are estimated as punts x the league's
  returns per punt (the table has no count of them).
* Kickoff return (FNL-23): shrink(team yards per kickoff return - league, returns, 20).
* Kickoff return defense (FNL-23): shrink(kick return yards allowed / (kickoffs -
  touchbacks) - the same league figure, kickoffs - touchbacks, 20) where the table has
  `kick_ret_yds_allowed` (NFL 2009-2019), else 0.
* KO touchback chart (FNL-18, pro): faces = 20 x (touchbacks + 20 x league rate) /
  (kickoffs + 20). Seasons before 1991 keep no touchbacks: the league rate is then
  `ERA_TOUCHBACK_RATE`, the pooled NFL rate of 1991-1993, the earliest seasons kept.
* Punt fair-catch chart (FNL-69, pro): the share of punts a team does not return is 1 -
  league returns per punt x sqrt(team punt returns a game / league punt returns a game)
  (the square root halves the team's deviation: part of it is how often its opponents
  punt). In the engine some punts never reach the returner (out of bounds, bounces,
  touchbacks): `PUNT_REACH` of them do with the solitaire coaches, so the fair-catch faces
  are 20 x (1 - returned share / PUNT_REACH).
* Field Goal Range chart (FNL-63, pro): the league's make rate by distance band (PFR bands
  0-19 .. 50+, 1960 on; before 1960 the 1960-1962 pooled band rates moved in log-odds to the
  season's overall rate), interpolated in log-odds between band centres (25, 35, 45, 52
  yards) and extended past 52 with the NFL 2009-2019 logistic slope (-0.1043 per yard), then
  moved by the team's kicking: a log-odds shift of (made - expected made) / (sum of
  p(1-p) over its attempts + 10), the 10 shrinking small samples toward the league. A band
  is good from the d20 roll 21 - 20p (a roll of 1 is blocked, FNL-73).
* Run BP DEF (FNL-44): the table keeps no tackles for loss, so the TFL faces stay at the
  level default (10) and the run BP-DEF cell count alone sets the fumbles (calibration); at
  pro a run big play is always a fumble and the table is printed only. Pass BP DEF: SACK faces = 20 x (sacks
  taken + sacks made) / (sacks + interceptions, both sides of the ball), the split the one
  table must serve for the team's offense and defense, less the SPECIAL column's own sacks
  (`SPECIAL_SACK_RATE` of drop backs).
* Play speed (FNL-12) and runs/passes (FNL-4) come from the calibration (`calibrate`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scrimmage.sheets.real.stats import TeamSeason

FORMULAS_VERSION = 1
SHRINK_RETURNS = 20.0
ERA_TOUCHBACK_RATE = 0.235
"""NFL 1991-1993 pooled kickoff touchback rate: the earliest seasons that keep touchbacks."""
PUNT_REACH = 0.545
"""Share of punts that reach the receiver's fair-catch chart in simulated pro games
(the rest go out of bounds, bounce or into the end zone): 38% returned with 30% fair-catch
faces in 400 games of the generator's average pro team."""
ERA_FG_BANDS: tuple[tuple[float, float], ...] = (
    # (attempts, rate) of the bands 0-19, 20-29, 30-39, 40-49, 50+, NFL+AFL 1960-1962.
    (212, 0.693), (190, 0.605), (227, 0.467), (228, 0.276), (56, 0.232),
)
FG_BANDS = ("0_19", "20_29", "30_39", "40_49", "50_plus")
FG_CENTRES = (25.0, 35.0, 45.0, 52.0)  # of the bands 20-29 .. 50+
FG_SLOPE = -0.1043
"""Log-odds per yard, the NFL 2009-2019 logistic fit of field goals by distance."""
CHART_BANDS = (29, 39, 44, 49, 54, 59, 64)
CHART_CENTRES = (25.0, 35.0, 42.0, 47.0, 52.0, 57.0, 62.0)
DEFAULT_RUN_TFL = 10


def round_half_up(x: float) -> int:
    return math.floor(x + 0.5)


def clamp(x: float, lo: float, hi: float) -> float:
    return min(hi, max(lo, x))


def shrink(diff: float, n: float, k: float = SHRINK_RETURNS) -> float:
    """`diff` measured on `n` events, pulled toward 0 as if k league-average events were added."""
    return diff * n / (n + k) if n > 0 else 0.0


def _ratio(row: TeamSeason, num: str, den: str) -> float | None:
    a, b = row.get(num), row.get(den)
    if a is None or b is None or b <= 0:
        return None
    return a / b


@dataclass(frozen=True)
class Header:
    sos: int
    yardage_modifier_run: int
    yardage_modifier_pass: int
    punt: int
    punt_return_defense: int
    kickoff_return_defense: int
    punt_return: int
    kickoff_return: int
    run_bp_tfl: int
    pass_bp_sacks: int
    ko_touchbacks: int
    fair_catches: int
    fg_bands: tuple[tuple[int, int], ...]


def sos_scale(row: TeamSeason) -> int:
    s = row.get("strength_of_schedule")
    return int(clamp(round_half_up(7.5 + (s or 0.0)), 0, 15))


def _adjust(row: TeamSeason, avg: TeamSeason, num: str, den: str) -> int:
    """shrink(team average - league average), rounded, -5..5 (FNL-23/71 adjustments)."""
    t, lg = _ratio(row, num, den), _ratio(avg, num, den)
    if t is None or lg is None:
        return 0
    return int(clamp(round_half_up(shrink(t - lg, row.num(den))), -5, 5))


def _punt_return_defense(row: TeamSeason, avg: TeamSeason) -> int:
    per_punt = _ratio(avg, "punt_ret", "punts")
    lg = _ratio(avg, "punt_ret_yds", "punt_ret")
    allowed, punts = row.get("punt_ret_yds_allowed"), row.get("punts")
    if per_punt is None or lg is None or allowed is None or not punts:
        return 0
    n = punts * per_punt
    return int(clamp(round_half_up(shrink(allowed / n - lg, n)), -5, 5))


def _kickoff_return_defense(row: TeamSeason, avg: TeamSeason) -> int:
    def per_return(r: TeamSeason) -> tuple[float, float] | None:
        y, k, tb = r.get("kick_ret_yds_allowed"), r.get("kickoffs"), r.get("kickoff_touchbacks")
        if y is None or k is None or tb is None or k - tb <= 0:
            return None
        return y / (k - tb), k - tb

    t, lg = per_return(row), per_return(avg)
    if t is None or lg is None:
        return 0
    return int(clamp(round_half_up(shrink(t[0] - lg[0], t[1])), -5, 5))


def ko_touchback_faces(row: TeamSeason, avg: TeamSeason) -> int:
    lg = _ratio(avg, "kickoff_touchbacks", "kickoffs")
    if lg is None:
        lg = ERA_TOUCHBACK_RATE
    tb, k = row.get("kickoff_touchbacks"), row.get("kickoffs")
    rate = lg if tb is None or k is None else (tb + SHRINK_RETURNS * lg) / (k + SHRINK_RETURNS)
    return int(clamp(round_half_up(20 * rate), 0, 20))


def fair_catch_faces(row: TeamSeason, avg: TeamSeason) -> int:
    per_punt = _ratio(avg, "punt_ret", "punts")
    if per_punt is None:
        return 6
    team_pg, lg_pg = row.per_game("punt_ret"), avg.per_game("punt_ret")
    adj = 1.0
    if team_pg is not None and lg_pg:
        adj = clamp(math.sqrt(team_pg / lg_pg), 0.6, 1.4)
    returned = clamp(per_punt * adj, 0.0, 1.0)
    return int(clamp(round_half_up(20 * (1 - returned / PUNT_REACH)), 0, 18))


def _logit(p: float) -> float:
    p = clamp(p, 0.01, 0.99)
    return math.log(p / (1 - p))


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def league_fg_rates(avg: TeamSeason) -> list[float]:
    """The season's make rate in each PFR band (0-19 .. 50+): the league row when it keeps
    bands, else the 1960-1962 rates moved in log-odds to the season's overall rate."""
    rates: list[float] = []
    for b in FG_BANDS:
        r = _ratio(avg, f"fgm_{b}", f"fga_{b}")
        if r is None:
            break
        rates.append(r)
    if len(rates) == len(FG_BANDS):
        return rates
    overall = _ratio(avg, "fgm", "fga") or 0.49
    era = [r for _, r in ERA_FG_BANDS]
    weights = [a for a, _ in ERA_FG_BANDS]
    lo, hi = -5.0, 5.0
    for _ in range(50):   # bisection for the shift that gives the overall rate
        mid = (lo + hi) / 2
        mean = sum(w * _sigmoid(_logit(r) + mid) for w, r in zip(weights, era, strict=True))
        if mean / sum(weights) < overall:
            lo = mid
        else:
            hi = mid
    return [_sigmoid(_logit(r) + lo) for r in era]


def kicker_shift(row: TeamSeason, rates: list[float]) -> float:
    """Log-odds shift of the team's kicking against the league's band rates (shrunk)."""
    made = row.get("fgm")
    if made is None or not row.get("fga"):
        return 0.0
    expected = var = 0.0
    if all(row.has(f"fga_{b}", f"fgm_{b}") for b in FG_BANDS):
        made = sum(row.num(f"fgm_{b}") for b in FG_BANDS)
        for b, p in zip(FG_BANDS, rates, strict=True):
            n = row.num(f"fga_{b}")
            expected += n * p
            var += n * p * (1 - p)
    else:
        n = row.num("fga")
        p = sum(rates) / len(rates)
        expected, var = n * p, n * p * (1 - p)
    return (made - expected) / (var + 10.0)


def fg_chart(row: TeamSeason, avg: TeamSeason) -> tuple[tuple[int, int], ...]:
    rates = league_fg_rates(avg)
    # Log-odds at the band centres 25/35/45/52 (the 20-29 band stands for 29 and under).
    centre_logits = [_logit(max(rates[0], rates[1]))] + [_logit(r) for r in rates[2:]]
    shift = kicker_shift(row, rates)
    out: list[tuple[int, int]] = []
    for longest, d in zip(CHART_BANDS, CHART_CENTRES, strict=True):
        if d >= FG_CENTRES[-1]:
            lg = centre_logits[-1] + FG_SLOPE * (d - FG_CENTRES[-1])
        else:
            i = max(j for j in range(len(FG_CENTRES)) if FG_CENTRES[j] <= d)
            t = (d - FG_CENTRES[i]) / (FG_CENTRES[i + 1] - FG_CENTRES[i])
            lg = centre_logits[i] + t * (centre_logits[i + 1] - centre_logits[i])
        p = _sigmoid(lg + shift)
        good = int(clamp(round_half_up(21 - 20 * p), 2, 21))
        if out and good < out[-1][1]:
            good = out[-1][1]   # a longer kick is never easier
        out.append((longest, good))
    return tuple(out)


SPECIAL_SACK_RATE = 0.010
"""Sacks per drop back that come from the SPECIAL column, not the BP DEF table (FNL-51: a
penalty roll of 15, 1 in 20, then "defense result only", 5 in 20, on a numeric defensive cell
is a sack): 1/80 of snaps times about 0.8."""


def pass_bp_sack_faces(off_sack: float, off_int: float, def_sack: float, def_int: float,
                       drop_backs: float = 0.0, league: tuple[float, float] = (0.0, 0.0)
                       ) -> int:
    """SACK faces of the Pass BP DEF table (FNL-44). The one table serves the team's offense
    and defense, and on each side about half the table events come from the other sheet, so
    the team's own share is what is left of its sacks and interceptions a game (both sides)
    once the SPECIAL column's sacks (`SPECIAL_SACK_RATE` of `drop_backs`, both sides) and half
    the league's table events (`league` = league table sacks and interceptions over the same
    drop backs) are taken out."""
    sacks = max(0.05, off_sack + def_sack - SPECIAL_SACK_RATE * drop_backs - 0.5 * league[0])
    ints = max(0.05, off_int + def_int - 0.5 * league[1])
    return int(clamp(round_half_up(20 * sacks / (sacks + ints)), 1, 19))


def build_header(row: TeamSeason, avg: TeamSeason, sacks_ints: tuple[float, float, float, float],
                 ypc: float, yards_per_completion: float, drop_backs: float = 0.0,
                 league_events: tuple[float, float] = (0.0, 0.0)) -> Header:
    return Header(
        sos=sos_scale(row),
        yardage_modifier_run=int(clamp(round_half_up(ypc / 2), 1, 4)),
        yardage_modifier_pass=int(clamp(round_half_up(yards_per_completion / 4), 1, 4)),
        punt=_adjust(row, avg, "punt_yds", "punts"),
        punt_return_defense=_punt_return_defense(row, avg),
        kickoff_return_defense=_kickoff_return_defense(row, avg),
        punt_return=_adjust(row, avg, "punt_ret_yds", "punt_ret"),
        kickoff_return=_adjust(row, avg, "kick_ret_yds", "kick_ret"),
        run_bp_tfl=DEFAULT_RUN_TFL,
        pass_bp_sacks=pass_bp_sack_faces(*sacks_ints, drop_backs, league_events),
        ko_touchbacks=ko_touchback_faces(row, avg),
        fair_catches=fair_catch_faces(row, avg),
        fg_bands=fg_chart(row, avg),
    )
