"""The Grid's FAFL World Tournament played N times (`scrimmage tournament --replays N`): each
nation's title odds. Tournament r has the seed `game_seed(seed, r)`, so replay r is the same
tournament whoever plays it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from scrimmage.core.ruleset import find_ruleset
from scrimmage.sim.batch import game_seed


def tournament_odds(seed: int, replays: int, coach: str = "solitaire",
                    progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    from scrimmage.rules.grid.tournament import run_tournament

    titles: Counter[str] = Counter()
    finals: Counter[str] = Counter()
    for r in range(replays):
        result = run_tournament(game_seed(seed, r), coach)
        titles[result["champion"]] += 1
        final = result["games"][-1]
        finals.update((final["home"], final["away"]))
        if progress is not None:
            progress(r + 1)
    teams = find_ruleset("grid").team_names()
    rows = sorted(teams, key=lambda t: (-titles[t], -finals[t], t))
    return {"rules": "grid", "replays": replays, "seed": seed, "coach": coach,
            "teams": [{"team": t, "title_odds": round(titles[t] / replays, 4),
                       "final_odds": round(finals[t] / replays, 4)} for t in rows]}
