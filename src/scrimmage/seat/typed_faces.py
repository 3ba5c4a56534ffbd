"""What a person types for a die that is not numbered: a printed face or a playing card.

The engine rolls such a die as a numbered one and reads face n (`faces[n - 1]`, a deck's
`pool[n - 1]`), so what is typed is read back into that number: the record keeps the number
the engine's dice would have returned, and a typed game replays through the same `TypedDice`.

A printed face is typed as it is printed ("(8)", "flag", "D5A"; "8" for a circled 8, "blank"
or "-" for a blank face), or as its face number, "#3" (the print-and-play sheet numbers them,
"d6: 3"). A bare number is a face number only on a die with no numbers printed (the clock and
penalty dice, the coin): on the others it would be ambiguous, 3 printed or the third face.
A card is its rank and suit: 7H, 10D, KS, AS (♥/♦/♣/♠ for the letter, or "7 of hearts").
"""

from __future__ import annotations

import re

from scrimmage.core.deck import RANKS, SUITS

CARD_HELP = "like 7H, 10D, KS or AS (or 7♥, 7 of hearts)"
_NUMBER_FACE = re.compile(r"[(\[]?-?\d+[)\]]?")
_FACE_NUMBER = re.compile(r"(?:#|d\d+:)\s*(\d+)")
_MARKS = "()[]"
_SUIT_SIGNS = {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S"}
_SUIT_WORDS = {"club": "C", "diamond": "D", "heart": "H", "spade": "S"}
_RANK_WORDS = {"ace": "A", "jack": "J", "queen": "Q", "king": "K", "two": "2", "three": "3",
               "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
               "ten": "10", "1": "A", "t": "10"}


def unique(labels: tuple[str, ...]) -> tuple[str, ...]:
    """The labels of a die once each, in face order (two faces alike read the same)."""
    return tuple(dict.fromkeys(labels))


def numbered(labels: tuple[str, ...]) -> bool:
    """Whether any face has a number printed (then a bare number is a label, not a face's
    place)."""
    return any(_NUMBER_FACE.fullmatch(label) for label in labels)


def read_face(labels: tuple[str, ...], text: str) -> int | None:
    """The face number (1..) of the face typed, the first of its label; None if no face."""
    key = text.strip().casefold()
    if key == "blank":
        key = "-"
    number = _FACE_NUMBER.fullmatch(key)
    if number is None and key.isdigit() and not numbered(labels):
        number = re.fullmatch(r"(\d+)", key)
    if number is not None:
        n = int(number[1])
        return n if 1 <= n <= len(labels) else None
    for strip in ("", _MARKS):               # as printed first; then "8" for a circled (8)
        for i, label in enumerate(labels):
            if label.casefold().strip(strip) == key.strip(strip) and key:
                return i + 1
    return None


def card_text(card: int) -> str:
    return RANKS[card % 13] + SUITS[card // 13]


def read_card(text: str) -> str | None:
    """A playing card typed, as the deck writes it ("7H", "10D", "AS"), or None."""
    t = text.strip().casefold()
    words = re.fullmatch(r"(\w+)\s+of\s+(\w+?)s?", t)
    if words is not None:
        rank, suit = _RANK_WORDS.get(words[1], words[1].upper()), _SUIT_WORDS.get(words[2], "")
    else:
        t = "".join(_SUIT_SIGNS.get(c, c) for c in t if not c.isspace()).upper()
        rank, suit = t[:-1], t[-1:]
        rank = _RANK_WORDS.get(rank.casefold(), rank)
    if suit not in SUITS or rank not in RANKS or not suit:
        return None
    return rank + suit
