"""Playing with your own dice: the table asks for each die the book says to roll, by its name.

A game of typed dice rolls `core.dice.TypedDice`: the faces typed so far (the record's `dice`),
then, for each new die, the table parks the game where the rules roll it (`seat.table`) and
asks the person to throw it (`Throw`). The rules are the same calls as with the engine's dice,
and what is typed is kept as the number the engine's die would have returned: a printed face
or a playing card is read back into its place (`seat.typed_faces`). What each die is, its
name and its faces, is found by a look-ahead (`seat.dice_looks`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from scrimmage.core.errors import IllegalDecision, ScrimmageError
from scrimmage.seat.typed_faces import CARD_HELP, read_card, read_face, unique

OWN_DICE = ("legends-hs", "legends-college", "legends-pro", "5d20", "grid", "1st-and-roll")
"""The rulesets a table plays with a person's dice: plain numbered dice, 1st & Roll's printed
faces and The Grid's timing cards (`seat.typed_faces` reads them back into numbers)."""

LEGENDS_DICE = {24: "the offense's d24", 12: "the defense's d12", 20: "the d20",
                100: "the percentile dice (d100)"}
"""FNL-26: the offense rolls the d24 (its play number) and the d20 (the penalty roll, and the
kicking charts), the defense the d12."""

AHEAD = 6
"""Stand-in dice a look-ahead throws past the one it names before giving up (5D20 names the
five dice of a roll once all five are thrown)."""

NUMBER, FACE, COIN, CARD = "number", "face", "coin", "card"
"""What a die shows: its number, a printed face, the side of a coin, a playing card."""


def check_own_dice(rules: str) -> None:
    if rules not in OWN_DICE:
        raise ScrimmageError(f"{rules} is not played with typed dice yet; choose one of "
                              f"{', '.join(OWN_DICE)}")


@dataclass(frozen=True)
class Look:
    """A die as a person at the table sees it."""

    name: str
    """In the book's words: "the offense's d24", "the defense's red die", "the next timing
    card"."""
    labels: tuple[str, ...] = ()
    """What face n shows, at `labels[n - 1]` (a card: its place in the deck's draw); empty
    for a numbered die."""
    kind: str = NUMBER


@dataclass
class Throw:
    """A die the book says to roll now, waiting for its face to be typed."""

    sides: int
    index: int
    """Its place among the game's dice (from 0): the record's `dice` hold those before it."""
    look_it: Callable[[], Look] | None = field(default=None, repr=False, compare=False)
    _look: Look | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def look(self) -> Look:
        if self._look is None:
            self._look = self.look_it() if self.look_it is not None else Look(f"a d{self.sides}")
        return self._look

    @property
    def name(self) -> str:
        return self.look.name

    @property
    def kind(self) -> str:
        return self.look.kind

    @property
    def labels(self) -> tuple[str, ...]:
        return self.look.labels

    @property
    def prompt(self) -> str:
        look = self.look
        if look.kind == FACE:
            return f"Roll {look.name}: {' '.join(unique(look.labels))}"
        if look.kind == COIN:
            return f"Toss the coin: who won the toss, {' or '.join(look.labels)}?"
        if look.kind == CARD:
            return f"Turn {look.name} and type it, {CARD_HELP}"
        return f"Roll {look.name} (1-{self.sides})"

    @property
    def shows(self) -> str:
        """What the die may show, for a refusal or a reminder."""
        look = self.look
        if look.kind == FACE:
            return (f"{look.name} shows {', '.join(unique(look.labels))} "
                    f"(or #1 to #{self.sides}, the face's number)")
        if look.kind == COIN:
            return f"the toss is won by {' or '.join(look.labels)} (1 or 2)"
        if look.kind == CARD:
            return f"a card is typed {CARD_HELP}"
        return f"{look.name} shows 1 to {self.sides}"

    def read(self, text: object) -> int:
        """The face number typed (what the engine's die would have returned), or
        `IllegalDecision` (one line, with what the die shows)."""
        typed = str(text).strip()
        if self.kind == CARD:
            return self._card(typed)
        if self.kind in (FACE, COIN):
            face = read_face(self.labels, typed) or 0
        else:
            try:
                face = int(typed)
            except ValueError:
                face = 0
        if not 1 <= face <= self.sides:
            raise IllegalDecision(f"{self.shows}: {typed!r} is not one of them")
        return face

    def _card(self, typed: str) -> int:
        card = read_card(typed)
        if card is None:
            raise IllegalDecision(f"{typed!r} is not a playing card: type it {CARD_HELP}")
        if card not in self.labels:
            raise IllegalDecision(f"{card} is not in the timing deck: it was turned already "
                                  f"({len(self.labels)} cards are left to turn)")
        return self.labels.index(card) + 1


