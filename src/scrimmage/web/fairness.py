"""Fair dice on the server (issue 35): which games get them, who commits for a side, and a new
game's record set up to wait for them. A friend's game (`rooms.Rooms.create`) and a league
game between two people's teams (`league.playing.person_game`) both come here; the protocol
itself is `scrimmage.core.fairness`, and the routes that carry it are in `app`.

A game gets fair dice when a person coaches every unit of both teams (a computer coach at
the table would have its calls told by a seed both coaches know) and nobody gave the seed. A
side's value comes from its one person, or, on a team with a coach for each unit (1st &
Roll's four-person game), from its offense's coach.
"""

from __future__ import annotations

from collections.abc import Mapping

from scrimmage.core import fairness
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord
from scrimmage.seat.table import PERSON, SeatSpec

PENDING_SEED = 0
"""The record's seed until the fair dice set it (the block's `seed` is null till then)."""


def between_people(seats: Mapping[Side, SeatSpec]) -> bool:
    """Does a person coach every unit of both teams?"""
    return all(side in seats and seats[side].offense == seats[side].defense == PERSON
               for side in Side)


def wanted(seats: Mapping[Side, SeatSpec], asked: bool | None, seed_given: bool) -> bool:
    """Whether a new game gets fair dice: `asked` is the request's `fair_dice` (None: yes for
    a game between two people whose seed nobody gave). Asking for them where they cannot be
    is refused."""
    if asked is False:
        return False
    if asked and seed_given:
        raise ScrimmageError("fair_dice: a game with fair dice takes its seed from both coaches,"
                             " so it cannot be given one")
    if asked and not between_people(seats):
        raise ScrimmageError("fair_dice: fair dice are for a game between two people (a person "
                             "in every seat)")
    return not seed_given and between_people(seats)


def arrange(record: GameRecord) -> str:
    """Make a new game's record wait for fair dice: its block (the server's commitment) in,
    its seed pending. Returns the server's value, for the store to keep until it is
    revealed."""
    block, secret = fairness.begin()
    record.seed = PENDING_SEED
    record.fairness = block
    return secret


def setting_up(record: GameRecord) -> bool:
    """Is the game still waiting for its fair dice (no decision may be made yet)?"""
    return record.fairness is not None and fairness.phase(record.fairness) != fairness.DONE


def committer(spec: SeatSpec) -> str:
    """The unit whose person gives a side's value ("" for a side with one person)."""
    if not spec.split:
        return ""
    return "offense" if spec.offense == PERSON else "defense"
