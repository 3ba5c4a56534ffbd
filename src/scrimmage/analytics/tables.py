"""The shipped expected-points (EP) and win-probability (WP) tables: their file format, the
loader that checks them, and the lookups.

One gzipped CSV per ruleset (`data/<rules>.csv.gz`), the same layout for all. `#` lines come
first: where the numbers come from, then `key: value` lines (format, rules, games, seed,
wp_time_edges, game_seconds). Then rows `table,k1,k2,k3,k4,k5,value`:

* `try,xp|2pt|all`: the mean points of an extra point, a two-point try, any try;
* `kick,t`: EP of a kickoff for the receiving team, by EP time band t;
* `ep,t,down,band,yardline`: EP of a scrimmage snap (t: `bands.ep_time_band`, band:
  `bands.distance_band`, yardline 1..99);
* `wp,t,s,e,o,r`: WP of the team with the ball (t: win-probability time band, the last one
  being overtime; s: `bands.score_index`; e: index into `bands.EP_ANCHORS`; o:
  `bands.timeout_index`; r: 1 if it receives the second-half kickoff, first half only).

Every cell is present exactly once; a file that is not so is refused in one line. A lookup is
a few list reads: no fitting at run time.
"""

from __future__ import annotations

import csv
import gzip
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from scrimmage.analytics import bands
from scrimmage.analytics.situation import Situation
from scrimmage.core.errors import ScrimmageError

FORMAT = "1"
COLUMNS = ("table", "k1", "k2", "k3", "k4", "k5", "value")
TRY_KINDS = ("xp", "2pt", "all")
EP_SHAPE = (len(bands.EP_TIME_EDGES) + 1, bands.DOWNS, len(bands.DISTANCE_EDGES) + 1,
            bands.YARDLINES)
EP_LIMIT = 8.0
"""No EP may lie outside +-8 points (a touchdown and its try)."""


def wp_shape(time_bands: int) -> tuple[int, int, int, int, int]:
    """Regulation time bands plus one for overtime."""
    return (time_bands + 1, 2 * bands.SCORE_LIMIT + 1, len(bands.EP_ANCHORS),
            bands.TIMEOUT_EDGES, 2)


def flat_index(keys: Iterable[int], shape: Iterable[int]) -> int:
    index = 0
    for k, n in zip(keys, shape, strict=True):
        index = index * n + k
    return index


@dataclass
class Tables:
    """One ruleset's tables, as flat lists indexed by `flat_index`."""

    rules: str
    games: int
    seed: int
    wp_time_edges: tuple[int, ...]
    game_seconds: int
    tries: dict[str, float]
    kick: list[float]
    ep_grid: list[float]
    wp_grid: list[float]
    source: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wp_dims = wp_shape(len(self.wp_time_edges))
        self._centres = bands.band_centres(self.wp_time_edges)

    @property
    def touchdown_value(self) -> float:
        """What a touchdown is worth in EP: 6 and the ruleset's mean try."""
        return 6.0 + self.tries["all"]

    def ep(self, s: Situation) -> float:
        """Expected points of the next score in the half, for the team with the ball."""
        if s.kind == "kickoff":
            return self.kick[bands.ep_time_band(s.half_seconds_remaining)]
        if s.is_try:
            return self.tries["2pt" if s.kind == "two_point" else "xp"]
        keys = (bands.ep_time_band(s.half_seconds_remaining), min(4, max(1, s.down)) - 1,
                bands.distance_band(s.ydstogo), bands.yard_index(s.yardline_100))
        return self.ep_grid[flat_index(keys, EP_SHAPE)]

    def wp(self, s: Situation) -> float:
        """The chance that the team with the ball wins (a tie counts half)."""
        if s.is_try:
            return self._try_wp(s)
        return self.wp_from(s, self.ep(s))

    def wp_from(self, s: Situation, ep: float) -> float:
        """WP with the snap's EP given (the play-by-play has it already)."""
        e_low, e_high, e_w = bands.linear_weights(ep, bands.EP_ANCHORS)
        first_half = s.game_seconds_remaining > self.game_seconds // 2 and not s.overtime
        keys = (bands.score_index(s.score_differential),
                bands.timeout_index(s.posteam_timeouts, s.defteam_timeouts),
                int(s.receives_second_half and first_half))
        if s.overtime:
            t_low, t_high, t_w = (len(self.wp_time_edges),) * 2 + (0.0,)
        else:
            t_low, t_high, t_w = bands.linear_weights(s.game_seconds_remaining, self._centres)
        total = 0.0
        for t, tw in ((t_low, 1.0 - t_w), (t_high, t_w)):
            for e, ew in ((e_low, 1.0 - e_w), (e_high, e_w)):
                if tw * ew:
                    index = flat_index((t, keys[0], e, keys[1], keys[2]), self.wp_dims)
                    total += tw * ew * self.wp_grid[index]
        return min(1.0, max(0.0, total))  # the weights' rounding may step past 0 or 1

    def _try_wp(self, s: Situation) -> float:
        """Before a try: the try's chance of success times the WP at the kickoff after it
        (the other team receives), plus the chance of failure times the WP without the points."""
        points = 2 if s.kind == "two_point" else 1
        success = min(1.0, max(0.0, self.ep(s) / points))
        out = 0.0
        for made, chance in ((points, success), (0, 1.0 - success)):
            kick = Situation(
                score_differential=-(s.score_differential + made),
                half_seconds_remaining=s.half_seconds_remaining,
                game_seconds_remaining=s.game_seconds_remaining,
                posteam_timeouts=s.defteam_timeouts, defteam_timeouts=s.posteam_timeouts,
                receives_second_half=not s.receives_second_half, overtime=s.overtime,
                kind="kickoff")
            out += chance * (1.0 - self.wp(kick))
        return min(1.0, max(0.0, out))


