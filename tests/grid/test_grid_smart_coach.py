"""The Grid's situational coach (`--coach smart`, issue 20): the sensible coach's calls;
fourth down (a play or each kicker's field goal, GRID-44) played on copies of the game, the
extra cards and the timeouts that stop them (GRID-37, GRID-52) read on the Grid
win-probability tables."""

from __future__ import annotations

from typing import Any

import pytest

from scrimmage.api import new_game
from scrimmage.coaches.advice import advise
from scrimmage.coaches.grid import SensibleCoach
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



def _reroll(g: Any, side: Side, result: str, dice: tuple[int, int],
            off_call: str = "run_inside_hb", def_call: str = "run_outside_hb") -> Decision:
    return Decision(Kind.REROLL, side, ("keep", "reroll"), "",
                    {"chart_result": result, "dice": dice, "offense": side is g.possession,
                     "off_call": off_call, "def_call": def_call})


@pytest.mark.parametrize(("call", "result"), [("run_inside_hb", "Dice"),
                                              ("short_pass_le", "Dice +5"),
                                              ("flat_pass_re", "Inc")])
def test_kept_dice_average_to_the_down_they_were_rolled_from(call: str, result: str) -> None:
    """GRID-21, GRID-28: a result's ends with its yardage dice on the table, averaged over
    those dice, are the result's ends that the payoff matrix reads (the lower of the two)."""
    from scrimmage.coaches.grid_payoffs import DownModel
    from scrimmage.rules.grid.cards import SLOT_OF_CARRIER, is_run, split_card
    from scrimmage.rules.grid.results import RESULT_CODE

    g = _game("H1 30C HOME 2&10 OWN40", 7, 7)
    model = DownModel(g)
    play, carrier = split_card(call)
    lu = model.lineup
    runner = lu[SLOT_OF_CARRIER[carrier]]
    sizes = ((runner.run_yards, lu.run_block_die) if is_run(play)
             else (lu["QB"].pass_yards, runner.pass_yards))
    code = RESULT_CODE[result]
    mixed: dict[Any, float] = {}
    for a in range(1, sizes[0] + 1):
        for b in range(1, sizes[1] + 1):
            for end, p in model.kept(call, code, a, b).items():
                mixed[end] = mixed.get(end, 0.0) + p / (sizes[0] * sizes[1])
    want = model.ends(call, code)
    assert set(mixed) == set(want)
    assert all(abs(mixed[e] - want[e]) < 1e-12 for e in want)


def test_a_reroll_is_worth_the_payoff_matrix_entry_of_the_two_cards() -> None:
    """GRID-28: rolling the play dice again is the down as the matrix values it (the same
    cards, so the same d20 modifier)."""
    from scrimmage.analytics import tables_for
    from scrimmage.coaches.grid_payoffs import payoffs

    g = _game("H2 10C HOME 3&5 OPP30", 10, 14)
    off_call, def_call = "short_pass_le", "run_outside_hb"
    matrix = payoffs(g, tables_for(RULES))  # type: ignore[arg-type]
    values = GridSmartCoach(1).values(_reroll(g, Side.HOME, "NG", (1, 1), off_call, def_call),
                                      g.view(Side.HOME))
    assert values is not None and values.unit == matrix.unit == "wp"
    assert values.values["reroll"] == pytest.approx(matrix.value(off_call, def_call), abs=1e-12)


def test_rerolls_by_win_probability_where_the_sensible_rule_reads_only_the_result() -> None:
    """GRID-28 with the dice on the table. Fourth and goal from two boxes out, down 4 late:
    the offense keeps a touchdown and rolls again a "Dice" result whose lower die (1) leaves
    it a box short, which the sensible coach keeps for not being NG or Inc; the defense rolls
    that same "Dice" again when its dice (4, 4) score. On 3rd & 10 a "Dice +5" of 1 + 1 box
    stops short of the marker: the defense keeps it, where the sensible coach re-rolls every
    "Dice +5"."""
    g = _game("H2 03C HOME 4&G OPP10", 10, 14)
    smart, sensible = GridSmartCoach(1), SensibleCoach(1)

    def both(g: Any, side: Side, result: str, dice: tuple[int, int]) -> tuple[str, str]:
        ask = _reroll(g, side, result, dice, "short_pass_le")
        return smart.decide(ask, g.view(side)), sensible.decide(ask, g.view(side))

    assert both(g, Side.HOME, "Dice +15", (3, 4)) == ("keep", "keep")
    assert both(g, Side.HOME, "Dice", (1, 1)) == ("reroll", "keep")
    assert both(g, Side.AWAY, "Dice", (4, 4)) == ("reroll", "keep")
    g = _game("H1 30C HOME 3&10 OWN40", 10, 14)
    assert both(g, Side.AWAY, "Dice +5", (1, 1)) == ("keep", "reroll")
    advice = advise(RULES, _reroll(g, Side.AWAY, "Dice", (1, 1)), g.view(Side.AWAY))
    assert advice is not None and {ln.option for ln in advice.lines} == {"keep", "reroll"}
