"""GRID-53: substitutions only at half and before overtime; a player taken out stays out."""

from __future__ import annotations

import contextlib

from stepping import stepping

from scrimmage.api import new_game
from scrimmage.core.decisions import Kind
from scrimmage.core.field import Side
from scrimmage.rules.grid import injuries


def test_grid_53_a_reserve_comes_in_at_the_break_and_the_starter_stays_out() -> None:
    game, _ = new_game("grid", "Brazil", "Canada", seed=1)
    t = game.teams[Side.HOME]
    reserves_before = len(t.reserves)
    flow = stepping(game, lambda: injuries.substitutions(game))
    decision = next(flow)
    assert decision.kind is Kind.SUBSTITUTION and decision.seat is Side.HOME
    assert decision.options[0] == "keep"
    choice = next(o for o in decision.options if o.startswith("QB:"))
    slot, _, name = choice.partition(":")
    starter = t.lineup[slot]
    decision = flow.send(choice)
    assert t.lineup[slot].name == name              # the reserve plays
    assert t.out == [starter] and len(t.reserves) == reserves_before - 1
    assert decision.seat is Side.HOME               # asked again until the coach keeps
    assert all(not o.endswith(f":{starter.name}") for o in decision.options)
    assert all(not o.endswith(f":{name}") for o in decision.options)
    decision = flow.send("keep")
    assert decision.seat is Side.AWAY               # then the other coach
    with contextlib.suppress(StopIteration):
        flow.send("keep")
    assert game.teams[Side.AWAY].out == []
