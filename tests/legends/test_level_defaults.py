"""Issue #3: `scrimmage sim --rules legends-pro` with no team named plays two bundled teams whose
per-game figures sit inside the NFL's ranges."""

from __future__ import annotations

import scrimmage  # noqa: F401  (registers the rulesets)
from scrimmage.core.ruleset import find_ruleset
from scrimmage.sim.batch import run_series


def test_default_pro_pair_plays_like_the_nfl() -> None:
    rs = find_ruleset("legends-pro")
    home, away = rs.default_teams()
    data = run_series("legends-pro", home, away, 120, seed=3).to_json()
    for team in data["teams"].values():
        p = team["per_game"]
        assert 15 <= p["points_for"] <= 30
        # NFL teams' seasons run from about 3.4 yards a carry (the 2022 Buccaneers) to 5.
        assert 3.4 <= p["rush_yds"] / p["rush_att"] <= 5.0
        assert 0.56 <= p["pass_cmp"] / p["pass_att"] <= 0.69
        assert 1.2 <= p["sacks_taken"] <= 3.8
        assert 0.4 <= p["pass_int"] <= 1.5
