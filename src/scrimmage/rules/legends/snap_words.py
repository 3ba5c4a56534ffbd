"""What a Legends snap says in words: the penalty roll's call (FNL-31), the gain a coaching
point would bring, the two cards with their numbers and cells, and the play's description.
Apart from `scrimmage_play` (the rules' steps) so each reads on its own; every snap of a
narrated game comes here, so it is compiled in the compiled build."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scrimmage.rules.legends.bigplays import Outcome
from scrimmage.rules.legends.cards import LABELS, cell_words
from scrimmage.rules.legends.penalties import Foul, foul_text
from scrimmage.rules.narration import join_parts

if TYPE_CHECKING:
    from scrimmage.rules.legends.game import LegendsGame


def penalty_roll_text(d20: int, fouler: bool | None) -> str:
    """FNL-31: what the penalty roll called for."""
    if fouler is not None:
        return "penalty roll: a foul on the " + ("offense" if fouler else "defense")
    if d20 in (2, 19):
        return "penalty roll: audible (" + ("offense" if d20 == 19 else "defense") + ")"
    if d20 == 15:
        return "penalty roll: a special play"
    if 9 <= d20 <= 11:
        return "penalty roll: out of bounds"
    return "penalty roll: nothing"


def gain_text(g: LegendsGame, o: Outcome, yards: int) -> str:
    """What a gain of `yards` on this play would come to (a coaching-point preview)."""
    s = g.s
    if o.kind == "pass" and yards < 0:
        return "incomplete (a pass behind the line)"
    if yards >= s.yardline:
        return f"{yards} yards: touchdown"
    if yards >= s.ydstogo:
        return f"{yards} yards: first down"
    return f"{yards} yards, {s.ydstogo - yards} short of the first down"


def calls_text(rec: dict[str, Any]) -> str:
    """`Inside Run #1 vs Run Outside #1 [8 / -3]`: the two cards, their numbers and cells."""
    return (f"{LABELS.get(rec['off_call'] or '', '')} #{rec['off_play']}"
            f" vs {LABELS.get(rec['def_call'] or '', '')} #{rec['def_play']}"
            f" [{cell_words(rec['off_cell'] or '')} / {cell_words(rec['def_cell'] or '')}]")


def describe(g: LegendsGame, rec: dict[str, Any], o: Outcome, result: str, oob: bool,
              foul: Foul | None) -> str:
    parts = [f"{rec['posteam']} {calls_text(rec)}"]
    if rec["play_type"] == "no_play" and foul is not None:
        # The play the foul wiped out, then the foul.
        return join_parts(parts + o.desc + ["no play: " + foul_text(g, foul)])
    parts.extend(o.desc)
    if o.turnover:
        parts.append("touchdown return" if result == "defensive_td" else
                     f"returned {o.return_yards}")
    elif o.incomplete:
        parts.append("incomplete")
    elif o.sack:
        parts.append(f"sacked for {rec['yards_gained']}")
    elif o.kind == "run" and rec["yards_gained"] < 0:
        parts.append(f"tackled for a loss of {-rec['yards_gained']}")
    else:
        verb = "run" if o.kind == "run" else "pass complete"
        parts.append(f"{verb} for {rec['yards_gained']}")
    if oob:
        parts.append("out of bounds")
    if result == "touchdown":
        parts.append("TOUCHDOWN")
    elif result == "safety":
        parts.append("SAFETY")
    elif result == "first_down":
        parts.append("first down")
    elif result == "downs":
        parts.append("turnover on downs")
    if foul is not None:
        on_kickoff = foul.outcome == "accepted" and foul.spots is None
        parts.append("penalty: " + foul_text(g, foul, "on the kickoff" if on_kickoff else ""))
    return join_parts(parts)
