"""Words every ruleset's play records share: the situation line of a kick or a try, the
penalty phrase with its yards and spots, and `dice_read`, what each die of a play was read for.

A record's `situation` names the moment of that play. A snap shows down and distance
(`Q2 04:12 HOME 3&7 OPP34`); a kick or a try has no down, so its line says who kicks or tries
from where, with the same clock in front: `Q1 15:00 AWAY kickoff from OWN35`,
`Q3 08:10 HOME free kick from OWN20`, `Q1 10:00 HOME try from OPP3`. The clock part is the
ruleset's own (`Q1 15:00`; The Grid's `H1 51C`; 1st & Roll's half clock `H1 28:00`), and the
side named is the kicking (or trying) team, seen from which the spot is given.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Final

from scrimmage.core.compiled import mypyc_attr
from scrimmage.core.dice import Dice
from scrimmage.core.field import Side
from scrimmage.core.situation import side_word

KICKOFF: Final = "kickoff"
FREE_KICK: Final = "free kick"
TRY: Final = "try"


def kick_line(clock: str, side: Side, what: str, spot: str | None = None) -> str:
    """`Q1 15:00 AWAY kickoff from OWN35`: the situation of a kick or try (no down)."""
    return f"{clock} {side_word(side)} {what}" + (f" from {spot}" if spot else "")


def penalty_text(name: str, team: str, yards: int | None, start: str | None = None,
                 end: str | None = None, *, declined: bool = False, more: str = "") -> str:
    """`Defensive holding on Desert Sun, 5 yards, from the OPP34 to the OPP29, automatic first
    down`; a declined foul says so in place of the spots."""
    text = f"{name} on {team}"
    if yards is not None:
        text += f", {yards} yard" + ("" if yards == 1 else "s")
    if declined:
        return text + ", declined" + (f", {more}" if more else "")
    if start is not None and end is not None:
        text += f", from the {start} to the {end}"
    return text + (f", {more}" if more else "")


@cache
def words_table(package: str, table: str) -> dict[str, str]:
    """A table of plain words from a ruleset's `data/words.toml` (`[terms]`: its chart codes
    in words), read once. The records keep the codes; only the words a person reads use it."""
    data = tomllib.loads(resources.files(package).joinpath("data", "words.toml")
                         .read_text("utf-8"))
    return {str(k): str(v) for k, v in data.get(table, {}).items()}


def join_parts(parts: list[str]) -> str:
    """The parts of a description joined by "; ", a part equal to the one before it said once."""
    out: list[str] = []
    for p in parts:
        if p and (not out or out[-1] != p):
            out.append(p)
    return "; ".join(out)


@mypyc_attr(allow_interpreted_subclasses=True)  # the page's die look keeps notes (seat)
class DiceReads:
    """What the dice of the current play were read for.

    Notes are kept by the roll's place in the dice log, so a ruleset notes a roll right after
    it is made (`note`) and the record's `dice_read` is built from the log when the play is
    finished (`read`): one string per die, in the order rolled, `"d20 13: penalty roll"`, or
    with the die's own name (`"red 17: ..."`) where the ruleset gives one.

    Batch simulation turns it off (`on` False: nothing is noted and `read` gives None), and
    the rules skip building the notes of their busiest rolls: words nobody reads are the
    hot loop's largest cost after the dice."""

    __slots__ = ("dice", "names", "notes", "on")

    def __init__(self, dice: Dice, on: bool = True) -> None:
        self.dice = dice
        self.on = on
        self.notes: dict[int, str] = {}
        self.names: dict[int, str] = {}

    def copy(self) -> DiceReads:
        """A copy for a copy of the game (a what-if): the notes copied, the dice shared."""
        c = DiceReads(self.dice, self.on)
        c.notes = dict(self.notes)
        c.names = dict(self.names)
        return c

    def clear(self) -> None:
        if self.on:
            self.notes.clear()
            self.names.clear()

    def note(self, text: str, back: int = 1) -> None:
        """Say what the roll `back` places from the end of the log was read for."""
        if self.on:
            self.notes[len(self.dice.log) - back] = text

    def last(self) -> int:
        """The log index of the last roll (to note it later with `note_at`)."""
        return len(self.dice.log) - 1

    def note_at(self, index: int, text: str) -> None:
        if self.on:
            self.notes[index] = text

    def add(self, text: str, index: int | None = None) -> None:
        """Add `-> text` (what came of it) to the note of a roll (the last one by default)."""
        if not self.on:
            return
        i = len(self.dice.log) - 1 if index is None else index
        note = self.notes.get(i)
        self.notes[i] = f"{note} -> {text}" if note else text

    def name(self, name: str, back: int = 1) -> None:
        """Name the die of the roll `back` places from the end of the log ("red")."""
        if self.on:
            self.names[len(self.dice.log) - back] = name

    def read(self, mark: int) -> list[str] | None:
        """The rolls from `mark` on, each as `name value: note` (None when off)."""
        if not self.on:
            return None
        log = self.dice.log
        notes, names = self.notes, self.names
        out: list[str] = []
        for i in range(mark, len(log)):
            sides, value = log[i]
            name = names.get(i) or _DIE_NAMES.get(sides) or f"d{sides}"
            note = notes.get(i)
            out.append(f"{name} {value}: {note}" if note else f"{name} {value}")
        return out


_DIE_NAMES: Final = {n: f"d{n}" for n in (2, 4, 6, 8, 10, 12, 20, 24, 100)}
