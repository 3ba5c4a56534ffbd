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
from typing import TypeVar

from scrimmage.core.errors import ScrimmageError

T = TypeVar("T")

DEFAULT_LIMIT = 200_000
"""Runs before `enumerate_outcomes` gives up: a guard against enumerating a whole game."""


class TreeDice:
    """Dice that replay a fixed prefix of faces, then roll 1 on every new die, remembering its
    size; `advance` moves to the next sequence in depth-first order."""

    __slots__ = ("_at", "_faces", "_sides", "log")

    def __init__(self) -> None:
        self._faces: list[int] = []
        self._sides: list[int] = []
        self._at = 0
        self.log: list[tuple[int, int]] = []

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

    def probability(self) -> Fraction:
        """The chance of the sequence just run."""
        ways = 1
        for sides in self._sides[:self._at]:
            ways *= sides
        return Fraction(1, ways)

    def advance(self) -> bool:
        """Move to the next sequence; False when every one has been run."""
        faces, sides = self._faces, self._sides
        if self._at != len(faces):
            raise ScrimmageError(f"the run stopped after {self._at} of the {len(faces)} rolls "
                                 "it made before on the same faces: it is not deterministic")
        while faces and faces[-1] == sides[-1]:
            faces.pop()
            sides.pop()
        if not faces:
            return False
        faces[-1] += 1
        self._at = 0
        self.log = []
        return True


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
