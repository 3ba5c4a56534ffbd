"""1st & Roll teams: the game has no ratings, so a team is a name and its colours.

A team file is TOML with a `[team]` table (`name`, optional `colors`, `official`); a bad
file is refused with `SheetError(file, field, reason)`.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from scrimmage.core.errors import SheetError


class _TeamHeader(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=60)
    colors: list[str] = Field(default_factory=list, max_length=4)
    official: bool = False


class _TeamFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    team: _TeamHeader


class RollTeam:
    __slots__ = ("colors", "name")

    def __init__(self, name: str, colors: tuple[str, ...] = ()) -> None:
        self.name = name
        self.colors = colors


def team_from_data(data: dict[str, Any], source: str = "team") -> RollTeam:
    try:
        f = _TeamFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "(file)"
        raise SheetError(source, loc, err["msg"]) from None
    return RollTeam(f.team.name.strip(), tuple(f.team.colors))


def read_team_file(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise SheetError(str(path), "(file)", str(exc)) from None
