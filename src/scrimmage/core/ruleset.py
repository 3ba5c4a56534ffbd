"""The ruleset registry and the interface every ruleset implements.

As python-chess finds a variant by name, scrimmage finds a ruleset with one lookup. Rulesets
register themselves from `scrimmage.rules`; the core never imports them.
"""

from __future__ import annotations

import difflib
import tomllib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import import_module, resources
from pathlib import Path
from typing import Any, ClassVar, Protocol

from scrimmage.core.decisions import Answerer, Coach, Kind
from scrimmage.core.dice import Dice
from scrimmage.core.errors import ScrimmageError, SheetError, UnknownRuleset, UnknownTeam
from scrimmage.core.field import Side
from scrimmage.core.options import Option, parse_options
from scrimmage.core.scoreboard import Scoreboard


class Game(Protocol):
    """A game in progress, as the driver sees it."""

    dice: Dice
    coach_answer: Answerer
    """Where the rules' questions go: the driver sets it (`scrimmage.core.driver`)."""

    @property
    def plays(self) -> list[dict[str, Any]]: ...

    @property
    def score(self) -> dict[Side, int]: ...

    def run(self) -> None:
        """Play the game from the coin toss to the end, asking `coach_answer`."""

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


class WrongRuleset(SheetError):
    """A team file of another ruleset: names it, so the user can play it with that one."""

    def __init__(self, path: str, kind: str, ruleset: str) -> None:
        self.kind, self.ruleset = kind, ruleset
        super().__init__(path, "(file)", f"this is {kind}; play it with --rules {ruleset}")
        self.args = (f"{path}: {self.reason}",)

    def __reduce__(self) -> tuple[type[SheetError], tuple[str, str, str]]:
        return (WrongRuleset, (self.path, self.kind, self.ruleset))


def _looks_like_path(text: str) -> bool:
    return text.endswith(".toml") or "/" in text or "\\" in text


@dataclass(frozen=True)
class CoachKind:
    """A computer coach a ruleset offers: its class as "module:Class", imported on first use
    (the core names no ruleset and no coach), and whether it is given the ruleset's name (the
    coaches that compute from the ruleset's tables take it)."""

    where: str
    with_rules: bool = False

    def make(self, seed: int, rules: str) -> Coach:
        module, _, name = self.where.partition(":")
        cls = getattr(import_module(module), name)
        coach: Coach = cls(seed, rules) if self.with_rules else cls(seed)
        return coach


