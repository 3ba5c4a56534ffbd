"""The payoff of every Grid card pair in the current situation (issue 20).

GRID-19, GRID-20: the offense picks one of its 13 play cards and the defense one of its 20
play-and-key cards, face down, so a down is a 13 x 20 zero-sum game. The payoff of a pair is
what the down is worth to the offense, averaged exactly over the chances, in the order of the
rules (`rules/grid/plays.py`):

1. the d20 with every modifier (GRID-22..26, the rules' own `d20_modifier`) read on the
   offense's card (GRID-27, `tables.result`), and the two yardage dice (GRID-21, the rules'
   own `gain_of`);
2. the first timing card, its suit drawn from the cards not yet flipped (GRID-29): clubs may
   throw an NG or an Inc for a loss (GRID-33, a safety behind the goal line, GRID-47); spades
   an interception on an Inc and a fumble on anything else (GRID-34..36); then the downs
   (GRID-39, GRID-40), the extra cards (GRID-37: the sensible coach's one or two, as the
   equilibrium coach answers in play), a touchdown's one card and extra point (GRID-41,
   GRID-42);
3. where each end leaves the game, read on The Grid's WP tables (`rules/grid/what_if.py`:
   the deck is the clock, and a deck that runs out ends the half).

Left out: hearts (an injury changes a lineup, not the board; the down's value is the
diamonds'), a timeout's re-roll (GRID-28) and timeouts that stop the extra cards (a coach
calls those after seeing the play). The re-roll itself, once the dice are on the table, is
valued the same way by `reroll_values` (the smart coach's answer to it).

The defense's card changes only the d20's modifier, so each offense card's value of every
result is computed once and each pair adds up twenty faces of the d20 against it.
`tests/grid/test_grid_equilibrium.py` plays the rules' own down on copies of the game for every
sequence of dice and cards and finds the same values.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from typing import Final, NamedTuple

from scrimmage.analytics.position import Position, position_value
from scrimmage.analytics.tables import Tables
from scrimmage.core.field import Side
from scrimmage.core.payoffs import Payoffs, flat
from scrimmage.core.sides import AWAY, HOME
from scrimmage.rules.grid.cards import (
    DEFENSE_CARDS,
    INTERCEPTION_BOXES,
    SLOT_OF_CARRIER,
    is_run,
    offense_options,
    split_card,
)
from scrimmage.rules.grid.deck import CLUBS, SPADES, suit
from scrimmage.rules.grid.game import GridGame
from scrimmage.rules.grid.kicking import KICKER_SLOTS
from scrimmage.rules.grid.plays import d20_modifier, gain_of
from scrimmage.rules.grid.results import INC, NG
from scrimmage.rules.grid.track import BOXES, FIRST_DOWN_BOXES
from scrimmage.rules.grid.what_if import position_after

D20: Final = 20
RETURN_DIE: Final = 6
"""GRID-35: an interception is returned the lower of two d6 (boxes)."""
RECOVERED_BY_DEFENSE: Final = (D20 * (D20 - 1) / 2) / D20**2
"""GRID-36: each side rolls a d20 and the defense recovers on a higher roll (190 in 400)."""
TOUCHBACK_BALL: Final = BOXES - 4
"""GRID-35: an interception in the end zone gives the defense the ball on its own 20."""


class End(NamedTuple):
    """Where a down leaves the board: the next step ("scrimmage" or "kickoff" by `kicker`),
    the team with the ball, its box, down and marker, the score (home, away) and the cards
    flipped."""

    nxt: str
    kicker: Side
    possession: Side
    ball: int
    down: int
    marker: int
    score: tuple[int, int]
    cards: int


@cache
def _min_of(a: int, b: int) -> dict[int, float]:
    """The lower of a dA and a dB (kept: the same few dice every down; read, never changed)."""
    out: dict[int, float] = defaultdict(float)
    for x in range(1, a + 1):
        for y in range(1, b + 1):
            out[min(x, y)] += 1 / (a * b)
    return dict(out)


class DownModel:
    """The ends of a down from `g`'s board, for an offense card and a result (step 2)."""

    def __init__(self, g: GridGame) -> None:
        self.g = g
        self.off = g.possession
        self.dfn = g.possession.other
        self.suits = g.clock.deck.next_chances(suit)
        self.lineup = g.teams[self.off].lineup
        self.score = g.score[HOME], g.score[AWAY]
        self._afters: dict[tuple[str, int, int, bool, bool, int], dict[End, float]] = {}
        """`_after` by what it reads of the result (a miss, an incompletion) and the gain:
        many results and dice come to the same yards."""

    def kept(self, off_call: str, result: int, a: int, b: int) -> dict[End, float]:
        """The ends of a result whose yardage dice are already on the table (GRID-28's
        "keep")."""
        play, carrier = split_card(off_call)
        runner = self.lineup[SLOT_OF_CARRIER[carrier]]
        return self._after(play, is_run(play), runner.fumble, runner.kicking, result,
                           gain_of(result, a, b))

    def ends(self, off_call: str, result: int) -> dict[End, float]:
        play, carrier = split_card(off_call)
        run = is_run(play)
        lu = self.lineup
        runner = lu[SLOT_OF_CARRIER[carrier]]
        dice = (runner.run_yards, lu.run_block_die) if run else (lu["QB"].pass_yards,
                                                                runner.pass_yards)
        out: dict[End, float] = defaultdict(float)
        for low, p in _min_of(*dice).items():
            gain = gain_of(result, low, low)
            for end, q in self._after(play, run, runner.fumble, runner.kicking, result,
                                      gain).items():
                out[end] += p * q
        return out

    def _after(self, play: str, run: bool, fumble_die: int, kicking: int, result: int,
               gain: int) -> dict[End, float]:
        missed = (run and result == NG) or (not run and result == INC)
        incomplete = not run and result == INC
        key = (play, fumble_die, kicking, missed, incomplete, gain)
        found = self._afters.get(key)
        if found is None:
            found = self._afters[key] = self._after_read(play, run, fumble_die, kicking,
                                                         missed, incomplete, gain)
        return found

    def _after_read(self, play: str, run: bool, fumble_die: int, kicking: int, missed: bool,
                    incomplete: bool, gain: int) -> dict[End, float]:
        g, off, dfn = self.g, self.off, self.dfn
        los = g.ball
        spot = los - gain
        out: dict[End, float] = defaultdict(float)
        if spot <= 0:                                                  # GRID-41
            return self._touchdown(off, kicking, cards=1)
        for s, ps in (self.suits.items() or [(None, 1.0)]):
            if s == CLUBS and missed:                                  # GRID-33
                die = self.lineup.run_block_die if run else self.lineup.pass_block_die
                lost = los + (1 if run else 2)
                if lost >= BOXES:                                      # GRID-47
                    out[self._safety(off)] += ps / die
                else:
                    self._downs(out, ps / die, lost)
                self._downs(out, ps * (1 - 1 / die), spot)
            elif s == SPADES and incomplete:                           # GRID-34, GRID-35
                qb = self.lineup["QB"].interception
                for end, q in self._interception(play, los).items():
                    out[end] += ps / qb * q
                self._downs(out, ps * (1 - 1 / qb), spot)
            elif s == SPADES:                                          # GRID-34, GRID-36
                fumbled = ps / fumble_die * RECOVERED_BY_DEFENSE
                out[self._first_down(dfn, BOXES - spot)] += fumbled
                self._downs(out, ps - fumbled, spot)
            else:
                self._downs(out, ps, spot)
        return out

    def _downs(self, out: dict[End, float], p: float, spot: int) -> None:
        """GRID-39, GRID-40, then GRID-37's extra cards (the sensible coach's count)."""
        g, off = self.g, self.off
        if spot <= g.marker:
            down, marker = 1, spot - FIRST_DOWN_BOXES
        elif g.down == 4:
            out[self._first_down(self.dfn, BOXES - spot)] += p
            return
        else:
            down, marker = g.down + 1, g.marker
        extra = 2 if g.score[off] > g.score[self.dfn] else 1
        out[End("scrimmage", g.kicker, off, spot, down, marker, self._score(), 1 + extra)] += p

    def _interception(self, play: str, los: int) -> dict[End, float]:
        """GRID-35: caught `INTERCEPTION_BOXES` past the line, returned the lower of two d6."""
        dfn = self.dfn
        spot = los - INTERCEPTION_BOXES[play]
        if spot <= 0:
            return {self._first_down(dfn, TOUCHBACK_BALL): 1.0}
        out: dict[End, float] = defaultdict(float)
        for back, p in _min_of(RETURN_DIE, RETURN_DIE).items():
            ball = (BOXES - spot) - back
            if ball <= 0:
                best = max(self.g.teams[dfn].lineup[s].kicking for s in KICKER_SLOTS)
                for end, q in self._touchdown(dfn, best, cards=1).items():
                    out[end] += p * q
            else:
                out[self._first_down(dfn, ball)] += p
        return out

    # -- ends --------------------------------------------------------------------------------
    def _score(self, side: Side | None = None, points: int = 0) -> tuple[int, int]:
        home, away = self.score
        if side is HOME:
            return home + points, away
        if side is AWAY:
            return home, away + points
        return self.score

    def _first_down(self, side: Side, ball: int, cards: int = 1) -> End:
        return End("scrimmage", self.g.kicker, side, ball, 1, ball - FIRST_DOWN_BOXES,
                   self._score(), cards)

    def _touchdown(self, side: Side, kicking: int, cards: int) -> dict[End, float]:
        """GRID-41..43: six points, the extra point on the scorer's kicking die (a 1 fails),
        then the scoring team kicks off."""
        miss = 1 / kicking
        kick = ("kickoff", side, side.other, 6, 1, 2)
        return {End(*kick, self._score(side, 7), cards): 1 - miss,
                End(*kick, self._score(side, 6), cards): miss}

    def _safety(self, scored_on: Side) -> End:
        return End("kickoff", scored_on, scored_on.other, 6, 1, 2,
                   self._score(scored_on.other, 2), 1)


