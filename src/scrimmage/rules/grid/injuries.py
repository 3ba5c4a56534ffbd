"""The lineup, injuries and substitutions (GRID-8, GRID-30, GRID-31, GRID-53, AMB-GRID-9).

Before the coin toss each coach sets his eight (GRID-8): reserves in, starters moved to
another slot. Hearts on the first card: the card names a position; each coach rolls the
injury die of his player there (the offense first); a 1 removes the player for good and a
reserve takes the slot. Other changes happen only at halftime and before each overtime period.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from scrimmage.core.decisions import K_SUBSTITUTION
from scrimmage.core.sides import AWAY, HOME, opponent_of
from scrimmage.rules.grid.cards import HBE, LN, QB, SLOT_OF_CARRIER, Player
from scrimmage.rules.grid.deck import rank
from scrimmage.rules.grid.lineup import ELIGIBLE, SLOTS
from scrimmage.rules.grid.roster import carrier_value, lineman_value, qb_value

if TYPE_CHECKING:
    from scrimmage.rules.grid.game import GridGame, TeamState

INJURY_SLOT: Final[dict[int, str | None]] = {1: "QB", 2: "LG", 3: "LG", 4: "C", 5: "C", 6: "RG", 7: "RG",
                                             8: "HB", 9: "RE", 10: "LE", 11: None, 12: None, 13: None}
"""GRID-30: the card's rank -> the position hurt (None: the ball-carrier, offense only)."""

_VALUE: Final = {QB: qb_value, HBE: carrier_value, LN: lineman_value}


def injury_slots(card: int, carrier: str) -> tuple[str | None, str | None]:
    """(offense slot, defense slot) whose players roll for injury; None: nobody."""
    slot = INJURY_SLOT[rank(card)]
    if slot is None:
        return SLOT_OF_CARRIER[carrier], None          # J, Q, K: no defensive injury
    if slot == "QB":
        return "QB", "DS"                              # the DS replaces the QB on defense
    return slot, slot


def hearts(g: GridGame, card: int, rec: dict[str, Any], carrier: str) -> None:
    off_slot, def_slot = injury_slots(card, carrier)
    for side, slot in ((g.possession, off_slot), (opponent_of(g.possession), def_slot)):
        if slot is None:
            continue
        t = g.teams[side]
        player = t.lineup[slot]
        hurt = g.roll(player.injury) == 1
        if g.reads.on:                 # words only where someone reads them
            g.reads.note(f"{player.name}'s injury die: " + ("a 1, injured" if hurt else "fine"))
        if not hurt:
            continue
        injured = rec["injured_players"] or []
        injured.append([t.name, player.name])
        rec["injured_players"] = injured
        rec["desc"] += f": {player.name} ({t.name} {slot}) injured"
        replace(g, t, slot, "injury")


def candidates(t: TeamState, slot: str) -> tuple[list[Player], bool]:
    """Reserves who may fill `slot`, best first; when none is eligible every reserve, played
    out of position (AMB-GRID-9), and True."""
    ok = [p for p in t.reserves if p.kind in ELIGIBLE[slot]]
    if ok:
        return sorted(ok, key=lambda p: -_VALUE[p.kind](p)), False
    return list(t.reserves), True


def replace(g: GridGame, t: TeamState, slot: str, why: str) -> None:
    """GRID-31: the coach picks a reserve for the vacancy; the markers move (GRID-11)."""
    pool, makeshift = candidates(t, slot)
    if pool:
        names = tuple(p.name for p in pool)
        answer = g.ask(K_SUBSTITUTION, t.side, names,
                                f"{t.lineup[slot].name} is out ({why}): who plays {slot}?",
                                {"slot": slot, "reason": why, "out_of_position": makeshift})
        newcomer = next(p for p in pool if p.name == answer)
        t.reserves.remove(newcomer)
        player = newcomer.out_of_position() if makeshift else newcomer
    else:
        # Nobody left on the bench: a walk-on with the smallest ratings (AMB-GRID-9).
        player = Player(f"walk-on {slot}", QB if slot == "QB" else HBE, makeshift=True)
    t.out.append(t.lineup.put(slot, player))


def substitutions(g: GridGame) -> None:
    """GRID-53: at halftime and before each overtime period each coach may change his lineup;
    a player taken out may not come back."""
    lineup_changes(g, "break")


def lineup_changes(g: GridGame, reason: str) -> None:
    """GRID-8, GRID-53: each coach sets his eight, one change at a time, until he answers
    `keep`. At the `start` (before the coin toss) a benched starter is just a reserve; at a
    `break` he is out for the game. A change is `SLOT:name`: a reserve comes in at SLOT, or
    the starter `name` moves to SLOT and trades places with its player."""
    for side in (HOME, AWAY):
        t = g.teams[side]
        while True:
            if can_change(t) and g.fast.passes(K_SUBSTITUTION, reason, side, "keep"):
                break                   # a computer coach keeps his eight: no options built
            labels = lineup_options(t)
            if len(labels) == 1:
                break
            answer = g.ask(K_SUBSTITUTION, side, tuple(labels), LINEUP_PROMPT[reason],
                                    {"reason": reason, "item": "lineup", "labels": labels})
            if answer == "keep":
                break
            change_lineup(t, answer, benched_stay=reason == "start")


LINEUP_PROMPT: Final = {
    "start": "Your starting eight: keep them, bring in a reserve, or move a starter",
    "break": "Substitutions: keep your lineup, bring in a reserve (the starter is out for the "
             "game), or move a starter",
}


def movable(player: Player, slot: str) -> bool:
    """GRID-8: may this starter play `slot`? (A makeshift stand-in stays where he is.)"""
    return not player.makeshift and player.kind in ELIGIBLE[slot]


def can_change(t: TeamState) -> bool:
    """Is any change of the lineup legal (a reserve for a slot, or two starters trading)?"""
    for i, slot in enumerate(SLOTS):
        if any(p.kind in ELIGIBLE[slot] for p in t.reserves):
            return True
        here = t.lineup[slot]
        if any(movable(t.lineup[o], slot) and movable(here, o) for o in SLOTS[i + 1:]):
            return True
    return False


def lineup_options(t: TeamState) -> dict[str, str]:
    """`keep`, every reserve at every slot he may play, and every legal trade of places
    between two starters (listed once, under the earlier slot); each with its words."""
    labels = {"keep": "Keep the lineup"}
    for i, slot in enumerate(SLOTS):
        here = t.lineup[slot]
        for p in t.reserves:
            if p.kind in ELIGIBLE[slot]:
                labels[f"{slot}:{p.name}"] = f"{p.name} in at {slot} for {here.name}"
        for other in SLOTS[i + 1:]:
            mover = t.lineup[other]
            if movable(mover, slot) and movable(here, other):
                labels[f"{slot}:{mover.name}"] = (f"{mover.name} from {other} to {slot}, "
                                                  f"{here.name} to {other}")
    return labels


def change_lineup(t: TeamState, answer: str, *, benched_stay: bool) -> None:
    slot, _, name = answer.partition(":")
    newcomer = next((p for p in t.reserves if p.name == name), None)
    if newcomer is None:                                    # two starters trade places
        other = next(s for s in SLOTS if t.lineup[s].name == name)
        t.lineup.swap(slot, other)
        return
    t.reserves.remove(newcomer)
    benched = t.lineup.put(slot, newcomer)
    (t.reserves if benched_stay else t.out).append(benched)
