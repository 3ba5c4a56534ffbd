"""The field's length and its spots in words (`OWN25`, `50`, `OPP34`): every play's situation
line reads them, so this module is compiled in the compiled build; `field` re-exports it
(the `Side` enum there cannot be compiled: its members carry their `other`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Field:
    """A field of `length` yards between the goal lines; `first_down` yards for a new set."""

    length: int = 100
    first_down: int = 10

    def flip(self, yardline: int) -> int:
        """The same spot seen from the other team's side."""
        return self.length - yardline

    def spot_text(self, yardline: int) -> str:
        """`OWN25`, `50` or `OPP34` for a yardline_100 value."""
        half = self.length // 2
        if yardline == half and self.length % 2 == 0:
            return str(half)
        if yardline > half:
            return f"OWN{self.length - yardline}"
        return f"OPP{yardline}"

    def parse_spot(self, text: str) -> int:
        """Inverse of `spot_text`."""
        t = text.strip().upper()
        if t.startswith("OWN"):
            value = self.length - int(t[3:])
        elif t.startswith("OPP"):
            value = int(t[3:])
        else:
            value = int(t)
        if not 0 < value < self.length:
            raise ValueError(f"spot {text!r} is not on the field")
        return value


STANDARD_FIELD: Final = Field()
