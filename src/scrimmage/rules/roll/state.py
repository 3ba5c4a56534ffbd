"""The table of a 1st & Roll game: the ball and first-down marker, the clock marker, the score
and the timeout magnets (FR-3, FR-5). `RollView` is what one seat may see: everything on the
table (the dice each coach holds in a closed hand are never stored here before they are shown).

The clock marker stands on a space of the clock track (DATA-FR-2): the book keeps one clock
a half, running down from 30:00, and that is the clock every line shows (the situation
`H1 28:00 HOME 1&10 OWN25`, the record's `clock` and `half_seconds_remaining`, the score pad).
The nflverse columns `qtr` and `quarter_seconds_remaining` are derived from it, reading the
half as two 15-minute quarters; overtime periods are quarters 5, 6, ...
"""

from __future__ import annotations

from typing import Any, Final

from scrimmage.core.field import Side
from scrimmage.core.scoreboard import ORDINAL
from scrimmage.core.sides import AWAY, HOME, opponent_of
from scrimmage.core.situation import Situation, minutes_text, side_word
from scrimmage.rules.roll.faces import DiceSet
from scrimmage.rules.roll.teams import RollTeam

TIMEOUTS: Final = 3
"""FR-3: one magnet on each 3 under Time Outs."""
HALF_SECONDS: Final = 30 * 60
QUARTER_SECONDS: Final = 15 * 60


class RollState:
    __slots__ = ("down", "names", "over", "overtime", "period", "plays", "possession", "score",
                 "space", "teams", "timeouts", "track", "yardline", "ydstogo")

    def __init__(self, home: RollTeam | None = None, away: RollTeam | None = None,
                 dice: DiceSet | None = None) -> None:
        # No arguments: a blank that copy() fills (core/compiled.py).
        if home is None or away is None or dice is None:
            return
        self.teams = {HOME: home, AWAY: away}
        self.names = {HOME: home.name, AWAY: away.name}
        self.track = dice.track
        self.period = 1
        """1 and 2 are the halves; 3, 4, ... overtime periods."""
        self.space = 0
        """Index of the clock marker's space on the track (FR-3: on 30:00)."""
        self.timeouts = {HOME: TIMEOUTS, AWAY: TIMEOUTS}
        self.score = {HOME: 0, AWAY: 0}
        self.possession = HOME
        self.yardline = 75
        """Yards from the offense to the goal line it attacks (nflverse yardline_100)."""
        self.down = 1
        self.ydstogo = 10
        self.over = False
        self.overtime = 0
        self.plays: list[dict[str, Any]] = []

    def copy(self) -> RollState:
        """The table as it stands, for a what-if: its dicts its own and no plays yet; the
        teams and the clock track are shared (no rule changes them)."""
        c = RollState.__new__(RollState)
        c.teams = dict(self.teams)
        c.names = dict(self.names)
        c.track = self.track
        c.period = self.period
        c.space = self.space
        c.timeouts = dict(self.timeouts)
        c.score = dict(self.score)
        c.possession = self.possession
        c.yardline = self.yardline
        c.down = self.down
        c.ydstogo = self.ydstogo
        c.over = self.over
        c.overtime = self.overtime
        c.plays = []
        return c

    # -- the clock ---------------------------------------------------------------------
    @property
    def half_seconds(self) -> int:
        return self.track[self.space]

    @property
    def qtr(self) -> int:
        if self.period > 2:
            return 4 + self.overtime
        first = 1 if self.period == 1 else 3
        return first if self.half_seconds > QUARTER_SECONDS else first + 1

    @property
    def quarter_seconds(self) -> int:
        hs = self.half_seconds
        if self.period <= 2 and hs > QUARTER_SECONDS:
            return hs - QUARTER_SECONDS
        return hs

    @property
    def game_seconds(self) -> int:
        return self.half_seconds + (HALF_SECONDS if self.period == 1 else 0)

    @property
    def clock_text(self) -> str:
        return minutes_text(self.half_seconds)

    @property
    def period_label(self) -> str:
        """H1, H2 for the halves; OT1, OT2... for overtime periods."""
        return f"H{self.period}" if self.period <= 2 else f"OT{self.overtime}"

    @property
    def clock_line(self) -> str:
        """`H1 28:00`: the period and the half's clock, as the book's clock track shows it."""
        return f"{self.period_label} {self.clock_text}"

    def situation_text(self) -> str:
        """`H1 28:00 HOME 1&10 OWN25`: the situation told with the book's half clock (the
        core `Situation`, with quarters, is what coaches read)."""
        togo = "G" if self.ydstogo >= self.yardline else str(self.ydstogo)
        y = self.yardline
        spot = "50" if y == 50 else f"OWN{100 - y}" if y > 50 else f"OPP{y}"
        return f"{self.clock_line} {side_word(self.possession)} {self.down}&{togo} {spot}"

    # -- the ball ----------------------------------------------------------------------
    def situation(self) -> Situation:
        togo = max(1, min(self.ydstogo, self.yardline))
        return Situation(self.qtr, self.quarter_seconds, self.possession, self.down, togo,
                         self.yardline)

    def set_situation(self, s: Situation) -> None:
        """Put the ball and the clock marker where a situation string says (scenario tests).
        The clock must name a space of the track."""
        if s.quarter > 4:
            self.period, self.overtime, half_seconds = 2 + (s.quarter - 4), s.quarter - 4, \
                s.seconds_left
        else:
            self.period = 1 if s.quarter <= 2 else 2
            half_seconds = s.seconds_left + (QUARTER_SECONDS if s.quarter in (1, 3) else 0)
        if half_seconds not in self.track:
            raise ValueError(f"{s}: the clock track has no space at {half_seconds // 60}:"
                             f"{half_seconds % 60:02d}")
        self.space = self.track.index(half_seconds)
        self.possession = s.possession
        self.down = s.down
        self.ydstogo = s.ydstogo
        self.yardline = s.yardline_100

    def first_down_at(self, yardline: int) -> None:
        """FR-20: the down marker back to column 1, ten yards (or the goal) to gain."""
        self.yardline = yardline
        self.down = 1
        self.ydstogo = min(10, yardline)

    def take_over(self, side: Side, yardline: int) -> None:
        """`side` has the ball, first and ten at `yardline` seen from its side (FR-6)."""
        self.possession = side
        self.first_down_at(yardline)

    def down_text(self) -> str:
        """"2nd & 7 at own 30", "1st & goal at opp 4"."""
        togo = "goal" if self.ydstogo >= self.yardline else str(self.ydstogo)
        return f"{ORDINAL[self.down]} & {togo} at {self.spot_text()}"

    def ball_for(self, side: Side, yardline: int) -> str:
        """`Harbor Hounds ball at their own 30`: a spot given as `side`'s yardline_100, in
        words either coach reads the same way."""
        if yardline == 50:
            where = "midfield"
        elif yardline > 50:
            where = f"their own {100 - yardline}"
        else:
            where = f"the opponents' {yardline}"
        return f"{self.names[side]} ball at {where}"

    def spot_text(self, yardline: int | None = None) -> str:
        y = self.yardline if yardline is None else yardline
        if y == 50:
            return "50"
        return f"own {100 - y}" if y > 50 else f"opp {y}"


