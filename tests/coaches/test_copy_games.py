"""Issue 36: the what-if copies of The Grid, 5D20 and 1st & Roll (`copy_game`, which the smart
coaches play a step on hundreds of times per choice) are written by hand instead of
`copy.deepcopy`. At mid-game positions of games played by the default computer coaches this
checks that a copy

(a) is the deepcopy the coaches made before (kept here as the reference), field by field, and
    shares with the live game exactly what that one shared (the cards, charts, tables and dice
    faces, which no rule changes): a field forgotten, or shared where it was copied, fails;
(b) is a game of its own: steps played on it leave the live game as it was, and nothing it
    reaches (before or after the steps) is one of the live game's lists, dicts or state
    objects."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from types import BuiltinFunctionType, BuiltinMethodType, FunctionType, MethodType
from typing import Any

import pytest

import scrimmage.core.driver
from scrimmage.api import make_coaches, new_game
from scrimmage.core.decisions import Decision, no_coach
from scrimmage.core.dice import Dice, SeededDice
from scrimmage.core.driver import Driver
from scrimmage.core.fastpath import PassFilter
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.core.what_if import play_out
from scrimmage.rules.fived20 import what_if as fived20_what_if
from scrimmage.rules.fived20.chart_play import GameCharts, TeamChart
from scrimmage.rules.fived20.dice import Roll
from scrimmage.rules.fived20.era import Era
from scrimmage.rules.grid import what_if as grid_what_if
from scrimmage.rules.grid.cards import Player
from scrimmage.rules.grid.roster import Team
from scrimmage.rules.grid.table_lookup import Tables
from scrimmage.rules.narration import DiceReads
from scrimmage.rules.roll import what_if as roll_what_if
from scrimmage.rules.roll.faces import DiceSet
from scrimmage.rules.roll.teams import RollTeam

STEPS = 4
"""Steps played on a copy (a kick, a down and its try, a halftime...)."""
SEEDS = (1, 2, 3)


# -- the reference: the deepcopy each copy_game made before ---------------------------------
def _deep(g: Any, dice: Dice, memo: dict[int, Any]) -> Any:
    memo[id(g.coach_answer)] = no_coach
    return copy.deepcopy(g, memo)


def _filtered(c: Any, answers: PassFilter | None) -> Any:
    if answers is not None:
        c.use_pass_filters({Side.HOME: answers, Side.AWAY: answers}, [])
    return c


def grid_reference(g: Any, dice: Dice, answers: PassFilter | None) -> Any:
    from scrimmage.core.fastpath import PassFilters

    memo: dict[int, Any] = {id(g.tables): g.tables, id(g.plays): [], id(g.dice): dice,
                            id(g.fast): None, id(g.reads): None}
    for t in g.teams.values():
        memo[id(t.team)] = t.team
        for p in t.team.players:
            memo[id(p)] = p
    c = _deep(g, dice, memo)
    c.dice = dice
    c.reads = DiceReads(dice, False)
    c._rec = None
    c.fast = PassFilters()
    return _filtered(c, answers)


def fived20_reference(g: Any, dice: Dice, answers: PassFilter | None) -> Any:
    from scrimmage.core.fastpath import PassFilters

    memo: dict[int, Any] = {id(t.chart): t.chart for t in g.teams.values()}
    memo.update({id(g.charts): g.charts, id(g.era): g.era, id(g.plays): [],
                 id(g.dice): dice, id(g._fast): None})
    c = _deep(g, dice, memo)
    c.dice = dice
    c.reads = DiceReads(dice, False)
    c._fast = PassFilters()
    return _filtered(c, answers)


def roll_reference(g: Any, dice: Dice, answers: PassFilter | None) -> Any:
    from scrimmage.core.fastpath import PassFilters

    s = g.s
    memo: dict[int, Any] = {id(t): t for t in s.teams.values()}
    memo.update({id(g.d): g.d, id(s.plays): [], id(g.dice): dice, id(g._fast): None})
    c = _deep(g, dice, memo)
    c.dice = dice
    c._narrate = False
    c._fast = PassFilters()
    return _filtered(c, answers)


def _step_and_check(g: Any) -> None:
    g.step()
    g.end_of_period_check()


@dataclass(frozen=True)
class Rules:
    copy: Callable[[Any, Dice, PassFilter | None], Any]
    reference: Callable[[Any, Dice, PassFilter | None], Any]
    step: Callable[[Any], None]
    plays: tuple[int, ...]
    """The live game is stopped at its first question after this many plays (its games
    have 60 to 80 plays, 5D20's 150 to 170)."""
    immutable: tuple[type, ...]
    """What no rule changes: shared by a copy, or compared by value where the reference
    copied it (a Grid stand-in's card, a 5D20 roll)."""
    fresh: dict[str, Callable[[Any], bool]] = field(default_factory=dict)
    """Fields the copy starts afresh where the reference copied them, with what they hold."""


RULES: dict[str, Rules] = {
    "grid": Rules(grid_what_if.copy_game, grid_reference, _step_and_check, (2, 20, 40, 58),
                  (Tables, Team, Player)),
    "5d20": Rules(fived20_what_if.copy_game, fived20_reference, lambda g: g.step(),
                  (2, 45, 90, 150), (GameCharts, TeamChart, Era, Roll),
                  # A copy narrates nothing: where the live play's dice sit serves only that.
                  {"_colours": lambda v: v == {}}),
    "1st-and-roll": Rules(roll_what_if.copy_game, roll_reference,
                          roll_what_if.step_then_check(lambda g: g.step()),
                          (2, 20, 40, 58), (DiceSet, RollTeam)),
}
CASES = [(rules, seed, plays) for rules, r in RULES.items() for seed in SEEDS
         for plays in r.plays]
IDS = [f"{r}-seed{s}-after{p}" for r, s, p in CASES]


def stopped_game(rules: str, seed: int, plays: int) -> Any:
    """A game of the default computer coaches, stopped at its first question after `plays`
    plays (in the middle of a step, as a coach's copy is made)."""
    rs = find_ruleset(rules)
    home, away = rs.default_teams()
    game, record = new_game(rules, home, away, seed=seed)
    Driver(game, make_coaches(rs, None, seed), record.decisions,
           stop=lambda: len(game.plays) > plays).run()
    return game


def _answers(rules: str, seed: int) -> PassFilter | None:
    """The pass filter of a coach of its own (none for the first seed: every question asked)."""
    if seed == SEEDS[0]:
        return None
    coach: Any = make_coaches(find_ruleset(rules), None, seed + 100)[Side.HOME]
    lets_pass: PassFilter = coach.lets_pass
    return lets_pass


def first_option(decision: Decision) -> str:
    return decision.options[0]


# -- walking a game ---------------------------------------------------------------------------
ATOMS = (int, float, complex, str, bytes, bool, type(None), Enum, range, type)
CODE = (FunctionType, BuiltinFunctionType, BuiltinMethodType)


def fields(obj: Any) -> dict[str, Any]:
    """An object's attributes that are set: its slots (of every class) and its `__dict__`."""
    out: dict[str, Any] = {}
    for cls in type(obj).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if not name.startswith("__") and hasattr(obj, name):
                out[name] = getattr(obj, name)
    if hasattr(obj, "__dict__"):
        out.update(vars(obj))
    return out


def parts(obj: Any) -> Iterator[tuple[str, Any]]:
    """(where, value) of what `obj` holds directly."""
    if isinstance(obj, (list, tuple, set, frozenset)):
        yield from ((f"[{i}]", v) for i, v in enumerate(obj))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield f"<key {k!r}>", k
            yield f"[{k!r}]", v
    elif isinstance(obj, MethodType):
        yield ".__self__", obj.__self__
    else:
        yield from ((f".{k}", v) for k, v in fields(obj).items())


def walk(root: Any, immutable: tuple[type, ...]) -> Iterator[tuple[str, Any]]:
    """(path, object) of every object reachable from `root` but atoms and functions; what no
    rule changes (`immutable`) is met but not entered."""
    seen: set[int] = set()
    todo = [("game", root)]
    while todo:
        path, obj = todo.pop()
        if isinstance(obj, ATOMS + CODE) or id(obj) in seen:
            continue
        seen.add(id(obj))
        yield path, obj
        if not isinstance(obj, immutable):
            todo.extend((path + where, v) for where, v in parts(obj))


def dump(obj: Any, seen: dict[int, int] | None = None) -> Any:
    """Everything reachable from `obj` as plain values (a snapshot), shared objects and cycles
    written as references to where they were first met."""
    seen = {} if seen is None else seen
    if isinstance(obj, ATOMS):
        return obj
    if isinstance(obj, CODE):
        return ("code", getattr(obj, "__qualname__", repr(obj)))
    if id(obj) in seen:
        return ("ref", seen[id(obj)])
    seen[id(obj)] = len(seen)
    return (type(obj).__name__, [(where, dump(v, seen)) for where, v in parts(obj)])


# -- (a) the copy is the reference copy ---------------------------------------------------------
class SameCopy:
    """Compares the reference copy `a` with the copy `b` object by object, the first object
    met in `a` always matched by the same object in `b`. `live` holds the live game's
    objects: where the reference shares one the copy must share it, and where the reference
    has its own the copy must too."""

    def __init__(self, live: set[int], immutable: tuple[type, ...]) -> None:
        self.live = live
        self.immutable = immutable
        self.matched: dict[int, Any] = {}

    def check(self, a: Any, b: Any, path: str) -> None:
        assert type(a) is type(b), f"{path}: {type(a).__name__} in the reference, " \
                                   f"{type(b).__name__} in the copy"
        if isinstance(a, ATOMS):
            assert a == b, f"{path}: {a!r} in the reference, {b!r} in the copy"
            return
        if isinstance(a, CODE):
            assert a is b, f"{path}: another function"
            return
        if id(a) in self.matched:
            assert self.matched[id(a)] is b, f"{path}: not the object met before"
            return
        self.matched[id(a)] = b
        if isinstance(a, self.immutable):
            if a is not b:        # the reference's own (by value), or the live one's copy
                assert id(a) not in self.live, f"{path}: the reference shares the live " \
                                               "game's, the copy has its own"
                self.parts(a, b, path)
            return
        if not isinstance(a, tuple):
            assert id(a) not in self.live, f"{path}: the reference shares the live game's"
            assert id(b) not in self.live, f"{path}: the copy shares the live game's"
        if a is not b:
            self.parts(a, b, path)

    def parts(self, a: Any, b: Any, path: str) -> None:
        if isinstance(a, (list, tuple)):
            assert len(a) == len(b), f"{path}: {len(a)} items in the reference, {len(b)}"
        elif isinstance(a, dict):
            assert list(a) == list(b), f"{path}: keys {list(a)} against {list(b)}"
        elif isinstance(a, MethodType):
            assert a.__func__ is b.__func__, f"{path}: another method"
        elif not isinstance(a, (set, frozenset)):
            assert sorted(fields(a)) == sorted(fields(b)), \
                f"{path}: fields {sorted(fields(a))} in the reference, {sorted(fields(b))}"
        for (where, x), (_, y) in zip(parts(a), parts(b), strict=True):
            self.check(x, y, path + where)


COMPILED = scrimmage.core.driver.__file__.endswith(".so")


@pytest.mark.skipif(COMPILED, reason="the reference is a deepcopy, which mypyc's native classes "
                    "(seat views, sheets) refuse; the copy's code is the same in both builds")
@pytest.mark.parametrize(("rules", "seed", "plays"), CASES, ids=IDS)
def test_the_copy_is_the_deepcopy_it_replaces(rules: str, seed: int, plays: int) -> None:
    r = RULES[rules]
    g = stopped_game(rules, seed, plays)
    dice, answers = SeededDice(seed), _answers(rules, seed)
    reference, c = r.reference(g, dice, answers), r.copy(g, dice, answers)
    assert c.coach_answer is no_coach and c.dice is dice and c.plays == []
    for name, holds in r.fresh.items():
        assert holds(getattr(c, name)), f"{name}: {getattr(c, name)!r}"
        setattr(c, name, getattr(reference, name))
    live = {id(obj) for _, obj in walk(g, r.immutable)}
    SameCopy(live, r.immutable).check(reference, c, "game")


# -- (b) the copy is a game of its own ------------------------------------------------------------
def _shared(c: Any, live: dict[int, str], immutable: tuple[type, ...]) -> list[str]:
    """Where `c` reaches an object of the live game that a rule may change (a tuple may be
    shared: what it holds is walked)."""
    return [f"{path} is the live {live[id(obj)]}" for path, obj in walk(c, immutable)
            if id(obj) in live and not isinstance(obj, (tuple, *immutable))]


@pytest.mark.parametrize(("rules", "seed", "plays"), CASES, ids=IDS)
def test_steps_on_a_copy_leave_the_game_alone(rules: str, seed: int, plays: int) -> None:
    r = RULES[rules]
    g = stopped_game(rules, seed, plays)
    live = {id(obj): path for path, obj in walk(g, r.immutable)}
    before = dump(g)
    c = r.copy(g, SeededDice(seed), _answers(rules, seed))
    assert _shared(c, live, r.immutable) == []
    for _ in range(STEPS):
        if c.over:
            break
        play_out(c, r.step, first_option)
    assert c.plays, "the steps played nothing"
    assert _shared(c, live, r.immutable) == []
    assert dump(g) == before
