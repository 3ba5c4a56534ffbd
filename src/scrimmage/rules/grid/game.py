"""A game of The Grid: the flow from the coin toss to the last card.

The rules are plain calls (DESIGN.md, "The game driver"): wherever a coach must choose, a
step asks `ask(...)` and gets the answer back. The steps of a play live in their own modules
(`plays` for scrimmage downs and the timing deck's first card, `kicking` for kickoffs, field
goals and extra points, `injuries` for hearts and substitutions); this module holds the state
of the board, the game's frame (GRID-2, GRID-14, GRID-48..53) and the helpers the steps share.

Spots are boxes (GRID-1): `ball` is the number of 5-yard boxes from the line of scrimmage to
the opponent's goal line, 1..11 in play; 0 or less is a touchdown, 12 or more (the own goal
line, AMB-GRID-7) a safety. `marker` is the first-down marker on the same scale (0 or less:
goal to go).
"""

from __future__ import annotations

import re
from typing import Any, Final

from scrimmage.core.decisions import K_COIN_TOSS, K_OVERTIME_TOSS, Answerer, Decision, Kind, no_coach
from scrimmage.core.dice import Dice
from scrimmage.core.fastpath import PassFilter, PassFilters
from scrimmage.core.field import Side
from scrimmage.core.sides import AWAY, HOME, opponent_of
from scrimmage.rules.grid import injuries, kicking, plays
from scrimmage.rules.grid.cards import Player
from scrimmage.rules.grid.deck import TimingClock, card_text
from scrimmage.rules.grid.lineup import SLOTS, Lineup
from scrimmage.rules.grid.phases import BREAK, KICKOFF, SCRIMMAGE
from scrimmage.rules.grid.records import TEMPLATE, mark_conversion, period_label, side_type
from scrimmage.rules.grid.roster import Team
from scrimmage.rules.grid.table_lookup import Tables
from scrimmage.rules.grid.track import BOX, FIRST_DOWN_BOXES, GRID_FIELD
from scrimmage.rules.narration import DiceReads

TIMEOUTS_PER_GAME: Final = 5
"""GRID-12: five a game, not reset at halftime."""
OVERTIME_TIMEOUTS: Final = 2
"""GRID-51: two per overtime period; unused ones do not carry over."""
MAX_OVERTIMES: Final = 60
"""Safety valve for playoff overtime (GRID-50): after this many tied periods a coin toss
decides (a house rule; the bundled teams never get near it)."""

_SITUATION: Final = re.compile(
    r"^(?:H(?P<h>[12])|OT(?P<ot>\d+))\s+(?P<cards>\d{1,2})C\s+(?P<side>HOME|AWAY)\s+"
    r"(?P<down>[1-4])&(?P<togo>\d+|G)\s+(?P<spot>OWN\d+|OPP\d+|\d+)$")


def format_situation(period: int, cards: int, side: Side, down: int, ball: int,
                     marker: int) -> str:
    """`H1 47C HOME 1&20 OWN10`: period, cards left in the deck, possession, down and yards to
    go, spot (yards on the 60-yard field). The Grid's form of the core situation string."""
    label = f"H{period}" if period <= 2 else f"OT{period - 2}"
    togo = "G" if marker <= 0 else str((ball - marker) * BOX)
    return f"{label} {cards:02d}C {side} {down}&{togo} {GRID_FIELD.spot_text(ball * BOX)}"


def parse_situation(text: str) -> tuple[int, int, Side, int, int, int]:
    """Inverse of `format_situation`: (period, cards, side, down, ball, marker)."""
    m = _SITUATION.match(text.strip().upper())
    if m is None:
        raise ValueError(f"not a Grid situation: {text!r} (expected like 'H1 47C HOME 1&20 OWN10')")
    period = int(m["h"]) if m["h"] else 2 + int(m["ot"])
    yards = GRID_FIELD.parse_spot(m["spot"])
    if yards % BOX:
        raise ValueError(f"{text!r}: spots are whole boxes of {BOX} yards")
    ball = yards // BOX
    if m["togo"] == "G":
        marker = 0
    else:
        togo = int(m["togo"])
        if togo % BOX or not 0 < togo < yards:
            raise ValueError(f"{text!r}: {togo} to go does not fit")
        marker = ball - togo // BOX
    return period, int(m["cards"]), Side(m["side"]), int(m["down"]), ball, marker


