"""Coaching points (FNL-10, FNL-74..78): the budget and the spending rules."""

from __future__ import annotations


class CoachingPoints:
    """One team's coaching points. `total` grows with momentum overflow (AMB-FNL-18)."""

    __slots__ = ("first_half_cap", "ignored_bp_quarter", "ignored_penalty_quarter", "total", "used")

    def __init__(self, total: int, first_half_cap: bool) -> None:
        self.total = total
        self.used = 0
        self.first_half_cap = first_half_cap
        self.ignored_penalty_quarter = 0
        """Quarter in which the 3-point 'ignore a penalty' item was last used (once per quarter)."""
        self.ignored_bp_quarter = 0
        """Quarter in which the 15-point 'ignore a Big Play' item was last used."""

    def copy(self) -> CoachingPoints:
        """A copy to try a play on (a what-if)."""
        c = CoachingPoints(self.total, self.first_half_cap)
        c.used = self.used
        c.ignored_penalty_quarter = self.ignored_penalty_quarter
        c.ignored_bp_quarter = self.ignored_bp_quarter
        return c

    @property
    def left(self) -> int:
        return self.total - self.used

    def why_not(self, cost: int, half: int) -> str | None:
        """None if `cost` may be spent now, else the reason (FNL-77)."""
        if cost > self.left:
            return f"costs {cost} coaching points, {self.left} left"
        if self.first_half_cap and half == 1 and self.used * 2 > self.total:
            return (f"already used {self.used} of {self.total} in the first half; "
                    "no more until the second half")
        return None

    def can(self, cost: int, half: int) -> bool:
        # The hot loop asks this on most plays; same test as why_not, without the message.
        if cost > self.total - self.used:
            return False
        return not (self.first_half_cap and half == 1 and self.used * 2 > self.total)

    def can_at(self, cost: int, quarter: int) -> bool:
        """`can` given the quarter (1 and 2 are the first half): the hot loop has the clock at
        hand, and the game state's `half` is a property."""
        if cost > self.total - self.used:
            return False
        return not (self.first_half_cap and quarter <= 2 and self.used * 2 > self.total)

    def spend(self, cost: int) -> None:
        if cost > self.left:  # guarded by why_not before asking
            raise ValueError("not enough coaching points")
        self.used += cost

    def earn(self, points: int) -> None:
        self.total += points
