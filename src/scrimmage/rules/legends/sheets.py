"""Football Legends team sheets: the file format, its validation, and the in-memory team.

A team sheet is a TOML file (FNL-3): a `[team]` header and two matrices. `[offense]` has one
list per offensive play card, one row per play number (1..runs for the three runs, 1..passes
for the three passes); each row holds six cells, one per defensive card in the order
run_inside run_outside run_blitz zone man pass_blitz. `[defense]` has one list per defensive
card, `def_rows` rows each, six cells per row in the order of the offensive cards
inside_run outside_run draw roll_out drop_back screen. A cell is signed yards, `INC`,
`BP-OFF` or `BP-DEF`. INC may stand only where a pass meets the defense (FNL-40).

A bad file is refused with `SheetError(file, field, reason)`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr, ValidationError, field_validator

from scrimmage.core.errors import SheetError
from scrimmage.core.teamfile import (
    Colors,
    LongText,
    Name,
    ShortText,
    StrictModel,
    read_toml_file,
    sheet_error,
)
from scrimmage.rules.legends.cards import CELL_TOKENS, DEF_SETS, OFF_SETS
from scrimmage.rules.legends.charts import FieldGoalChart, d20_column, field_goal_chart

Level = Literal["hs", "college", "pro"]
GUARD_RESULTS = ("SACK", "INT", "TFL", "FUM")
BOOK_GUARD = 10


def guard_threshold(offense: TeamHeader, defense: TeamHeader, result: str) -> int:
    """Replay ratings: the top of the no-big-play range of a BP-DEF that would be `result`."""
    o = (offense.bp_def_guard or {}).get("offense", {}).get(result, BOOK_GUARD)
    d = (defense.bp_def_guard or {}).get("defense", {}).get(result, BOOK_GUARD)
    return min(19, max(0, o + d - BOOK_GUARD))


RED_ZONE = 20
"""Replay ratings: a red-zone number of up to 100 acts from the opponent's 20-yard line in."""
RED_ZONE_SURE = 100
"""A number's d100 chance stops growing here; beyond it the zone grows instead."""
RED_ZONE_POINTS_PER_YARD = 5
"""Beyond 100, every 5 points of a number move the zone's edge a yard further out."""
RED_ZONE_MAX = 200
RED_ZONE_REACH = RED_ZONE + (RED_ZONE_MAX - RED_ZONE_SURE) // RED_ZONE_POINTS_PER_YARD
"""The farthest edge of the zone (the opponent's 40, at a number of 200)."""


def red_zone_number(offense: TeamHeader, defense: TeamHeader) -> int:
    """Replay ratings: the red-zone number of a snap (percent; positive finishes drives,
    negative stops them short)."""
    o = (offense.red_zone or {}).get("offense", 0)
    d = (defense.red_zone or {}).get("defense", 0)
    return min(RED_ZONE_MAX, max(-RED_ZONE_MAX, o + d))


def red_zone_edge(n: int) -> int:
    """The yard line (to the opponent's goal) from which a red-zone number `n` acts: the 20,
    or further out for a number beyond 100 (a team the 20-yard zone cannot bring to its real
    points)."""
    return RED_ZONE + max(0, abs(n) - RED_ZONE_SURE) // RED_ZONE_POINTS_PER_YARD


def big_play_chance(threshold: int) -> float:
    """Chance that the FNL-44 d20 beats a no-big-play range of 1..threshold."""
    return (20 - threshold) / 20
"""FNL-44: a BP DEF roll of 1-10 is no big play."""


Year = Annotated[StrictInt, Field(ge=1869, le=2100)]
"""A season: from the first college game (1869) to well past today."""
Percent = Annotated[float, Field(ge=0, le=100)]
Modifier = Annotated[StrictInt, Field(ge=-15, le=15)]
"""A special-teams number: yards added to a punt or a return (FNL-23, FNL-71); the printed
ones are a few yards, and 15 either way is already a whole return."""
Average = Annotated[float, Field(ge=-20, le=99)]
"""A season's average yards per run or completion (display only): short of the field."""
RollKey = Annotated[StrictStr, Field(pattern=r"^([1-9]|1[0-9]|20)(-([1-9]|1[0-9]|20))?$")]
"""A d20 face or range as a chart prints it: "7" or "1-6" (no spaces, no leading zero)."""
D20Chart = Annotated[dict[RollKey, StrictStr], Field(min_length=1, max_length=20)]
"""d20 rolls -> a word; `d20_column` checks that every face appears exactly once."""
SheetRow = Annotated[StrictStr, Field(max_length=120)]
"""Six cells, e.g. "     2 BP-OFF      2      6      4      2"."""
MAX_ROWS = 24
"""FNL-4: a play set has at most 24 plays (the d24 picks one)."""


