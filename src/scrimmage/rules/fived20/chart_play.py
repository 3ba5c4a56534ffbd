"""5D20 charts as a game reads them: a team chart and the game charts, arranged for lookups.

`charts` reads a chart file and checks it (its pydantic models) and builds these from the
checked models; a game then calls only this module (`across`, `down`, `GameCharts.yards`, ...:
some 940 calls a game). It is apart because mypyc cannot compile a module that defines pydantic
models: this one is compiled in the compiled build, `charts` is not (as grid/lineup.py is apart
from grid/roster.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    # Types only: `charts` imports this module to build from its models.
    from scrimmage.rules.fived20.charts import GameChartsFile, PenaltyLine, Returner, TeamChartFile

# The chart's names a game reads by (the file models check them too).
DEPTHS: Final = ("SP", "MP", "LP")
ALIGNMENTS: Final = ("RUN", "BASE", "PASS")
PENALTY_ROWS: Final = ("SNAP", "RUNNING", "COMPLETIONS", "INC", "SACK", "PUNTING", "KICKOFF",
                       "FIELD_GOALS")

Row = tuple[tuple[int, str], ...]
"""A row of results: (highest roll, result) pairs, left to right."""
PUNT_CELL: Final = re.compile(r"(TB|([0-9]{1,2})([NFR]))")
"""A punt cell: TB, or yards (two digits at most) and how the ball ends: N, F or R."""


def across(row: Row, roll: int) -> str | None:
    """D20-3: the first column whose number is >= the roll; None beyond the last (OTHER)."""
    for top, result in row:
        if roll <= top:
            return result
    return None


def down(column: Sequence[int], roll: int) -> int:
    """D20-2: index of the first row whose number is >= the roll (the last row beyond)."""
    for i, top in enumerate(column):
        if roll <= top:
            return i
    return len(column) - 1


# -- the team chart --------------------------------------------------------------------------

def _row(d: dict[str, int]) -> Row:
    return tuple((top, key) for key, top in d.items())


class Player:
    """One named line of a chart section, with its rows ready for lookups."""

    __slots__ = ("brk", "fumble", "lpy", "name", "rows")

    def __init__(self, name: str, rows: dict[str, Row], fumble: int = 0, brk: int = 1,
                 lpy: int = 1) -> None:
        self.name = name
        self.rows = rows
        self.fumble = fumble
        self.brk = brk
        self.lpy = lpy


class Returners:
    __slots__ = ("blue", "fc", "fumble", "names", "returns")

    def __init__(self, rows: list[Returner]) -> None:
        self.names = tuple(r.name for r in rows)
        self.blue = tuple(r.blue for r in rows)
        self.fc = tuple(r.FC for r in rows)
        self.fumble = tuple(r.fumble for r in rows)
        self.returns = tuple(tuple(r.returns) for r in rows)


class PuntCell:
    __slots__ = ("code", "value")

    def __init__(self, text: str) -> None:
        m = PUNT_CELL.fullmatch(text)
        assert m is not None
        self.code = "TB" if m.group(1) == "TB" else m.group(3)
        self.value = 0 if self.code == "TB" else int(m.group(2))


class TeamChart:
    """A validated team chart, arranged for the procedure's lookups."""

    __slots__ = (
        "code",
        "data",
        "def_adjust",
        "def_adjust_rz",
        "field_goal",
        "fum_adjust",
        "fum_def_rec",
        "fum_off_lost",
        "kick_ret",
        "kicker",
        "kickoff",
        "name",
        "pass_defenders",
        "pass_modifier",
        "pen_def",
        "pen_off",
        "play_calling",
        "punt_block",
        "punt_opp",
        "punt_own",
        "punt_ret",
        "punt_return_block",
        "punter",
        "qb",
        "qb_depth",
        "qb_int",
        "qb_scramble",
        "qb_snap_fumble",
        "rec_black",
        "rec_blue",
        "rec_header",
        "rec_out",
        "receivers",
        "replay",
        "ret_rating",
        "ret_rating_of",
        "run_blue",
        "run_defenders",
        "runner_black",
        "runner_blue",
        "runner_header",
        "runners",
        "season",
        "source",
        "who_pass",
        "who_run",
    )

    def __init__(self, m: TeamChartFile, data: dict[str, Any], source: str) -> None:
        self.data = data
        self.source = source
        self.name = m.team.name
        self.code = m.team.code
        self.season = m.team.season
        q = m.qb
        self.qb = Player(q.name, {f"{d}.{w}": _row(getattr(getattr(q, d), w))
                                  for d in DEPTHS for w in ("PRE", "DEF", "OTHER")}, q.fumble)
        self.qb_depth = _row(q.depth)
        self.qb_int = {d: getattr(q, d).INT for d in DEPTHS}
        self.qb_scramble = _row(q.scramble)
        self.qb_snap_fumble = q.snap_fumble
        self.runner_header = m.runners.header
        self.runners = tuple(Player(r.name, {"BACK": _row(r.BACK), "LOS": _row(r.LOS),
                                             "HOLE": _row(r.HOLE)}, r.fumble, brk=r.BRK)
                             for r in m.runners.player)
        self.runner_blue = tuple(r.blue for r in m.runners.player)
        self.runner_black = tuple(r.black for r in m.runners.player)
        rp = m.receivers.player
        self.rec_header = dict(m.receivers.header)
        self.receivers = tuple(Player(r.name, {d: _row(getattr(r, d)) for d in DEPTHS},
                                      r.fumble, lpy=r.LPY) for r in rp)
        self.rec_blue = {d: tuple(r.blue[d] for r in rp) for d in DEPTHS}
        self.rec_black = {d: tuple(r.black[d] for r in rp) for d in DEPTHS}
        self.rec_out = tuple(r.OUT for r in rp)
        k = m.kicking
        self.kicker, self.punter = k.kicker, k.punter
        self.kick_ret = Returners(m.kick_return)
        self.punt_ret = Returners(m.punt_return)
        self.ret_rating = k.RET
        self.kickoff = tuple(k.kickoff)
        self.field_goal = tuple(k.field_goal)
        self.punt_block, self.punt_return_block = k.punt_block, k.punt_return_block
        self.punt_own = tuple(PuntCell(c) for c in k.punt_own)
        self.punt_opp = tuple(PuntCell(c) for c in k.punt_opp)
        pc = m.play_calling
        self.play_calling = {row: tuple(cells) for row, cells in pc.rows.items()}
        self.def_adjust, self.def_adjust_rz = pc.def_adjust, pc.def_adjust_rz
        self.pen_off = {row: frozenset(m.penalty_ranges.offense.get(row, ())) for row in PENALTY_ROWS}
        self.pen_def = {row: frozenset(m.penalty_ranges.defense.get(row, ())) for row in PENALTY_ROWS}
        f = m.fumbles
        self.fum_off_lost = (f.off_lost[0], f.off_lost[1])
        self.fum_def_rec = (f.def_rec[0], f.def_rec[1])
        self.fum_adjust = f.def_adjust
        dfn = m.defense
        self.pass_modifier = dfn.pass_modifier
        self.run_defenders = tuple(Player(d.name, {"WHAT": _row(d.WHAT)}) for d in dfn.run)
        self.pass_defenders = tuple(Player(d.name, {"WHAT": _row(d.WHAT)}, brk=d.INT)
                                    for d in dfn.pass_)
        self.who_run = {a: tuple(d.who[a] for d in dfn.run) for a in ALIGNMENTS}
        self.who_pass = {a: tuple(d.who[a] for d in dfn.pass_) for a in ALIGNMENTS}
        self.run_blue = tuple(d.blue for d in dfn.run)
        self.ret_rating_of = {d.name: d.ret for d in dfn.run}
        self.replay = m.replay if m.replay is not None and any(
            m.replay.model_dump().values()) else None
        """The replay ratings, or None when the chart has none that is not 0 (the book)."""

    def int_rating(self, index: int) -> int:
        """The INT rating of the pass defender at `index` (kept in `Player.brk`)."""
        return self.pass_defenders[index].brk


