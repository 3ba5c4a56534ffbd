"""The game driver: runs a ruleset's decision flow against coaches.

Rules are generators that yield `Decision`s and receive answers. A `Driver` answers them:
first from a replay prefix (a saved game's decisions), then from the computer coaches. A
decision that belongs to a person's seat is not answered here: `advance` stops and hands it
back, and the caller (a terminal, a web server) answers it later with `answer`. Every answer is
checked before the rules see it, so an illegal choice never changes the game.

`drive` is the batch form: no person, one call runs the game to its end.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from scrimmage.core.collection import fewer_collections
from scrimmage.core.decisions import Coach, Decision
from scrimmage.core.errors import IllegalDecision, ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import DecisionEntry
from scrimmage.core.ruleset import Game

MAX_REFUSALS = 50


class ReplayDiverged(ScrimmageError):
    """A saved decision does not fit the game being replayed (a different record or version)."""


class Driver:
    """Steps one game. `people` are the seats a person answers; for those seats `coaches`
    holds the seat's assistant, which replays its own draws while a saved part is replayed
    (see `scrimmage.seat.table`)."""

    __slots__ = ("_decision", "_filters", "_flow", "_i", "_on_decision", "_people", "_prefix",
                 "_use_filters", "coaches", "game", "log", "views")

    def __init__(self, game: Game, coaches: Mapping[Side, Coach], log: list[DecisionEntry],
                 prefix: Sequence[DecisionEntry] = (),
                 on_decision: Callable[[Decision, str], None] | None = None,
                 people: Collection[Side] = ()) -> None:
        self.game = game
        self.coaches = coaches
        self.log = log
        self.views = {Side.HOME: game.view(Side.HOME), Side.AWAY: game.view(Side.AWAY)}
        self._prefix = prefix
        self._on_decision = on_decision
        self._people = frozenset(people)
        self._i = 0
        # A person is asked everything; computer coaches may wave optional questions through.
        self._use_filters = getattr(game, "use_pass_filters", None)
        self._filters = {side: None if side in self._people else
                         getattr(coaches[side], "lets_pass", None) for side in Side}
        if self._use_filters is not None and not prefix:
            self._use_filters(self._filters, log)
        self._flow = game.run()
        self._decision: Decision | None = self._start()

    def _start(self) -> Decision | None:
        try:
            return next(self._flow)
        except StopIteration:
            return None

    @property
    def pending(self) -> Decision | None:
        """The decision waiting for an answer (None once the game is over)."""
        return self._decision

    @property
    def index(self) -> int:
        """The pending decision's position in the game's record."""
        return len(self.log)

    def advance(self, replay_only: bool = False, until_play: bool = False) -> Decision | None:
        """Answer everything no person needs to answer. Returns the decision a person must
        answer now, or None when the game is over. With `replay_only`, stop once the saved
        decisions are replayed and return the next decision, whoever answers it. With
        `until_play`, also stop at the first decision after a play has ended and return it
        unanswered, whoever answers it (the next call goes on): a game the computers play
        through can then be saved and shown play by play, each save a whole record."""
        decision = self._decision
        if decision is None:
            return None
        flow, coaches, views, log = self._flow, self.coaches, self.views, self.log
        prefix, people, on_decision = self._prefix, self._people, self._on_decision
        n_prefix = len(prefix)
        i = self._i
        seen = len(self.game.plays)
        try:
            while True:
                if i == n_prefix and n_prefix and self._use_filters is not None:
                    self._use_filters(self._filters, log)   # replayed: coaches take over
                if i < n_prefix:
                    entry = self._replayed(decision, prefix[i], i)
                    answer = entry[2]
                elif replay_only or (people and decision.seat in people) or \
                        (until_play and len(self.game.plays) > seen):
                    self._i, self._decision = i, decision
                    return decision
                elif not people and not until_play:
                    i = self._computers_to_the_end(decision, i)    # the batch case
                    self._i, self._decision = i, None
                    return None
                else:
                    coach = coaches[decision.seat]
                    answer = coach.decide(decision, views[decision.seat])
                    if answer not in decision.options:
                        answer = _ask_again(coach, decision, views[decision.seat], answer)
                    # Kind and Side are str enums: they log (and save as JSON) as their names.
                    entry = [decision.kind, decision.seat, answer]
                i += 1
                log.append(entry)
                if on_decision is not None:
                    on_decision(decision, answer)
                decision = flow.send(answer)
        except StopIteration:
            self._i, self._decision = i, None
            return None

    def _computers_to_the_end(self, decision: Decision, i: int) -> int:
        """Computer coaches answer everything left (the loop of `advance` without a person
        or a saved record to look at: batch simulation spends its time here). Returns the
        count of decisions answered, as `advance` keeps it."""
        flow, coaches, views, log = self._flow, self.coaches, self.views, self.log
        on_decision = self._on_decision
        decide = {side: coach.decide for side, coach in coaches.items()}
        with fewer_collections():
            try:
                while True:
                    seat = decision.seat
                    answer = decide[seat](decision, views[seat])
                    if answer not in decision.options:
                        answer = _ask_again(coaches[seat], decision, views[seat], answer)
                    i += 1
                    log.append([decision.kind, seat, answer])
                    if on_decision is not None:
                        on_decision(decision, answer)
                    decision = flow.send(answer)
            except StopIteration:
                return i

    def answer(self, answer: str, by: str = "person") -> None:
        """A person's answer to the pending decision. An illegal one raises `IllegalDecision`
        and changes nothing. `by` is saved with it ("person", or "assistant" for an answer a
        seat's assistant gave)."""
        decision = self._decision
        if decision is None:
            raise IllegalDecision("the game is over")
        answer = decision.check(answer)
        self._i += 1
        self.log.append([decision.kind, decision.seat, answer, by])
        if self._on_decision is not None:
            self._on_decision(decision, answer)
        try:
            self._decision = self._flow.send(answer)
        except StopIteration:
            self._decision = None

    def _replayed(self, decision: Decision, entry: DecisionEntry, i: int) -> DecisionEntry:
        """The saved entry, checked against the decision the game asks now (a new list: the
        log may outlive the prefix it was replayed from)."""
        kind, seat, answer = entry[0], entry[1], entry[2]
        if kind != decision.kind or seat != decision.seat:
            raise ReplayDiverged(f"decision {i}: record has {kind}/{seat}, game asks "
                                 f"{decision.kind}/{decision.seat}")
        try:
            answer = decision.check(answer)
        except IllegalDecision as exc:
            raise ReplayDiverged(f"decision {i}: {exc}") from None
        # A computer coach (or a seat's assistant) replays its own choice too, so its dice
        # are where they were when the game was saved and a resumed game goes on as it would.
        sync = getattr(self.coaches[decision.seat], "sync", None)
        if sync is not None:
            sync(decision, self.views[decision.seat])
        return [decision.kind, decision.seat, answer, *entry[3:]]


def drive(
    game: Game,
    coaches: Mapping[Side, Coach],
    log: list[DecisionEntry],
    prefix: Sequence[DecisionEntry] = (),
    on_decision: Callable[[Decision, str], None] | None = None,
) -> None:
    """Run `game` to its end (or until a coach raises), appending each answer to `log`."""
    Driver(game, coaches, log, prefix, on_decision).advance()


def _ask_again(coach: Coach, decision: Decision, view: Any, answer: str) -> str:
    """Tell the coach why its answer was refused (if it can listen) and ask again."""
    for _ in range(MAX_REFUSALS):
        try:
            decision.check(answer)
        except IllegalDecision as exc:
            refused = getattr(coach, "refused", None)
            if refused is None:
                raise
            refused(decision, exc)
        answer = coach.decide(decision, view)
        if answer in decision.options:
            return answer
    raise IllegalDecision(f"coach gave {MAX_REFUSALS} illegal answers to {decision.kind.value}")
