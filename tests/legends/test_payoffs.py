"""The payoff matrix of a Legends play call (issue 20), checked against brute force: every d24
and d12 face pushed through the snap's own number rule (`scrimmage_play._number`, FNL-27), the
two cells read (FNL-38) resolved by the rules' own `resolve` for that exact pair of cells
(FNL-39..51: no Big Play class shared), and each result valued on the same tables."""

from __future__ import annotations

from typing import Any

import pytest

from scrimmage.analytics import tables_for
from scrimmage.api import new_game, play_game
from scrimmage.coaches.equilibrium import EquilibriumCoach
from scrimmage.coaches.matrix_game import exploitability, solve
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.field import Side
from scrimmage.rules.legends.call_matrix import cell_outcomes, model_game
from scrimmage.rules.legends.cards import DEF_SETS, OFF_SETS
from scrimmage.rules.legends.payoffs import Net, SnapOutcomes, Valuer, net_of, payoffs
from scrimmage.rules.legends.scrimmage_play import DEF_DIE, OFF_DIE, _number

RULES = "legends-pro"
HOME, AWAY = "1985 Chicago Bears", "2016 New England Patriots"


def _scripted(down: int = 3, togo: int = 4, yardline: int = 38, quarter: int = 4,
              seconds: int = 300, home: int = 17, away: int = 20) -> Any:
    """The Bears with the ball, trailing late, some numbers of each sheet crossed off."""
    g: Any
    g, _ = new_game(RULES, HOME, AWAY, seed=1)
    s = g.s
    s.possession = Side.HOME
    s.yardline, s.down, s.ydstogo = yardline, down, togo
    s.clock.quarter, s.clock.seconds_left = quarter, seconds
    s.score = {Side.HOME: home, Side.AWAY: away}
    for i in range(len(OFF_SETS)):
        s.teams[Side.HOME].off_checkoff.cross_off(i, 2 + i)
    for i in range(len(DEF_SETS)):
        s.teams[Side.AWAY].def_checkoff.cross_off(i, 5)
    return g


def _brute(g: Any, unit: str) -> dict[tuple[str, str], float]:
    s = g.s
    tables = tables_for(RULES)
    assert tables is not None
    valuer = Valuer(s, tables, unit)
    model = model_game(s)
    off, dfn = s.offense, s.defense
    exact: dict[tuple[int, int, bool, int], float] = {}
    out: dict[tuple[str, str], float] = {}
    for o, off_card in enumerate(OFF_SETS):
        run = o < 3
        sos = s.sos_adj[off.side][0 if run else 1]
        for d, def_card in enumerate(DEF_SETS):
            total = 0.0
            for d24 in range(1, OFF_DIE + 1):
                for d12 in range(1, DEF_DIE + 1):
                    off_row = _number(off.off_checkoff.copy(), o, d24, False)
                    def_row = _number(dfn.def_checkoff.copy(), d, d12, False)
                    cells = (off.team.offense[o][off_row - 1][d],
                             dfn.team.defense[d][def_row - 1][o], run, sos)
                    if cells not in exact:
                        exact[cells] = sum(
                            float(p) * valuer.of(net_of(r))
                            for r, p in cell_outcomes(model, *cells).items())
                    total += exact[cells] / (OFF_DIE * DEF_DIE)
            out[(off_card, def_card)] = total
    return out


def test_the_payoff_matrix_is_the_brute_force_one() -> None:
    """Rows x cells x chart faces, summed face by face, give the matrix the coach solves."""
    g = _scripted()
    tables = tables_for(RULES)
    assert tables is not None
    p = payoffs(g.s, SnapOutcomes(), tables)
    assert p.unit == "wp"
    assert p.offense == OFF_SETS and p.defense == DEF_SETS
    brute = _brute(g, "wp")
    for (off_card, def_card), value in brute.items():
        assert p.value(off_card, def_card) == pytest.approx(value, abs=1e-12)
    # The matrix is a real game: the calls matter, and no card is worth the same everywhere.
    values = [v for row in p.values for v in row]
    assert max(values) - min(values) > 0.01


def test_a_decided_game_falls_back_to_expected_points() -> None:
    g = _scripted(quarter=4, seconds=40, home=49, away=0)
    tables = tables_for(RULES)
    assert tables is not None
    p = payoffs(g.s, SnapOutcomes(), tables)
    assert p.unit == "ep"
    assert max(max(r) for r in p.values) - min(min(r) for r in p.values) > 0.1


def test_a_two_point_try_pays_two_points_a_success() -> None:
    """FNL-61: from the 3, nothing crossed off; the payoff is 2 x the chance of scoring."""
    g = _scripted(down=1, togo=3, yardline=3)
    tables = tables_for(RULES)
    assert tables is not None
    p = payoffs(g.s, SnapOutcomes(), tables, two_point=True)
    assert p.unit == "points"
    assert all(0.0 <= v <= 2.0 for row in p.values for v in row)
    assert any(0.0 < v < 2.0 for row in p.values for v in row)


def test_nets_say_where_the_ball_ends() -> None:
    from scrimmage.rules.legends.call_matrix import Result

    assert net_of(Result(12, False, False, "fumble", 30, False)) == Net("turnover", -18)
    assert net_of(Result(12, False, False, "interception", 0, True)) == Net("return_td")
    assert net_of(Result(5, True, False, None, 0, False)) == Net("td")
    assert net_of(Result(0, False, True, None, 0, False)) == Net("incomplete")
    assert net_of(Result(-7, False, False, None, 0, False)) == Net("gain", -7)


def test_the_coach_plays_its_equilibrium_mix() -> None:
    """The solved mix leaves an opponent nothing to exploit, and the coach's card comes from
    its own dice: the same seed, the same card."""
    g = _scripted()
    view = g.view(Side.HOME)
    ask = Decision(Kind.PLAY_CALL, Side.HOME, OFF_SETS, "", {"side": "offense"})
    a, b = EquilibriumCoach(5, RULES), EquilibriumCoach(5, RULES)
    advice = a.solved(ask, view)
    assert exploitability(advice.payoffs.values, advice.equilibrium) == pytest.approx(0, abs=1e-6)
    assert sum(advice.mix().values()) == pytest.approx(1)
    assert [a.decide(ask, view) for _ in range(5)] == [b.decide(ask, view) for _ in range(5)]
    # Against the defense's equilibrium, no card beats the game's value (an equilibrium).
    value = solve(advice.payoffs.values).value
    assert max(advice.card_values().values()) == pytest.approx(value, abs=1e-6)


def test_a_game_with_the_equilibrium_coach_replays_bit_for_bit() -> None:
    from scrimmage.api import replay

    rec = play_game(RULES, HOME, AWAY, seed=11,
                    coaches={"home": "equilibrium", "away": "solitaire"})
    again = play_game(RULES, HOME, AWAY,
                      seed=11, coaches={"home": "equilibrium", "away": "solitaire"})
    assert rec.plays == again.plays and rec.decisions == again.decisions
    assert replay(rec).final_score == rec.final_score
    calls = [p for p in rec.plays if p.get("posteam") == HOME
             and p.get("off_call")]
    assert len({p["off_call"] for p in calls}) >= 3      # a mix, not one favourite card
