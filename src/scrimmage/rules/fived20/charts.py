"""5D20 charts: the team-chart file format, the game charts, their validation and lookups.

A team chart (D20-4, DATA-D20-1..9) is a TOML file with the sections of the printed chart:
`[team]`, `[qb]` (with `[qb.SP]`, `[qb.MP]`, `[qb.LP]`), `[runners]` and its `[[runners.player]]`,
`[receivers]` and `[[receivers.player]]`, `[kicking]`, `[[kick_return]]`, `[[punt_return]]`,
`[play_calling]`, `[penalty_ranges]`, `[fumbles]`, `[defense]` with `[[defense.run]]` and
`[[defense.pass]]`, a free `[stats]` table (the team's season figures) and `[[player_stats]]`
(the Player Statistics section: each player's name, position and season figures). Both are
display only.

Every range is written as the chart prints it: the highest number of each range. A *row* of
results is an inline table read left to right (`{ SCK = 3, INC = 4, SCR = 9, OUT = 11, CMP = 20 }`:
1-3 sack, 4 incomplete, 5-9 scramble, ...), found with `across` (D20-3). A *column* of players
is one number per player, read top to bottom with `down` (D20-2). A bad file is refused with
`SheetError(file, field, reason)`.

The game charts (`data/game-charts.toml`: yardage, interception return, fumble return,
penalties) are shared by every team; the book does not print them, so ours are designed and
calibrated (see that file's header).

What a game reads is apart, in `chart_play` (`TeamChart`, `GameCharts`, `across`, `down`),
built here from the checked models: the compiled build (mypyc) compiles that module, not this
one, which defines pydantic models.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    field_validator,
    model_validator,
)

from scrimmage.core.teamfile import (
    LongText,
    Name,
    PlayerName,
    ShortText,
    StrictModel,
    read_toml_file,
    sheet_error,
)
from scrimmage.rules.fived20.chart_play import (
    ALIGNMENTS,
    DEPTHS,
    PENALTY_ROWS,
    PUNT_CELL,
    GameCharts,
    TeamChart,
)

# DEPTHS, ALIGNMENTS and PENALTY_ROWS are in `chart_play`: a game reads by them too.
QB_PASS_RESULTS = ("SCK", "INC", "SCR", "OUT", "CMP", "PD")
REC_RESULTS = ("DRP", "CMP", "YAC")
RUN_COLUMNS = ("STF", "LINE", "AVG", "SEC", "SG", "BRK")
RUN_WHAT = ("HOLE", "LOS", "BACK")
PASS_WHAT = ("PRE", "DEF", "REC")
PLAY_CALL_ROWS = ("SHYD", "<10", "10-19", "20-29", "30+")
BRK_COLUMNS = 5
"""Breakaway columns BRK1..BRK5 of the yardage chart (a runner's BRK rating names one)."""
LPY_COLUMNS = 5
"""Long-pass columns LP1..LP5 (a receiver's LPY rating names one)."""

_P = TypeVar("_P")
_T = TypeVar("_T")


# -- the schema ------------------------------------------------------------------------------

Face = Annotated[StrictInt, Field(ge=0, le=20)]
"""A number printed on the chart for a d20 to be read against (0: never)."""
Header = Annotated[StrictInt, Field(ge=1, le=21)]
"""The white number in a section's black cell (D20-22): 21 sends every roll to one column."""
Tenth = Annotated[StrictInt, Field(ge=-10, le=10)]
"""A modifier to a d20 roll: ten either way already decides half the faces."""
Shift = Annotated[StrictInt, Field(ge=-20, le=20)]
"""A modifier that may move a roll across the whole die."""
Yards = Annotated[StrictInt, Field(ge=-20, le=99)]
"""Yards of a return: 99 is the chart's "all the way" (a return starts at the 1 at best, and
the field is 100 yards long); no return loses more than 20."""
KickYards = Annotated[StrictInt, Field(ge=0, le=80)]
"""Yards a kick carries: a kickoff from the 30 (the earliest spot of the eras) reaches the
end line at 80; the longest field goal ever kicked was 66 yards."""
RangeRow = dict[StrictStr, StrictInt]
"""A row of results: result -> the top of its range, left to right (checked by `_ranges`)."""
Players = Annotated[list[_P], Field(min_length=1, max_length=20)]
Column20 = Annotated[list[_T], Field(min_length=20, max_length=20)]
"""One number per face of a d20 (D20-5, D20-7, D20-67)."""
StatValue = Annotated[StrictInt | float, Field(ge=-1_000_000, le=1_000_000)]
"""A season figure (display only): no season total reaches a million."""


def _ranges(v: dict[str, int], allowed: tuple[str, ...], full: bool) -> dict[str, int]:
    last = 0
    for key, top in v.items():
        if key not in allowed:
            raise ValueError(f"unknown result {key!r} (known: {', '.join(allowed)})")
        if not 0 <= top <= 20:
            raise ValueError(f"{key} = {top}: a range ends at 0..20")
        if top < last:
            raise ValueError(f"{key} = {top}: ranges must not go down ({last} before it)")
        last = top
    if full and last != 20:
        raise ValueError("the last range must end at 20")
    return v


def _each(v: dict[str, int], keys: tuple[str, ...]) -> dict[str, int]:
    if set(v) != set(keys):
        raise ValueError(f"give {', '.join(keys[:-1])} and {keys[-1]}")
    return v


class _Model(StrictModel):
    """Every section: strict types, no unknown key (see `StrictModel`)."""


class TeamInfo(_Model):
    name: Name
    code: Annotated[StrictStr, Field(pattern=r"^[A-Za-z0-9]{0,8}$")] = ""
    """The team's abbreviation ("atl"): another name the bundled chart answers to."""
    season: Annotated[StrictInt, Field(ge=1920, le=2100)] | None = None
    """An NFL season: the league's first was 1920."""
    record: ShortText = ""
    official: StrictBool = False
    """False for charts we built; a chart typed in from a printed one may say true."""
    source: LongText = ""


class QBDepth(_Model):
    PRE: RangeRow
    INT: Tenth
    DEF: RangeRow
    OTHER: RangeRow

    @field_validator("PRE", "DEF", "OTHER")
    @classmethod
    def _row(cls, v: dict[str, int]) -> dict[str, int]:
        return _ranges(v, QB_PASS_RESULTS, full=True)


class QB(_Model):
    name: PlayerName
    depth: RangeRow
    """White die thresholds SP, MP, LP (D20-21)."""
    snap_fumble: Face
    fumble: Face
    scramble: RangeRow
    """Black die down the scramble column -> a yardage-chart column (D20-37)."""
    SP: QBDepth
    MP: QBDepth
    LP: QBDepth

    @field_validator("depth")
    @classmethod
    def _depth(cls, v: dict[str, int]) -> dict[str, int]:
        return _ranges(v, DEPTHS, full=True)

    @field_validator("scramble")
    @classmethod
    def _scramble(cls, v: dict[str, int]) -> dict[str, int]:
        return _ranges(v, RUN_COLUMNS[:-1], full=True)


class Runner(_Model):
    name: PlayerName
    blue: Face
    black: Face
    BACK: RangeRow
    LOS: RangeRow
    HOLE: RangeRow
    BRK: StrictInt = Field(ge=1, le=BRK_COLUMNS)
    fumble: Face

    @field_validator("BACK", "LOS", "HOLE")
    @classmethod
    def _row(cls, v: dict[str, int]) -> dict[str, int]:
        return _ranges(v, RUN_COLUMNS, full=True)


class Runners(_Model):
    header: Header
    """The white number in the black cell (D20-22): blue below it reads the blue column."""
    player: Players[Runner]


class Receiver(_Model):
    name: PlayerName
    OUT: Face
    blue: dict[StrictStr, Face]
    black: dict[StrictStr, Face]
    SP: RangeRow
    MP: RangeRow
    LP: RangeRow
    LPY: StrictInt = Field(ge=1, le=LPY_COLUMNS)
    fumble: Face

    @field_validator("SP", "MP", "LP")
    @classmethod
    def _row(cls, v: dict[str, int]) -> dict[str, int]:
        return _ranges(v, REC_RESULTS, full=True)

    @field_validator("blue", "black")
    @classmethod
    def _pick(cls, v: dict[str, int]) -> dict[str, int]:
        return _each(v, DEPTHS)


class Receivers(_Model):
    header: dict[StrictStr, Header]
    player: Players[Receiver]

    @field_validator("header")
    @classmethod
    def _header(cls, v: dict[str, int]) -> dict[str, int]:
        return _each(v, DEPTHS)


class Kicking(_Model):
    kicker: PlayerName
    punter: PlayerName
    RET: Tenth
    """The kicking team's return rating, added to the opponent's kick returns (D20-7)."""
    kickoff: Column20[KickYards]
    field_goal: Column20[KickYards]
    """The longest field goal that is good on each red roll (D20-67)."""
    punt_block: Face
    """Yellow number next to Punting (D20-56)."""
    punt_return_block: Face
    """Yellow number next to Punt Return: used when this team receives a punt (D20-56)."""
    punt_own: Column20[StrictStr]
    punt_opp: Column20[StrictStr]

    @field_validator("punt_own", "punt_opp")
    @classmethod
    def _punts(cls, v: list[str]) -> list[str]:
        for i, cell in enumerate(v):
            if not PUNT_CELL.fullmatch(cell):
                raise ValueError(f"cell {i + 1} {cell!r}: expected TB or yards with N, F or R")
        return v


class Returner(_Model):
    name: PlayerName
    blue: Face
    FC: Face = 0
    fumble: Face
    returns: Column20[Yards]


class PlayCalling(_Model):
    rows: dict[StrictStr, list[StrictInt]]
    """Off Play Call numbers: row -> [YZ, NZ, RZ] (D20-16)."""
    def_adjust: Shift
    """The black number on the Def Play Adjust row (D20-17)."""
    def_adjust_rz: Shift
    """The white number in the red box, used in the red zone."""

    @field_validator("rows")
    @classmethod
    def _rows(cls, v: dict[str, list[int]]) -> dict[str, list[int]]:
        if list(v) != list(PLAY_CALL_ROWS):
            raise ValueError(f"rows must be {', '.join(PLAY_CALL_ROWS)} in that order")
        for k, cells in v.items():
            if len(cells) != 3 or not all(-5 <= c <= 25 for c in cells):
                raise ValueError(f"{k}: three numbers (YZ NZ RZ) between -5 and 25")
        return v


class PenaltyRanges(_Model):
    offense: dict[StrictStr, Annotated[list[StrictInt], Field(max_length=20)]]
    defense: dict[StrictStr, Annotated[list[StrictInt], Field(max_length=20)]]

    @field_validator("offense", "defense")
    @classmethod
    def _rows(cls, v: dict[str, list[int]]) -> dict[str, list[int]]:
        for k, nums in v.items():
            if k not in PENALTY_ROWS:
                raise ValueError(f"unknown row {k!r} (known: {', '.join(PENALTY_ROWS)})")
            if any(not 1 <= n <= 20 for n in nums):
                raise ValueError(f"{k}: doubled numbers are 1..20")
        return v


class Fumbles(_Model):
    off_lost: Annotated[list[Face], Field(min_length=2, max_length=2)]
    """Off Fum Lost range [low, high] (0 0 = none)."""
    def_rec: Annotated[list[Face], Field(min_length=2, max_length=2)]
    """Def Fum Rec range [low, high]."""
    def_adjust: Tenth
    """Def Fum Rate Adjust, added to the other team's carriers' fumble ratings (D20-50)."""

    @field_validator("off_lost", "def_rec")
    @classmethod
    def _low_high(cls, v: list[int]) -> list[int]:
        if v[0] > v[1]:
            raise ValueError(f"[low, high]: {v[0]} is above {v[1]}")
        return v


class RunDefender(_Model):
    name: PlayerName
    who: dict[StrictStr, Face]
    WHAT: RangeRow
    ret: StrictInt = Field(ge=1, le=10)
    """Interception-return rating: a column of the interception return chart (D20-55)."""
    blue: Face
    """The blue column: who recovers blocked kicks (D20-63, D20-68)."""

    @field_validator("WHAT")
    @classmethod
    def _what(cls, v: dict[str, int]) -> dict[str, int]:
        return _ranges(v, RUN_WHAT, full=False)

    @field_validator("who")
    @classmethod
    def _who(cls, v: dict[str, int]) -> dict[str, int]:
        return _each(v, ALIGNMENTS)


class PassDefender(_Model):
    name: PlayerName
    who: dict[StrictStr, Face]
    WHAT: RangeRow
    INT: StrictInt = Field(ge=-10, le=20)
    """Added to the QB's INT for the black die (D20-40): 20 intercepts every pass."""

    @field_validator("WHAT")
    @classmethod
    def _what(cls, v: dict[str, int]) -> dict[str, int]:
        return _ranges(v, PASS_WHAT, full=False)

    @field_validator("who")
    @classmethod
    def _who(cls, v: dict[str, int]) -> dict[str, int]:
        return _each(v, ALIGNMENTS)


class Defense(_Model):
    pass_modifier: Tenth
    run: Players[RunDefender]
    pass_: Players[PassDefender] = Field(alias="pass")


class PlayerStatLine(_Model):
    """One line of the Player Statistics section (D20-4): a player's season figures."""

    name: PlayerName
    position: Annotated[StrictStr, Field(max_length=8)] = ""
    figures: Annotated[dict[Annotated[StrictStr, Field(max_length=40)], StatValue],
                       Field(max_length=40)] = Field(default_factory=dict)


PerMille = Annotated[StrictInt, Field(ge=-1000, le=1000)]
"""A replay rating: a chance in thousandths (a d1000, three d10s read as one number)."""
RedZone = Annotated[StrictInt, Field(ge=-2000, le=2000)]
"""A red-zone rating: thousandths, past 1000 a wider zone (`replay.red_zone`)."""
Tempo = Annotated[StrictInt, Field(ge=-15, le=15)]
"""A tempo rating: seconds added to a running-clock play's 40 (D20-43, `replay.tempo`)."""


class Replay(_Model):
    """Replay ratings (house rules, not the book's): optional numbers a chart built from a
    real season carries so it reproduces its team's figures where the book's sections cannot
    reach them (docs/design-notes.md, "5D20 replay ratings"). Each is a chance in thousandths
    read on a d1000 at one step of a play from scrimmage; 0 is the book. `-o
    replay_ratings=false` makes a game ignore them."""

    run_call: PerMille = 0
    """System calls: above 0 a pass call becomes a run on that many thousandths; below 0 a
    run call becomes a pass."""
    sack: PerMille = 0
    """Offense: above 0 a pass that is not sacked or scrambled is sacked on that many
    thousandths; below 0 a sack is a throw-away (incomplete). Added to the defense's."""
    interception: PerMille = 0
    """Offense: above 0 an incompletion is intercepted on that many thousandths; below 0 an
    interception is knocked away (incomplete). Added to the defense's."""
    red_zone: RedZone = 0
    """Offense, inside the opponent's 20: above 0 a run or catch that stops short of the goal
    line goes all the way; below 0 a 3rd or 4th down play that reaches the line to gain
    stops a yard short. Added to the defense's; past 1000 either way the zone reaches a
    yard further out for every 50 more (at 2000, from the opponent's 40)."""
    third_down: PerMille = 0
    """Offense, 3rd or 4th down outside the red-zone rule's zone: above 0 a run or catch that
    stops short of the line to gain by at most 10 yards reaches it; below 0 one that reaches
    it by less than 10 yards stops a yard short. Added to the defense's."""
    def_sack: PerMille = 0
    def_interception: PerMille = 0
    def_red_zone: RedZone = 0
    def_third_down: PerMille = 0
    """The same four, for the team's defense."""
    tempo: Tempo = 0
    """Offense, seconds (not thousandths, no die): a play from scrimmage that takes 40
    seconds by D20-43 (in bounds, the clock running) takes 40 plus this, so a hurry-up team
    (below 0) runs more plays a game and a slow one fewer. Kneels keep the book's 40."""


class TeamChartFile(_Model):
    team: TeamInfo
    qb: QB
    runners: Runners
    receivers: Receivers
    kicking: Kicking
    kick_return: Players[Returner]
    punt_return: Players[Returner]
    play_calling: PlayCalling
    penalty_ranges: PenaltyRanges
    fumbles: Fumbles
    defense: Defense
    stats: Annotated[dict[Annotated[StrictStr, Field(max_length=40)], StatValue],
                     Field(max_length=40)] = Field(default_factory=dict)
    """The team's season figures by name, for display only."""
    player_stats: Annotated[list[PlayerStatLine], Field(max_length=60)] = Field(
        default_factory=list)
    """The Player Statistics section (D20-4): each named player's season, display only."""
    replay: Replay | None = None
    """Replay ratings (house rules of built charts); a typed-in printed chart has none."""

    @model_validator(mode="after")
    def _columns(self) -> TeamChartFile:
        """Every column of players must end at 20 (the header column at least below it)."""
        _column([r.blue for r in self.runners.player], "runners.player.blue",
                max(0, self.runners.header - 1))
        _column([r.black for r in self.runners.player], "runners.player.black", 20)
        for d in DEPTHS:
            head = self.receivers.header[d]
            _column([r.blue[d] for r in self.receivers.player], f"receivers.player.blue.{d}",
                    max(0, head - 1))
            _column([r.black[d] for r in self.receivers.player], f"receivers.player.black.{d}",
                    20 if head <= 20 else 0)
        _column([r.OUT for r in self.receivers.player], "receivers.player.OUT", 20)
        _column([r.blue for r in self.kick_return], "kick_return.blue", 20)
        _column([r.blue for r in self.punt_return], "punt_return.blue", 20)
        for a in ALIGNMENTS:
            _column([d.who[a] for d in self.defense.run], f"defense.run.who.{a}", 20)
            _column([d.who[a] for d in self.defense.pass_], f"defense.pass.who.{a}", 20)
        _column([d.blue for d in self.defense.run], "defense.run.blue", 20)
        return self


def _column(values: list[int], where: str, must_reach: int) -> None:
    last = 0
    for v in values:
        if v < last:
            raise ValueError(f"{where}: a column must not go down ({v} after {last})")
        last = v
    if last < must_reach:
        raise ValueError(f"{where}: the column must reach {must_reach}, it ends at {last}")


# -- building what a game reads (`chart_play`) from the checked models -----------------------

def chart_from_data(data: dict[str, Any], source: str = "team") -> TeamChart:
    """Validate raw TOML data and build a `TeamChart`; raises `SheetError` naming the field."""
    try:
        model = TeamChartFile.model_validate(data)
    except ValidationError as exc:
        raise sheet_error(source, exc) from None
    return TeamChart(model, data, source)


def read_toml(path: str | Path) -> dict[str, Any]:
    """A team chart's (or the game charts') data; a bad file is one `SheetError` line."""
    return read_toml_file(path)


# -- the game charts -------------------------------------------------------------------------

YARDAGE_COLUMNS = ("SACK", "STF", "LINE", "AVG", "SEC", "SG",
                   *(f"BRK{i}" for i in range(1, BRK_COLUMNS + 1)),
                   "SP", "MP", "LP", *(f"LP{i}" for i in range(1, LPY_COLUMNS + 1)))
_YARD_CELL = re.compile(r"-?[0-9]{1,2}f?")
"""A yardage cell: signed yards of at most two digits, `f` for a sack with a fumble check."""


class PenaltyLine(_Model):
    upto: StrictInt = Field(ge=1, le=20)
    name: Name
    yards: Annotated[StrictInt, Field(ge=0, le=99)] | Literal["PASS", "SCK"]
    """Yards, or PASS (the pass's yardage, a spot foul) or SCK (the sack yardage)."""
    code: Annotated[StrictStr, Field(pattern=r"^[adf]{0,3}$")] = ""
    """a: after the play; d: loss of down; f: automatic first down (D20-48)."""
    timeout: StrictBool = False
    """A snap penalty a timeout can override (delay of game, 12 men; D20-44)."""


class FumbleReturn(_Model):
    no: Face
    """The NO number: a white roll up to it is no return (D20-51)."""
    length: Column20[Yards]


class GameChartsFile(_Model):
    chart: dict[StrictStr, StrictStr | StrictBool] = Field(default_factory=dict)
    """Where the charts came from (`official`, `designed_by`): display only."""
    yardage: dict[StrictStr, Column20[StrictInt | StrictStr]]
    interception_return: dict[StrictStr, Column20[Yards]]
    fumble_return: FumbleReturn
    penalties: dict[StrictStr, dict[StrictStr, Annotated[list[PenaltyLine], Field(max_length=20)]]]

    @field_validator("yardage")
    @classmethod
    def _yardage(cls, v: dict[str, list[int | str]]) -> dict[str, list[int | str]]:
        missing = [c for c in YARDAGE_COLUMNS if c not in v]
        if missing:
            raise ValueError(f"missing columns: {', '.join(missing)}")
        for col, cells in v.items():
            if col not in YARDAGE_COLUMNS:
                raise ValueError(f"unknown column {col!r}")
            for cell in cells:
                if (not _YARD_CELL.fullmatch(str(cell))
                        or (col != "SACK" and str(cell).endswith("f"))):
                    raise ValueError(f"{col}: bad cell {cell!r}")
        return v

    @field_validator("interception_return")
    @classmethod
    def _ints(cls, v: dict[str, list[int]]) -> dict[str, list[int]]:
        if sorted(v) != sorted(str(i) for i in range(1, 11)):
            raise ValueError("columns 1..10")
        return v

    @field_validator("penalties")
    @classmethod
    def _penalties(cls, v: dict[str, dict[str, list[PenaltyLine]]]
                   ) -> dict[str, dict[str, list[PenaltyLine]]]:
        if set(v) != {"offense", "defense"}:
            raise ValueError("give offense and defense")
        for side, rows in v.items():
            unknown = [r for r in rows if r not in PENALTY_ROWS]
            if unknown:
                raise ValueError(f"{side}: unknown row {unknown[0]!r}")
            for row in PENALTY_ROWS:
                lines = rows.get(row)
                if not lines:
                    raise ValueError(f"{side}.{row}: missing")
                if lines[-1].upto != 20:
                    raise ValueError(f"{side}.{row}: the last line must reach 20")
        return v


def game_charts_from_data(data: dict[str, Any], source: str) -> GameCharts:
    try:
        model = GameChartsFile.model_validate(data)
    except ValidationError as exc:
        raise sheet_error(source, exc) from None
    return GameCharts(model, source)


@cache
def bundled_game_charts() -> GameCharts:
    text = resources.files("scrimmage.rules.fived20").joinpath("data/game-charts.toml").read_text(
        "utf-8")
    return game_charts_from_data(tomllib.loads(text), "fived20/data/game-charts.toml")
