"""Digests of whole games over fixed seeds, every ruleset and every computer coach: the plays
(with their words), the decisions, the dice and the fan box score. A change that is meant to
keep every game the same (issue 36: the rules as plain calls) must leave them all unchanged.

    python tests/engine_digests.py > tests/data/engine_digests.json

writes them (run against the tree before the change; `tests/test_engine_digests.py` checks
the tree now). Only the public API is used, so the same file runs on older trees.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

RULESETS = ("legends-hs", "legends-college", "legends-pro", "grid", "5d20", "1st-and-roll")
SEEDS = (1, 2, 3)


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def coach_kinds(rules: str) -> list[str]:
    import scrimmage.api  # noqa: F401 - registers the rulesets
    from scrimmage.core.ruleset import find_ruleset

    rs = find_ruleset(rules)
    kinds = []
    for name, kind in rs.coaches.items():
        if kind not in [rs.coaches[k] for k in kinds]:
            kinds.append(name)
    return kinds


def one(rules: str, coach: str, seed: int) -> dict[str, str]:
    from scrimmage.api import make_coaches, new_game
    from scrimmage.core.boxscore import fan_box_score
    from scrimmage.core.driver import drive
    from scrimmage.core.ruleset import find_ruleset

    rs = find_ruleset(rules)
    names = rs.team_names()
    home, away = names[seed % len(names)], names[(seed + 1) % len(names)]
    game, record = new_game(rules, home, away, seed=seed)
    drive(game, make_coaches(rs, coach, seed), record.decisions)
    return {"plays": digest(game.plays), "decisions": digest(record.decisions),
            "dice": digest(game.dice.log),
            "box": digest(fan_box_score(game.plays, record.home, record.away))}


def all_digests(games: int = len(SEEDS)) -> dict[str, dict[str, str]]:
    out = {}
    for rules in RULESETS:
        for coach in coach_kinds(rules):
            for seed in SEEDS[:games]:
                out[f"{rules}/{coach}/{seed}"] = one(rules, coach, seed)
    return out


if __name__ == "__main__":
    json.dump(all_digests(), sys.stdout, indent=1, sort_keys=True)
    print()
