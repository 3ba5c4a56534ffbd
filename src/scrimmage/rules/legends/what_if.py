"""What a choice leads to, by the rules' own code on a copy of the game (issue 20).

A coach comparing a punt with a field goal needs each choice's outcome distribution. The
kicking rules are long (FNL-62..72: penalty roll, blocks, distance, returns, fair catches), so
they are not restated: the step itself is run on a fresh copy of the game, and the questions
inside it are answered as the rulebook solitaire coach would. Each copy's position after the
step is valued on the ruleset's EP/WP tables (`position_value`): a kickoff, a try or a snap,
from the coach's side.

`outcomes` runs the step once for every sequence of faces (`core.enumeration`), with the chart
reads grouped into their distinct cells: exact, for a step whose dice are few. A kick is not
such a step: its penalty roll may call a foul, whose accepted penalty kicks again with a new
penalty roll, so its tree passes 50,000 sequences. `sampled` plays it `budget` times instead,
on dice seeded by the coach's own dice, so a game still replays bit for bit.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from scrimmage.analytics.situation import Situation
from scrimmage.analytics.tables import Tables
from scrimmage.core.decisions import Decision
from scrimmage.core.dice import Dice
from scrimmage.core.enumeration import TreeDice, enumerate_outcomes
from scrimmage.core.field import Side
from scrimmage.rules.legends.call_matrix import group_chart_reads
from scrimmage.rules.legends.game import (
    FREE_KICK,
    KICKOFF,
    SCRIMMAGE,
    TRY,
    Flow,
    LegendsGame,
)
from scrimmage.rules.legends.state import GameState
from scrimmage.rules.narration import DiceReads

LIMIT = 50_000
"""Dice sequences a choice may take before the enumeration gives up (a kick takes hundreds)."""


def shell_game(state: GameState) -> LegendsGame:
    """A game around a live state between two plays of regulation, the next step a snap:
    what a coach, who sees the table but not the game, copies to try a choice on. Not for
    overtime series (their order lives in the game, not the state)."""
    g = LegendsGame(state.teams[Side.HOME].team, state.teams[Side.AWAY].team, TreeDice(),
                    state.rules, state.x, narrate=False)
    g.s = state
    g.next = SCRIMMAGE
    g.kicker = state.possession
    return g


def copy_game(g: LegendsGame) -> LegendsGame:
    """A copy to play a step on: the state and the game's flags copied, the sheets, rules and
    charts shared (nothing changes them), the play list empty."""
    s = g.s
    memo: dict[int, Any] = {id(t.team): t.team for t in s.teams.values()}
    memo.update({id(g.rules): g.rules, id(g.x): g.x, id(s.plays): [], id(g.dice): g.dice})
    return copy.deepcopy(g, memo)


def outcomes(g: LegendsGame, step: Callable[[LegendsGame], Flow],
             answer: Callable[[Decision, LegendsGame], str],
             value: Callable[[LegendsGame], float]) -> list[tuple[Fraction, float]]:
    """`value` of the game after `step`, for every sequence of faces, with its chance."""
    def one(dice: TreeDice) -> float:
        c = copy_game(g)
        c.dice = dice
        c.reads = DiceReads(dice, False)
        group_chart_reads(c)
        _play(step(c), answer, c)
        return value(c)

    return enumerate_outcomes(one, LIMIT)


def sampled(g: LegendsGame, step: Callable[[LegendsGame], Flow],
            answer: Callable[[Decision, LegendsGame], str],
            value: Callable[[LegendsGame], float], dice: Dice, budget: int) -> float:
    """The mean `value` after `step` over `budget` plays of it on `dice`."""
    total = 0.0
    for _ in range(budget):
        c = copy_game(g)
        c.dice = dice
        c.reads = DiceReads(dice, False)
        _play(step(c), answer, c)
        total += value(c)
    return total / budget


def _play(flow: Flow, answer: Callable[[Decision, LegendsGame], str], c: LegendsGame) -> None:
    try:
        decision = next(flow)
        while True:
            decision = flow.send(answer(decision, c))
    except StopIteration:
        pass


def expected(pairs: list[tuple[Fraction, float]]) -> float:
    return sum(float(p) * v for p, v in pairs)


def clock_left(state: GameState) -> tuple[int, int, bool]:
    """Seconds left in the half and in the game, and whether it is overtime."""
    c = state.clock
    q_len = state.rules.quarter_minutes * 60
    if c.quarter > 4:
        return c.seconds_left, 0, True
    half = ((2 if c.quarter <= 2 else 4) - c.quarter) * q_len + c.seconds_left
    return half, (4 - c.quarter) * q_len + c.seconds_left, False


def position_value(g: LegendsGame, side: Side, tables: Tables, unit: str = "wp") -> float:
    """The value to `side` of the game as it stands between two plays: its win probability
    (a tie counts half), or its expected points of the next score (`unit` "ep")."""
    s = g.s
    margin = s.score[side] - s.score[side.other]
    if s.over:
        if unit == "ep":
            return 0.0
        return 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5
    half, game, overtime = clock_left(s)
    if g.next in (KICKOFF, FREE_KICK):
        ball, kind, yardline, down, togo = g.kicker.other, "kickoff", 75, 1, 10
    elif g.next == TRY:
        ball, kind, yardline, down, togo = s.possession, "extra_point", 3, 1, 3
    else:
        ball, kind = s.possession, "scrimmage"
        yardline, down, togo = s.yardline, s.down, min(s.ydstogo, s.yardline)
    own = ball is side
    sit = Situation(score_differential=margin if own else -margin,
                    half_seconds_remaining=half, game_seconds_remaining=game,
                    yardline_100=min(99, max(1, yardline)), down=down, ydstogo=max(1, togo),
                    posteam_timeouts=s.teams[ball].timeouts,
                    defteam_timeouts=s.teams[ball.other].timeouts,
                    overtime=overtime, kind=kind)
    v = tables.ep(sit) if unit == "ep" else tables.wp(sit)
    if own:
        return v
    return -v if unit == "ep" else 1.0 - v
