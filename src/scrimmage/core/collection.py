"""The cyclic garbage collector during a computer-only game.

A game makes a few hundred thousand short-lived containers (records, dice, answers), nearly
all freed by reference counting. With CPython's default threshold (a young-generation pass
every 700 new containers) the collector still walks the young objects thousands of times a
game: about 5% of a legends-pro game (valgrind instruction counts, benchmarks/results/
throughput.md). A larger young generation keeps the same collection, run less often, and the
caller's own threshold comes back when the game ends.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

BATCH_YOUNG_THRESHOLD: Final = 20_000
"""New containers between two young-generation passes while computers play (CPython: 700).
Legends-pro instructions a game: 49.4 M at 700, 47.1 M here, the same as with no collector."""


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Young-generation passes at most every `BATCH_YOUNG_THRESHOLD` new containers (never
    more often than the caller asked), the caller's thresholds restored afterwards."""
    young, *older = gc.get_threshold()
    if young == 0 or young >= BATCH_YOUNG_THRESHOLD:   # collector off, or already this lax
        yield
        return
    gc.set_threshold(BATCH_YOUNG_THRESHOLD, *older)
    try:
        yield
    finally:
        gc.set_threshold(young, *older)
