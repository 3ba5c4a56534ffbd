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

PassFilter = Callable[[Kind, str, Any], bool]


class PassFilters:
    __slots__ = ("_filters", "_log", "_view", "_views")

    def __init__(self, view: Callable[[Side], Any]) -> None:
        self._view = view
        self._filters: dict[Side, PassFilter | None] | None = None
        self._views: dict[Side, Any] = {}
        self._log: list[list[str]] = []

    def use(self, filters: dict[Side, PassFilter | None], log: list[list[str]]) -> None:
        if any(f is not None for f in filters.values()):
            self._filters = filters
            self._views = {side: self._view(side) for side in Side}
            self._log = log

    def passes(self, kind: Kind, item: str, side: Side, first: str) -> bool:
        """True when `side`'s coach takes the first option of this optional decision without
        being shown it; the answer is recorded all the same."""
        filters = self._filters
        if filters is None:
            return False
        f = filters[side]
        if f is None or not f(kind, item, self._views[side]):
            return False
        self._log.append([kind, side, first])
        return True
