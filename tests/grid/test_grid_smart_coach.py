"""The Grid's situational coach (`--coach smart`, issue 20): the sensible coach's calls;
fourth down (a play or each kicker's field goal, GRID-44) played on copies of the game, the
extra cards and the timeouts that stop them (GRID-37, GRID-52) read on the Grid
win-probability tables."""

from __future__ import annotations

from typing import Any

import pytest

from scrimmage.api import new_game
from scrimmage.coaches.advice import advise
from scrimmage.coaches.smart_grid import GridSmartCoach
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.rules.grid.plays import FIELD_GOAL_OPTIONS

RULES = "grid"
SNAP = ("play", *FIELD_GOAL_OPTIONS)


def _game(at: str, home: int, away: int) -> Any:
    g, _ = new_game(RULES, *find_ruleset(RULES).default_teams(), seed=1)
    g.start_at(at)
    g.score = {Side.HOME: home, Side.AWAY: away}
    return g


@pytest.mark.parametrize(("at", "home", "away", "kick"), [
    ("H2 03C HOME 4&G OPP10", 14, 14, True),     # three cards left, tied: kick (GRID-45)
    ("H2 03C HOME 4&G OPP10", 14, 21, False),    # down 7: a field goal does not do
])
def test_fourth_down_by_win_probability(at: str, home: int, away: int, kick: bool) -> None:
    g = _game(at, home, away)
    values = GridSmartCoach(1).values(Decision(Kind.SNAP, Side.HOME, SNAP, "", {}),
                                      g.view(Side.HOME))
    assert values is not None and set(values.values) == set(SNAP)
    assert values.best().startswith("field_goal") is kick
    # Trying the options on copies leaves the game as it was.
    assert (g.ball, g.down, g.score[Side.HOME], len(g.plays), g.clock.cards_left) == (
        2, 4, home, 0, 3)


def test_extra_cards_by_the_score() -> None:
    """GRID-37: six cards left, a touchdown apart: the leader flips two cards, the trailer one."""
    ask = Decision(Kind.TIMING_CARDS, Side.HOME, ("one", "two"), "", {})
    assert GridSmartCoach(1).decide(ask, _game("H2 06C HOME 1&20 OWN20", 21, 14)
                                    .view(Side.HOME)) == "two"
    assert GridSmartCoach(1).decide(ask, _game("H2 06C HOME 1&20 OWN20", 14, 21)
                                    .view(Side.HOME)) == "one"


def test_the_last_cards_read_the_final_gun() -> None:
    """GRID-38: with two cards left, two more end the game: the leader's win for sure, and the
    trailer stops them with a timeout (GRID-52)."""
    g = _game("H2 02C HOME 1&20 OWN20", 14, 17)
    view = g.view(Side.AWAY)
    cards = GridSmartCoach(1).values(Decision(Kind.TIMING_CARDS, Side.AWAY, ("one", "two"), "",
                                              {}), view)
    assert cards is not None and cards.values["two"] == 1.0
    ask = Decision(Kind.TIMEOUT, Side.HOME, ("no", "timeout"), "", {"stops_cards": True})
    values = GridSmartCoach(1).values(ask, g.view(Side.HOME))
    assert values is not None and values.best() == "timeout"


def test_the_assistant_gives_the_fourth_down_win_probabilities() -> None:
    g = _game("H2 03C HOME 4&G OPP10", 14, 14)
    advice = advise(RULES, Decision(Kind.SNAP, Side.HOME, SNAP, "", {}), g.view(Side.HOME))
    assert advice is not None and advice.recommended.startswith("field_goal")
    assert {ln.option for ln in advice.lines} == set(SNAP)

