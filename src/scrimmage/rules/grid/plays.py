"""A scrimmage down of The Grid, step by step as the book tells it (GRID-18..40).

1. The offense chooses: a play or a field goal (GRID-44).
2. Both coaches choose a play card, face down; then they are revealed (GRID-19, GRID-20).
3. The offense rolls three dice (GRID-21); the d20 takes every modifier (GRID-22..26) and is
   read on the offense's card (GRID-27). After a timeout its caller may re-roll (GRID-28).
4. The first timing card (GRID-29..36): hearts injuries, clubs sacks and losses, spades
   interceptions and fumbles, diamonds nothing.
5. Downs (GRID-39, GRID-40), then one or two more cards, unless an exception applies or a
   coach calls a timeout (GRID-37, GRID-52).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from scrimmage.core.decisions import K_PLAY_CALL, K_REROLL, K_SNAP, K_TIMING_CARDS
from scrimmage.core.field import Side
from scrimmage.core.sides import opponent_of
from scrimmage.rules.grid import injuries, kicking, timeouts
from scrimmage.rules.grid.cards import (
    DEFENSE_CARDS,
    INTERCEPTION_BOXES,
    NO_KEY,
    SLOT_OF_CARRIER,
    Player,
    card_label,
    is_run,
    offense_options,
    split_card,
)
from scrimmage.rules.grid.deck import CLUBS, HEARTS, SPADES, card_text, suit
from scrimmage.rules.grid.phases import KICKOFF
from scrimmage.rules.grid.results import DICE_BONUS, FIVE, INC, NG, RESULT_NAMES
from scrimmage.rules.grid.terms import (
    card_words,
    defense_card,
    modifier_words,
    offense_card,
    result_words,
)
from scrimmage.rules.grid.track import BOX, BOXES

if TYPE_CHECKING:
    from scrimmage.rules.grid.game import GridGame

FIELD_GOAL_OPTIONS: Final = ("field_goal_hb", "field_goal_le", "field_goal_re")
PASS_LENGTH: Final = {"flat_pass": "short", "short_pass": "short", "long_pass": "deep"}
RUN_LOCATION: Final = {"run_inside": "middle", "run_outside": "left"}


def d20_modifier(g: GridGame, off_call: str, def_call: str) -> tuple[int, dict[str, int]]:
    """GRID-22..26: the sum of the d20 modifiers, and each one by name (for the record)."""
    m = g.tables.mods
    off = g.teams[g.possession].lineup
    dfn = g.teams[opponent_of(g.possession)].lineup
    play, carrier = split_card(off_call)
    dplay, key = split_card(def_call)
    run = is_run(play)
    parts = {"defense": dfn.run_def_mod if run else dfn.pass_def_mod}              # GRID-22
    if dplay == play:                                                              # GRID-23
        parts["match"] = m.same_play                                               # AMB-GRID-4
    else:
        parts["match"] = m.same_type if is_run(dplay) == run else m.opposite_type
    if not run:                                                                    # GRID-24
        qb = off["QB"]
        parts["qb"] = qb.flat if play == "flat_pass" else qb.short if play == "short_pass" else qb.long
    # GRID-25 (AMB-GRID-5: applied whatever play the defense chose)
    parts["key"] = m.no_key if key == NO_KEY else m.key_correct if key == carrier else m.key_wrong
    if g.ball in (3, 4):                                                           # GRID-26
        parts["field"] = m.defensive_20_or_15
    elif g.ball in (1, 2):
        parts["field"] = m.defensive_10_or_5
    return sum(parts.values()), parts


def roll_play(g: GridGame, off_call: str) -> tuple[int, int, int]:
    """GRID-21: the d20 and the two yardage dice (run: carrier's run die and the blocking
    die; pass: the QB's pass-yards die, AMB-GRID-3, and the carrier's pass die)."""
    play, carrier = split_card(off_call)
    lineup = g.teams[g.possession].lineup
    runner = lineup[SLOT_OF_CARRIER[carrier]]
    d20 = g.roll(20)
    if is_run(play):
        dice = d20, g.roll(runner.run_yards), g.roll(lineup.run_block_die)
        if g.reads.on:
            g.reads.note(f"{runner.name}'s run die", 2)
            g.reads.note("blocking die", 1)
    else:
        dice = d20, g.roll(lineup["QB"].pass_yards), g.roll(runner.pass_yards)
        if g.reads.on:
            g.reads.note(f"{lineup['QB'].name}'s pass-yards die", 2)
            g.reads.note(f"{runner.name}'s pass die", 1)
    return dice


def _note_play_die(g: GridGame, off_call: str, d20: int, mod: int, result: int) -> None:
    """`dice_read` of the play dice: the d20 on the result table of the offense's card."""
    if g.reads.on:
        g.reads.note(f"the {card_label(off_call)} card at {d20}{mod:+d} = {d20 + mod} -> "
                     f"{result_words(result)}", 3)


