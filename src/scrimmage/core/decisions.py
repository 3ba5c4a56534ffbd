"""Decision requests and the `Coach` protocol.

The rules never choose for a coach: wherever a book leaves a choice to a coach, the rules code
asks `game.ask(...)` and gets the answer back (a string, one of `options`): the game's
`coach_answer`, set by the driver, makes a `Decision` and answers it. The same request
serves a batch loop, a terminal prompt and a web page. A coach sees the request and a
`SeatView` of the game: only what that seat may see (the opponent's play call is never in it
before both calls are made, because the rules keep it in a local variable until then).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, Final, Protocol

from scrimmage.core.errors import IllegalDecision, ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.situation import Situation


class Kind(StrEnum):
    """Every kind of choice a coach makes in any ruleset."""

    COIN_TOSS = "coin_toss"              # receive / kick / defer
    SECOND_HALF = "second_half"          # the deferring team's second-half choice
    OVERTIME_TOSS = "overtime_toss"      # offense / defense first in overtime
    OVERTIME = "overtime"                # play overtime / accept the tie, asked at a tie
    KICKOFF = "kickoff"                  # regular / onside
    SNAP = "snap"                        # play / punt / field_goal / kneel / spike
    PLAY_CALL = "play_call"              # a play card (hidden until both have chosen)
    AUDIBLE = "audible"                  # keep, or a new play card
    TIMEOUT = "timeout"                  # timeout / no
    PENALTY = "penalty"                  # accept / decline
    TRY = "try"                          # kick / two
    PUNT_STYLE = "punt_style"            # normal / out_of_bounds
    PUNT_FIELD = "punt_field"            # field / bounce
    KICK_RETURN = "kick_return"          # return / fair_catch / touchback
    OUT_OF_BOUNDS = "out_of_bounds"      # stay / out (and the coaching-point flips)
    COACHING_POINTS = "coaching_points"  # spend on an item of the menu, or none
    PLAY_SPEED = "play_speed"            # use a play-speed point, or none
    REROLL = "reroll"                    # keep / reroll the play dice (after a timeout)
    TIMING_CARDS = "timing_cards"        # how many extra timing cards to flip (one / two)
    SUBSTITUTION = "substitution"        # keep, or put a reserve into a lineup slot
    LONG_BOMB = "long_bomb"              # 1st & Roll: no / bomb, after a green play is not matched
    RUN_CLOCK = "run_clock"              # 1st & Roll: no / run, the clock after a running play
    DICE_CHOICE = "dice_choice"          # 1st & Roll: which dice to roll (punt, block attempt)


# Every kind as a plain module constant, for the rules' hot steps: on Python 3.11 `Kind.X`
# goes through the enum class's attribute lookup (about 70 ns, a module global about 7), and
# a game asks about a thousand questions. The same objects: `K_SNAP is Kind.SNAP`.
K_COIN_TOSS: Final = Kind.COIN_TOSS
K_SECOND_HALF: Final = Kind.SECOND_HALF
K_OVERTIME_TOSS: Final = Kind.OVERTIME_TOSS
K_OVERTIME: Final = Kind.OVERTIME
K_KICKOFF: Final = Kind.KICKOFF
K_SNAP: Final = Kind.SNAP
K_PLAY_CALL: Final = Kind.PLAY_CALL
K_AUDIBLE: Final = Kind.AUDIBLE
K_TIMEOUT: Final = Kind.TIMEOUT
K_PENALTY: Final = Kind.PENALTY
K_TRY: Final = Kind.TRY
K_PUNT_STYLE: Final = Kind.PUNT_STYLE
K_PUNT_FIELD: Final = Kind.PUNT_FIELD
K_KICK_RETURN: Final = Kind.KICK_RETURN
K_OUT_OF_BOUNDS: Final = Kind.OUT_OF_BOUNDS
K_COACHING_POINTS: Final = Kind.COACHING_POINTS
K_PLAY_SPEED: Final = Kind.PLAY_SPEED
K_REROLL: Final = Kind.REROLL
K_TIMING_CARDS: Final = Kind.TIMING_CARDS
K_SUBSTITUTION: Final = Kind.SUBSTITUTION
K_LONG_BOMB: Final = Kind.LONG_BOMB
K_RUN_CLOCK: Final = Kind.RUN_CLOCK
K_DICE_CHOICE: Final = Kind.DICE_CHOICE


_NO_INFO: Final[dict[str, Any]] = {}
_NO_REFUSALS: Final[dict[str, str]] = {}


class Decision:
    """One question to one seat. `options` are the legal answers right now.

    `refused` maps answers that exist in general but are illegal now to the reason, so a
    person who types one gets told why (an exhausted set, no timeouts left, too few points).
    `info` and `refused` are read, never written: a rules module may share one dict among
    many decisions.
    A plain slotted class: the batch loop makes over a thousand of these per game.
    """

    __slots__ = ("info", "kind", "options", "prompt", "refused", "seat")

    def __init__(self, kind: Kind, seat: Side, options: tuple[str, ...], prompt: str = "",
                 info: dict[str, Any] | None = None, refused: dict[str, str] | None = None) -> None:
        self.kind = kind
        self.seat = seat
        self.options = options
        self.prompt = prompt
        # No info or refusals: one shared empty dict each (read-only, like every `info`), not
        # two new ones for each of the game's thousand questions.
        self.info: dict[str, Any] = _NO_INFO if info is None else info
        self.refused: dict[str, str] = _NO_REFUSALS if refused is None else refused

    def __repr__(self) -> str:
        return f"Decision({self.kind.value}, {self.seat.value}, {self.options})"

    def check(self, answer: object) -> str:
        """Return the answer if it is legal, else raise `IllegalDecision` saying why."""
        if isinstance(answer, str) and answer in self.options:
            return answer
        if isinstance(answer, str) and answer in self.refused:
            raise IllegalDecision(f"{answer!r} is not allowed now: {self.refused[answer]}")
        raise IllegalDecision(
            f"{answer!r} is not an answer to the {self.kind.value.replace('_', ' ')} question; "
            f"choose one of {', '.join(self.options)}"
        )


Answerer = Callable[["Decision"], str]
"""What a game asks its questions through (`game.coach_answer`): a decision in, an answer out."""


def no_coach(decision: Decision) -> str:
    """A game's `coach_answer` until a driver seats its coaches."""
    raise ScrimmageError(f"no coach is seated to answer {decision.kind.value} "
                         f"({decision.seat.value}): run the game through a driver")


class Suspended(BaseException):
    """Raised out of the rules at a question the driver must not answer now (a person's, or
    the first after a replayed record): the game stops where it is and is replayed from its
    record once the answer comes. A `BaseException`, so no rules code catches it by accident."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision)
        self.decision = decision


class SeatView(Protocol):
    """What one seat may see of the game. Rulesets add their own fields."""

    @property
    def seat(self) -> Side: ...

    @property
    def situation(self) -> Situation: ...

    @property
    def score(self) -> dict[Side, int]: ...


class Coach(Protocol):
    """Anything that answers decisions: a computer coach, a person at a terminal, a web seat."""

    def decide(self, decision: Decision, view: Any) -> str: ...
