"""The momentum meter (FNL-79..87), signed toward the home team."""

from __future__ import annotations

from scrimmage.core.field import Side
from scrimmage.core.sides import HOME


class Momentum:
    __slots__ = ("back", "decay", "limit", "value")

    def __init__(self, limit: int = 4, back: int = 2, decay: int = 3) -> None:
        self.value = 0
        self.limit = limit
        self.back = back
        self.decay = decay

    def copy(self) -> Momentum:
        """A copy to try a play on (a what-if)."""
        c = Momentum(self.limit, self.back, self.decay)
        c.value = self.value
        return c

    def push(self, side: Side, points: int) -> int:
        """Move the meter toward `side`; returns coaching points earned by overflow (FNL-81).

        AMB-FNL-18: past the limit the team with momentum earns one point and the meter
        moves back toward 0 by `back` spots counted from the raw value.
        """
        raw = self.value + (points if side is HOME else -points)
        earned = 0
        if abs(raw) > self.limit:
            earned = 1
            sign = 1 if raw > 0 else -1
            raw = sign * min(self.limit, abs(raw) - self.back)
        self.value = raw
        return earned

    def quarter_decay(self) -> None:
        """FNL-82: three spots toward 0 at the end of the 1st and 3rd quarters."""
        if self.value > 0:
            self.value = max(0, self.value - self.decay)
        else:
            self.value = min(0, self.value + self.decay)

    def reset(self) -> None:
        """FNL-83/84: at halftime and on every timeout."""
        self.value = 0

    def text(self, home: str, away: str) -> str:
        if self.value == 0:
            return "even"
        return f"{home if self.value > 0 else away} +{abs(self.value)}"
