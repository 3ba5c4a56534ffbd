"""The copy a coach tries a step on (`rules/legends/what_if.copy_game`, issue 36): written out by
hand (`LegendsGame.copy` and the state's `copy` methods) instead of `copy.deepcopy`, it must hold
the same game as the deepcopy it replaced, field by field, and share nothing a step changes
with the game it was copied from.

Positions are taken from games of each level played part-way by the solitaire coaches (a
driver stops at a question, so a position may lie in the middle of a play), and from the
same games pushed into overtime."""

from __future__ import annotations

import copy
import gc
from collections.abc import Iterator
from functools import partial
from types import BuiltinFunctionType, FunctionType, MethodType
from typing import Any

import pytest

from scrimmage.api import make_coaches, new_game
from scrimmage.coaches.legends import SolitaireCoach
from scrimmage.core.decisions import Decision, no_coach
from scrimmage.core.dice import Dice, SeededDice
from scrimmage.core.driver import Driver
from scrimmage.core.enumeration import TreeDice
from scrimmage.core.fastpath import PassFilter, PassFilters
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.core.what_if import play_out, sampled_mean
from scrimmage.rules.legends import kicking
from scrimmage.rules.legends.charts import LevelRules, XSheets
from scrimmage.rules.legends.game import LegendsGame
from scrimmage.rules.legends.phases import SCRIMMAGE
from scrimmage.rules.legends.sheets import Team
from scrimmage.rules.legends.state import SeatView
from scrimmage.rules.legends.what_if import copy_game, down_then_check, shell_game
from scrimmage.rules.narration import DiceReads

SHARED = (Team, LevelRules, XSheets, SeededDice, TreeDice)
"""What a copy shares: the printed sheets, the level's rules and charts (nothing changes
them), and its dice (the game's, or the ones its caller gives)."""
LEAVES = (FunctionType, BuiltinFunctionType)
"""Functions (`no_coach`) are shared as they are, as `copy.deepcopy` shares them."""
NOT_COPIED = (*SHARED, *LEAVES)
ATOMS = (bool, int, float, str, frozenset)


def reference_copy(g: LegendsGame, dice: Dice | None = None,
                   answers: PassFilter | None = None) -> LegendsGame:
    """The copy as `copy_game` made it before (`copy.deepcopy`, the immutable parts shared
    through its memo): what the hand-written copy must equal."""
    s = g.s
    memo: dict[int, Any] = {id(t.team): t.team for t in s.teams.values()}
    memo.update({id(g.rules): g.rules, id(g.x): g.x, id(s.plays): [], id(g.dice): g.dice,
                 id(g.fast): None})
    memo[id(g.coach_answer)] = no_coach
    c = copy.deepcopy(g, memo)
    c.fast = PassFilters()
    if answers is not None:
        c.use_pass_filters({Side.HOME: answers, Side.AWAY: answers}, [])
    if dice is not None:
        c.dice = dice
        c.reads = DiceReads(dice, False)
    return c


# -- what an object holds, as plain data ---------------------------------------------------
UNSET = "<unset>"


def fields(obj: object) -> list[str]:
    """Every slot of `obj`'s classes and every attribute in its `__dict__`, by name."""
    names = {name for cls in type(obj).__mro__ for name in getattr(cls, "__slots__", ())}
    names.update(getattr(obj, "__dict__", {}))
    return sorted(names)


def views_of(obj: Any) -> Any:
    """The state whose seat views `obj` makes, if it makes them: the game's own `view`, or a
    copy's `partial(SeatView, state)` (a copy holds no reference to itself); else None."""
    if isinstance(obj, MethodType) and obj.__func__ is LegendsGame.view:
        return obj.__self__.s
    if isinstance(obj, partial) and obj.func is SeatView and len(obj.args) == 1:
        assert not obj.keywords
        return obj.args[0]
    return None