# -- the file ------------------------------------------------------------------------------


def write_tables(path: Path, tables: Tables) -> None:
    """Write `tables` as the gzipped CSV the loader reads (deterministic bytes: no time stamp)."""
    lines = [f"# {line}" for line in tables.source]
    meta = {"format": FORMAT, "rules": tables.rules, "games": str(tables.games),
            "seed": str(tables.seed),
            "wp_time_edges": " ".join(str(e) for e in tables.wp_time_edges),
            "game_seconds": str(tables.game_seconds)}
    lines += [f"# {k}: {v}" for k, v in meta.items()]
    lines.append(",".join(COLUMNS))
    lines += [f"try,{k},,,,,{tables.tries[k]:.4f}" for k in TRY_KINDS]
    lines += [f"kick,{t},,,,,{v:.3f}" for t, v in enumerate(tables.kick)]
    lines += [f"ep,{t},{d + 1},{b},{y + 1},,{tables.ep_grid[flat_index((t, d, b, y), EP_SHAPE)]:.3f}"
              for t, d, b, y in _cells(EP_SHAPE)]
    dims = wp_shape(len(tables.wp_time_edges))
    lines += [f"wp,{t},{s},{e},{o},{r},{tables.wp_grid[flat_index((t, s, e, o, r), dims)]:.3f}"
              for t, s, e, o, r in _cells(dims)]
    data = ("\n".join(lines) + "\n").encode()
    path.write_bytes(gzip.compress(data, mtime=0))