def end_position(g: GridGame, end: End) -> Position:
    """The `Position` an end leaves the game in (the deck being the clock)."""
    return position_after(g, end.cards, end.nxt, end.kicker, end.possession, end.ball,
                          end.down, end.marker, {HOME: end.score[0], AWAY: end.score[1]})


def _worth(g: GridGame, tables: Tables, side: Side, unit: str,
           ends: dict[End, float]) -> float:
    """The mean value of `ends` for `side` on the tables."""
    return sum(p * position_value(tables, end_position(g, end), side, unit)
               for end, p in ends.items())


def reroll_values(g: GridGame, tables: Tables, side: Side, off_call: str, def_call: str,
                  result: int, dice: tuple[int, int]) -> tuple[float, float, str]:
    """GRID-28: what the down is worth to `side` (the coach whose timeout earned the re-roll)
    keeping the `result` and yardage `dice` on the table, and rolling the play dice again
    (the d20 with the same modifier, both yardage dice), exact over the dice and the first
    timing card; in win probability, or in expected points where the two are within
    `FLAT_WP`."""
    model = DownModel(g)
    keep = model.kept(off_call, result, *dice)
    again: dict[End, float] = defaultdict(float)
    mod = d20_modifier(g, off_call, def_call)[0]
    for face in range(1, D20 + 1):
        for end, p in model.ends(off_call, g.tables.result(off_call, face + mod)).items():
            again[end] += p / D20
    unit = "wp"
    k, r = _worth(g, tables, side, unit, keep), _worth(g, tables, side, unit, again)
    if flat((k, r)):
        unit = "ep"
        k, r = _worth(g, tables, side, unit, keep), _worth(g, tables, side, unit, again)
    return k, r, unit


