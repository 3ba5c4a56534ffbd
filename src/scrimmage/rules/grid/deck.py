"""The timing deck (GRID-2, GRID-29..38): a standard 52-card deck that keeps time.

Each flip draws one card through the game's dice (`core.deck.Deck`), so a seeded game, a
replay and a scripted test all see the same cards; a scenario test can `stack` known cards.
A half ends when its last card is flipped (GRID-38); the deck is reshuffled whole at halftime
(AMB-GRID-12), and an overtime period holds 17 cards drawn at random from a fresh deck
(GRID-49).

`TimingClock` is the deck seen as a clock: the period (1 and 2 are the halves, 3 and up the
overtime periods), the cards left, and the nominal time they stand for (30 minutes a half, 10
an overtime period) for the play records' `*_seconds_remaining` columns.
"""

from __future__ import annotations

from typing import Final

from scrimmage.core.deck import Deck, standard_card, standard_card_text
from scrimmage.core.dice import Dice

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS: Final = ("♣", "♦", "♥", "♠")
"""How a card table writes the suits (the play-by-play's 6♥; the records keep 6H)."""
HALF_CARDS: Final = 52
OVERTIME_CARDS: Final = 17
HALF_SECONDS: Final = 30 * 60
OVERTIME_SECONDS: Final = 10 * 60


def suit(card: int) -> int:
    return card // 13


def rank(card: int) -> int:
    """1 (ace) to 13 (king)."""
    return card % 13 + 1


card: Final = standard_card
"""`card("4H")`: the number of a card from its text."""
card_text: Final = standard_card_text


class TimingClock:
    __slots__ = ("deck", "period", "size")

    def __init__(self, deck: Deck | None = None) -> None:
        self.deck = Deck(range(HALF_CARDS)) if deck is None else deck
        self.period = 1
        self.size = HALF_CARDS

    def copy(self) -> TimingClock:
        """The same deck and period, for a what-if to flip on."""
        c = TimingClock(self.deck.copy())
        c.period = self.period
        c.size = self.size
        return c

    @property
    def cards_left(self) -> int:
        return self.deck.left

    @property
    def expired(self) -> bool:
        return self.deck.left <= 0

    def flip(self, dice: Dice) -> int | None:
        """The next card, or None when the period's deck is used up."""
        if self.deck.left <= 0:
            return None
        return self.deck.draw(dice)

    def next_period(self) -> None:
        """Halftime: all 52 cards again; overtime: 17 random cards of a fresh deck."""
        self.period += 1
        self.size = HALF_CARDS if self.period <= 2 else OVERTIME_CARDS
        self.deck.reset(range(HALF_CARDS), self.size)

    @property
    def period_seconds_remaining(self) -> int:
        """Nominal seconds the cards left stand for (monotone within a period)."""
        per = HALF_SECONDS if self.period <= 2 else OVERTIME_SECONDS
        return self.deck.left * per // self.size

    @property
    def game_seconds_remaining(self) -> int:
        return self.period_seconds_remaining + (HALF_SECONDS if self.period == 1 else 0)

    @property
    def label(self) -> str:
        return f"H{self.period}" if self.period <= 2 else f"OT{self.period - 2}"
