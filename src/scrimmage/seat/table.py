"""A coached game: the table that a terminal or a web page puts in front of people.

`Table` plays a game one person's decision at a time. It seats a person (or two) and computer
coaches, hands every decision a person has not taken to the seat's assistant (`policy`), keeps
the record saved as it goes, and takes back a person's last decision (`undo`) by replaying the
record without its tail. The game waits for a person inside the rules' own call, parked in a
thread of its own (`seat.game_thread`); the answer is logged as soon as it is given.

A game played with the people's own dice (the record's `dice` is a list) waits the same way
for each die the rules roll (`Throw`, `seat.own_dice`): the face typed is the record's next
input, and `undo` takes back the last die typed as it takes back the last answer.

The assistant looks at every decision of its seat, even those the person answers: its
suggestion is shown to the person, and its dice move the same way whoever answers. So a
replayed record (a resumed game, an undo) leaves the assistant's and the computer coach's dice
exactly where they were, and the same decisions give the same game.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from scrimmage.api import coach_seed, new_game, restore
from scrimmage.coaches.split import SplitCoach
from scrimmage.core.decisions import Coach, Decision
from scrimmage.core.dice import TypedDice
from scrimmage.core.driver import Driver
from scrimmage.core.errors import IllegalDecision, ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord
from scrimmage.core.ruleset import Game, Ruleset, find_ruleset
from scrimmage.seat.dice_looks import look_die
from scrimmage.seat.game_thread import ASK, DIE, OVER, PLAYED, Abandoned, GameThread
from scrimmage.seat.outcomes import PREVIEWED, Outcomes, outcomes
from scrimmage.seat.own_dice import Look, Throw
from scrimmage.seat.policy import AskPolicy

PERSON = "person"
UNITS = ("offense", "defense")


@dataclass(frozen=True)
class SeatSpec:
    """Who coaches one side: `offense` and `defense` are "person" or a computer coach kind
    (the same for both unless a team has two coaches, 1st & Roll's FR-1), and what the person
    is asked."""

    offense: str = "solitaire"
    defense: str = "solitaire"
    ask: AskPolicy | None = None
    two_coaches: bool = False
    """Two people, one for the offense and one for the defense (1st & Roll's four-player
    game): each answers only their unit's questions."""
    defense_ask: AskPolicy | None = None
    """With two coaches, what the defense's person is asked (`ask` is the offense's): each
    person sets their own."""

    def __post_init__(self) -> None:
        if self.two_coaches and self.defense_ask is None and self.ask is not None:
            object.__setattr__(self, "defense_ask", AskPolicy.from_json(self.ask.to_json()))

    @property
    def has_person(self) -> bool:
        return PERSON in (self.offense, self.defense)

    @property
    def split(self) -> bool:
        return self.offense != self.defense or self.two_coaches

    def unit_kind(self, on_offense: bool) -> str:
        """Who coaches the unit on the field: "person" or a computer coach kind."""
        return self.offense if on_offense else self.defense

    def asks_for(self, unit: str) -> AskPolicy | None:
        """The policy of the person coaching `unit` ("offense", "defense" or "": the side's)."""
        return self.defense_ask if self.two_coaches and unit == "defense" else self.ask

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"offense": self.offense, "defense": self.defense}
        if self.two_coaches:
            data["two_coaches"] = True
        if self.ask is not None and self.has_person:
            data["ask"] = self.ask.to_json()
        if self.two_coaches and self.defense_ask is not None:
            data["defense_ask"] = self.defense_ask.to_json()
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeatSpec:
        offense, defense = data.get("offense"), data.get("defense")
        if not isinstance(offense, str) or not isinstance(defense, str):
            raise ScrimmageError("a saved seat needs 'offense' and 'defense' coaches")
        ask = AskPolicy.from_json(data["ask"]) if "ask" in data else None
        defense_ask = AskPolicy.from_json(data["defense_ask"]) if "defense_ask" in data else None
        return cls(offense, defense, ask, data.get("two_coaches") is True, defense_ask)

    @classmethod
    def person(cls, ask: AskPolicy | None = None) -> SeatSpec:
        return cls(PERSON, PERSON, ask or AskPolicy())

    @classmethod
    def computer(cls, kind: str) -> SeatSpec:
        return cls(kind, kind)


