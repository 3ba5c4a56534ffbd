"""The chart cells a pair of play calls reads, with their exact chances (issue 20).

A Legends play call is a card for each side (FNL-25); the dice then pick a row of each sheet:
the offense's d24 and the defense's d12, resolved on the checkoff to a number still open
(FNL-26, FNL-27), and each coach reads the cell where his row meets the other's card
(FNL-38). So for a call pair the cells read form a distribution that changes as numbers are
crossed off. It is computed here from the rule itself (`Checkoff.row`), face by face, for the
equilibrium coach's payoff matrix: the first step of a snap's exact outcome distribution.
"""

from __future__ import annotations

from fractions import Fraction

from scrimmage.rules.legends.checkoff import Checkoff
from scrimmage.rules.legends.scrimmage_play import DEF_DIE, OFF_DIE
from scrimmage.rules.legends.state import TeamState

CellPair = tuple[int, int]
"""(offense's cell, defense's cell): a yardage or one of the chart codes (INC, BP-OFF...)."""


def row_chances(checkoff: Checkoff, set_index: int, sides: int,
                free: bool = False) -> dict[int, Fraction]:
    """Each row a die can read on this set, with its chance (every face is equally likely)."""
    out: dict[int, Fraction] = {}
    for face in range(1, sides + 1):
        row = checkoff.row(set_index, face, free)
        out[row] = out.get(row, Fraction(0)) + Fraction(1, sides)
    return out


def cell_chances(off: TeamState, dfn: TeamState, off_set: int, def_set: int,
                 two_point: bool = False) -> dict[CellPair, Fraction]:
    """The pairs of cells the offense's card `off_set` and the defense's card `def_set` may
    read, with their chances (the rows of the two dice are independent)."""
    offense = off.team.offense[off_set]
    defense = dfn.team.defense[def_set]
    def_rows = row_chances(dfn.def_checkoff, def_set, DEF_DIE, two_point)
    out: dict[CellPair, Fraction] = {}
    for off_row, p_off in row_chances(off.off_checkoff, off_set, OFF_DIE, two_point).items():
        oc = offense[off_row - 1][def_set]
        for def_row, p_def in def_rows.items():
            pair = (oc, defense[def_row - 1][off_set])
            out[pair] = out.get(pair, Fraction(0)) + p_off * p_def
    return out
