"""The chart's codes in plain words (`[terms]` and `[penalty_rows]` of data/words.toml): what the
play-by-play, the dice line and the questions say for SP, LOS, PD... The records keep the codes.

Callers that only build a dice line ask for these words under `g.reads.on`, so a batch
simulation (no narration) never looks them up.
"""

from __future__ import annotations

from typing import Final

from scrimmage.rules.narration import words_table

PACKAGE: Final = "scrimmage.rules.fived20"
_TERMS: Final[dict[str, str]] = {}


def terms() -> dict[str, str]:
    """Code -> words (read once; a plain dict afterwards: `_describe` runs on every play)."""
    if not _TERMS:
        _TERMS.update(words_table(PACKAGE, "terms"))
    return _TERMS


def word(code: str) -> str:
    """A code in words; the numbered yardage columns (BRK3, LP2) name the player's column."""
    t = terms()
    known = t.get(code)
    if known is not None:
        return known
    for prefix in ("BRK", "LP"):
        if code.startswith(prefix) and code[len(prefix):].isdigit():
            return f"{t[prefix]} (his column {code[len(prefix):]})"
    return code


def yards_text(n: int) -> str:
    """`1 yard`, `-4 yards`."""
    return f"{n} yard" + ("" if abs(n) == 1 else "s")


def penalty_row(row: str) -> str:
    """The Penalty Range row in words: what the play was ("on a run")."""
    return words_table(PACKAGE, "penalty_rows").get(row, row)
