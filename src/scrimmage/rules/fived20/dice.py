"""The five coloured dice (D20-1): red, white, blue, black and yellow, thrown as one roll.

Every procedure names the colour it reads, so a roll is kept as a `Roll` with one field per
colour. "Roll all 5 dice" is `roll_five`: five `roll(20)` calls on the injected `Dice`, always
in the order red, white, blue, black, yellow (a scenario test scripts them in that order). A
partial re-roll ("re-roll the white and black dice") makes a new `Roll` with only those colours
replaced, through `reroll`, again in colour order.
"""

from __future__ import annotations

from typing import Final

from scrimmage.core.dice import Dice

COLOURS: Final = ("red", "white", "blue", "black", "yellow")


class Roll:
    """One throw of the five dice, a value: two rolls of the same faces are equal. A plain
    class rather than a named tuple, so the compiled build makes one without a Python call
    (a 5D20 game throws about three hundred)."""

    __slots__ = ("black", "blue", "red", "white", "yellow")

    def __init__(self, red: int, white: int, blue: int, black: int, yellow: int) -> None:
        self.red = red
        self.white = white
        self.blue = blue
        self.black = black
        self.yellow = yellow

    def faces(self) -> tuple[int, int, int, int, int]:
        """The five faces in colour order."""
        return (self.red, self.white, self.blue, self.black, self.yellow)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Roll) and self.faces() == other.faces()

    def __hash__(self) -> int:
        return hash(self.faces())

    def __repr__(self) -> str:
        return (f"Roll(red={self.red}, white={self.white}, blue={self.blue}, "
                f"black={self.black}, yellow={self.yellow})")

    def __str__(self) -> str:
        return f"R{self.red} W{self.white} B{self.blue} K{self.black} Y{self.yellow}"

    @property
    def pair(self) -> int | None:
        """D20-9/D20-45: the number two or all three of red, white and blue share, if any."""
        r, w, b = self.red, self.white, self.blue
        if r in (w, b):
            return r
        if w == b:
            return w
        return None

    @property
    def black_yellow(self) -> bool:
        """D20-8/D20-40: black and yellow show the same number (a fumble or block check)."""
        return self.black == self.yellow


def roll_five(dice: Dice) -> Roll:
    """Roll all 5 dice."""
    return Roll(dice.roll(20), dice.roll(20), dice.roll(20), dice.roll(20), dice.roll(20))


def reroll(dice: Dice, roll: Roll, *colours: str) -> Roll:
    """Re-roll the named colours only (in colour order), keeping the others."""
    faces = list(roll.faces())
    for i, c in enumerate(COLOURS):
        if c in colours:
            faces[i] = dice.roll(20)
    return Roll(faces[0], faces[1], faces[2], faces[3], faces[4])