class RollView:
    """What one seat may see. Built once per seat; reads the live state."""

    __slots__ = ("_game", "_state", "_two_minute", "dice", "seat")

    def __init__(self, state: RollState, seat: Side, dice: DiceSet, game: Any = None) -> None:
        self._state = state
        self._two_minute = dice.two_minute
        self._game = game
        self.dice = dice
        """The faces of every die on the table (both coaches see them)."""
        self.seat = seat

    @property
    def table(self) -> Any:
        """The whole game, read only (every die lies open on the table): a coach that tries a
        choice on a copy of the game reads it (issue 20)."""
        return self._game

    @property
    def situation(self) -> Situation:
        return self._state.situation()

    @property
    def score(self) -> dict[Side, int]:
        return dict(self._state.score)

    @property
    def on_offense(self) -> bool:
        """True while this seat's team has the ball (or receives a kick): the seat's offense
        coach decides (FR-1, `coaches.split.SplitCoach`)."""
        return self._state.possession is self.seat

    @property
    def margin(self) -> int:
        return self._state.score[self.seat] - self._state.score[opponent_of(self.seat)]

    @property
    def timeouts(self) -> int:
        return self._state.timeouts[self.seat]

    @property
    def opponent_timeouts(self) -> int:
        return self._state.timeouts[opponent_of(self.seat)]

    @property
    def period(self) -> int:
        """1, 2 for the halves; 3, 4, ... overtime."""
        return self._state.period

    @property
    def overtime(self) -> bool:
        return self._state.period > 2

    @property
    def space(self) -> int:
        """The clock marker's space (0 = 30:00)."""
        return self._state.space

    @property
    def spaces_left(self) -> int:
        """Moves of the clock marker left before the half ends."""
        return len(self._state.track) - 1 - self._state.space

    @property
    def on_two_minute(self) -> bool:
        return self._state.space == self._two_minute

    @property
    def yardline(self) -> int:
        return self._state.yardline

    @property
    def down(self) -> int:
        return self._state.down

    @property
    def ydstogo(self) -> int:
        return self._state.ydstogo

    @property
    def last_play(self) -> dict[str, Any] | None:
        return self._state.plays[-1] if self._state.plays else None
