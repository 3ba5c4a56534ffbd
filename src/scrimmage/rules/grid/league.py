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
from scrimmage.rules.grid.cards import HBE, LN, QB, Player
from scrimmage.rules.grid.generator import nation_teams
from scrimmage.rules.grid.roster import ELIGIBLE, SLOTS, best_lineup, team_from_data

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

    def open_bid(self, coach: int, roster: list[Player], player: Player, max_bid: int) -> int:
        return self._who(coach).open_bid(coach, roster, player, max_bid)

    def bid(self, coach: int, roster: list[Player], player: Player, current: int,
            max_bid: int) -> int | None:
        return self._who(coach).bid(coach, roster, player, current, max_bid)

    def lineup(self, coach: int, roster: list[Player]) -> dict[str, str]:
        return self._who(coach).lineup(coach, roster)


SHOWN = 20
"""Players listed at once; a filter narrows the list, a typed name takes anyone."""
FILTER_WORDS = ("find", "filter")
Ask = Callable[[str, list[str]], str]
"""`ask(prompt, choices) -> answer`: one of `choices`, or the text the person typed."""


def _words() -> dict[str, str]:
    from scrimmage.core.ruleset import find_ruleset

    return dict(find_ruleset("grid").words().get("building", {}))


def matches(player: Player, query: str) -> bool:
    """A filter: every word is the player's type (QB, HBE, LN) or a piece of his card
    (`card_text`: his name, `run d10`, `kick d12`...)."""
    text = player.card_text().lower()
    kinds = {QB, HBE, LN}
    for word in query.lower().split():
        if word.upper() in kinds:
            if player.kind != word.upper():
                return False
        elif word not in text:
            return False
    return True


def _amount(text: str) -> int | None:
    """A typed amount: `$12`, `12 dollars`, `bid 12`."""
    words = text.lower().replace("$", " ").replace("dollars", " ").replace("bid", " ").split()
    return int(words[0]) if len(words) == 1 and words[0].isdigit() else None


class PromptBuilder:
    """A person choosing through `ask` (the CLI gives the terminal). Every legal player can be
    drafted: by number from the list shown, by typing his name (or its start), and `find TEXT`
    narrows the list (a type, a name, a piece of the card like `run d12`). Bids are any amount
    the budget allows, typed as `$N`."""

    def __init__(self, pool: Sequence[Player], ask: Ask) -> None:
        self.values = rank_values(pool)
        self.ask = ask
        self.words = _words()

    def label(self, p: Player) -> str:
        return f"{p.card_text()} (value {self.values[p.name]:.2f})"

    def pick(self, coach: int, roster: list[Player], available: list[Player]) -> Player:
        ranked = sorted(available, key=lambda p: -self.values[p.name])
        legal = [p for p in ranked if can_take(roster, p.kind)] or ranked
        have = ", ".join(f"{p.name} ({p.kind})" for p in roster) or "nobody yet"
        query, note = "", ""
        while True:
            found = [p for p in legal if matches(p, query)] if query else legal
            shown = found[:SHOWN]
            labels = [self.label(p) for p in shown]
            heading = (f"{len(found)} of {len(legal)} players match {query!r}" if query
                       else f"{len(legal)} players may be taken; the best {len(shown)} shown")
            answer = self.ask(f"{note}Coach {coach + 1}, your pick (you have: {have}). {heading}. "
                              f"{self.words.get('pick', '')}", labels).strip()
            if answer in labels:
                return shown[labels.index(answer)]
            word, _, rest = answer.partition(" ")
            if word.lower() in FILTER_WORDS:
                query, note = rest.strip(), ""
                continue
            chosen = self._named(answer, legal)
            if chosen is not None:
                return chosen
            note = f"No one to take is called {answer!r}. "

    @staticmethod
    def _named(text: str, players: list[Player]) -> Player | None:
        """The player whose name is `text`, or the only one whose name starts with it."""
        low = text.lower()
        exact = [p for p in players if p.name.lower() == low]
        starts = [p for p in players if p.name.lower().startswith(low)] if low else []
        return exact[0] if exact else starts[0] if len(starts) == 1 else None

    def _ask_amount(self, prompt: str, choices: list[str], least: int, most: int,
                    passing: bool) -> int | None:
        note = ""
        while True:
            answer = self.ask(f"{note}{prompt}. {self.words.get('bid', '')}", choices).strip()
            if passing and answer == "pass":
                return None
            amount = _amount(answer)
            if amount is not None and least <= amount <= most:
                return amount
            note = f"{answer!r} is not a bid from ${least} to ${most}. "

    def open_bid(self, coach: int, roster: list[Player], player: Player, max_bid: int) -> int:
        offers = sorted({1, 2, 5, 10, max_bid} & set(range(1, max_bid + 1)))
        amount = self._ask_amount(
            f"Coach {coach + 1}: you put up {player.name} ({player.kind}); open the bidding "
            f"at $1 to ${max_bid}", [f"${x}" for x in offers], 1, max_bid, passing=False)
        return amount if amount is not None else 1

    def bid(self, coach: int, roster: list[Player], player: Player, current: int,
            max_bid: int) -> int | None:
        offers = sorted({current + 1, current + 2, current + 5, current + 10, max_bid}
                        & set(range(current + 1, max_bid + 1)))
        return self._ask_amount(
            f"Coach {coach + 1}: {player.name} ({player.kind}) is at ${current}; raise to any "
            f"amount up to ${max_bid}, or pass", ["pass", *(f"${x}" for x in offers)],
            current + 1, max_bid, passing=True)

    def lineup(self, coach: int, roster: list[Player]) -> dict[str, str]:
        """GRID-8: the starting eight, slot by slot (the suggested player first)."""
        suggested = best_lineup(list(roster))
        chosen: dict[str, str] = {}
        for slot in SLOTS:
            free = [p for p in roster if p.name not in chosen.values()
                    and p.kind in ELIGIBLE[slot]]
            free.sort(key=lambda p: (p.name != suggested[slot], -self.values.get(p.name, 0)))
            labels = [p.card_text() for p in free]
            note = ""
            while True:
                answer = self.ask(f"{note}Coach {coach + 1}, your starting {slot} "
                                  f"{self.words.get('lineup', '')}", labels).strip()
                player = (free[labels.index(answer)] if answer in labels
                          else self._named(answer, free))
                if player is not None:
                    chosen[slot] = player.name
                    break
                note = f"No one free for {slot} is called {answer!r}. "
        return chosen


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
    pool = player_pool()
    chooser = SeatBuilders(ComputerBuilder(pool), person, people or set())
    if method == "create":
        made = [create_your_own(dice, name) for name in names]
        for c, data in enumerate(made):                   # GRID-8: the coach sets his eight
            data["lineup"] = chooser.lineup(c, team_from_data(data, "created").players)
        return made
    if method == "auction":
        rosters, _money = auction(pool, len(names), dice, builder=chooser)
    else:
        rosters = draft(pool, len(names), dice, snake=method == "snake", builder=chooser)
    return [team_data(name, roster, chooser.lineup(c, roster))
            for c, (name, roster) in enumerate(zip(names, rosters, strict=True))]
