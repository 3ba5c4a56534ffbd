"""The state of a Football Legends game: what the score pad and the markers show.

`GameState` holds the ball (possession, yardline_100, down, distance), the clock, the score,
timeouts, coaching points, the momentum meter and both checkoff sheets. `SeatView` is what one
coach may look at: everything on the table except the opponent's unrevealed card.
"""

from __future__ import annotations

from math import ceil
from typing import Any, Final

from scrimmage.core.clock import PeriodClock
from scrimmage.core.field import Side
from scrimmage.core.sides import AWAY, HOME, opponent_of
from scrimmage.core.situation import Situation, situation_text
from scrimmage.rules.legends.cards import DEF_INDEX, DEF_SETS, OFF_INDEX, OFF_SETS
from scrimmage.rules.legends.charts import LevelRules, XSheets
from scrimmage.rules.legends.checkoff import Checkoff
from scrimmage.rules.legends.coaching_points import CoachingPoints
from scrimmage.rules.legends.momentum import Momentum
from scrimmage.rules.legends.sheets import Team


class TeamState:
    """One team's side of the table."""

    __slots__ = ("cp", "def_checkoff", "ignored_penalty", "name", "off_checkoff", "side",
                 "speed_left", "speed_owed", "speed_sign", "speed_total", "team", "timeouts")

    def __init__(self, side: Side | None = None, team: Team | None = None,
                 rules: LevelRules | None = None, cp_total: int = 0) -> None:
        # No arguments: a blank that copy() fills (core/compiled.py).
        if side is None or team is None or rules is None:
            return
        self.side = side
        self.team = team
        self.name = team.name
        self.off_checkoff = Checkoff((team.runs,) * 3 + (team.passes,) * 3, rules.search)
        self.def_checkoff = Checkoff((team.header.def_rows,) * 6, rules.search)
        self.timeouts = rules.timeouts_per_half
        self.cp = CoachingPoints(cp_total, rules.cp_first_half_cap)
        self.ignored_penalty = 0
        # FNL-12: play speed, a signed count of plays to slow down (+) or speed up (-).
        speed = team.header.play_speed if rules.play_speed else 0
        self.speed_total = abs(speed)
        self.speed_left = abs(speed)
        self.speed_sign = 1 if speed > 0 else -1
        self.speed_owed = 0
        """FNL-13: 15-yard penalties owed for unspent play speed, called on the next snap."""

    def copy(self) -> TeamState:
        """A copy to try a play on (a what-if): checkoffs and coaching points copied, the
        printed sheet shared (nothing changes it)."""
        c = TeamState.__new__(TeamState)
        c.side = self.side
        c.team = self.team
        c.name = self.name
        c.off_checkoff = self.off_checkoff.copy()
        c.def_checkoff = self.def_checkoff.copy()
        c.timeouts = self.timeouts
        c.cp = self.cp.copy()
        c.ignored_penalty = self.ignored_penalty
        c.speed_total = self.speed_total
        c.speed_left = self.speed_left
        c.speed_sign = self.speed_sign
        c.speed_owed = self.speed_owed
        return c

    @property
    def speed_used(self) -> int:
        return self.speed_total - self.speed_left


SPEED_QUOTAS: Final = ((2, 0.5, "by halftime"), (3, 0.75, "by the 4th quarter"))
"""FNL-13: the share of play-speed points a team must have spent by the end of each of these
quarters, or be flagged 15 yards."""


def speed_quota(t: TeamState, quarter: int, seconds_left: int,
                period_seconds: int) -> tuple[int, str, int] | None:
    """The next FNL-13 quota: (points still needed, by when, seconds of play until then), or
    None when no quota lies ahead."""
    for last_quarter, share, when in SPEED_QUOTAS:
        if quarter <= last_quarter:
            needed = ceil(share * t.speed_total) - t.speed_used
            seconds = seconds_left + (last_quarter - quarter) * period_seconds
            return max(0, needed), when, seconds
    return None


def coaching_point_budgets(home: Team, away: Team, rules: LevelRules) -> tuple[int, int]:
    """FNL-10: high school reads the sheets; college and pro start from 5 and the team with
    the larger SOS adds the difference (capped, AMB-FNL-30). The home bonus comes on top."""
    if not rules.cp_base:
        return home.header.coaching_points, away.header.coaching_points
    diff = abs(home.header.sos - away.header.sos)
    h = rules.cp_base + (diff if home.header.sos > away.header.sos else 0)
    a = rules.cp_base + (diff if away.header.sos > home.header.sos else 0)
    return min(h, rules.cp_cap), min(a, rules.cp_cap)


