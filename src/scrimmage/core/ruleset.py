"""The ruleset registry and the interface every ruleset implements.

As python-chess finds a variant by name, scrimmage finds a ruleset with one lookup. Rulesets
register themselves from `scrimmage.rules`; the core never imports them.
"""

from __future__ import annotations

import tomllib
from abc import ABC, abstractmethod
from collections.abc import Generator
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar, Protocol

from scrimmage.core.decisions import Coach, Decision
from scrimmage.core.dice import Dice
from scrimmage.core.errors import SheetError, UnknownRuleset, UnknownTeam
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


@cache
def bundled_teams(folder: str) -> dict[str, tuple[str, dict[str, Any]]]:
    """The team files shipped in `scrimmage/teams/<folder>/`: name -> (file name, data)."""
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    root = resources.files("scrimmage.teams").joinpath(folder)
    if not folder or not root.is_dir():
        return out
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            data = tomllib.loads(entry.read_text("utf-8"))
            out[str(data.get("team", {}).get("name", entry.name))] = (entry.name, data)
    return out


def read_toml_file(path: str | Path) -> dict[str, Any]:
    """A TOML file's data, or `SheetError(file, "(file)", reason)`."""
    p = Path(path)
    try:
        return tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SheetError(str(p), "(file)", f"cannot read: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise SheetError(str(p), "(file)", f"not valid TOML: {exc}") from None


class Ruleset(ABC):
    """One game of the five (or one level of one), registered under `name`."""

    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    folder: ClassVar[str] = ""
    """Where its bundled teams live: `scrimmage/teams/<folder>/`."""

    def team_names(self) -> list[str]:
        """Names of the bundled teams."""
        return list(bundled_teams(self.folder))

    def team_keys(self, data: dict[str, Any]) -> tuple[str, ...]:
        """Other names a bundled team answers to (besides its name and file name)."""
        return ()

    def read_team_file(self, path: Path) -> dict[str, Any]:
        return read_toml_file(path)

    def team_data(self, name_or_path: str) -> dict[str, Any]:
        """Raw data of a bundled team (by name, file name or `team_keys`) or a team file."""
        bundled = bundled_teams(self.folder)
        if name_or_path in bundled:
            return bundled[name_or_path][1]
        low = name_or_path.lower()
        for name, (fname, data) in bundled.items():
            keys = (name, fname, fname[:-5], *self.team_keys(data))
            if low in (k.lower() for k in keys):
                return data
        p = Path(name_or_path)
        if p.exists():
            return self.read_team_file(p)
        raise UnknownTeam(f"no {self.name} team named {name_or_path!r} and no such file; "
                          f"bundled: {', '.join(bundled)}")

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

    default_pair: ClassVar[tuple[str, str] | None] = None
    """The bundled teams a command plays when none are named (else the first two)."""

    def default_teams(self) -> tuple[str, str]:
        names = self.team_names()
        if self.default_pair is not None and all(n in names for n in self.default_pair):
            return self.default_pair
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
