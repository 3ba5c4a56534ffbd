"""The 5D20 situational coach (`--coach smart`, issue 20): the system still calls the plays
(D20-12); fourth down, the try and the kickoff are the game's own step played on copies with
each option, valued on the 5D20 win-probability tables."""

from __future__ import annotations

from typing import Any

import pytest

from scrimmage.api import new_game
from scrimmage.coaches.smart import FiveD20SmartCoach
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.rules.fived20.game import SCRIMMAGE

RULES = "5d20"
SNAP = ("play", "punt", "field_goal", "kneel", "spike")


def _fourth(quarter: int, seconds: int, yardline: int, togo: int, home: int,
            away: int) -> Any:
    g: Any
    # By the book: the bundled charts' red-zone ratings (house rules) may stop every 4th
    # down play near the goal short, which is not what these cases are about.
    g, _ = new_game(RULES, *find_ruleset(RULES).default_teams(), seed=1, replay_ratings=False)
    g.possession, g.next = Side.HOME, SCRIMMAGE
    g.clock.quarter, g.clock.seconds_left = quarter, seconds
    g.yardline, g.down, g.ydstogo = yardline, 4, togo
    g.score = {Side.HOME: home, Side.AWAY: away}
    return g


@pytest.mark.parametrize(("situation", "want"), [
    ((2, 500, 75, 9, 7, 7), "punt"),          # 4th and 9 at your own 25 (D20-60)
    ((4, 40, 20, 6, 14, 16), "field_goal"),   # down 2, 40 seconds left, at the 20 (D20-62)
    ((4, 40, 20, 6, 14, 21), "play"),         # down 7: a field goal does not do
])
def test_fourth_down_by_win_probability(situation: tuple[int, ...], want: str) -> None:
    g = _fourth(*situation)
    ask = Decision(Kind.SNAP, Side.HOME, SNAP, "", {})
    coach = FiveD20SmartCoach(1)
    values = coach.values(ask, g.view(Side.HOME))
    assert values is not None
    assert set(values.values) == {"play", "punt", "field_goal"}
    assert values.best() == want
    # Trying the options leaves the game as it was.
    assert (g.yardline, g.down, g.score[Side.HOME], len(g.plays)) == (situation[2], 4,
                                                                      situation[4], 0)