class FieldGoalBand(StrictModel):
    max: StrictInt = Field(ge=1, le=120)
    """The longest kick of the band, in yards: the longest try the rules can set up is from
    the kicking team's own 1 (99 yards out, plus the end zone and the hold)."""
    good_from: StrictInt = Field(ge=1, le=21)
    """The lowest d20 roll that is good (21: never)."""


class FieldGoalRange(StrictModel):
    """Pro, offensive side (FNL-63): blocked d20 rolls and bands of distance, shortest first."""

    blocked: Annotated[list[Annotated[StrictInt, Field(ge=1, le=20)]],
                       Field(max_length=20)] = Field(default_factory=list)
    bands: Annotated[list[FieldGoalBand], Field(min_length=1, max_length=20)]


class TeamHeader(StrictModel):
    name: Name
    year: Year | None = None
    record: ShortText = ""
    level: Level = "hs"
    official: StrictBool = False
    """False for sheets we generated; a typed-in printed sheet may say true."""
    off_points: float = Field(ge=0, le=99)
    """Average points scored per game (display and generator input); no team averages 99."""
    def_points: float = Field(ge=0, le=99)
    """Average points allowed per game."""
    sos: StrictInt = Field(ge=0, le=999)
    """Strength of schedule (FNL-11): HS values run in the hundreds (the SOS table reads
    differences up to 250); college and pro ones are small (0..15), and the coaching-point
    budget they make is capped at 30 whatever they are (AMB-FNL-30)."""
    runs: StrictInt = Field(ge=1, le=MAX_ROWS)
    """Plays per run set (FNL-4)."""
    passes: StrictInt = Field(ge=1, le=MAX_ROWS)
    """Plays per pass set (FNL-4)."""
    coaching_points: StrictInt = Field(default=0, ge=0, le=99)
    """HS coaching-point budget printed on the sheet (FNL-10): a dozen or so; 99 buys every
    item of the menu many times over."""
    def_rows: StrictInt = Field(default=12, ge=1, le=MAX_ROWS)
    """Plays per defensive set (AMB-FNL-11: the d12 suggests 12)."""
    colors: Colors = Field(default_factory=list)
    generator: LongText = ""
    """How the sheet was made, when it was generated."""

    # -- college and pro only (FNL-3 [C/P]); high-school sheets leave these out ----------
    yardage_modifier_run: StrictInt = Field(default=0, ge=0, le=20)
    """Coaching-point yardage modifier on runs (the 10-point item, FNL-74): a few yards on
    the printed sheets; 20 would make every play a first down."""
    yardage_modifier_pass: StrictInt = Field(default=0, ge=0, le=20)
    play_speed: StrictInt = Field(default=0, ge=-90, le=90)
    """Plays the team may slow down (+) or speed up (-) by 10 seconds (FNL-12): a count of
    snaps, and no team runs 90 in a game."""
    punt: Modifier = 0
    """Offensive side: added to this team's punt distance (FNL-71)."""
    punt_return_defense: Modifier = 0
    """Offensive side: added to the opponent's punt returns (FNL-71)."""
    kickoff_return_defense: Modifier = 0
    """Offensive side: added to the opponent's kickoff returns (FNL-23)."""
    punt_return: Modifier = 0
    """Defensive side: added to this team's punt returns (FNL-71)."""
    kickoff_return: Modifier = 0
    """Defensive side: added to this team's kickoff returns (FNL-23)."""
    yards_per_run: Average | None = None
    yards_per_completion: Average | None = None
    def_yards_per_run: Average | None = None
    def_yards_per_completion: Average | None = None
    """Display only (FNL-3): average yards per run / completion, offense and defense."""
    run_bp_def: D20Chart | None = None
    """Run BP DEF table (FNL-44): d20 rolls -> TFL or FUM, e.g. {"1-14": "TFL", "15-20": "FUM"}."""
    pass_bp_def: D20Chart | None = None
    """Pass BP DEF table (FNL-44): d20 rolls -> SACK or INT."""
    ko_touchback: D20Chart | None = None
    """Pro, defensive side (FNL-18): d20 rolls -> touchback or return, for this team's kickoffs."""
    field_goal_range: dict[StrictStr, Any] | None = None
    """Pro, offensive side (FNL-63): {blocked = [1], bands = [{max = 29, good_from = 2}, ...]},
    checked against `FieldGoalRange` and kept as written."""
    punt_fair_catch: D20Chart | None = None
    """Pro, offensive side (FNL-69, AMB-FNL-21): d20 rolls -> fair_catch or return, read when
    this team receives a punt."""

    # -- replay ratings: the project's house rules for sheets built from real seasons ------
    # A printed sheet leaves them out and plays by the book; `-o replay_ratings=false` makes
    # a game ignore them (docs/design-notes.md, "Replay ratings").
    run_call_pct: Percent | None = None
    """Computer coaches only: the share of run calls, in percent, that replaces the d24
    against Runs (FNL-89) so a built sheet can call its real run/pass mix."""
    penalty_number: StrictInt | None = Field(default=None, ge=0, le=40)
    """Fouls this team commits per 400 penalty rolls; the book's 1 and 20 faces are 20
    (one snap in twenty on each side of the ball), and twice the book is already the most
    penalized team there is."""
    bp_def_guard: dict[StrictStr, dict[StrictStr, StrictInt]] | None = None
    """`offense` and `defense` tables, by result (SACK, INT, TFL, FUM): the FNL-44 roll of a
    BP-DEF is no big play up to the offense's guard for the result plus the defense's, less
    10 (the book: 10 + 10 - 10, rolls 1-10). The BP DEF table (of the sheet the cell is on)
    is rolled first and says which result it would be."""
    red_zone: dict[StrictStr, StrictInt] | None = None
    """`offense` and `defense` numbers (-200..200), added up for a snap from the opponent's
    20 in: with a positive sum a run or catch that stops short of the goal line goes all the
    way on a d100 of at most the sum; with a negative sum, on 3rd and 4th down one that
    reaches the line to gain is stopped a yard short of it on a d100 of at most minus the
    sum. Beyond 100 the roll always succeeds and the zone reaches a yard further out for
    every 5 (200: from the opponent's 40). 0 is the book (no roll). The defense's number is
    what it gives up: a stingy defense's is negative."""

    @field_validator("field_goal_range")
    @classmethod
    def _field_goal_range(cls, v: dict[str, Any] | None) -> dict[str, Any] | None:
        if v is not None:
            try:
                FieldGoalRange.model_validate(v)
            except ValidationError as exc:
                err = sheet_error("", exc)
                raise ValueError(f"{err.field}: {err.reason}") from None
        return v

    @field_validator("bp_def_guard")
    @classmethod
    def _guard_keys(cls, v: dict[str, dict[str, int]] | None
                    ) -> dict[str, dict[str, int]] | None:
        if v is None:
            return v
        for side, table in v.items():
            if side not in ("offense", "defense"):
                raise ValueError(f"unknown side {side!r} (offense or defense)")
            for key, n in table.items():
                if key not in GUARD_RESULTS:
                    raise ValueError(f"unknown result {key!r} (known: {', '.join(GUARD_RESULTS)})")
                if not 0 <= n <= 20:
                    raise ValueError(f"{side}.{key} = {n}: a guard is a d20 face, 0..20")
        return v

    @field_validator("red_zone")
    @classmethod
    def _red_zone_keys(cls, v: dict[str, int] | None) -> dict[str, int] | None:
        if v is None:
            return v
        for side, n in v.items():
            if side not in ("offense", "defense"):
                raise ValueError(f"unknown side {side!r} (offense or defense)")
            if not -RED_ZONE_MAX <= n <= RED_ZONE_MAX:
                raise ValueError(f"red_zone.{side} = {n}: a percentage, "
                                 f"-{RED_ZONE_MAX}..{RED_ZONE_MAX}")
        return v


