"""Building a league's teams from the command line (GRID-5, GRID-6): who sits at the table.

`SeatBuilders` lets each coach of a draft or an auction be a computer or a person at the
terminal; `build_league` runs the chosen method and returns the team files' data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from scrimmage.core.dice import Dice
from scrimmage.core.errors import ScrimmageError
from scrimmage.rules.grid.building import (
    Builder,
    ComputerBuilder,
    auction,
    can_take,
    create_your_own,
    draft,
    rank_values,
    team_data,
)
from scrimmage.rules.grid.cards import Player
from scrimmage.rules.grid.generator import nation_teams
from scrimmage.rules.grid.roster import team_from_data

METHODS = ("draft", "snake", "auction", "create")


class SeatBuilders:
    """One builder per coach index: a person's seats go to `person`, the rest to a computer."""

    def __init__(self, computer: Builder, person: Builder | None, people: set[int]) -> None:
        self.computer = computer
        self.person = person
        self.people = people

    def _who(self, coach: int) -> Builder:
        return self.person if self.person is not None and coach in self.people else self.computer

    def pick(self, coach: int, roster: list[Player], available: list[Player]) -> Player:
        return self._who(coach).pick(coach, roster, available)

    def bid(self, coach: int, roster: list[Player], player: Player, current: int,
            max_bid: int) -> int | None:
        return self._who(coach).bid(coach, roster, player, current, max_bid)


class PromptBuilder:
    """A person choosing through `ask(prompt, choices) -> answer` (the CLI gives the terminal)."""

    def __init__(self, pool: Sequence[Player], ask: Callable[[str, list[str]], str]) -> None:
        self.values = rank_values(pool)
        self.ask = ask

    def pick(self, coach: int, roster: list[Player], available: list[Player]) -> Player:
        ranked = sorted(available, key=lambda p: -self.values[p.name])
        shown = [p for p in ranked if can_take(roster, p.kind)][:20] or ranked[:20]
        labels = [f"{p.name} ({p.kind}, value {self.values[p.name]:.2f})" for p in shown]
        have = ", ".join(f"{p.name} ({p.kind})" for p in roster) or "nobody yet"
        answer = self.ask(f"Coach {coach + 1}, your pick (you have: {have})", labels)
        return shown[labels.index(answer)] if answer in labels else shown[0]

    def bid(self, coach: int, roster: list[Player], player: Player, current: int,
            max_bid: int) -> int | None:
        offers = [str(x) for x in range(current + 1, min(max_bid, current + 10) + 1)]
        answer = self.ask(f"Coach {coach + 1}: {player.name} ({player.kind}) is at ${current}; "
                          f"bid (you may go to ${max_bid}) or pass", ["pass", *offers])
        return None if answer == "pass" else int(answer)


def player_pool() -> list[Player]:
    """The cards of every bundled nation: the pile a league drafts or auctions from."""
    pool: list[Player] = []
    for data in nation_teams():
        pool.extend(team_from_data(data, "nation").players)
    return pool


def build_league(method: str, names: Sequence[str], dice: Dice,
                 person: Builder | None = None, people: set[int] | None = None
                 ) -> list[dict[str, Any]]:
    """Team files' data for `names`, built by `method` (draft, snake, auction or create)."""
    if method not in METHODS:
        raise ScrimmageError(f"unknown method {method!r}; use one of {', '.join(METHODS)}")
    if len(names) < 2:
        raise ScrimmageError("a league needs at least two coaches")
    if method == "create":
        return [create_your_own(dice, name) for name in names]
    pool = player_pool()
    chooser = SeatBuilders(ComputerBuilder(pool), person, people or set())
    if method == "auction":
        rosters, _money = auction(pool, len(names), dice, builder=chooser)
    else:
        rosters = draft(pool, len(names), dice, snake=method == "snake", builder=chooser)
    return [team_data(name, roster) for name, roster in zip(names, rosters, strict=True)]
