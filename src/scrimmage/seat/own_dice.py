"""Playing with your own dice: the table asks for each die the book says to roll, by its name.

A game of typed dice rolls `core.dice.TypedDice`: the faces typed so far (the record's `dice`),
then, for each new die, the table parks the game where the rules roll it (`seat.table`) and
asks the person to throw it. The rules are the same calls as with the engine's dice.

The rules name a die only after it is rolled (`rules.narration.DiceReads`: "red", or by its
sides, "d24"), so a die is named by a look-ahead: the game is its inputs, and a twin played
from the record with a stand-in face for the die shows the name the rules give it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scrimmage.core.decisions import Decision
from scrimmage.core.dice import TypedDice
from scrimmage.core.driver import Driver
from scrimmage.core.errors import IllegalDecision, ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord
from scrimmage.rules.narration import DiceReads

OWN_DICE = ("legends-hs", "legends-college", "legends-pro", "5d20")
"""The rulesets a table plays with a person's dice: their dice are plain numbered dice. (The
Grid draws timing cards and 1st & Roll reads printed faces: not yet asked for.)"""

LEGENDS_DICE = {24: "the offense's d24", 12: "the defense's d12", 20: "the d20",
                100: "the percentile dice (d100)"}
"""FNL-26: the offense rolls the d24 (its play number) and the d20 (the penalty roll, and the
kicking charts), the defense the d12."""

NAMED_BY_RULES = frozenset({"5d20"})
"""Rulesets that name their dice (5D20's colours): only these need the look-ahead."""
AHEAD = 6
"""Stand-in dice a look-ahead throws past the one it names before giving up (5D20 names the
five dice of a roll once all five are thrown)."""


def check_own_dice(rules: str) -> None:
    if rules not in OWN_DICE:
        raise ScrimmageError(f"{rules} is not played with typed dice yet; choose one of "
                              f"{', '.join(OWN_DICE)}")


@dataclass
class Throw:
    """A die the book says to roll now, waiting for its face to be typed."""

    sides: int
    index: int
    """Its place among the game's dice (from 0): the record's `dice` hold those before it."""
    name_it: Callable[[], str] | None = field(default=None, repr=False, compare=False)
    _name: str | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def name(self) -> str:
        """The die in the book's words: "the offense's d24", "the white d20"."""
        if self._name is None:
            self._name = self.name_it() if self.name_it is not None else f"a d{self.sides}"
        return self._name

    @property
    def prompt(self) -> str:
        return f"Roll {self.name} (1-{self.sides})"

    def read(self, text: object) -> int:
        """The face typed, or `IllegalDecision` (one line, with the die's range)."""
        try:
            face = int(str(text).strip())
        except ValueError:
            face = 0
        if not 1 <= face <= self.sides:
            raise IllegalDecision(f"{self.name} shows 1 to {self.sides}: {str(text).strip()!r} "
                                  "is not one of them")
        return face


def die_name(rules: str, record: GameRecord, index: int, sides: int) -> str:
    """What the book calls the game's die `index` (a d`sides`), in words for a person."""
    name = _rules_name(record, index) if rules in NAMED_BY_RULES else None
    if rules == "5d20":
        return f"the {name} d20" if name else "a d20"
    if rules.startswith("legends"):
        return LEGENDS_DICE.get(sides, f"a d{sides}")
    return name or f"a d{sides}"


class _Named(Exception):
    """Ends a look-ahead: the die is named, or will not be."""


class _NoAnswer:
    """Coaches of a look-ahead: it replays the record's decisions and stops at the next."""

    def decide(self, decision: Decision, view: Any) -> str:  # never asked: replay only
        raise _Named


def _rules_name(record: GameRecord, index: int) -> str | None:
    """The name the rules give die `index`, from a twin played with a stand-in face (1, a
    face of every die) for it and for a few dice after it, until the rules name it."""
    from scrimmage.api import new_game

    reads: list[DiceReads] = []

    def named() -> str | None:
        return reads[0].names.get(index) if reads else None

    def stand_in(sides: int) -> int:
        thrown = len(dice.values)
        if thrown > index and (named() is not None or thrown > index + AHEAD):
            raise _Named
        return 1

    dice = TypedDice(list(record.dice or ())[:index], stand_in)
    game, _ = new_game(record.rules, record.home_team, record.away_team, seed=record.seed,
                       typed=dice, **record.options)
    found = getattr(game, "reads", None)
    if not isinstance(found, DiceReads):
        return None
    reads.append(found)
    coach = _NoAnswer()
    try:
        Driver(game, {Side.HOME: coach, Side.AWAY: coach}, [],
               prefix=record.decisions).run(replay_only=True)
    except _Named:
        pass
    except Exception:       # a stand-in face the game cannot take: the die keeps its sides
        return None
    return named()
