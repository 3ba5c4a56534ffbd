"""What a choice leads to, by the rules' own code on a copy of the game (issue 20).

A coach comparing a punt with a field goal needs each choice's outcome distribution. The
kicking rules are long (FNL-62..72: penalty roll, blocks, distance, returns, fair catches), so
they are not restated: the step itself is run on a fresh copy of the game, and the questions
inside it are answered as the rulebook solitaire coach would. Each copy's position after the
step is read as an `analytics.position.Position` for the EP/WP tables.

A kick is not enumerated (`core.enumeration`): its penalty roll may call a foul, whose accepted
penalty kicks again with a new penalty roll, so its tree passes 50,000 sequences. A coach plays
it a set number of times instead (`core.what_if.sampled_mean`), on dice seeded by its own dice,
so a game still replays bit for bit.
"""

from __future__ import annotations

from scrimmage.analytics.position import Position, between_plays
from scrimmage.core.dice import Dice
from scrimmage.core.enumeration import TreeDice
from scrimmage.core.fastpath import PassFilter
from scrimmage.core.sides import AWAY, HOME
from scrimmage.rules.legends.game import LegendsGame
from scrimmage.rules.legends.phases import SCRIMMAGE
from scrimmage.rules.legends.state import GameState


def shell_game(state: GameState) -> LegendsGame:
    """A game around a live state between two plays of regulation, the next step a snap:
    what a coach, who sees the table but not the game, copies to try a choice on. Not for
    overtime series (their order lives in the game, not the state)."""
    g = LegendsGame(state.teams[HOME].team, state.teams[AWAY].team, TreeDice(),
                    state.rules, state.x, narrate=False)
    g.s = state
    g.next = SCRIMMAGE
    g.kicker = state.possession
    return g


def copy_game(g: LegendsGame, dice: Dice | None = None,
              answers: PassFilter | None = None) -> LegendsGame:
    """A copy to play a step on: the state and the game's flags copied, the sheets, rules and
    charts shared (nothing changes them), the play list empty; rolling `dice` if given. The
    game's pass filters stay behind: the copy's optional questions are asked, or waved
    through by `answers` for both sides. Written out by hand (`LegendsGame.copy`), not
    `copy.deepcopy`: a smart coach makes thousands of copies a game, and a deepcopy cost ten
    times the step played on it."""
    c = g.copy(dice)
    if answers is not None:
        c.use_pass_filters({HOME: answers, AWAY: answers}, [])
    return c


def down_then_check(g: LegendsGame) -> None:
    """The rules' own down, then the game's end-of-period check, as the game's loop runs
    them (a kneel may end the half)."""
    from scrimmage.rules.legends import scrimmage_play

    scrimmage_play.down(g)
    g.end_of_period_check()


def position(g: LegendsGame) -> Position:
    """Where the game stands between two plays, for the EP/WP tables."""
    s = g.s
    return between_plays(g.next, g.kicker, s.possession, s.score, s.clock.quarter,
                         s.clock.seconds_left, s.rules.quarter_minutes * 60,
                         {side: t.timeouts for side, t in s.teams.items()},
                         s.yardline, s.down, s.ydstogo, bool(s.overtime), s.over)


def position_key(g: LegendsGame) -> tuple[object, ...]:
    """What `position` reads that a step may change (the rules are the game's): equal keys,
    equal positions, so a coach reads each one's value once (`coaches/sampling.EndValues`)."""
    s = g.s
    return (g.next, g.kicker, s.possession, s.score[HOME], s.score[AWAY],
            s.clock.quarter, s.clock.seconds_left, s.teams[HOME].timeouts,
            s.teams[AWAY].timeouts, s.yardline, s.down, s.ydstogo, bool(s.overtime), s.over)