class TeamFile(StrictModel):
    team: TeamHeader
    offense: dict[StrictStr, Annotated[list[SheetRow], Field(max_length=MAX_ROWS)]]
    defense: dict[StrictStr, Annotated[list[SheetRow], Field(max_length=MAX_ROWS)]]

    @field_validator("offense")
    @classmethod
    def _offense_sets(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        _check_sets(v, OFF_SETS)
        return v

    @field_validator("defense")
    @classmethod
    def _defense_sets(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        _check_sets(v, DEF_SETS)
        return v


def _check_sets(v: dict[str, list[str]], names: tuple[str, ...]) -> None:
    missing = [n for n in names if n not in v]
    extra = [n for n in v if n not in names]
    if missing:
        raise ValueError(f"missing play sets: {', '.join(missing)}")
    if extra:
        raise ValueError(f"unknown play sets: {', '.join(extra)} (known: {', '.join(names)})")


_YARDS = re.compile(r"-?[0-9]{1,2}")


def parse_cell(token: str) -> int:
    """A cell as printed: INC, BP-OFF, BP-DEF or signed yards of at most two digits (a play
    cannot go farther than the field is long)."""
    code = CELL_TOKENS.get(token)
    if code is not None:
        return code
    if not _YARDS.fullmatch(token):
        raise ValueError(f"{token!r} is not a cell")
    return int(token)


class Team:
    """A validated Football Legends team, with matrices as tuples of int cell codes."""

    __slots__ = ("data", "defense", "field_goal_range", "header", "ko_touchback", "name",
                 "offense", "pass_bp_def", "punt_fair_catch", "run_bp_def", "source")

    def __init__(self, header: TeamHeader, offense: list[list[list[int]]],
                 defense: list[list[list[int]]], data: dict[str, Any], source: str) -> None:
        self.header = header
        self.name = header.name
        self.offense = tuple(tuple(tuple(r) for r in s) for s in offense)
        self.defense = tuple(tuple(tuple(r) for r in s) for s in defense)
        self.data = data
        self.source = source
        self.run_bp_def: tuple[str, ...] | None = None
        self.pass_bp_def: tuple[str, ...] | None = None
        self.ko_touchback: tuple[str, ...] | None = None
        self.punt_fair_catch: tuple[str, ...] | None = None
        self.field_goal_range: FieldGoalChart | None = None

    @property
    def runs(self) -> int:
        return self.header.runs

    @property
    def passes(self) -> int:
        return self.header.passes

    def rows_in(self, off_set_index: int) -> int:
        return self.header.runs if off_set_index < 3 else self.header.passes


def team_from_data(data: dict[str, Any], source: str = "team") -> Team:
    """Validate raw TOML data and build a `Team`; raises `SheetError` naming the field."""
    try:
        model = TeamFile.model_validate(data)
    except ValidationError as exc:
        raise sheet_error(source, exc) from None
    h = model.team
    offense: list[list[list[int]]] = []
    for si, name in enumerate(OFF_SETS):
        want = h.runs if si < 3 else h.passes
        offense.append(_matrix(model.offense[name], f"offense.{name}", want, source,
                               inc_allowed=(si >= 3,) * 6))
    defense: list[list[list[int]]] = []
    for name in DEF_SETS:
        defense.append(_matrix(model.defense[name], f"defense.{name}", h.def_rows, source,
                               inc_allowed=(False,) * 3 + (True,) * 3))
    team = Team(h, offense, defense, data, source)
    _level_charts(team, source)
    return team


_LEVEL_CHARTS: dict[str, tuple[str, set[str], tuple[str, ...]]] = {
    # field: (what a roll may say, the levels whose sheets must have it)
    "run_bp_def": ("run_bp_def", {"TFL", "FUM"}, ("college", "pro")),
    "pass_bp_def": ("pass_bp_def", {"SACK", "INT"}, ("college", "pro")),
    "ko_touchback": ("ko_touchback", {"touchback", "return"}, ("pro",)),
    "punt_fair_catch": ("punt_fair_catch", {"fair_catch", "return"}, ("pro",)),
}


def _level_charts(team: Team, source: str) -> None:
    """Check and expand the college/pro charts of the header (FNL-3, DATA-FNL-5/6)."""
    h = team.header
    for name, (_, allowed, levels) in _LEVEL_CHARTS.items():
        raw = getattr(h, name)
        if raw is None:
            if h.level in levels:
                raise SheetError(source, f"team.{name}", f"a {h.level} sheet needs this chart")
            continue
        col = d20_column(raw, f"team.{name}", source)
        for r in range(1, 21):
            if col[r] not in allowed:
                raise SheetError(source, f"team.{name}[{r}]",
                                 f"{col[r]!r} is not one of {sorted(allowed)}")
        setattr(team, name, col)
    if h.field_goal_range is not None:      # already checked against FieldGoalRange
        team.field_goal_range = field_goal_chart(h.field_goal_range, "team.field_goal_range",
                                                 source)
    elif h.level == "pro":
        raise SheetError(source, "team.field_goal_range", "a pro sheet needs this chart")


def _matrix(rows: list[str], where: str, want: int, source: str,
            inc_allowed: tuple[bool, ...]) -> list[list[int]]:
    if len(rows) != want:
        raise SheetError(source, where, f"has {len(rows)} rows, the header says {want}")
    out: list[list[int]] = []
    for i, row in enumerate(rows, start=1):
        tokens = row.split()
        if len(tokens) != 6:
            raise SheetError(source, f"{where}[{i}]", f"needs 6 cells, has {len(tokens)}: {row!r}")
        cells: list[int] = []
        for j, tok in enumerate(tokens):
            try:
                code = parse_cell(tok)
            except ValueError:
                raise SheetError(source, f"{where}[{i}]",
                                 f"cell {j + 1} is {tok!r}: expected yards, INC, BP-OFF or BP-DEF"
                                 ) from None
            if code == CELL_TOKENS["INC"] and not inc_allowed[j]:
                raise SheetError(source, f"{where}[{i}]",
                                 f"cell {j + 1} is INC, but INC only fits a pass (FNL-40)")
            cells.append(code)
        out.append(cells)
    return out


def read_team_file(path: str | Path) -> dict[str, Any]:
    return read_toml_file(path)
