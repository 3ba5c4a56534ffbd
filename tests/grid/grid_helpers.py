"""Builders for Grid scenario tests: plain teams whose every card is known."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scrimmage.api import new_game
from scrimmage.core.dice import ScriptedDice
from scrimmage.core.scenario import ScriptCoach, run_steps

SLOTS = ("QB", "HB", "LE", "RE", "LG", "C", "RG", "DS")


def plain_team(name: str, slots: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """2 QB, 7 HBE, 6 LN; every die a d6, every value 0. Starters: QB1, HB1, HB2, HB3, LN1-3
    at LG, C, RG and HB4 at DS; `slots` overrides a starter's card fields."""
    qb = {"type": "QB", "flat": 0, "short": 0, "long": 0, "pass_yards": "d6",
          "interception": "d6", "injury": "d6"}
    hbe = {"type": "HBE", "run_yards": "d6", "pass_yards": "d6", "run_defense": 0,
           "pass_defense": 0, "kicking": "d6", "fumble": "d6", "injury": "d6"}
    ln = {"type": "LN", "run_blocking": 0, "pass_blocking": 0, "run_defense": 0,
          "pass_defense": 0, "injury": "d6"}
    players = ([{**qb, "name": f"{name} QB{i}"} for i in (1, 2)]
               + [{**hbe, "name": f"{name} HB{i}"} for i in range(1, 8)]
               + [{**ln, "name": f"{name} LN{i}"} for i in range(1, 7)])
    lineup = {"QB": f"{name} QB1", "HB": f"{name} HB1", "LE": f"{name} HB2", "RE": f"{name} HB3",
              "LG": f"{name} LN1", "C": f"{name} LN2", "RG": f"{name} LN3", "DS": f"{name} HB4"}
    for slot, fields in (slots or {}).items():
        card = next(p for p in players if p["name"] == lineup[slot])
        card.update(fields)
    return {"team": {"name": name}, "players": players, "lineup": lineup}


def game(home: dict[str, Any] | None = None, away: dict[str, Any] | None = None,
         **options: Any) -> Any:
    g, _ = new_game("grid", home or plain_team("Home"), away or plain_team("Away"), seed=0,
                    **options)
    return g


def step(g: Any, dice: Iterable[int], script: Mapping[str, Sequence[str]] | None = None, *,
         at: str | None = None, cards: Sequence[str] = ()) -> tuple[list[dict[str, Any]],
                                                                    ScriptCoach]:
    """One step with exactly these rolls and these cards on top of the deck."""
    if at is not None:
        g.start_at(at)
    if cards:
        g.stack_deck(list(cards))
    g.dice = ScriptedDice(list(dice))
    coach = ScriptCoach(script)
    plays = run_steps(g, coach)
    assert g.dice.remaining == 0, f"{g.dice.remaining} scripted rolls unused: {g.dice.log}"
    assert not coach.unused, f"scripted answers unused: {coach.unused}"
    return plays, coach


def calls(off: str, dfn: str) -> dict[str, list[str]]:
    return {"play_call": [off, dfn]}
