"""Pass filters: computer coaches wave optional decisions through without a `Decision`.

A game asks many optional questions (timeouts, coaching-point items, out of bounds...) that a
computer coach nearly always answers with the do-nothing option. A coach may offer
`lets_pass(kind, item, view) -> bool`; when it says yes, the rules skip building the
`Decision` and the answer (the first option) goes straight into the record, so replays and
resumed games still see every answer. The driver turns the filters on (through the game's
`use_pass_filters`) once any saved part of a game has been replayed. A person's coach offers
no filter and is asked everything.

A game holds one `PassFilters` and hands its two methods on (composition rather than a base
class, so the compiled build can mix compiled and plain games).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scrimmage.core.decisions import Kind
from scrimmage.core.field import Side
from scrimmage.core.sides import AWAY, HOME

PassFilter = Callable[[Kind, str, Any], bool]


class PassFilters:
    __slots__ = ("_log", "_seats", "_view")

    def __init__(self) -> None:
        # Per side, the coach's filter and its seat's view (None: that side is asked).
        self._seats: dict[Side, tuple[PassFilter, Any] | None] | None = None
        self._log: list[list[str]] | None = None

    def use(self, filters: dict[Side, PassFilter | None], log: list[list[str]] | None,
            view: Callable[[Side], Any]) -> None:
        """Wave questions through for the sides with a filter, their answers logged in `log`
        (None: a batch game nobody reads the answers of); with no filter, ask everything
        again (the driver does so when its game ends: a seat's view holds the game, and a
        game that is no reference cycle is freed as soon as nobody holds it)."""
        # Written out for the two sides: a smart coach's copies each take filters and drop
        # them again, hundreds of times a choice (a loop over the enum cost more).
        home, away = filters.get(HOME), filters.get(AWAY)
        if home is None and away is None:
            self._seats = None
            self._log = None
            return
        self._seats = {HOME: None if home is None else (home, view(HOME)),
                       AWAY: None if away is None else (away, view(AWAY))}
        self._log = log

    def view(self, side: Side) -> Any:
        """The view of `side` these filters hold while they are on (None: no filter for that
        side): a game may hand it out again rather than make a new one. It lives no longer
        than the filters, so it keeps the game in no reference cycle the filters do not."""
        seats = self._seats
        if seats is None:
            return None
        seat = seats[side]
        return None if seat is None else seat[1]

    def passes(self, kind: Kind, item: str, side: Side, first: str) -> bool:
        """True when `side`'s coach takes the first option of this optional decision without
        being shown it; the answer is recorded all the same."""
        seats = self._seats
        if seats is None:
            return False
        seat = seats[side]
        if seat is None or not seat[0](kind, item, seat[1]):
            return False
        if self._log is not None:
            self._log.append([kind, side, first])
        return True
