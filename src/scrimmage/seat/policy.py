"""Which decisions a person answers, and which the seat's assistant answers for them.

A table player calls the plays and makes the choices that change a game; the bookkeeping
choices (a coaching point here, a play-speed point there, a timeout that only a clock-watcher
would call) are what the book's solitaire coach already knows how to make. So a person's seat
asks its person only for the kinds of decision the person has taken, and hands every other kind
to the assistant (the ruleset's computer coach). By default the person takes:

- the play call (or the die / card choice);
- the choices that change a game: the coin toss, onside or regular, the try, accept or decline
  a penalty;
- the snap (go / punt / kick, kneel, spike) when it matters: on 4th down, in the last two
  minutes of a half or in overtime, and whenever the assistant would do anything but run a
  play.

`--ask calls,timeout` (or `ask timeout` during a game) takes more; `auto KIND` hands a kind to
the assistant. The assistant's answers go into the record like anyone's.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.situation import Situation

CALLS = frozenset({Kind.PLAY_CALL, Kind.DICE_CHOICE, Kind.COIN_TOSS, Kind.SECOND_HALF,
                   Kind.OVERTIME, Kind.OVERTIME_TOSS, Kind.KICKOFF, Kind.TRY, Kind.PENALTY})
"""Kinds a person is always asked by default."""

WHEN_IT_MATTERS = frozenset({Kind.SNAP})
"""Kinds a person is asked by default only at the moments that decide games."""

LATE_SECONDS = 120
"""The last two minutes of a half: the clock becomes part of every snap decision."""

KIND_WORDS = {
    Kind.PLAY_CALL: "play calls", Kind.DICE_CHOICE: "dice choices", Kind.COIN_TOSS: "the toss",
    Kind.SECOND_HALF: "the second-half choice", Kind.OVERTIME: "playing overtime",
    Kind.OVERTIME_TOSS: "the overtime toss",
    Kind.KICKOFF: "kickoffs (onside or not)", Kind.TRY: "the try", Kind.PENALTY: "penalties",
    Kind.SNAP: "the snap (go, punt, kick, kneel, spike)", Kind.TIMEOUT: "timeouts",
    Kind.AUDIBLE: "audibles", Kind.COACHING_POINTS: "coaching points",
    Kind.PLAY_SPEED: "play speed", Kind.OUT_OF_BOUNDS: "out of bounds",
    Kind.PUNT_STYLE: "punt style", Kind.PUNT_FIELD: "fielding punts",
    Kind.KICK_RETURN: "returns and fair catches", Kind.REROLL: "re-rolls",
    Kind.TIMING_CARDS: "extra timing cards", Kind.SUBSTITUTION: "substitutions",
    Kind.LONG_BOMB: "long bombs", Kind.RUN_CLOCK: "running the clock"}
"""What each kind is called when a person is told what they answer."""

PRESETS = {"calls": (CALLS, WHEN_IT_MATTERS), "all": (frozenset(Kind), frozenset())}


def kind_named(text: str) -> Kind:
    """A decision kind from its name (`timeout`, `coaching-points`, ...), or a clear error."""
    key = text.strip().lower().replace("-", "_").replace(" ", "_")
    try:
        return Kind(key)
    except ValueError:
        known = ", ".join(k.value for k in Kind)
        raise ScrimmageError(f"no decision kind named {text!r}; kinds: {known}") from None


class AskPolicy:
    """The kinds a person has taken. `always` are asked every time; `when_it_matters` only at
    the moments `matters` picks out. Every other kind goes to the assistant."""

    __slots__ = ("always", "when_it_matters")

    def __init__(self, always: frozenset[Kind] = CALLS,
                 when_it_matters: frozenset[Kind] = WHEN_IT_MATTERS) -> None:
        self.always = set(always)
        self.when_it_matters = set(when_it_matters) - self.always

    @classmethod
    def parse(cls, text: str) -> AskPolicy:
        """`calls` (the default), `all`, or kinds separated by commas; `calls,timeout` takes the
        default set and timeouts; `play_call,snap` takes exactly those (snap every time)."""
        policy = cls(frozenset(), frozenset())
        words = [w for w in text.split(",") if w.strip()]
        if not words:
            raise ScrimmageError("--ask needs 'calls', 'all' or decision kinds separated by commas")
        for word in words:
            preset = PRESETS.get(word.strip().lower())
            if preset is not None:
                policy.always |= preset[0]
                policy.when_it_matters |= preset[1]
            else:
                policy.always.add(kind_named(word))
        policy.when_it_matters -= policy.always
        return policy

    def ask(self, kind: Kind) -> None:
        self.always.add(kind)
        self.when_it_matters.discard(kind)

    def auto(self, kind: Kind) -> None:
        self.always.discard(kind)
        self.when_it_matters.discard(kind)

    def asks(self, decision: Decision, view: Any, suggestion: str) -> bool:
        """Does the person answer this decision (rather than the assistant)?"""
        kind = decision.kind
        if kind in self.always:
            return True
        return kind in self.when_it_matters and matters(decision, view, suggestion)

    def describe(self, kinds: Collection[Kind] = tuple(Kind)) -> str:
        """What the person answers, in words, among the ruleset's `kinds`."""
        if self.always == set(CALLS) and self.when_it_matters == set(WHEN_IT_MATTERS):
            return ("you call the plays and make the big choices (the toss, kickoffs, tries, "
                    "penalties, and the snap on 4th down, late in a half and in overtime)")
        always = ", ".join(sorted(KIND_WORDS.get(k, k.value) for k in self.always
                                  if k in kinds)) or "nothing"
        text = f"you answer {always}"
        later = [k for k in self.when_it_matters if k in kinds]
        if later:
            text += "; " + ", ".join(sorted(KIND_WORDS.get(k, k.value) for k in later)) + \
                " when it matters (4th down, the last two minutes of a half, overtime)"
        return text

    def listing(self, kinds: Collection[Kind]) -> list[str]:
        """Every kind of decision of the ruleset, a line each: the name to type after `ask`
        or `auto`, what it is, and who answers it now."""
        width = max(len(k.value) for k in kinds)
        lines = []
        for k in sorted(kinds, key=lambda k: k.value):
            who = ("you" if k in self.always else "you, when it matters"
                   if k in self.when_it_matters else "the assistant")
            lines.append(f"  {k.value.ljust(width)}  {KIND_WORDS.get(k, k.value)}: {who}")
        return lines

    def to_json(self) -> dict[str, list[str]]:
        return {"always": sorted(k.value for k in self.always),
                "when_it_matters": sorted(k.value for k in self.when_it_matters)}

    @classmethod
    def from_json(cls, data: object) -> AskPolicy:
        if not isinstance(data, dict) or not all(
                isinstance(data.get(key, []), list) for key in ("always", "when_it_matters")):
            raise ScrimmageError("a seat's ask policy must be {'always': [...], "
                                 "'when_it_matters': [...]}")
        return cls(frozenset(kind_named(str(k)) for k in data.get("always", [])),
                   frozenset(kind_named(str(k)) for k in data.get("when_it_matters", [])))


def matters(decision: Decision, view: Any, suggestion: str) -> bool:
    """4th down, late in a half or overtime, or a moment when the assistant would not simply
    take the ordinary first option (kneel, spike, a field goal before 4th down)."""
    if suggestion != decision.options[0]:
        return True
    if getattr(view, "down", None) == 4:
        return True
    situation = getattr(view, "situation", None)
    if isinstance(situation, Situation):
        late_half = situation.quarter in (2, 4) and situation.seconds_left <= LATE_SECONDS
        return late_half or situation.quarter > 4
    return False
