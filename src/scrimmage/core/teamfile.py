"""What every team file shares: reading it (one clear line for any file that cannot be read)
and the strict schema pieces every team format is built from (names, short texts, a model
that refuses unknown keys and silent coercion), with pydantic's report condensed to one
`SheetError(file, field, reason)` line."""

from __future__ import annotations

import tomllib
import unicodedata
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictStr, ValidationError

from scrimmage.core.errors import SheetError


def one_line(text: str, limit: int = 240) -> str:
    """`text` with every run of whitespace (newlines too) made one space, cut to `limit`."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def read_toml_file(path: str | Path) -> dict[str, Any]:
    """A TOML file's data, or `SheetError(file, "(file)", reason)` in one line: a missing,
    unreadable or non-UTF-8 file, a directory, bad TOML, nesting too deep for the parser,
    or a number Python will not read (an integer of thousands of digits)."""
    p = Path(path)
    where = str(path)
    try:
        if p.is_dir():
            raise SheetError(where, "(file)", "is a folder, not a file")
        raw = p.read_bytes()
    except OSError as exc:
        raise SheetError(where, "(file)",
                         f"cannot read: {one_line(exc.strerror or str(exc))}") from None
    return read_toml_bytes(raw, where)


def read_toml_bytes(raw: bytes, where: str) -> dict[str, Any]:
    """The data of a TOML file's bytes (a file read, or one uploaded to the web page), or a
    one-line `SheetError(where, "(file)", reason)`."""
    try:
        text = raw.decode("utf-8-sig")        # a byte-order mark (Windows editors) is fine
    except UnicodeDecodeError as exc:
        raise SheetError(where, "(file)", f"not UTF-8 text (byte {exc.start} is "
                                          f"{raw[exc.start]:#04x})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SheetError(where, "(file)", f"not valid TOML: {one_line(str(exc))}") from None
    except RecursionError:
        raise SheetError(where, "(file)", "nested too deeply to read") from None
    except ValueError as exc:                 # e.g. a 5000-digit integer, 2023-02-30
        raise SheetError(where, "(file)", f"a value cannot be read: {one_line(str(exc))}"
                         ) from None


# -- the schema pieces every team format shares ----------------------------------------------

def _printable(v: str) -> str:
    # Control, format and line-break characters would split a message or a box score line.
    if any(unicodedata.category(c)[0] == "C" or unicodedata.category(c) in ("Zl", "Zp")
           for c in v):
        raise ValueError("must be one line of printable text")
    return v


def _not_blank(v: str) -> str:
    if not v.strip():
        raise ValueError("must not be blank")
    return v


Name = Annotated[StrictStr, Field(min_length=1, max_length=60), AfterValidator(_printable),
                 AfterValidator(_not_blank)]
"""A team's name: what the box score and every message print."""
PlayerName = Annotated[StrictStr, Field(min_length=1, max_length=40),
                       AfterValidator(_printable), AfterValidator(_not_blank)]
ShortText = Annotated[StrictStr, Field(max_length=40), AfterValidator(_printable)]
"""A record ("13-1"), a colour, a code: display only."""
LongText = Annotated[StrictStr, Field(max_length=500), AfterValidator(_printable)]
"""Where a file came from (`generator`, `source`): display only."""
Colors = Annotated[list[ShortText], Field(max_length=4)]
"""A team's colours: a few names for a display (jerseys have two or three)."""


class StrictModel(BaseModel):
    """Base of every team-file model: no unknown key at any level, no coercion (`true` is
    not a number, 2.5 is not an integer, "12" is not a list), no infinite or NaN float."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


def _loc(parts: tuple[int | str, ...]) -> str:
    return ".".join(str(p) for p in parts)


def _shown(value: bool | int | float | str) -> str:
    """A value as the file wrote it, short: `true`, `2.5`, `'12'`."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int) and abs(value) > 10**40:
        return "a number of more than 40 digits"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def sheet_error(source: str, exc: ValidationError, where: str = "") -> SheetError:
    """Pydantic's (multi-line) report condensed to its first error: `SheetError(source,
    field path, reason)` on one line. `where` prefixes the path (a nested model)."""
    err = exc.errors(include_url=False)[0]
    loc = one_line(".".join(x for x in (where, _loc(err["loc"])) if x), 120) or "(file)"
    kind = err["type"]
    if kind == "extra_forbidden":
        reason = "unknown key"
    elif kind == "missing":
        reason = "missing"
    else:
        reason = str(err["msg"]).removeprefix("Value error, ")
        value = err.get("input")
        if kind != "value_error" and isinstance(value, bool | int | float | str):
            reason += f" (got {_shown(value)})"
    return SheetError(source, loc, one_line(reason))
