"""Dice: the only source of chance in scrimmage.

Every roll in every ruleset goes through a `Dice` object handed to the rules by the caller.
`SeededDice` is the one used for play and simulation; `ScriptedDice` feeds exact rolls so a
rulebook example becomes a test; `TypedDice` plays the dice thrown at a real table and typed
in (`scrimmage play --dice manual`), which are then the record's inputs. Each roll is logged
as ``(sides, value)`` so play records can show what was rolled.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Protocol

from scrimmage.core.errors import DiceExhausted, ScrimmageError, TypedDiceEnded

__all__ = ["Dice", "DiceExhausted", "ScriptedDice", "SeededDice", "TypedDice", "TypedDiceEnded"]


class Dice(Protocol):
    """A source of die rolls. `roll(20)` returns an int in 1..20."""

    log: list[tuple[int, int]]

    def roll(self, sides: int) -> int: ...


class SeededDice:
    """Fair dice driven by a seeded `random.Random` (the fastest scalar generator in CPython)."""

    __slots__ = ("_random", "log", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random(seed).random
        self.log: list[tuple[int, int]] = []

    def roll(self, sides: int) -> int:
        value = int(self._random() * sides) + 1
        self.log.append((sides, value))
        return value


class ScriptedDice:
    """Dice that return the given values in order, checking each against the die's size.

    ``ScriptedDice([7, 12, 3])`` makes the next three rolls 7, 12 and 3 whatever dice are
    thrown; a value too large for the die thrown raises `ValueError`, so a test whose script
    no longer matches the procedure fails loudly instead of silently reading another chart.
    """

    __slots__ = ("_pos", "_queue", "fallback", "log")

    def __init__(self, values: Iterable[int], fallback: Dice | None = None) -> None:
        self._queue = list(values)
        self._pos = 0
        self.log: list[tuple[int, int]] = []
        self.fallback = fallback

    @property
    def remaining(self) -> int:
        return len(self._queue) - self._pos

    def roll(self, sides: int) -> int:
        if self._pos >= len(self._queue):
            if self.fallback is not None:
                value = self.fallback.roll(sides)
                self.log.append((sides, value))
                return value
            raise DiceExhausted(f"no scripted roll left for a d{sides} (used {self._pos})")
        value = self._queue[self._pos]
        if not 1 <= value <= sides:
            raise ValueError(f"scripted roll #{self._pos + 1} is {value}, not a face of a d{sides}")
        self._pos += 1
        self.log.append((sides, value))
        return value


class TypedDice:
    """The dice of a real table: `values` are the faces typed so far, in the order thrown (the
    record's `dice`, the game's inputs in place of a seed's), read back in order; past them
    each die is asked of `throw` (a table parks the game until the person types it) and
    appended to `values`. Without `throw` the game stops where the typed dice end
    (`TypedDiceEnded`). `before`, when given, is called before each die (a table notes how
    many decisions came before it, to take the die back with the right ones)."""

    __slots__ = ("_pos", "before", "log", "throw", "values")

    def __init__(self, values: list[int], throw: Callable[[int], int] | None = None,
                 before: Callable[[], None] | None = None) -> None:
        self.values = values
        self.throw = throw
        self.before = before
        self._pos = 0
        self.log: list[tuple[int, int]] = []

    @property
    def used(self) -> int:
        """How many of the typed dice the game has read."""
        return self._pos

    def roll(self, sides: int) -> int:
        pos = self._pos
        if self.before is not None:
            self.before()
        if pos == len(self.values):
            if self.throw is None:
                raise TypedDiceEnded(f"the typed dice end at die {pos + 1} (a d{sides})")
            self.values.append(self.throw(sides))
        value = self.values[pos]
        if not 1 <= value <= sides:
            raise ScrimmageError(f"typed die {pos + 1} is {value}, not a face of a d{sides}")
        self._pos = pos + 1
        self.log.append((sides, value))
        return value
