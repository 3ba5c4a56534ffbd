"""The Grid's cards: player cards (GRID-7) and play-calling cards (GRID-13, GRID-19, GRID-20).

A player card is a `Player`: one slotted class for the three types, so the hot loop reads a
rating without asking the type first; ratings a type does not have are 0 (never read for that
type). Dice ratings are kept as the number of sides (4, 6, 8, 10, 12).

Play-calling cards are strings `<play>_<carrier>`: `run_inside_hb`, `long_pass_re`, and on
defense also `<play>_nokey` (`flat_pass_nokey`).
"""

from __future__ import annotations

from typing import Final, Literal

DIE_SIDES: Final[tuple[int, ...]] = (4, 6, 8, 10, 12)
"""GRID-7: ratings given as a die type, d4 to d12."""

PlayerType = Literal["QB", "HBE", "LN"]

QB: Final = "QB"
HBE: Final = "HBE"
LN: Final = "LN"


class Player:
    """One player card (GRID-7)."""

    __slots__ = (
        "flat",
        "fumble",
        "injury",
        "interception",
        "kicking",
        "kind",
        "long",
        "makeshift",
        "name",
        "number",
        "pass_blocking",
        "pass_defense",
        "pass_yards",
        "run_blocking",
        "run_defense",
        "run_yards",
        "short",
    )

    def __init__(self, name: str, kind: str, *, number: int = 0, flat: int = 0, short: int = 0,
                 long: int = 0, pass_yards: int = 4, interception: int = 4, run_yards: int = 4,
                 kicking: int = 4, fumble: int = 4, run_blocking: int = 0, pass_blocking: int = 0,
                 run_defense: int = 0, pass_defense: int = 0, injury: int = 4,
                 makeshift: bool = False) -> None:
        self.name = name
        self.kind = kind
        self.number = number
        self.flat = flat                  # QB: d20 modifier on a flat pass (GRID-24)
        self.short = short
        self.long = long
        self.pass_yards = pass_yards      # QB: the passing die; HBE: his pass-yardage die
        self.interception = interception  # QB (GRID-34)
        self.run_yards = run_yards        # HBE (GRID-21)
        self.kicking = kicking            # HBE (GRID-42, GRID-45)
        self.fumble = fumble              # HBE (GRID-34)
        self.run_blocking = run_blocking  # LN (GRID-9)
        self.pass_blocking = pass_blocking
        self.run_defense = run_defense    # HBE and LN (GRID-10)
        self.pass_defense = pass_defense
        self.injury = injury              # everyone (GRID-30)
        self.makeshift = makeshift
        """True for an out-of-position stand-in (AMB-GRID-9): every rating 0, every die a d4."""

    def __repr__(self) -> str:
        return f"Player({self.name!r}, {self.kind})"

    def out_of_position(self) -> Player:
        """AMB-GRID-9: this player standing in where his type may not play."""
        return Player(self.name, self.kind, number=self.number, injury=self.injury,
                      makeshift=True)

    def card_text(self) -> str:
        if self.kind == QB:
            return (f"{self.name} QB flat {self.flat:+d} short {self.short:+d} long {self.long:+d}"
                    f" pass d{self.pass_yards} int d{self.interception} inj d{self.injury}")
        if self.kind == HBE:
            return (f"{self.name} HBE run d{self.run_yards} pass d{self.pass_yards} "
                    f"def {self.run_defense}/{self.pass_defense} kick d{self.kicking} "
                    f"fum d{self.fumble} inj d{self.injury}")
        return (f"{self.name} LN block {self.run_blocking}/{self.pass_blocking} "
                f"def {self.run_defense}/{self.pass_defense} inj d{self.injury}")


# -- play-calling cards (GRID-13) ---------------------------------------------------------
PLAYS: Final[tuple[str, ...]] = ("run_inside", "run_outside", "flat_pass", "short_pass", "long_pass")
RUNS: Final = frozenset(("run_inside", "run_outside"))
CARRIERS: Final[tuple[str, ...]] = ("hb", "le", "re")
SLOT_OF_CARRIER: Final = {"hb": "HB", "le": "LE", "re": "RE"}
NO_KEY: Final = "nokey"

OFFENSE_CARDS: Final[tuple[str, ...]] = tuple(f"{p}_{c}" for p in PLAYS for c in CARRIERS)
"""The fifteen type x carrier cards; the offense may not use the No Key cards (GRID-13)."""
DEFENSE_CARDS: Final[tuple[str, ...]] = tuple(f"{p}_{c}" for p in PLAYS for c in (*CARRIERS, NO_KEY))
"""All twenty cards: the defense calls a play and a key, or No Key (GRID-20)."""

INTERCEPTION_BOXES: Final = {"flat_pass": 1, "short_pass": 2, "long_pass": 4}
"""GRID-35: where an interception happens, in boxes past the line of scrimmage."""

LABELS: Final = {"run_inside": "Run Inside", "run_outside": "Run Outside", "flat_pass": "Flat Pass",
                 "short_pass": "Short Pass", "long_pass": "Long Pass",
                 "hb": "HB", "le": "LE", "re": "RE", NO_KEY: "No Key"}


def split_card(card: str) -> tuple[str, str]:
    """`"short_pass_le"` -> `("short_pass", "le")`."""
    play, _, carrier = card.rpartition("_")
    return play, carrier


def card_label(card: str) -> str:
    play, carrier = split_card(card)
    return f"{LABELS[play]} {LABELS[carrier]}"


def is_run(play: str) -> bool:
    return play in RUNS


def offense_refusals(ball: int) -> dict[str, str]:
    """GRID-19: the cards the offense may not call with the ball `ball` boxes from the goal."""
    refused = {"run_inside_le": "neither end can run inside",
               "run_inside_re": "neither end can run inside",
               "long_pass_hb": "the HB cannot catch a long pass"}
    if ball <= 3:
        for c in ("le", "re"):
            refused[f"long_pass_{c}"] = "no long pass from the defensive 15 or closer"
    if ball <= 1:
        for c in CARRIERS:
            refused[f"short_pass_{c}"] = "no short pass from the defensive 5"
    return refused


def offense_options(ball: int) -> tuple[tuple[str, ...], dict[str, str]]:
    refused = offense_refusals(ball)
    return tuple(c for c in OFFENSE_CARDS if c not in refused), refused