def dump(obj: Any, seen: dict[int, int] | None = None) -> Any:
    """`obj` and all it holds as nested plain data. A shared part is named by its identity
    (two dumps agree only if they share the same one); a mutable object met again is named by
    the order it was first met, so two dumps also agree on what is held twice. A slot left
    unset reads `UNSET`: a field a copy forgets shows."""
    seen = {} if seen is None else seen
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, NOT_COPIED):
        return ("shared", id(obj))
    if isinstance(obj, tuple):
        return ("tuple", [dump(x, seen) for x in obj])
    if isinstance(obj, frozenset):
        return ("frozenset", sorted(map(repr, obj)))
    if (state := views_of(obj)) is not None:
        return ("seat views", dump(state, seen))
    if id(obj) in seen:
        return ("seen", seen[id(obj)])
    seen[id(obj)] = len(seen)
    if isinstance(obj, MethodType):
        owner = obj.__self__
        held = dump(owner, seen) if isinstance(owner, LegendsGame) else ("shared", id(owner))
        return ("method", obj.__func__.__qualname__, held)
    if isinstance(obj, list):
        return ("list", [dump(x, seen) for x in obj])
    if isinstance(obj, dict):
        return ("dict", [(dump(k, seen), dump(v, seen)) for k, v in obj.items()])
    return (type(obj).__qualname__,
            [(name, dump(getattr(obj, name, UNSET), seen)) for name in fields(obj)])


def mutables(obj: Any, found: dict[int, Any] | None = None) -> dict[int, Any]:
    """Every mutable object reachable from `obj` (lists, dicts, state objects), by identity;
    not the shared parts, nor a coach behind a pass filter."""
    found = {} if found is None else found
    if obj is None or isinstance(obj, (*ATOMS, *NOT_COPIED)) or id(obj) in found:
        return found
    if isinstance(obj, tuple):
        for x in obj:
            mutables(x, found)
        return found
    if (state := views_of(obj)) is not None:
        return mutables(state, found)
    if isinstance(obj, MethodType):
        return found
    found[id(obj)] = obj
    if isinstance(obj, list):
        for x in obj:
            mutables(x, found)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            mutables(k, found)
            mutables(v, found)
    else:
        for name in fields(obj):
            mutables(getattr(obj, name, None), found)
    return found


def snapshot(g: LegendsGame) -> Any:
    """Everything a step could change in `g`, its dice's place included."""
    dice = g.dice
    assert isinstance(dice, SeededDice)
    rng = dice._random.__self__        # type: ignore[attr-defined]
    return dump(g), list(dice.log), rng.getstate()


# -- positions -----------------------------------------------------------------------------
LEVELS = ("legends-pro", "legends-college", "legends-hs")
STOPS = (2, 45, 110)


def stopped_game(rules: str, seed: int, plays: int) -> LegendsGame:
    """A game of `rules` played by the solitaire coaches until it has more than `plays`
    plays, stopped at its next question."""
    rs = find_ruleset(rules)
    names = rs.team_names()
    game, record = new_game(rules, names[seed % len(names)], names[(seed + 3) % len(names)],
                            seed=seed)
    assert isinstance(game, LegendsGame)
    coaches = make_coaches(rs, "solitaire", seed)
    pending = Driver(game, coaches, record.decisions,
                     stop=lambda: len(game.plays) > plays).run()
    assert pending is not None
    return game


def first_option(d: Decision) -> str:
    return d.options[0]


def into_overtime(g: LegendsGame) -> LegendsGame:
    """The game tied at the end of regulation, in overtime (the pro overtime's toss made)."""
    s = g.s
    s.clock.quarter, s.clock.seconds_left = 4, 0
    s.score[Side.HOME] = s.score[Side.AWAY]
    g.start_overtime()
    if g.rules.overtime == "pro":
        play_out(g, lambda g: g.overtime_toss(), first_option)
        g.coach_answer = no_coach
    g.push_momentum(Side.AWAY, "defense_score")        # a move still to weigh
    return g


def positions() -> list[Any]:
    """(rules, seed, plays, overtime) for each level: a few stops, and one in overtime."""
    out = []
    for rules in LEVELS:
        out += [pytest.param(rules, seed, plays, False, id=f"{rules}-{plays}")
                for seed, plays in enumerate(STOPS, start=1)]
        out.append(pytest.param(rules, 4, 70, True, id=f"{rules}-overtime"))
    return out


def play_step(g: LegendsGame) -> None:
    """What comes next, as the game's loop plays it: a down (`down_then_check`), or a kick,
    a try or a toss."""
    if g.next == SCRIMMAGE:
        down_then_check(g)
    else:
        g.step()
        g.end_of_period_check()