def _cells(shape: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    if not shape:
        yield ()
        return
    for i in range(shape[0]):
        for rest in _cells(shape[1:]):
            yield (i, *rest)


class _Reader:
    """Reads and checks one table file; `fail` raises the one-line error."""

    def __init__(self, path: Path, rules: str) -> None:
        self.path, self.rules = path, rules
        self.meta: dict[str, str] = {}
        self.source: list[str] = []

    def fail(self, line: int | None, reason: str) -> ScrimmageError:
        where = f"line {line}: " if line is not None else ""
        return ScrimmageError(f"EP/WP table {self.path}: {where}{reason}")

    def read(self) -> Tables:
        try:
            text = gzip.decompress(self.path.read_bytes()).decode("utf-8")
        except FileNotFoundError:
            raise self.fail(None, "no such file") from None
        except (OSError, EOFError, UnicodeDecodeError) as exc:
            raise self.fail(None, f"not a gzipped text file ({exc})") from None
        lines = text.splitlines()
        body_start = self._header(lines)
        edges, game_seconds = self._meta()
        values = self._body(lines, body_start)
        return self._assemble(values, edges, game_seconds)

    def _header(self, lines: list[str]) -> int:
        for i, line in enumerate(lines):
            if not line.startswith("#"):
                return i
            text = line[1:].strip()
            key, sep, value = text.partition(":")
            if sep and key.strip() in ("format", "rules", "games", "seed", "wp_time_edges",
                                       "game_seconds"):
                self.meta[key.strip()] = value.strip()
            else:
                self.source.append(text)
        return len(lines)

    def _meta(self) -> tuple[tuple[int, ...], int]:
        if self.meta.get("format") != FORMAT:
            raise self.fail(None, f"format {self.meta.get('format')!r}, expected {FORMAT}")
        if self.meta.get("rules") != self.rules:
            raise self.fail(None, f"made for {self.meta.get('rules')!r}, not {self.rules}")
        try:
            edges = tuple(int(e) for e in self.meta["wp_time_edges"].split())
            game_seconds = int(self.meta["game_seconds"])
            int(self.meta["games"]), int(self.meta["seed"])
        except (KeyError, ValueError):
            raise self.fail(None, "header lacks whole-number games, seed, game_seconds or "
                            "wp_time_edges") from None
        if not edges or list(edges) != sorted(set(edges)) or edges[-1] != game_seconds:
            raise self.fail(None, "wp_time_edges must rise and end at game_seconds")
        return edges, game_seconds

    def _body(self, lines: list[str], start: int) -> dict[tuple[str, ...], tuple[int, float]]:
        if start >= len(lines) or lines[start].split(",") != list(COLUMNS):
            raise self.fail(start + 1, f"expected the column line {','.join(COLUMNS)}")
        values: dict[tuple[str, ...], tuple[int, float]] = {}
        for offset, cells in enumerate(csv.reader(lines[start + 1:])):
            number = start + 2 + offset
            if len(cells) != len(COLUMNS):
                raise self.fail(number, f"{len(cells)} fields, expected {len(COLUMNS)}")
            key = tuple(cells[:-1])
            try:
                value = float(cells[-1])
            except ValueError:
                raise self.fail(number, f"value {cells[-1]!r} is not a number") from None
            if not math.isfinite(value):
                raise self.fail(number, f"value {cells[-1]!r} is not finite")
            if key in values:
                raise self.fail(number, f"cell {','.join(key)} given twice")
            values[key] = (number, value)
        return values

    def _assemble(self, values: dict[tuple[str, ...], tuple[int, float]],
                  edges: tuple[int, ...], game_seconds: int) -> Tables:
        tries = {k: self._take(values, ("try", k, "", "", "", ""), 0.0, 2.0) for k in TRY_KINDS}
        kick = [self._take(values, ("kick", str(t), "", "", "", ""), -EP_LIMIT, EP_LIMIT)
                for t in range(EP_SHAPE[0])]
        ep_grid = [self._take(values, ("ep", str(t), str(d + 1), str(b), str(y + 1), ""),
                              -EP_LIMIT, EP_LIMIT) for t, d, b, y in _cells(EP_SHAPE)]
        wp_grid = [self._take(values, ("wp", *(str(k) for k in cell)), 0.0, 1.0)
                   for cell in _cells(wp_shape(len(edges)))]
        if values:
            number, _ = min(values.values())
            raise self.fail(number, "a cell this format does not have")
        return Tables(self.rules, int(self.meta["games"]), int(self.meta["seed"]), edges,
                      game_seconds, tries, kick, ep_grid, wp_grid, self.source)

    def _take(self, values: dict[tuple[str, ...], tuple[int, float]], key: tuple[str, ...],
              low: float, high: float) -> float:
        if key not in values:
            raise self.fail(None, f"cell {','.join(k for k in key if k)} is missing")
        number, value = values.pop(key)
        if not low <= value <= high:
            raise self.fail(number, f"value {value} outside {low}..{high}")
        return value


def read_tables(path: Path, rules: str) -> Tables:
    """A table file, checked: every cell once, every value in range."""
    return _Reader(path, rules).read()
