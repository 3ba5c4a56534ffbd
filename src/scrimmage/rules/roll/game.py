"""A game of 1st & Roll: the flow from the coin toss to the final gun.

The rules are plain calls (DESIGN.md, "The game driver"): wherever a coach must choose, a
step asks `ask(...)` and gets the answer back. The steps of play live in their own modules
(`downs` for the choice at the snap, `plays` for a down from scrimmage, `kicking` for kickoffs,
punts, field goals and tries, `penalties`); this module holds the game's frame (FR-3, FR-4,
FR-37..39) and what every step shares: reading the custom dice, moving the clock marker
(FR-13, FR-36), scoring and the play records.
"""

from __future__ import annotations

from typing import Any, Final

from scrimmage.core.decisions import (
    K_COIN_TOSS,
    K_OVERTIME,
    K_OVERTIME_TOSS,
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
from scrimmage.core.situation import Situation, minutes_text
from scrimmage.rules.narration import kick_line
from scrimmage.rules.roll import kicking
from scrimmage.rules.roll.downs import snap
from scrimmage.rules.roll.faces import DiceSet, Die, Face
from scrimmage.rules.roll.records import TEMPLATE
from scrimmage.rules.roll.state import TIMEOUTS, RollState, RollView
from scrimmage.rules.roll.teams import RollTeam
from scrimmage.rules.roll.terms import face_words

# What happens next, between steps.
KICKOFF, SAFETY_PUNT, TRY, SCRIMMAGE, OT_TOSS, OT_QUESTION = (
    "kickoff", "safety_punt", "try", "scrimmage", "overtime_toss", "overtime_question")

MAX_OVERTIMES: Final = 10

STEP_PHASES: Final = {KICKOFF: "kickoff", SAFETY_PUNT: "kickoff", TRY: "try", OT_TOSS: "break",
                      OT_QUESTION: "break"}
"""What the table is doing during each step but a snap (the status line's phase)."""


class RollGame:
    """One game of 1st & Roll between two teams, with one set of dice."""

    def __init__(self, home: RollTeam | None = None, away: RollTeam | None = None,
                 dice: Dice | None = None, faces: DiceSet | None = None,
                 *, overtime: str = "ask", narrate: bool = True) -> None:
        # No arguments: a blank that copy() fills (core/compiled.py).
        if home is None or away is None or dice is None or faces is None:
            return
        self._fast = PassFilters()
        self.dice = dice
        self.coach_answer: Answerer = no_coach
        """Where `ask` puts its questions: set by the driver (`scrimmage.core.driver`)."""
        self.d = faces
        self.teams = {HOME: home, AWAY: away}
        """The two teams as loaded (their sheets show their colours)."""
        self.s = RollState(home, away, faces)
        self.overtime_mode = overtime
        self.next = KICKOFF
        self.playing: str | None = "break"
        """The step being played, for the table's status line ("kickoff", "try", "break"
        for a toss; None once its record is closed: then `next` says what comes)."""
        self.kicker = AWAY
        self.first_half_receiver = HOME
        self._roll_mark = 0
        self._faces: list[str] = []
        self._reads: list[str] = []
        """`dice_read` of the play under way: each die named, with its face and meaning."""
        self._narrate = narrate

    def copy(self, dice: Dice) -> RollGame:
        """The game as it stands, to try a choice on (`what_if.copy_game`): what a step
        changes is the copy's own (`RollState.copy`, the faces read so far); the dice faces
        and the teams are shared. It rolls `dice`, narrates nothing, starts with no plays,
        and asks `no_coach` with no pass filter until its caller says otherwise. A field
        added to the game is added here too (tests/coaches/test_copy_games.py fails without)."""
        c = RollGame.__new__(RollGame)
        c._fast = PassFilters()
        c.dice = dice
        c.coach_answer = no_coach
        c.d = self.d
        c.teams = dict(self.teams)
        c.s = self.s.copy()
        c.overtime_mode = self.overtime_mode
        c.next = self.next
        c.playing = self.playing
        c.kicker = self.kicker
        c.first_half_receiver = self.first_half_receiver
        c._roll_mark = self._roll_mark
        c._faces = list(self._faces)
        c._reads = list(self._reads)
        c._narrate = False
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
        self._fast.use(filters, log, self.view)

    def view(self, seat: Side) -> RollView:
        # The pass filters' view while they are on (a sampling coach asks for a view at every
        # question of its copies), else made afresh: a view kept on the game would hold the
        # game in a reference cycle.
        held: RollView | None = self._fast.view(seat)
        return held if held is not None else RollView(self.s, seat, self.d, self)

    def score_pad(self) -> str:
        """Score, clock marker, timeouts and the ball in one line (rich markup)."""
        s = self.s
        h, a = HOME, AWAY
        return (f"[yellow]{s.names[h]} {s.score[h]} – {s.names[a]} {s.score[a]}[/] "
                f"{s.clock_line} | timeouts {s.timeouts[h]}/{s.timeouts[a]} | "
                f"{s.names[s.possession]} ball, {s.down_text()}")

    def run(self) -> None:
        self.coin_toss()
        s = self.s
        while not s.over:
            if self.next == SCRIMMAGE:
                snap(self)      # the common case, without one more frame
            else:
                self.step()
            self.end_of_period_check()

    def step(self) -> None:
        """One thing that happens between two looks at the clock marker."""
        what, self.next = self.next, SCRIMMAGE      # a score or a toss says otherwise
        self.playing = STEP_PHASES.get(what)
        if what == SCRIMMAGE:
            snap(self)
        elif what == KICKOFF:
            kicking.kickoff(self, self.kicker)
        elif what == SAFETY_PUNT:
            kicking.safety_punt(self, self.kicker)
        elif what == TRY:
            kicking.try_after_touchdown(self)
        elif what == OT_TOSS:
            self.overtime_toss()
        elif what == OT_QUESTION:
            self.ask_for_overtime()

    def start_at(self, situation: Situation | str, next_step: str = SCRIMMAGE) -> None:
        """Put the ball at a situation (scenario tests). The next step is a snap unless told:
        `kickoff` (the team with the ball in the situation receives), `safety_punt` (the team
        with the ball punts from its 20) or `try` (the team with the ball has just scored)."""
        if isinstance(situation, str):
            situation = Situation.parse(situation)
        self.s.set_situation(situation)
        self.next = next_step
        if next_step in (KICKOFF,):
            self.kicker = opponent_of(situation.possession)
        elif next_step in (SAFETY_PUNT, TRY):
            self.kicker = situation.possession

    # -- reading the dice ----------------------------------------------------------------
    def face(self, die: Die) -> Face:
        f = die.faces[self.dice.roll(die.sides) - 1]
        self._faces.append(f"{die.name}:{f.label}")
        if self._narrate:
            side = "offense" if die is self.d.offense.get(die.name) else "defense"
            meaning = ("penalty flag" if f.flag else "breakaway" if f.breakaway
                       else "broken tackle" if f.square else
                       f"{f.value:+d} yard" + ("" if abs(f.value) == 1 else "s"))
            self._reads.append(f"{side} {die.name} {f.label}: {meaning}")
        return f

    @property
    def reading(self) -> list[str]:
        """The dice read so far in the play under way, each named (`offense red (8): ...`):
        the list the next die read is added to (a table names a die typed by it)."""
        return self._reads

    def read_more(self, text: str) -> None:
        """Add what came of the last die read (`dice_read`)."""
        if self._reads:
            self._reads[-1] += f", {text}"

    def read_as(self, text: str) -> None:
        """Say what the last die was read for instead (`dice_read`): `defense red -2: no flag`."""
        if self._reads:
            self._reads[-1] = self._reads[-1].partition(":")[0] + f": {text}"

    def yards(self, die: Die, *, breakaways: bool = True, broken_tackle: bool = False,
              rec: dict[str, Any] | None = None) -> int:
        """Roll an offensive die for yards. FR-16: a circled face rolls again and adds, until a
        plain face. FR-17 / AMB-FR-19: with `broken_tackle`, the square 2 on the first roll only
        adds one more roll, which may itself chain breakaways."""
        f = self.face(die)
        total = f.value
        if broken_tackle and f.square:
            if rec is not None:
                rec["broken_tackle"] = 1
            self.read_more("roll again")
            f = self.face(die)
            total += f.value
        while breakaways and f.breakaway:
            if rec is not None:
                rec["breakaway"] = 1
            self.read_more("roll again")
            f = self.face(die)
            total += f.value
        return total

    def clock_die(self) -> str:
        f = self.d.clock[self.dice.roll(len(self.d.clock)) - 1]
        self._faces.append(f"clock:{f}")
        if self._narrate:
            self._reads.append(f"clock die {face_words(f)}")
        return f

    def kick_die(self) -> int:
        k = self.d.kick[self.dice.roll(len(self.d.kick)) - 1]
        self._faces.append(f"kick:{k}")
        if self._narrate:
            self._reads.append(f"kick die {k}")
        return k

    def penalty_die(self) -> str:
        p = self.d.penalty[self.dice.roll(len(self.d.penalty)) - 1]
        self._faces.append(f"penalty:{p}")
        if self._narrate:
            self._reads.append(f"penalty die {face_words(p)}")
        return p

    # -- asking ------------------------------------------------------------------------
    def ask(self, kind: Kind, seat: Side, options: tuple[str, ...], prompt: str = "",
            info: dict[str, Any] | None = None) -> str:
        """Put a question to a coach and return the answer (the driver answers it)."""
        return self.coach_answer(Decision(kind, seat, options, prompt, info))

    # -- the clock marker ----------------------------------------------------------------
    @property
    def clock_ended(self) -> bool:
        return self.s.space >= self.d.last_space

    def advance_clock(self, rec: dict[str, Any], *, asked: tuple[Side, ...] | None = None,
                      result: str = "", to_end: bool = False) -> None:
        """FR-13: the marker moves one space, unless a team spends a timeout (FR-36): either
        team may, the offense asked first; a team with none left cannot. `asked` limits who is
        asked (the offense does not stop its own run-out, FR-35). `result` is the play so
        far, told to a coach before the question. `to_end`: the marker goes to the last space
        (the Hail Mary, FR-34), and one timeout stops that move too."""
        s = self.s
        if self.clock_ended:
            return
        target = self.d.last_space if to_end else s.space + 1
        for side in asked if asked is not None else (s.possession, opponent_of(s.possession)):
            if s.timeouts[side] <= 0 or self._fast.passes(K_TIMEOUT, "clock", side, "no"):
                continue
            answer = self.ask(K_TIMEOUT, side, ("no", "timeout"),
                                    f"The clock marker moves to {self._clock_at(target)}: "
                                    "timeout?",
                                    {"timeouts": s.timeouts[side], "clock": s.clock_text,
                                     "result": result})
            if answer == "timeout":
                s.timeouts[side] -= 1
                rec["timeout"] = 1
                rec["timeout_team"] = s.names[side]
                rec["timeouts_left"] = s.timeouts[side]
                return
        rec["seconds"] += s.track[s.space] - s.track[target]
        s.space = target

    def _clock_at(self, space: int) -> str:
        return minutes_text(self.s.track[space])

    # -- records -----------------------------------------------------------------------
    def new_record(self, play_type: str, posteam: Side | None = None) -> dict[str, Any]:
        """A play record filled with the situation before the play."""
        s = self.s
        pos = s.possession if posteam is None else posteam
        rec = TEMPLATE.copy()
        self._roll_mark = len(self.dice.log)
        self._faces = []
        self._reads = []
        # Column by column: `update(**columns)` would build a second dict every play.
        other = opponent_of(pos)
        rec["play_id"] = len(s.plays) + 1
        rec["qtr"] = s.qtr
        rec["quarter_seconds_remaining"] = s.quarter_seconds
        rec["half_seconds_remaining"] = s.half_seconds
        rec["game_seconds_remaining"] = s.game_seconds
        rec["posteam"] = s.names[pos]
        rec["defteam"] = s.names[other]
        rec["posteam_type"] = "home" if pos is HOME else "away"
        rec["play_type"] = play_type
        rec["posteam_score"] = s.score[pos]
        rec["defteam_score"] = s.score[other]
        rec["clock_space"] = s.space
        rec["clock"] = s.clock_text
        if posteam is None:
            rec["yardline_100"] = s.yardline
            rec["down"] = s.down
            rec["ydstogo"] = min(s.ydstogo, s.yardline)
            rec["goal_to_go"] = int(s.ydstogo >= s.yardline)
            rec["situation"] = s.situation_text()
        return rec

    def kick_line(self, side: Side, what: str, spot: int | None = None) -> str:
        """`H1 30:00 AWAY kickoff`, `H1 12:00 HOME try from OPP2`: the situation of a kick or
        try (no down); `spot` is a yardline_100 seen from `side`."""
        return kick_line(self.s.clock_line, side, what,
                         None if spot is None else self.s.spot_text(spot).upper().replace(" ", ""))

    def finish(self, rec: dict[str, Any], desc: str) -> None:
        """Close the record with the score after the play and log it."""
        s = self.s
        self.playing = None
        pos = HOME if rec["posteam_type"] == "home" else AWAY
        rec["desc"] = desc
        rec["posteam_score_post"] = s.score[pos]
        rec["defteam_score_post"] = s.score[opponent_of(pos)]
        rec["total_home_score"] = s.score[HOME]
        rec["total_away_score"] = s.score[AWAY]
        rec["dice"] = self.dice.log[self._roll_mark:]
        rec["faces"] = self._faces
        rec["dice_read"] = self._reads if self._narrate else None
        self._faces = []
        self._reads = []
        s.plays.append(rec)

    # -- scoring -----------------------------------------------------------------------
    def touchdown(self, side: Side, rec: dict[str, Any]) -> None:
        """FR-31: six points, then a try (none in sudden death: the score wins, FR-39)."""
        s = self.s
        s.score[side] += 6
        rec["touchdown"] = 1
        rec["td_team"] = s.names[side]
        s.possession = side
        s.first_down_at(2)
        self.kicker = side
        self.next = KICKOFF if s.period > 2 else TRY

    def safety(self, scored_on: Side, rec: dict[str, Any]) -> None:
        """FR-33: two points to the other team; the team scored on punts from its own 20."""
        s = self.s
        s.score[opponent_of(scored_on)] += 2
        rec["safety"] = 1
        rec["safety_team"] = s.names[opponent_of(scored_on)]
        s.possession = scored_on
        s.first_down_at(80)
        self.kicker = scored_on
        self.next = SAFETY_PUNT

    def after_score(self, scorer: Side) -> None:
        """FR-7: the scoring team kicks off."""
        self.kicker = scorer
        self.s.possession = opponent_of(scorer)
        self.next = KICKOFF

    # -- the game's frame ----------------------------------------------------------------
    def coin_toss(self) -> None:
        """FR-4: the coin (a d2) picks the player who called it right; that player starts
        with the ball or kicks. The kicker of the first half receives in the second."""
        winner = HOME if self.dice.roll(2) == 1 else AWAY
        choice = self.ask(K_COIN_TOSS, winner, ("receive", "kick"),
                                "You won the toss: start with the ball or kick?")
        receiver = winner if choice == "receive" else opponent_of(winner)
        self.first_half_receiver = receiver
        self.kicker = opponent_of(receiver)
        self.s.possession = receiver
        self.next = KICKOFF

    def end_of_period_check(self) -> None:
        s = self.s
        if s.over:
            return
        if s.period > 2 and s.score[HOME] != s.score[AWAY]:
            s.over = True                          # FR-39: the first score wins
            return
        if not self.clock_ended or self.next == TRY:
            return                                 # AMB-FR-13: an untimed try first
        if s.period == 1:
            self.halftime()
        elif s.score[HOME] != s.score[AWAY] or self.overtime_mode == "none":
            s.over = True                          # FR-38
        elif s.overtime >= MAX_OVERTIMES:
            s.over = True                          # AMB-FR-14: no end of periods; a tie
        elif self.overtime_mode == "ask":
            self.next = OT_QUESTION                # FR-39: the coaches choose, at the tie
        elif s.period == 2 or self.overtime_mode == "unlimited":
            self.start_overtime()
        else:
            s.over = True                          # AMB-FR-14: the overtime clock ran out: a tie

    def halftime(self) -> None:
        """FR-37: timeouts back to three, the marker back to 30:00; the team that started the
        first half with the ball kicks off (and chooses regular or onside)."""
        s = self.s
        s.period = 2
        s.space = 0
        s.timeouts = {HOME: TIMEOUTS, AWAY: TIMEOUTS}
        self.kicker = self.first_half_receiver
        s.possession = opponent_of(self.kicker)
        self.next = KICKOFF

    def ask_for_overtime(self) -> None:
        """FR-39: at a tie the players may choose to play on. Our ruling: playing on takes
        both, so each coach is asked (home first) and one "tie" ends the game drawn. If both
        want it, the overtime toss follows at once."""
        s = self.s
        what = "regulation" if s.period == 2 else f"overtime {s.overtime}"
        for side in (HOME, AWAY):
            answer = self.ask(
                K_OVERTIME, side, ("overtime", "tie"),
                f"{what.capitalize()} ends tied {s.score[side]}-{s.score[opponent_of(side)]}: "
                "play overtime or take the tie?",
                {"score": s.score[side], "periods_played": s.period,
                 "overtimes_played": s.overtime})
            if answer == "tie":
                s.over = True
                return
        self.start_overtime()
        self.overtime_toss()

    def start_overtime(self) -> None:
        """FR-39, AMB-FR-14: a sudden-death period, the clock from 30:00, three timeouts each."""
        s = self.s
        s.overtime += 1
        s.period = 2 + s.overtime
        s.space = 0
        s.timeouts = {HOME: TIMEOUTS, AWAY: TIMEOUTS}
        self.next = OT_TOSS

    def overtime_toss(self) -> None:
        """FR-39: a player chosen at random receives or kicks, as at the start of the game."""
        winner = HOME if self.dice.roll(2) == 1 else AWAY
        choice = self.ask(K_OVERTIME_TOSS, winner, ("receive", "kick"),
                                "Overtime: you won the toss; receive or kick?")
        receiver = winner if choice == "receive" else opponent_of(winner)
        self.kicker = opponent_of(receiver)
        self.s.possession = receiver
        self.next = KICKOFF

