"""The Grid's tables: blocking dice (GRID-9), defense modifiers (GRID-10), the d20 modifiers
(GRID-22..26) and the result tables of the play-calling cards (GRID-27).

They live in `data/tables.toml` (the stand-in parts say so in the file) and are read once into
`Tables`, whose lookups are tuples indexed by the modified roll, so the hot loop does no
searching. A bad file is refused with `SheetError(file, field, reason)`.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from scrimmage.core.errors import SheetError
from scrimmage.core.teamfile import read_toml_file
from scrimmage.rules.grid.cards import DIE_SIDES, OFFENSE_CARDS, PLAYS, RUNS
from scrimmage.rules.grid.results import RESULT_CODE, RESULT_NAMES  # GRID-27's codes
from scrimmage.rules.grid.table_lookup import HIGH, LOW, Modifiers, Tables

_RANGE = re.compile(r"^\s*(-?\d+)?\s*\.\.\s*(-?\d+)?\s*$")


class ModifiersFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    same_play: int
    same_type: int
    opposite_type: int
    key_correct: int
    no_key: int
    key_wrong: int
    defensive_20_or_15: int
    defensive_10_or_5: int


class TablesFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    official: bool = False
    blocking: dict[str, int]
    defense: dict[str, int]
    modifiers: ModifiersFile
    results: dict[str, dict[str, str]]
    cards: dict[str, dict[str, str]] = {}


def _ranges(rows: dict[str, Any], path: str, field: str, lo: int, hi: int) -> list[tuple[int, int, Any]]:
    """Parse `{"..3": x, "4..9": y, "10..": z}` and check the rows cover lo..hi once each."""
    out: list[tuple[int, int, Any]] = []
    for key, value in rows.items():
        m = _RANGE.match(key)
        if m is None:
            raise SheetError(path, f"{field}.{key}", "a row is LOW..HIGH, ..HIGH or LOW..")
        a = int(m[1]) if m[1] is not None else lo
        b = int(m[2]) if m[2] is not None else hi
        if a > b:
            raise SheetError(path, f"{field}.{key}", "the row is empty")
        out.append((a, b, value))
    out.sort(key=lambda r: r[0])
    expect = lo
    for a, b, _ in out:
        if a != expect:
            what = "overlap" if a < expect else "gap"
            raise SheetError(path, field, f"rows {what} at {min(a, expect)}")
        expect = b + 1
    if expect <= hi:
        raise SheetError(path, field, f"no row covers {expect} and above")
    return out


def _lookup(rows: list[tuple[int, int, Any]], lo: int, hi: int) -> tuple[Any, ...]:
    table = []
    for value in range(lo, hi + 1):
        table.append(next(v for a, b, v in rows if a <= value <= b))
    return tuple(table)


def tables_from_data(data: dict[str, Any], source: str) -> Tables:
    """Check a tables file's data and build the tables a game reads (`source` names it in
    errors)."""
    try:
        f = TablesFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise SheetError(source, ".".join(str(x) for x in err["loc"]), err["msg"]) from None
    blocking = _ranges(f.blocking, source, "blocking", 0, 99)
    for _, _, die in blocking:
        if die not in DIE_SIDES:
            raise SheetError(source, "blocking", f"d{die} is not a die of the game")
    missing = [p for p in PLAYS if p not in f.results]
    if missing or set(f.results) - set(PLAYS):
        raise SheetError(source, "results", f"need exactly one table per play: {', '.join(PLAYS)}")
    unknown = set(f.cards) - set(OFFENSE_CARDS)
    if unknown:
        raise SheetError(source, "cards", f"unknown card(s): {', '.join(sorted(unknown))}")
    results: dict[str, tuple[int, ...]] = {}
    for card in OFFENSE_CARDS:
        play = card.rpartition("_")[0]
        rows, field = ((f.cards[card], f"cards.{card}") if card in f.cards
                       else (f.results[play], f"results.{play}"))
        coded: dict[str, int] = {}
        for name, rng in rows.items():        # the file reads result = range
            if name not in RESULT_CODE:
                raise SheetError(source, f"{field}.{name}", f"unknown result; use one of "
                                 f"{', '.join(RESULT_NAMES)}")
            if (name == "NG" and play not in RUNS) or (name == "Inc" and play in RUNS):
                raise SheetError(source, f"{field}.{name}",
                                 "runs fail with NG and passes with Inc (GRID-27, GRID-33)")
            coded[rng] = RESULT_CODE[name]
        results[card] = _lookup(_ranges(coded, source, field, LOW, HIGH), LOW, HIGH)
    return Tables(source, f.official, Modifiers(**f.modifiers.model_dump()),
                  _lookup(blocking, 0, 99),
                  _lookup(_ranges(f.defense, source, "defense", 0, 99), 0, 99), results)


def tables_from_file(path: str | Path) -> Tables:
    p = Path(path)
    data = read_toml_file(p)          # one clear line for a file that cannot be read
    return tables_from_data(data, str(p))


@cache
def bundled_tables() -> Tables:
    text = resources.files("scrimmage.rules.grid").joinpath("data/tables.toml").read_text("utf-8")
    return tables_from_data(tomllib.loads(text), "grid/data/tables.toml")
