"""Reading the play-by-play and games files (`sim --pbp`, `--games-out`, `season --pbp`):
Parquet, or CSV for a name ending in .csv, as the writer chose (docs/play-by-play.md)."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pa_csv
import pyarrow.parquet as pq

from scrimmage.core.errors import ScrimmageError

Columns = dict[str, list[Any]]
"""A table as plain lists, one per column (the charts read a game or a run: small)."""


def is_csv(path: Path) -> bool:
    return path.suffix.lower() == ".csv"


def column_names(path: Path) -> list[str]:
    """The file's header, without reading its rows."""
    if not path.is_file():
        raise ScrimmageError(f"{path}: no such file")
    try:
        if is_csv(path):
            with path.open(newline="", encoding="utf-8") as f:
                return next(csv.reader(f), [])
        return list(pq.read_schema(path).names)
    except (pa.ArrowException, OSError, UnicodeDecodeError) as exc:
        kind = "CSV" if is_csv(path) else "Parquet (a name ending in .csv is read as CSV)"
        raise ScrimmageError(f"{path}: cannot read as {kind}: {_first_line(exc)}") from None


def require(path: Path, names: Sequence[str], present: Sequence[str], what: str) -> None:
    """Refuse in one line a file that lacks a column the chart needs."""
    missing = [n for n in names if n not in present]
    if missing:
        raise ScrimmageError(f"{path}: not {what}: missing column {', '.join(missing)}")


def read_table(path: Path, names: Sequence[str], what: str) -> Any:
    """The named columns as a pyarrow Table; an empty cell of a CSV is a missing value."""
    require(path, names, column_names(path), what)
    try:
        if is_csv(path):
            options = pa_csv.ConvertOptions(include_columns=list(names), null_values=[""],
                                            strings_can_be_null=True)
            return pa_csv.read_csv(path, convert_options=options)
        return pq.read_table(path, columns=list(names))
    except (pa.ArrowException, OSError) as exc:
        raise ScrimmageError(f"{path}: cannot read: {_first_line(exc)}") from None


def to_columns(table: Any) -> Columns:
    return {name: table.column(name).to_pylist() for name in table.column_names}


def read_game(path: Path, names: Sequence[str], game: str | None, what: str) -> tuple[str, Columns]:
    """One game's rows of a play-by-play file: `game`, or the file's first game."""
    table = read_table(path, ["game_id", *names], what)
    if table.num_rows == 0:
        raise ScrimmageError(f"{path}: no plays in the file")
    ids = pc.cast(table.column("game_id"), pa.string())
    chosen = str(ids[0].as_py()) if game is None else game
    rows = table.filter(pc.equal(ids, chosen))
    if rows.num_rows == 0:
        known = pc.unique(ids).to_pylist()
        listed = ", ".join(str(g) for g in known[:3]) + (", …" if len(known) > 3 else "")
        raise ScrimmageError(f"{path}: no game {chosen} ({len(known)} games: {listed})")
    return chosen, _first_copy(to_columns(rows))


def _first_copy(rows: Columns) -> Columns:
    """The first copy of a game whose id comes back (several replays of a season in one file):
    a new copy starts where play_id goes back down."""
    ids = rows.get("play_id")
    if not ids:
        return rows
    end = next((i for i in range(1, len(ids)) if ids[i] is not None and ids[i - 1] is not None
                and ids[i] < ids[i - 1]), len(ids))
    return {name: values[:end] for name, values in rows.items()}


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
