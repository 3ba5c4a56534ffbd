"""The 1st & Roll situational coach (`--coach smart`, issue 20): the sensible coach's dice;
fourth down, the try and the kickoff played on copies of the game with each option, the clock
choices (FR-35, FR-36) read on the 1st & Roll win-probability tables."""

from __future__ import annotations

import pytest
from roll_helpers import seeded_game

from scrimmage.coaches.advice import advise
from scrimmage.coaches.roll import SensibleCoach
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



@pytest.mark.parametrize(("situation", "home", "away"), [
    ("Q2 04:00 HOME 3&15 OPP45", 0, 3),
    ("Q4 02:00 HOME 2&20 OWN40", 10, 14),
    ("Q1 13:00 HOME 1&10 OWN25", 0, 0),
    ("Q4 02:00 HOME 3&1 OPP8", 0, 7),      # a yard from a first down, 8 from the tie: no
])
def test_the_long_bomb_is_the_equilibrium_matrix_own_two_values(situation: str, home: int,
                                                                 away: int) -> None:
    """FR-18: the smart coach values the bomb exactly, with the two numbers the equilibrium
    matrix's green entry is built from, and throws it when it is worth more."""
    from scrimmage.analytics import tables_for
    from scrimmage.coaches.roll_payoffs import payoffs

    g = _game(situation, home, away)
    rp = payoffs(g, tables_for(RULES))  # type: ignore[arg-type]
    ask = Decision(Kind.LONG_BOMB, Side.HOME, ("no", "bomb"), "", {})
    values = RollSmartCoach(1).values(ask, g.view(Side.HOME))
    assert values is not None
    if values.unit == rp.payoffs.unit:
        assert values.values == pytest.approx({"no": rp.no_bomb, "bomb": rp.bomb}, abs=1e-12)
    want = "bomb" if values.values["bomb"] > values.values["no"] else "no"
    assert RollSmartCoach(1).decide(ask, g.view(Side.HOME)) == want


def test_a_trailer_bombs_on_third_and_long_and_the_assistant_says_so() -> None:
    """Down 4 with two minutes left and 20 to go: the bomb's longer gains are worth its
    chance of an interception; the assistant shows both values and recommends it."""
    g = _game("Q4 02:00 HOME 2&20 OWN40", 10, 14)
    ask = Decision(Kind.LONG_BOMB, Side.HOME, ("no", "bomb"), "", {})
    assert RollSmartCoach(1).decide(ask, g.view(Side.HOME)) == "bomb"
    advice = advise(RULES, ask, g.view(Side.HOME))
    assert advice is not None and advice.recommended == "bomb"
    assert {ln.option for ln in advice.lines} == {"no", "bomb"}


def test_a_two_point_trys_bomb_stays_the_sensible_coachs() -> None:
    g = _game("Q4 02:00 HOME 2&20 OWN40", 10, 14)
    ask = Decision(Kind.LONG_BOMB, Side.HOME, ("no", "bomb"), "", {"two_point": True})
    assert RollSmartCoach(1).values(ask, g.view(Side.HOME)) is None


def test_a_big_lead_keeps_the_green_die_where_the_sensible_coach_would_bomb() -> None:
    """Up 21 in the first quarter, 3rd & 5 at the opponent's 45: the sensible coach's rule
    (5 or more to go) throws the bomb; its interceptions cost more points than its yards win
    (the win probability is flat there, so the choice is read in expected points)."""
    g = _game("Q1 13:00 HOME 3&5 OPP45", 21, 0)
    ask = Decision(Kind.LONG_BOMB, Side.HOME, ("no", "bomb"), "", {})
    assert SensibleCoach(1).decide(ask, g.view(Side.HOME)) == "bomb"
    values = RollSmartCoach(1).values(ask, g.view(Side.HOME))
    assert values is not None and values.unit == "ep" and values.best() == "no"
