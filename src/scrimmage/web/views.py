"""What one seat (or a spectator) is shown of a game: the public table and, for the seat whose
turn it is, the question in plain words.

A view is built only from what the table shows: the scoreboard, the board (checkoff sheets,
lineups, dice faces...), the finished plays and the box score. The record's decisions are never
in it, and the pending question goes to its own seat only, so the other side's play call,
die or card cannot reach a seat before both are locked in: the rules hold it in a local
variable until then, and no finished play carries it. The one call a view tells is the seat's
own, locked in while the other side still calls (`locked`), and only to that seat.

A game with fair dice (`core.fairness`) is "setting up" until both coaches' pages have
committed and revealed their values; its view says where that stands (`fair_dice`), and
once the seed is set, the whole block, so each page checks its own value went in.

A game played with the people's own dice shows every seat (and spectators) the die the game
waits for (`die`: its name, sides and place among the game's dice): the dice are the table's,
thrown in sight of all, and any seat may type the face.

`record_for` is the record a seat (or, after the game, anyone) downloads to check the game
with `scrimmage verify`: built from the same rule, it holds no call still hidden.
"""

from __future__ import annotations

import json
from typing import Any

from scrimmage.core import fairness
from scrimmage.core.boxscore import fan_box_score, line_score, period_name
from scrimmage.core.decisions import Kind
from scrimmage.core.field import Side
from scrimmage.seat.outcomes import Outcomes
from scrimmage.seat.own_dice import CARD
from scrimmage.seat.policy import KIND_WORDS
from scrimmage.seat.table import PERSON
from scrimmage.seat.words import option_label, question, words_for
from scrimmage.web.fairness import committer
from scrimmage.web.rooms import Forbidden, Room, Stale, Watcher
from scrimmage.web.store import SavedSeat

HALVES_OF_QUARTERS = frozenset({"1st-and-roll"})
"""Rulesets that play two halves while their records count nflverse quarters (1st & Roll,
rules/roll/state.py): the page names their periods as their own lines do (H1, H2, OT1...)."""


def view(room: Room, seat: SavedSeat | None, since: int = 0,
         previews: bool = True) -> dict[str, Any]:
    """The view of `seat` (None: a spectator). `since` leaves out the plays a page has
    already (the view says where its `plays` start). Without `previews`, a penalty question
    whose previews are not worked out yet goes out without them (`previews_coming`): the
    answer that led to it is acknowledged at once and a push brings them (`app`)."""
    table = room.table
    game = table.game
    rules = table.rules
    board = rules.scoreboard(game)
    side = Side(seat.side) if seat is not None else None
    plays = game.plays
    since = max(0, min(since, len(plays)))
    pending = table.pending
    read = _as_read(rules.name, plays)
    out: dict[str, Any] = {
        "game_id": room.game_id,
        "rules": rules.name,
        "title": rules.title,
        "status": "over" if table.over else "setting up" if room.setting_up else "playing",
        "you": None if seat is None else {"side": seat.side, "unit": seat.unit or None,
                                          "team": table.record_names[Side(seat.side)]},
        "teams": {"home": table.record.home, "away": table.record.away},
        "seats": _seating(room),
        "scoreboard": board.to_json(),
        "situation_line": board.situation_line(side),
        "resources_line": board.resources_line(side),
        "warnings": list(board.warnings.get(side, ())) if side is not None else [],
        "line_score": _line_score(read, rules.name in HALVES_OF_QUARTERS or rules.periods == 2),
        "period_of": {str(p.get("qtr") or 1): period_name(p) for p in read},
        "board": rules.board(game),
        "plays_from": since,
        "play_count": len(plays),
        "plays": plays[since:],
        "waiting_for": None if pending is None else _waiting(room),
        "locked": _locked_call(room, seat),
        "pending": None,
        "can_undo": False,
        "policy": None,
        "box_score": fan_box_score(read, table.record.home, table.record.away)
        if table.over else None,
        "fair_dice": _fair_dice(room, seat),
        "own_dice": table.own_dice,
        "die": _die(table),
    }
    if seat is not None and pending is not None and room.may_answer(seat):
        ready = previews or pending.worked_out
        outcomes = pending.outcomes if ready else Outcomes()
        q = question(rules, pending.decision, pending.suggestion, pending.view,
                     outcomes.after, outcomes.result)
        out["pending"] = {"index": pending.index, **q.to_json(), "previews_coming": not ready}
    if seat is not None and table.seats[Side(seat.side)].ask is not None:
        policy = table.policy(Side(seat.side), seat.unit)
        out["policy"] = {"always": sorted(k.value for k in policy.always),
                         "when_it_matters": sorted(k.value for k in policy.when_it_matters),
                         "kinds": {k.value: KIND_WORDS.get(k, k.value) for k in Kind}}
        out["can_undo"] = table.people == 1 and any(
            len(e) > 3 and e[3] == PERSON for e in table.record.decisions)
    if seat is not None and table.record.dice:
        out["can_undo"] = True              # the last die typed comes back
    return out


def _die(table: Any) -> dict[str, Any] | None:
    """The die the game waits for, in a game of the people's own dice."""
    wanted = table.wanted
    if wanted is None:
        return None
    return {"index": wanted.index, "sides": wanted.sides, "name": wanted.name,
            "prompt": wanted.prompt, "kind": wanted.kind, "shows": wanted.shows,
            # a card's faces are the deck left: typed, not tapped
            "faces": list(wanted.labels) if wanted.kind != CARD else []}


