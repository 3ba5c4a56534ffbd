"""The twelve play cards (FNL-2) and the cell codes of the team-sheet matrices."""

from __future__ import annotations

from typing import Final

OFF_SETS: Final[tuple[str, ...]] = ("inside_run", "outside_run", "draw", "roll_out", "drop_back", "screen")
"""Offensive play cards; the first three are runs, the last three passes (FNL-2)."""
DEF_SETS: Final[tuple[str, ...]] = ("run_inside", "run_outside", "run_blitz", "zone", "man", "pass_blitz")
"""Defensive play cards; the first three are run defenses, the last three pass defenses."""

OFF_INDEX: Final = {name: i for i, name in enumerate(OFF_SETS)}
DEF_INDEX: Final = {name: i for i, name in enumerate(DEF_SETS)}

LABELS: Final[dict[str, str]] = {
    "inside_run": "Inside Run", "outside_run": "Outside Run", "draw": "Draw",
    "roll_out": "Roll Out", "drop_back": "Drop Back", "screen": "Screen",
    "run_inside": "Run Inside", "run_outside": "Run Outside", "run_blitz": "Run Blitz",
    "zone": "Zone", "man": "Man", "pass_blitz": "Pass Blitz",
}


def is_run(off_set: str) -> bool:
    return OFF_INDEX[off_set] < 3


def is_run_defense(def_set: str) -> bool:
    return DEF_INDEX[def_set] < 3


# Cell codes. Yardage cells hold their signed yards (|yards| < 100); the three override
# results get codes outside that range so the hot loop compares ints only.
INC: Final = 100
BP_OFF: Final = 101
BP_DEF: Final = 102

CELL_TOKENS: Final = {"INC": INC, "BP-OFF": BP_OFF, "BP-DEF": BP_DEF}
CELL_TEXT: Final = {INC: "INC", BP_OFF: "BP-OFF", BP_DEF: "BP-DEF"}


CELL_TEXTS: Final = {**{n: str(n) for n in range(-99, 100)}, **CELL_TEXT}
"""Every cell's text, made once (each snap's record shows two cells)."""


def cell_text(code: int) -> str:
    return CELL_TEXTS.get(code) or str(code)


CELL_WORDS: Final = {
    "INC": "incomplete", "BP-OFF": "Big Play (offense)", "BP-DEF": "Big Play (defense)",
    "TD": "touchdown", "LOSS": "a loss", "TURNOVER": "a turnover",
    "TURNOVER_TD": "a turnover returned for a touchdown", "TFL": "a tackle for a loss",
    "SACK": "a sack", "INT": "an interception", "FUM": "a fumble", "fair_catch": "fair catch",
    "BLOCKED": "blocked", "SHANK": "shanked", "ROUGHING": "roughing the kicker",
    "made": "good", "missed": "no good", "blocked": "blocked",
    "USE_DEF_ONLY": "the defense's result only", "USE_OFF_ONLY": "the offense's result only",
    "USE_OFF_PLUS_5": "the offense's result, 5 more yards",
    "USE_OFF_PLUS_10": "the offense's result, 10 more yards",
    "BIG_PLAY_OFF": "a Big Play for the offense", "BIG_PLAY_DEF": "a Big Play for the defense",
    "MUFF": "a muffed catch", "NONE": "nothing", "LONG_RETURN": "a long return",
    "RETURN_TD": "returned for a touchdown",
}
"""The codes on the sheets and X-sheets (and the engine's own), as a person reads them."""


def cell_words(code: str) -> str:
    """A sheet's cell or a chart's code in words: `INC` -> "incomplete"; numbers stay."""
    return CELL_WORDS.get(code, code)
