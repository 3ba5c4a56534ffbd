"""Team building (GRID-5, GRID-6): real teams, the draft, the auction, create-your-own.

Real teams are the bundled nations (`scrimmage/teams/grid/`). The other three ways build
rosters of fifteen from a pool of player cards; each returns legal rosters (GRID-4) that
`team_data` turns into a team file's data (with the best lineup), ready for `play_game`.

Choices (which player to draft, which card to put up, how much to bid) are a coach's: they go
through a `Builder` (a default computer one is given); chance (the draft order, the shuffled
pile, the first nominator) goes through the injected `Dice`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from scrimmage.core.deck import Deck
from scrimmage.core.dice import Dice
from scrimmage.core.errors import ScrimmageError
from scrimmage.rules.grid.cards import HBE, LN, QB, Player
from scrimmage.rules.grid.generator import GENERATOR, create_team
from scrimmage.rules.grid.roster import (
    MINIMUMS,
    ROSTER_SIZE,
    best_lineup,
    carrier_value,
    lineman_value,
    player_to_card,
    qb_value,
)

AUCTION_BUDGET = 100
"""GRID-6: $100 per coach."""
FACE_UP = 5
"""GRID-6: five cards face up."""

_VALUE = {QB: qb_value, HBE: carrier_value, LN: lineman_value}


def can_take(roster: Sequence[Player], kind: str) -> bool:
    """GRID-4 / AMB-GRID-16: would taking a `kind` still leave room for the minimums?"""
    if len(roster) >= ROSTER_SIZE:
        return False
    counts = {k: sum(1 for p in roster if p.kind == k) for k in MINIMUMS}
    counts[kind] = counts.get(kind, 0) + 1
    needed = sum(max(0, least - counts[k]) for k, least in MINIMUMS.items())
    return len(roster) + 1 + needed <= ROSTER_SIZE


def league_ok(rosters: Sequence[Sequence[Player]], coach: int, player: Player,
              unsold: Sequence[Player]) -> bool:
    """May `coach` take `player` without leaving another coach unable to reach the minimums
    (GRID-4, AMB-GRID-16)?"""
    if not can_take(rosters[coach], player.kind):
        return False
    kind = player.kind
    left = sum(1 for p in unsold if p.kind == kind) - 1
    owed = sum(max(0, MINIMUMS[kind] - sum(1 for p in r if p.kind == kind))
               for c, r in enumerate(rosters) if c != coach)
    return left >= owed


def check_pool(pool: Sequence[Player], coaches: int) -> None:
    if len(pool) < coaches * ROSTER_SIZE:
        raise ScrimmageError(f"{len(pool)} players cannot fill {coaches} rosters of {ROSTER_SIZE}")
    for kind, least in MINIMUMS.items():
        if sum(1 for p in pool if p.kind == kind) < coaches * least:
            raise ScrimmageError(f"the pool has too few {kind}s for {coaches} legal rosters")


def rank_values(pool: Sequence[Player]) -> dict[str, float]:
    """Each player's worth as his percentile within his type (0..1), so types compare."""
    out: dict[str, float] = {}
    for kind, value in _VALUE.items():
        group = sorted((p for p in pool if p.kind == kind), key=value)
        for i, p in enumerate(group):
            out[p.name] = (i + 1) / len(group)
    return out


class Builder(Protocol):
    """A coach building a team: drafts, nominates, opens the bidding, bids, and sets the
    starting eight of the finished roster."""

    def pick(self, coach: int, roster: list[Player], available: list[Player]) -> Player: ...

    def open_bid(self, coach: int, roster: list[Player], player: Player, max_bid: int) -> int:
        ...

    def bid(self, coach: int, roster: list[Player], player: Player, current: int,
            max_bid: int) -> int | None: ...

    def lineup(self, coach: int, roster: list[Player]) -> dict[str, str]: ...


