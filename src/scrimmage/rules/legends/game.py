"""A Football Legends game: the flow from the coin toss to the final gun.

The rules are plain calls (DESIGN.md, "The game driver"): wherever a coach must choose, a
step asks `ask(...)` and gets the answer back. Each step of a play lives in its own module
(`scrimmage_play`, `kicking`, `tries`); this module holds the game loop (FNL-9, FNL-14, FNL-95, FNL-98,
overtime) and the helpers every step shares: rolling, asking, scoring, timing and momentum.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, TypeVar

from scrimmage.core.decisions import (
    K_COIN_TOSS,
    K_OVERTIME_TOSS,
    K_SECOND_HALF,
    Answerer,
    Decision,
    Kind,
    no_coach,
)
from scrimmage.core.dice import Dice
from scrimmage.core.fastpath import PassFilter, PassFilters
from scrimmage.core.field import Side
from scrimmage.core.sides import AWAY, HOME, opponent_of
from scrimmage.core.situation import Situation, period_clock
from scrimmage.core.snaps import snap_record
from scrimmage.rules.legends import clock_choices, kicking, scrimmage_play, tries
from scrimmage.rules.legends.charts import ChartValue, LevelRules, Roll, XSheets, chart_text
from scrimmage.rules.legends.phases import FREE_KICK, KICKOFF, OT_TOSS, SCRIMMAGE, TRY
from scrimmage.rules.legends.records import TEMPLATE
from scrimmage.rules.legends.sheets import Team
from scrimmage.rules.legends.state import GameState, SeatView, TeamState
from scrimmage.rules.narration import TRY as TRY_LINE
from scrimmage.rules.narration import DiceReads, kick_line

T = TypeVar("T")

MAX_OVERTIMES: Final = 10
"""Safety valve: after this many tied overtime periods the game is a tie (house rule)."""


class LegendsGame:
    """One game of Football Legends at one level, under one profile."""

    def __init__(self, home: Team | None = None, away: Team | None = None,
                 dice: Dice | None = None, rules: LevelRules | None = None,
                 xsheets: XSheets | None = None, *, neutral: bool = False,
                 narrate: bool = True) -> None:
        # No arguments: a blank that copy() fills (core/compiled.py).
        if home is None or away is None or dice is None or rules is None or xsheets is None:
            return
        self.dice = dice
        self.coach_answer: Answerer = no_coach
        """Where `ask` puts its questions: set by the driver (`scrimmage.core.driver`)."""
        self.rules = rules
        self.x = xsheets
        self.s = GameState(home, away, rules, xsheets, neutral)
        self.next = KICKOFF
        self.playing: str | None = "break"
        """The step being played, for the table's status line ("kickoff", "try", "break"
        for the toss; None once its record is closed: then `next` says what comes)."""
        self.kicker = HOME
        self.second_half_receiver = HOME
        self.deferred: Side | None = None
        self.ot_order: list[Side] = []
        self.ot_turn = 0
        self.ot_score_at_start: dict[Side, int] = {}
        self._roll_mark = 0
        self.reads = DiceReads(dice, narrate)
        """What each die of the current play was read for (the record's `dice_read`)."""
        self.fast = PassFilters()
        """Computer coaches' pass filters: `fast.passes(kind, item, side, first)` before an
        optional question (`scrimmage.core.fastpath`)."""
        self._names = {side: t.name for side, t in self.s.teams.items()}
        self.halftime_pending_choice = False
        self.in_overtime = False
        """Overtime played as alternating series (no clock, no kickoffs): set when it starts
        (a plain attribute, not a property: the hot loop reads it about ten times a play)."""
        self.pro_ot: _ProOvertime | None = None
        self._moves: list[tuple[int, Side]] = []
        self._clock_before = 0
        """The clock before the last play was charged (a timeout after it retimes it)."""

    def copy(self, dice: Dice | None = None) -> LegendsGame:
        """A copy to try a step on (`what_if.copy_game`): the state and every per-game
        attribute copied, the sheets, rules and charts shared. It rolls `dice` if given
        (nobody reads its words), else the game's own dice. Its questions go to `no_coach`
        until its caller answers them, and it has fresh pass filters, none in use: the
        game's driver and coaches stay with the game. A field added to `__init__` belongs
        here too (tests/legends/test_copy_game.py compares the copy with a deepcopy)."""
        c = LegendsGame.__new__(LegendsGame)
        if dice is None:
            c.dice = self.dice
            c.reads = self.reads.copy()
        else:
            c.dice = dice
            c.reads = DiceReads(dice, False)
        c.coach_answer = no_coach
        c.rules = self.rules
        c.x = self.x
        c.s = self.s.copy()
        c.next = self.next
        c.playing = self.playing
        c.kicker = self.kicker
        c.second_half_receiver = self.second_half_receiver
        c.deferred = self.deferred
        c.ot_order = self.ot_order[:]
        c.ot_turn = self.ot_turn
        c.ot_score_at_start = dict(self.ot_score_at_start)
        c._roll_mark = self._roll_mark
        # Views of the copy's state, not `c.view`: a copy that holds no reference to itself
        # is freed as soon as it is dropped, not left for the cyclic collector.
        c.fast = PassFilters()
        c._names = dict(self._names)
        c.halftime_pending_choice = self.halftime_pending_choice
        c.in_overtime = self.in_overtime
        c.pro_ot = None if self.pro_ot is None else self.pro_ot.copy()
        c._moves = self._moves[:]             # (points, side) tuples
        c._clock_before = self._clock_before
        return c

    # -- the driver's interface -------------------------------------------------------
    @property
    def plays(self) -> list[dict[str, Any]]:
        return self.s.plays

    @property
    def score(self) -> dict[Side, int]:
        return self.s.score

    @property
    def over(self) -> bool:
        return self.s.over

    def use_pass_filters(self, filters: dict[Side, PassFilter | None],
                         log: list[list[str]] | None) -> None:
        """The driver's hook: computer coaches may wave optional decisions through."""
        self.fast.use(filters, log, self.view)

    def view(self, seat: Side) -> SeatView:
        return SeatView(self.s, seat)


    def score_pad(self) -> str:
        """The score pad in one line (rich markup): score, clock, timeouts, coaching points,
        play speed and the momentum meter."""
        s = self.s
        h, a = s.teams[HOME], s.teams[AWAY]
        c = s.clock
        text = (f"[yellow]{h.name} {s.score[HOME]} – {a.name} {s.score[AWAY]}[/] "
                f"{period_clock(c.quarter, c.seconds_left)} | timeouts {h.timeouts}/{a.timeouts} | "
                f"coaching points {h.cp.left}/{a.cp.left}")
        if self.rules.play_speed:
            text += f" | play speed {h.speed_left}/{a.speed_left}"
        if self.rules.momentum:
            text += f" | momentum {s.momentum.text(h.name, a.name)}"
        return text

    def run(self) -> None:
        self.coin_toss()
        self.play_on()

    def play_on(self) -> None:
        """The game from where it stands to its end (after the toss, or from a position a
        scenario set up)."""
        down = scrimmage_play.down
        s = self.s
        while not s.over:
            if s.overtime and self.rules.overtime == "pro":
                kind, score, possession = self.next, dict(s.score), s.possession
                self.step()
                self.pro_overtime_after_step(kind, score, possession)
            elif self.next == SCRIMMAGE:
                down(self)       # the common case, without one more frame
            else:
                self.step()
            self.end_of_period_check()

    def step(self) -> None:
        """One thing that happens between two looks at the clock."""
        if self.next == OT_TOSS:
            self.playing = "break"
            self.overtime_toss()
        elif self.next == KICKOFF:
            if self.halftime_pending_choice and self.deferred is not None:
                # FNL-9: the team that deferred chooses for the second half.
                self.halftime_pending_choice = False
                self.playing = "break"
                choice = self.ask(K_SECOND_HALF, self.deferred, ("receive", "kick"),
                                        "You deferred at the toss: receive or kick to open "
                                        "the second half?")
                self.kicker = opponent_of(self.deferred) if choice == "receive" else self.deferred
            mark = len(self.s.plays)
            self.playing = "kickoff"
            kicking.kickoff(self, self.kicker, after_safety=False)
            clock_choices.timeout_after_play(self, mark)     # FNL-7
        elif self.next == FREE_KICK:
            mark = len(self.s.plays)
            self.playing = "kickoff"
            kicking.kickoff(self, self.kicker, after_safety=True)
            clock_choices.timeout_after_play(self, mark)
        elif self.next == TRY:
            mark = len(self.s.plays)
            self.playing = "try"
            tries.try_after_touchdown(self)
            clock_choices.timeout_after_play(self, mark)
        else:
            scrimmage_play.down(self)

    def start_at(self, situation: Situation | str) -> None:
        """Put the ball at a situation (scenario tests): the next step is a snap."""
        if isinstance(situation, str):
            situation = Situation.parse(situation)
        self.s.set_situation(situation)
        self.next = SCRIMMAGE

    # -- helpers shared by the steps ---------------------------------------------------
    def roll(self, sides: int) -> int:
        return self.dice.roll(sides)

    def note(self, text: str, back: int = 1) -> None:
        """Say what the last roll (or the one `back` rolls ago) was read for (`dice_read`)."""
        if self.reads.on:
            self.reads.note(text, back)

    def read_chart(self, chart: Sequence[T], label: str) -> T:
        """A d20 read on a chart column, noted as `label -> cell`."""
        value = chart[self.dice.roll(20)]
        if self.reads.on:
            self.reads.note(f"{label} -> {chart_text(value)}")
        return value

    def yards(self, value: ChartValue) -> int:
        """Yards of a chart value; a `base + dN` cell rolls its die here (noted)."""
        if isinstance(value, Roll):
            yards = value.base + self.dice.roll(value.sides)
            if self.reads.on:
                self.reads.note(f"{yards} yards")
            return yards
        return value

    def ask(self, kind: Kind, seat: Side, options: tuple[str, ...], prompt: str = "",
            info: dict[str, Any] | None = None, refused: dict[str, str] | None = None) -> str:
        """Put a question to a coach and return the answer (the driver answers it)."""
        return self.coach_answer(Decision(kind, seat, options, prompt, info, refused))

    def team(self, side: Side) -> TeamState:
        return self.s.teams[side]

    def new_record(self, play_type: str, posteam: Side | None = None) -> dict[str, Any]:
        """A play record filled with the situation at the snap."""
        s = self.s
        pos = s.possession if posteam is None else posteam
        self._roll_mark = len(self.dice.log)
        if self.reads.on:
            self.reads.clear()
        rec = snap_record(TEMPLATE, play_type, len(s.plays) + 1, s.clock, pos, self._names, s.score)
        if posteam is None or posteam is s.possession:
            rec["yardline_100"] = s.yardline
            rec["down"] = s.down
            rec["ydstogo"] = s.ydstogo
            rec["goal_to_go"] = int(s.ydstogo >= s.yardline)
            rec["situation"] = s.situation_text()
        return rec

    def kick_record(self, play_type: str, receiver: Side, kicker: Side, what: str,
                    yardline: int) -> dict[str, Any]:
        """The record of a kickoff or free kick: no down; `posteam` is the receiving team and
        `yardline_100` the kick's spot seen from it; the situation says who kicks from where."""
        rec = self.new_record(play_type, posteam=receiver)
        rec.update(yardline_100=yardline, down=0, ydstogo=0, goal_to_go=0,
                   situation=kick_line(self.clock_text(), kicker, what,
                                       self.s.spot_text(100 - yardline)))
        return rec

    def try_situation(self, side: Side) -> str:
        """`Q1 10:00 HOME try from OPP3`: a try's own situation line."""
        return kick_line(self.clock_text(), side, TRY_LINE, self.s.spot_text())

    def clock_text(self) -> str:
        c = self.s.clock
        return period_clock(c.quarter, c.seconds_left)

    def mark_rolls(self) -> None:
        """Start a new play's list of dice (for plays recorded after their first roll)."""
        self._roll_mark = len(self.dice.log)

    def finish(self, rec: dict[str, Any], seconds: int) -> None:
        """Charge the clock, close the record with the score after the play, and log it."""
        s = self.s
        c = s.clock
        self.playing = None
        self._clock_before = c.seconds_left
        seconds = self._charge(seconds)
        c.run(seconds)
        if self._moves:                         # most plays move no meter (FNL-80)
            self._commit_momentum()
        rec["seconds"] = seconds
        pos = HOME if rec["posteam_type"] == "home" else AWAY
        rec["posteam_score_post"] = s.score[pos]
        rec["defteam_score_post"] = s.score[opponent_of(pos)]
        rec["total_home_score"] = s.score[HOME]
        rec["total_away_score"] = s.score[AWAY]
        rec["momentum"] = s.momentum.value
        rec["dice"] = self.dice.log[self._roll_mark:]
        if self.reads.on:
            rec["dice_read"] = self.reads.read(self._roll_mark)
        else:
            # Batch simulation does not narrate: the words of a play (`desc`, `dice_read`)
            # are for the play-by-play, the web page and the terminal, which all narrate.
            rec["desc"] = ""
        s.plays.append(rec)

    def _charge(self, seconds: int) -> int:
        """The seconds a play takes off the clock."""
        c = self.s.clock
        if c.untimed:
            return 0                            # overtime series are untimed
        if (self.rules.two_minute_warning and c.quarter in (2, 4)
                and c.seconds_left > 120 > c.seconds_left - seconds):
            return c.seconds_left - 120         # the clock stops at the two-minute warning
        # A play longer than the time left takes only what is left: the record says what the
        # clock ran, so the two teams' time of possession adds up to the game's.
        return min(seconds, c.seconds_left)

    def clock_saved(self, seconds: int) -> int:
        """How much clock the last play would give back if it took `seconds` instead."""
        before = self._clock_before
        return max(0, before - self.s.clock.seconds_left - min(before, seconds))

    def retime_last_play(self, seconds: int) -> None:
        """A timeout after the last play (FNL-7): charge it `seconds` instead."""
        c = self.s.clock
        c.seconds_left = self._clock_before
        seconds = self._charge(seconds)
        c.run(seconds)
        self.s.plays[-1]["seconds"] = seconds

    def touchdown(self, side: Side, rec: dict[str, Any]) -> None:
        self.s.score[side] += 6
        rec["touchdown"] = 1
        rec["td_team"] = self.s.teams[side].name
        self.next = TRY
        self.s.possession = side
        self.s.yardline = self.rules.two_point_spot
        self.s.down = 1
        self.s.ydstogo = self.s.yardline
        self.kicker = side

    def safety(self, scored_on: Side, rec: dict[str, Any]) -> None:
        """FNL-97: 2 points; the team scored on free-kicks (FNL-20)."""
        self.s.score[opponent_of(scored_on)] += 2
        rec["safety"] = 1
        self.kicker = scored_on
        self.next = FREE_KICK
        self.push_momentum(opponent_of(scored_on), "defense_score")

    def push_momentum(self, side: Side, factor: str) -> None:
        """Propose a move of the meter (FNL-80). The moves of one play are weighed when the
        play is finished: only the largest counts, the later one on a tie (FNL-85)."""
        if self.rules.momentum:
            self._moves.append((self.rules.momentum_points[factor], side))

    def propose_moves(self, moves: list[tuple[int, Side, str]]) -> None:
        if self.rules.momentum:
            self._moves.extend((points, side) for points, side, _ in moves)

    def _commit_momentum(self) -> None:
        moves = self._moves
        if not moves:
            return
        best = moves[0]
        for m in moves[1:]:
            if m[0] >= best[0]:
                best = m
        moves.clear()
        earned = self.s.momentum.push(best[1], best[0])
        if earned:
            self.s.teams[best[1]].cp.earn(earned)       # FNL-81 overflow

    def timing(self, key: str) -> int:
        return self.rules.timing[key]

    # -- the coin toss and the game's frame ----------------------------------------------
    def _toss(self) -> tuple[Side, int, int]:
        """Each coach rolls a d20; ties roll again (AMB-FNL-33)."""
        while True:
            home, away = self.roll(20), self.roll(20)
            if home != away:
                return (HOME if home > away else AWAY), home, away

    def coin_toss(self) -> None:
        """FNL-9: both roll a d20, re-rolling ties (AMB-FNL-33); the winner chooses."""
        winner, home, away = self._toss()
        choice = self.ask(K_COIN_TOSS, winner, ("receive", "kick", "defer"),
                                f"You won the toss ({max(home, away)} to {min(home, away)}): "
                                "receive, kick or defer?",
                                {"rolls": {"HOME": home, "AWAY": away}})
        if choice == "defer":
            self.deferred = winner
            loser_choice = self.ask(K_COIN_TOSS, opponent_of(winner), ("receive", "kick"),
                                          "They won the toss and deferred: receive or kick?")
            receiver = opponent_of(winner) if loser_choice == "receive" else winner
        else:
            receiver = winner if choice == "receive" else opponent_of(winner)
        self.kicker = opponent_of(receiver)
        self.second_half_receiver = opponent_of(receiver)
        self.s.possession = receiver
        self.next = KICKOFF

    def after_score_or_change(self) -> None:
        """After a try or field goal: kick off, or in overtime end the series."""
        if self.in_overtime:
            self.end_ot_series()
        else:
            self.next = KICKOFF

    def end_of_period_check(self) -> None:
        s = self.s
        c = s.clock
        if s.over or not c.expired or self.next == TRY:
            return
        if c.quarter in (1, 3):
            c.next_period()
            if self.rules.momentum:
                s.momentum.quarter_decay()          # FNL-82
            if c.quarter == 4:
                self._play_speed_quota(0.75)        # FNL-13
        elif c.quarter == 2:
            self.halftime()
        elif c.quarter == 4:
            if s.score[HOME] != s.score[AWAY] or self.rules.overtime == "none":
                s.over = True                       # FNL-98
            else:
                self.start_overtime()
        else:
            s.over = True                           # a timed (pro) overtime ran out: a tie

    def _play_speed_quota(self, share: float) -> None:
        """FNL-13: a coach who has not spent `share` of his play-speed points is penalised."""
        if not self.rules.play_speed:
            return
        for t in self.s.teams.values():
            if t.speed_total and t.speed_used < share * t.speed_total:
                t.speed_owed += 1

    def halftime(self) -> None:
        """FNL-95: timeouts back to three, the meter to 0, the second-half kickoff."""
        s = self.s
        s.clock.next_period()
        for t in s.teams.values():
            t.timeouts = self.rules.timeouts_per_half
        s.momentum.reset()
        s.pending_third_stop = None
        self.kicker = opponent_of(self.second_half_receiver)
        self.next = KICKOFF
        self.halftime_pending_choice = self.deferred is not None
        self._play_speed_quota(0.5)

    def start_overtime(self) -> None:
        """AMB-FNL-14 house rules. High school (NFHS) and college: each team gets a series
        from the opponent's 10 (college: 25), alternating who goes first, until a period ends
        with one team ahead. Pro: a 10-minute period of modified sudden death."""
        s = self.s
        if self.rules.overtime == "pro":
            s.overtime += 1
            s.clock.next_period(self.rules.overtime_minutes * 60)
            for t in s.teams.values():
                t.timeouts = self.rules.overtime_timeouts
            self.next = OT_TOSS
            return
        s.overtime += 1
        self.in_overtime = True
        s.clock.next_period(0)
        s.clock.untimed = True
        first = self.second_half_receiver if s.overtime % 2 else opponent_of(self.second_half_receiver)
        self.ot_order = [first, opponent_of(first)]
        self.ot_turn = 0
        self.ot_score_at_start = dict(s.score)
        for t in s.teams.values():
            t.timeouts = self.rules.overtime_timeouts
        self.start_ot_series()

    def start_ot_series(self) -> None:
        s = self.s
        s.possession = self.ot_order[self.ot_turn]
        s.yardline = self.rules.overtime_spot
        s.down = 1
        s.ydstogo = min(10, s.yardline)
        s.pending_third_stop = None
        self.next = SCRIMMAGE

    def end_ot_series(self) -> None:
        """Called when an overtime possession ends (score, turnover, downs)."""
        s = self.s
        self.ot_turn += 1
        if self.ot_turn < 2:
            self.start_ot_series()
            return
        if s.score[HOME] != s.score[AWAY] or s.overtime >= MAX_OVERTIMES:
            s.over = True
            return
        self.start_overtime()

    def overtime_toss(self) -> None:
        """Pro overtime: a new toss; the winner chooses to receive or kick."""
        winner = self._toss()[0]
        choice = self.ask(K_OVERTIME_TOSS, winner, ("receive", "kick"),
                                "Overtime: you won the toss. Receive or kick?")
        receiver = winner if choice == "receive" else opponent_of(winner)
        self.kicker = opponent_of(receiver)
        self.pro_ot = _ProOvertime(receiver)
        self.next = KICKOFF

    def pro_overtime_after_step(self, kind: str, score: dict[Side, int],
                                possession: Side) -> None:
        """NFL modified sudden death (AMB-FNL-14 house rule): a touchdown or a defensive
        score on the first possession wins; a field goal on it gives the other team one
        possession (its touchdown wins, its field goal ties and play goes on); otherwise the
        first score wins."""
        s = self.s
        ot = self.pro_ot
        if ot is None:
            return
        gained = {side: s.score[side] - score[side] for side in Side}
        scorer = next((side for side in Side if gained[side] > 0), None)
        if scorer is not None:
            td = gained[scorer] >= 6
            if not ot.first_done:
                if scorer is ot.first and not td:
                    ot.first_done = ot.answered_fg = True       # a field goal: answer it
                else:
                    s.over = True
            elif ot.answered_fg and not ot.second_done and scorer is not ot.first and not td:
                ot.second_done = True                           # matched: sudden death
            else:
                s.over = True
            return
        if kind == SCRIMMAGE and s.possession is not possession and self.next != TRY:
            if not ot.first_done:
                ot.first_done = True
            elif ot.answered_fg and not ot.second_done:
                ot.second_done = True
                s.over = True       # the answering possession failed: the field goal wins


class _ProOvertime:
    __slots__ = ("answered_fg", "first", "first_done", "second_done")

    def __init__(self, first: Side) -> None:
        self.first = first
        self.first_done = False
        self.answered_fg = False
        """The first possession ended in a field goal, so the other team gets one."""
        self.second_done = False

    def copy(self) -> _ProOvertime:
        """A copy for a copy of the game (a what-if)."""
        c = _ProOvertime(self.first)
        c.first_done = self.first_done
        c.answered_fg = self.answered_fg
        c.second_done = self.second_done
        return c
