"""A 5D20 game: the flow from the coin toss to the final gun, and the helpers every step shares.

The rules are plain calls (DESIGN.md, "The game driver"): wherever a coach must choose, a
step asks `ask(...)` and gets the answer back. The procedures of the book live in `plays` (a
play from scrimmage), `kicking` (kickoffs, punts, place kicks), `tries` (the try after a
touchdown), `fumbles` and `penalties`; this module keeps the ball, the score, the clock
(`era` sets quarters, timeouts and overtime, AMB-D20-1) and the play records.
"""

from __future__ import annotations

from typing import Any, Final

from scrimmage.core.clock import PeriodClock
from scrimmage.core.decisions import (
    K_COIN_TOSS,
    K_OVERTIME_TOSS,
    K_SNAP,
    K_TIMEOUT,
    Answerer,
    Decision,
    Kind,
    no_coach,
)
from scrimmage.core.dice import Dice
from scrimmage.core.fastpath import PassFilter, PassFilters
from scrimmage.core.field import Side
from scrimmage.core.sides import AWAY, HOME, opponent_of
from scrimmage.core.situation import Situation, period_clock, situation_text
from scrimmage.core.snaps import snap_record
from scrimmage.rules.fived20 import kicking, plays, timing, tries
from scrimmage.rules.fived20.chart_play import GameCharts, TeamChart
from scrimmage.rules.fived20.dice import COLOURS, Roll, reroll, roll_five
from scrimmage.rules.fived20.era import Era
from scrimmage.rules.fived20.records import TEMPLATE
from scrimmage.rules.narration import TRY as TRY_LINE
from scrimmage.rules.narration import DiceReads, kick_line

KICKOFF: Final = "kickoff"
FREE_KICK: Final = "free_kick"
TRY: Final = "try"
SCRIMMAGE: Final = "scrimmage"
OT_TOSS: Final = "ot_toss"


_COLOUR_AT: Final = {colour: i for i, colour in enumerate(COLOURS)}


class TeamState:
    __slots__ = ("chart", "name", "side", "timeouts")

    def __init__(self, side: Side, chart: TeamChart, timeouts: int) -> None:
        self.side = side
        self.chart = chart
        self.name = chart.name
        self.timeouts = timeouts

    def copy(self) -> TeamState:
        """The same team for a what-if: its timeouts its own, the chart shared (no rule
        changes a chart)."""
        return TeamState(self.side, self.chart, self.timeouts)


class SeatView:
    """What one coach may see: the whole table (every chart is public) and the situation."""

    __slots__ = ("_g", "seat")

    def __init__(self, game: FiveD20Game, seat: Side) -> None:
        self._g = game
        self.seat = seat

    @property
    def situation(self) -> Situation:
        return self._g.situation()

    @property
    def table(self) -> FiveD20Game:
        """The whole table, read only (every chart is public): a coach that tries a choice
        on a copy of the game reads it (issue 20)."""
        return self._g

    @property
    def score(self) -> dict[Side, int]:
        return dict(self._g.score)

    @property
    def on_offense(self) -> bool:
        return self._g.possession is self.seat

    @property
    def margin(self) -> int:
        return self._g.score[self.seat] - self._g.score[opponent_of(self.seat)]

    @property
    def quarter(self) -> int:
        return self._g.clock.quarter

    @property
    def seconds_left(self) -> int:
        return self._g.clock.seconds_left

    @property
    def yardline(self) -> int:
        return self._g.yardline

    @property
    def down(self) -> int:
        return self._g.down

    @property
    def ydstogo(self) -> int:
        return self._g.ydstogo

    @property
    def timeouts(self) -> int:
        return self._g.teams[self.seat].timeouts

    @property
    def opponent_timeouts(self) -> int:
        return self._g.teams[opponent_of(self.seat)].timeouts

    @property
    def overtime(self) -> bool:
        return self._g.overtime > 0

    @property
    def era(self) -> Era:
        return self._g.era

    @property
    def own_chart(self) -> TeamChart:
        return self._g.teams[self.seat].chart

    @property
    def opponent_chart(self) -> TeamChart:
        return self._g.teams[opponent_of(self.seat)].chart


