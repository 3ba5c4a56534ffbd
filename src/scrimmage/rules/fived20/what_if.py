"""A 5D20 game copied to try a choice on, and where a game stands for the EP/WP tables
(issue 20; the Legends twin is `rules/legends/what_if.py`).

Every chart is public in 5D20 (the seat view holds the whole game), so a coach copies the game
itself: the clock, the score, the ball and the flags are copied; the team charts, the game
charts and the era are shared (nothing changes them) and the play list starts empty. The copy
is written out field by field (`FiveD20Game.copy`, issue 36): a `copy.deepcopy` of the game
cost ten times the copy and more than the step a coach plays on it.
"""

from __future__ import annotations

from scrimmage.analytics.position import Position, between_plays
from scrimmage.core.dice import Dice
from scrimmage.core.fastpath import PassFilter
from scrimmage.core.sides import AWAY, HOME
from scrimmage.rules.fived20.game import FiveD20Game


def copy_game(g: FiveD20Game, dice: Dice, answers: PassFilter | None = None) -> FiveD20Game:
    """A copy of `g` that rolls `dice` and narrates nothing (`FiveD20Game.copy`). The live
    game's pass filters (its coaches and the driver's log) stay behind: the copy's optional
    questions are asked, or waved through by `answers` for both sides."""
    c = g.copy(dice)
    if answers is not None:
        c.use_pass_filters({HOME: answers, AWAY: answers}, [])
    return c


def position(g: FiveD20Game) -> Position:
    """Where the game stands between two plays."""
    return between_plays(g.next, g.kicker, g.possession, g.score, g.clock.quarter,
                         g.clock.seconds_left, g.era.quarter_minutes * 60,
                         {side: t.timeouts for side, t in g.teams.items()},
                         g.yardline, g.down, g.ydstogo, g.overtime > 0, g.over)


def position_key(g: FiveD20Game) -> tuple[object, ...]:
    """What `position` reads that a step may change (the era is the game's): equal keys, equal
    positions, so a coach reads each one's value once (`coaches/sampling.EndValues`)."""
    home, away = g.teams[HOME], g.teams[AWAY]
    return (g.next, g.kicker, g.possession, g.score[HOME], g.score[AWAY],
            g.clock.quarter, g.clock.seconds_left, home.timeouts, away.timeouts, g.yardline,
            g.down, g.ydstogo, g.overtime > 0, g.over)
