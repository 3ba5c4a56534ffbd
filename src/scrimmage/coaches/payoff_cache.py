"""Football Legends snap outcomes kept on disk between runs (issue 20: the equilibrium
coach's cold start).

The first play call of each possession between two sheets enumerates their Big Play classes
(`rules/legends/payoffs.py`), about 3 s; a process keeps them, and this module keeps them in
the user's cache folder too (platformdirs `user_cache_path("scrimmage")/payoffs`), so the
next game between the same sheets, in any process (a worker, the web server after a restart,
the next `play`), starts with them. A file is named by a hash of the two sheets, the rules
and charts, and the Legends rules code itself: a change to any of them reads as a new pair,
so a cached spread is never stale. Delete the folder to start again; best effort throughout
(a read-only home only means the classes are enumerated again).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from functools import cache
from importlib import resources
from pathlib import Path

import platformdirs

from scrimmage.analytics.tables import Tables
from scrimmage.core.payoffs import Payoffs
from scrimmage.rules.legends.payoffs import SnapOutcomes, payoffs, shared, shared_key
from scrimmage.rules.legends.state import GameState

CACHE_VERSION = 1
_loaded: set[str] = set()
"""The pairs whose file this process has read already."""


def cache_dir() -> Path:
    return platformdirs.user_cache_path("scrimmage") / "payoffs"


@cache
def code_fingerprint() -> str:
    """A hash of the Legends rules code (every module of `scrimmage.rules.legends`, source
    or compiled)."""
    h = hashlib.sha256(f"v{CACHE_VERSION}".encode())
    package = resources.files("scrimmage.rules.legends")
    for entry in sorted(package.iterdir(), key=lambda e: e.name):
        if entry.name.endswith((".py", ".so", ".pyd")):
            h.update(entry.name.encode())
            h.update(entry.read_bytes())
    return h.hexdigest()


def _path(key: str) -> Path:
    name = hashlib.sha256((code_fingerprint() + key).encode()).hexdigest()[:32]
    return cache_dir() / f"{name}.json"


def outcomes(state: GameState) -> SnapOutcomes:
    """The game's shared outcomes (`payoffs.shared`), with what an earlier run kept."""
    found = shared(state)
    key = shared_key(state)
    if key not in _loaded:
        _loaded.add(key)
        with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
            found.absorb(json.loads(_path(key).read_text(encoding="utf-8")))
    return found


def keep(state: GameState, kept: SnapOutcomes, before: int) -> None:
    """Write the outcomes back when a call added to them (`before`: their number before)."""
    if len(kept) <= before:
        return
    path = _path(shared_key(state))
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.stem}.{os.getpid()}.tmp")     # workers write at once
        tmp.write_text(json.dumps(kept.to_json()), encoding="utf-8")
        tmp.replace(path)


def cached_payoffs(state: GameState, tables: Tables, two_point: bool = False) -> Payoffs:
    """`payoffs.payoffs` on the game's outcomes, with what an earlier run kept and keeping
    what this call adds."""
    kept = outcomes(state)
    before = len(kept)
    found = payoffs(state, kept, tables, two_point)
    keep(state, kept, before)
    return found
