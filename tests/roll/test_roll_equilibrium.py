"""The 1st & Roll equilibrium coach (issue 20): the 3 x 3 die game of FR-10 solved exactly.

The payoff model (`coaches/roll_payoffs.py`) writes the down's dice out as distributions; the
check here plays every sequence of faces through the rules' own down (`plays.play`) on copies of
the game, answering the questions inside it as the equilibrium coach does (the sensible coach's
rules), and finds the same matrix."""

from __future__ import annotations

from fractions import Fraction

from roll_helpers import seeded_game

from scrimmage.analytics import tables_for
from scrimmage.analytics.position import position_value
from scrimmage.coaches.equilibrium_roll import RollEquilibriumCoach
from scrimmage.coaches.matrix_game import exploitability, solve
from scrimmage.coaches.roll import SensibleCoach
from scrimmage.coaches.roll_payoffs import payoffs
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.enumeration import TreeDice
from scrimmage.core.field import Side
from scrimmage.core.what_if import play_out
from scrimmage.rules.roll import plays
from scrimmage.rules.roll.game import RollGame
from scrimmage.rules.roll.what_if import copy_game, position, step_then_check

RULES = "1st-and-roll"
COLORS = ("red", "yellow", "green")
MAX_ROLLS = 8
"""Dice a brute-force sequence may roll before it is cut (breakaways chain without end,
FR-16); the cut sequences' chance bounds the difference."""


_game = seeded_game


class _Cut(Exception):
    pass


class _CappedDice(TreeDice):
    def roll(self, sides: int) -> int:
        if self._at >= MAX_ROLLS:
            raise _Cut
        return super().roll(sides)


def _brute_force(g: RollGame, off_c: str, def_c: str, bomb: str) -> tuple[float, float]:
    """The offense's mean WP after the rules' own down, over every sequence of faces: the
    sum over the sequences that finished, and the chance of those cut at `MAX_ROLLS`."""
    tables = tables_for(RULES)
    assert tables is not None
    inner = SensibleCoach(3)
    side = g.s.possession
    dice = _CappedDice()
    total, cut = Fraction(0), Fraction(0)
    while True:
        c = copy_game(g, dice, inner.lets_pass)

        def answer(q: Decision, c: RollGame = c) -> str:
            if q.kind is Kind.PLAY_CALL:
                return off_c if q.info["side"] == "offense" else def_c
            if q.kind is Kind.LONG_BOMB:
                return bomb
            return str(inner.decide(q, c.view(q.seat)))

        try:
            play_out(c, step_then_check(plays.play), answer)
            total += dice.probability() * Fraction(position_value(tables, position(c), side))
        except _Cut:
            cut += dice.probability()
            dice._at = len(dice._faces)
        if not dice.advance():
            return float(total), float(cut)


def test_the_matrix_is_the_rules_own_down_enumerated() -> None:
    """FR-10..20, FR-35: ahead 7-0 in the third quarter (so an unmatched red runs out the
    clock), 2nd & 7 at the opponent's 40. Each cell lies between the brute force's finished
    sequences and those plus every cut one."""
    g = _game("Q3 11:00 HOME 2&7 OPP40", 7, 0)
    rp = payoffs(g, tables_for(RULES))  # type: ignore[arg-type]
    assert rp.payoffs.unit == "wp"
    cases = [("red", "red", "no"), ("red", "yellow", "no"), ("yellow", "green", "no"),
             ("green", "green", "no"), ("green", "yellow", "no"), ("green", "red", "bomb")]
    for off_c, def_c, bomb in cases:
        done, cut = _brute_force(g, off_c, def_c, bomb)
        want = (rp.bomb if bomb == "bomb" else rp.no_bomb if (off_c, def_c) == ("green", "yellow")
                else rp.payoffs.value(off_c, def_c))
        assert done - 1e-6 <= want <= done + cut + 1e-6, (off_c, def_c, bomb, done, cut, want)
        assert cut < 0.01
    # Unmatched colours leave the defense's die unrolled: one value whatever its colour.
    for off_c in COLORS:
        others = [rp.payoffs.value(off_c, d) for d in COLORS if d != off_c]
        assert others[0] == others[1]
    assert rp.payoffs.value("green", "red") == max(rp.bomb, rp.no_bomb)


def test_the_defense_mixes_and_nobody_gains_by_a_reply() -> None:
    """A guessing game (FR-10): neither side has a pure call, and the solved mix cannot be
    exploited."""
    g = _game("Q1 13:00 HOME 1&10 OWN30", 0, 0)
    rp = payoffs(g, tables_for(RULES))  # type: ignore[arg-type]
    eq = solve(rp.payoffs.values)
    assert sum(p > 0.01 for p in eq.cols) >= 2
    assert sum(p > 0.01 for p in eq.rows) >= 2
    assert exploitability(rp.payoffs.values, eq) < 1e-6


def test_a_decided_game_falls_back_to_expected_points() -> None:
    """Up 42 two minutes into the second half the win probability hardly moves: the
    matrix is in points."""
    g = _game("Q3 13:00 HOME 1&10 OWN30", 42, 0)
    rp = payoffs(g, tables_for(RULES))  # type: ignore[arg-type]
    assert rp.payoffs.unit == "ep"


def test_the_coach_calls_from_its_mix_and_answers_the_long_bomb_by_the_matrix() -> None:
    g = _game("Q2 04:00 HOME 3&15 OPP45", 0, 3)
    coach = RollEquilibriumCoach(11)
    view = g.view(Side.HOME)
    call = Decision(Kind.PLAY_CALL, Side.HOME, COLORS, "", {"side": "offense"})
    picks = {coach.decide(call, view) for _ in range(40)}
    mix = coach.solved(call, view).mix()
    assert picks == {c for c, p in mix.items() if p > 0}
    bomb = coach.decide(Decision(Kind.LONG_BOMB, Side.HOME, ("no", "bomb"), ""), view)
    matrix = coach.bombs
    assert matrix is not None and bomb == ("bomb" if matrix.bomb > matrix.no_bomb else "no")
    assert len(coach.log.seconds) == 1          # one matrix for the snap
    # A two-point try's die and long bomb are the sensible coach's (no stale matrix).
    coach.decide(Decision(Kind.PLAY_CALL, Side.HOME, COLORS, "",
                          {"side": "offense", "two_point": True}), view)
    assert coach.bombs is None and len(coach.log.seconds) == 1


def test_the_assistant_gives_the_mix_of_a_die_choice() -> None:
    """`play --advise` and the web panel: each colour's value against the other side's
    equilibrium, and the share it gets."""
    from scrimmage.coaches.advice import advise

    g = _game("Q2 04:00 HOME 3&15 OPP45", 0, 3)
    for seat, side in ((Side.HOME, "offense"), (Side.AWAY, "defense")):
        d = Decision(Kind.PLAY_CALL, seat, COLORS, "", {"side": side})
        advice = advise(RULES, d, g.view(seat))
        assert advice is not None and advice.title.startswith("Equilibrium")
        assert sorted(ln.option for ln in advice.lines) == sorted(COLORS)
        assert abs(sum(ln.mix or 0.0 for ln in advice.lines) - 1) < 1e-9
        green = next(ln for ln in advice.lines if ln.option == "green")
        assert ("bomb" in green.how) is (side == "offense")     # FR-18: the offense's choice
