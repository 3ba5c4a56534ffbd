"""Issue 20: the Legends equilibrium coach's cold start (its Big Play classes) is paid once
per pair of sheets, not once per process: the classes are kept in the user's cache folder and
read back, the same to the last bit."""

from __future__ import annotations

from pathlib import Path

import pytest

from scrimmage.api import new_game
from scrimmage.coaches import payoff_cache
from scrimmage.coaches.equilibrium import EquilibriumCoach
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.ruleset import find_ruleset
from scrimmage.rules.legends import call_matrix, payoffs

RULES = "legends-hs"


def _solved(monkeypatch: pytest.MonkeyPatch) -> tuple[tuple[float, ...], ...]:
    """A fresh process as far as the outcomes go: nothing kept in memory."""
    monkeypatch.setattr(payoffs, "_shared", {})
    monkeypatch.setattr(payoff_cache, "_loaded", set())
    g, _ = new_game(RULES, *find_ruleset(RULES).default_teams(), seed=4)
    side = g.s.possession
    d = Decision(Kind.PLAY_CALL, side, (), "", {"side": "offense"})
    return EquilibriumCoach(1, RULES).solved(d, g.view(side)).payoffs.values


def test_the_classes_are_read_back_from_the_cache(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    monkeypatch.setattr(payoff_cache, "cache_dir", lambda: tmp_path)
    first = _solved(monkeypatch)
    assert len(list(tmp_path.glob("*.json"))) == 1

    def no_enumeration(*args: object) -> None:
        raise AssertionError("the classes were enumerated again")

    monkeypatch.setattr(payoffs, "cell_outcomes", no_enumeration)
    monkeypatch.setattr(call_matrix, "cell_outcomes", no_enumeration)
    assert _solved(monkeypatch) == first


def test_a_broken_cache_file_is_enumerated_again(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    monkeypatch.setattr(payoff_cache, "cache_dir", lambda: tmp_path)
    first = _solved(monkeypatch)
    for f in tmp_path.glob("*.json"):
        f.write_text("{not json", encoding="utf-8")
    assert _solved(monkeypatch) == first
    assert all(f.read_text(encoding="utf-8").startswith("[") for f in tmp_path.glob("*.json"))
