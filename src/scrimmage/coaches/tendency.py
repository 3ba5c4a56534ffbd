"""A computer coach with a person's tendencies (issue 35): when the computer finishes a league
game for a coach who was not there, it calls plays the way that coach asked.

`with_tendencies(base, ["run=0.6", "fourth=bold"], seed)` wraps any computer coach:

- `run=R`: on offense a run card about R of the time (Football Legends' run and pass cards):
  the base coach's call stands when it is of the kind the coach's own dice draw, else one of
  that kind's legal cards, drawn with the same dice;
- `fourth=bold|cautious`: on fourth down a bold coach goes for it (a play) with 3 yards or less
  to go from its own 40 on, where the base coach would kick; a cautious one punts (when it
  may) rather than go for more than a yard before the last five minutes of the game.

The wrapper has dice of its own, seeded from the coach's seed, so a game it plays replays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scrimmage.core.decisions import Coach, Decision, Kind
from scrimmage.core.dice import SeededDice
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.situation import Situation

RUN_CARDS = ("inside_run", "outside_run", "draw")
PASS_CARDS = ("roll_out", "drop_back", "screen")
BOLD_TO_GO = 3
BOLD_FROM = 60
"""yardline_100 at or inside which a bold coach goes for it: its own 40."""
LATE = 5 * 60


class TendencyCoach:
    def __init__(self, base: Coach, seed: int, run_share: float | None = None,
                 fourth: str = "book") -> None:
        self.base = base
        self.run_share = run_share
        self.fourth = fourth
        self.dice = SeededDice(seed * 31 + 17)

    def decide(self, decision: Decision, view: Any) -> str:
        answer = self.base.decide(decision, view)
        if decision.kind is Kind.PLAY_CALL and self.run_share is not None:
            return self._call(decision, answer)
        if decision.kind is Kind.SNAP and self.fourth != "book":
            return self._fourth(decision, view, answer)
        return answer

    def sync(self, decision: Decision, view: Any) -> None:
        """A replayed answer: the base coach and these dice move as if it had decided."""
        self.decide(decision, view)

    def lets_pass(self, kind: Kind, item: str, view: Any) -> bool:
        """The base coach's fast path, for the optional questions this wrapper leaves alone."""
        passes = getattr(self.base, "lets_pass", None)
        return (passes is not None and kind not in (Kind.PLAY_CALL, Kind.SNAP)
                and bool(passes(kind, item, view)))

    def _call(self, decision: Decision, answer: str) -> str:
        if decision.info.get("side") != "offense":
            return answer
        run = self.dice.roll(1000) <= round(1000 * (self.run_share or 0.0))
        wanted = RUN_CARDS if run else PASS_CARDS
        if answer in wanted:
            return answer
        legal = [o for o in decision.options if o in wanted]
        if not legal:
            return answer
        return legal[self.dice.roll(len(legal)) - 1]

    def _fourth(self, decision: Decision, view: Any, answer: str) -> str:
        situation = getattr(view, "situation", None)
        if not isinstance(situation, Situation) or situation.down != 4:
            return answer
        late = situation.quarter >= 4 and situation.seconds_left <= LATE
        if (self.fourth == "bold" and answer in ("punt", "field_goal") and "play" in
                decision.options and situation.ydstogo <= BOLD_TO_GO
                and situation.yardline_100 <= BOLD_FROM):
            return "play"
        if (self.fourth == "cautious" and answer == "play" and "punt" in decision.options
                and situation.ydstogo > 1 and not late):
            return "punt"
        return answer


def with_tendencies(base: Coach, params: Sequence[str], seed: int) -> Coach:
    """`base` with the tendencies `params` ("run=0.55", "fourth=bold")."""
    run: float | None = None
    fourth = "book"
    for p in params:
        key, _, value = p.partition("=")
        if key == "run":
            try:
                run = float(value)
            except ValueError:
                run = -1.0
            if not 0.0 <= run <= 1.0:
                raise ScrimmageError(f"coach tendency {p!r}: a run share is between 0 and 1")
        elif key == "fourth" and value in ("bold", "cautious", "book"):
            fourth = value
        else:
            raise ScrimmageError(f"coach tendency {p!r}: use run=SHARE or "
                                 "fourth=bold|cautious|book")
    return TendencyCoach(base, seed, run, fourth)
