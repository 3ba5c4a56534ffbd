"""The Grid's result codes and d20 modifiers in plain words (`[terms]` and `[modifiers]` of
data/words.toml) and the timing cards as a card table writes them (6♥). The records keep the
codes (`result`, `timing_cards`); only what a person reads uses these."""

from __future__ import annotations

from typing import Final

from scrimmage.core.deck import RANKS
from scrimmage.rules.grid.cards import LABELS, NO_KEY, split_card
from scrimmage.rules.grid.deck import SUIT_SYMBOLS
from scrimmage.rules.grid.results import RESULT_NAMES
from scrimmage.rules.narration import words_table

PACKAGE: Final = "scrimmage.rules.grid"
_RESULTS: Final[list[str]] = []
_MODIFIERS: Final[dict[str, str]] = {}


def result_words(result: int) -> str:
    """A result code (GRID-27) in words: "no gain", "the lower yardage die plus a box"."""
    if not _RESULTS:            # read once; the description of every play asks
        terms = words_table(PACKAGE, "terms")
        _RESULTS.extend(terms[name] for name in RESULT_NAMES)
    return _RESULTS[result]


def modifier_words(parts: dict[str, int], run: bool, same_play: bool, same_kind: bool,
                   key: str, carrier: str) -> str:
    """The d20's modifiers by name, those that count: "pass defense -1, same play -5"."""
    if not _MODIFIERS:          # read once: every play's description names them
        _MODIFIERS.update(words_table(PACKAGE, "modifiers"))
    w = _MODIFIERS
    said = []
    for part, value in parts.items():
        if not value:
            continue
        if part == "defense":
            name = w["run_defense" if run else "pass_defense"]
        elif part == "match":
            name = w["same_play" if same_play else "same_type" if same_kind else "opposite_type"]
        elif part == "key":
            name = w["no_key" if key == NO_KEY else "key_correct" if key == carrier
                     else "key_wrong"]
        else:
            name = w[part]
        said.append(f"{name} {value:+d}")
    return ", ".join(said)


def offense_card(card: str) -> str:
    """`flat_pass_hb` -> "Flat Pass to the HB"."""
    play, carrier = split_card(card)
    return f"{LABELS[play]} to the {LABELS[carrier]}"


def defense_card(card: str) -> str:
    """`flat_pass_le` -> "Flat Pass defense, keyed on the LE"; a No Key card says so."""
    play, key = split_card(card)
    return f"{LABELS[play]} defense, " + ("no key" if key == NO_KEY
                                         else f"keyed on the {LABELS[key]}")


def card_words(card: int) -> str:
    """A timing card as a card table writes it: 6♥, 10♠, K♦."""
    return RANKS[card % 13] + SUIT_SYMBOLS[card // 13]
