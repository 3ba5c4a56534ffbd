"""The Grid's equilibrium coach (issue 20): the 13 x 20 card game of GRID-19 and GRID-20 solved
exactly.

The payoff model (`coaches/grid_payoffs.py`) reads the d20, the yardage dice and the timing
deck's next card as distributions. The checks here play the rules' own down (`plays.down`) on
copies of the game for every sequence of dice and cards, with the questions inside it answered
by the sensible coach (as the equilibrium coach answers them in play), and find the same
values. A short deck keeps the sequences few: its suits are the chances of the next card."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from scrimmage.analytics import tables_for
from scrimmage.analytics.position import position_value
from scrimmage.api import new_game
from scrimmage.coaches.advice import advise
from scrimmage.coaches.equilibrium_grid import GridEquilibriumCoach
from scrimmage.coaches.grid import SensibleCoach
from scrimmage.coaches.grid_payoffs import DownModel, payoffs
from scrimmage.coaches.matrix_game import exploitability, solve
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.deck import standard_card
from scrimmage.core.enumeration import TreeDice
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.core.what_if import play_out
from scrimmage.rules.grid import plays
from scrimmage.rules.grid.cards import DEFENSE_CARDS
from scrimmage.rules.grid.what_if import copy_game, position, position_after

RULES = "grid"


def _game(at: str, home: int, away: int, deck: tuple[str, ...] | None = None) -> Any:
    g, _ = new_game(RULES, *find_ruleset(RULES).default_teams(), seed=1)
    g.start_at(at)
    g.score = {Side.HOME: home, Side.AWAY: away}
    if deck is not None:
        # The cards not yet flipped; no timeouts, so no coach stops the cards.
        d = g.clock.deck
        d.reset([standard_card(c) for c in deck])
        for t in g.teams.values():
            t.timeouts = 0
    return g


class _FirstFace(TreeDice):
    """Tree dice whose first roll (the d20 of GRID-21) is given: the rest are enumerated."""

    def __init__(self, face: int) -> None:
        super().__init__()
        self.face, self.given = face, False

    def roll(self, sides: int) -> int:
        if not self.given:
            self.given = True
            return self.face
        return super().roll(sides)

    def advance(self) -> bool:
        self.given = False
        return super().advance()


def _brute_force(g: Any, off_call: str, def_call: str, dice: TreeDice) -> float:
    """The offense's mean WP after the rules' own down over every sequence `dice` runs."""
    tables = tables_for(RULES)
    assert tables is not None
    inner = SensibleCoach(3)
    side = g.possession
    total = Fraction(0)
    while True:
        c = copy_game(g, dice, inner.lets_pass)

        def answer(q: Decision, c: Any = c) -> str:
            if q.kind is Kind.SNAP:
                return "play"
            if q.kind is Kind.PLAY_CALL:
                return off_call if q.info["side"] == "offense" else def_call
            return str(inner.decide(q, c.view(q.seat)))

        play_out(c, plays.down, answer)
        total += dice.probability() * Fraction(position_value(tables, position(c), side))
        if not dice.advance():
            return float(total)


@pytest.mark.parametrize(("off_call", "def_call"), [
    ("run_inside_hb", "run_inside_hb"),      # GRID-23: the same play, the key right
    ("short_pass_le", "run_outside_nokey"),  # the other type, no key
])
def test_a_cell_is_the_rules_own_down_enumerated(off_call: str, def_call: str) -> None:
    """GRID-21..40 with a deck of a club and two diamonds: every face of the d20, both
    yardage dice, the next card and the extra card."""
    g = _game("H2 04C HOME 2&10 OPP30", 7, 7, ("4C", "5D", "6D"))
    p = payoffs(g, tables_for(RULES))  # type: ignore[arg-type]
    assert p.unit == "wp"
    want = _brute_force(g, off_call, def_call, TreeDice())
    assert p.value(off_call, def_call) == pytest.approx(want, abs=1e-9)


@pytest.mark.parametrize(("off_call", "face"), [
    ("short_pass_re", 2),    # an Inc on a spade: the interception die and the return
    ("run_outside_hb", 15),  # a gain on a spade: the fumble die and the recovery dice
])
def test_a_spade_is_the_rules_own_turnover_enumerated(off_call: str, face: int) -> None:
    """GRID-34..36 with a deck of a spade and two diamonds, one face of the d20 given."""
    g = _game("H2 04C HOME 2&10 OPP30", 7, 7, ("4S", "5D", "6D"))
    tables = tables_for(RULES)
    assert tables is not None
    mod = plays.d20_modifier(g, off_call, DEFENSE_CARDS[0])[0]
    result = g.tables.result(off_call, face + mod)
    ends = DownModel(g).ends(off_call, result)
    model = sum(p * position_value(tables, position_after(
        g, e.cards, e.nxt, e.kicker, e.possession, e.ball, e.down, e.marker,
        {Side.HOME: e.score[0], Side.AWAY: e.score[1]}), g.possession) for e, p in ends.items())
    want = _brute_force(g, off_call, DEFENSE_CARDS[0], _FirstFace(face))
    assert model == pytest.approx(want, abs=1e-9)


def test_the_solved_mix_cannot_be_exploited() -> None:
    """Both sides mix (GRID-19, GRID-20 are a guessing game) and no reply gains."""
    g = _game("H1 40C HOME 1&10 OWN25", 0, 0)
    p = payoffs(g, tables_for(RULES))  # type: ignore[arg-type]
    assert len(p.offense) == 12 and len(p.defense) == 20     # GRID-19: no long pass to the HB
    eq = solve(p.values)
    assert sum(x > 0.01 for x in eq.rows) >= 2 and sum(x > 0.01 for x in eq.cols) >= 2
    assert exploitability(p.values, eq) < 1e-6


def test_near_the_goal_the_refused_cards_are_left_out() -> None:
    """GRID-19: no long pass from the 15, no short pass from the 5."""
    g = _game("H1 40C HOME 1&G OPP5", 0, 0)
    p = payoffs(g, tables_for(RULES))  # type: ignore[arg-type]
    assert not any(c.startswith(("long_pass", "short_pass")) for c in p.offense)


def test_the_coach_draws_from_its_mix_and_the_assistant_shows_it() -> None:
    g = _game("H1 40C HOME 3&15 OWN25", 0, 0)
    coach = GridEquilibriumCoach(4)
    view = g.view(Side.AWAY)
    call = Decision(Kind.PLAY_CALL, Side.AWAY, DEFENSE_CARDS, "", {"side": "defense"})
    picks = {coach.decide(call, view) for _ in range(60)}
    mix = coach.solved(call, view).mix()
    assert picks <= {c for c, x in mix.items() if x > 0}
    assert len(coach.log.seconds) == 1          # one matrix for the snap
    advice = advise(RULES, call, view)
    assert advice is not None and advice.title.startswith("Equilibrium")
    assert abs(sum(ln.mix or 0.0 for ln in advice.lines) - 1) < 1e-9
