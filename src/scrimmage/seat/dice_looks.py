"""What the die the game waits for is: its name and, for a die that is not numbered, its faces.

The rules say what a die was rolled for only after rolling it (5D20's colours and The Grid's
notes in `rules.narration.DiceReads`, 1st & Roll's `RollGame.reading`), so a die is found by
a look-ahead: the game is its inputs, and a twin played from the record with a stand-in face
(1, a face of every die) for it, and for a few dice after it, shows what the rules read it as.
Football Legends needs none: its dice are named by their sides (FNL-26).
"""

from __future__ import annotations

import re
from typing import Any

from scrimmage.core.decisions import Decision
from scrimmage.core.dice import TypedDice
from scrimmage.core.driver import Driver
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord
from scrimmage.rules.narration import DiceReads
from scrimmage.seat.own_dice import AHEAD, CARD, COIN, FACE, LEGENDS_DICE, Look
from scrimmage.seat.typed_faces import card_text


def look_die(rules: str, record: GameRecord, index: int, sides: int) -> Look:
    """The game's die `index` (a d`sides`) as a person at the table sees it."""
    if rules.startswith("legends"):
        return Look(LEGENDS_DICE.get(sides, f"a d{sides}"))
    watch = _WATCHES.get(rules)
    if watch is None:
        return Look(f"a d{sides}")
    w = watch(index)
    twin = _twin(record, index, w)
    return w.look(twin, sides) if twin is not None else Look(f"a d{sides}")


class _Watch:
    """What a look-ahead watches in the twin: `at_die` when die `index` is thrown, `seen` once
    the rules have read it, `look` at the end."""

    keep_notes = False
    """Keep every `DiceReads` note (The Grid notes a die late, sometimes after its play)."""

    def __init__(self, index: int) -> None:
        self.index = index

    def at_die(self, game: Any) -> None:
        pass

    def seen(self, game: Any) -> bool:
        return False

    def look(self, game: Any, sides: int) -> Look:
        return Look(f"a d{sides}")


class _FiveD20(_Watch):
    def seen(self, game: Any) -> bool:
        return self.index in game.reads.names

    def look(self, game: Any, sides: int) -> Look:
        name = game.reads.names.get(self.index)
        return Look(f"the {name} d20" if name else "a d20")


class _Roll(_Watch):
    """1st & Roll reads each die as `offense red (8): ...`, `clock die ...`; the coin (a d2)
    is read by nobody."""

    reads: list[str] | None = None
    at = 0

    def at_die(self, game: Any) -> None:
        self.reads = game.reading
        self.at = len(self.reads)

    def seen(self, game: Any) -> bool:
        return self.reads is not None and len(self.reads) > self.at

    def look(self, game: Any, sides: int) -> Look:
        if not self.seen(game):
            # FR-4: the coin; the rules give the toss to home on a 1.
            return Look("the coin toss", ("home", "away"), COIN) if sides == 2 else \
                Look(f"a d{sides}")
        assert self.reads is not None
        words = self.reads[self.at].split()
        d = game.d
        if words[0] in ("offense", "defense"):
            die = (d.offense if words[0] == "offense" else d.defense)[words[1]]
            return Look(f"the {words[0]}'s {words[1]} die", tuple(f.label for f in die.faces),
                        FACE)
        faces = {"clock": d.clock, "kick": tuple(str(k) for k in d.kick), "penalty": d.penalty}
        if words[0] in faces:
            return Look(f"the {words[0]} die", tuple(faces[words[0]]), FACE)
        return Look(f"a d{sides}")


class _Grid(_Watch):
    """The Grid notes each die (`Ann Lee's run die`, `blocking die`, `timing card 7♥`, `the
    Run Inside HB card at ...` for the play's d20); its coin (a d2) is noted by nobody."""

    keep_notes = True
    pool: tuple[int, ...] = ()

    def at_die(self, game: Any) -> None:
        self.pool = game.clock.deck.pool        # a card drawn now is typed as its place here

    def seen(self, game: Any) -> bool:
        return self.index in game.reads.notes

    def look(self, game: Any, sides: int) -> Look:
        note = game.reads.notes.get(self.index)
        if note is None:
            if sides != 2:
                return Look(f"a d{sides}")
            # GRID-14, GRID-49: the visitors call; a 1 is theirs (the house rule's last toss,
            # which ends the game, gives home the 1).
            return Look("the coin toss", ("home", "away") if game.over else ("away", "home"),
                        COIN)
        if note.startswith("timing card"):
            return Look("the next timing card", tuple(card_text(c) for c in self.pool), CARD)
        card = re.match(r"the (.+) card at ", note)
        if card is not None:
            return Look(f"the d20 for the {card[1]} card")
        name = re.split(r":|,| ->", note)[0].strip()
        if name.endswith(" die"):
            name = f"{name[:-4]} d{sides}"
        owned = "'s " in name and not name.startswith(("offense's", "defense's"))
        return Look(name if owned else f"the {name}")


_WATCHES: dict[str, type[_Watch]] = {"5d20": _FiveD20, "1st-and-roll": _Roll, "grid": _Grid}


class _Seen(Exception):
    """Ends a look-ahead: the die is read, or will not be."""


class _NoAnswer:
    """Coaches of a look-ahead: it replays the record's decisions and stops at the next."""

    def decide(self, decision: Decision, view: Any) -> str:  # never asked: replay only
        raise _Seen


class _KeptReads(DiceReads):
    """A twin's reads keep every note: a play's end clears them, and a die may be noted last."""

    __slots__ = ()

    def clear(self) -> None:
        pass


def _twin(record: GameRecord, index: int, watch: _Watch) -> Any | None:
    """The game played from the record with stand-in faces from die `index` on, until the
    watch has seen the die read (or a few dice later, or the next decision)."""
    from scrimmage.api import new_game

    box: list[Any] = []

    def stand_in(sides: int) -> int:
        thrown = len(dice.values)
        if thrown == index:
            watch.at_die(box[0])
        elif watch.seen(box[0]) or thrown > index + AHEAD:
            raise _Seen
        return 1

    dice = TypedDice(list(record.dice or ())[:index], stand_in)
    game: Any
    game, _ = new_game(record.rules, record.home_team, record.away_team, seed=record.seed,
                       typed=dice, **record.options)
    if watch.keep_notes and isinstance(getattr(game, "reads", None), DiceReads):
        game.reads = _KeptReads(dice)
    box.append(game)
    coach = _NoAnswer()
    try:
        Driver(game, {Side.HOME: coach, Side.AWAY: coach}, [],
               prefix=record.decisions).run(replay_only=True)
    except _Seen:
        pass
    except Exception:       # a stand-in face the game cannot take: the die keeps its sides
        return None
    return game