def coach_names(coaches: Mapping[str, CoachKind]) -> str:
    """The coaches of a table for an error line: "solitaire (sensible), smart or random"."""
    names: dict[CoachKind, list[str]] = {}
    for name, kind in coaches.items():
        names.setdefault(kind, []).append(name)
    words = [first + (f" ({', '.join(rest)})" if rest else "")
             for first, *rest in names.values()]
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)


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

    def team_file_kind(self) -> str:
        """What this ruleset's team file is, for a message: "a 5D20 team chart"."""
        return f"a {self.title} team file"

    def read_team_file(self, path: Path) -> dict[str, Any]:
        from scrimmage.core.teamfile import read_toml_file  # (pydantic: on first use)

        return read_toml_file(path)

    def _bundled_keys(self) -> list[tuple[str, str]]:
        """(lower-case key, team name) for every name, file name, file stem and `team_keys`."""
        out: list[tuple[str, str]] = []
        for name, (fname, data) in bundled_teams(self.folder).items():
            for key in (name, fname, fname.removesuffix(".toml"), *self.team_keys(data)):
                if key:
                    out.append((key.lower(), name))
        return out

    def team_data(self, name_or_path: str, files: bool = True) -> dict[str, Any]:
        """Raw data of a bundled team (by name, file name or `team_keys`, in any case) or of
        a team file (unless `files` is False: a server never opens a path a client names); a
        miss suggests the closest bundled names."""
        bundled = bundled_teams(self.folder)
        if name_or_path in bundled:
            return bundled[name_or_path][1]
        low = name_or_path.strip().lower()
        keys = self._bundled_keys()
        for key, name in keys:
            if key == low:
                return bundled[name][1]
        p = Path(name_or_path)
        if files and p.exists():
            return self.read_team_file(p)
        # A real season's team the builder can make: say how (a server plays no files).
        hint = None if not files or _looks_like_path(name_or_path) else \
            self.unbundled(name_or_path)
        raise UnknownTeam(hint or self._no_such_team(name_or_path, low, keys))

    unbundled_hint: ClassVar[str | None] = None
    """`module:function` of the sheet builder's hint for `unbundled` (called with the
    ruleset's name, the name asked and the bundled team names), imported on first use. A
    ruleset names it and never imports it: the builder (`scrimmage.sheets`) imports the
    rules, never the other way (docs/design-notes.md)."""

    def unbundled(self, asked: str) -> str | None:
        """For a name that is no bundled team: one line saying how to make a team file of it
        where it names a real team-season this ruleset's builder makes, else None."""
        if self.unbundled_hint is None:
            return None
        module, name = self.unbundled_hint.split(":")
        hint: Callable[[str, str, list[str]], str | None] = getattr(import_module(module), name)
        return hint(self.name, asked, self.team_names())

    def _no_such_team(self, asked: str, low: str, keys: list[tuple[str, str]]) -> str:
        """One line: what was not found, and up to three close names (never the whole list)."""
        from scrimmage.core.teamfile import one_line

        what = f"no {self.name} team named {one_line(repr(asked), 80)}"
        if _looks_like_path(asked):
            what += " and no such file"
        # Whole keys, and each word of a name ('ravns' is close to 'ravens', far from
        # '2016 baltimore ravens'); a part of a name ('baltimore') names its teams.
        words = [(w, name) for key, name in keys for w in key.split() if len(w) > 2]
        by_key: dict[str, list[str]] = {}
        for key, name in [*keys, *words]:
            by_key.setdefault(key, []).append(name)
        probe = Path(low).name.removesuffix(".toml") if _looks_like_path(low) else low
        picks = [n for key, _ in keys if len(probe) > 2 and probe in key for n in by_key[key]]
        for key in difflib.get_close_matches(probe, list(by_key), n=6, cutoff=0.7):
            picks.extend(by_key[key])
        seen = list(dict.fromkeys(picks))[:3]
        if not seen:
            return f"{what}; list them with: scrimmage teams --rules {self.name}"
        quoted = [repr(n) for n in seen]
        options = quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"
        return f"{what}; did you mean {options}?"

    def load_team(self, data: dict[str, Any], source: str = "team") -> Any:
        """The team object the rules use, from raw data, or a one-line `ScrimmageError` that
        names `source`: a file of another ruleset is named as such."""
        try:
            return self._build(data, source)
        except SheetError as exc:
            other = self._owner(data)
            if other is None:
                raise
            raise WrongRuleset(source, other.team_file_kind(), other.name) from exc

    def recognises(self, data: dict[str, Any]) -> bool:
        """Whether `data` is a sound team file of this ruleset."""
        try:
            self._build(data, "team")
        except ScrimmageError:
            return False
        return True

    def _owner(self, data: dict[str, Any]) -> Ruleset | None:
        for other in dict.fromkeys(_REGISTRY.values()):
            if other is not self and other.recognises(data):
                return other
        return None

    def _build(self, data: dict[str, Any], source: str) -> Any:
        # Anything the schema lets through must not crash the loader either: a number too
        # big for a float or nesting too deep becomes a one-line refusal.
        try:
            return self.build_team(data, source)
        except ScrimmageError:
            raise
        except RecursionError:
            raise SheetError(source, "(file)", "nested too deeply") from None
        except (OverflowError, ValueError) as exc:
            from scrimmage.core.teamfile import one_line

            raise SheetError(source, "(file)", f"a value is out of range ({one_line(str(exc))})"
                             ) from None

    @abstractmethod
    def build_team(self, data: dict[str, Any], source: str = "team") -> Any:
        """Validate raw data and build the team object the rules use; a bad file raises
        `SheetError(source, field, reason)`."""

    @abstractmethod
    def new_game(
        self, home: Any, away: Any, dice: Dice, options: dict[str, Any], narrate: bool = True
    ) -> Game:
        """A game ready to `run()`. `options` are checked ones (`check_options`). Batch
        simulation passes `narrate=False`: the records then carry no `dice_read` (what each
        die was read for), which nobody reads there and which costs time; Football Legends
        records carry no `desc` either (an empty string). Whoever shows plays to a reader
        (the play-by-play export, the web page, the terminal) narrates."""

    coaches: ClassVar[dict[str, CoachKind]] = {}
    """The computer coaches this ruleset offers, by every name a person may type."""

    def default_coach(self, kind: str, seed: int) -> Coach:
        """A computer coach of the named kind (`solitaire`, `random`, ...), with a league
        coach's tendencies after a `+` (`solitaire+run=0.6+fourth=bold`,
        `coaches.tendency`)."""
        base, *tendencies = kind.split("+")
        found = self.coaches.get(base)
        if found is None:
            raise ScrimmageError(f"unknown coach {kind!r}; use {coach_names(self.coaches)}")
        coach = found.make(seed, self.name)
        if tendencies:
            wrap = import_module("scrimmage.coaches.tendency").with_tendencies
            coach = wrap(coach, tendencies, seed)
        return coach

    default_pair: ClassVar[tuple[str, str] | None] = None
    """The bundled teams a command plays when none are named (else the first two)."""

    options: ClassVar[tuple[Option, ...]] = ()
    """The options a game of this ruleset takes (`scrimmage.core.options`)."""

    def check_options(self, given: Mapping[str, object]) -> dict[str, Any]:
        """`given` checked against `options`: one clear line for an unknown name or a value
        that is not allowed."""
        return parse_options(self.name, self.options, given)

    rules_modules: ClassVar[tuple[str, ...]] = ()
    """The modules that hold the rules (the game, the team files' schema), which a ruleset's
    own module imports when it first needs them: registering a ruleset, naming its teams or
    listing its options does not load them. A pool of worker processes loads them once
    beforehand (`scrimmage.sim.parallel`)."""

    # -- what a table shows (the person's seat, `scrimmage.seat`) ---------------------------
    table_view: ClassVar[str | None] = None
    """The module that draws this ruleset's table (`scoreboard`, `sheet`, `board`), imported
    on first use: a batch run never needs it."""

    def _view(self) -> Any:
        return import_module(self.table_view) if self.table_view else None

    def scoreboard(self, game: Any) -> Scoreboard:
        """The score pad of a game of this ruleset."""
        view = self._view()
        if view is None:
            raise NotImplementedError(f"{self.name} has no scoreboard")
        board: Scoreboard = view.scoreboard(game)
        return board

    def sheet(self, game: Any, seat: Side) -> list[str]:
        """The seat's team sheet or chart as a table player reads it: the ratings, and what is
        left to call (the checkoff sheet). Plain text lines."""
        view = self._view()
        return [] if view is None else list(view.sheet(game, seat))

    def sheet_json(self, team: Any, game: Any = None) -> dict[str, Any]:
        """A team's own sheet or chart as the box shows it, as JSON for a web page: every
        rating the table reads, in the book's order, with a `kind` naming the page's renderer
        and `unofficial` where the data are our design (a sheet built or generated by
        scrimmage, a house rule). `team` is a team object (`load_team`); `game`, when given,
        is the game it plays in, whose own table data (dice faces, tables) are shown."""
        view = self._view()
        if view is None:
            raise NotImplementedError(f"{self.name} has no team sheet")
        out: dict[str, Any] = view.sheet_json(team, game)
        return out

    def game_sheet_json(self, game: Any, side: Side) -> dict[str, Any]:
        """`sheet_json` of the team that plays `side` in `game`, as the game loaded it (an
        uploaded file too). Public: a team sheet lies on the table for both coaches."""
        view = self._view()
        if view is None:
            raise NotImplementedError(f"{self.name} has no team sheet")
        return self.sheet_json(view.team_of(game, side), game)

    def board(self, game: Any) -> dict[str, Any]:
        """What lies on the table for this game, as JSON for a web page's board: checkoff
        sheets, lineups, dice faces, the clock track... (public: both seats see it)."""
        view = self._view()
        return {} if view is None else dict(view.board(game))

    def words(self) -> dict[str, Any]:
        """Plain words for this ruleset's decisions: prompts, the book's names of options, help
        (`rules/<game>/data/words.toml`; `scrimmage.seat.words` reads it)."""
        if not self.words_package:
            return {}
        return _words(self.words_package)

    words_package: ClassVar[str] = ""
    kinds: ClassVar[tuple[Kind, ...]] = tuple(Kind)
    """The kinds of decision this ruleset's coaches make (what a person may take or hand to
    the assistant, `ask KIND` / `auto KIND`)."""
    periods: ClassVar[int] = 4
    """Periods of regulation play (quarters; The Grid plays halves)."""

    def default_teams(self) -> tuple[str, str]:
        names = self.team_names()
        if self.default_pair is not None and all(n in names for n in self.default_pair):
            return self.default_pair
        if len(names) < 2:
            raise UnknownTeam(f"{self.name} has fewer than two bundled teams; name them with "
                              "--home and --away")
        return names[0], names[1]


@cache
def _words(package: str) -> dict[str, Any]:
    return tomllib.loads(resources.files(package).joinpath("data", "words.toml").read_text("utf-8"))


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


def rules_modules() -> list[str]:
    """The rules modules of every registered ruleset (`Ruleset.rules_modules`)."""
    return list(dict.fromkeys(m for r in _REGISTRY.values() for m in r.rules_modules))
