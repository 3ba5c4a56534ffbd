"""Kicks in The Grid: kickoffs (GRID-15..17), field goals (GRID-44..46) and extra points
(GRID-42). There are no punts (GRID-55)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from scrimmage.core.decisions import K_TRY
from scrimmage.core.field import Side
from scrimmage.core.sides import opponent_of
from scrimmage.rules.grid import timeouts
from scrimmage.rules.grid.deck import card_text
from scrimmage.rules.grid.phases import KICKOFF
from scrimmage.rules.grid.terms import card_words
from scrimmage.rules.grid.track import BOX, BOXES, GRID_FIELD
from scrimmage.rules.narration import KICKOFF as KICKOFF_LINE
from scrimmage.rules.narration import TRY, kick_line

if TYPE_CHECKING:
    from scrimmage.rules.grid.game import GridGame

KICKER_SLOTS: Final = ("HB", "LE", "RE")


def kickoff(g: GridGame, kicker: Side) -> None:
    """GRID-16, GRID-17: the ball starts in the receivers' end zone; their coach rolls 2d6 and
    moves it the LOWER die in boxes. One card is flipped, without effect."""
    receiver = opponent_of(kicker)
    g.possession = receiver
    rec = g.new_record("kickoff", receiver)
    rec["situation"] = kick_line(clock_text(g), kicker, KICKOFF_LINE)
    boxes = g.lower_of_two(6, 6)
    note_lower(g, "return")
    card = flip(g)
    g.new_possession(receiver, BOXES - boxes)
    rec.update(kickoff_attempt=1, returned=1, return_yards=boxes * BOX,
               timing_cards=[] if card is None else [card_text(card)],
               cards_left=g.clock.cards_left,
               desc=f"{g.teams[kicker].name} kick off; returned to the "
                    f"{(BOXES - g.ball) * BOX} ({boxes * BOX} yards)")
    g.finish(rec)
    timeouts.after_play(g, rec)                 # G L27: a timeout after any play


def clock_text(g: GridGame) -> str:
    """`H1 51C`: the clock part of a Grid situation (period, cards left)."""
    c = g.clock
    label = f"H{c.period}" if c.period <= 2 else f"OT{c.period - 2}"
    return f"{label} {c.cards_left:02d}C"


def note_lower(g: GridGame, what: str) -> None:
    """`dice_read` of the last two dice, of which the lower counts (boxes of `what`)."""
    first, second = g.dice.log[-2][1], g.dice.log[-1][1]
    low = min(first, second)
    g.reads.note(f"{what} die" + (f", the lower: {low * BOX} yards" if first == low else ""), 2)
    g.reads.note(f"{what} die" + (f", the lower: {low * BOX} yards" if first != low else ""), 1)


def flip(g: GridGame) -> int | None:
    """Flip a timing card, noting the draw in `dice_read` (a stacked card draws no die)."""
    before = len(g.dice.log)
    card = g.flip()
    if card is not None and len(g.dice.log) > before and g.reads.on:
        g.reads.note(f"timing card {card_words(card)}")
    return card


def field_goal(g: GridGame, slot: str) -> None:
    """GRID-45, GRID-46: roll the kicker's die once per box to the goal line; any 1 misses.
    Made: 3 points and a kickoff by the scorers. Missed: the defense takes the ball at the
    spot. One card is flipped either way, without effect."""
    offense, defense = g.possession, opponent_of(g.possession)
    kicker = g.teams[offense].lineup[slot.upper()]
    rec = g.new_record("field_goal")
    boxes = g.ball
    rolls = []
    for _ in range(boxes):                     # GRID-45: one roll a box; any 1 misses
        rolls.append(g.roll(kicker.kicking))
        if g.reads.on:
            g.reads.note(f"{kicker.name}'s kicking die" + (": a 1, no good" if rolls[-1] == 1
                                                           else ""))
    made = 1 not in rolls
    card = flip(g)
    rec.update(field_goal_attempt=1, field_goal_result="made" if made else "missed",
               kick_distance=boxes * BOX + 10, kicker_player_name=kicker.name,
               timing_cards=[] if card is None else [card_text(card)],
               cards_left=g.clock.cards_left,
               desc=f"{kicker.name} field goal from {boxes * BOX + 10} yards, d{kicker.kicking} "
                    f"rolled {boxes} time{'s' if boxes > 1 else ''} ("
                    + " ".join(map(str, rolls)) + f"): {'GOOD' if made else 'no good, a 1'}")
    if made:
        g.score[offense] += 3
        g.finish(rec)
        g.kicker = offense
        g.next = KICKOFF
    else:
        g.finish(rec)
        g.new_possession(defense, BOXES - boxes)
    timeouts.after_play(g, rec)


def extra_point(g: GridGame, side: Side, slot: str | None) -> None:
    """GRID-42: the scorer rolls his kicking die; a 1 fails. Untimed (no card, AMB-GRID-11).
    After a defensive score the scoring coach names the kicker (AMB-GRID-8)."""
    lineup = g.teams[side].lineup
    if slot is None:
        order = sorted(KICKER_SLOTS, key=lambda s: -lineup[s].kicking)
        answer = g.ask(K_TRY, side, tuple(s.lower() for s in order),
                                "Who kicks the extra point?")
        slot = answer.upper()
    kicker = lineup[slot]
    rec = g.new_record("extra_point", side)
    rec["situation"] = kick_line(clock_text(g), side, TRY, GRID_FIELD.spot_text(BOX))
    roll = g.roll(kicker.kicking)
    good = roll != 1
    g.reads.note(f"{kicker.name}'s kicking die -> " + ("good" if good else "a 1, no good"))
    if good:
        g.score[side] += 1
    rec.update(extra_point_attempt=1, extra_point_result="good" if good else "failed",
               kicker_player_name=kicker.name, yardline_100=BOX,
               desc=f"{kicker.name} extra point, d{kicker.kicking} {roll}: "
                    f"{'good' if good else 'no good'}")
    g.finish(rec)