def update(room: Room, watcher: Watcher, previews: bool = True) -> dict[str, Any]:
    """The view a WebSocket push sends `watcher`: its seat's view with only the plays it has
    not been sent, and the last one it has again, since a ruleset may add to the last play
    after it was shown (5D20's timeout after the play, D20-43) and an undo may take that back.
    Without this a push late in a game would resend some 150 plays after every answer."""
    since = max(0, min(watcher.sent, len(room.table.game.plays)) - 1)
    out = view(room, watcher.seat, since, previews)
    watcher.sent = out["play_count"]
    return out


def _fair_dice(room: Room, seat: SavedSeat | None) -> dict[str, Any] | None:
    """Where the fair dice stand (`core.fairness.public`), with the side this seat gives a
    value for (`yours`, null if none) and the seed as decimal text (a page's numbers lose
    digits past 2**53)."""
    block = room.table.record.fairness
    if block is None:
        return None
    out = fairness.public(block)
    if out.get("seed") is not None:
        out["seed"] = str(out["seed"])
    gives = seat is not None and seat.unit == committer(room.table.seats[Side(seat.side)])
    out["yours"] = seat.side.lower() if gives and seat is not None else None
    return out


def _seating(room: Room) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for side, spec in room.table.seats.items():
        key = side.value.lower()
        if spec.split:
            out[key] = {"offense": spec.offense, "defense": spec.defense}
        else:
            out[key] = "person" if spec.has_person else "computer"
    return out


def _waiting(room: Room) -> dict[str, Any]:
    """Whose turn it is, with nothing of the question itself."""
    pending = room.table.pending
    assert pending is not None
    unit = None
    if room.table.seats[pending.side].split:
        unit = "offense" if getattr(pending.view, "on_offense", True) else "defense"
    return {"side": pending.side.value, "unit": unit,
            "team": room.table.record_names[pending.side]}


def _locked_call(room: Room, seat: SavedSeat | None) -> dict[str, Any] | None:
    """The play call this seat has locked in while the other side still makes its own, so
    its page can say what it called; None otherwise. Every ruleset asks the offense's call
    and then, with nothing between, the defense's (FNL-25, GRID-19/20, FR-10, D20-12): the
    seat's call is the record's last decision when the defense's call is the one waiting."""
    pending = room.table.pending
    log = room.table.record.decisions
    if seat is None or pending is None or not log or pending.index != len(log):
        return None
    decision = pending.decision
    if decision.kind != Kind.PLAY_CALL or decision.info.get("side") != "defense" \
            or decision.seat == seat.side or seat.unit not in ("", "offense"):
        return None
    last = log[-1]
    if last[0] != Kind.PLAY_CALL or last[1] != seat.side:
        return None
    words = words_for(room.table.rules, Kind.PLAY_CALL.value)
    return {"answer": last[2], "label": option_label(words, last[2]),
            "by": last[3] if len(last) > 3 else "computer"}


def _as_read(rules: str, plays: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The plays with the periods and clocks a person reads, for the line score, the box
    score and the page's period markers (the plays sent stay the record's own)."""
    if rules not in HALVES_OF_QUARTERS:
        return plays
    return [{**p, "period_label": _half(int(p.get("qtr") or 1)),
             "clock_label": p.get("clock") or ""} for p in plays]


def _half(qtr: int) -> str:
    return "H1" if qtr <= 2 else "H2" if qtr <= 4 else f"OT{qtr - 4}"


def _line_score(plays: list[dict[str, Any]], halves: bool) -> dict[str, Any]:
    """The line score; a game of halves shows both from the kickoff, as one of quarters
    shows all four."""
    line = line_score(plays)
    if not halves or "H2" in line["periods"]:
        return line
    if not plays:                       # nothing to name periods by: line_score gives quarters
        return {"periods": ["H1", "H2"], "away": [0, 0], "home": [0, 0]}
    return {"periods": ["H1", "H2", *line["periods"][1:]],
            "away": [line["away"][0], 0, *line["away"][1:]],
            "home": [line["home"][0], 0, *line["home"][1:]]}


def record_for(room: Room, seat: SavedSeat | None) -> dict[str, Any]:
    """The game's record as a file (`GameRecord.to_json`, with its fairness block) and every
    play as played, dice and all (`plays`), for `scrimmage verify` to replay and compare.

    Once the game is over anyone may have it, as anyone may watch it. Before then only a
    seat, and only in a game with a person in every seat: against a computer coach the seed
    would tell the coach's calls to come. A call locked in while the other side still makes
    its own is left out (and so is nothing else: every other decision made is public), so a
    seat learns nothing it could not see on the table."""
    table = room.table
    if not table.over:
        if seat is None:
            raise Forbidden("a spectator gets a game's record when the game is over")
        if any(kind != PERSON for spec in table.seats.values()
               for kind in (spec.offense, spec.defense)):
            raise Stale("the record of a game with a computer coach comes when the game is "
                        "over: its seed would tell the computer's calls to come")
    record = table.record
    decisions = list(record.decisions)
    pending = table.pending
    if pending is not None and _hides_the_last_call(pending, decisions):
        decisions.pop()                  # locked in, not played yet: still hidden
    plays = json.loads(json.dumps(table.game.plays))
    data = record.to_json()
    data.update(decisions=decisions, finished=table.over, plays=plays)
    if table.over:
        data["final_score"] = {record.home: table.game.score[Side.HOME],
                               record.away: table.game.score[Side.AWAY]}
    else:
        data["final_score"] = {}
    data.pop("plays_digest", None)
    data.pop("play_count", None)
    return data


def _hides_the_last_call(pending: Any, log: list[list[str]]) -> bool:
    """Is the record's last decision a play call locked in while the defense's call is the
    one waiting (the case `_locked_call` shows its own seat, and no one else)?"""
    decision = pending.decision
    return bool(log) and pending.index == len(log) and decision.kind == Kind.PLAY_CALL \
        and decision.info.get("side") == "defense" and log[-1][0] == Kind.PLAY_CALL