def _fumbled(g: GridGame, runner: Player) -> bool:
    """GRID-34: the carrier's fumble die; a 1 is a fumble."""
    lost = g.roll(runner.fumble) == 1
    if g.reads.on:
        g.reads.note(f"{runner.name}'s fumble die: " + ("a 1, FUMBLE" if lost else "held"))
    return lost


def result_text(result: int, a: int, b: int) -> str:
    """What the play card gave, in words, with the yards when the dice count."""
    gain = gain_of(result, a, b)
    return result_words(result) + (f", {gain * BOX} yards" if gain and result != FIVE else "")


def gain_of(result: int, a: int, b: int) -> int:
    """GRID-27: boxes gained for a result and the two yardage dice."""
    if result in (NG, INC):
        return 0
    if result == FIVE:
        return 1
    return min(a, b) + DICE_BONUS[result]


OFFENSE_INFO: Final[dict[str, Any]] = {"side": "offense"}
DEFENSE_INFO: Final[dict[str, Any]] = {"side": "defense"}
"""Which side a play call is for (the page hides the defense's call until both are made);
shared, as every question's `info` is read and never written."""


def down(g: GridGame) -> None:
    offense, defense = g.possession, opponent_of(g.possession)
    # The questions carry no situation line: the seat's view shows the situation.
    choice = g.ask(K_SNAP, offense, ("play", *FIELD_GOAL_OPTIONS),
                   "Run a play, or try a field goal (and who kicks)?")
    # Taken after the question, so a copy of the game made at it still holds the re-roll.
    reroller, g.reroll = g.reroll, None
    if choice != "play":
        kicking.field_goal(g, choice.rpartition("_")[2])               # GRID-44
        return
    options, refused = offense_options(g.ball)                                    # GRID-19
    off_call = g.ask(K_PLAY_CALL, offense, options, "Your play card", OFFENSE_INFO, refused)
    def_call = g.ask(K_PLAY_CALL, defense, DEFENSE_CARDS,             # GRID-20
                     "Your defensive card and key", DEFENSE_INFO)
    rec = g.new_record("run" if is_run(split_card(off_call)[0]) else "pass")
    rec["off_call"], rec["def_call"] = off_call, def_call
    play, carrier = split_card(off_call)
    run = is_run(play)
    mod, parts = d20_modifier(g, off_call, def_call)
    d20, a, b = roll_play(g, off_call)
    result = g.tables.result(off_call, d20 + mod)
    _note_play_die(g, off_call, d20, mod, result)
    if reroller is not None:                                                      # GRID-28
        again = g.ask(K_REROLL, reroller, ("keep", "reroll"),
                               "Your timeout: re-roll the play dice?",
                               {"result": f"d20 {d20}{mod:+d} = {d20 + mod}, "
                                          + result_text(result, a, b),
                                "chart_result": RESULT_NAMES[result], "d20": d20 + mod,
                                "dice": (a, b), "offense": reroller is offense,
                                "off_call": off_call, "def_call": def_call})
        if again == "reroll":
            d20, a, b = roll_play(g, off_call)
            result = g.tables.result(off_call, d20 + mod)
            _note_play_die(g, off_call, d20, mod, result)
            rec["rerolled"] = 1
    gain = gain_of(result, a, b)
    lineup = g.teams[offense].lineup
    runner = lineup[SLOT_OF_CARRIER[carrier]]
    rec.update(d20=d20, d20_modified=d20 + mod, result=RESULT_NAMES[result])
    if run:
        rec.update(rush_attempt=1, rusher_player_name=runner.name,
                   run_location=RUN_LOCATION[play])
    else:
        rec.update(pass_attempt=1, passer_player_name=lineup["QB"].name,
                   receiver_player_name=runner.name, pass_length=PASS_LENGTH[play],
                   complete_pass=int(result != INC), incomplete_pass=int(result == INC))
    los = g.ball
    spot = los - gain
    rec["yards_gained"] = gain * BOX
    dplay, key = split_card(def_call)
    desc = (f"{offense_card(off_call)} against {defense_card(def_call)}: d20 {d20}{mod:+d} = "
            f"{d20 + mod}, {result_text(result, a, b)}")
    mod_text = modifier_words(parts, run, dplay == play, is_run(dplay) == run, key, carrier)
    rec["desc"] = desc + (f" ({mod_text})" if mod_text else "")

    if spot <= 0:                                                                 # GRID-41
        rec["yards_gained"] = los * BOX
        score_touchdown(g, offense, rec, SLOT_OF_CARRIER[carrier], rush=run)
        return

    # -- the first card (GRID-29) ---------------------------------------------------------
    card = kicking.flip(g)
    rec["timing_cards"] = [] if card is None else [card_text(card)]
    turnover = None                      # "int", "fumble" or "downs": no extra cards
    if card is not None:
        s = suit(card)
        rec["desc"] += f"; card {card_words(card)}"
        if s == HEARTS:                                                           # GRID-30
            injuries.hearts(g, card, rec, carrier)
            runner = g.teams[offense].lineup[SLOT_OF_CARRIER[carrier]]
        elif s == CLUBS and ((run and result == NG) or (not run and result == INC)):   # GRID-33
            die = lineup.run_block_die if run else lineup.pass_block_die
            lost = g.roll(die) == 1
            if g.reads.on:
                g.reads.note("blocking die: " + ("a 1, thrown for a loss" if lost else "held"))
            if lost:
                loss = 1 if run else 2
                spot = los + loss
                rec["yards_gained"] = -loss * BOX
                if not run:
                    rec.update(sack=1, incomplete_pass=0)
                rec["desc"] += (f": sacked, {loss * BOX} yards lost" if not run
                                else f": thrown for a loss of {loss * BOX}")
                if spot >= BOXES:                                                 # GRID-47
                    rec["desc"] += ", safety"
                    rec["safety"] = 1
                    g.score[defense] += 2
                    g.kicker = offense
                    g.next = KICKOFF
                    g.finish(rec)
                    timeouts.after_play(g, rec)
                    return
        elif s == SPADES:                                                         # GRID-34
            if not run and result == INC:
                picked = g.roll(lineup["QB"].interception) == 1
                if g.reads.on:
                    g.reads.note(f"{lineup['QB'].name}'s interception die: "
                                 + ("a 1, INTERCEPTED" if picked else "no"))
                if picked:
                    interception(g, rec, play, los)
                    return
            elif _fumbled(g, runner):
                rec.update(fumble=1, fumbled_1_player_name=runner.name)
                off_roll, def_roll = g.roll(20), g.roll(20)                      # GRID-36
                g.reads.note("offense's recovery die", 2)
                g.reads.note("defense's recovery die -> " + ("defense" if def_roll > off_roll
                                                            else "offense"), 1)
                if def_roll > off_roll:
                    rec["fumble_lost"] = 1
                    rec["desc"] += f": fumble, lost ({off_roll} v {def_roll})"
                    turnover = "fumble"
                else:
                    rec["desc"] += f": fumble, recovered by the offense ({off_roll} v {def_roll})"

    if turnover == "fumble":
        g.finish(rec)
        g.new_possession(defense, BOXES - spot)
        timeouts.after_play(g, rec)
        return
    # -- downs (GRID-39, GRID-40) ---------------------------------------------------------
    g.ball = spot
    if spot <= g.marker:
        rec["first_down"] = 1
        rec["first_down_rush" if run else "first_down_pass"] = 1
        if g.down == 4:
            rec["fourth_down_converted"] = 1
        g.down = 1
        g.marker = spot - 4
    elif g.down == 4:
        rec["fourth_down_failed"] = 1
        rec["desc"] += "; turnover on downs"
        g.finish(rec)
        g.new_possession(defense, BOXES - spot)
        timeouts.after_play(g, rec)
        return
    else:
        g.down += 1
    g.finish(rec)
    extra_cards(g, rec)