class FiveD20Game:
    """One game of 5D20 Football."""

    def __init__(self, home: TeamChart | None = None, away: TeamChart | None = None,
                 dice: Dice | None = None, charts: GameCharts | None = None,
                 era: Era | None = None, *, neutral: bool = False,
                 situation_chart: bool = True, narrate: bool = True,
                 replay_ratings: bool = True) -> None:
        # No arguments: a blank that copy() fills (core/compiled.py).
        if home is None or away is None or dice is None or charts is None or era is None:
            return
        self.dice = dice
        self.coach_answer: Answerer = no_coach
        """Where `ask` puts its questions: set by the driver (`scrimmage.core.driver`)."""
        self.charts = charts
        self.era = era
        self.neutral = neutral
        """AMB-D20-18: at a neutral site the white die is never flipped."""
        self.situation_chart = situation_chart
        """D20-19: the optional score-and-time adjustment (on by default)."""
        self.replay_ratings = replay_ratings
        """House rule: read the charts' replay ratings (`charts.Replay`); off, the book."""
        self.teams = {HOME: TeamState(HOME, home, era.timeouts_per_half),
                      AWAY: TeamState(AWAY, away, era.timeouts_per_half)}
        self.clock = PeriodClock(era.quarter_minutes)
        self.score = {HOME: 0, AWAY: 0}
        self.possession = HOME
        self.yardline = 75
        self.down = 1
        self.ydstogo = 10
        self.plays: list[dict[str, Any]] = []
        self.over = False
        self.next = KICKOFF
        self.playing: str | None = "break"
        """The step being played, for the table's status line ("kickoff", "try", "break"
        for a toss; None once its record is closed: then `next` says what comes)."""
        self.kicker = HOME
        self.second_half_kicker = AWAY
        self.overtime = 0
        self.ot_first: Side | None = None
        self.ot_first_done = False
        self._roll_mark = 0
        self.reads = DiceReads(dice, narrate)
        """What each die of the current play was read for (the record's `dice_read`)."""
        self._colours: dict[int, tuple[Roll, list[int]]] = {}
        """For each roll of the current play (by id): where each of its colours (in colour
        order) sits in the dice log."""
        self._fast = PassFilters()
        self.last_kick_roll: Roll | None = None
        self.kickoff_shift = 0
        """Yards the next kickoff (or free kick) moves toward the receiving team's goal: a
        penalty enforced on a kick that is made again."""
        self.carried_home = 0
        """Yards fouls carried to the next kickoff (an (a) foul on a try or a return
        touchdown, D20-48) give the home team. Kept by team, not by kicker: the kicker of
        the next kickoff may not be known yet (the second half's opening kick)."""
        self.try_shift = 0
        """Yards the try after a touchdown moves away from the goal line (a penalty on a try
        that is run again); reset when the try is over."""

    def copy(self, dice: Dice) -> FiveD20Game:
        """The game as it stands, to try a choice on (`what_if.copy_game`): what a step
        changes is the copy's own (score, clock, timeouts); the charts and the era are shared.
        It rolls `dice`, narrates nothing (so it keeps no colours of the live play's dice,
        which only narration reads), starts with no plays, and asks `no_coach` with no pass
        filter until its caller says otherwise. A field added to the game is added here too
        (tests/coaches/test_copy_games.py fails without)."""
        c = FiveD20Game.__new__(FiveD20Game)
        c.dice = dice
        c.coach_answer = no_coach
        c.charts = self.charts
        c.era = self.era
        c.neutral = self.neutral
        c.situation_chart = self.situation_chart
        c.replay_ratings = self.replay_ratings
        c.teams = {side: t.copy() for side, t in self.teams.items()}
        c.clock = self.clock.copy()
        c.score = dict(self.score)
        c.possession = self.possession
        c.yardline = self.yardline
        c.down = self.down
        c.ydstogo = self.ydstogo
        c.plays = []
        c.over = self.over
        c.next = self.next
        c.playing = self.playing
        c.kicker = self.kicker
        c.second_half_kicker = self.second_half_kicker
        c.overtime = self.overtime
        c.ot_first = self.ot_first
        c.ot_first_done = self.ot_first_done
        c._roll_mark = self._roll_mark
        c.reads = DiceReads(dice, False)
        c._colours = {}
        c._fast = PassFilters()
        c.last_kick_roll = self.last_kick_roll           # a roll is a tuple: never changed
        c.kickoff_shift = self.kickoff_shift
        c.carried_home = self.carried_home
        c.try_shift = self.try_shift
        return c

    # -- the driver's interface -------------------------------------------------------------
    def use_pass_filters(self, filters: dict[Side, PassFilter | None],
                         log: list[list[str]] | None) -> None:
        """The driver's hook: computer coaches may wave optional decisions through."""
        self._fast.use(filters, log, self.view)

    def passes(self, kind: Kind, item: str, side: Side, first: str) -> bool:
        """See `scrimmage.core.fastpath`."""
        return self._fast.passes(kind, item, side, first)

    def view(self, seat: Side) -> SeatView:
        return SeatView(self, seat)

    def situation(self) -> Situation:
        return Situation(self.clock.quarter, self.clock.seconds_left, self.possession,
                         self.down, max(1, min(self.ydstogo, self.yardline)), self.yardline)

    def score_pad(self) -> str:
        h, a = self.teams[HOME], self.teams[AWAY]
        c = self.clock
        return (f"[yellow]{h.name} {self.score[HOME]} – {a.name} {self.score[AWAY]}[/] "
                f"{period_clock(c.quarter, c.seconds_left)} | timeouts {h.timeouts}/{a.timeouts}")

    def run(self) -> None:
        self.coin_toss()
        while not self.over:
            self.step()
            self.end_of_period_check()

    def step(self) -> None:
        """One snap, kick or try."""
        kind, score, possession = self.next, dict(self.score), self.possession
        n_plays = len(self.plays)
        if self.next == OT_TOSS:
            self.playing = "break"
            self.overtime_toss()
        elif self.next == KICKOFF:
            self.playing = "kickoff"
            kicking.kickoff(self)
        elif self.next == FREE_KICK:
            self.playing = "kickoff"
            kicking.free_kick(self)
        elif self.next == TRY:
            self.playing = "try"
            tries.try_after_touchdown(self)
        else:
            plays.snap(self)
        if len(self.plays) > n_plays and not self.over:
            self.timeouts_after_play()
        if kind == SCRIMMAGE:
            self.kick_at_zero(possession)
        if self.overtime and self.era.overtime != "none":
            self._overtime_after_step(kind, score, possession)

    def start_at(self, situation: Situation | str) -> None:
        """Put the ball at a situation (scenario tests): the next step is a snap."""
        if isinstance(situation, str):
            situation = Situation.parse(situation)
        self.clock.quarter = situation.quarter
        self.clock.seconds_left = situation.seconds_left
        self.possession = situation.possession
        self.down = situation.down
        self.ydstogo = situation.ydstogo
        self.yardline = situation.yardline_100
        self.next = SCRIMMAGE

    # -- shared helpers ------------------------------------------------------------------------
    def roll5(self) -> Roll:
        roll = roll_five(self.dice)
        if not self.reads.on:
            return roll
        end = len(self.dice.log)
        names = self.reads.names
        for i, colour in enumerate(COLOURS, end - 5):
            names[i] = colour
        self._colours[id(roll)] = (roll, list(range(end - 5, end)))
        return roll

    def reroll(self, roll: Roll, *colours: str) -> Roll:
        new = reroll(self.dice, roll, *colours)
        self._name_colours(new, tuple(c for c in COLOURS if c in colours), roll)
        return new

    def die(self, colour: str) -> int:
        """One coloured die thrown alone (a re-roll the procedure reads directly)."""
        value = self.dice.roll(20)
        self.reads.name(colour)
        return value

    def _name_colours(self, roll: Roll, rolled: tuple[str, ...], base: Roll | None) -> None:
        """Name the dice just thrown by colour, and remember where each colour of `roll`
        (the ones kept from `base` too) sits in the dice log, for `read`."""
        if not self.reads.on:
            return
        end = len(self.dice.log)
        kept = self._colours.get(id(base)) if base is not None else None
        where = list(kept[1]) if kept is not None else [-1] * 5
        for i, colour in enumerate(rolled, end - len(rolled)):
            self.reads.names[i] = colour
            where[_COLOUR_AT[colour]] = i
        self._colours[id(roll)] = (roll, where)

    def read(self, roll: Roll, colour: str, text: str) -> None:
        """Say what a die of `roll` was read for (`dice_read`): `red 17: ... -> SP`."""
        if not self.reads.on:
            return
        entry = self._colours.get(id(roll))
        if entry is not None:
            at = entry[1][_COLOUR_AT[colour]]
            if at >= 0:
                self.reads.notes[at] = text

    def clock_text(self) -> str:
        return period_clock(self.clock.quarter, self.clock.seconds_left)

    def kick_record(self, play_type: str, receiver: Side, what: str,
                    kick_spot: int) -> dict[str, Any]:
        """A kickoff or free kick's record: no down; `posteam` is the receiving team,
        `yardline_100` the kick's spot seen from it (`kick_spot`: the kicker's own yard line)
        and the situation says who kicks from where."""
        rec = self.new_record(play_type, posteam=receiver)
        rec.update(yardline_100=kick_spot, down=0, ydstogo=0, goal_to_go=0,
                   situation=kick_line(self.clock_text(), opponent_of(receiver), what,
                                       f"OWN{kick_spot}" if kick_spot != 50 else "50"))
        return rec

    def try_situation(self) -> str:
        """`Q1 10:00 HOME try from OPP2`: a try's own situation line."""
        spot = f"OPP{self.yardline}" if self.yardline < 50 else f"OWN{100 - self.yardline}"
        return kick_line(self.clock_text(), self.possession, TRY_LINE, spot)

    def ask(self, kind: Kind, seat: Side, options: tuple[str, ...], prompt: str = "",
            info: dict[str, Any] | None = None) -> str:
        """Put a question to a coach and return the answer (the driver answers it)."""
        return self.coach_answer(Decision(kind, seat, options, prompt, info))

    def chart(self, side: Side) -> TeamChart:
        return self.teams[side].chart

    def new_record(self, play_type: str, posteam: Side | None = None) -> dict[str, Any]:
        pos = self.possession if posteam is None else posteam
        self._roll_mark = len(self.dice.log)
        self.reads.clear()
        self._colours.clear()
        teams = self.teams
        rec = snap_record(TEMPLATE, play_type, len(self.plays) + 1, self.clock, pos,
                          {HOME: teams[HOME].name, AWAY: teams[AWAY].name}, self.score)
        if pos is self.possession:
            c = self.clock
            rec["yardline_100"] = self.yardline
            rec["down"] = self.down
            rec["ydstogo"] = self.ydstogo
            rec["goal_to_go"] = int(self.ydstogo >= self.yardline)
            # The line of `situation()`, without making a `Situation` for it.
            rec["situation"] = situation_text(c.quarter, c.seconds_left, pos, self.down,
                                              max(1, min(self.ydstogo, self.yardline)),
                                              self.yardline)
        return rec

    def finish(self, rec: dict[str, Any], seconds: int) -> None:
        """Charge the clock, close the record with the score after the play, and log it."""
        c = self.clock
        self.playing = None
        if (self.era.two_minute_warning and c.quarter in (2, 4)
                and c.seconds_left > 120 > c.seconds_left - seconds):
            seconds = c.seconds_left - 120
        seconds = min(seconds, c.seconds_left)
        c.run(seconds)
        rec["seconds"] = seconds
        pos = HOME if rec["posteam_type"] == "home" else AWAY
        rec["posteam_score_post"] = self.score[pos]
        rec["defteam_score_post"] = self.score[opponent_of(pos)]
        rec["total_home_score"] = self.score[HOME]
        rec["total_away_score"] = self.score[AWAY]
        rec["dice"] = self.dice.log[self._roll_mark:]
        rec["dice_read"] = self.reads.read(self._roll_mark)
        self.plays.append(rec)

    def touchdown(self, side: Side, rec: dict[str, Any]) -> None:
        self.score[side] += 6
        rec["touchdown"] = 1
        rec["td_team"] = self.teams[side].name
        self.possession = side
        self.kicker = side
        self.next = TRY
        self.yardline = self.era.two_point_spot
        self.down, self.ydstogo = 1, self.yardline

    def safety(self, scored_on: Side, rec: dict[str, Any]) -> None:
        """Two points; the team scored on free-kicks from its 20 (D20-11)."""
        self.score[opponent_of(scored_on)] += 2
        rec["safety"] = 1
        self.kicker = scored_on
        self.possession = scored_on
        self.next = FREE_KICK
        # The ball goes to the free-kick spot (its own 20), not where the play ended behind
        # the goal line: a spot off the field must never reach a later record.
        self.yardline, self.down, self.ydstogo = 80, 1, 10

    def first_down_at(self, side: Side, yardline: int) -> None:
        self.possession = side
        self.yardline = yardline
        self.down = 1
        self.ydstogo = min(10, yardline)
        self.next = SCRIMMAGE

    def touchback(self, side: Side, kickoff: bool = False) -> None:
        spot = self.era.kickoff_touchback if kickoff else self.era.touchback
        self.first_down_at(side, 100 - spot)

    def after_score(self) -> None:
        self.next = KICKOFF
        self.try_shift = 0

    def take_over(self, side: Side, yardline: int, rec: dict[str, Any]) -> None:
        """`side` has the ball at `yardline` (its own view) after a return: a touchdown at 0 or
        less, a touchback at 100 or more (AMB-D20-15), else first and ten."""
        if yardline <= 0:
            rec["return_touchdown"] = 1
            self.touchdown(side, rec)
        elif yardline >= 100:
            self.touchback(side)
        else:
            self.first_down_at(side, yardline)

    def gain(self, rec: dict[str, Any], yards: int, *, kind: str, auto_first: bool = False) -> None:
        """The offense's play ends `yards` beyond the line: a touchdown, a safety, a first down,
        the next down or a turnover on downs."""
        off = self.possession
        spot = self.yardline - yards
        down = self.down
        if spot <= 0:
            rec["touchdown"] = 1
            if kind in ("run", "scramble"):
                rec["rush_touchdown"] = 1
            elif kind == "complete":
                rec["pass_touchdown"] = 1
            self._conversion(rec, down, True)
            self.touchdown(off, rec)
            return
        if spot >= 100:
            self._conversion(rec, down, False)
            self.safety(off, rec)
            return
        if yards >= self.ydstogo or auto_first:
            rec["first_down"] = 1
            key = {"run": "first_down_rush", "scramble": "first_down_rush",
                   "complete": "first_down_pass"}.get(kind, "first_down_penalty")
            rec[key] = 1
            self._conversion(rec, down, True)
            self.first_down_at(off, spot)
            return
        self._conversion(rec, down, False)
        if down >= 4:
            self.first_down_at(opponent_of(off), 100 - spot)        # turnover on downs
            return
        self.down = down + 1
        self.ydstogo -= yards
        self.yardline = spot
        self.next = SCRIMMAGE

    @staticmethod
    def _conversion(rec: dict[str, Any], down: int, made: bool) -> None:
        if rec["play_type"] in ("run", "pass") and not rec["two_point_attempt"]:
            if down == 3:
                rec["third_down_converted" if made else "third_down_failed"] = 1
            elif down == 4:
                rec["fourth_down_converted" if made else "fourth_down_failed"] = 1

    def timeouts_after_play(self) -> None:
        """D20-43: any play may be followed by a timeout, and such a play takes 10 seconds
        (a 40-second play gives 30 back; after a shorter play the timeout stops nothing).
        Either coach may call it, the offense first. Computer coaches that would not call one
        wave the question through without a `Decision` (`passes`), the item saying whether
        the play ran longer than 10 seconds ("after") or not ("short")."""
        last = self.plays[-1]
        item = "after" if last["seconds"] > timing.STOPPED else "short"
        for side in (self.possession, opponent_of(self.possession)):
            t = self.teams[side]
            if t.timeouts <= 0 or self.passes(K_TIMEOUT, item, side, "none"):
                continue
            saves = last["seconds"] - timing.STOPPED
            answer = self.ask(K_TIMEOUT, side, ("none", "timeout"),
                                    f"Timeout after the play? ({t.timeouts} left; " + (
                                        f"it saves {saves} seconds)" if saves > 0 else
                                        "the clock is already stopped, so it saves nothing)"),
                                    {"item": item, "seconds": last["seconds"],
                                     "left": t.timeouts})
            if answer == "timeout":
                t.timeouts -= 1
                refund = last["seconds"] - timing.STOPPED
                if refund > 0:
                    self.clock.seconds_left += refund
                    last["seconds"] = 10
                last["timeout"] = 1
                last["timeout_team"] = t.name
                last["timeouts_left"] = t.timeouts
                return

    def kick_at_zero(self, possession: Side) -> None:
        """D20-43: a field goal takes no time, so "A team could run the clock down to 0 and
        still attempt a FG try" [D L639]. When a play from scrimmage runs out the clock at
        the end of a half (or of the fourth quarter or an overtime period) and the same team
        still has the ball, it may try a field goal at 0:00 before the period ends. A foul on
        that try that is accepted (the kick does not count) lets it try again."""
        c = self.clock
        while (not self.over and c.expired and (c.quarter == 2 or c.quarter >= 4)
               and self.next == SCRIMMAGE and self.possession is possession):
            answer = self.ask(K_SNAP, possession, ("none", "field_goal"),
                                    "Time has run out: try a field goal at 0:00?",
                                    {"kick_distance": self.yardline + self.era.post_offset,
                                     "at_zero": True})
            if answer != "field_goal":
                return
            kicking.field_goal(self)
            if self.plays[-1]["play_type"] != "no_play":
                return

    # -- the frame of the game ------------------------------------------------------------------
    def _toss(self) -> Side:
        """AMB: the coin is a d20 each, re-rolled on ties (the book says nothing)."""
        while True:
            home, away = self.dice.roll(20), self.dice.roll(20)
            if home != away:
                return HOME if home > away else AWAY

    def coin_toss(self) -> None:
        winner = self._toss()
        choice = self.ask(K_COIN_TOSS, winner, ("receive", "kick"),
                                "You won the toss: receive or kick?")
        receiver = winner if choice == "receive" else opponent_of(winner)
        self.kicker = opponent_of(receiver)
        self.second_half_kicker = receiver
        self.possession = receiver
        self.next = KICKOFF

    def end_of_period_check(self) -> None:
        c = self.clock
        if self.over or not c.expired or self.next == TRY:
            return
        if c.quarter in (1, 3):
            c.next_period()
        elif c.quarter == 2:
            c.next_period()
            for t in self.teams.values():
                t.timeouts = self.era.timeouts_per_half
            self.kicker = self.second_half_kicker
            self.next = KICKOFF
        elif c.quarter == 4 and self.score[HOME] == self.score[AWAY] \
                and self.era.overtime != "none":
            self.overtime = 1
            c.next_period(self.era.overtime_minutes * 60)
            for t in self.teams.values():
                t.timeouts = 2
            self.next = OT_TOSS
        else:
            self.over = True               # end of regulation, or an overtime that ran out

    def overtime_toss(self) -> None:
        winner = self._toss()
        choice = self.ask(K_OVERTIME_TOSS, winner, ("receive", "kick"),
                                "Overtime: you won the toss. Receive or kick?")
        receiver = winner if choice == "receive" else opponent_of(winner)
        self.kicker = opponent_of(receiver)
        self.possession = receiver
        self.ot_first = receiver
        self.ot_first_done = False
        self.next = KICKOFF

    def _overtime_after_step(self, kind: str, score: dict[Side, int], possession: Side) -> None:
        """Sudden death, or (from 2012) a first-possession field goal gives the other team the
        ball; any later score wins."""
        if self.ot_first is None:
            return
        gained = {side: self.score[side] - score[side] for side in Side}
        scorer = next((side for side in Side if gained[side] > 0), None)
        if scorer is not None:
            if self.next == TRY:
                self.over = True         # the touchdown wins; the try is not played
                return
            fg_first = (self.era.overtime == "modified" and not self.ot_first_done
                        and scorer is self.ot_first and gained[scorer] == 3)
            if fg_first:
                self.ot_first_done = True
            else:
                self.over = True
            return
        if kind == SCRIMMAGE and self.possession is not possession and not self.ot_first_done:
            self.ot_first_done = True
