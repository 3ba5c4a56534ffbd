"""Two coaches for one team: one calls the offense, the other the defense.

1st & Roll's rule for 3 or 4 players (FR-1): "One player chooses and rolls the dice when on
Offense and the other player chooses and rolls the dice when on Defense." `SplitCoach` routes
each decision by `view.on_offense` (a ruleset's seat view must expose it): while the team has
the ball, or receives a kick, the offense coach decides; otherwise the defense coach.
"""

from __future__ import annotations

from typing import Any

from scrimmage.core.decisions import Coach, Decision
from scrimmage.core.errors import IllegalDecision


class SplitCoach:
    def __init__(self, offense_coach: Coach, defense_coach: Coach) -> None:
        self.offense_coach = offense_coach
        self.defense_coach = defense_coach

    def coach_for(self, view: Any) -> Coach:
        return self.offense_coach if view.on_offense else self.defense_coach

    def decide(self, decision: Decision, view: Any) -> str:
        return self.coach_for(view).decide(decision, view)

    def sync(self, decision: Decision, view: Any) -> None:
        """Replaying a saved game: let the coach that made the choice replay its draws."""
        sync = getattr(self.coach_for(view), "sync", None)
        if sync is not None:
            sync(decision, view)

    def refused(self, decision: Decision, error: IllegalDecision) -> None:
        for coach in (self.offense_coach, self.defense_coach):
            refused = getattr(coach, "refused", None)
            if refused is not None:
                refused(decision, error)
                return
        raise error