@dataclass
class Pending:
    """A decision waiting for a person: what the seat sees and what its assistant would do."""

    decision: Decision
    view: Any
    suggestion: str
    index: int
    """The decision's position in the game's record."""
    work_out: Callable[[], Outcomes] | None = field(default=None, repr=False, compare=False)
    """How to find `outcomes`: only when somebody reads them (a question a computer answers
    for an absent coach, at a deadline, is never played out)."""
    _outcomes: Outcomes | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def worked_out(self) -> bool:
        """Whether `outcomes` costs nothing to read now: known already, or nothing to work
        out (only a penalty question is played out, `seat.outcomes.PREVIEWED`)."""
        return (self._outcomes is not None or self.work_out is None
                or self.decision.kind not in PREVIEWED)

    @property
    def outcomes(self) -> Outcomes:
        """The play so far and where each answer leaves the ball (a penalty question)."""
        if self._outcomes is None:
            self._outcomes = self.work_out() if self.work_out is not None else Outcomes()
        return self._outcomes

    @property
    def side(self) -> Side:
        return self.decision.seat


class Table:
    """One game with at least one person seated (or none: then it plays straight through)."""

    def __init__(self, record: GameRecord, seats: Mapping[Side, SeatSpec],
                 save_to: Path | None = None, source: str = "record",
                 on_save: Callable[[GameRecord], None] | None = None) -> None:
        self.seats = dict(seats)
        self.rules: Ruleset = find_ruleset(record.rules)
        self.save_to = save_to
        self.on_save = on_save
        """Where the record goes when play stops, instead of a file (a league's database)."""
        self.source = source
        record.seats = {side.value: spec.to_json() for side, spec in self.seats.items()}
        self._start(record)

    # -- seating and replaying ----------------------------------------------------------
    def _start(self, record: GameRecord) -> None:
        """Replay `record` (checked) up to its last decision: the game is shown from there,
        and played on from its record at the next `advance`."""
        old = getattr(self, "_thread", None)
        if old is not None:
            old.stop()                        # undo: the game starts again from a record
        coaches = self._seat_coaches(record.seed)
        self._on_play: Callable[[], None] | None = None
        self._stand_in: Callable[[Decision, Any], tuple[str, str]] | None = None
        self._thread: GameThread | None = None
        if record.decisions:
            self.game, _, self.record = restore(record, coaches, self._people(), self.source)
        else:
            self.game, self.record = _fresh(record)
        self._pending: Pending | None = None
        self._throw: Throw | None = None
        self._dice_at: list[int] = []
        """For each die rolled, how many decisions came before it (what an undo cuts)."""
        self._plays_saved = len(self.game.plays)

    def _people(self) -> tuple[Side, ...]:
        return tuple(side for side, spec in self.seats.items() if spec.has_person)

    def _seat_coaches(self, seed: int) -> dict[Side, Coach]:
        """The coaches (and each person's assistant) seated afresh, their dice at the start."""
        self.assistants: dict[Side, Coach] = {}
        self.computers: dict[Side, Coach] = {}
        coaches: dict[Side, Coach] = {}
        for side, spec in self.seats.items():
            side_seed = coach_seed(seed, side)
            units = [self._coach(kind, side_seed, side, i) for i, kind in
                     enumerate((spec.offense, spec.defense) if spec.split else (spec.offense,))]
            coaches[side] = units[0] if len(units) == 1 else SplitCoach(units[0], units[1])
            if spec.offense == spec.defense == PERSON and spec.split:
                self.assistants[side] = coaches[side]      # each person's unit advises them
        self.coaches = coaches
        return coaches

    def _play_from_record(self) -> str:
        """Start the game again from its record's start, in a thread of its own: every
        decision so far replayed, then the coaches on. The same coaches play on: they made
        (or were shown) every decision of the record, so their dice are already where the
        game stopped and the replay does not ask them (`sync=False`)."""
        record = self.record
        prefix = list(record.decisions)
        me = weakref.ref(self)
        box: list[GameThread] = []
        dice = self._own_dice(record, box)
        game, _ = new_game(record.rules, record.home_team, record.away_team, seed=record.seed,
                           typed=dice, **record.options)
        record.decisions.clear()          # the driver writes them back as it replays them

        def person(decision: Decision) -> tuple[str, str] | None:
            table = me()
            if table is None:
                raise Abandoned
            given = table._person(decision)
            del table                         # a parked game keeps no hold on its table
            return given if given is not None else box[0].park(ASK)

        driver = Driver(game, self.coaches, record.decisions, prefix=prefix,
                        people=self._people(), person=person,
                        on_play=lambda: box[0].park(PLAYED), sync=False)
        thread = GameThread(driver.run)
        box.append(thread)
        if self._thread is not None:
            self._thread.stop()
        self.game, self._thread = game, thread
        weakref.finalize(self, thread.stop)
        try:
            return thread.start()
        except BaseException:
            if len(record.decisions) < len(prefix):     # the replay itself failed
                record.decisions[:] = prefix
            raise

    def _own_dice(self, record: GameRecord, box: list[GameThread]) -> TypedDice | None:
        """The dice of a game played with the people's own: the faces typed so far, then
        each new die asked (the game parks until it is typed). None: the engine's dice."""
        if record.dice is None:
            return None
        at = self._dice_at = []
        decisions = record.decisions
        return TypedDice(record.dice, lambda sides: int(box[0].park(DIE, sides)),
                         lambda: at.append(len(decisions)))

    def _until_stop(self, event: str) -> None:
        """Save and show each play as the game reports it, until it asks a person, wants a
        die or ends."""
        while event == PLAYED:
            self._after_play()
            event = self._thread.resume() if self._thread is not None else OVER
        if event == OVER:
            self._finish()
        elif event == DIE and self._thread is not None:
            sides, index = int(self._thread.value), len(self.record.dice or ())
            self._throw = Throw(sides, index, partial(self._look_die, index, sides))
        self.save()

    def _look_die(self, index: int, sides: int) -> Look:
        if len(self.record.dice or ()) != index:        # read after the game moved on
            return Look(f"a d{sides}")
        return look_die(self.rules.name, self.record, index, sides)

    def _person(self, decision: Decision) -> tuple[str, str] | None:
        """A question of a person's seat (asked in the game's thread): answered by the
        computer half of a team with two coaches, by a stand-in, by the assistant when the
        person is not asked it; else None, and the question is the table's `pending`."""
        side = decision.seat
        view = self.game.view(side)
        coach = self.coaches[side]
        if isinstance(coach, SplitCoach) and \
                self.seats[side].unit_kind(view.on_offense) != PERSON:
            return coach.decide(decision, view), "computer"    # the computer half
        suggestion = self.assistants[side].decide(decision, view)
        unit = "offense" if getattr(view, "on_offense", True) else "defense"
        policy = self.seats[side].asks_for(unit) or AskPolicy()
        if not policy.asks(decision, view, suggestion):
            return suggestion, "assistant"
        if self._stand_in is not None:
            return self._stand_in(decision, view)
        index = len(self.record.decisions)
        self._pending = Pending(decision, view, suggestion, index, partial(
            outcomes, self.rules, self.record, self.game, decision, index))
        return None

    def _after_play(self) -> None:
        if len(self.game.plays) > self._plays_saved:
            self._plays_saved = len(self.game.plays)
            if self.save_to is not None or self._on_play is not None:
                self.save()
            if self._on_play is not None:
                self._on_play()

    def _coach(self, kind: str, seed: int, side: Side, unit: int) -> Coach:
        # A split team's second coach has dice of its own (as `scrimmage play --split` always
        # had); a person's assistant is the ruleset's solitaire coach.
        if unit:
            seed += 7919 * 2
        elif self.seats[side].split:
            seed += 7919
        if kind == PERSON:
            coach = self.rules.default_coach("solitaire", seed)
            self.assistants[side] = coach
        else:
            coach = self.rules.default_coach(kind, seed)
            self.computers[side] = coach
        return coach

    # -- playing ------------------------------------------------------------------------
    @property
    def record_names(self) -> dict[Side, str]:
        return {Side.HOME: self.record.home, Side.AWAY: self.record.away}

    @property
    def people(self) -> int:
        """How many people coach (two on a team with a person for each unit)."""
        return sum(2 if spec.two_coaches else spec.has_person for spec in self.seats.values())

    @property
    def over(self) -> bool:
        return self.game.over and self._pending is None and self._throw is None

    @property
    def own_dice(self) -> bool:
        """Played with the people's own dice, typed in (`throw`)."""
        return self.record.dice is not None

    def advance(self, on_play: Callable[[], None] | None = None) -> Pending | Throw | None:
        """Play on until a person must answer or throw a die (returned) or the game ends
        (None). The record
        is saved whenever play stops, and after every play where it has a file: a game the
        computers play through (`play --auto`) is saved as it goes, like a person's. `on_play`
        is called after each play (a terminal shows it), from now on."""
        if on_play is not None:
            self._on_play = on_play
        if self._pending is not None or self._throw is not None:
            return self._pending or self._throw
        if self.game.over:
            self._finish()
            self.save()
            return None
        self._until_stop(self._play_from_record())
        return self._pending or self._throw

    def stand_in(self, decide: Callable[[Decision, Any], tuple[str, str]]) -> None:
        """Play to the end with `decide` answering every question a person would have been
        asked ((answer, who gave it)): a computer coaching for an absent person."""
        self._stand_in = decide
        try:
            if self._pending is not None:
                self.answer(*decide(self._pending.decision, self._pending.view))
            if self.advance() is not None:    # cannot happen: nobody is asked
                raise ScrimmageError("a stand-in left a question unanswered")
        finally:
            self._stand_in = None

    @property
    def pending(self) -> Pending | None:
        """The decision waiting for a person (after `advance`), or None."""
        return self._pending

    @property
    def wanted(self) -> Throw | None:
        """The die waiting to be thrown and typed (after `advance`), or None."""
        return self._throw

    def throw(self, face: object) -> None:
        """The face of the die waiting (`wanted`), as typed: one out of the die's range, or
        not a number, raises `IllegalDecision` (saying the range) and changes nothing."""
        if self._throw is None or self._thread is None:
            raise IllegalDecision("no die is waiting to be thrown")
        value = self._throw.read(face)
        self._throw = None
        self._until_stop(self._thread.resume(value))

    def answer(self, answer: str, by: str = PERSON) -> None:
        """The person's answer to the pending decision: an option's name. An illegal answer
        raises `IllegalDecision` (saying why) and changes nothing. `by` is "assistant" when
        the person hands the question to the assistant after it was asked."""
        if self._pending is None or self._thread is None:
            raise IllegalDecision("no decision is waiting for an answer")
        answer = self._pending.decision.check(answer)
        self._pending = None
        self._until_stop(self._thread.resume((answer, by)))

    def undo(self) -> Pending | Throw:
        """Take back the person's last input, a decision (only against a computer coach) or a
        die typed: replay the record without it and what followed, and ask it again."""
        log = self.record.decisions
        end = self._pending.index if self._pending is not None else len(log)
        last = next((i for i in range(min(end, len(log)) - 1, -1, -1)
                     if len(log[i]) > 3 and log[i][3] == PERSON), None)
        typed = self.record.dice or []
        die = len(typed) - 1 if typed and len(self._dice_at) >= len(typed) else None
        if die is not None and (last is None or self._dice_at[die] > last):
            cut_at, dice = self._dice_at[die], typed[:die]   # the die was the last input
        elif last is None:
            raise IllegalDecision("nothing to undo: you have not decided anything yet")
        elif self.people > 1:
            raise IllegalDecision("undo works against a computer coach, not between two people")
        else:
            cut_at = last
            dice = typed[:sum(1 for n in self._dice_at[:len(typed)] if n <= last)]
        cut = GameRecord.from_json({**self.record.to_json(), "decisions": log[:cut_at],
                                    "finished": False, "final_score": {}})
        cut.digest = cut.play_count = None
        if self.record.dice is not None:
            cut.dice = dice
        self._start(cut)
        pending = self.advance()
        if pending is None:          # cannot happen: the person's input comes back
            raise ScrimmageError("undo replayed past the end of the game")
        return pending

    def policy(self, side: Side, unit: str = "") -> AskPolicy:
        """What the person of `side` (of its `unit`, on a team with two coaches) is asked."""
        policy = self.seats[side].asks_for(unit)
        if policy is None:
            raise ScrimmageError(f"{side.value.lower()} is not a person's seat")
        return policy

    def changed_policy(self) -> None:
        """The person changed what they are asked: keep it with the record."""
        self.record.seats = {side.value: spec.to_json() for side, spec in self.seats.items()}
        self.save()

    def _finish(self) -> None:
        r = self.record
        r.plays = self.game.plays
        r.finished = self.game.over
        r.final_score = {r.home: self.game.score[Side.HOME], r.away: self.game.score[Side.AWAY]}

    def save(self) -> Path | None:
        if self.on_save is not None:
            self.record.plays = self.game.plays
            self.on_save(self.record)
            return None
        if self.save_to is None:
            return None
        self.record.plays = self.game.plays
        board = self.rules.scoreboard(self.game)
        when = "final" if self.game.over else f"{board.period} {board.clock}".strip()
        self.record.status = f"{when} · {board.score_text()}"
        self.record.save(self.save_to)
        return self.save_to

    def play_out(self, on_stop: Callable[[Pending], str],
                 on_die: Callable[[Throw], int] | None = None) -> None:
        """Play to the end, asking `on_stop` for each person's answer and `on_die` for each
        die of a game played with the people's own dice (tests and bots)."""
        while (pending := self.advance()) is not None:
            if isinstance(pending, Pending):
                self.answer(on_stop(pending))
            elif on_die is None:
                raise ScrimmageError("a game of typed dice is played out with on_die")
            else:
                self.throw(on_die(pending))


def _fresh(record: GameRecord) -> tuple[Game, GameRecord]:
    """A new game for an empty record (same teams, seed and options)."""
    game, fresh = new_game(record.rules, record.home_team, record.away_team, seed=record.seed,
                           typed=record.dice, **record.options)
    fresh.seats = record.seats
    fresh.fairness = record.fairness
    return game, fresh
