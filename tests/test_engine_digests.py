"""Issue 36: the rules rewritten as plain calls play every game exactly as before. The digests
in tests/data/engine_digests.json were written by `tests/engine_digests.py` on the tree before
the change (3cbeb5a): plays with their words, decisions, dice and box score, for every
ruleset and every computer coach. The first seed of each is checked here (the others by
`python tests/engine_digests.py | diff - tests/data/engine_digests.json`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_digests import RULESETS, coach_kinds, one

SAVED = json.loads((Path(__file__).parent / "data" / "engine_digests.json").read_text("utf-8"))
CASES = [(rules, coach) for rules in RULESETS for coach in coach_kinds(rules)]


def test_every_ruleset_and_coach_is_saved() -> None:
    assert {f"{r}/{c}/1" for r, c in CASES} <= set(SAVED)


@pytest.mark.parametrize(("rules", "coach"), CASES, ids=[f"{r}-{c}" for r, c in CASES])
def test_the_game_is_the_game_it_was(rules: str, coach: str) -> None:
    assert one(rules, coach, 1) == SAVED[f"{rules}/{coach}/1"]
