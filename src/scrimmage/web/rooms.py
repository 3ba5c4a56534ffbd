"""Games in play on the server: each is a `Table` (the same seat and assistant a terminal uses)
in a room with a lock, the seats its tokens open, and the sockets watching it.

A room is made from the store on first use, so a restarted server picks every game up where
its last committed decision left it. Every change a person makes is committed to the store
before anyone is told of it, so a room nobody has touched for a while may leave memory (the
least recently used first, once more than `max_in_memory` are kept) and come back from the
store on the next request, as after a restart.

Several server processes may share one database (PostgreSQL). A room remembers the version of
the game it was loaded at; before it is used, the stored version is compared, and a game
another process moved on is loaded again. A change is written only if the stored version is
still the room's (`Store.save(version=)`): of two processes answering the same decision, one
writes it and the other is refused (409) with nothing changed. A fair-dice step is written
the same way, but one that lost to the other side's step is taken again from the block that
holds it (the two do not conflict), so two pages committing at once through two processes
both get their commitment kept.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from scrimmage.api import new_game
from scrimmage.core import fairness
from scrimmage.core.errors import IllegalDecision, ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord
from scrimmage.core.ruleset import find_ruleset
from scrimmage.seat.own_dice import check_own_dice
from scrimmage.seat.policy import AskPolicy
from scrimmage.seat.table import PERSON, SeatSpec, Table
from scrimmage.web import fairness as fair
from scrimmage.web.limits import MAX_GAMES_IN_MEMORY
from scrimmage.web.store import Loaded, Moved, SavedSeat, Store, digest, opened_by

TOKEN_BYTES = 24
"""A seat's token: 192 random bits, written as 32 URL-safe characters."""
FAIR_TRIES = 5
"""Times a fair-dice step is taken again after the other side's step was written first."""
COMPUTER_KINDS = ("solitaire", "random")


class Forbidden(ScrimmageError):
    """A token that opens no seat of this game, or a seat acting for another (403)."""


class Stale(ScrimmageError):
    """An answer to a decision that is no longer the one waiting (409)."""


class NotFound(ScrimmageError):
    """No such game (404)."""


@dataclass
class Watcher:
    """A page watching a game over its WebSocket: the seat it holds (None: a spectator) and
    how many plays it has been sent, so a push carries only the plays it lacks."""

    seat: SavedSeat | None
    sent: int = 0
    version: int = -1
    """The version of the game it was last sent."""


@dataclass
class Room:
    game_id: str
    table: Table
    seats: dict[str, SavedSeat]
    """Token digest -> the seat it opens."""
    kept: int
    """How many of the record's decisions the store holds."""
    version: int = 0
    """The stored version of the game the room holds (-1: reload it before use)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sockets: dict[Any, Watcher] = field(default_factory=dict)
    """Open WebSockets and what each watches."""
    users: int = 0
    """Requests using the room now (`Rooms.hold`): it stays in memory until they are done."""

    def seat_for(self, token: str | None) -> SavedSeat | None:
        """The seat `token` opens (None for no token: a spectator); a token that opens no
        seat of this game is refused. Compared in constant time."""
        if token is None or token == "":
            return None
        found = opened_by(token, self.seats)
        if found is None:
            raise Forbidden("this token opens no seat of this game")
        return found

    def may_answer(self, seat: SavedSeat | None) -> bool:
        """Is the pending decision this seat's to answer?"""
        pending = self.table.pending
        if seat is None or pending is None or pending.side.value != seat.side:
            return False
        if not seat.unit:
            return True
        unit = "offense" if getattr(pending.view, "on_offense", True) else "defense"
        return unit == seat.unit

    @property
    def setting_up(self) -> bool:
        """Is the game waiting for its fair dice (`web.fairness`)?"""
        return fair.setting_up(self.table.record)


