"""Warming the computed coaches before the first person waits for one (issue 36).

A computed coach's first answer in a process pays for what it loads once: its modules (the
equilibrium coaches' linear-program solver), the EP/WP tables it reads, the payoff tables of
the sheets it meets. `warm` makes each computed coach of each ruleset play the opening plays
of one game on bundled teams, so those costs are paid when the server starts, not during a
person's first game. The coaches answer exactly as they would cold: warming loads, it decides
nothing for later games.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable
from functools import partial

from scrimmage.api import make_coaches, new_game
from scrimmage.core.driver import Driver
from scrimmage.core.ruleset import Game, find_ruleset, ruleset_names

WARM_PLAYS = 12
"""Plays of each warming game: the opening kickoff and usually a fourth down or a punt."""


def computed_coaches(rules: str) -> list[str]:
    """The coaches of a ruleset that compute from its tables (each class once)."""
    seen: list[object] = []
    out = []
    for name, kind in find_ruleset(rules).coaches.items():
        if kind.with_rules and kind not in seen:
            seen.append(kind)
            out.append(name)
    return out


def _played(game: Game, plays: int) -> bool:
    return len(game.plays) >= plays


def warm(rulesets: Iterable[str] | None = None, plays: int | None = None,
         stop: threading.Event | None = None) -> dict[str, float]:
    """Play the first `plays` plays (`WARM_PLAYS`) of one game for each computed coach of each
    ruleset (all by default); returns the CPU seconds each took, by "ruleset/coach". Once
    `stop` is set no further coach is warmed (a server shutting down)."""
    plays = plays or WARM_PLAYS
    spent: dict[str, float] = {}
    for rules in rulesets if rulesets is not None else ruleset_names():
        rs = find_ruleset(rules)
        names = rs.team_names()
        for kind in computed_coaches(rules):
            if stop is not None and stop.is_set():
                return spent
            start = time.process_time()
            game, record = new_game(rules, names[0], names[1 % len(names)], seed=1)
            Driver(game, make_coaches(rs, kind, 1), record.decisions,
                   stop=partial(_played, game, plays)).run()
            spent[f"{rules}/{kind}"] = time.process_time() - start
    return spent
