"""Where each answer leaves the ball: a penalty question shows the play that just ran and,
beside accept and decline, the down, distance and spot that answer gives.

A game is its inputs, so the answer is simply played out: the record so far plus that answer,
replayed on a twin of the game and carried on (the do-nothing option of every later question of
the play) until the play's record is closed. The copy shows nothing a table would not: when the
dice still have to speak before the play is over (a house-rule roll after the choice), that
answer's preview is left out rather than told ahead of the dice.
"""

from __future__ import annotations

from typing import Any

from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.driver import Driver
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord
from scrimmage.core.ruleset import Ruleset

PREVIEWED = frozenset({Kind.PENALTY})
"""Kinds whose answers are played out to show where each leaves the ball."""
MAX_QUESTIONS = 50
"""Questions a copy answers before giving up on closing the play (never reached in play)."""


class Outcomes:
    """The play so far (`result`, words) and, per answer, where it leaves the ball."""

    __slots__ = ("after", "result")

    def __init__(self, result: str = "", after: dict[str, str] | None = None) -> None:
        self.result = result
        self.after: dict[str, str] = after or {}


def outcomes(rules: Ruleset, record: GameRecord, game: Any, decision: Decision,
             index: int) -> Outcomes:
    """Each answer to `decision` (the record's decision `index`) played out on a copy."""
    if decision.kind not in PREVIEWED or len(record.decisions) != index:
        return Outcomes()           # not previewed, or read after the game moved on
    after: dict[str, str] = {}
    result = ""
    for answer in decision.options:
        played = _play_out(rules, record, game, decision, index, answer)
        if played is None:
            continue
        text, desc = played
        after[answer] = text
        if answer == "decline" and desc:
            # The play as it ran: its description without the declined foul.
            result = "; ".join(p for p in desc.split("; ") if "declined" not in p)
    return Outcomes(result, after)


def _play_out(rules: Ruleset, record: GameRecord, game: Any, decision: Decision, index: int,
              answer: str) -> tuple[str, str] | None:
    """(where the ball is after the play, the play's description), or None when dice would
    be rolled before the play is over."""
    from scrimmage.api import new_game

    plays, rolls = len(game.plays), len(game.dice.log)
    entry = [decision.kind.value, decision.seat.value, answer, "person"]
    # The live game's own inputs, replayed as they are (the live game was checked when it
    # was loaded): no record copied, nothing re-validated, which would cost more than the
    # replay itself on a question asked in the middle of a person's move.
    try:
        twin, _ = new_game(record.rules, record.home_team, record.away_team, seed=record.seed,
                           typed=record.dice, **record.options)
        first = _FirstOption()
        # Each later question gets its first option, until the play is over.
        Driver(twin, {side: first for side in Side}, [],
               prefix=[*record.decisions[:index], entry],
               stop=lambda: len(twin.plays) > plays or first.asked > MAX_QUESTIONS).run()
    except ScrimmageError:
        return None
    if len(twin.plays) <= plays or len(twin.dice.log) > rolls:
        return None
    board = rules.scoreboard(twin)
    seat = decision.seat
    return where(board, seat, game), str(twin.plays[-1].get("desc") or "")


def where(board: Any, seat: Side, before: Any) -> str:
    """The ball after the play, seen from `seat`: "your ball, 1st & 10 on their 35"; a score
    is said first ("touchdown stands, then they kick off to you")."""
    scored = [s for s in Side if board.score[s] != before.score[s]]
    now = str(board.ball_text(seat))
    if scored:
        who = "you" if scored[0] is seat else "they"
        points = board.score[scored[0]] - before.score[scored[0]]
        now = f"{who} score {points}" + (f", then {now}" if now else "")
    return now


class _FirstOption:
    """Answers every question of a copy with its first option (the do-nothing one: no
    timeout, no coaching points, stay in bounds) and replays a saved answer as it is."""

    def __init__(self) -> None:
        self.asked = 0

    def decide(self, decision: Decision, view: Any) -> str:
        self.asked += 1
        return decision.options[0]
