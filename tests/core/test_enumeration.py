"""Exact enumeration of chance (issue 20: "chance outcomes are enumerated, not sampled"):
every sequence of faces is run once, with its exact probability."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scrimmage.core.dice import Dice, ScriptedDice
from scrimmage.core.enumeration import TreeDice, distribution, enumerate_outcomes
from scrimmage.core.errors import ScrimmageError


def two_d6(dice: Dice) -> int:
    return dice.roll(6) + dice.roll(6)


def test_two_dice_give_the_triangle() -> None:
    d = distribution(enumerate_outcomes(two_d6))
    assert d == {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}


def test_a_die_thrown_only_on_some_faces() -> None:
    """A d6; on a 6 a d20 decides (like a Big Play roll after a chart cell): 5 + 20 runs."""
    def play(dice: Dice) -> str:
        if dice.roll(6) < 6:
            return "short"
        return "long" if dice.roll(20) <= 5 else "stopped"

    outcomes = enumerate_outcomes(play)
    assert len(outcomes) == 25
    assert sum(p for p, _ in outcomes) == 1
    assert distribution(outcomes) == {"short": Fraction(5, 6), "long": Fraction(5, 120),
                                      "stopped": Fraction(15, 120)}


def test_a_pick_weighs_its_choices() -> None:
    """A chart column of 20 faces read as its distinct cells: 'A' on 12 faces, 'B' on 8; a
    d6 follows a 'B' only. 1 + 6 runs instead of 12 + 8 * 6."""
    def read(dice: TreeDice) -> str:
        cell = ("A", "B")[dice.pick((12, 8))]
        return cell if cell == "A" else f"B{dice.roll(6)}"

    outcomes = enumerate_outcomes(read)
    assert len(outcomes) == 7
    assert distribution(outcomes) == {"A": Fraction(12, 20),
                                      **{f"B{k}": Fraction(8, 120) for k in range(1, 7)}}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=4))
def test_each_sequence_replays_to_the_same_result(sizes: list[int]) -> None:
    """Whatever dice a run throws, the probabilities sum to 1 and scripting a sequence's
    faces gives that sequence's result (the enumeration runs the same rules)."""
    def run(dice: Dice) -> tuple[int, ...]:
        faces = [dice.roll(sizes[0])]
        for n in sizes[1:]:
            if faces[-1] % 2:                 # the next die only after an odd face
                faces.append(dice.roll(n))
        return tuple(faces)

    outcomes = enumerate_outcomes(run)
    assert sum(p for p, _ in outcomes) == 1
    assert len({r for _, r in outcomes}) == len(outcomes)
    for p, faces in outcomes:
        assert run(ScriptedDice(faces)) == faces
        assert p == Fraction(1, _product(sizes[:len(faces)]))


def _product(values: list[int]) -> int:
    out = 1
    for v in values:
        out *= v
    return out


def test_too_many_sequences_are_refused_in_one_line() -> None:
    with pytest.raises(ScrimmageError, match="more than 100 dice sequences"):
        enumerate_outcomes(lambda dice: dice.roll(20) + dice.roll(20), limit=100)


def test_a_run_that_is_not_deterministic_is_refused() -> None:
    calls = []

    def run(dice: Dice) -> int:
        calls.append(1)
        return dice.roll(6 if len(calls) == 1 else 8)

    with pytest.raises(ScrimmageError, match="not deterministic"):
        enumerate_outcomes(run)
