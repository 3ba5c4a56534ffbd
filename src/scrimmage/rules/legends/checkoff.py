"""The Play Checkoff Sheet (FNL-4, FNL-5, FNL-27..30).

Each of the six sets has numbers 1..24; numbers above the team's count for that set are struck
before the game (FNL-4), and each number is used once (FNL-5). A rolled number resolves to an
available number by the profile's search (FNL-27): legends takes the next available number,
wrapping past the last to 1; classic takes the lowest available number.
"""

from __future__ import annotations

from typing import Final

from scrimmage.core.errors import IllegalDecision

MAX_ROWS: Final = 24


class Checkoff:
    """One team's checkoff for one side of the ball (six sets)."""

    __slots__ = ("available", "rows", "search_next", "used")

    def __init__(self, rows: tuple[int, ...], search: str = "next",
                 used: list[list[bool]] | None = None, available: list[int] | None = None) -> None:
        self.rows = rows
        """Playable numbers per set (1..rows[i]); the rest are struck before the game."""
        # `used` and `available` are given by `copy` only: a new checkoff has nothing used.
        self.used: list[list[bool]] = [[False] * (n + 1) for n in rows] if used is None else used
        self.available: list[int] = list(rows) if available is None else available
        self.search_next = search == "next"

    def copy(self) -> Checkoff:
        """A copy to try a play on (a what-if): the crossed-off marks copied set by set,
        the struck rows (a tuple) shared."""
        return Checkoff(self.rows, "next" if self.search_next else "top",
                        [marks[:] for marks in self.used], self.available[:])

    def exhausted(self, set_index: int) -> bool:
        return self.available[set_index] == 0

    def resolve(self, set_index: int, roll: int) -> int:
        """The play number a roll lands on (FNL-27), without crossing it off.

        Raises `IllegalDecision` if the set is exhausted (FNL-28: the caller handles the
        3rd/4th-down exception before asking).
        """
        n = self.rows[set_index]
        used = self.used[set_index]
        if self.available[set_index] == 0:
            raise IllegalDecision(f"every play of set {set_index} has been used")
        if roll <= n and not used[roll]:
            return roll
        # `used[0]` is never set, so a search from 1 always stops at a real number (the set
        # has one: it is not exhausted). `list.index` does the looking in C.
        if self.search_next and roll < n:
            number = self._first_open(used, roll + 1)
            if number:
                return number
        return self._first_open(used, 1)

    @staticmethod
    def _first_open(used: list[bool], start: int) -> int:
        """The first unused number from `start` on, or 0 if none is left."""
        try:
            return used.index(False, start)
        except ValueError:
            return 0

    def row(self, set_index: int, roll: int, free: bool) -> int:
        """The row a roll reads, without crossing it off: tries (FNL-61) use the rolled number
        as it falls, an exhausted set reads row 1 (AMB-FNL-10), else FNL-27's search."""
        if free:
            return self.free_roll(set_index, roll)
        if self.available[set_index] == 0:
            return 1
        return self.resolve(set_index, roll)

    def take(self, set_index: int, roll: int, free: bool) -> int:
        """A snap's number (FNL-27), crossed off (FNL-30): `row`, then `cross_off` when the
        set has numbers left. Tries (FNL-61) and exhausted sets (AMB-FNL-10: row 1) cross
        nothing off. One call a card each snap: the usual roll, an open number, is read here
        without a search."""
        if free:
            return self.free_roll(set_index, roll)
        available = self.available
        if available[set_index] == 0:
            return 1
        used = self.used[set_index]
        number = roll if roll <= self.rows[set_index] and not used[roll] else \
            self.resolve(set_index, roll)
        # `resolve` found it open and on the sheet: nothing for `cross_off` to refuse.
        used[number] = True
        available[set_index] -= 1
        return number

    def cross_off(self, set_index: int, number: int) -> None:
        """Mark a number used (FNL-30); using a number twice is refused (FNL-5)."""
        if not 1 <= number <= self.rows[set_index]:
            raise IllegalDecision(f"play {number} is struck from this set (only 1-{self.rows[set_index]})")
        if self.used[set_index][number]:
            raise IllegalDecision(f"play {number} of this set has already been used")
        self.used[set_index][number] = True
        self.available[set_index] -= 1

    def used_numbers(self, set_index: int) -> list[int]:
        return [i for i, u in enumerate(self.used[set_index]) if u]

    def free_roll(self, set_index: int, roll: int) -> int:
        """A number for a play that is not marked off (two-point tries, FNL-61): the rolled
        number if the set has it, else wrapped into the set's range."""
        n = self.rows[set_index]
        return roll if roll <= n else (roll - 1) % n + 1
