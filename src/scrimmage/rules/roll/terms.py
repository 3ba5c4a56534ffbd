"""1st & Roll's dice faces in plain words (`[terms]` and `[colours]` of data/words.toml): the
clock die's CLOCK and T, the penalty die's O5..D5A, the colours. The records keep the faces;
only what a person reads uses these."""

from __future__ import annotations

from typing import Final

from scrimmage.rules.narration import words_table

PACKAGE: Final = "scrimmage.rules.roll"
_FACES: Final[dict[str, str]] = {}
_COLOURS: Final[dict[str, str]] = {}


def face_words(code: str) -> str:
    """A face of the clock or penalty die in words ("turnover", "offsides: defense,
    5 yards")."""
    if not _FACES:              # read once: plain dicts afterwards (every play says some)
        _FACES.update(words_table(PACKAGE, "terms"))
    return _FACES.get(code, code)


def colour(name: str) -> str:
    """A coloured die with what it plays: "yellow (short pass)"."""
    if not _COLOURS:
        _COLOURS.update(words_table(PACKAGE, "colours"))
    return _COLOURS.get(name, name)
