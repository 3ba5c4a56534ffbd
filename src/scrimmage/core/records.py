"""Game records: everything needed to replay a game, and what it produced.

A game is its inputs (ruleset, options, the two teams' data, seed, the decisions made, and for a
game played with a real table's dice the faces typed in), so a
`GameRecord` saved as JSON can be replayed or resumed exactly. Plays are dicts whose keys follow
the nflverse play-by-play column names where one exists.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from scrimmage.core.errors import ScrimmageError

DecisionEntry = list[str]
"""One decision as saved: ``[kind, seat, answer]``, or ``[kind, seat, answer, by]`` where `by`
says who answered at a person's seat ("person", "assistant", "computer", or "deadline": the
computer for a coach who was not there when a league's week closed)."""

RECORD_VERSION = 1
ANSWERED_BY = ("person", "assistant", "computer", "deadline")
SEED_LIMIT = 2**64


WORDS = frozenset({"desc", "dice_read"})
"""The columns of a play that are words about it: a better phrase is not another game."""


def plays_digest(plays: list[dict[str, Any]]) -> str:
    """A fingerprint of a game's play-by-play: a save carries it, so a record that no longer
    replays to the same game (an edited file, another version of the engine) is caught. The
    words are left out: a save outlives a change of wording (the plays themselves, their dice
    included, are what must match)."""
    facts = [{k: v for k, v in p.items() if k not in WORDS} for p in plays]
    text = json.dumps(facts, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class _RecordFile(BaseModel):
    """The saved form, checked strictly: a hand-edited or damaged file is refused with the
    field at fault rather than half-read."""

    model_config = ConfigDict(strict=True, extra="forbid", defer_build=True)

    version: Literal[1]
    rules: str = Field(min_length=1)
    seed: int = Field(gt=-SEED_LIMIT, lt=SEED_LIMIT)
    options: dict[str, str | bool | int] = Field(default_factory=dict)
    home: str = Field(min_length=1)
    away: str = Field(min_length=1)
    home_team: dict[str, Any]
    away_team: dict[str, Any]
    decisions: list[list[str]] = Field(default_factory=list)
    final_score: dict[str, int] = Field(default_factory=dict)
    finished: bool = False
    seats: dict[str, dict[str, Any]] = Field(default_factory=dict)
    plays_digest: str | None = None
    play_count: int | None = Field(default=None, ge=0)
    status: str = ""
    fairness: dict[str, Any] | None = None
    plays: list[dict[str, Any]] | None = None
    dice: list[int] | None = None

    @field_validator("dice")
    @classmethod
    def _faces(cls, v: list[int] | None) -> list[int] | None:
        for i, face in enumerate(v or ()):
            if face < 1:
                raise ValueError(f"typed die {i + 1} is {face}; a die shows 1 or more")
        return v

    @field_validator("decisions")
    @classmethod
    def _entries(cls, v: list[list[str]]) -> list[list[str]]:
        for i, entry in enumerate(v):
            if len(entry) not in (3, 4):
                raise ValueError(f"decision {i} has {len(entry)} parts; a decision is "
                                 "[kind, seat, answer] or [kind, seat, answer, by]")
            if entry[1] not in ("HOME", "AWAY"):
                raise ValueError(f"decision {i}: seat {entry[1]!r} is neither HOME nor AWAY")
            if len(entry) == 4 and entry[3] not in ANSWERED_BY:
                raise ValueError(f"decision {i}: answered by {entry[3]!r}, not one of "
                                 f"{', '.join(ANSWERED_BY)}")
        return v


def first_error(exc: ValidationError) -> tuple[str, str]:
    """The first of pydantic's errors as (field path, reason), each on one line."""
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "(top level)"
    reason = str(err["msg"]).removeprefix("Value error, ").replace("\n", " ")
    return where, reason


@dataclass
class GameRecord:
    rules: str
    seed: int
    home: str
    away: str
    home_team: dict[str, Any]
    away_team: dict[str, Any]
    options: dict[str, Any] = field(default_factory=dict)
    decisions: list[DecisionEntry] = field(default_factory=list)
    plays: list[dict[str, Any]] = field(default_factory=list)
    final_score: dict[str, int] = field(default_factory=dict)
    finished: bool = False
    seats: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Who sits at each side (`scrimmage.seat.table`): a person (and what they are asked) or
    a computer coach; kept so a resumed game seats them the same way."""
    digest: str | None = None
    """`plays_digest` of the plays when the record was saved (None: not known)."""
    play_count: int | None = None
    status: str = ""
    """Where the game stands, in a few words ("Q3 04:12", "final"), for lists of saved games."""
    fairness: dict[str, Any] | None = None
    """How the seed was set in a game between two people (`scrimmage.core.fairness`): the
    commitments, the revealed values and the derivation; None when the server chose it."""
    played: list[dict[str, Any]] | None = None
    """The plays as a downloaded record says they were played (the server's `GET .../record`):
    what `scrimmage verify` checks a replay against. Never played from: `plays` are the
    replay's own."""
    dice: list[int] | None = None
    """The faces typed at a real table, in the order thrown (`scrimmage play --dice manual`):
    the game rolls these instead of the seed's dice (`core.dice.TypedDice`). None: the
    engine's dice. The seed still seats the computer coaches."""

    @property
    def box_score(self) -> dict[str, dict[str, float]]:
        """Team statistics of both teams, computed from the play records."""
        from scrimmage.core.stats import box_score

        return box_score(self.plays, self.home, self.away)

    @property
    def player_box_score(self) -> dict[tuple[str, str], dict[str, float]]:
        """Player lines (passing, rushing, receiving, defense, kicking, returns) keyed by
        (team, player), computed from the play records' nflverse player columns. Empty for a
        ruleset whose records name no players."""
        from scrimmage.core.stats import player_stats

        return player_stats(self.plays)

    def to_json(self) -> dict[str, Any]:
        """The replayable part (plays are recomputed on replay, so they are not saved; their
        digest is)."""
        data: dict[str, Any] = {
            "version": RECORD_VERSION,
            "rules": self.rules,
            "seed": self.seed,
            "options": self.options,
            "home": self.home,
            "away": self.away,
            "home_team": self.home_team,
            "away_team": self.away_team,
            "decisions": self.decisions,
            "final_score": self.final_score,
            "finished": self.finished,
        }
        if self.seats:
            data["seats"] = self.seats
        if self.status:
            data["status"] = self.status
        if self.plays:
            data["plays_digest"] = plays_digest(self.plays)
            data["play_count"] = len(self.plays)
        elif self.digest is not None:
            data["plays_digest"], data["play_count"] = self.digest, self.play_count
        if self.fairness is not None:
            data["fairness"] = self.fairness
        if self.played is not None:
            data["plays"] = self.played
        if self.dice is not None:
            data["dice"] = self.dice
        return data

    @classmethod
    def from_json(cls, data: object, source: str = "record") -> GameRecord:
        if not isinstance(data, dict):
            raise ScrimmageError(f"{source}: not a game record (a JSON object is expected, "
                                 f"not {type(data).__name__})")
        if data.get("version") != RECORD_VERSION:
            raise ScrimmageError(f"{source}: unsupported record version {data.get('version')!r}")
        try:
            f = _RecordFile.model_validate(data)
        except ValidationError as exc:
            where, reason = first_error(exc)
            raise ScrimmageError(f"{source}: not a game record ({where}: {reason})") from None
        except RecursionError:
            raise ScrimmageError(f"{source}: not a game record (nested too deeply)") from None
        return cls(rules=f.rules, seed=f.seed, home=f.home, away=f.away,
                   home_team=f.home_team, away_team=f.away_team, options=dict(f.options),
                   decisions=[list(d) for d in f.decisions], final_score=dict(f.final_score),
                   finished=f.finished, seats=f.seats, digest=f.plays_digest,
                   play_count=f.play_count, status=f.status, fairness=f.fairness,
                   played=f.plays, dice=None if f.dice is None else list(f.dice))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write atomically (a temporary file renamed over the old one), so a process killed
        mid-write leaves the previous save intact and a failed write leaves nothing behind.
        A path that is there but no regular file (`/dev/null`, a pipe) is written in place:
        renaming a file over it would replace the device itself."""
        target = Path(path)
        if target.exists() and not target.is_file():
            try:
                with target.open("w", encoding="utf-8") as fh:
                    fh.write(json.dumps(self.to_json(), separators=(",", ":")))
            except OSError as exc:
                raise ScrimmageError(f"cannot save to {target}: {exc.strerror}") from None
            return
        folder = target.parent
        if not folder.is_dir():
            raise ScrimmageError(f"cannot save to {target}: the folder {folder} does not exist")
        try:
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
        except OSError as exc:
            raise ScrimmageError(f"cannot save to {target}: {exc.strerror}") from None
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                # dumps, not dump: one C-encoded string, where dump encodes in Python (a
                # game of typed dice is saved at every die, the teams' data and all).
                fh.write(json.dumps(self.to_json(), separators=(",", ":")))
            os.replace(tmp, target)
        except OSError as exc:
            Path(tmp).unlink(missing_ok=True)
            raise ScrimmageError(f"cannot save to {target}: {exc.strerror}") from None
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> GameRecord:
        p = Path(path)
        try:
            data = json.loads(p.read_bytes().decode("utf-8"))
        except OSError as exc:
            raise ScrimmageError(f"{p}: cannot read game record ({exc.strerror})") from None
        except UnicodeDecodeError:
            raise ScrimmageError(f"{p}: not a game record (not UTF-8 text)") from None
        except json.JSONDecodeError as exc:
            raise ScrimmageError(f"{p}: not a game record (bad JSON at line {exc.lineno}, "
                                 f"column {exc.colno}: {exc.msg})") from None
        except RecursionError:
            raise ScrimmageError(f"{p}: not a game record (nested too deeply)") from None
        return cls.from_json(data, str(p))
