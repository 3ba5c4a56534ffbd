"""1st & Roll teams: the game has no ratings, so a team is a name and its colours.

A team file is TOML with a `[team]` table (`name`, optional `colors`, `official`); a bad
file is refused with `SheetError(file, field, reason)` on one line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field, StrictBool, ValidationError

from scrimmage.core.teamfile import Colors, Name, StrictModel, read_toml_file, sheet_error


class _TeamHeader(StrictModel):
    name: Name
    colors: Colors = Field(default_factory=list)
    official: StrictBool = False


class _TeamFile(StrictModel):
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
        raise sheet_error(source, exc) from None
    return RollTeam(f.team.name.strip(), tuple(f.team.colors))


def read_team_file(path: Path) -> dict[str, Any]:
    return read_toml_file(path)
