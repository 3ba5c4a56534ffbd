"""Stream rows to Parquet (the default) or CSV (a name ending in `.csv`), in batches.

Rows are buffered and written every `batch_rows` rows (a Parquet row group each), so a run of
any length holds one batch in memory. The first batch fixes the columns and their types: whole
numbers, decimals, or text (`columns.NULLABLE_INTS` names the whole-number columns that may be
empty, `NULLABLE_FLOATS` the decimal ones); every later row must have the same columns.

pyarrow is imported when the first batch is written (`_arrow`): a run that writes no file does
not load it.
"""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from scrimmage.core.errors import ScrimmageError
from scrimmage.export.columns import NULLABLE_FLOATS, NULLABLE_INTS

if TYPE_CHECKING:
    import pyarrow as pa
    import pyarrow.csv as pa_csv
    import pyarrow.parquet as pq

BATCH_ROWS = 50_000


def _arrow() -> tuple[Any, Any, Any]:
    """pyarrow, pyarrow.csv and pyarrow.parquet, imported on first use."""
    import pyarrow
    import pyarrow.csv
    import pyarrow.parquet

    return pyarrow, pyarrow.csv, pyarrow.parquet


def is_csv(path: Path) -> bool:
    return path.suffix.lower() == ".csv"


def check_out_path(path: Path, option: str) -> None:
    """Refuse, before any game is played, a file that cannot be written."""
    if path.is_dir():
        raise ScrimmageError(f"{option} {path}: that is a folder, not a file")
    if not path.parent.is_dir():
        raise ScrimmageError(f"{option} {path}: the folder {path.parent} does not exist")
    try:
        with path.open("wb"):
            pass
    except OSError as exc:
        raise ScrimmageError(f"{option} {path}: cannot write ({exc.strerror})") from None


def schema_for(row: dict[str, Any]) -> pa.Schema:
    pa = _arrow()[0]
    fields = []
    for name, value in row.items():
        if isinstance(value, bool):
            kind = pa.bool_()
        elif isinstance(value, int) or name in NULLABLE_INTS:
            kind = pa.int64()
        elif isinstance(value, float) or name in NULLABLE_FLOATS:
            kind = pa.float64()
        else:
            kind = pa.string()
        fields.append(pa.field(name, kind))
    return pa.schema(fields)


class TableWriter:
    """`write(rows)` as often as needed (one game's rows, say), then `close()` (or use `with`)."""

    def __init__(self, path: Path, option: str = "--out", batch_rows: int = BATCH_ROWS) -> None:
        self.path = path
        self.option = option
        self.batch_rows = max(1, batch_rows)
        self.rows_written = 0
        self.batches_written = 0
        self._buffer: list[dict[str, Any]] = []
        self._schema: pa.Schema | None = None
        self._sink: pq.ParquetWriter | pa_csv.CSVWriter | None = None

    def write(self, rows: list[dict[str, Any]]) -> None:
        self._buffer.extend(rows)
        while len(self._buffer) >= self.batch_rows:
            batch, self._buffer = self._buffer[:self.batch_rows], self._buffer[self.batch_rows:]
            self._flush(batch)

    def close(self) -> None:
        if self._buffer:
            self._flush(self._buffer)
            self._buffer = []
        if self._sink is None and self.rows_written == 0 and not is_csv(self.path):
            # A run stopped before its first game (Ctrl-C) still leaves a file that loads: a
            # Parquet file with no rows (and no columns: they come from the first row).
            pa, _, pq = _arrow()
            self._sink = pq.ParquetWriter(str(self.path), pa.schema([]))
        if self._sink is not None:
            self._sink.close()
            self._sink = None

    def __enter__(self) -> TableWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def _flush(self, batch: list[dict[str, Any]]) -> None:
        if self._schema is None:
            self._schema = schema_for(batch[0])
        names = self._schema.names
        columns = {n: [r[n] for r in batch] for n in names}
        pa = _arrow()[0]
        try:
            table = pa.Table.from_pydict(columns, schema=self._schema)
        except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
            raise ScrimmageError(f"{self.option} {self.path}: rows do not fit the table's columns"
                                 f" ({exc})") from None
        try:
            self._sink_for().write_table(table)
        except OSError as exc:
            raise ScrimmageError(f"{self.option} {self.path}: cannot write ({exc})") from None
        self.rows_written += len(batch)
        self.batches_written += 1

    def _sink_for(self) -> pq.ParquetWriter | pa_csv.CSVWriter:
        if self._sink is None:
            assert self._schema is not None
            _, pa_csv, pq = _arrow()
            if is_csv(self.path):
                self._sink = pa_csv.CSVWriter(str(self.path), self._schema)
            else:
                self._sink = pq.ParquetWriter(str(self.path), self._schema)
        return self._sink
