"""The ruleset registry and the interface every ruleset implements.

As python-chess finds a variant by name, scrimmage finds a ruleset with one lookup. Rulesets
register themselves from `scrimmage.rules`; the core never imports them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Generator
from typing import Any, ClassVar, Protocol

from scrimmage.core.decisions import Coach, Decision
from scrimmage.core.dice import Dice
from scrimmage.core.errors import UnknownRuleset, UnknownTeam
from scrimmage.core.field import Side

DecisionFlow = Generator[Decision, str, None]


class Game(Protocol):
    """A game in progress, as the driver sees it."""

    @property
    def plays(self) -> list[dict[str, Any]]: ...

    @property
    def score(self) -> dict[Side, int]: ...

    def run(self) -> DecisionFlow: ...

    def view(self, seat: Side) -> Any: ...

    @property
    def over(self) -> bool: ...


class Ruleset(ABC):
    """One game of the five (or one level of one), registered under `name`."""

    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()

    @abstractmethod
    def team_names(self) -> list[str]:
        """Names of the bundled teams."""

    @abstractmethod
    def team_data(self, name_or_path: str) -> dict[str, Any]:
        """Raw, validated data of a bundled team (by name) or a team file (by path)."""

    @abstractmethod
    def load_team(self, data: dict[str, Any], source: str = "team") -> Any:
        """Build the team object the rules use from validated data."""

    @abstractmethod
    def new_game(
        self, home: Any, away: Any, dice: Dice, options: dict[str, Any]
    ) -> Game:
        """A game ready to `run()`."""

    @abstractmethod
    def default_coach(self, kind: str, seed: int) -> Coach:
        """A computer coach of the named kind (`solitaire`, `random`)."""

    def default_teams(self) -> tuple[str, str]:
        names = self.team_names()
        if len(names) < 2:
            raise UnknownTeam(f"{self.name} has fewer than two bundled teams; name them with "
                              "--home and --away")
        return names[0], names[1]


_REGISTRY: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    for key in (ruleset.name, *ruleset.aliases):
        _REGISTRY[key] = ruleset
    return ruleset


def find_ruleset(name: str) -> Ruleset:
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted({r.name for r in _REGISTRY.values()}))
        raise UnknownRuleset(f"no ruleset named {name!r}; known: {known}") from None


def ruleset_names() -> list[str]:
    return sorted({r.name for r in _REGISTRY.values()})
