"""Play chunks of games on local worker processes or a Dask cluster, results in chunk order.

A *plan* (picklable, see `ChunkPlan`) is sent once to each worker, which turns it into a
*player* (teams loaded and checked once); the player plays one *task* (a chunk of games) at a
time and returns a small result. `run_chunks` yields the results in the order of the tasks,
whatever order the workers finish them in, with a bounded number of chunks in flight, so a
run of any length holds a few chunks in memory. Every game's seed comes from the series seed
and its index (`scrimmage.sim.batch.game_seed`), never from the worker that plays it, so the
results do not depend on the number of workers, their order, or the back end.

Ctrl-C: the workers ignore SIGINT (a terminal sends it to the whole process group); the main
process stops taking results, cancels the chunks not started, waits for the few that are
running (one chunk each, seconds at most), and lets the caller close its files.

Dask (`--dask ADDRESS` or `--dask local:N`) is an optional extra, imported only here and only
when asked for (docs/clusters.md). The local pool's modules (multiprocessing, concurrent.futures)
are imported when a pool starts: a run whose one chunk is played here does not load them.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import signal
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from scrimmage.core.collection import fewer_collections
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.ruleset import rules_modules

Task = TypeVar("Task")
Result = TypeVar("Result")
Task_contra = TypeVar("Task_contra", contravariant=True)
Result_co = TypeVar("Result_co", covariant=True)

LOOK_AHEAD = 2
"""Chunks in flight per worker: one running, one queued so a worker never waits for the main
process; results that come back early wait (in memory) for the ones before them."""

DASK_EXTRA = "pip install 'scrimmage[dask]'"
DASK_CONNECT_TIMEOUT = "10s"


class ChunkPlayer(Protocol[Task_contra, Result_co]):
    def chunk(self, task: Task_contra) -> Result_co: ...


class ChunkPlan(Protocol[Task_contra, Result_co]):
    """Everything a worker needs, picklable; `player()` runs in the worker."""

    def player(self) -> ChunkPlayer[Task_contra, Result_co]: ...


@dataclass(frozen=True)
class Backend:
    """Where chunks are played: `workers` local processes (1: in this process), or the Dask
    scheduler at `dask` (`tcp://HOST:8786`, or `local:N` for a LocalCluster of N workers)."""

    workers: int = 1
    dask: str | None = None
    niceness: int = 0
    """How much lower the local workers' priority is than this process's: a server playing
    a league in the background keeps answering its pages first."""

    def describe(self) -> str:
        if self.dask is not None:
            return f"Dask {self.dask}"
        return f"{self.workers} worker process{'es' if self.workers > 1 else ''}"


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:                     # not every platform has affinity
        return os.cpu_count() or 1


def backend(workers: int | None, dask: str | None) -> Backend:
    """The back end the command-line options ask for (`--workers` default: every core)."""
    if workers is not None and workers < 1:
        raise ScrimmageError(f"--workers {workers}: give at least 1")
    if dask is not None:
        if workers is not None:
            raise ScrimmageError("--workers and --dask do not go together: the cluster's "
                                 "workers play the games")
        _dask_local_size(dask)                 # a bad local:N is refused before any game
        _dask_modules()                        # and so is a missing Dask
        return Backend(1, dask.strip())
    return Backend(workers or default_workers())


def spans(total: int, size: int, start: int = 0) -> list[tuple[int, int]]:
    """[start, stop) ranges of at most `size` games covering `start`..`total`."""
    return [(a, min(total, a + size)) for a in range(start, total, max(1, size))]


def run_chunks(plan: ChunkPlan[Task, Result], tasks: Iterable[Task],
               where: Backend) -> Generator[Result, None, None]:
    """Each task's result, in the order of `tasks`. Closing the iterator early (a stopping
    rule, an error, Ctrl-C) cancels what is not started and shuts the workers down."""
    jobs = list(tasks)
    if where.dask is not None:
        return _run_dask(plan, jobs, where.dask)
    if where.workers <= 1 or len(jobs) <= 1:
        return _run_here(plan, jobs)
    return _run_local(plan, jobs, min(where.workers, len(jobs)), where.niceness)


def _chunk(player: ChunkPlayer[Task, Result], task: Task) -> Result:
    """One chunk, its games played with the collector run less often (the whole chunk: the
    finished games' records are still young when a game ends, core.collection)."""
    with fewer_collections():
        return player.chunk(task)


def _run_here(plan: ChunkPlan[Task, Result], jobs: list[Task]) -> Generator[Result, None, None]:
    player = plan.player()
    for job in jobs:
        yield _chunk(player, job)


# -- local processes -----------------------------------------------------------------------

_PLAYER: ChunkPlayer[Any, Any] | None = None


def _init_local(plan: ChunkPlan[Any, Any], niceness: int = 0) -> None:
    global _PLAYER
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the main process's to handle
    if niceness > 0 and hasattr(os, "nice"):
        os.nice(niceness)
    _PLAYER = plan.player()


def _local_chunk(task: Any) -> Any:
    assert _PLAYER is not None
    return _chunk(_PLAYER, task)


def _pool_context() -> Any:
    """A fork server where there is one: workers start from a clean, single-threaded process
    that has imported the engine once, every ruleset's rules included (a plain fork would copy
    the progress bar's thread and its locks), and the engine is not imported again in each
    worker."""
    from multiprocessing import get_context  # (the pool's modules: when a pool is started)

    if os.name != "posix":
        return get_context("spawn")
    ctx = get_context("forkserver")
    ctx.set_forkserver_preload(["scrimmage.sim.parallel", "scrimmage.export.series",
                                *rules_modules()])
    return ctx


def _run_local(plan: ChunkPlan[Task, Result], jobs: list[Task],
               workers: int, niceness: int = 0) -> Generator[Result, None, None]:
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(workers, mp_context=_pool_context(), initializer=_init_local,
                               initargs=(plan, niceness))
    stop = _InterruptFlag()
    try:
        def submit(job: Task) -> _Pending[Result]:
            future: _Pending[Result] = pool.submit(_local_chunk, job)
            return future

        with stop.catching():
            for result in _in_order(jobs, submit, workers * LOOK_AHEAD, stop.wait):
                yield result
                stop.check()
            stop.check()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


class _InterruptFlag:
    """Ctrl-C while the workers play: noted, and raised only between two results.

    A KeyboardInterrupt raised at an arbitrary point of the main thread can land inside the
    executor's own locks (`submit`, a future's wait), and its shutdown then hangs with the
    workers blocked writing results nobody reads. So the handler only sets a flag; waits poll
    it, and `check` raises at a point where the executor holds nothing."""

    POLL_SECONDS = 0.2

    def __init__(self) -> None:
        self.caught = False

    @contextmanager
    def catching(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return

        def note(sig: int, frame: Any) -> None:
            self.caught = True

        previous = signal.signal(signal.SIGINT, note)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)

    def check(self) -> None:
        if self.caught:
            raise KeyboardInterrupt

    def wait(self, pending: _Pending[Result]) -> Result:
        """The chunk's result, giving up (KeyboardInterrupt) once Ctrl-C is noted."""
        from concurrent.futures import TimeoutError as FuturesTimeout

        while True:
            self.check()
            try:
                return pending.result(timeout=self.POLL_SECONDS)
            except FuturesTimeout:
                continue


class _Pending(Protocol[Result_co]):
    def result(self, timeout: float | None = None) -> Result_co: ...


def _in_order(jobs: list[Task], submit: Callable[[Task], _Pending[Result]], ahead: int,
              wait: Callable[[_Pending[Result]], Result] | None = None) -> Iterator[Result]:
    """Keep `ahead` jobs submitted; hand results back in job order."""
    waiting: deque[_Pending[Result]] = deque()
    queue = deque(jobs)
    try:
        while queue and len(waiting) < ahead:
            waiting.append(submit(queue.popleft()))
        while waiting:
            pending = waiting.popleft()
            result = pending.result() if wait is None else wait(pending)
            if queue:
                waiting.append(submit(queue.popleft()))
            yield result
    finally:
        for pending in waiting:
            cancel = getattr(pending, "cancel", None)
            if cancel is not None:
                cancel()


# -- Dask ----------------------------------------------------------------------------------

_DASK_PLAYERS: dict[str, ChunkPlayer[Any, Any]] = {}
"""On a Dask worker: the players of the last plans seen, so the teams load once per worker."""


def _dask_chunk(plan: ChunkPlan[Any, Any], key: str, task: Any) -> Any:
    player = _DASK_PLAYERS.get(key)
    if player is None:
        if len(_DASK_PLAYERS) >= 4:
            _DASK_PLAYERS.clear()
        player = _DASK_PLAYERS[key] = plan.player()
    return _chunk(player, task)


def _dask_local_size(address: str) -> int | None:
    """N of `local:N` (None for a scheduler address)."""
    if not address.strip().startswith("local:"):
        return None
    text = address.strip().removeprefix("local:")
    if not text.isdigit() or int(text) < 1:
        raise ScrimmageError(f"--dask {address}: local:N needs a number of workers, "
                             "e.g. local:4")
    return int(text)


def _dask_modules() -> tuple[Any, Any]:
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise ScrimmageError(f"--dask needs Dask, an optional extra: {DASK_EXTRA}") from None
    return Client, LocalCluster


def _dask_connect(address: str) -> tuple[Any, Any]:
    """A client, and the LocalCluster it started (None for a scheduler elsewhere)."""
    import logging

    client_class, cluster_class = _dask_modules()
    size = _dask_local_size(address)
    if size is not None:
        cluster = cluster_class(n_workers=size, threads_per_worker=1, processes=True,
                                dashboard_address=":0", silence_logs=logging.ERROR)
        return client_class(cluster), cluster
    try:
        return client_class(address, timeout=DASK_CONNECT_TIMEOUT), None
    except (OSError, TimeoutError, ValueError) as exc:
        raise ScrimmageError(f"--dask {address}: cannot reach the scheduler "
                             f"({' '.join(str(exc).split()) or type(exc).__name__})") from None


def _run_dask(plan: ChunkPlan[Task, Result], jobs: list[Task],
              address: str) -> Generator[Result, None, None]:
    client, cluster = _dask_connect(address)
    try:
        threads = max(1, sum(client.nthreads().values()))
        shared = client.scatter(plan, broadcast=True)
        key = hashlib.blake2b(pickle.dumps(plan), digest_size=12).hexdigest()
        submit = _DaskSubmit(client, shared, key)
        try:
            yield from _in_order(jobs, submit, threads * LOOK_AHEAD)
        except ModuleNotFoundError as exc:
            raise ScrimmageError(f"a Dask worker cannot import {exc.name}: install scrimmage "
                                 "(the same version) on every worker") from None
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


class _DaskSubmit:
    def __init__(self, client: Any, plan: Any, key: str) -> None:
        self.client, self.plan, self.key = client, plan, key

    def __call__(self, task: Any) -> Any:
        return self.client.submit(_dask_chunk, self.plan, self.key, task, pure=False)


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold a Ctrl-C until the block is done (then raise it): the main process writes a
    chunk's rows and adds its totals whole, so the files and the totals stay in step."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda sig, frame: caught.append(sig))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            raise KeyboardInterrupt
