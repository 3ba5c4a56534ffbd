"""`scrimmage verify RECORD`: check a game's record, as a seat downloads it from the server
(`GET /api/games/{id}/record`), against the rules themselves (issue 35).

Three checks, in order, each refused with one line saying where the record departs:

1. the fair dice (`core.fairness.check`): each revealed value hashes to its commitment, the
   server's too, and the block's seed is the one the three values give;
2. the record's seed is that seed;
3. replaying the record's decisions from that seed reproduces every play it lists, dice
   first ("decision 212 (play 57): the record says d20 14, the replay rolls 9"), then every
   other column of the play, the number of plays, and the final score.

Decisions are counted from 0, as the record's list and the HTTP contract count them; plays
from 1, as their `play_id`. A play is named with the decision answered last before it was
played. A game saved by `scrimmage play` (a digest of its plays rather than the plays) is
checked against the digest. A record without fair dice is checked the same way but said to
have a seed the server chose alone. `expect` pins what a seat knows of its own game (its value, the server's
commitment its page saw before committing): a record that differs is refused.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from scrimmage.api import new_game
from scrimmage.core import fairness
from scrimmage.core.decisions import Decision
from scrimmage.core.driver import Driver, ReplayDiverged
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord, plays_digest
from scrimmage.core.ruleset import Game

SHOWN = 60
"""Characters of a play's column shown in a refusal."""


class NotVerified(ScrimmageError):
    """The record does not hold together: the one line says where."""


@dataclass
class Pins:
    """What the checker knows of the game on their own: their side's value and the server's
    commitment their page saw before committing."""

    values: dict[str, str] = field(default_factory=dict)
    server_commit: str | None = None


@dataclass
class Verified:
    record: GameRecord
    plays: int
    fair: bool
    over: bool
    score: dict[str, int]

    @property
    def line(self) -> str:
        r = self.record
        score = f"{self.score[r.away]}-{self.score[r.home]}"
        return (f"verified: {r.away} at {r.home}, {score}{'' if self.over else ' (in play)'}, "
                f"{self.plays} plays, {len(r.decisions)} decisions, "
                + ("seed from both coaches" if self.fair else
                   "seed chosen by the server alone (no fair dice)"))


def verify(data: object, source: str = "record", expect: Pins | None = None) -> Verified:
    """Check a record (its JSON, as downloaded); `NotVerified` says where it departs."""
    try:
        record = GameRecord.from_json(data, source)
    except ScrimmageError as exc:
        raise NotVerified(str(exc)) from None
    fair = record.fairness is not None
    _check_seed(record, expect or Pins())
    played = record.played
    if played is None and record.digest is None:
        raise NotVerified(f"{source}: it lists no plays to check (download it from the game: "
                          "GET /api/games/ID/record)")
    game, log, made_by, stopped = _replay(record)
    if played is None:                   # a saved game: its plays' fingerprint, not the plays
        if stopped is None and (record.play_count != len(game.plays)
                                or plays_digest(game.plays) != record.digest):
            raise NotVerified(f"the record's digest of its {record.play_count} plays is not "
                              f"the digest of the replay's {len(game.plays)}")
        played = json.loads(json.dumps(game.plays))
    plays = json.loads(json.dumps(game.plays))
    for i, (theirs, ours) in enumerate(zip(played, plays, strict=False)):
        problem = _play_difference(theirs, ours)
        if problem:
            raise NotVerified(f"{_where(made_by, i)}: {problem}")
    if stopped is not None:
        raise NotVerified(str(stopped))
    if len(played) > len(plays):
        raise NotVerified(f"play {len(plays) + 1}: the record has {len(played)} plays, the "
                          f"replay of its {len(record.decisions)} decisions ends at "
                          f"{len(plays)}")
    if len(played) < len(plays):
        raise NotVerified(f"{_where(made_by, len(played))}: the replay plays it, the record "
                          f"stops at {len(played)} plays")
    if len(log) < len(record.decisions):
        raise NotVerified(f"decision {len(log)}: the game is over, but the record goes on to "
                          f"decision {len(record.decisions)}")
    score = {record.home: game.score[Side.HOME], record.away: game.score[Side.AWAY]}
    if record.finished and not game.over:
        raise NotVerified(f"decision {len(log)}: the record says the game is over, the replay "
                          "goes on")
    if record.final_score and record.final_score != score:
        raise NotVerified(f"the record's final score {_score(record, record.final_score)} is "
                          f"not the replay's {_score(record, score)}")
    return Verified(record, len(plays), fair, game.over, score)


