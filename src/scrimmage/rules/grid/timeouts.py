"""Timeouts (GRID-12, GRID-28, GRID-37, GRID-52): either coach may call one after any play.

The background text lets a timeout be called after any play (G L27), not only before the
extra cards of a scrimmage down: after a kickoff, a score or a turnover too. There it stops
no cards (none would be flipped), but its caller earns the re-roll of the next play's dice
(GRID-28), so a coach may buy the re-roll for a drive's first play.

Our ruling (AMB-GRID-10, GRID-28): the re-roll is of the play dice of a scrimmage down; a
kickoff has none, so a timeout called after a score keeps its re-roll for the receivers'
first down (a later timeout, after the kickoff, takes it over). A new half clears it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from scrimmage.core.decisions import K_TIMEOUT
from scrimmage.core.sides import opponent_of
from scrimmage.rules.grid.phases import KICKOFF

if TYPE_CHECKING:
    from scrimmage.rules.grid.game import GridGame


STOPS_CARDS: Final[dict[str, Any]] = {"stops_cards": True}
STOPS_NO_CARDS: Final[dict[str, Any]] = {"stops_cards": False}
"""Whether a timeout now saves the cards of the next play (GRID-12), for the coaches;
shared, as every question's `info` is read and never written."""


def offer(g: GridGame, rec: dict[str, Any], *, stops_cards: bool
          ) -> bool:
    """Ask each coach with a timeout left (the team that will have the ball first); True when
    one was called. `rec` is the play it follows (it notes the timeout)."""
    if g.clock.expired:
        return False
    on_ball = opponent_of(g.kicker) if g.next == KICKOFF else g.possession
    for side in (on_ball, opponent_of(on_ball)):
        t = g.teams[side]
        if t.timeouts <= 0 or g.fast.passes(K_TIMEOUT, "cards" if stops_cards else "after",
                                            side, "no"):
            continue
        answer = g.ask(K_TIMEOUT, side, ("no", "timeout"),
                                f"Call a timeout ({t.timeouts} left)?",
                                STOPS_CARDS if stops_cards else STOPS_NO_CARDS)
        if answer == "timeout":
            t.timeouts -= 1
            g.reroll = side
            rec.update(timeout=1, timeout_team=t.name, timeouts_left=t.timeouts)
            rec["desc"] += f"; timeout {t.name} ({t.timeouts} left)"
            return True
    return False


def after_play(g: GridGame, rec: dict[str, Any]) -> None:
    """A play after which no extra cards are flipped (a kick, a score, a turnover: GRID-17,
    GRID-37): a timeout here only earns the re-roll."""
    offer(g, rec, stops_cards=False)
