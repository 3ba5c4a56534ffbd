"""What a sheet's calibration rounds measured, pooled (`legends.build_sheet`).

Every round of a team's games counts: the earlier ones are taken to the settings of the later
ones by measured effects, where the first builder threw a round away whenever a setting had
moved. Two poolings:
* the yardage bias (games against expectation) of the rounds before the last, their yards
  taken to the red-zone numbers the next round plays (`ratings.YARDS_EFFECT`);
* what the last step reads (`pooled`): snaps, run share and points of the rounds from
  `POOL_FROM` on, taken to the last round's play speed, run calls and red-zone numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from scrimmage.sheets.real.ratings import (
    RUN_CALLS_PER_SHARE,
    other_points_effect,
    own_points_effect,
    yards_effect,
)

SNAPS_PER_SPEED = 0.46
"""Snaps a game (both teams) lost per point of play speed, from simulated games: no speed
gives about 166 snaps, +37 a team about 132."""


ADDITIVE = ("fum",)
"""Figures whose gap between game and expectation is a number, not a ratio: about a fifth
of the fumbles lost come from kicks and SPECIAL results, which no BP DEF cell or guard
touches, so a team that seldom fumbles keeps them all."""

OWN_ADDITIVE = ("fum", "sack")
"""Figures a team's own games debias by a number (`own_debias`). Sacks too: the SPECIAL
column's sacks (FNL-51, `header.SPECIAL_SACK_RATE`, about 0.35 a game) and the coach's
long-yardage calls follow no BP DEF guard, so a ratio taken from the league (x1.14 in 1985)
gives a team that seldom gets sacked too many and one that often does too few: measured on
2022 Tampa Bay, 5.1 sacks a game per unit of guard chance plus about 0.45 a game that no
guard removes (benchmarks/results/fidelity_decades.md, "What misses and why", item 3). The
league-average sheet keeps the ratio (its stored calibrations, `average_store`, are
unchanged)."""


def debias(want: dict[str, float], bias: dict[str, float]) -> dict[str, float]:
    """Analytic targets: the real figure less what the game adds (`bias`: simulated /
    analytic, or for ADDITIVE figures `<name>_extra`, simulated - analytic)."""
    out = {}
    for k, v in want.items():
        if k in OWN_ADDITIVE and f"{k}_extra" in bias:
            out[k] = max(0.2 * v, v - bias[f"{k}_extra"])
        else:
            out[k] = v / bias.get(k, 1.0)
    return out


OWN_BIAS = ("ypc", "cmp", "ypa", "fum", "int", "sack")
"""Figures whose game-vs-expectation bias a team's own simulated games measure (yards from
thousands of plays to about 1%; fumbles, additive, from several hundred to a few percent of
the rate, better than the league's bias, which missed a whole era's fumbles by 7%: NFL 1985,
1000 games a team). Interceptions too: the games' share over the expected one grows with a
team's passing volume (2016 Baylor, 37 attempts a game: x1.6 against the league's x1.25, so
its sheet threw 28% too many). Sacks, additive (`OWN_ADDITIVE`), since the builder step of
issue 38: the league's ratio pulled every team's sacks toward the league rate (1975-2024:
a sacks MAPE of 5.6-8.3, the lowest third of teams +10 to +14%)."""


def pool_bias(sums: dict[str, list[float]], games: int, sim: dict[str, float],
               analytic: dict[str, float]) -> None:
    for k in OWN_BIAS:
        s = sums.setdefault(k, [0.0, 0.0, 0.0])
        s[0] += games * sim[k]
        s[1] += games * analytic[k]
        s[2] += games


Measured = tuple[int, dict[str, float], dict[str, float], int]
"""One round of one side: games, simulated and analytic figures, the red-zone number its
snaps carried."""


def pooled_bias(rounds: list[Measured], number: int) -> dict[str, list[float]]:
    """The rounds' sums for `own_debias`, their yards taken to the red-zone number `number`."""
    sums: dict[str, list[float]] = {}
    for games, sim, analytic, played in rounds:
        moved = {k: v * yards_effect(k, number) / yards_effect(k, played) for k, v in sim.items()}
        pool_bias(sums, games, moved, analytic)
    return sums


def own_debias(targets_now: dict[str, float], want: dict[str, float],
                sums: dict[str, list[float]]) -> dict[str, float]:
    """Analytic targets with the team's own pooled bias for OWN_BIAS: simulated / analytic,
    or for ADDITIVE figures simulated - analytic a game."""
    bias: dict[str, float] = {}
    for k, (sim, analytic, games) in sums.items():
        if k in OWN_ADDITIVE and games > 0:
            bias[f"{k}_extra"] = (sim - analytic) / games
        elif k not in OWN_ADDITIVE and sim > 0 and analytic > 0:
            bias[k] = min(1.6, max(0.6, sim / analytic))
    measured = {k: want[k] for k in sums if k in bias or f"{k}_extra" in bias}
    return {**targets_now, **debias(measured, bias)}


POOL_FROM = 1
"""The last step pools the rounds from this one on (the first played the league's bias and
numbers of 0, further from the shipped sheet)."""


@dataclass(frozen=True)
class Seen:
    """What one round played with and measured (points at the team's real snaps)."""

    games: int
    speed: int
    run_call_pct: float
    plays: float
    run_share: float
    number_o: int
    points_o: float
    number_d: int
    points_d: float


def pooled(rounds: list[Seen]) -> Seen:
    """The rounds' measurements taken to the last round's settings and averaged by games:
    snaps by `SNAPS_PER_SPEED` a point of play speed, the run share by the calls moved, the
    points by the red-zone table (`ratings.RED_ZONE_EFFECT`)."""
    last = rounds[-1]
    total = sum(r.games for r in rounds)

    def mean(values: list[float]) -> float:
        return sum(r.games * v for r, v in zip(rounds, values, strict=True)) / total

    def points(own: tuple[int, int], other: tuple[int, int], pts: float) -> float:
        # (the number a round played, the last round's): a side's points move with its own
        # snaps' number and, less, with the other side's (ratings.RED_ZONE_EFFECT).
        return (pts * own_points_effect(own[1]) / own_points_effect(own[0])
                * other_points_effect(other[1]) / other_points_effect(other[0]))

    return replace(
        last,
        games=total,
        plays=mean([r.plays - (last.speed - r.speed) * SNAPS_PER_SPEED / 2 for r in rounds]),
        run_share=mean([r.run_share + (last.run_call_pct - r.run_call_pct)
                        / (100 * RUN_CALLS_PER_SHARE) for r in rounds]),
        points_o=mean([points((r.number_o, last.number_o), (r.number_d, last.number_d),
                              r.points_o) for r in rounds]),
        points_d=mean([points((r.number_d, last.number_d), (r.number_o, last.number_o),
                              r.points_d) for r in rounds]))
