"""The 1st & Roll situational coach (`--coach smart`, issue 20): the sensible coach's dice;
fourth down, the try and the kickoff played on copies of the game with each option, the clock
choices (FR-35, FR-36) read on the 1st & Roll win-probability tables."""

from __future__ import annotations

import pytest
from roll_helpers import seeded_game

from scrimmage.coaches.advice import advise
from scrimmage.coaches.smart_roll import RollSmartCoach
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.field import Side

RULES = "1st-and-roll"
SNAP = ("play", "punt", "field_goal")


_game = seeded_game


@pytest.mark.parametrize(("situation", "home", "away", "want"), [
    ("Q1 05:00 HOME 4&9 OWN25", 0, 0, "punt"),         # FR-25: deep in your own end
    ("Q4 02:00 HOME 4&6 OPP15", 14, 16, "field_goal"),  # FR-28: down 2 on the last space
    ("Q4 02:00 HOME 4&6 OPP15", 14, 21, "play"),        # down 7: three points do not do
])
def test_fourth_down_by_win_probability(situation: str, home: int, away: int,
                                        want: str) -> None:
    g = _game(situation, home, away)
    values = RollSmartCoach(1).values(Decision(Kind.SNAP, Side.HOME, SNAP, "", {}),
                                      g.view(Side.HOME))
    assert values is not None and set(values.values) == set(SNAP)
    assert values.best() == want
    # Trying the options on copies leaves the game as it was.
    assert (g.s.yardline, g.s.down, g.s.score[Side.HOME], len(g.s.plays)) == (
        int(situation.rsplit("OPP", 1)[-1]) if "OPP" in situation else 75, 4, home, 0)


def test_run_out_the_clock_when_ahead_and_not_when_behind() -> None:
    """FR-35: a leader runs the marker on; a trailer keeps it (Q4 08:00 -> 6:00)."""
    ahead, behind = _game("Q4 08:00 HOME 2&4 OPP40", 21, 14), _game("Q4 08:00 HOME 2&4 OPP40",
                                                                  14, 21)
    ask = Decision(Kind.RUN_CLOCK, Side.HOME, ("no", "run"), "", {})
    assert RollSmartCoach(1).decide(ask, ahead.view(Side.HOME)) == "run"
    assert RollSmartCoach(1).decide(ask, behind.view(Side.HOME)) == "no"


def test_a_timeout_at_the_end_reads_the_final_gun() -> None:
    """FR-36, FR-38: on the 2:00 space the next move ends the game, so the leader lets the
    marker move (a win for sure) and the trailer stops it."""
    g = _game("Q4 02:00 HOME 1&10 OPP30", 14, 16)
    ask = Decision(Kind.TIMEOUT, Side.AWAY, ("no", "timeout"), "", {})
    values = RollSmartCoach(1).values(ask, g.view(Side.AWAY))
    assert values is not None and values.values["no"] == 1.0 and values.best() == "no"
    ask = Decision(Kind.TIMEOUT, Side.HOME, ("no", "timeout"), "", {})
    values = RollSmartCoach(1).values(ask, g.view(Side.HOME))
    assert values is not None and values.values["no"] == 0.0 and values.best() == "timeout"


def test_the_assistant_gives_the_fourth_down_win_probabilities() -> None:
    g = _game("Q4 02:00 HOME 4&6 OPP15", 14, 16)
    advice = advise(RULES, Decision(Kind.SNAP, Side.HOME, SNAP, "", {}), g.view(Side.HOME))
    assert advice is not None and advice.unit == "wp"
    assert advice.recommended == "field_goal"
    assert {ln.option for ln in advice.lines} == set(SNAP)

