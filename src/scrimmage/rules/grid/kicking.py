"""Kicks in The Grid: kickoffs (GRID-15..17), field goals (GRID-44..46) and extra points
(GRID-42). There are no punts (GRID-55)."""

from __future__ import annotations

from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.field import Side
from scrimmage.rules.grid.deck import card_text
from scrimmage.rules.grid.game import BOX, BOXES, KICKOFF, Flow, GridGame

KICKER_SLOTS = ("HB", "LE", "RE")


def kickoff(g: GridGame, kicker: Side) -> Flow:
    """GRID-16, GRID-17: the ball starts in the receivers' end zone; their coach rolls 2d6 and
    moves it the LOWER die in boxes. One card is flipped, without effect."""
    receiver = kicker.other
    g.possession = receiver
    rec = g.new_record("kickoff", receiver)
    boxes = g.lower_of_two(6, 6)
    card = g.flip()
    g.new_possession(receiver, BOXES - boxes)
    rec.update(kickoff_attempt=1, returned=1, return_yards=boxes * BOX,
               timing_cards=[] if card is None else [card_text(card)],
               cards_left=g.clock.cards_left,
               desc=f"{g.teams[kicker].name} kick off; returned to the "
                    f"{(BOXES - g.ball) * BOX} ({boxes * BOX} yards)")
    g.finish(rec)
    return
    yield  # a generator like every step (no decision is asked)


def field_goal(g: GridGame, slot: str) -> Flow:
    """GRID-45, GRID-46: roll the kicker's die once per box to the goal line; any 1 misses.
    Made: 3 points and a kickoff by the scorers. Missed: the defense takes the ball at the
    spot. One card is flipped either way, without effect."""
    offense, defense = g.possession, g.possession.other
    kicker = g.teams[offense].lineup[slot.upper()]
    rec = g.new_record("field_goal")
    boxes = g.ball
    rolls = [g.roll(kicker.kicking) for _ in range(boxes)]
    made = 1 not in rolls
    card = g.flip()
    rec.update(field_goal_attempt=1, field_goal_result="made" if made else "missed",
               kick_distance=boxes * BOX + 10, kicker_player_name=kicker.name,
               timing_cards=[] if card is None else [card_text(card)],
               cards_left=g.clock.cards_left,
               desc=f"{kicker.name} field goal from {boxes * BOX + 10} yards, d{kicker.kicking} x"
                    f"{boxes} {rolls}: {'GOOD' if made else 'no good'}")
    if made:
        g.score[offense] += 3
        g.finish(rec)
        g.kicker = offense
        g.next = KICKOFF
    else:
        g.finish(rec)
        g.new_possession(defense, BOXES - boxes)
    return
    yield  # a generator like every step (the kicker was chosen with the snap)


def extra_point(g: GridGame, side: Side, slot: str | None) -> Flow:
    """GRID-42: the scorer rolls his kicking die; a 1 fails. Untimed (no card, AMB-GRID-11).
    After a defensive score the scoring coach names the kicker (AMB-GRID-8)."""
    lineup = g.teams[side].lineup
    if slot is None:
        order = sorted(KICKER_SLOTS, key=lambda s: -lineup[s].kicking)
        answer = yield Decision(Kind.TRY, side, tuple(s.lower() for s in order),
                                "Who kicks the extra point?")
        slot = answer.upper()
    kicker = lineup[slot]
    rec = g.new_record("extra_point", side)
    roll = g.roll(kicker.kicking)
    good = roll != 1
    if good:
        g.score[side] += 1
    rec.update(extra_point_attempt=1, extra_point_result="good" if good else "failed",
               kicker_player_name=kicker.name, yardline_100=BOX,
               desc=f"{kicker.name} extra point, d{kicker.kicking} {roll}: "
                    f"{'good' if good else 'no good'}")
    g.finish(rec)
