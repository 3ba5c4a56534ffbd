"""`HOME` and `AWAY` as constants of a compiled module.

The same two members as `scrimmage.core.field`'s, for the modules the compiled build compiles:
mypyc reads a `Final` name of a compiled module as a C static, but a name imported from a
module it leaves as Python (`field`, whose `Side` enum cannot be compiled) through the
importer's globals dict, thousands of times a game.
"""

from __future__ import annotations

from typing import Final

from scrimmage.core.field import Side

HOME: Final = Side.HOME
AWAY: Final = Side.AWAY


def opponent_of(side: Side) -> Side:
    """The other side. A compiled function, not the member's `other` attribute: compiled
    code reads an enum member's attribute by name, and a game reads this over a thousand
    times."""
    return AWAY if side is HOME else HOME