class Rooms:
    def __init__(self, store: Store, max_in_memory: int = MAX_GAMES_IN_MEMORY) -> None:
        if max_in_memory < 1:
            raise ScrimmageError(f"max games in memory {max_in_memory}: must be at least 1")
        self.store = store
        self.max_in_memory = max_in_memory
        self.rooms: OrderedDict[str, Room] = OrderedDict()
        """The games in memory, the least recently used first."""
        self.on_over: Callable[[str, GameRecord], None] | None = None
        """Told when a game ends (a league counts its game's result)."""

    # -- making and finding games -------------------------------------------------------
    def create(self, body: Mapping[str, Any], base_url: str) -> tuple[Room, dict[str, Any]]:
        """A new game from a request (already checked for shape): its room, and the seats'
        tokens and invitation links (returned once, never stored in clear)."""
        rules = find_ruleset(str(body["rules"]))
        home, away = body.get("home"), body.get("away")
        default_home, default_away = rules.default_teams()
        given_seed = body.get("seed")
        seed = int(given_seed) if given_seed is not None else secrets.randbelow(2**31)
        own = body.get("own_dice") is True
        if own:
            check_own_dice(rules.name)
        _, record = new_game(rules.name, home if home is not None else default_home,
                             away if away is not None else default_away, seed=seed,
                             typed=[] if own else None, **dict(body.get("options") or {}))
        specs, tokens = _seats(rules, body.get("seats") or {})
        secret = None
        # With the people's own dice the seed seats only the computer: nothing to make fair.
        if not own and fair.wanted(specs, body.get("fair_dice"), given_seed is not None):
            secret = fair.arrange(record)
        game_id = secrets.token_urlsafe(9)
        table = Table(record, specs)
        room = Room(game_id, table, {digest(t): s for t, s in tokens.items()}, 0)
        if secret is None:
            table.advance()
        self.store.create(game_id, table.record, tokens, secret=secret)
        room.kept = len(table.record.decisions)
        self._keep(room)
        links = {s.key().lower(): {"token": t, "url": f"{base_url}games/{game_id}?token={t}"}
                 for t, s in tokens.items()}
        return room, links

    @contextmanager
    def hold(self, game_id: str) -> Iterator[Room]:
        """The room of a game, kept in memory while the caller uses it (across awaits: one
        room object per game, or two requests could write different histories)."""
        room = self.get(game_id)
        room.users += 1
        try:
            yield room
        finally:
            room.users -= 1

    def get(self, game_id: str) -> Room:
        """The room of a game, up to date with the store (unless a request is acting on it
        now: that request brings it up to date itself)."""
        room = self.rooms.get(game_id)
        if room is not None:
            if not room.lock.locked():
                self.refresh(room)
            self.rooms.move_to_end(game_id)
            return room
        loaded = self.store.load(game_id)
        if loaded is None:
            raise NotFound(f"no game {game_id!r}")
        table = _table(game_id, loaded)
        room = Room(game_id, table, loaded.seats, len(loaded.record.decisions),
                    loaded.version)
        self._keep(room)
        return room

    def refresh(self, room: Room) -> bool:
        """Load the game again if the store has moved on from the room's version (another
        process wrote it); True if it did."""
        if self.store.version(room.game_id) == room.version:
            return False
        self._reload(room)
        return True

    def _reload(self, room: Room) -> None:
        room.version = -1                   # until the store has been read
        loaded = self.store.load(room.game_id)
        if loaded is None:                  # deleted (with its league)
            if self.rooms.get(room.game_id) is room:
                del self.rooms[room.game_id]
            raise NotFound(f"no game {room.game_id!r}")
        room.table = _table(room.game_id, loaded)
        room.seats = loaded.seats
        room.kept = len(loaded.record.decisions)
        room.version = loaded.version

    def _keep(self, room: Room) -> None:
        """Keep `room` in memory, and drop the least recently used idle rooms beyond the cap:
        the store holds all of each. A room in use, locked or watched stays."""
        self.rooms[room.game_id] = room
        excess = len(self.rooms) - self.max_in_memory
        if excess <= 0:
            return
        for game_id, old in list(self.rooms.items()):
            if excess <= 0:
                break
            if old is not room and not old.users and not old.sockets and not old.lock.locked():
                del self.rooms[game_id]
                excess -= 1

    # -- changing a game ----------------------------------------------------------------
    def answer(self, room: Room, seat: SavedSeat | None, index: int, answer: str) -> None:
        """A seat's answer to the pending decision, committed before it is acknowledged."""
        self.refresh(room)
        table = room.table
        pending = table.pending
        if seat is None:
            raise Forbidden("a spectator cannot answer: use your seat's link")
        if room.setting_up:
            raise Stale("the game has not started: the coaches' pages are setting up fair dice")
        if pending is None or index != pending.index:
            if pending is None or index < pending.index:
                raise Stale(f"decision {index} is already answered; the game is at "
                            f"{'its end' if pending is None else f'decision {pending.index}'}")
            raise Stale(f"decision {index} has not been asked yet; the game waits at "
                        f"decision {pending.index}")
        if not room.may_answer(seat):
            raise Forbidden("this decision is not your seat's to answer")
        table.answer(answer)              # IllegalDecision: nothing changed
        table.advance()
        self._commit(room)

    def throw(self, room: Room, seat: SavedSeat | None, index: int, face: str) -> None:
        """The face of the die the game waits for (a game of the people's own dice), typed
        at any seat (the dice are the table's), committed before it is acknowledged."""
        self.refresh(room)
        table = room.table
        wanted = table.wanted
        if seat is None:
            raise Forbidden("a spectator cannot throw the dice: use your seat's link")
        if not table.own_dice:
            raise Stale("this game rolls the engine's dice")
        if wanted is None or index != wanted.index:
            where = "no die" if wanted is None else f"die {wanted.index}"
            raise Stale(f"die {index} is not the one waiting; the game waits for {where}")
        table.throw(face)                 # IllegalDecision (the die's range): nothing changed
        self._commit(room)

    def undo(self, room: Room, seat: SavedSeat | None) -> None:
        if seat is None:
            raise Forbidden("a spectator cannot undo")
        self.refresh(room)
        table = room.table
        log = table.record.decisions
        mine = [i for i, e in enumerate(log) if len(e) > 3 and e[3] == PERSON
                and e[1] == seat.side]
        if not mine and not table.record.dice:
            raise IllegalDecision("nothing to undo: you have not decided anything yet")
        table.undo()
        room.kept = min(room.kept, len(table.record.decisions))
        self._commit(room)

    def set_policy(self, room: Room, seat: SavedSeat | None, kind: str, ask: bool) -> None:
        from scrimmage.seat.policy import kind_named

        if seat is None:
            raise Forbidden("a spectator has no assistant")
        self.refresh(room)
        policy = room.table.policy(Side(seat.side), seat.unit)    # this unit's own, with two
        (policy.ask if ask else policy.auto)(kind_named(kind))
        room.table.changed_policy()
        pending = room.table.pending
        if pending is not None and room.may_answer(seat) and not policy.asks(
                pending.decision, pending.view, pending.suggestion):
            # The question waiting is one the person just handed over: the assistant takes it.
            room.table.answer(pending.suggestion, by="assistant")
            room.table.advance()
        self._commit(room, seats=True)

    # -- fair dice (core.fairness) -------------------------------------------------------
    def fair_commit(self, room: Room, seat: SavedSeat | None, given: str) -> None:
        """A side's commitment to its value; refused (changing nothing) from a spectator or
        a seat that does not give its side's value (403), and a second time (409)."""
        self._fair_step(room, seat, lambda block, side: fairness.commit(block, side, given))

    def fair_reveal(self, room: Room, seat: SavedSeat | None, given: str) -> None:
        """A side's value, once both have committed: checked against its commitment (422 if it
        does not match). The second value sets the seed: the server reveals its own, and
        the game starts."""
        def step(block: dict[str, Any], side: str) -> dict[str, Any]:
            block = fairness.reveal(block, side, given)
            if not fairness.ready(block):
                return block
            secret = self.store.fair_secret(room.game_id)
            if secret is None:
                raise ScrimmageError("this game's server value is missing from the database")
            return fairness.finish(block, secret)

        self._fair_step(room, seat, step)

    def _fair_step(self, room: Room, seat: SavedSeat | None,
                   step: Callable[[dict[str, Any], str], dict[str, Any]]) -> None:
        """Take a side's step from the block as stored, and write it only if the game is
        still at that version. The two sides' steps do not conflict: when the other side's
        was written first (through another server process), this one is taken again from
        the block that holds it, not refused."""
        for _ in range(FAIR_TRIES):
            self.refresh(room)
            side, block = self._fair_side(room, seat)
            block = step(block, side)         # FairDiceConflict, a mismatch: nothing written
            record = room.table.record
            record.fairness = block
            if block.get("seed") is not None:   # the seed is set: the game starts
                record.seed = int(block["seed"])
                room.table = Table(record, room.table.seats, source=f"game {room.game_id}")
                room.table.advance()
            try:
                self._write(room, fair_block=block)
            except Moved:
                continue                        # _write marked the room to be read again
            return
        raise Stale("the fair dice of this game are being set through another server right "
                    "now; try again")

    def _fair_side(self, room: Room, seat: SavedSeat | None) -> tuple[str, dict[str, Any]]:
        """The side `seat` gives a value for, and the game's fairness block."""
        if seat is None:
            raise Forbidden("a spectator takes no part in the fair dice")
        block = room.table.record.fairness
        if block is None:
            raise fairness.FairDiceConflict("this game has no fair dice: its seed was set when "
                                            "it was made")
        unit = fair.committer(room.table.seats[Side(seat.side)])
        if seat.unit != unit:
            raise Forbidden(f"your team's {unit or 'coach'} gives its value for the fair dice")
        return seat.side.lower(), block

    def _commit(self, room: Room, seats: bool = False) -> None:
        try:
            self._write(room, seats)
        except Moved:
            # Another process wrote the game first: this change is dropped, and the room
            # shows what the store holds.
            self._reload(room)
            raise Stale("the game moved on: another answer was recorded first, and yours was "
                        "not kept; look again") from None
        table = room.table
        if table.over and self.on_over is not None:
            self.on_over(room.game_id, table.record)

    def _write(self, room: Room, seats: bool = False,
               fair_block: dict[str, Any] | None = None) -> None:
        """Write what the room holds beyond the store's copy, if the store is still at the
        room's version (`Moved` if not). On any failure the room is read again before its
        next use: its memory may be ahead of the store."""
        table = room.table
        log = table.record.decisions
        status = "over" if table.over else "playing"
        try:
            room.version = self.store.save(room.game_id, room.kept, log[room.kept:], status,
                                           table.record.seats if seats else None,
                                           version=room.version, fairness=fair_block,
                                           dice=table.record.dice)
        except BaseException:
            room.version = -1
            raise
        room.kept = len(log)