def extra_cards(g: GridGame, rec: dict[str, Any]) -> None:
    """GRID-37, GRID-52: either coach may call a timeout (then no more cards and the caller
    may re-roll next play, GRID-28); otherwise the offense flips one or two more cards."""
    if (timeouts.offer(g, rec, stops_cards=True)) or g.clock.expired:
        return
    n = g.ask(K_TIMING_CARDS, g.possession, ("one", "two"),
                       "Flip one or two more timing cards?", {"cards_left": g.clock.cards_left})
    flipped = rec["timing_cards"]
    for _ in range(1 if n == "one" else 2):
        card = kicking.flip(g)
        if card is None:
            break
        flipped.append(card_text(card))
    rec["cards_left"] = g.clock.cards_left


def interception(g: GridGame, rec: dict[str, Any], play: str, los: int) -> None:
    """GRID-35 (AMB-GRID-18: measured from the line of scrimmage)."""
    defense = opponent_of(g.possession)
    rec.update(interception=1, incomplete_pass=0)
    spot = los - INTERCEPTION_BOXES[play]
    if spot <= 0:
        rec.update(touchback=1)
        rec["desc"] += ": intercepted in the end zone, touchback"
        g.finish(rec)
        g.new_possession(defense, BOXES - 4)              # the defense's own 20
        timeouts.after_play(g, rec)
        return
    back = g.lower_of_two(6, 6)
    kicking.note_lower(g, "interception return")
    rec.update(returned=1, return_yards=back * BOX)
    ball = (BOXES - spot) - back                          # from the defense's side now
    rec["desc"] += f": intercepted {INTERCEPTION_BOXES[play] * BOX} yards downfield, returned {back * BOX}"
    if ball <= 0:
        rec["return_touchdown"] = 1
        g.possession = defense
        score_touchdown(g, defense, rec, None, rush=False, defensive=True)
        return
    g.finish(rec)
    g.new_possession(defense, ball)
    timeouts.after_play(g, rec)


