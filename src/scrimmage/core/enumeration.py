"""Every chance outcome of a piece of rules, exactly (issue 20).

A computer coach that compares options on the engine's own charts needs each option's outcome
distribution, enumerated rather than sampled. `enumerate_outcomes(run)` calls `run(dice)`
once for every sequence of faces the rules can roll, depth first, with `TreeDice` standing in
for the game's dice, and returns each result with its exact probability. The rules stay the
one implementation: nothing about them is restated here.

`run` must be deterministic given the faces (the rules are: chance only comes from `Dice`),
so the same prefix of faces always throws the same next die; a run that does not is refused.
The number of sequences grows with every die thrown, so a caller enumerates a bounded piece
(one play's resolution, a kick) and gives a `limit`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Final, TypeVar

from scrimmage.core.compiled import mypyc_attr
from scrimmage.core.errors import ScrimmageError

T = TypeVar("T")

DEFAULT_LIMIT: Final = 200_000
"""Runs before `enumerate_outcomes` gives up: a guard against enumerating a whole game."""


@mypyc_attr(allow_interpreted_subclasses=True)  # tests give a first face (core/compiled.py)
class TreeDice:
    """Dice that replay a fixed prefix of faces, then roll 1 on every new die, remembering its
    size; `advance` moves to the next sequence in depth-first order."""

    __slots__ = ("_at", "_faces", "_sides", "_weights", "log")

    def __init__(self) -> None:
        self._faces: list[int] = []
        self._sides: list[int] = []
        self._at = 0
        self.log: list[tuple[int, int]] = []
        self._weights: dict[int, tuple[int, ...]] = {}
        """A `pick`'s weights by its place (its size is stored as minus the total)."""

    def roll(self, sides: int) -> int:
        at = self._at
        if at < len(self._faces):
            if self._sides[at] != sides:
                raise ScrimmageError(f"roll #{at + 1} was a d{self._sides[at]} and is now a "
                                     f"d{sides} after the same faces: the run is not "
                                     "deterministic")
            face = self._faces[at]
        else:
            if sides < 1:
                raise ScrimmageError(f"a die needs at least one face, not {sides}")
            face = 1
            self._faces.append(face)
            self._sides.append(sides)
        self._at = at + 1
        self.log.append((sides, face))
        return face

    def pick(self, weights: tuple[int, ...]) -> int:
        """An index into `weights`, each chosen with chance weight / total: one die whose
        faces are the distinct cells of a chart column (equal cells merged, so they are run
        once). Seeded play never calls this: it is how a model reads a chart."""
        total = sum(weights)
        at = self._at
        if at < len(self._faces):
            if self._sides[at] != -total:
                raise ScrimmageError(f"roll #{at + 1} changed after the same faces: the run is "
                                     "not deterministic")
            index = self._faces[at]
        else:
            index = 0
            self._faces.append(index)
            self._sides.append(-total)
            self._weights[at] = weights
        self._at = at + 1
        return index

    def probability(self) -> Fraction:
        """The chance of the sequence just run (the products in integers, one reduction at
        the end: a Fraction per die cost half of a Legends coach's first enumeration)."""
        num = den = 1
        sides, faces, weights = self._sides, self._faces, self._weights
        for at in range(self._at):
            n = sides[at]
            if n > 0:
                den *= n
            else:
                num *= weights[at][faces[at]]
                den *= -n
        return Fraction(num, den)

    def advance(self) -> bool:
        """Move to the next sequence; False when every one has been run."""
        faces, sides = self._faces, self._sides
        if self._at != len(faces):
            raise ScrimmageError(f"the run stopped after {self._at} of the {len(faces)} rolls "
                                 "it made before on the same faces: it is not deterministic")
        while faces and faces[-1] == self._last(len(faces) - 1):
            faces.pop()
            sides.pop()
            self._weights.pop(len(faces), None)
        if not faces:
            return False
        faces[-1] += 1
        self._at = 0
        self.log = []
        return True

    def _last(self, at: int) -> int:
        """The last face of the die at `at`: its size, or a pick's last index."""
        sides = self._sides[at]
        return sides if sides > 0 else len(self._weights[at]) - 1


def enumerate_outcomes(run: Callable[[TreeDice], T],
                       limit: int = DEFAULT_LIMIT) -> list[tuple[Fraction, T]]:
    """`run`'s result for every sequence of faces, with the sequence's exact probability (the
    probabilities sum to 1)."""
    dice = TreeDice()
    out: list[tuple[Fraction, T]] = []
    while True:
        result = run(dice)
        out.append((dice.probability(), result))
        if not dice.advance():
            return out
        if len(out) >= limit:
            raise ScrimmageError(f"more than {limit:,} dice sequences: enumerate a smaller "
                                 "piece of the rules")


def distribution(outcomes: list[tuple[Fraction, T]]) -> dict[T, Fraction]:
    """Equal results merged: each distinct result and its probability."""
    merged: dict[T, Fraction] = {}
    for p, result in outcomes:
        merged[result] = merged.get(result, Fraction(0)) + p
    return merged
