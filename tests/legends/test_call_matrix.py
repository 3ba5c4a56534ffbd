"""The chart cells a pair of play calls reads and what they resolve to, with exact chances
(issue 20), checked against brute force: every d24 and d12 face pushed through the snap's own number rule
(`scrimmage_play._number`, FNL-27/30), on fresh sheets, part-used sheets and an exhausted set
(AMB-FNL-10: row 1)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from scrimmage.api import new_game
from scrimmage.core.field import Side
from scrimmage.rules.legends.call_matrix import (
    Result,
    cell_chances,
    cell_outcomes,
    model_game,
    row_chances,
)
from scrimmage.rules.legends.cards import BP_DEF, BP_OFF, DEF_SETS, INC, OFF_SETS
from scrimmage.rules.legends.scrimmage_play import DEF_DIE, OFF_DIE, _number
from scrimmage.rules.legends.state import TeamState


def _teams() -> tuple[TeamState, TeamState]:
    g: Any
    g, _ = new_game("legends-pro", "1985 Chicago Bears", "2016 New England Patriots", seed=1)
    return g.s.teams[Side.HOME], g.s.teams[Side.AWAY]


def _brute(off: TeamState, dfn: TeamState, o: int, d: int,
           two_point: bool) -> dict[tuple[int, int], Fraction]:
    tally: Counter[tuple[int, int]] = Counter()
    for d24 in range(1, OFF_DIE + 1):
        for d12 in range(1, DEF_DIE + 1):
            oc, dc = off.off_checkoff.copy(), dfn.def_checkoff.copy()
            off_row, def_row = _number(oc, o, d24, two_point), _number(dc, d, d12, two_point)
            tally[(off.team.offense[o][off_row - 1][d],
                   dfn.team.defense[d][def_row - 1][o])] += 1
    return {pair: Fraction(n, OFF_DIE * DEF_DIE) for pair, n in tally.items()}


def _use(off: TeamState, dfn: TeamState) -> None:
    """Cross numbers off as a game does: some of each set, every number of one set."""
    for i in range(len(OFF_SETS)):
        for number in range(1, off.off_checkoff.rows[i] + 1, 3):
            off.off_checkoff.cross_off(i, number)
    for number in range(1, off.off_checkoff.rows[0] + 1):
        if not off.off_checkoff.used[0][number]:
            off.off_checkoff.cross_off(0, number)
    for i in range(len(DEF_SETS)):
        for number in (2, 3, 7):
            if number <= dfn.def_checkoff.rows[i]:
                dfn.def_checkoff.cross_off(i, number)


@pytest.mark.parametrize("used", [False, True])
@pytest.mark.parametrize("two_point", [False, True])
def test_every_call_pair_matches_brute_force(used: bool, two_point: bool) -> None:
    off, dfn = _teams()
    if used:
        _use(off, dfn)
        assert off.off_checkoff.exhausted(0)
    for o in range(len(OFF_SETS)):
        for d in range(len(DEF_SETS)):
            chances = cell_chances(off, dfn, o, d, two_point)
            assert sum(chances.values()) == 1
            assert chances == _brute(off, dfn, o, d, two_point)


def test_rows_of_a_part_used_set() -> None:
    """FNL-27 (next open number, wrapping): with 1-3 used on a 12-row defensive set, faces
    1, 2 and 3 all land on 4."""
    _, dfn = _teams()
    for number in (1, 2, 3):
        dfn.def_checkoff.cross_off(0, number)
    rows = row_chances(dfn.def_checkoff, 0, DEF_DIE)
    n = dfn.def_checkoff.rows[0]
    assert rows[4] == Fraction(4, DEF_DIE)
    assert set(rows) == set(range(4, n + 1))
    assert sum(rows.values()) == 1


def _raw_model(g: Any) -> Any:
    """The model game without its grouped chart reader and its grouped Big Play (DEF) roll:
    every d20 face, and every face of a `base + dN` cell, run one by one."""
    return model_game(g.s, grouped=False)


@pytest.mark.parametrize(("oc", "dc", "run"), [
    (5, 3, True),                 # FNL-40: the two numbers add up
    (7, INC, False),              # FNL-41: INC stands over a number
    (BP_OFF, 4, True),            # FNL-42: one Big Play (OFF) roll and its yards
    (BP_OFF, INC, False),
    (6, BP_DEF, True),            # FNL-44: the BP DEF roll, table, loss or turnover
])
def test_cell_outcomes_are_the_rules_own_chances(oc: int, dc: int, run: bool) -> None:
    """The grouped chart reads give the same exact distribution as every face run alone,
    the chances add up to 1, and enumerating changes nothing in the game."""
    g: Any
    g, _ = new_game("legends-pro", "1985 Chicago Bears", "2016 New England Patriots", seed=1)
    before = repr([(t.cp.left, t.timeouts, t.off_checkoff.used) for t in g.s.teams.values()])
    grouped = cell_outcomes(model_game(g.s), oc, dc, run, 0)
    raw = cell_outcomes(_raw_model(g), oc, dc, run, 0)
    assert grouped == raw
    assert sum(grouped.values()) == 1
    assert repr([(t.cp.left, t.timeouts, t.off_checkoff.used)
                 for t in g.s.teams.values()]) == before
    if oc < INC and dc < INC:
        assert grouped == {Result(oc + dc, False, False, None, 0, False): 1}
    if dc == INC and oc < INC:
        assert grouped == {Result(0, False, True, None, 0, False): 1}
