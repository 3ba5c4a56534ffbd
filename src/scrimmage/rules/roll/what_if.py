"""A 1st & Roll game copied to try a choice on, and where a game stands for the EP/WP tables
(issue 20; the twins are `rules/legends/what_if.py` and `rules/fived20/what_if.py`).

Every die lies open on the table, so a coach copies the game itself: the state (ball, clock
marker, score, timeouts) is copied; the dice faces and the teams are shared (nothing changes
them) and the play list starts empty. The copy is written out field by field (`RollGame.copy`,
issue 36): a `copy.deepcopy` of the game cost ten times the copy and more than the step a
coach plays on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from scrimmage.analytics.position import Position, between_plays
from scrimmage.core.dice import Dice
from scrimmage.core.fastpath import PassFilter
from scrimmage.core.field import Side
from scrimmage.core.sides import AWAY, HOME, opponent_of
from scrimmage.rules.roll.game import SAFETY_PUNT, RollGame
from scrimmage.rules.roll.state import QUARTER_SECONDS, TIMEOUTS


def copy_game(g: RollGame, dice: Dice, answers: PassFilter | None = None) -> RollGame:
    """A copy of `g` that rolls `dice` and narrates nothing (`RollGame.copy`). The live game's
    pass filters stay behind: the copy's optional questions are asked, or waved through by
    `answers` for both sides."""
    c = g.copy(dice)
    if answers is not None:
        c.use_pass_filters({HOME: answers, AWAY: answers}, [])
    return c


def step_then_check(step: Callable[[RollGame], None]) -> Callable[[RollGame], None]:
    """`step` followed by the game's own end-of-period check (FR-37, FR-38), as the game's
    loop runs it, so a copy's position after a step that ends a half is the next half's."""

    def run(g: RollGame) -> None:
        step(g)
        g.end_of_period_check()

    return run


def position(g: RollGame) -> Position:
    """Where the game stands between two plays (a safety's punt from the 20 reads as a free
    kick: the team scored on gives the ball away)."""
    s = g.s
    nxt = "free_kick" if g.next == SAFETY_PUNT else g.next
    return between_plays(nxt, g.kicker, s.possession, s.score, s.qtr, s.quarter_seconds,
                         QUARTER_SECONDS, dict(s.timeouts), s.yardline, s.down, s.ydstogo,
                         s.period > 2, s.over)


def position_key(g: RollGame) -> tuple[object, ...]:
    """What `position` reads that a step may change (the clock through the marker's space, on
    the game's own track): equal keys, equal positions, so a coach reads each one's value once
    (`coaches/sampling.EndValues`)."""
    s = g.s
    return (g.next, g.kicker, s.possession, s.score[HOME], s.score[AWAY], s.period,
            s.overtime, s.space, s.timeouts[HOME], s.timeouts[AWAY], s.yardline,
            s.down, s.ydstogo, s.over)


def marker_moved(g: RollGame, spaces: int = 1, after: Position | None = None) -> Position:
    """Where the game stands once the clock marker has moved `spaces` more spaces (FR-13),
    from the position `after` a play (by default the game's own): the half's end when that
    reaches its last space (FR-37: the second half's kickoff, three timeouts each; FR-38: the
    final gun, a tie read as over too, since sudden death is about even), except that a try
    to come is played first (AMB-FR-13)."""
    s = g.s
    p = position(g) if after is None else after
    if spaces <= 0:
        return p
    target = s.space + spaces
    if target < g.d.last_space:
        left = s.track[target]
        quarter = (1 if s.period == 1 else 3) + (left <= QUARTER_SECONDS)
        return replace(p, quarter=quarter,
                       seconds_left=left - QUARTER_SECONDS if left > QUARTER_SECONDS else left)
    if p.kind == "extra_point":
        return replace(p, quarter=2 if s.period == 1 else 4, seconds_left=0)
    if s.period == 1:
        kicker = g.first_half_receiver
        return between_plays("kickoff", kicker, opponent_of(kicker), p.score, 3, QUARTER_SECONDS,
                             QUARTER_SECONDS, {side: TIMEOUTS for side in Side}, 75, 1, 10,
                             False, False)
    return replace(p, seconds_left=0, over=True)