def score_touchdown(g: GridGame, side: Side, rec: dict[str, Any], kicker: str | None, *,
                    rush: bool, defensive: bool = False) -> None:
    """GRID-41..43: six points, one card without effect, the scorer's extra point (`kicker`
    is his slot; None lets the scoring coach choose, AMB-GRID-8), then the scoring team kicks
    off.

    Our ruling on an interception returned for a touchdown (G L221, L224, L239): a play that
    ends in a touchdown flips one card in all, and the spade that made the interception is
    that card (it was flipped after the play, and neither an interception nor a touchdown
    gives extra cards), so no second card is flipped; the record keeps the spade."""
    g.score[side] += 6
    rec.update(touchdown=1, td_team=g.teams[side].name)
    if not defensive:
        rec["rush_touchdown" if rush else "pass_touchdown"] = 1
    rec["desc"] += ", TOUCHDOWN"
    flipped = rec["timing_cards"] or []
    if not defensive:                                                              # GRID-41
        card = kicking.flip(g)
        flipped += [] if card is None else [card_text(card)]
    rec["timing_cards"] = flipped
    rec["cards_left"] = g.clock.cards_left
    g.finish(rec)
    kicking.extra_point(g, side, kicker)
    g.kicker = side                                                                # GRID-43
    g.next = KICKOFF
    timeouts.after_play(g, g.plays[-1])
