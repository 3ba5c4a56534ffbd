"""The chart cells a pair of play calls reads, with their exact chances (issue 20).

A Legends play call is a card for each side (FNL-25); the dice then pick a row of each sheet:
the offense's d24 and the defense's d12, resolved on the checkoff to a number still open
(FNL-26, FNL-27), and each coach reads the cell where his row meets the other's card
(FNL-38). So for a call pair the cells read form a distribution that changes as numbers are
crossed off. It is computed here from the rule itself (`Checkoff.row`), face by face, for the
equilibrium coach's payoff matrix: the first step of a snap's exact outcome distribution.

The second step, `cell_outcomes`, runs the rules' own resolution of two cells
(`bigplays.resolve`, FNL-38..51) once for every sequence of faces its Big Play charts and
`base + dN` cells may throw (`scrimmage.core.enumeration`), on a `model_game` that reads the
live state and changes nothing: a coaching-point question inside it (ignoring a Big Play,
FNL-74) is answered "none".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, NamedTuple, TypeVar, cast

from scrimmage.core.decisions import Decision
from scrimmage.core.enumeration import TreeDice, distribution, enumerate_outcomes
from scrimmage.core.fastpath import PassFilters
from scrimmage.core.sides import opponent_of
from scrimmage.rules.legends.bigplays import Outcome, resolve
from scrimmage.rules.legends.charts import Roll
from scrimmage.rules.legends.checkoff import Checkoff
from scrimmage.rules.legends.game import LegendsGame
from scrimmage.rules.legends.scrimmage_play import DEF_DIE, OFF_DIE, PENALTY_DIE
from scrimmage.rules.legends.sheets import BOOK_GUARD, guard_threshold
from scrimmage.rules.legends.state import GameState, TeamState
from scrimmage.rules.narration import DiceReads

T = TypeVar("T")

CellPair = tuple[int, int]
"""(offense's cell, defense's cell): a yardage or one of the chart codes (INC, BP-OFF...)."""


def row_counts(checkoff: Checkoff, set_index: int, sides: int,
               free: bool = False) -> dict[int, int]:
    """Each row a die can read on this set, with how many of its faces read it."""
    out: dict[int, int] = {}
    for face in range(1, sides + 1):
        row = checkoff.row(set_index, face, free)
        out[row] = out.get(row, 0) + 1
    return out


def row_chances(checkoff: Checkoff, set_index: int, sides: int,
                free: bool = False) -> dict[int, Fraction]:
    """Each row a die can read on this set, with its chance (every face is equally likely)."""
    return {row: Fraction(n, sides)
            for row, n in row_counts(checkoff, set_index, sides, free).items()}


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


class Result(NamedTuple):
    """What a coach needs of an `Outcome` to value it: the gain (to the spot of a turnover),
    and how the play ended."""

    yards: int
    td: bool
    incomplete: bool
    turnover: str | None
    return_yards: int
    return_td: bool

    @classmethod
    def of(cls, o: Outcome) -> Result:
        return cls(o.yards, o.td, o.incomplete, o.turnover, o.return_yards, o.return_td)


def model_game(state: GameState, grouped: bool = True) -> LegendsGame:
    """A game over a live state for enumerating a piece of a snap: no narration, no pass
    filters, dice set by `cell_outcomes`. Never driven, and nothing it runs may change the
    state. `grouped` (the default) reads d20 columns and the Big Play (DEF) roll grouped
    (`ModelGame`); without it every face is run one by one (the same chances, more runs)."""
    g = ModelGame.__new__(ModelGame) if grouped else LegendsGame.__new__(LegendsGame)
    g.s = state
    g.rules = state.rules
    g.x = state.x
    g.fast = PassFilters()
    g.dice = TreeDice()
    g.reads = DiceReads(g.dice, False)
    if isinstance(g, ModelGame):
        g.cuts = guard_cuts(state)
        g.columns = {}
    return g


class ModelGame(LegendsGame):
    """A model game whose dice are `TreeDice` and whose chart reads are grouped: a d20
    column is read as one pick among its distinct final values (`distinct_cells`), so twenty
    faces that often say the same thing are run once each; the Big Play (DEF) d20 is only
    ever compared with a guard (FNL-44, and the replay ratings' guards), so its faces are run
    one per stretch between two guards (`guard_cuts`). A subclass rather than functions set
    on an instance: the compiled build's game is a native class, which takes no new
    attributes."""

    cuts: tuple[tuple[int, ...], tuple[int, ...]]
    columns: dict[int, tuple[tuple[Any, ...], tuple[int, ...]]]   # any chart: yards or words

    def roll(self, sides: int) -> int:
        dice = self.dice
        assert isinstance(dice, TreeDice)
        if sides != PENALTY_DIE:
            return dice.roll(sides)
        return self.cuts[0][dice.pick(self.cuts[1])]

    def read_chart(self, chart: Sequence[T], label: str) -> T:
        key = id(chart)
        columns = self.columns
        if key not in columns:
            columns[key] = distinct_cells(chart)
        values, weights = columns[key]
        dice = self.dice
        assert isinstance(dice, TreeDice)
        return cast(T, values[dice.pick(weights)])


def guard_cuts(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The d20 faces that stand for all the others in a Big Play (DEF) roll, and how many
    faces each stands for: the roll is compared with the book's guard or with a replay
    ratings' guard for one of the words the two BP DEF tables hold (`guard_threshold`), so
    faces between two such guards all give the same result."""
    off = state.teams[state.possession].team
    dfn = state.teams[opponent_of(state.possession)].team
    words = {"FUM"}
    for team in (off, dfn):
        for table in (team.run_bp_def, team.pass_bp_def):
            if table is not None:
                words.update(str(table[face]) for face in range(1, PENALTY_DIE + 1))
    tops = {BOOK_GUARD, *(guard_threshold(off.header, dfn.header, w) for w in sorted(words))}
    edges = [*sorted(t for t in tops if 0 < t < PENALTY_DIE), PENALTY_DIE]
    faces, weights, low = [], [], 0
    for top in edges:
        faces.append(top)
        weights.append(top - low)
        low = top
    return tuple(faces), tuple(weights)


def distinct_cells(chart: Sequence[Any]) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    """A d20 column's distinct final values (faces 1-20) and their weights. A `base + dN`
    cell is read with its own die already thrown: its N yardages each take 1/N of the face,
    so `LegendsGame.yards` has nothing left to roll and equal yardages from different cells
    merge."""
    sides = [cell.sides for face in range(1, PENALTY_DIE + 1)
             if isinstance(cell := chart[face], Roll)]
    scale = math.lcm(*sides) if sides else 1
    weight: dict[Any, int] = {}
    for face in range(1, PENALTY_DIE + 1):
        cell = chart[face]
        if isinstance(cell, Roll):
            for k in range(1, cell.sides + 1):
                key = cell.base + k
                weight[key] = weight.get(key, 0) + scale // cell.sides
        else:
            weight[cell] = weight.get(cell, 0) + scale
    return tuple(weight), tuple(weight.values())


def _nothing_spent(decision: Decision) -> str:
    """Every question inside a resolution answered "none" (no coaching points), else its
    first option."""
    return "none" if "none" in decision.options else decision.options[0]


def cell_outcomes(g: LegendsGame, oc: int, dc: int, run: bool,
                  sos: int) -> dict[Result, Fraction]:
    """Every result two cells can give (FNL-38..51, no SPECIAL), with its exact chance."""
    def one(dice: TreeDice) -> Result:
        g.dice = dice
        g.reads = DiceReads(dice, False)
        g.coach_answer = _nothing_spent
        return Result.of(resolve(g, oc, dc, None, run, sos))

    return distribution(enumerate_outcomes(one))
