"""X-sheet charts and the level constants, loaded from data files and checked on load.

A d20 chart is written as roll ranges ("1-6", "7") mapped to values; it is turned into a tuple
indexed by the roll (index 0 unused), so a lookup in the hot loop is one subscript. Values are
yards (int), `TD`, or a dice expression `N+d20` kept as a `Roll`.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from dataclasses import dataclass, fields
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal

from scrimmage.core.dice import Dice
from scrimmage.core.errors import SheetError
from scrimmage.core.teamfile import read_toml_file
from scrimmage.rules.legends.cards import cell_words

TD: Final = 999
"""Chart value: a touchdown whatever the distance."""


@dataclass(frozen=True, slots=True)
class Roll:
    """`base + d<sides>` yards."""

    base: int
    sides: int = 20


ChartValue = int | Roll
_EXPR: Final = re.compile(r"^\s*(?:(-?\d+)\s*\+\s*)?d(\d+)\s*$")


def parse_value(raw: object, where: str, source: str) -> ChartValue:
    if isinstance(raw, bool):
        raise SheetError(source, where, f"{raw!r} is not yards")
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str):
        if raw.strip().upper() == "TD":
            return TD
        m = _EXPR.match(raw)
        if m:
            return Roll(int(m[1] or 0), int(m[2]))
    raise SheetError(source, where, f"{raw!r} is not yards, 'TD' or 'N+d20'")


def yards_of(value: ChartValue, dice: Dice) -> int:
    """Yards of a chart value (TD stays TD)."""
    if isinstance(value, Roll):
        return value.base + dice.roll(value.sides)
    return value


def chart_text(value: object) -> str:
    """A chart cell in a few words: `12`, `touchdown`, `5+d10`, a word or a name."""
    if value == TD:
        return "touchdown"
    if isinstance(value, Roll):
        return f"{value.base}+d{value.sides}" if value.base else f"d{value.sides}"
    name = getattr(value, "name", None) or getattr(value, "desc", None)
    return cell_words(str(name if name is not None else value))


def d20_column(table: object, where: str, source: str, sides: int = 20) -> tuple[Any, ...]:
    """Expand {"1-6": v, "7": w, ...} to a tuple indexed by roll; every face exactly once."""
    if not isinstance(table, dict):
        raise SheetError(source, where, "must be a table of rolls")
    out: list[Any] = [None] * (sides + 1)
    for key, value in table.items():
        m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+))?\s*", str(key))
        if not m:
            raise SheetError(source, f"{where}.{key}", "a key must be a roll like '7' or '1-6'")
        lo, hi = int(m[1]), int(m[2] or m[1])
        if not 1 <= lo <= hi <= sides:
            raise SheetError(source, f"{where}.{key}", f"rolls must be within 1-{sides}")
        for r in range(lo, hi + 1):
            if out[r] is not None:
                raise SheetError(source, f"{where}.{key}", f"roll {r} is listed twice")
            out[r] = value
    missing = [r for r in range(1, sides + 1) if out[r] is None]
    if missing:
        raise SheetError(source, where, f"rolls {missing} have no result")
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Penalty:
    name: str
    yards: int
    first_down: bool = False
    loss_of_down: bool = False
    spot: bool = False
    """Pass interference: yards come from INT (thrown), capped at `yards` (FNL-37)."""
    before_snap: bool = False
    """A foul that can only come before the snap (false start, offside, encroachment,
    neutral zone infraction, delay of game): never after a score or turnover (FNL-35)."""


@dataclass(frozen=True, slots=True)
class KickoffSpecial:
    desc: str
    spot: int | None = None
    catch: int | None = None
    ret: ChartValue | None = None
    fumble: str | None = None
    onside: str | None = None


@dataclass(frozen=True, slots=True)
class FieldGoalChart:
    blocked: frozenset[int]
    bands: tuple[tuple[int, int], ...]
    """(longest distance, lowest good roll), shortest band first."""

    def result(self, distance: int, roll: int) -> str:
        if roll in self.blocked:
            return "blocked"
        for longest, good_from in self.bands:
            if distance <= longest:
                return "made" if roll >= good_from else "missed"
        return "missed"


def field_goal_chart(fg: dict[str, Any], where: str, source: str) -> FieldGoalChart:
    """{blocked = [1], bands = [{max = 25, good_from = 4}, ...]}, bands getting longer."""
    try:
        bands = tuple((int(b["max"]), int(b["good_from"])) for b in fg["bands"])
        blocked = frozenset(int(x) for x in fg.get("blocked", []))
    except (KeyError, TypeError, ValueError) as exc:
        raise SheetError(source, where, f"needs bands of max/good_from ({exc})") from None
    if not bands or any(b[0] <= a[0] for a, b in itertools.pairwise(bands)):
        raise SheetError(source, where, "bands must be listed shortest first")
    if any(not 1 <= g <= 21 for _, g in bands):
        raise SheetError(source, where, "good_from must be a d20 roll (21 = never)")
    return FieldGoalChart(blocked, bands)


SCRIMMAGE_SPECIALS: Final = {"USE_DEF_ONLY", "USE_OFF_ONLY", "USE_OFF_PLUS_5", "USE_OFF_PLUS_10",
                             "BIG_PLAY_OFF", "BIG_PLAY_DEF"}
KICK_SPECIALS: Final = {"BLOCKED", "SHANK", "LONG_RETURN", "RETURN_TD", "MUFF", "ROUGHING", "NONE"}


@dataclass(frozen=True, slots=True)
class XSheets:
    source: str
    official: bool
    big_play_off: tuple[ChartValue, ...]
    big_play_def_classic: tuple[str, ...]
    big_play_def_legends: tuple[str, ...]
    tfl: tuple[ChartValue, ...]
    sack: tuple[ChartValue, ...]
    fumble_recovery: tuple[str, ...]
    fumble_spot: tuple[ChartValue, ...]
    fumble_return: tuple[ChartValue, ...]
    int_thrown: tuple[ChartValue, ...]
    int_return: tuple[ChartValue, ...]
    penalties: dict[str, tuple[Penalty, ...]]
    kickoff_classic: tuple[ChartValue, ...]
    kickoff_return_classic: tuple[ChartValue, ...]
    kickoff_special: tuple[KickoffSpecial, ...]
    onside: tuple[str, ...]
    extra_point: tuple[str, ...]
    field_goal: FieldGoalChart
    special_scrimmage: tuple[str, ...]
    special_kick: tuple[str, ...]
    punt: tuple[ChartValue, ...]
    punt_return: tuple[ChartValue, ...]
    punt_out_of_bounds: tuple[ChartValue, ...]
    punt_bounce: tuple[ChartValue, ...]
    kickoff_return_special: tuple[KickoffSpecial, ...] | None = None
    """College and pro: a return roll of 19-20 (FNL-17/18)."""


def _values(data: dict[str, Any], key: str, source: str) -> tuple[Any, ...]:
    col = d20_column(data.get(key), key, source)
    return (None, *(parse_value(v, f"{key}[{r}]", source) for r, v in enumerate(col) if r))


def _words(data: dict[str, Any], key: str, source: str, allowed: set[str]) -> tuple[str, ...]:
    col = d20_column(data.get(key), key, source)
    for r in range(1, 21):
        if col[r] not in allowed:
            raise SheetError(source, f"{key}[{r}]", f"{col[r]!r} is not one of {sorted(allowed)}")
    return col


def _specials(g: dict[str, Any], key: str, source: str) -> tuple[KickoffSpecial, ...]:
    out: list[Any] = [None]
    for r, entry in enumerate(d20_column(g.get(key), key, source)):
        if r == 0:
            continue
        e = dict(entry)
        if "ret" in e:
            e["ret"] = parse_value(e["ret"], f"{key}[{r}].ret", source)
        try:
            out.append(KickoffSpecial(**e))
        except TypeError as exc:
            raise SheetError(source, f"{key}[{r}]", str(exc)) from None
    return tuple(out)


def load_xsheets(data: dict[str, Any], source: str) -> XSheets:
    g = data
    pens: dict[str, tuple[Penalty, ...]] = {}
    for chart in ("run_off", "run_def", "pass_off", "pass_def"):
        col = d20_column(g.get("penalties", {}).get(chart), f"penalties.{chart}", source)
        items: list[Any] = [None]
        for r in range(1, 21):
            try:
                items.append(Penalty(**col[r]))
            except TypeError as exc:
                raise SheetError(source, f"penalties.{chart}[{r}]", str(exc)) from None
        pens[chart] = tuple(items)
    ks = _specials(g, "kickoff_special", source)
    krs = _specials(g, "kickoff_return_special", source) if "kickoff_return_special" in g else None
    fgc = field_goal_chart(g.get("field_goal", {}), "field_goal", source)
    special = g.get("special", {})
    return XSheets(
        source=source,
        official=bool(g.get("meta", {}).get("official", False)),
        big_play_off=_values(g, "big_play_off", source),
        big_play_def_classic=_words(g, "big_play_def_classic", source,
                                    {"LOSS", "TURNOVER", "TURNOVER_TD"}),
        big_play_def_legends=_words(g, "big_play_def_legends", source, {"LOSS", "TURNOVER"}),
        tfl=_values(g, "tfl", source),
        sack=_values(g, "sack", source),
        fumble_recovery=_words(g, "fumble_recovery", source, {"offense", "defense"}),
        fumble_spot=_values(g, "fumble_spot", source),
        fumble_return=_values(g, "fumble_return", source),
        int_thrown=_values(g, "int_thrown", source),
        int_return=_values(g, "int_return", source),
        penalties=pens,
        kickoff_classic=_values(g, "kickoff_classic", source),
        kickoff_return_classic=_values(g, "kickoff_return_classic", source),
        kickoff_special=ks,
        kickoff_return_special=krs,
        onside=_words(g, "onside", source, {"kicking", "receiving"}),
        extra_point=_words(g, "extra_point", source, {"good", "miss", "blocked"}),
        field_goal=fgc,
        special_scrimmage=_words(special, "scrimmage", source, SCRIMMAGE_SPECIALS),
        special_kick=_words(special, "kick", source, KICK_SPECIALS),
        punt=_values(g, "punt", source),
        punt_return=_values(g, "punt_return", source),
        punt_out_of_bounds=_values(g, "punt_out_of_bounds", source),
        punt_bounce=_values(g, "punt_bounce", source),
    )


def _read_data(name: str) -> dict[str, Any]:
    text = resources.files("scrimmage.rules.legends").joinpath("data", name).read_text("utf-8")
    return tomllib.loads(text)


@cache
def bundled_xsheets(level: str) -> XSheets:
    return load_xsheets(_read_data(f"xsheets-{level}.toml"), f"xsheets-{level}.toml")


def xsheets_from_file(path: str | Path) -> XSheets:
    p = Path(path)
    data = read_toml_file(p)          # one clear line for a file that cannot be read
    return load_xsheets(data, str(p))


@dataclass(frozen=True, slots=True)
class LevelRules:
    """The constants of one level under one profile (levels.toml)."""

    level: str
    profile: Literal["legends", "classic"]
    quarter_minutes: int
    timeouts_per_half: int
    pre_play_timeouts: bool
    kickoff: str
    kickoff_spot: int
    kickoff_return_base: int
    onside_spot: int
    onside_short: int
    onside_short_penalty: int
    safety_kick_bonus: int
    touchback_spot: int
    punt_subtract: int
    two_point_spot: int
    fg_add: int
    missed_fg_back: int
    missed_fg_min: int
    kneel_yards: int
    oob_yards: int
    search: str
    exhausted: str
    big_play_def: str
    two_big_play_def: str
    momentum: bool
    cp_menu: str
    cp_priority: str
    cp_first_half_cap: bool
    ignore_penalty_once_a_quarter: bool
    cp_home_bonus: int
    sos_split: bool
    overtime: str
    overtime_spot: int
    overtime_timeouts: int
    fair_catch_25: bool
    sos_adjust: bool
    kickoff_touchback_spot: int
    kickoff_fair_catch_25: bool
    field_goals: str
    punt_fair_catch_chart: bool
    pro_run_fumble: bool
    cp_base: int
    cp_cap: int
    play_speed: bool
    two_minute_warning: bool
    replay_ratings: bool
    overtime_minutes: int
    sos_table: tuple[tuple[int, int, int], ...]
    cp_costs: dict[str, int]
    timing: dict[str, int]
    momentum_points: dict[str, int]


_OPTION_KEYS: Final = {"fair_catch_25", "sos_adjust", "overtime", "two_minute_warning",
                       "replay_ratings"}
"""Level constants a game may override with an option (house rules)."""


@cache
def _levels() -> dict[str, Any]:
    return _read_data("levels.toml")


def level_rules(level: str, profile: str = "legends", **overrides: Any) -> LevelRules:
    """The level's constants under the profile, with the table's house-rule options.
    Every game starts with these, so one set of answers is made once (they are frozen)."""
    try:
        return _level_rules_once(level, profile, tuple(sorted(overrides.items())))
    except TypeError:                   # an option value that cannot be a cache key
        return _make_level_rules(level, profile, overrides)


@lru_cache(maxsize=64)
def _level_rules_once(level: str, profile: str,
                      overrides: tuple[tuple[str, Any], ...]) -> LevelRules:
    return _make_level_rules(level, profile, dict(overrides))


def _make_level_rules(level: str, profile: str, overrides: dict[str, Any]) -> LevelRules:
    data = _levels()
    if level not in data:
        raise ValueError(f"unknown level {level!r}")
    if profile not in ("legends", "classic"):
        raise ValueError(f"unknown profile {profile!r}; use legends or classic")
    base = {k: v for k, v in data[level].items() if not isinstance(v, dict)}
    if profile == "classic":
        base.update(data[level].get("classic", {}))
    for key, value in overrides.items():
        if key not in _OPTION_KEYS:
            raise ValueError(f"unknown option {key!r}; options: {', '.join(sorted(_OPTION_KEYS))}")
        if key == "sos_adjust" and value and level != "hs":
            raise ValueError("sos_adjust is a high-school rule: at college and pro the SOS "
                             "only changes coaching points (FNL-11)")
        base[key] = value
    table = data["sos_table"]["legends" if base["sos_split"] else "classic"]
    names = {f.name for f in fields(LevelRules)}
    base = {k: v for k, v in base.items() if k in names}
    return LevelRules(
        level=level,
        profile=profile,  # type: ignore[arg-type]
        sos_table=tuple(tuple(row) for row in table),
        cp_costs=dict(data["cp_costs"][base["cp_menu"]]),
        timing=dict(data["timing"]),
        momentum_points=dict(data["momentum"]),
        **base,
    )
