"""The custom dice of 1st & Roll and the clock track, as data (FR-2, DATA-FR-1, DATA-FR-2).

The faces live in `data/dice.toml` (designed by us: the book lost its pictures). A face is read
from the file's text form and checked against every constraint the rules need; a bad file is
refused with `SheetError(file, field, reason)`. A die is rolled through the game's `Dice`:
`faces[dice.roll(len(faces)) - 1]`, so a scripted test gives face numbers (1 = first face).
What a game reads (`Face`, `Die`, `DiceSet` and the faces' names) lives in `faces`, which the
compiled build compiles; this module keeps the file's pydantic models and builds from them.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from scrimmage.core.errors import SheetError
from scrimmage.core.teamfile import read_toml_file
from scrimmage.rules.roll.faces import BLANK, CLOCK, COLORS, PENALTY_CODES, TURNOVER, DiceSet, Die, Face

_FACE = re.compile(
    r"^\s*(?:\((?P<circled>-?\d+)\)|\[(?P<square>-?\d+)\]|(?P<plain>-?\d+)|(?P<flag>FLAG))\s*$",
    re.IGNORECASE)


# -- the file's schema ---------------------------------------------------------------------

class _Colours(BaseModel):
    model_config = ConfigDict(extra="forbid")
    red: list[str]
    yellow: list[str]
    green: list[str]


class _Special(BaseModel):
    model_config = ConfigDict(extra="forbid")
    clock: list[str]
    kick: list[int]
    penalty: list[str]


class _Track(BaseModel):
    model_config = ConfigDict(extra="forbid")
    spaces: list[str]
    two_minute: str = "2:00"


class _DiceFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    official: bool = False
    offense: _Colours
    defense: _Colours
    special: _Special
    clock_track: _Track


def _face(text: str, source: str, where: str) -> Face:
    m = _FACE.match(text)
    if m is None:
        raise SheetError(source, where, f"{text!r} is not a face: write 5, (8) circled, [2] square "
                                        "or FLAG")
    if m["flag"]:
        return Face(0, flag=True, label="FLAG")
    if m["circled"] is not None:
        return Face(int(m["circled"]), breakaway=True, label=f"({m['circled']})")
    if m["square"] is not None:
        return Face(int(m["square"]), square=True, label=f"[{m['square']}]")
    return Face(int(m["plain"]))


def _offense_die(colour: str, raw: list[str], source: str) -> Die:
    where = f"offense.{colour}"
    if len(raw) < 2:
        raise SheetError(source, where, "a die needs at least two faces")
    faces = tuple(_face(t, source, f"{where}[{i}]") for i, t in enumerate(raw))
    if any(f.flag or f.value < 0 for f in faces):
        raise SheetError(source, where, "offensive dice show 0 or more yards, no flags (FR-2)")
    top = max(f.value for f in faces)
    for i, f in enumerate(faces):
        if f.breakaway and f.value != top:
            raise SheetError(source, f"{where}[{i}]", "only the highest value is circled (FR-16)")
    if not any(f.breakaway for f in faces):
        raise SheetError(source, where, "the highest value must be circled, e.g. (8) (FR-16)")
    if all(f.breakaway for f in faces):
        raise SheetError(source, where, "a die of breakaways only would never stop rolling")
    if colour == "red" and not any(f.square and f.value == 2 for f in faces):
        raise SheetError(source, where, "the red die has a square 2, written [2] (FR-17)")
    if colour != "red" and any(f.square for f in faces):
        raise SheetError(source, where, "only the red die has a square face (FR-17)")
    if colour in ("yellow", "green") and not any(f.value == 0 for f in faces):
        raise SheetError(source, where, "the yellow and green dice have a 0 face (FR-18)")
    return Die(colour, faces)


def _defense_die(colour: str, raw: list[str], source: str) -> Die:
    where = f"defense.{colour}"
    if len(raw) < 2:
        raise SheetError(source, where, "a die needs at least two faces")
    faces = tuple(_face(t, source, f"{where}[{i}]") for i, t in enumerate(raw))
    if any(f.breakaway or f.square or f.value > 0 for f in faces):
        raise SheetError(source, where, "defensive dice show 0 or fewer yards, no circles (FR-2)")
    if not any(f.flag for f in faces):
        raise SheetError(source, where, "defensive dice carry a penalty flag, FLAG (FR-21)")
    return Die(colour, faces)


def _seconds(label: str, source: str, where: str) -> int:
    m = re.fullmatch(r"\s*(\d{1,2}):(\d{2})\s*", label)
    if m is None:
        raise SheetError(source, where, f"{label!r} is not a clock like 28:00")
    return int(m[1]) * 60 + int(m[2])


def dice_from_data(data: dict[str, Any], source: str = "dice") -> DiceSet:
    """Validate raw data of a dice file and build the `DiceSet`."""
    try:
        f = _DiceFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "(file)"
        raise SheetError(source, loc, err["msg"]) from None
    offense = {c: _offense_die(c, getattr(f.offense, c), source) for c in COLORS}
    defense = {c: _defense_die(c, getattr(f.defense, c), source) for c in COLORS}
    sp = f.special
    bad = [x for x in sp.clock if x not in (CLOCK, TURNOVER, BLANK)]
    if bad:
        raise SheetError(source, "special.clock", f"{bad[0]!r}: faces are CLOCK, T or - (blank)")
    if CLOCK not in sp.clock or TURNOVER not in sp.clock:
        raise SheetError(source, "special.clock", "the clock die shows CLOCK and T (FR-13, FR-14)")
    if not sp.kick or min(sp.kick) != 20 or 40 not in sp.kick:
        raise SheetError(source, "special.kick", "the kick die's lowest face is 20 and it has a 40 "
                                                 "(FR-29, FR-32)")
    bad = [x for x in sp.penalty if x not in PENALTY_CODES]
    if bad or not sp.penalty:
        raise SheetError(source, "special.penalty",
                         f"faces are {', '.join(PENALTY_CODES)} (FR-21); got {bad or 'none'}")
    spaces = tuple(_seconds(t, source, f"clock_track.spaces[{i}]")
                   for i, t in enumerate(f.clock_track.spaces))
    if len(spaces) < 3 or any(a <= b for a, b in itertools.pairwise(spaces)):
        raise SheetError(source, "clock_track.spaces", "at least three spaces, counting down")
    if spaces[0] != 30 * 60:
        raise SheetError(source, "clock_track.spaces", "the marker starts on 30:00 (FR-3)")
    two = _seconds(f.clock_track.two_minute, source, "clock_track.two_minute")
    if two not in spaces[:-1]:
        raise SheetError(source, "clock_track.two_minute",
                         "must be a space of the track before the last (FR-34)")
    return DiceSet(offense, defense, tuple(sp.clock), tuple(sp.kick), tuple(sp.penalty), spaces,
                   spaces.index(two), f.official)


def dice_from_file(path: str | Path) -> DiceSet:
    p = Path(path)
    data = read_toml_file(p)          # one clear line for a file that cannot be read
    return dice_from_data(data, str(p))


@cache
def bundled_dice() -> DiceSet:
    text = resources.files("scrimmage.rules.roll").joinpath("data/dice.toml").read_text("utf-8")
    return dice_from_data(tomllib.loads(text), "rules/roll/data/dice.toml")