class TeamState:
    """One coach's board: the lineup, the reserves, who is out, timeouts."""

    __slots__ = ("lineup", "name", "out", "reserves", "side", "team", "timeouts")

    def __init__(self, side: Side | None = None, team: Team | None = None,
                 tables: Tables | None = None) -> None:
        # No arguments: a blank that copy() fills (core/compiled.py).
        if side is None or team is None or tables is None:
            return
        self.side = side
        self.team = team
        self.name = team.name
        starters = [team.player(team.lineup[slot]) for slot in SLOTS]
        self.lineup = Lineup(starters, tables)
        self.reserves: list[Player] = [p for p in team.players if p not in starters]
        self.out: list[Player] = []
        """Injured or substituted players: they may not return (GRID-31, GRID-53)."""
        self.timeouts = TIMEOUTS_PER_GAME

    def copy(self) -> TeamState:
        """The same board for a what-if: lineup and player lists of its own; the team and
        its players are shared (no rule changes a card)."""
        c = TeamState.__new__(TeamState)
        c.side = self.side
        c.team = self.team
        c.name = self.name
        c.lineup = self.lineup.copy()
        c.reserves = list(self.reserves)
        c.out = list(self.out)
        c.timeouts = self.timeouts
        return c


class GridGame:
    """One game of The Grid."""

    def __init__(self, home: Team | None = None, away: Team | None = None,
                 dice: Dice | None = None, tables: Tables | None = None, *,
                 playoff: bool = False, overtime: bool = True, narrate: bool = True) -> None:
        # No arguments: a blank that copy() fills (core/compiled.py).
        if home is None or away is None or dice is None or tables is None:
            return
        self.dice = dice
        self.coach_answer: Answerer = no_coach
        """Where `ask` puts its questions: set by the driver (`scrimmage.core.driver`)."""
        self.tables = tables
        self.playoff = playoff
        self.overtime_on = overtime or playoff
        self.teams = {HOME: TeamState(HOME, home, tables),
                      AWAY: TeamState(AWAY, away, tables)}
        self.score = {HOME: 0, AWAY: 0}
        self.clock = TimingClock()
        self.possession = HOME
        self.ball = 10
        self.down = 1
        self.marker = 6
        self.next = KICKOFF
        self.playing: str | None = "break"
        """The step being played, for the table's status line ("kickoff", "try", "break"
        for a toss; None once its record is closed: then `next` says what comes)."""
        self.kicker = HOME
        self.first_half_receiver = HOME
        self.ot_first: Side | None = None
        """Who has the ball first in the current overtime period (GRID-49, GRID-50)."""
        self.ot_toss: Side | None = None
        """The winner of the overtime toss, until he has chosen (GRID-49)."""
        self.reroll: Side | None = None
        """GRID-28: the coach who called the last timeout may re-roll the next play's dice."""
        self.plays: list[dict[str, Any]] = []
        self.over = False
        self.winner: Side | None = None
        self._roll_mark = 0
        self.reads = DiceReads(dice, narrate)
        """What each die of the current play was read for (the record's `dice_read`)."""
        self._rec: dict[str, Any] | None = None
        """The record of the play under way: the cards flipped now are its time."""
        self.fast = PassFilters()
        """Computer coaches wave most timeout questions through (scrimmage.core.fastpath)."""

    def copy(self, dice: Dice) -> GridGame:
        """The board as it stands, to try a choice on (`what_if.copy_game`): what a step
        changes is the copy's own (score, teams, the timing deck); the tables and the cards
        are shared. It rolls `dice`, narrates nothing, starts with no plays and no play under
        way, and asks `no_coach` with no pass filter until its caller says otherwise. A field
        added to the game is added here too (tests/coaches/test_copy_games.py fails without)."""
        c = GridGame.__new__(GridGame)
        c.dice = dice
        c.coach_answer = no_coach
        c.tables = self.tables
        c.playoff = self.playoff
        c.overtime_on = self.overtime_on
        c.teams = {side: t.copy() for side, t in self.teams.items()}
        c.score = dict(self.score)
        c.clock = self.clock.copy()
        c.possession = self.possession
        c.ball = self.ball
        c.down = self.down
        c.marker = self.marker
        c.next = self.next
        c.playing = self.playing
        c.kicker = self.kicker
        c.first_half_receiver = self.first_half_receiver
        c.ot_first = self.ot_first
        c.ot_toss = self.ot_toss
        c.reroll = self.reroll
        c.plays = []
        c.over = self.over
        c.winner = self.winner
        c._roll_mark = self._roll_mark
        c.reads = DiceReads(dice, False)
        c._rec = None
        c.fast = PassFilters()
        return c

    # -- the driver's interface -------------------------------------------------------
    def ask(self, kind: Kind, seat: Side, options: tuple[str, ...], prompt: str = "",
            info: dict[str, Any] | None = None, refused: dict[str, str] | None = None) -> str:
        """Put a question to a coach and return the answer (the driver answers it)."""
        return self.coach_answer(Decision(kind, seat, options, prompt, info, refused))

    def view(self, seat: Side) -> GridView:
        return GridView(self, seat)

    def use_pass_filters(self, filters: dict[Side, PassFilter | None],
                         log: list[list[str]] | None) -> None:
        """The driver's hook: computer coaches may wave optional decisions through."""
        self.fast.use(filters, log, self.view)

    def run(self) -> None:
        injuries.lineup_changes(self, "start")        # GRID-8: before the toss
        self.coin_toss()
        while not self.over:
            self.step()
            self.end_of_period_check()

    def step(self) -> None:
        """One kickoff, one scrimmage down (or field goal) with its try, or a break."""
        if self.next == SCRIMMAGE:
            plays.down(self)
        elif self.next == KICKOFF:
            self.playing = "kickoff"
            kicking.kickoff(self, self.kicker)
        else:
            self.playing = "break"
            if self.ot_toss is not None:
                self.overtime_toss(self.ot_toss)
            injuries.substitutions(self)       # GRID-53: halftime, before overtime
            self.next = KICKOFF

    def start_at(self, situation: str) -> None:
        """Put the ball at a situation (scenario tests): the next step is a snap. The deck
        keeps that many cards (stack known ones with `stack_deck`)."""
        period, cards, side, down, ball, marker = parse_situation(situation)
        while self.clock.period < period:
            self.clock.next_period()
        self.clock.deck.reset(range(52), cards)
        self.possession, self.down, self.ball, self.marker = side, down, ball, marker
        self.next = SCRIMMAGE

    def stack_deck(self, cards: list[str]) -> None:
        """Put known cards (`"4H"`, `"KS"`) on top of the timing deck, first flipped first."""
        from scrimmage.rules.grid.deck import card

        self.clock.deck.stack(card(c) for c in cards)

    def score_pad(self) -> str:
        h, a = self.teams[HOME], self.teams[AWAY]
        c = self.clock
        return (f"[yellow]{h.name} {self.score[HOME]} – {a.name} {self.score[AWAY]}[/] "
                f"{c.label} {c.cards_left} cards left | timeouts {h.timeouts}/{a.timeouts}")

    def player_box_score(self) -> dict[str, dict[str, dict[str, int]]]:
        from scrimmage.rules.grid.boxscore import player_box_score

        return player_box_score(self.plays, self.teams[HOME].name, self.teams[AWAY].name)

    # -- helpers shared by the steps ---------------------------------------------------
    def roll(self, sides: int) -> int:
        return self.dice.roll(sides)

    def lower_of_two(self, a: int, b: int) -> int:
        return min(self.dice.roll(a), self.dice.roll(b))

    def flip(self) -> int | None:
        before = self.clock.period_seconds_remaining
        card = self.clock.flip(self.dice)
        if self._rec is not None:          # the nominal time of the card, for possession time
            self._rec["seconds"] += before - self.clock.period_seconds_remaining
        return card

    def situation(self) -> str:
        return format_situation(self.clock.period, self.clock.cards_left, self.possession,
                                self.down, self.ball, self.marker)

    def new_record(self, play_type: str, posteam: Side | None = None) -> dict[str, Any]:
        pos = self.possession if posteam is None else posteam
        c = self.clock
        rec = TEMPLATE.copy()
        self._roll_mark = len(self.dice.log)
        self.reads.clear()
        secs = c.period_seconds_remaining
        rec.update(
            play_id=len(self.plays) + 1, qtr=c.period, quarter_seconds_remaining=secs,
            half_seconds_remaining=secs, game_seconds_remaining=c.game_seconds_remaining,
            cards_left=c.cards_left, period_label=period_label(c.period),
            clock_label=f"{c.cards_left} cards", posteam=self.teams[pos].name,
            defteam=self.teams[opponent_of(pos)].name, posteam_type=side_type(pos),
            play_type=play_type, posteam_score=self.score[pos],
            defteam_score=self.score[opponent_of(pos)],
        )
        if play_type in ("run", "pass", "field_goal"):
            rec.update(yardline_100=self.ball * BOX, down=self.down,
                       ydstogo=(self.ball - max(0, self.marker)) * BOX,
                       goal_to_go=int(self.marker <= 0), situation=self.situation())
        self._rec = rec
        return rec

    def finish(self, rec: dict[str, Any]) -> None:
        self.playing = None
        pos = HOME if rec["posteam_type"] == "home" else AWAY
        rec["posteam_score_post"] = self.score[pos]
        rec["defteam_score_post"] = self.score[opponent_of(pos)]
        rec["total_home_score"] = self.score[HOME]
        rec["total_away_score"] = self.score[AWAY]
        rec["dice"] = self.dice.log[self._roll_mark:]
        rec["dice_read"] = self.reads.read(self._roll_mark)
        mark_conversion(rec)
        self.plays.append(rec)

    def new_possession(self, side: Side, ball: int) -> None:
        """GRID-3, GRID-18: a drive starts: 1st down, marker four boxes ahead."""
        self.possession = side
        self.ball = ball
        self.down = 1
        self.marker = ball - FIRST_DOWN_BOXES
        self.next = SCRIMMAGE

    def card_note(self, card: int | None) -> str:
        return "" if card is None else card_text(card)

    # -- the frame ---------------------------------------------------------------------
    def coin_toss(self) -> None:
        """GRID-14: the visitors call the coin (a d2 here); the winner chooses to receive in
        the first half or the second."""
        winner = AWAY if self.roll(2) == 1 else HOME
        choice = self.ask(K_COIN_TOSS, winner, ("receive", "kick"),
                                "You won the toss: receive in the first half or the second?")
        receiver = winner if choice == "receive" else opponent_of(winner)
        self.first_half_receiver = receiver
        self.kicker = opponent_of(receiver)
        self.possession = receiver
        self.next = KICKOFF

    def end_of_period_check(self) -> None:
        """GRID-38: the period ends when its last card has been flipped."""
        if self.over or not self.clock.expired:
            return
        period = self.clock.period
        tied = self.score[HOME] == self.score[AWAY]
        if period == 1:
            self.clock.next_period()                         # AMB-GRID-12: a fresh deck
            self.kicker = self.first_half_receiver           # GRID-14: the others receive
            self.reroll = None                               # a timeout's re-roll ends here
            self.next = BREAK
            return
        if not tied:
            self.winner = HOME if self.score[HOME] > self.score[AWAY] else AWAY
            self.over = True                                  # GRID-48
            return
        if not self.overtime_on or (period >= 3 and not self.playoff):
            self.over = True                                  # GRID-49: a draw
            return
        if period - 2 >= MAX_OVERTIMES:
            self.winner = HOME if self.roll(2) == 1 else AWAY
            self.over = True
            return
        self.start_overtime()

    def start_overtime(self) -> None:
        """GRID-49..51: 17 random cards, two timeouts each, a coin toss for first possession
        (its winner chooses at the break, `overtime_toss`; until then he is taken to
        receive), alternating in later periods (GRID-50)."""
        self.clock.next_period()
        for t in self.teams.values():
            t.timeouts = OVERTIME_TIMEOUTS
        if self.ot_first is None:
            self.ot_first = AWAY if self.roll(2) == 1 else HOME
            self.ot_toss = self.ot_first
        else:
            self.ot_first = opponent_of(self.ot_first)
        self.kicker = opponent_of(self.ot_first)
        self.reroll = None
        self.next = BREAK

    def overtime_toss(self, winner: Side) -> None:
        """GRID-49: the winner of the overtime toss chooses to receive or to kick; first
        possession then alternates from the receiver (GRID-50)."""
        choice = self.ask(K_OVERTIME_TOSS, winner, ("receive", "kick"),
                                "You won the overtime toss: receive or kick?")
        self.ot_toss = None
        self.ot_first = winner if choice == "receive" else opponent_of(winner)
        self.kicker = opponent_of(self.ot_first)


