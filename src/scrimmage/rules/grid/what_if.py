"""A Grid game copied to try a choice on, and where a game stands for the EP/WP tables
(issue 20; the twins are `rules/legends/what_if.py`, `rules/fived20/what_if.py` and
`rules/roll/what_if.py`).

Nothing lies hidden between plays in The Grid, so a coach copies the game itself: the board
(ball, marker, score, timeouts, lineups, the timing deck) is copied; the team cards, the
players and the tables are shared (nothing changes them) and the play list starts empty. The
copy is written out field by field (`GridGame.copy`, issue 36): a `copy.deepcopy` of the game
cost twenty times the copy and several times the down a coach plays on it.

The timing deck is the clock (GRID-2): its cards left stand for nominal seconds, as the play
records' `*_seconds_remaining` columns read them, and a half is read as two quarters of 15
minutes for the tables.
"""

from __future__ import annotations

from typing import Final

from scrimmage.analytics.position import Position, between_plays
from scrimmage.core.dice import Dice
from scrimmage.core.fastpath import PassFilter
from scrimmage.core.field import Side
from scrimmage.core.sides import AWAY, HOME, opponent_of
from scrimmage.rules.grid.deck import HALF_SECONDS, OVERTIME_CARDS, OVERTIME_SECONDS
from scrimmage.rules.grid.game import GridGame
from scrimmage.rules.grid.phases import BREAK, KICKOFF
from scrimmage.rules.grid.track import BOX

QUARTER: Final = HALF_SECONDS // 2


def copy_game(g: GridGame, dice: Dice, answers: PassFilter | None = None) -> GridGame:
    """A copy of `g` that rolls `dice` and narrates nothing (`GridGame.copy`). The live
    game's pass filters stay behind: the copy's optional questions are asked, or waved through
    by `answers` for both sides."""
    c = g.copy(dice)
    if answers is not None:
        c.use_pass_filters({HOME: answers, AWAY: answers}, [])
    return c


def seconds_of(cards: int, period: int) -> int:
    """The nominal seconds `cards` cards left stand for in `period` (`TimingClock`)."""
    if period <= 2:
        return cards * HALF_SECONDS // 52
    return cards * OVERTIME_SECONDS // OVERTIME_CARDS


def _quarters(period: int, secs: int) -> tuple[int, int]:
    """(quarter, seconds left in it) of a half read as two quarters; overtime as is."""
    if period > 2:
        return period + 2, secs
    first = 2 * period - 1
    return (first, secs - QUARTER) if secs > QUARTER else (first + 1, secs)


def position(g: GridGame, cards_flipped: int = 0) -> Position:
    """Where the game stands between two plays (with `cards_flipped` more cards gone from
    the deck: a coach weighing the extra cards, GRID-37). A half whose deck runs out is over
    (GRID-38): the first half gives the second half's kickoff (GRID-14); the second the
    final result, a tie read as over too (GRID-49: a short overtime is about even)."""
    nxt = "kickoff" if g.next in (KICKOFF, BREAK) else "scrimmage"
    return position_after(g, cards_flipped, nxt, g.kicker, g.possession, g.ball, g.down,
                          g.marker, g.score)


def position_key(g: GridGame) -> tuple[object, ...]:
    """What `position(g)` reads that a step may change: equal keys, equal positions, so a
    coach reads each one's value once (`coaches/sampling.EndValues`)."""
    c = g.clock
    return (g.next, g.kicker, g.possession, g.ball, g.down, g.marker, g.score[HOME],
            g.score[AWAY], c.period, c.cards_left, g.teams[HOME].timeouts,
            g.teams[AWAY].timeouts, g.over)


def position_after(g: GridGame, cards_flipped: int, nxt: str, kicker: Side, possession: Side,
                   ball: int, down: int, marker: int, score: dict[Side, int]) -> Position:
    """`position`, for a board that a play would leave: the next step ("kickoff" by `kicker`
    or "scrimmage"), the team with the ball, its box, down and marker, and the score."""
    c = g.clock
    left = c.cards_left - cards_flipped
    timeouts = {side: t.timeouts for side, t in g.teams.items()}
    if left <= 0 < cards_flipped and c.period <= 2:
        if c.period == 1:
            receiver = g.first_half_receiver
            return between_plays("kickoff", receiver, opponent_of(receiver), score, 3, QUARTER,
                                 QUARTER, timeouts, 60, 1, 20, False, False)
        return between_plays("scrimmage", kicker, possession, score, 4, 0, QUARTER,
                             timeouts, ball * BOX, down, 20, False, True)
    quarter, secs = _quarters(c.period, seconds_of(max(0, left), c.period))
    return between_plays(nxt, kicker, possession, score, quarter, secs, QUARTER,
                         timeouts, ball * BOX, down, (ball - max(0, marker)) * BOX,
                         c.period > 2, g.over)