def _check_seed(record: GameRecord, pins: Pins) -> None:
    block = record.fairness
    if block is None:
        if pins.values or pins.server_commit:
            raise NotVerified("the record has no fair dice: its seed was the server's alone")
        return
    try:
        seed = fairness.check(block)
    except fairness.FairDiceBroken as exc:
        raise NotVerified(str(exc)) from None
    for side, value in pins.values.items():
        if block["values"][side] != value:
            raise NotVerified(f"the record's {side} value is not yours: these are not the dice "
                              "your page set")
    if pins.server_commit is not None and block["server_commit"] != pins.server_commit:
        raise NotVerified("the record's server commitment is not the one your page saw before "
                          "it committed")
    if record.seed != seed:
        raise NotVerified(f"the seed is not the one the commitments give: the record plays "
                          f"seed {record.seed}, the commitments give {seed}")


class _NoCoach:
    def decide(self, decision: Decision, view: Any) -> str:
        raise ReplayDiverged("the record ends before the game does")


def _replay(record: GameRecord) -> tuple[Game, list[list[str]], list[int],
                                          ScrimmageError | None]:
    """The game replayed from the record's decisions (stopping where they end), its log, the
    decision answered last before each play, and why the replay stopped early (None: it did
    not)."""
    try:
        game, fresh = new_game(record.rules, record.home_team, record.away_team,
                               seed=record.seed, typed=record.dice, **record.options)
    except ScrimmageError as exc:
        raise NotVerified(f"the record's game cannot be set up: {exc}") from None
    if (fresh.home, fresh.away) != (record.home, record.away):
        raise NotVerified(f"the teams inside the record ({fresh.home}, {fresh.away}) are not "
                          f"the ones it names ({record.home}, {record.away})")
    made_by: list[int] = []
    log = fresh.decisions

    def mark(decision: Decision, answer: str) -> None:
        # Called as decision len(log)-1 is answered: the plays since came after the one before.
        made_by.extend([len(log) - 2] * (len(game.plays) - len(made_by)))

    coach = _NoCoach()
    stopped: ScrimmageError | None = None
    try:
        driver = Driver(game, {Side.HOME: coach, Side.AWAY: coach}, log,
                        prefix=record.decisions, on_decision=mark)
        driver.run(replay_only=True)
    except ScrimmageError as exc:
        stopped = exc
    made_by.extend([len(log) - 1] * (len(game.plays) - len(made_by)))
    return game, log, made_by, stopped


def _where(made_by: list[int], play: int) -> str:
    """"decision D (play P)": play P (from 1) and the decision answered last before it."""
    decision = made_by[play] if play < len(made_by) else -1
    if decision < 0:
        return f"play {play + 1} (before any decision)"
    return f"decision {decision} (play {play + 1})"


def _play_difference(theirs: object, ours: dict[str, Any]) -> str:
    """What first differs between the record's play and the replay's: a die, else a column."""
    if not isinstance(theirs, dict):
        return "the record's play is not an object"
    told, rolled = theirs.get("dice"), ours.get("dice") or []
    if not isinstance(told, list):
        return "the record's play has no dice list"
    for k in range(max(len(told), len(rolled))):
        a = told[k] if k < len(told) else None
        b = rolled[k] if k < len(rolled) else None
        if a == b:
            continue
        if a is None:
            return f"the record has no more dice, the replay rolls {_die(b)}"
        if b is None:
            return f"the record says {_die(a)}, the replay rolls no more dice"
        if _is_die(a) and a[0] == b[0]:
            return f"the record says {_die(a)}, the replay rolls {b[1]}"
        return f"the record says {_die(a)}, the replay rolls {_die(b)}"
    for key in [*ours, *(k for k in theirs if k not in ours)]:
        if key not in theirs:
            return f"the record's play lacks {key}, the replay gives {_show(ours[key])}"
        if key not in ours:
            return f"the record says {key} {_show(theirs[key])}, the replay has no {key}"
        if theirs[key] != ours[key]:
            return f"the record says {key} {_show(theirs[key])}, the replay gives " \
                   f"{_show(ours[key])}"
    return ""


def _is_die(x: object) -> bool:
    return isinstance(x, list) and len(x) == 2 and all(isinstance(n, int) for n in x)


def _die(x: object) -> str:
    return f"d{x[0]} {x[1]}" if _is_die(x) and isinstance(x, list) else _show(x)


def _show(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"


def _score(record: GameRecord, score: dict[str, int]) -> str:
    return f"{score.get(record.away, '?')}-{score.get(record.home, '?')}"