class GameState:
    __slots__ = (
        "clock",
        "down",
        "home_bonus",
        "kickoff_shift_home",
        "momentum",
        "over",
        "overtime",
        "pending_third_stop",
        "plays",
        "possession",
        "rules",
        "score",
        "sos_adj",
        "teams",
        "x",
        "yardline",
        "ydstogo",
    )

    def __init__(self, home: Team | None = None, away: Team | None = None,
                 rules: LevelRules | None = None, xsheets: XSheets | None = None,
                 neutral: bool = False) -> None:
        # No arguments: a blank that copy() fills (core/compiled.py).
        if home is None or away is None or rules is None or xsheets is None:
            return
        self.rules = rules
        self.x = xsheets
        bonus = 0 if neutral else rules.cp_home_bonus
        self.home_bonus = bonus
        home_cp, away_cp = coaching_point_budgets(home, away, rules)
        self.teams = {
            HOME: TeamState(HOME, home, rules, min(home_cp + bonus, rules.cp_cap)),
            AWAY: TeamState(AWAY, away, rules, away_cp),
        }
        self.clock = PeriodClock(rules.quarter_minutes)
        self.score = {HOME: 0, AWAY: 0}
        self.possession = HOME
        self.yardline = 75
        self.down = 1
        self.ydstogo = 10
        self.momentum = Momentum(rules.momentum_points["limit"],
                                 rules.momentum_points["overflow_back"],
                                 rules.momentum_points["quarter_decay"])
        self.plays: list[dict[str, Any]] = []
        self.kickoff_shift_home = 0
        """Yards a penalty assessed on the next kickoff moves the ball in the home team's
        favour (FNL-36). Kept by team, not by kicker: the foul is marked before anyone knows
        who kicks next (a field goal's kicker is set after its record is closed)."""
        self.pending_third_stop: Side | None = None
        """A 3rd-down stop waiting to learn whether the offense kicks (FNL-86)."""
        self.over = False
        self.overtime = 0
        self.sos_adj = self._sos_adjustment(home, away) if rules.sos_adjust else {
            HOME: (0, 0), AWAY: (0, 0)}

    def copy(self) -> GameState:
        """A copy to try a step on (`what_if.copy_game`): everything a step changes copied,
        the rules and charts shared, the play list empty (a what-if keeps no history). A
        field added to `__init__` belongs here too (tests/legends/test_copy_game.py)."""
        c = GameState.__new__(GameState)
        c.rules = self.rules
        c.x = self.x
        c.home_bonus = self.home_bonus
        c.teams = {side: t.copy() for side, t in self.teams.items()}
        c.clock = self.clock.copy()
        c.score = dict(self.score)
        c.possession = self.possession
        c.yardline = self.yardline
        c.down = self.down
        c.ydstogo = self.ydstogo
        c.momentum = self.momentum.copy()
        c.plays = []
        c.kickoff_shift_home = self.kickoff_shift_home
        c.pending_third_stop = self.pending_third_stop
        c.over = self.over
        c.overtime = self.overtime
        c.sos_adj = dict(self.sos_adj)         # its values are tuples
        return c

    def _sos_adjustment(self, home: Team, away: Team) -> dict[Side, tuple[int, int]]:
        """FNL-11: (run, pass) yards added to each team's offensive plays."""
        diff = abs(home.header.sos - away.header.sos)
        run = pas = 0
        for start, r, p in self.rules.sos_table:
            if diff >= start:
                run, pas = r, p
        high = HOME if home.header.sos >= away.header.sos else AWAY
        return {high: (run, pas), opponent_of(high): (-run, -pas)}

    # -- the ball ----------------------------------------------------------------------
    @property
    def offense(self) -> TeamState:
        return self.teams[self.possession]

    @property
    def defense(self) -> TeamState:
        return self.teams[opponent_of(self.possession)]

    def situation(self) -> Situation:
        togo = min(self.ydstogo, self.yardline)
        return Situation(self.clock.quarter, self.clock.seconds_left, self.possession,
                         self.down, max(1, togo), self.yardline)

    def situation_text(self) -> str:
        """`situation().format()`, without the `Situation` (each snap's record has one)."""
        c = self.clock
        return situation_text(c.quarter, c.seconds_left, self.possession, self.down,
                              max(1, min(self.ydstogo, self.yardline)), self.yardline)

    def set_situation(self, s: Situation) -> None:
        """Put the ball where a situation string says (scenario tests)."""
        self.clock.quarter = s.quarter
        self.clock.seconds_left = s.seconds_left
        self.possession = s.possession
        self.down = s.down
        self.ydstogo = s.ydstogo
        self.yardline = s.yardline_100

    def first_down_at(self, yardline: int) -> None:
        self.yardline = yardline
        self.down = 1
        self.ydstogo = min(10, yardline)

    def change_possession(self, new_offense_yardline: int) -> None:
        """The other team takes over, first and ten at a spot seen from its side."""
        self.possession = opponent_of(self.possession)
        self.first_down_at(new_offense_yardline)

    @property
    def half(self) -> int:
        return 1 if self.clock.quarter <= 2 else 2

    def spot_text(self, yardline: int | None = None) -> str:
        y = self.yardline if yardline is None else yardline
        if y == 50:
            return "50"
        return f"OWN{100 - y}" if y > 50 else f"OPP{y}"