class ComputerBuilder:
    """Takes the best player (by percentile within his type) it may legally take; bids up to
    what the player is worth to it, never more than it can afford."""

    def __init__(self, pool: Sequence[Player]) -> None:
        self.values = rank_values(pool)

    def pick(self, coach: int, roster: list[Player], available: list[Player]) -> Player:
        legal = [p for p in available if can_take(roster, p.kind)]
        need = [p for p in legal if sum(1 for r in roster if r.kind == p.kind) < MINIMUMS[p.kind]]
        choices = need if need and len(roster) >= ROSTER_SIZE - 5 else legal
        return max(choices, key=lambda p: self.values[p.name])

    def worth(self, player: Player) -> int:
        return 1 + int(self.values[player.name] ** 2 * 14)

    def open_bid(self, coach: int, roster: list[Player], player: Player, max_bid: int) -> int:
        """A third of what the player is worth to it: low enough to leave room to raise."""
        return max(1, min(max_bid, self.worth(player) // 3))

    def bid(self, coach: int, roster: list[Player], player: Player, current: int,
            max_bid: int) -> int | None:
        offer = current + 1
        return offer if offer <= min(self.worth(player), max_bid) else None

    def lineup(self, coach: int, roster: list[Player]) -> dict[str, str]:
        return best_lineup(list(roster))


def draft(pool: Sequence[Player], coaches: int, dice: Dice, *, snake: bool = False,
          builder: Builder | None = None) -> list[list[Player]]:
    """GRID-5b, AMB-GRID-17: a random draft order, then turns until every roster has 15
    (straight order by default, reversing each round with `snake`)."""
    check_pool(pool, coaches)
    chooser = builder or ComputerBuilder(pool)
    order_deck = Deck(range(coaches))
    order = [order_deck.draw(dice) for _ in range(coaches)]
    available = list(pool)
    rosters: list[list[Player]] = [[] for _ in range(coaches)]
    for rnd in range(ROSTER_SIZE):
        turn = order[::-1] if snake and rnd % 2 else order
        for c in turn:
            legal = [p for p in available if league_ok(rosters, c, p, available)]
            player = chooser.pick(c, rosters[c], legal)
            if player not in legal:
                raise ScrimmageError(f"coach {c} may not take {player.name}")
            available.remove(player)
            rosters[c].append(player)
    return rosters


def auction(pool: Sequence[Player], coaches: int, dice: Dice, *, budget: int = AUCTION_BUDGET,
            builder: Builder | None = None) -> tuple[list[list[Player]], list[int]]:
    """GRID-6, AMB-GRID-16: $`budget` each; the pile shuffled, five face up; a random coach
    puts one up and names the opening bid; bidding goes round the table, each raise any amount
    the bidder can afford, and a coach who passes is out for that player; the winner pays and
    the coach to his left refills the face-up cards and puts up the next. A coach keeps $1 for
    each place still open, so no bid can make a full roster impossible; full coaches drop out.
    Returns the rosters and the money left."""
    check_pool(pool, coaches)
    chooser = builder or ComputerBuilder(pool)
    pile = Deck(range(len(pool)))
    face_up = [pool[pile.draw(dice)] for _ in range(min(FACE_UP, len(pool)))]
    rosters: list[list[Player]] = [[] for _ in range(coaches)]
    money = [budget] * coaches
    nominator = dice.roll(coaches) - 1

    def max_bid(c: int) -> int:
        return money[c] - (ROSTER_SIZE - len(rosters[c]) - 1)

    unsold = list(pool)
    while any(len(r) < ROSTER_SIZE for r in rosters):
        # the next coach (from the nominator, clockwise) who can take a face-up card
        for step in range(coaches):
            c = (nominator + step) % coaches
            legal = [p for p in face_up if league_ok(rosters, c, p, unsold)]
            if legal:
                nominator = c
                break
        else:
            if pile.empty:
                raise ScrimmageError("the auction ran out of cards anyone may take")
            face_up.append(pool[pile.draw(dice)])
            continue
        player = chooser.pick(nominator, rosters[nominator], legal)
        price = chooser.open_bid(nominator, rosters[nominator], player, max_bid(nominator))
        if not 1 <= price <= max_bid(nominator):                # GRID-6: the nominator opens
            raise ScrimmageError(f"coach {nominator} cannot open at ${price} "
                                 f"(${max_bid(nominator)} at most)")
        leader = nominator
        # clockwise from the nominator's left; the nominator answers last in each round
        active = [(nominator + i) % coaches for i in range(1, coaches + 1)]
        active = [c for c in active if c == nominator or league_ok(rosters, c, player, unsold)]
        while len(active) > 1:
            for c in list(active):
                if c == leader:
                    continue
                offer = (chooser.bid(c, rosters[c], player, price, max_bid(c))
                         if max_bid(c) > price else None)
                if offer is None or not price < offer <= max_bid(c):
                    active.remove(c)                             # passed: out for this player
                else:
                    price, leader = offer, c
        money[leader] -= price
        rosters[leader].append(player)
        face_up.remove(player)
        unsold.remove(player)
        if not pile.empty:
            face_up.append(pool[pile.draw(dice)])               # the winner's left flips
        nominator = (leader + 1) % coaches
    return rosters, money


def team_data(name: str, roster: Sequence[Player],
              lineup: dict[str, str] | None = None) -> dict[str, Any]:
    """A built roster as a team file's data, with its coach's starting eight (GRID-8; the
    best lineup when none is given)."""
    players = list(roster)
    return {"team": {"name": name, "official": False, "generator": "built"},
            "players": [player_to_card(p) for p in players],
            "lineup": lineup or best_lineup(players)}


def create_your_own(dice: Dice, name: str) -> dict[str, Any]:
    """GRID-5d, DATA-GRID-5: a random team of fifteen (our generator, documented there)."""
    return create_team(dice, name)


__all__ = [
    "GENERATOR",
    "ComputerBuilder",
    "auction",
    "can_take",
    "create_your_own",
    "draft",
    "team_data",
]