class GridView:
    """What one coach sees: the whole table (nothing is hidden between plays in The Grid;
    the opponent's play card is a local of the rules until both are chosen)."""

    __slots__ = ("game", "seat")

    def __init__(self, game: GridGame, seat: Side) -> None:
        self.game = game
        self.seat = seat

    @property
    def table(self) -> GridGame:
        """The whole game, read only (issue 20: a coach copies it to try a choice on)."""
        return self.game

    @property
    def score(self) -> dict[Side, int]:
        return self.game.score

    @property
    def on_offense(self) -> bool:
        return self.game.possession is self.seat

    @property
    def margin(self) -> int:
        return self.game.score[self.seat] - self.game.score[opponent_of(self.seat)]

    @property
    def situation(self) -> str:
        return self.game.situation()

    @property
    def ball(self) -> int:
        return self.game.ball

    @property
    def marker(self) -> int:
        return self.game.marker

    @property
    def to_go(self) -> int:
        """Boxes to the first-down marker (or the goal line)."""
        return self.game.ball - max(0, self.game.marker)

    @property
    def down(self) -> int:
        return self.game.down

    @property
    def period(self) -> int:
        return self.game.clock.period

    @property
    def cards_left(self) -> int:
        return self.game.clock.cards_left

    @property
    def own(self) -> TeamState:
        return self.game.teams[self.seat]

    @property
    def opponent(self) -> TeamState:
        return self.game.teams[opponent_of(self.seat)]

    @property
    def timeouts(self) -> int:
        return self.game.teams[self.seat].timeouts

    @property
    def playoff(self) -> bool:
        return self.game.playoff
