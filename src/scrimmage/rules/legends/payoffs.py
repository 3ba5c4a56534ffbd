"""The payoff of every Legends call pair in the current situation (issue 20).

A play call is a zero-sum game (FNL-25: each coach picks a card unseen). Its payoff for a pair
of cards is what the snap is worth to the offense, averaged exactly over its chances:

1. the rows each die may read, from the checkoff's own rule (`call_matrix.cell_chances`);
2. what the two cells read resolve to, by the rules' own `bigplays.resolve` run once for
   every sequence of chart faces (`call_matrix.cell_outcomes`);
3. each result's value: the win probability (or expected points) of the snap it leads to,
   read from the ruleset's EP/WP tables (`scrimmage.analytics`).

The penalty roll (FNL-31) is the same d20 whatever the calls: its fouls, audibles, out of
bounds and SPECIAL faces are left out, so a payoff is the snap's value given a plain roll.
The clock runs the book's seconds for the result (the `[timing]` table) and nothing else.

Step 2 costs up to seconds for a Big Play beside another Big Play, and depends only on the two
sheets, the side with the ball and the cells, so `SnapOutcomes` keeps it for the game: a Big
Play beside a number resolves as the Big Play alone (FNL-41), so there are only a few Big Play
classes a possession, enumerated once.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any, Final, NamedTuple

from scrimmage.analytics.position import clock_left
from scrimmage.analytics.situation import Situation
from scrimmage.analytics.tables import Tables
from scrimmage.core.field import Side
from scrimmage.core.payoffs import Payoffs, flat
from scrimmage.core.sides import AWAY, HOME
from scrimmage.rules.legends.call_matrix import (
    Result,
    cell_outcomes,
    model_game,
    row_counts,
)
from scrimmage.rules.legends.cards import BP_DEF, BP_OFF, DEF_SETS, OFF_SETS
from scrimmage.rules.legends.game import LegendsGame
from scrimmage.rules.legends.scrimmage_play import DEF_DIE, OFF_DIE
from scrimmage.rules.legends.sheets import Team
from scrimmage.rules.legends.state import GameState


class Net(NamedTuple):
    """Where a result leaves the ball: a gain (`yards` from the line, an incompletion being
    a gain of 0 that stops the clock), a touchdown, a turnover with the ball `yards` from the
    line after the return, or a turnover returned for a touchdown."""

    kind: str          # "gain", "incomplete", "td", "turnover", "return_td"
    yards: int = 0


def net_of(r: Result) -> Net:
    if r.turnover is not None:
        return Net("return_td") if r.return_td else Net("turnover", r.yards - r.return_yards)
    if r.td:
        return Net("td")
    if r.incomplete:
        return Net("incomplete")
    return Net("gain", r.yards)


Spread = tuple[tuple[Net, float], ...]


class SnapOutcomes:
    """The nets of every cell pair two sheets can read, enumerated on first use and kept
    (per side with the ball: the Big Play (DEF) guards and tables depend on which team has
    it). The nets depend only on the rules, the charts and the two sheets, so games between
    the same two teams share them (`shared`)."""

    def __init__(self) -> None:
        self._spreads: dict[tuple[Side, object, object, bool, int], Spread] = {}
        self._model: LegendsGame | None = None

    def spread(self, state: GameState, oc: int, dc: int, run: bool, sos: int) -> Spread:
        big = oc in (BP_OFF, BP_DEF) or dc in (BP_OFF, BP_DEF)
        # FNL-41: a Big Play overrides a number or an INC beside it, and sos only adds to
        # numbers, so every such pair is one class.
        key = ((state.possession, oc if oc in (BP_OFF, BP_DEF) else None,
                dc if dc in (BP_OFF, BP_DEF) else None, run, 0) if big
               else (state.possession, oc, dc, run, sos))
        found = self._spreads.get(key)
        if found is None:
            model = self._model
            if model is None or model.s is not state:
                model = self._model = model_game(state)
            nets: dict[Net, float] = {}
            for result, p in cell_outcomes(model, oc, dc, run, sos).items():
                net = net_of(result)
                nets[net] = nets.get(net, 0.0) + float(p)
            found = self._spreads[key] = tuple(nets.items())
        return found

    def __len__(self) -> int:
        return len(self._spreads)

    def to_json(self) -> list[list[Any]]:
        """Every spread kept, as JSON (`coaches/payoff_cache.py` keeps them on disk)."""
        return [[side.name, oc, dc, run, sos, [[n.kind, n.yards, p] for n, p in spread]]
                for (side, oc, dc, run, sos), spread in self._spreads.items()]

    def absorb(self, data: list[list[Any]]) -> None:
        """Spreads read back from `to_json`."""
        for side, oc, dc, run, sos, spread in data:
            self._spreads.setdefault((Side[side], oc, dc, bool(run), int(sos)),
                                     tuple((Net(k, int(y)), float(p)) for k, y, p in spread))


SHARED_GAMES: Final = 8
"""Pairs of sheets whose outcomes a process keeps (a batch plays one pair again and again)."""
_shared: Final[dict[str, SnapOutcomes]] = {}
_last_key: tuple[GameState | None, str] = (None, "")


def shared_key(state: GameState) -> str:
    """What a game's outcomes depend on: its rules, charts and the two sheets (by what the
    sheets say, so two loads of one sheet are one key)."""
    global _last_key
    if _last_key[0] is not state:
        home, away = state.teams[HOME].team, state.teams[AWAY].team
        _last_key = (state, repr((state.rules, state.x, _sheet(home), _sheet(away))))
    return _last_key[1]


def _sheet(team: Team) -> str:
    text = json.dumps(team.data, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def shared(state: GameState) -> SnapOutcomes:
    """The outcomes for this game's rules, charts and sheets, kept for the process: keyed by
    what they are, so two games between the same sheets share them however they were
    loaded."""
    key = shared_key(state)
    found = _shared.get(key)
    if found is None:
        if len(_shared) >= SHARED_GAMES:
            del _shared[next(iter(_shared))]
        found = _shared[key] = SnapOutcomes()
    return found


class Valuer:
    """The value to the offense of the snap a result leads to, from the EP/WP tables."""

    def __init__(self, state: GameState, tables: Tables, unit: str) -> None:
        self.s, self.tables, self.unit = state, tables, unit
        c = state.clock
        self.overtime = c.quarter > 4
        self.half_left, self.game_left = clock_left(c.quarter, c.seconds_left,
                                                    state.rules.quarter_minutes * 60)
        off, dfn = state.offense, state.defense
        self.margin = state.score[off.side] - state.score[dfn.side]
        self.timeouts = (off.timeouts, dfn.timeouts)
        self.timing = state.rules.timing
        self.make_xp = min(1.0, max(0.0, tables.tries["xp"]))
        self._memo: dict[Net, float] = {}

    def now(self) -> float:
        s = self.s
        return self._scrimmage(0, self.margin, s.yardline, s.down, s.ydstogo)

    def of(self, net: Net) -> float:
        found = self._memo.get(net)
        if found is None:
            found = self._memo[net] = self._value(net)
        return found

    def _value(self, net: Net) -> float:
        s, t = self.s, self.timing
        if net.kind == "td":
            return self._touchdown(t["short"], ours=True)
        if net.kind == "return_td":
            return self._touchdown(t["short"], ours=False)
        if net.kind == "turnover":
            return self._theirs(100 - (s.yardline - net.yards), t["short"])
        gain = net.yards
        to = s.yardline - gain
        if to <= 0:
            return self._touchdown(t["short"], ours=True)
        if to >= 100:      # a safety: two points, then a free kick to the other team
            return self._kickoff_to_them(self.margin - 2, t["play"])
        if net.kind == "incomplete":
            seconds = t["short"]
        else:
            seconds = t["first_down"] if gain >= s.ydstogo else t["play"]
        if gain >= s.ydstogo:
            return self._scrimmage(seconds, self.margin, to, 1, min(10, to))
        if s.down >= 4:
            return self._theirs(100 - to, seconds)
        return self._scrimmage(seconds, self.margin, to, s.down + 1, s.ydstogo - gain)

    # -- table reads ------------------------------------------------------------------------
    def _situation(self, seconds: int, margin: int, yardline: int, down: int, togo: int,
                   ours: bool, kind: str = "scrimmage") -> Situation:
        pos, dfn = self.timeouts if ours else self.timeouts[::-1]
        return Situation(score_differential=margin,
                         half_seconds_remaining=max(0, self.half_left - seconds),
                         game_seconds_remaining=max(0, self.game_left - seconds),
                         yardline_100=min(99, max(1, yardline)), down=down,
                         ydstogo=max(1, togo), posteam_timeouts=pos, defteam_timeouts=dfn,
                         overtime=self.overtime, kind=kind)

    def _read(self, s: Situation) -> float:
        return self.tables.ep(s) if self.unit == "ep" else self.tables.wp(s)

    def _flip(self, v: float) -> float:
        """The other team's value, as the offense's."""
        return -v if self.unit == "ep" else 1.0 - v

    def _scrimmage(self, seconds: int, margin: int, yardline: int, down: int,
                   togo: int) -> float:
        return self._read(self._situation(seconds, margin, yardline, down, togo, True))

    def _theirs(self, yardline: int, seconds: int) -> float:
        """The other team's first down at `yardline` (its own distance to go)."""
        return self._flip(self._read(self._situation(seconds, -self.margin, yardline, 1,
                                                     min(10, yardline), False)))

    def _kickoff_to_them(self, margin: int, seconds: int) -> float:
        return self._flip(self._read(self._situation(seconds, -margin, 75, 1, 10, False,
                                                     "kickoff")))

    def _touchdown(self, seconds: int, ours: bool) -> float:
        """Six points for the offense (`ours`) or for the defense, then the try and the
        kickoff: in EP the touchdown and the try's mean, in WP the tables' own try read."""
        if self.unit == "ep":
            points = 6.0 + self.make_xp
            return points if ours else -points
        scorer_margin = (self.margin if ours else -self.margin) + 6
        wp = self.tables.wp(self._situation(seconds, scorer_margin, 3, 1, 3, ours,
                                            "extra_point"))
        return wp if ours else 1.0 - wp