_CARD_SLOTS: Final[dict[str, int]] = {**OFF_INDEX, **{c: 6 + j for c, j in DEF_INDEX.items()}}
"""Where each card's count of open plays is in a team's two checkoffs' `available` lists put
end to end (the offense's six sets, then the defense's)."""


class SeatView:
    """What one coach may see. Built once per seat; reads the live state. The parts that stay
    the same objects all game are plain attributes, not properties (computer coaches read
    them thousands of times a game): `table`, `clock`, `own` and `profile`."""

    __slots__ = ("clock", "own", "profile", "seat", "table")

    def __init__(self, state: GameState, seat: Side) -> None:
        self.table = state
        """The whole table, read only: Legends sheets and checkoffs lie open to both coaches,
        and a coach that computes a call's payoffs reads them (issue 20)."""
        self.clock = state.clock        # the same object all game: coaches read it constantly
        self.seat = seat
        self.own: TeamState = state.teams[seat]
        """This seat's side of the table (the same object all game)."""
        self.profile: str = state.rules.profile
        """The rules profile: "legends" (the later book) or "classic" (the older one)."""

    @property
    def situation(self) -> Situation:
        return self.table.situation()

    @property
    def score(self) -> dict[Side, int]:
        return dict(self.table.score)

    @property
    def opponent_team(self) -> Team:
        """The opponent's printed sheet (public: it lies on the table)."""
        return self.table.teams[opponent_of(self.seat)].team

    @property
    def plays_left(self) -> dict[str, int]:
        """Plays left in each set of this team's checkoff sheets, by card (FNL-5): a used-up
        set is read on row 1 whenever it is called (AMB-FNL-10), so a coach looks first."""
        t = self.own
        left = dict(zip(OFF_SETS, t.off_checkoff.available, strict=True))
        left.update(zip(DEF_SETS, t.def_checkoff.available, strict=True))
        return left

    @property
    def any_set_used_up(self) -> bool:
        """Has any set of this team's checkoff sheets no plays left? (Cheap: asked each call.)"""
        t = self.own
        return 0 in t.off_checkoff.available or 0 in t.def_checkoff.available

    def open_cards(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        """The cards of `cards` whose sets still have plays (a card of no set stays)."""
        t = self.own
        left = t.off_checkoff.available + t.def_checkoff.available
        open_: list[str] = []
        for c in cards:
            k = _CARD_SLOTS.get(c)          # one look-up a card (a coach asks late in games)
            if k is None or left[k] > 0:
                open_.append(c)
        return tuple(open_)

    @property
    def opponent_timeouts(self) -> int:
        return self.table.teams[opponent_of(self.seat)].timeouts

    @property
    def opponent_cp_left(self) -> int:
        return self.table.teams[opponent_of(self.seat)].cp.left

    @property
    def on_offense(self) -> bool:
        return self.table.possession is self.seat

    @property
    def momentum(self) -> int:
        """Meter value seen from this seat: positive means momentum is with this team."""
        v = self.table.momentum.value
        return v if self.seat is HOME else -v

    @property
    def margin(self) -> int:
        return self.table.score[self.seat] - self.table.score[opponent_of(self.seat)]

    @property
    def quarter(self) -> int:
        return self.clock.quarter

    @property
    def seconds_left(self) -> int:
        return self.clock.seconds_left

    @property
    def half_seconds_left(self) -> int:
        return self.clock.half_seconds_remaining

    @property
    def yardline(self) -> int:
        return self.table.yardline

    @property
    def down(self) -> int:
        return self.table.down

    @property
    def ydstogo(self) -> int:
        return self.table.ydstogo

    @property
    def overtime(self) -> bool:
        return self.table.overtime > 0

    @property
    def speed_quota(self) -> tuple[int, str, int] | None:
        """This team's next play-speed quota (FNL-13), see `speed_quota`."""
        c = self.table.clock
        if self.table.overtime:
            return None
        return speed_quota(self.own, c.quarter, c.seconds_left, c.period_seconds)

    @property
    def last_play(self) -> dict[str, Any] | None:
        return self.table.plays[-1] if self.table.plays else None
