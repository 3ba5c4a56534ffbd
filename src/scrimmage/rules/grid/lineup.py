"""The Grid's game board: the eight slots and the `Lineup` in them (GRID-8 to GRID-11).

`Lineup` holds the players in the eight slots and the four markers that follow from them:
the run/pass blocking dice (GRID-9) and the run/pass defense modifiers (GRID-10), recomputed
on every change (GRID-11). It is apart from the team file's validation (`roster`) because
every play reads it: this module is compiled in the compiled build, the file models are not.
"""

from __future__ import annotations

from typing import Final

from scrimmage.rules.grid.cards import HBE, LN, QB, Player
from scrimmage.rules.grid.table_lookup import Tables

SLOTS: Final[tuple[str, ...]] = ("QB", "HB", "LE", "RE", "LG", "C", "RG", "DS")
"""GRID-8: the eight starters."""
SLOT_INDEX: Final = {s: i for i, s in enumerate(SLOTS)}
OFFENSE_SLOTS: Final = ("QB", "HB", "LE", "RE", "LG", "C", "RG")
DEFENSE_SLOTS: Final = ("HB", "LE", "RE", "LG", "C", "RG", "DS")
"""GRID-10: the seven defenders (the DS replaces the QB)."""
ELIGIBLE: Final[dict[str, frozenset[str]]] = {
    "QB": frozenset((QB,)), "HB": frozenset((HBE,)), "LE": frozenset((HBE,)),
    "RE": frozenset((HBE,)), "LG": frozenset((LN,)), "C": frozenset((LN,)),
    "RG": frozenset((LN,)), "DS": frozenset((HBE, LN)),
}

class Lineup:
    """One team's game board: eight slots and the four markers (GRID-9, GRID-10, GRID-11)."""

    __slots__ = ("pass_block_die", "pass_def_mod", "players", "run_block_die", "run_def_mod",
                 "tables")

    def __init__(self, players: list[Player] | None = None, tables: Tables | None = None) -> None:
        # No arguments: a blank that copy() fills (core/compiled.py).
        if players is None or tables is None:
            return
        self.players = players
        """The player in each slot, in the order of `SLOTS`."""
        self.tables = tables
        self.run_block_die = self.pass_block_die = 4
        self.run_def_mod = self.pass_def_mod = 0
        self.recompute()

    def copy(self) -> Lineup:
        """The same board: a slot list of its own; the players and tables are shared (no
        rule changes a card)."""
        c = Lineup.__new__(Lineup)
        c.players = list(self.players)
        c.tables = self.tables
        c.run_block_die = self.run_block_die
        c.pass_block_die = self.pass_block_die
        c.run_def_mod = self.run_def_mod
        c.pass_def_mod = self.pass_def_mod
        return c

    def __getitem__(self, slot: str) -> Player:
        return self.players[SLOT_INDEX[slot]]

    def put(self, slot: str, player: Player) -> Player:
        """Put `player` in `slot`; returns who left it. The markers move (GRID-11)."""
        i = SLOT_INDEX[slot]
        old = self.players[i]
        self.players[i] = player
        self.recompute()
        return old

    def swap(self, a: str, b: str) -> None:
        """Two starters trade places (GRID-8); the markers move (GRID-11)."""
        i, j = SLOT_INDEX[a], SLOT_INDEX[b]
        self.players[i], self.players[j] = self.players[j], self.players[i]
        self.recompute()

    def recompute(self) -> None:
        p = self.players
        t = self.tables
        lns = p[4:7]                                           # LG, C, RG
        self.run_block_die = t.blocking[min(99, sum(x.run_blocking for x in lns))]   # GRID-9
        self.pass_block_die = t.blocking[min(99, sum(x.pass_blocking for x in lns))]
        defenders = p[1:]                                      # HB..RG and the DS (GRID-10)
        self.run_def_mod = t.defense[min(99, sum(x.run_defense for x in defenders))]
        self.pass_def_mod = t.defense[min(99, sum(x.pass_defense for x in defenders))]

    @property
    def totals(self) -> dict[str, int]:
        lns, defenders = self.players[4:7], self.players[1:]
        return {"run_blocking": sum(x.run_blocking for x in lns),
                "pass_blocking": sum(x.pass_blocking for x in lns),
                "run_defense": sum(x.run_defense for x in defenders),
                "pass_defense": sum(x.pass_defense for x in defenders)}


def eligible(slot: str, player: Player) -> bool:
    return player.kind in ELIGIBLE[slot]
