"""1st & Roll's dice as a game reads them: the faces, the dice, the clock track (FR-2).

`dice` reads a dice file and checks it (its pydantic models) and builds these from the checked
file; a game then reads only this module (`DiceSet.offense`, `Die.faces`, `Face.value`, ...,
on every roll). It is apart because mypyc cannot compile a module that defines pydantic
models: this one is compiled in the compiled build, `dice` is not (as fived20/chart_play.py is
apart from fived20/charts.py).
"""

from __future__ import annotations

from typing import Final

# The dice's names a game reads by (the file's checks use them too).
COLORS: Final = ("red", "yellow", "green")
CLOCK: Final = "CLOCK"
TURNOVER: Final = "T"
BLANK: Final = "-"
PENALTY_CODES: Final = ("O5", "O10", "O15", "D5A", "D5", "D15")
"""FR-21: the six faces of the penalty die."""


class Face:
    """One face of a coloured die: yards, and the marks that trigger a rule."""

    __slots__ = ("breakaway", "flag", "label", "square", "value")

    def __init__(self, value: int, *, breakaway: bool = False, square: bool = False,
                 flag: bool = False, label: str = "") -> None:
        self.value = value
        """Yards (0 for a penalty flag)."""
        self.breakaway = breakaway
        """A circled face: roll this die again and add (FR-16)."""
        self.square = square
        """The red die's square 2: a broken tackle (FR-17)."""
        self.flag = flag
        """A penalty flag (FR-21)."""
        self.label = label or str(value)

    def __repr__(self) -> str:
        return f"Face({self.label})"


class Die:
    """A die of any number of faces."""

    __slots__ = ("faces", "name", "sides")

    def __init__(self, name: str, faces: tuple[Face, ...]) -> None:
        self.name = name
        self.faces = faces
        self.sides = len(faces)


class DiceSet:
    """Every die on the table, and the clock track."""

    __slots__ = ("clock", "defense", "kick", "last_space", "offense", "official", "penalty",
                 "track", "two_minute")

    def __init__(self, offense: dict[str, Die], defense: dict[str, Die], clock: tuple[str, ...],
                 kick: tuple[int, ...], penalty: tuple[str, ...], track: tuple[int, ...],
                 two_minute: int, official: bool = False) -> None:
        self.offense = offense
        self.defense = defense
        self.clock = clock
        self.kick = kick
        self.penalty = penalty
        self.track = track
        """Seconds shown on each space of the clock area, first space first (DATA-FR-2)."""
        self.last_space = len(track) - 1
        """The track's last space (a plain attribute: every snap reads it)."""
        self.two_minute = two_minute
        """Index of the 2:00 space (FR-34, FR-35)."""
        self.official = official
        """True for faces typed in from the real dice; ours are a stand-in (the file says)."""
