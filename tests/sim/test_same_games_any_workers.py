"""Every core, the same games (issue 19): `sim` and `study` give byte-identical JSON and files
with 1, 2 or 4 worker processes, and the executor hands chunks back in order with a bounded
number in flight."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scrimmage.cli import app
from scrimmage.sim.parallel import Backend, _in_order, backend, spans

WORKERS = (1, 2, 4)


def _run(args: list[str]) -> str:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return result.stdout


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_sim_json_pbp_and_games_files_are_identical_for_any_number_of_workers(
        tmp_path: Path) -> None:
    """60 Grid games with every play: three chunks of 25, 25 and 10 games."""
    outputs = []
    for n in WORKERS:
        pbp, games = tmp_path / f"pbp{n}.parquet", tmp_path / f"games{n}.csv"
        stdout = _run(["sim", "--rules", "grid", "-n", "60", "--seed", "4", "--json", "--workers", str(n),
                       "--pbp", str(pbp), "--games-out", str(games)])
        outputs.append((stdout, _digest(pbp), _digest(games)))
    assert outputs[0] == outputs[1] == outputs[2]
    assert '"games": 60' in outputs[0][0]


def test_study_json_and_files_are_identical_for_any_number_of_workers(tmp_path: Path) -> None:
    """A study that stops on its interval (a 1st & Roll series, cheap games) stops at the same
    game, with the same figures and files, whatever the number of workers."""
    outputs = []
    for n in WORKERS:
        games, box = tmp_path / f"games{n}.parquet", tmp_path / f"box{n}.csv"
        stdout = _run(["study", "--rules", "1st-and-roll", "-n", "400", "--until-ci", "0.06",
                       "--seed", "9", "--json", "--workers", str(n), "--games-out", str(games),
                       "--box", str(box)])
        outputs.append((stdout, _digest(games), _digest(box)))
    assert outputs[0] == outputs[1] == outputs[2]
    assert '"stopped": "rule"' in outputs[0][0]


class _Slow:
    """A pretend future that is done only when asked for its result."""

    def __init__(self, value: int, log: list[str]) -> None:
        self.value, self.log = value, log

    def result(self) -> int:
        self.log.append(f"got {self.value}")
        return self.value


def test_results_come_back_in_order_with_a_bounded_number_in_flight() -> None:
    log: list[str] = []
    in_flight: list[int] = []
    peak = 0

    def submit(job: int) -> _Slow:
        nonlocal peak
        in_flight.append(job)
        peak = max(peak, len(in_flight))
        log.append(f"sent {job}")
        return _Slow(job, log)

    results = []
    for value in _in_order(list(range(10)), submit, ahead=3):
        in_flight.remove(value)
        results.append(value)
    assert results == list(range(10))
    assert peak == 4          # three submitted, and the one the caller is working on
    assert log[:4] == ["sent 0", "sent 1", "sent 2", "got 0"]


def test_closing_early_cancels_what_was_not_taken() -> None:
    cancelled: list[int] = []

    class Cancellable(_Slow):
        def cancel(self) -> None:
            cancelled.append(self.value)

    chunks = _in_order(list(range(10)), lambda job: Cancellable(job, []), ahead=4)
    assert next(chunks) == 0
    chunks.close()
    assert cancelled == [1, 2, 3, 4]


def test_spans_cover_the_games_once() -> None:
    assert spans(60, 25) == [(0, 25), (25, 50), (50, 60)]
    assert spans(0, 25) == []


@pytest.mark.parametrize("workers, dask, words", [
    (0, None, "--workers 0"),
    (2, "local:2", "do not go together"),
    (None, "local:x", "local:N"),
])
def test_bad_backend_options_are_refused(workers: int | None, dask: str | None,
                                         words: str) -> None:
    with pytest.raises(Exception, match=words):
        backend(workers, dask)


def test_the_default_is_every_core() -> None:
    assert backend(None, None).workers >= 1
    assert backend(3, None) == Backend(3)
