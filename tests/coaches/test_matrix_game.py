"""The zero-sum solver behind the equilibrium coach (issue 20): games with known solutions,
and the equilibrium property on random matrices."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scrimmage.coaches.matrix_game import (
    MIX_GRID,
    col_payoffs,
    draw,
    exploitability,
    grid_mix,
    row_payoffs,
    solve,
)
from scrimmage.core.dice import ScriptedDice


def test_rock_paper_scissors_mixes_evenly() -> None:
    eq = solve([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    assert eq.value == pytest.approx(0, abs=1e-9)
    assert eq.rows == pytest.approx((1 / 3,) * 3, abs=1e-7)
    assert eq.cols == pytest.approx((1 / 3,) * 3, abs=1e-7)


def test_two_by_two_without_a_saddle() -> None:
    # Row: 3p - 2(1-p) = -p + (1-p) -> p = 3/7; column: 3q - (1-q) = -2q + (1-q) -> q = 2/7;
    # value 5p - 2 = 1/7.
    eq = solve([[3, -1], [-2, 1]])
    assert eq.rows == pytest.approx((3 / 7, 4 / 7), abs=1e-7)
    assert eq.cols == pytest.approx((2 / 7, 5 / 7), abs=1e-7)
    assert eq.value == pytest.approx(1 / 7, abs=1e-9)


def test_saddle_point_is_a_pure_call() -> None:
    # Row 1 dominates row 0; column 0 is then the defense's best: value 2.
    eq = solve([[1, 0], [2, 3]])
    assert eq.rows == pytest.approx((0, 1), abs=1e-9)
    assert eq.cols == pytest.approx((1, 0), abs=1e-9)
    assert eq.value == pytest.approx(2)


def test_bad_matrix_is_refused() -> None:
    with pytest.raises(ValueError, match="one length"):
        solve([[1, 2], [3]])


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_random_games_have_no_profitable_reply(n: int, m: int, data: st.DataObject) -> None:
    payoff = [[data.draw(st.floats(-5, 5, allow_nan=False)) for _ in range(m)]
              for _ in range(n)]
    eq = solve(payoff)
    assert sum(eq.rows) == pytest.approx(1) and sum(eq.cols) == pytest.approx(1)
    assert exploitability(payoff, eq) == pytest.approx(0, abs=1e-6)
    assert max(row_payoffs(payoff, eq.cols)) == pytest.approx(eq.value, abs=1e-6)
    assert min(col_payoffs(payoff, eq.rows)) == pytest.approx(eq.value, abs=1e-6)


def test_mix_is_drawn_on_a_thousand_sided_die() -> None:
    mix = (0.2, 0.0, 0.8)
    assert grid_mix(mix) == (200, 0, 800)
    assert draw(mix, ScriptedDice([200])) == 0
    assert draw(mix, ScriptedDice([201])) == 2
    assert draw(mix, ScriptedDice([MIX_GRID])) == 2


@given(st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=8))
def test_grid_mix_sums_to_the_die(weights: list[float]) -> None:
    total = sum(weights)
    mix = [w / total for w in weights] if total > 0 else [1 / len(weights)] * len(weights)
    shares = grid_mix(mix)
    assert sum(shares) == MIX_GRID and min(shares) >= 0


def test_a_missing_solver_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the optional extra, `--coach equilibrium` (or smart) stops before a game starts,
    saying what to install."""
    import importlib.util

    from scrimmage.coaches.matrix_game import require_solver
    from scrimmage.core.errors import ScrimmageError
    from scrimmage.core.ruleset import find_ruleset

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "scipy" else real(name, *a))
    with pytest.raises(ScrimmageError, match=r"pip install 'scrimmage\[coach\]'"):
        require_solver()
    for kind in ("equilibrium", "smart"):
        with pytest.raises(ScrimmageError, match="scipy"):
            find_ruleset("legends-pro").default_coach(kind, 1)
