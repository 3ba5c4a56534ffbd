"""Game records: everything needed to replay a game, and what it produced.

A game is its inputs (ruleset, options, the two teams' data, seed, the decisions made), so a
`GameRecord` saved as JSON can be replayed or resumed exactly. Plays are dicts whose keys follow
the nflverse play-by-play column names where one exists.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scrimmage.core.errors import ScrimmageError

DecisionEntry = list[str]
"""One decision as saved: ``[kind, seat, answer]``."""

RECORD_VERSION = 1


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
        """The replayable part (plays are recomputed on replay, so they are not saved)."""
        return {
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

    @classmethod
    def from_json(cls, data: dict[str, Any], source: str = "record") -> GameRecord:
        try:
            if data.get("version") != RECORD_VERSION:
                raise ScrimmageError(f"{source}: unsupported record version {data.get('version')!r}")
            return cls(
                rules=str(data["rules"]),
                seed=int(data["seed"]),
                home=str(data["home"]),
                away=str(data["away"]),
                home_team=dict(data["home_team"]),
                away_team=dict(data["away_team"]),
                options=dict(data.get("options", {})),
                decisions=[[str(x) for x in d] for d in data.get("decisions", [])],
                final_score={str(k): int(v) for k, v in data.get("final_score", {}).items()},
                finished=bool(data.get("finished", False)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, ScrimmageError):
                raise
            raise ScrimmageError(f"{source}: not a game record ({exc})") from None

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write atomically, so a process killed mid-write leaves the previous save intact."""
        target = Path(path)
        fd, tmp = tempfile.mkstemp(dir=target.parent or ".", prefix=target.name, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(self.to_json(), fh, separators=(",", ":"))
        os.replace(tmp, target)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> GameRecord:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ScrimmageError(f"{path}: cannot read game record ({exc})") from None
        return cls.from_json(data, str(path))


def snap_record(template: dict[str, Any], play_type: str, play_id: int, clock: Any,
                posteam: Any, names: dict[Any, str], score: dict[Any, int]) -> dict[str, Any]:
    """A new play record from a ruleset's template (every column, so plays share one schema),
    filled with what is known at the snap: the clock (a `PeriodClock`), the teams and the score.
    `posteam` is a `Side`; the record's `posteam_type` is "home" or "away"."""
    rec = template.copy()
    other = posteam.other
    rec.update(
        play_id=play_id, qtr=clock.quarter, quarter_seconds_remaining=clock.seconds_left,
        half_seconds_remaining=clock.half_seconds_remaining,
        game_seconds_remaining=clock.game_seconds_remaining,
        posteam=names[posteam], defteam=names[other],
        posteam_type="home" if posteam.value == "HOME" else "away", play_type=play_type,
        posteam_score=score[posteam], defteam_score=score[other],
    )
    return rec
