"""Game clocks.

`PeriodClock` keeps seconds left in the current period. Football Legends keeps time in 10-second
boxes (one row of six per minute), so every duration it charges is a multiple of `box_seconds`;
other games may charge any number of seconds or use no clock at all (`untimed`, for overtime
possessions and tries).
"""

from __future__ import annotations


class PeriodClock:
    __slots__ = ("box_seconds", "period_seconds", "periods", "quarter", "seconds_left", "untimed")

    def __init__(self, period_minutes: int, periods: int = 4, box_seconds: int = 10) -> None:
        self.period_seconds = period_minutes * 60
        self.periods = periods
        self.box_seconds = box_seconds
        self.quarter = 1
        self.seconds_left = self.period_seconds
        self.untimed = False

    def copy(self) -> PeriodClock:
        """The same clock, to run on in a what-if (every field is a number)."""
        c = PeriodClock(0, self.periods, self.box_seconds)
        c.period_seconds = self.period_seconds
        c.quarter = self.quarter
        c.seconds_left = self.seconds_left
        c.untimed = self.untimed
        return c

    @property
    def boxes_left(self) -> int:
        """Blank 10-second boxes left on the score pad for this period."""
        return self.seconds_left // self.box_seconds

    @property
    def expired(self) -> bool:
        return not self.untimed and self.seconds_left <= 0

    @property
    def half(self) -> int:
        return 1 if self.quarter <= 2 else 2

    @property
    def half_seconds_remaining(self) -> int:
        if self.quarter > self.periods:
            return self.seconds_left
        extra = self.period_seconds if self.quarter in (1, 3) else 0
        return self.seconds_left + extra

    @property
    def game_seconds_remaining(self) -> int:
        later = max(0, self.periods - self.quarter) * self.period_seconds
        return self.seconds_left + later

    def run(self, seconds: int) -> None:
        """Charge a play's duration; the clock stops at 0 (the period ends after the play)."""
        if not self.untimed:
            self.seconds_left = max(0, self.seconds_left - seconds)

    def next_period(self, seconds: int | None = None) -> None:
        self.quarter += 1
        self.seconds_left = self.period_seconds if seconds is None else seconds
