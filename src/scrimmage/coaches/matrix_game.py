"""Two-coach zero-sum matrix games: the equilibrium of a play call (issue 20).

In the simultaneous-call games (Football Legends, The Grid, 1st & Roll) the offense and the
defense each pick a card without seeing the other's. With the payoff of every offense x
defense pair known (the change in win probability, or expected points), the call is a
zero-sum matrix game. Its value and optimal mixed strategies come from one linear program per
side, solved with scipy's HiGHS (a kept solver, not a hand-rolled one).

The mixes are rounded to `MIX_GRID` and drawn with one roll of a `MIX_GRID`-sided die, so a
call depends only on the game's dice and not on the last bits of a float the solver returns.

scipy is the optional extra `scrimmage[coach]` (and in `dev`); it is imported only when a game
is solved; `require_solver` lets the coaches that use it (`equilibrium`, `smart`) refuse in
one line when it is missing.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from dataclasses import dataclass

from scrimmage.core.dice import Dice
from scrimmage.core.errors import ScrimmageError

MIX_GRID = 1000
"""Mix probabilities are whole thousandths: the die a mixed call is drawn with."""

Matrix = Sequence[Sequence[float]]


@dataclass(frozen=True)
class Equilibrium:
    """The row player's (the offense's) optimal mix, the column player's, and the value of
    the game to the row player."""

    rows: tuple[float, ...]
    cols: tuple[float, ...]
    value: float


def require_solver() -> None:
    """Refuse in one line, before a game starts, when scipy (the optional extra) is missing."""
    if importlib.util.find_spec("scipy") is None:
        raise ScrimmageError("this coach solves linear programs with scipy, which is not "
                             "installed: pip install 'scrimmage[coach]'")


def _check(payoff: Matrix) -> tuple[int, int]:
    n = len(payoff)
    m = len(payoff[0]) if n else 0
    if n == 0 or m == 0 or any(len(row) != m for row in payoff):
        raise ValueError("a payoff matrix needs at least one row and one column, all rows "
                         "of one length")
    return n, m


def _maximin(payoff: Matrix) -> tuple[tuple[float, ...], float]:
    """The row player's optimal mix and the game's value: maximise v subject to the mix
    earning at least v against every column."""
    from scipy.optimize import linprog  # type: ignore[import-untyped]

    n, m = _check(payoff)
    # Variables x_1..x_n, v. linprog minimises, so the objective is -v.
    cost = [0.0] * n + [-1.0]
    # For every column j: v - sum_i x_i a_ij <= 0.
    upper = [[-payoff[i][j] for i in range(n)] + [1.0] for j in range(m)]
    res = linprog(cost, A_ub=upper, b_ub=[0.0] * m, A_eq=[[1.0] * n + [0.0]], b_eq=[1.0],
                  bounds=[(0.0, None)] * n + [(None, None)], method="highs")
    if not res.success:                 # pragma: no cover - a finite game always has one
        raise ValueError(f"the matrix game could not be solved: {res.message}")
    mix = tuple(max(0.0, float(x)) for x in res.x[:n])
    total = sum(mix)
    return tuple(x / total for x in mix), float(res.x[n])


def solve(payoff: Matrix) -> Equilibrium:
    """The equilibrium of the zero-sum game whose row player receives `payoff[i][j]`."""
    rows, value = _maximin(payoff)
    # The column player maximises the negated, transposed game.
    n, m = _check(payoff)
    cols, _ = _maximin([[-payoff[i][j] for i in range(n)] for j in range(m)])
    return Equilibrium(rows, cols, value)


def row_payoffs(payoff: Matrix, cols: Sequence[float]) -> list[float]:
    """What each row earns against the column mix `cols`."""
    return [sum(a * q for a, q in zip(row, cols, strict=True)) for row in payoff]


def col_payoffs(payoff: Matrix, rows: Sequence[float]) -> list[float]:
    """What the row player earns against each column when it plays the mix `rows`."""
    m = len(payoff[0])
    return [sum(payoff[i][j] * p for i, p in enumerate(rows)) for j in range(m)]


def exploitability(payoff: Matrix, eq: Equilibrium) -> float:
    """What an opponent who knew a side's mix would gain by its best reply, summed over both
    sides (0 at an exact equilibrium)."""
    best_row = max(row_payoffs(payoff, eq.cols))
    best_col = min(col_payoffs(payoff, eq.rows))
    return (best_row - eq.value) + (eq.value - best_col)


def grid_mix(mix: Sequence[float]) -> tuple[int, ...]:
    """The mix in whole `MIX_GRID`ths summing to `MIX_GRID` (largest remainders get the
    rounding), so a draw does not hang on a float's last bits."""
    scaled = [p * MIX_GRID for p in mix]
    whole = [int(x) for x in scaled]
    short = MIX_GRID - sum(whole)
    by_remainder = sorted(range(len(mix)), key=lambda i: (-(scaled[i] - whole[i]), i))
    for i in by_remainder[:short]:
        whole[i] += 1
    return tuple(whole)


def draw(mix: Sequence[float], dice: Dice) -> int:
    """The index a mixed strategy picks, with one roll of a `MIX_GRID`-sided die."""
    roll = dice.roll(MIX_GRID)
    upto = 0
    for i, share in enumerate(grid_mix(mix)):
        upto += share
        if roll <= upto:
            return i
    return len(mix) - 1                 # pragma: no cover - the shares sum to MIX_GRID
