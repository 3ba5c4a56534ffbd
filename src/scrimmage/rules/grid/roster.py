"""Rosters and lineups of The Grid: the team file, its validation, and the eight on the board.

A team file is TOML: a `[team]` header, fifteen `[[players]]` cards (GRID-4, GRID-7) and an
optional `[lineup]` naming the eight starters by slot (GRID-8; without it the best eight are
picked by `best_lineup`). Dice are written `d4`..`d12`. A bad file is refused with
`SheetError(file, field, reason)`.

`Lineup` is the game board: the players in the eight slots and the four markers that follow
from them, the run/pass blocking dice (GRID-9) and the run/pass defense modifiers (GRID-10),
recomputed on every change (GRID-11).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr, ValidationError, field_validator

from scrimmage.core.errors import SheetError
from scrimmage.core.teamfile import (
    Colors,
    LongText,
    Name,
    PlayerName,
    ShortText,
    StrictModel,
    read_toml_file,
    sheet_error,
)
from scrimmage.rules.grid.cards import DIE_SIDES, HBE, LN, QB, Player
from scrimmage.rules.grid.lineup import (
    DEFENSE_SLOTS,
    ELIGIBLE,
    OFFENSE_SLOTS,
    SLOT_INDEX,
    SLOTS,
    Lineup,
    eligible,
)

ROSTER_SIZE = 15
MINIMUMS = {QB: 2, HBE: 5, LN: 5}
"""GRID-4: at least two QBs, five HBEs and five LNs among fifteen."""

Die = Annotated[StrictStr, Field(pattern=r"^d(4|6|8|10|12)$")]
"""GRID-7: the dice printed on a card."""
Small = Annotated[StrictInt, Field(ge=0, le=4)]
"""Blocking and defense values (DATA-GRID-2): the printed cards run 0..2, so that seven
defenders fill at most the 12-14 box; 4 leaves room for a stronger typed-in card."""
Rating = Annotated[StrictInt, Field(ge=-5, le=5)]
"""A QB's signed pass ratings, added to the d20 (GRID-24): the printed ones run -2..+3;
5 either way is already a quarter of the die."""
Jersey = Annotated[StrictInt, Field(ge=0, le=99)]
"""A jersey number (two digits)."""


def sides(die: str) -> int:
    return int(die[1:])


class QBCard(StrictModel):
    type: Literal["QB"]
    name: PlayerName
    number: Jersey = 0
    flat: Rating
    short: Rating
    long: Rating
    pass_yards: Die
    interception: Die
    injury: Die


class HBECard(StrictModel):
    type: Literal["HBE"]
    name: PlayerName
    number: Jersey = 0
    run_yards: Die
    pass_yards: Die
    run_defense: Small
    pass_defense: Small
    kicking: Die
    fumble: Die
    injury: Die


class LNCard(StrictModel):
    type: Literal["LN"]
    name: PlayerName
    number: Jersey = 0
    run_blocking: Small
    pass_blocking: Small
    run_defense: Small
    pass_defense: Small
    injury: Die


Card = Annotated[QBCard | HBECard | LNCard, Field(discriminator="type")]


class TeamHeader(StrictModel):
    name: Name
    nation: ShortText = ""
    official: StrictBool = False
    """False for teams we generated (DATA-GRID-2); a typed-in printed team may say true."""
    generator: LongText = ""
    colors: Colors = Field(default_factory=list)


class TeamFile(StrictModel):
    team: TeamHeader
    players: list[Card]
    lineup: dict[StrictStr, StrictStr] | None = None

    @field_validator("players")
    @classmethod
    def _roster(cls, v: list[Card]) -> list[Card]:
        check_roster([p.type for p in v], [p.name for p in v])
        return v

    @field_validator("lineup")
    @classmethod
    def _slots(cls, v: dict[str, str] | None) -> dict[str, str] | None:
        if v is not None and set(v) != set(SLOTS):
            raise ValueError(f"the lineup names one player for each of {', '.join(SLOTS)}")
        return v


def check_roster(types: list[str], names: list[str]) -> None:
    """GRID-4: fifteen players, at least 2 QB, 5 HBE and 5 LN; names unique."""
    if len(types) != ROSTER_SIZE:
        raise ValueError(f"a roster has {ROSTER_SIZE} players, not {len(types)}")
    for kind, least in MINIMUMS.items():
        if types.count(kind) < least:
            raise ValueError(f"a roster needs at least {least} {kind}s, not {types.count(kind)}")
    if len(set(names)) != len(names):
        dup = sorted({n for n in names if names.count(n) > 1})
        raise ValueError(f"player names repeat: {', '.join(dup)}")


def player_from_card(c: QBCard | HBECard | LNCard) -> Player:
    if isinstance(c, QBCard):
        return Player(c.name, QB, number=c.number, flat=c.flat, short=c.short, long=c.long,
                      pass_yards=sides(c.pass_yards), interception=sides(c.interception),
                      injury=sides(c.injury))
    if isinstance(c, HBECard):
        return Player(c.name, HBE, number=c.number, run_yards=sides(c.run_yards),
                      pass_yards=sides(c.pass_yards), run_defense=c.run_defense,
                      pass_defense=c.pass_defense, kicking=sides(c.kicking),
                      fumble=sides(c.fumble), injury=sides(c.injury))
    return Player(c.name, LN, number=c.number, run_blocking=c.run_blocking,
                  pass_blocking=c.pass_blocking, run_defense=c.run_defense,
                  pass_defense=c.pass_defense, injury=sides(c.injury))


def player_to_card(p: Player) -> dict[str, Any]:
    """The file form of a player card (the inverse of `player_from_card`)."""
    def d(n: int) -> str:
        return f"d{n}"

    if p.kind == QB:
        return {"type": QB, "name": p.name, "number": p.number, "flat": p.flat, "short": p.short,
                "long": p.long, "pass_yards": d(p.pass_yards), "interception": d(p.interception),
                "injury": d(p.injury)}
    if p.kind == HBE:
        return {"type": HBE, "name": p.name, "number": p.number, "run_yards": d(p.run_yards),
                "pass_yards": d(p.pass_yards), "run_defense": p.run_defense,
                "pass_defense": p.pass_defense, "kicking": d(p.kicking), "fumble": d(p.fumble),
                "injury": d(p.injury)}
    return {"type": LN, "name": p.name, "number": p.number, "run_blocking": p.run_blocking,
            "pass_blocking": p.pass_blocking, "run_defense": p.run_defense,
            "pass_defense": p.pass_defense, "injury": d(p.injury)}


class Team:
    """A validated team: fifteen players and the starting lineup (slot -> player name)."""

    __slots__ = ("data", "header", "lineup", "name", "players", "source")

    def __init__(self, header: TeamHeader, players: list[Player], lineup: dict[str, str],
                 data: dict[str, Any], source: str) -> None:
        self.header = header
        self.name = header.name
        self.players = players
        self.lineup = lineup
        self.data = data
        self.source = source

    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)


def team_from_data(data: dict[str, Any], source: str = "team") -> Team:
    try:
        f = TeamFile.model_validate(data)
    except ValidationError as exc:
        raise sheet_error(source, exc) from None
    players = [player_from_card(c) for c in f.players]
    if f.lineup is None:
        lineup = best_lineup(players)
    else:
        by_name = {p.name: p for p in players}
        for slot, name in f.lineup.items():
            if name not in by_name:
                raise SheetError(source, f"lineup.{slot}", f"{name!r} is not on the roster")
            if by_name[name].kind not in ELIGIBLE[slot]:
                raise SheetError(source, f"lineup.{slot}",
                                 f"a {by_name[name].kind} cannot play {slot} (GRID-8)")
        if len(set(f.lineup.values())) != len(SLOTS):
            raise SheetError(source, "lineup", "a player fills one slot only")
        lineup = dict(f.lineup)
    return Team(f.team, players, lineup, data, source)


def read_team_file(path: str | Path) -> dict[str, Any]:
    return read_toml_file(path)


# -- choosing the eight (GRID-8) -----------------------------------------------------------
def qb_value(p: Player) -> float:
    return p.flat + p.short + p.long + p.pass_yards / 2 + p.interception / 4


def carrier_value(p: Player) -> float:
    return p.run_yards + p.pass_yards + (p.run_defense + p.pass_defense) * 1.5 + p.fumble / 4


def lineman_value(p: Player) -> float:
    return (p.run_blocking + p.pass_blocking) * 2 + p.run_defense + p.pass_defense


def defender_value(p: Player) -> float:
    return p.run_defense + p.pass_defense


def best_lineup(players: list[Player]) -> dict[str, str]:
    """A sensible lineup: the best QB, three HBEs (the best runner at HB), the three best
    blockers, and the best remaining defender as DS."""
    qbs = sorted((p for p in players if p.kind == QB), key=qb_value, reverse=True)
    hbes = sorted((p for p in players if p.kind == HBE), key=carrier_value, reverse=True)
    lns = sorted((p for p in players if p.kind == LN), key=lineman_value, reverse=True)
    top = sorted(hbes[:3], key=lambda p: (p.run_yards, p.pass_yards), reverse=True)
    hb, ends = top[0], sorted(top[1:], key=lambda p: p.pass_yards, reverse=True)
    rest = [p for p in players if p.kind != QB and p not in top and p not in lns[:3]]
    ds = max(rest, key=defender_value)
    return {"QB": qbs[0].name, "HB": hb.name, "LE": ends[0].name, "RE": ends[1].name,
            "LG": lns[0].name, "C": lns[1].name, "RG": lns[2].name, "DS": ds.name}


__all__ = ["DEFENSE_SLOTS", "DIE_SIDES", "ELIGIBLE", "OFFENSE_SLOTS", "SLOTS", "SLOT_INDEX",
           "Lineup", "Team", "best_lineup", "eligible", "team_from_data"]