# -- the game charts -------------------------------------------------------------------------

class Penalty:
    __slots__ = ("code", "name", "timeout", "yards")

    def __init__(self, line: PenaltyLine) -> None:
        self.name = line.name
        self.yards = line.yards
        self.code = line.code
        self.timeout = line.timeout


class GameCharts:
    """The shared charts: yardage (column x black), interception and fumble returns, penalties."""

    __slots__ = ("fumble_no", "fumble_return", "interception", "penalties", "source",
                 "yardage", "yardage_f")

    def __init__(self, m: GameChartsFile, source: str) -> None:
        self.source = source
        self.yardage = {c: tuple(int(str(x).rstrip("f")) for x in cells)
                        for c, cells in m.yardage.items()}
        self.yardage_f = {c: tuple(str(x).endswith("f") for x in cells)
                          for c, cells in m.yardage.items()}
        self.interception = {int(k): tuple(v) for k, v in m.interception_return.items()}
        self.fumble_no = m.fumble_return.no
        self.fumble_return = tuple(m.fumble_return.length)
        self.penalties = {side: {row: tuple((ln.upto, Penalty(ln)) for ln in lines)
                                 for row, lines in rows.items()}
                          for side, rows in m.penalties.items()}

    def yards(self, column: str, black: int) -> int:
        return self.yardage[column][black - 1]

    def penalty(self, side: str, row: str, yellow: int) -> Penalty:
        for upto, pen in self.penalties[side][row]:
            if yellow <= upto:
                return pen
        raise AssertionError("validated charts reach 20")