def payoffs(g: GridGame, tables: Tables) -> Payoffs:
    """The matrix of the down about to be called (legal cards only, GRID-19), in win
    probability for the offense, or in expected points when no pair moves it by `FLAT_WP`."""
    model = DownModel(g)
    off = g.possession
    offense, _ = offense_options(g.ball)
    results: dict[str, dict[int, dict[End, float]]] = {o: {} for o in offense}

    read: dict[tuple[str, int], dict[int, float]] = {}

    def chances(o: str, d: str) -> dict[int, float]:
        """The results of the d20 (GRID-20) for a pair: the defense card only moves the
        modifier, so each (card, modifier) is read once."""
        mod = d20_modifier(g, o, d)[0]
        out = read.get((o, mod))
        if out is None:
            out = read[(o, mod)] = defaultdict(float)
            for face in range(1, D20 + 1):
                out[g.tables.result(o, face + mod)] += 1 / D20
        return out

    faces = {(o, d): chances(o, d) for o in offense for d in DEFENSE_CARDS}

    def values(unit: str) -> tuple[tuple[float, ...], ...]:
        memo: dict[End, float] = {}

        def worth(end: End) -> float:
            v = memo.get(end)
            if v is None:
                v = memo[end] = position_value(tables, end_position(g, end), off, unit)
            return v

        by_result: dict[tuple[str, int], float] = {}
        for o in offense:
            for result in {r for d in DEFENSE_CARDS for r in faces[(o, d)]}:
                dist = results[o].get(result)
                if dist is None:
                    dist = results[o][result] = model.ends(o, result)
                by_result[(o, result)] = sum(p * worth(e) for e, p in dist.items())
        return tuple(tuple(sum(p * by_result[(o, r)] for r, p in faces[(o, d)].items())
                           for d in DEFENSE_CARDS) for o in offense)

    rows = values("wp")
    unit = "wp"
    if flat(v for row in rows for v in row):
        rows, unit = values("ep"), "ep"
    from scrimmage.rules.grid.what_if import position

    return Payoffs(offense, DEFENSE_CARDS, rows, unit,
                   position_value(tables, position(g), off, unit))