def punt(g: LegendsGame) -> None:
    kicking.punt(g, None)


def field_goal(g: LegendsGame) -> None:
    kicking.field_goal(g, None)


STEPS = (play_step, punt, field_goal)
"""The steps tried on copies: the next one, and the kicks a smart coach weighs."""


def copies(g: LegendsGame) -> Iterator[tuple[str, LegendsGame]]:
    """The games a coach copies: the game itself, and the shell a smart coach puts around
    its state (`shell_game`)."""
    yield "game", g
    yield "shell", shell_game(g.s)


# -- the tests -----------------------------------------------------------------------------
COMPILED = kicking.__file__.endswith(".so")
NO_DEEPCOPY = pytest.mark.skipif(COMPILED, reason="the reference is a deepcopy, which mypyc's "
                                 "native classes refuse; the copy's code is the same in both builds")


@NO_DEEPCOPY
@pytest.mark.parametrize(("rules", "seed", "plays", "overtime"), positions())
def test_the_copy_equals_the_deepcopy(rules: str, seed: int, plays: int,
                                      overtime: bool) -> None:
    g = stopped_game(rules, seed, plays)
    if overtime:
        into_overtime(g)
    answers = SolitaireCoach(seed).lets_pass
    for what, source in copies(g):
        for dice, filters in ((None, None), (SeededDice(seed), answers)):
            fast = copy_game(source, dice, filters)
            want = reference_copy(source, dice, filters)
            assert dump(fast) == dump(want), (what, dice, filters)
            assert not mutables(fast).keys() & mutables(source).keys(), (what, dice, filters)
            assert fast.coach_answer is no_coach
            assert fast.plays == [] and fast.fast is not source.fast


@pytest.mark.parametrize(("rules", "seed", "plays", "overtime"), positions())
def test_a_step_on_the_copy_leaves_the_game_alone(rules: str, seed: int, plays: int,
                                                  overtime: bool) -> None:
    g = stopped_game(rules, seed, plays)
    if overtime:
        into_overtime(g)
    answers = SolitaireCoach(seed).lets_pass
    for what, source in copies(g):
        before = snapshot(g)
        for k, step in enumerate(STEPS):
            c = copy_game(source, SeededDice(100 * seed + k), answers)
            shared = mutables(c).keys() & (mutables(g).keys() | mutables(source).keys())
            assert not shared, (what, [type(mutables(c)[i]).__name__ for i in shared])
            play_out(c, step, first_option)
            assert c.plays, (what, step)                # the step was played
            assert snapshot(g) == before, (what, step)
        assert source.coach_answer is no_coach


@NO_DEEPCOPY
def test_a_forgotten_field_shows() -> None:
    """The comparison sees a field the copy leaves out, and a container it shares."""
    g = stopped_game("legends-pro", 1, 30)
    fast = copy_game(g)
    want = reference_copy(g)
    del fast.s.teams[Side.HOME].cp.used
    assert dump(fast) != dump(want)
    fast = copy_game(g)
    fast.s.teams[Side.AWAY].off_checkoff.used[2] = g.s.teams[Side.AWAY].off_checkoff.used[2]
    assert dump(fast) == dump(want)
    assert mutables(fast).keys() & mutables(g).keys()


def test_a_copy_is_freed_at_once() -> None:
    """A copy holds no reference to itself once its step is played (its pass filters make
    views of its state; `play_out` takes its answerer back), so the thousands a smart coach
    makes are freed as they are dropped, without a pass of the cyclic collector: in a smart
    game those passes, not the copies, made the slowest choices."""
    g = stopped_game("legends-pro", 2, 60)
    shell = shell_game(g.s)
    answers = SolitaireCoach(2).lets_pass
    made: list[int] = []

    def fresh(dice: Dice) -> LegendsGame:
        made.append(1)
        return copy_game(shell, dice, answers)

    gc.collect()
    gc.disable()
    try:
        sampled_mean(fresh, play_step, lambda d, c: d.options[0], lambda c: float(len(c.plays)),
                     SeededDice(2), 20)
        assert len(made) == 20
        assert gc.collect() == 0        # a count: the compiled build's games take no weakref
    finally:
        gc.enable()
