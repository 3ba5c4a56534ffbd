"""The game driver: seats the coaches and plays a game through the rules' own calls.

The rules are plain calls: wherever a coach chooses, a rules step asks `game.ask(...)` and
gets the answer back (DESIGN.md, "The game driver"). The driver decides who answers, by
setting the game's `coach_answer`: first a replay prefix (a saved game's decisions, checked
against what the game asks), then the computer coaches, each answer checked before the rules
see it, so an illegal choice never changes the game.

A question a person must answer stops the game where it stands: the driver raises
`Suspended` out of the rules and hands the question back (`pending`). The game object then
shows the table as it was at the question, and is not played on: once the answer comes, the
game is played again from its record, the new answer included (`scrimmage.seat.table`). A
game is its inputs, and replay is exact, so one code path serves a batch of a million games,
a terminal, a web page and a league.

`drive` is the batch form: no person, one call runs the game to its end.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import nullcontext
from typing import Any, Final

from scrimmage.core.collection import fewer_collections
from scrimmage.core.decisions import Answerer, Coach, Decision, Suspended, no_coach
from scrimmage.core.errors import IllegalDecision, ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import DecisionEntry
from scrimmage.core.ruleset import Game

MAX_REFUSALS: Final = 50

NO_FILTERS: Final[dict[Side, None]] = {Side.HOME: None, Side.AWAY: None}

PersonHook = Callable[[Decision], "tuple[str, str] | None"]
"""Called at each question of a person's seat: (answer, who gave it) to go on without the
person (their assistant, the computer half of a split team), or None to stop and ask them."""


class ReplayDiverged(ScrimmageError):
    """A saved decision does not fit the game being replayed (a different record or version)."""


class Driver:
    """Plays one game once, from its start. `people` are the seats a person answers; for those
    seats `coaches` holds the seat's assistant, which replays its own draws while a saved part
    is replayed (see `scrimmage.seat.table`).

    `person` is asked at each live question of a person's seat (without it, every such
    question stops the game); `on_play` is called before the first question after a play has
    ended (a table saves and shows the play there); `stop` is asked before each live question
    and stops the game when it says so.
    With `sync=False` the coaches are not shown the saved decisions: they are the coaches that
    made them, their dice already past them (a table playing its game again after a stop).
    With `log` None nobody reads the answers (a batch game, replayable from its seed and
    coaches): the computers' answers are not logged."""

    __slots__ = (
        "_decision",
        "_filters",
        "_i",
        "_keep",
        "_on_decision",
        "_on_play",
        "_people",
        "_person",
        "_prefix",
        "_ran",
        "_replay_only",
        "_seen",
        "_stop",
        "_sync",
        "_use_filters",
        "coaches",
        "game",
        "log",
        "views",
    )

    def __init__(self, game: Game, coaches: Mapping[Side, Coach], log: list[DecisionEntry] | None,
                 prefix: Sequence[DecisionEntry] = (),
                 on_decision: Callable[[Decision, str], None] | None = None,
                 people: Collection[Side] = (), *,
                 person: PersonHook | None = None,
                 on_play: Callable[[], None] | None = None,
                 stop: Callable[[], bool] | None = None,
                 sync: bool = True) -> None:
        self.game = game
        self.coaches = coaches
        self.log: list[DecisionEntry] = [] if log is None else log
        self._keep = log is not None
        self.views = {Side.HOME: game.view(Side.HOME), Side.AWAY: game.view(Side.AWAY)}
        self._prefix = prefix
        self._on_decision = on_decision
        self._people = frozenset(people)
        self._person = person
        self._on_play = on_play
        self._stop = stop
        self._sync = sync
        self._i = 0
        self._ran = False
        self._replay_only = False
        self._seen = 0
        self._decision: Decision | None = None
        # A person is asked everything; computer coaches may wave optional questions through.
        self._use_filters = getattr(game, "use_pass_filters", None)
        self._filters = {side: None if side in self._people else
                         getattr(coaches[side], "lets_pass", None) for side in Side}
        if self._use_filters is not None and not prefix:
            self._use_filters(self._filters, log)

    @property
    def pending(self) -> Decision | None:
        """The question the game stopped at (None when it ran to its end)."""
        return self._decision

    def run(self, replay_only: bool = False) -> Decision | None:
        """Play the game: the saved decisions first, then the coaches. Returns the question
        the game stopped at (a person's; with `replay_only`, the first one after the saved
        part, whoever answers it), or None once the game is over."""
        if self._ran:
            raise ScrimmageError("a driver plays its game once: play it again from its record")
        self._ran = True
        self._replay_only = replay_only
        game = self.game
        game.coach_answer = self._replaying if self._prefix else self._go_live()
        # Computers only: fewer collector passes (a process setting, so never while a game
        # may wait for a person).
        batch = not self._people and self._on_play is None and self._stop is None
        try:
            with fewer_collections() if batch else nullcontext():
                game.run()
        except Suspended as stopped:
            self._decision = stopped.decision
            return stopped.decision
        finally:
            game.coach_answer = no_coach       # a stopped game is shown, never played on
            if self._use_filters is not None:  # and holds no reference cycle through them
                self._use_filters(NO_FILTERS, [])
        return None

    # -- who answers ---------------------------------------------------------------------
    def _replaying(self, decision: Decision) -> str:
        """A saved answer, checked against the question the game asks now."""
        i = self._i
        if i == len(self._prefix):
            return self._go_live()(decision)
        entry = self._replayed(decision, self._prefix[i], i)
        self._i = i + 1
        self.log.append(entry)
        answer = entry[2]
        if self._on_decision is not None:
            self._on_decision(decision, answer)
        return answer

    def _go_live(self) -> Answerer:
        """The saved part is over: who answers from here on (set as the game's answerer)."""
        if self._prefix and self._use_filters is not None:
            self._use_filters(self._filters, self.log if self._keep else None)  # coaches
        self._seen = len(self.game.plays)
        if self._replay_only:
            answer: Answerer = self._stop_here
        elif self._people or self._on_play is not None or self._stop is not None:
            answer = self._live_answer
        else:
            answer = self._computers()
        self.game.coach_answer = answer
        return answer

    def _stop_here(self, decision: Decision) -> str:
        raise Suspended(decision)

    def _live_answer(self, decision: Decision) -> str:
        """A live question with a person seated, or someone watching the plays."""
        if self._on_play is not None and len(self.game.plays) > self._seen:
            self._seen = len(self.game.plays)
            self._on_play()
        if self._stop is not None and self._stop():
            raise Suspended(decision)
        seat = decision.seat
        entry: DecisionEntry
        if seat in self._people:
            given = self._person(decision) if self._person is not None else None
            if given is None:
                raise Suspended(decision)
            answer = decision.check(given[0])
            entry = [decision.kind, seat, answer, given[1]]
        else:
            coach, view = self.coaches[seat], self.views[seat]
            answer = coach.decide(decision, view)
            if answer not in decision.options:
                answer = _ask_again(coach, decision, view, answer)
            # Kind and Side are str enums: they log (and save as JSON) as their names.
            entry = [decision.kind, seat, answer]
        self.log.append(entry)
        if self._on_decision is not None:
            self._on_decision(decision, answer)
        return answer

    def _computers(self) -> Answerer:
        """The computer coaches answer everything (batch simulation spends its time here)."""
        coaches, views = self.coaches, self.views
        on_decision = self._on_decision
        decide = {side: coach.decide for side, coach in coaches.items()}
        # None: a batch game, nobody reads the answers (replayable from its seed and coaches).
        append = self.log.append if self._keep else None

        def answer(decision: Decision) -> str:
            seat = decision.seat
            choice = decide[seat](decision, views[seat])
            if choice not in decision.options:
                choice = _ask_again(coaches[seat], decision, views[seat], choice)
            if append is not None:
                append([decision.kind, seat, choice])
            if on_decision is not None:
                on_decision(decision, choice)
            return choice

        return answer

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
        sync = getattr(self.coaches[decision.seat], "sync", None) if self._sync else None
        if sync is not None:
            sync(decision, self.views[decision.seat])
        return [decision.kind, decision.seat, answer, *entry[3:]]


def drive(
    game: Game,
    coaches: Mapping[Side, Coach],
    log: list[DecisionEntry] | None,
    prefix: Sequence[DecisionEntry] = (),
    on_decision: Callable[[Decision, str], None] | None = None,
) -> None:
    """Run `game` to its end (or until a coach raises), appending each answer to `log` (None:
    nobody reads them)."""
    Driver(game, coaches, log, prefix, on_decision).run()


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
