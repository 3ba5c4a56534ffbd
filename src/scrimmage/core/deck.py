"""Decks of cards drawn through the dice.

Some games keep time (or draw events) with a deck of cards instead of a clock: The Grid flips a
52-card timing deck. A `Deck` holds the cards not yet drawn and draws each one with a roll of a
die the size of what is left, so a deck is exactly as random as a shuffle, is driven by the
game's injected `Dice` (seeded, scripted or replayed like every other roll) and needs no
shuffle up front. A scenario test can `stack` known cards on top (drawn without a roll).

Cards are plain ints; what they mean is the ruleset's business (`standard_card_text` names the
cards of a standard 52-card deck numbered suit * 13 + rank - 1).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Final, TypeVar

from scrimmage.core.dice import Dice

SUITS: Final = "CDHS"
"""Suit letters of a standard deck in card-number order: clubs, diamonds, hearts, spades."""
RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def standard_card(text: str) -> int:
    """`"4H"` -> the number of the four of hearts; `"AS"`, `"10D"`, `"KC"`..."""
    t = text.strip().upper()
    rank, suit = t[:-1], t[-1:]
    if suit not in SUITS or rank not in RANKS:
        raise ValueError(f"not a playing card: {text!r} (e.g. 4H, AS, 10D, KC)")
    return SUITS.index(suit) * 13 + RANKS.index(rank)


def standard_card_text(card: int) -> str:
    return RANKS[card % 13] + SUITS[card // 13]


K = TypeVar("K", bound=Hashable)


class Deck:
    """Cards left to draw, drawn uniformly at random through the dice."""

    __slots__ = ("_pool", "_stacked", "left")

    def __init__(self, cards: Sequence[int] = range(52), size: int | None = None) -> None:
        self._pool: list[int] = []
        self._stacked: list[int] = []
        self.left = 0
        self.reset(cards, size)

    def reset(self, cards: Sequence[int] = range(52), size: int | None = None) -> None:
        """A fresh deck of `cards`; `size` draws only that many of them (a random part of the
        deck, e.g. The Grid's 17-card overtime deck)."""
        self._pool = list(cards)
        self._stacked = []
        self.left = len(self._pool) if size is None else min(size, len(self._pool))

    def copy(self) -> Deck:
        """The same cards left, in lists of the copy's own (a what-if draws from it)."""
        c = Deck(())
        c._pool = list(self._pool)
        c._stacked = list(self._stacked)
        c.left = self.left
        return c

    @property
    def pool(self) -> tuple[int, ...]:
        """The cards a draw picks from, in the order its die indexes them (face n is
        `pool[n - 1]`): a card turned at a real table is typed as its place here."""
        return tuple(self._pool)

    @property
    def empty(self) -> bool:
        return self.left <= 0

    def stack(self, cards: Iterable[int]) -> None:
        """Put known cards on top, first one drawn first (scenario tests). Each is taken out of
        the cards left, so the deck still holds every card once."""
        for card in cards:
            self._pool.remove(card)
            self._stacked.append(card)

    def draw(self, dice: Dice) -> int:
        """The next card; raises `IndexError` when the deck is used up."""
        if self.left <= 0:
            raise IndexError("the deck is used up")
        self.left -= 1
        if self._stacked:
            return self._stacked.pop(0)
        pool = self._pool
        i = dice.roll(len(pool)) - 1
        card = pool[i]
        pool[i] = pool[-1]          # swap-remove: O(1), and the draw stays uniform
        pool.pop()
        return card

    def next_chances(self, key: Callable[[int], K]) -> dict[K, float]:
        """The chance that the next card drawn has each `key` (a suit, say): a computer coach
        reads the deck as the cards not yet seen. Empty when the deck is used up."""
        if self.left <= 0:
            return {}
        if self._stacked:
            return {key(self._stacked[0]): 1.0}
        out: dict[K, float] = {}
        for card in self._pool:
            k = key(card)
            out[k] = out.get(k, 0.0) + 1 / len(self._pool)
        return out