def legal_cards(state: GameState, two_point: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cards each side may call now (FNL-28, FNL-50, FNL-61)."""
    from scrimmage.rules.legends.scrimmage_play import call_options

    late = state.down >= 3
    mode = state.rules.exhausted
    offense, _ = call_options(state.offense.off_checkoff, OFF_SETS, late, mode, two_point)
    defense, _ = call_options(state.defense.def_checkoff, DEF_SETS, late, mode, two_point)
    return offense, defense


CellMemo = dict[tuple[int, int, bool, int], float]


def cell_values(state: GameState, outcomes: SnapOutcomes, value: Callable[[Net], float],
                off_set: int, def_set: int, two_point: bool, memo: CellMemo) -> float:
    """The expected value of one call pair: rows x cells x chart faces (steps 1-3). `memo`
    keeps each pair of cells' value for the snap (the call pairs share most cells)."""
    off, dfn = state.offense, state.defense
    run = off_set < 3
    sos = state.sos_adj[off.side][0 if run else 1]
    offense = off.team.offense[off_set]
    defense = dfn.team.defense[def_set]
    def_rows = [(defense[row - 1][off_set], n)
                for row, n in row_counts(dfn.def_checkoff, def_set, DEF_DIE, two_point).items()]
    total = 0.0
    for off_row, n_off in row_counts(off.off_checkoff, off_set, OFF_DIE, two_point).items():
        oc = offense[off_row - 1][def_set]
        for dc, n_def in def_rows:
            key = (oc, dc, run, sos)
            v = memo.get(key)
            if v is None:
                v = memo[key] = sum(p * value(net) for net, p in
                                    outcomes.spread(state, oc, dc, run, sos))
            total += n_off * n_def * v
    return total / (OFF_DIE * DEF_DIE)


def payoffs(state: GameState, outcomes: SnapOutcomes, tables: Tables,
            two_point: bool = False) -> Payoffs:
    """The payoff matrix of the snap about to be called (legal cards only): a two-point
    try's in points; a snap's in win probability, or in expected points when the win
    probability is flat."""
    offense, defense = legal_cards(state, two_point)

    def matrix(value: Callable[[Net], float]) -> tuple[tuple[float, ...], ...]:
        memo: CellMemo = {}
        return tuple(tuple(cell_values(state, outcomes, value, OFF_SETS.index(o),
                                       DEF_SETS.index(d), two_point, memo) for d in defense)
                     for o in offense)

    if two_point:
        return Payoffs(offense, defense, matrix(_try_value(state)), "points", 0.0)
    wp = Valuer(state, tables, "wp")
    values = matrix(wp.of)
    if not flat(v for row in values for v in row):
        return Payoffs(offense, defense, values, "wp", wp.now())
    ep = Valuer(state, tables, "ep")
    return Payoffs(offense, defense, matrix(ep.of), "ep", ep.now())


def _try_value(state: GameState) -> Callable[[Net], float]:
    """A two-point try (FNL-61) is worth 2 points if the gain reaches the goal line."""
    def value(net: Net) -> float:
        if net.kind == "td" or (net.kind == "gain" and net.yards >= state.yardline):
            return 2.0
        return 0.0
    return value
