"""The situational coach (`--coach smart`, issue 20) on scripted fourth downs: going for it is
valued exactly (the play-call game's value), kicks by playing the rules' kicking step on copies
of the game (FNL-62..72), all on the ruleset's win-probability tables."""

from __future__ import annotations

from typing import Any

import pytest

from scrimmage.api import new_game, play_game, replay
from scrimmage.coaches.smart import SmartCoach
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.field import Side
from scrimmage.rules.legends.scrimmage_play import SNAP_OPTIONS

RULES = "legends-pro"
HOME, AWAY = "1985 Chicago Bears", "2016 New England Patriots"


def _fourth(quarter: int, seconds: int, yardline: int, togo: int, home: int,
            away: int) -> tuple[Any, Decision]:
    g: Any
    g, _ = new_game(RULES, HOME, AWAY, seed=1)
    s = g.s
    s.possession = Side.HOME
    s.clock.quarter, s.clock.seconds_left = quarter, seconds
    s.yardline, s.down, s.ydstogo = yardline, 4, togo
    s.score = {Side.HOME: home, Side.AWAY: away}
    return g, Decision(Kind.SNAP, Side.HOME, SNAP_OPTIONS, "", {})


@pytest.mark.parametrize(("situation", "want"), [
    ((2, 600, 70, 8, 7, 7), "punt"),          # 4th and 8 at your own 30: punt (FNL-65)
    ((4, 60, 20, 3, 14, 16), "field_goal"),   # down 2, a minute left, at the 20 (FNL-62)
    ((4, 60, 20, 3, 14, 21), "play"),         # down 7: a field goal does not do
    ((2, 600, 35, 1, 7, 7), "play"),          # 4th and 1 at their 35
])
def test_fourth_down_by_win_probability(situation: tuple[int, ...], want: str) -> None:
    g, ask = _fourth(*situation)
    coach = SmartCoach(1, RULES)
    values = coach.values(ask, g.view(Side.HOME))
    assert values is not None
    late = situation[0] == 4 and situation[1] <= 300      # kneel and spike weighed too
    assert set(values.values) == {"play", "punt", "field_goal"} | (
        {"kneel", "spike"} if late else set())
    assert values.best() == want
    assert all(0.0 <= v <= 1.0 for v in values.values.values())
    # The same coach seed gives the same answer (a game replays bit for bit).
    assert SmartCoach(1, RULES).decide(ask, g.view(Side.HOME)) == want


def test_early_downs_stay_the_books() -> None:
    g, _ = _fourth(2, 600, 70, 8, 7, 7)
    g.s.down = 2
    ask = Decision(Kind.SNAP, Side.HOME, SNAP_OPTIONS, "", {})
    assert SmartCoach(1, RULES).values(ask, g.view(Side.HOME)) is None


def test_a_game_with_the_smart_coach_replays() -> None:
    coaches = {"home": "smart", "away": "solitaire"}
    rec = play_game(RULES, HOME, AWAY, seed=5, coaches=coaches)
    assert play_game(RULES, HOME, AWAY, seed=5, coaches=coaches).decisions == rec.decisions
    assert replay(rec).final_score == rec.final_score


def test_a_timeout_is_weighed_on_the_tables() -> None:
    """FNL-7: the defense, behind by four with 1:30 left, takes the 20 seconds a timeout
    saves; the table values say why (both positions read, no dice drawn)."""
    g, _ = _fourth(4, 90, 45, 6, 14, 10)
    g.s.down = 2
    ask = Decision(Kind.TIMEOUT, Side.AWAY, ("none", "timeout"), "", {"saves": 20})
    coach = SmartCoach(1, RULES)
    values = coach.values(ask, g.view(Side.AWAY))
    assert values is not None
    assert values.values["timeout"] > values.values["none"]
    assert coach.decide(ask, g.view(Side.AWAY)) == "timeout"
    # Nothing saved, nothing weighed: the solitaire coach's "none".
    nothing = Decision(Kind.TIMEOUT, Side.AWAY, ("none", "timeout"), "", {"saves": 0})
    assert coach.values(nothing, g.view(Side.AWAY)) is None
    assert coach.lets_pass(Kind.TIMEOUT, "after", g.view(Side.AWAY)) is False
    g.s.clock.quarter = 3
    assert coach.lets_pass(Kind.TIMEOUT, "after", g.view(Side.AWAY)) is True


@pytest.mark.parametrize(("situation", "timeouts", "want", "book"), [
    # Up 3 with 0:40 left and the opponent out of timeouts: both kneel (FNL-57).
    ((4, 40, 70, 10, 17, 14), 0, "kneel", "kneel"),
    # Tied, 0:20 before halftime at your own 20: kneel out the half, where the book plays.
    ((2, 20, 80, 10, 7, 7), 3, "kneel", "play"),
    # Tied with 4:40 before halftime: a down is worth more than the time.
    ((2, 280, 60, 10, 7, 7), 3, "play", "play"),
])
def test_kneel_and_spike_are_weighed_at_the_end_of_a_half(situation: tuple[int, ...],
                                                          timeouts: int, want: str,
                                                          book: str) -> None:
    """FNL-56, FNL-57: a kneel and a spike take no card and no penalty roll, so each is the
    rules' own down played once on a copy; a play is the play-call game's value."""
    from scrimmage.coaches.legends import SolitaireCoach

    g, ask = _fourth(*situation)
    g.s.down = 1
    g.s.teams[Side.AWAY].timeouts = timeouts
    values = SmartCoach(1, RULES).values(ask, g.view(Side.HOME))
    assert values is not None and set(values.values) == {"play", "kneel", "spike"}
    assert values.best() == want
    assert SolitaireCoach(1).decide(ask, g.view(Side.HOME)) == book
    assert (g.s.down, g.s.yardline, len(g.s.plays)) == (1, situation[2], 0)   # untouched
    g.s.clock.quarter = 3                                 # outside the window: the book's
    assert SmartCoach(1, RULES).values(ask, g.view(Side.HOME)) is None