def _table(game_id: str, loaded: Loaded) -> Table:
    """A stored game at its table, played on to the first question for a person."""
    record = loaded.record
    specs = {Side(k): SeatSpec.from_json(v) for k, v in record.seats.items()}
    table = Table(record, specs, source=f"game {game_id}")
    if not fair.setting_up(record):       # no decision until both coaches' dice are in
        table.advance()
    return table


def _seats(rules: Any, asked: Mapping[str, Any]) -> tuple[dict[Side, SeatSpec],
                                                          dict[str, SavedSeat]]:
    """Seat specs from a request's `seats` ("person", "computer", a coach kind, or
    {"offense": ..., "defense": ...} for a team with two coaches), and a token for every
    person's seat."""
    specs: dict[Side, SeatSpec] = {}
    tokens: dict[str, SavedSeat] = {}
    for side in Side:
        given = asked.get(side.value.lower(), "computer")
        if isinstance(given, str):
            units = (given, given)
        elif isinstance(given, Mapping):
            units = (given.get("offense", "computer"), given.get("defense", "computer"))
        else:
            raise ScrimmageError(f"seats.{side.value.lower()}: 'person', 'computer' or "
                                 "{'offense': ..., 'defense': ...}")
        kinds = tuple(_kind(rules, str(u), side) for u in units)
        two = isinstance(given, Mapping) and kinds == (PERSON, PERSON)
        spec = SeatSpec(kinds[0], kinds[1], AskPolicy() if PERSON in kinds else None, two)
        specs[side] = spec
        if spec.split:
            for unit, kind in zip(("offense", "defense"), kinds, strict=True):
                if kind == PERSON:
                    tokens[secrets.token_urlsafe(TOKEN_BYTES)] = SavedSeat(side.value, unit)
        elif spec.has_person:
            tokens[secrets.token_urlsafe(TOKEN_BYTES)] = SavedSeat(side.value)
    if not tokens:
        raise ScrimmageError("seats: at least one seat must be a person's ('person')")
    return specs, tokens


def _kind(rules: Any, given: str, side: Side) -> str:
    if given == PERSON:
        return PERSON
    kind = "solitaire" if given == "computer" else given
    if kind not in COMPUTER_KINDS:
        raise ScrimmageError(f"seats.{side.value.lower()}: {given!r} is not 'person', "
                             "'computer' or a coach kind (solitaire, random)")
    rules.default_coach(kind, 0)
    return kind
