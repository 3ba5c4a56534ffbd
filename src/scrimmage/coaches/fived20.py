"""Computer coaches for 5D20 Football.

`SystemCoach` is the book's way to play solitaire: the system calls every play ("This game is
designed to have the system determine the play calls", D20-12), so it answers `system` to every
play call. Where the book leaves a choice to the coach (fourth down, the try, onside kicks,
timeouts, penalties) it makes the call an ordinary NFL coach would, guided by the 2009-2019
fourth-down and two-point figures (../shared/data/calibration). `RandomCoach` answers uniformly
at random among the legal choices, for fuzzing. Both draw chance from their own seeded dice.
"""

from __future__ import annotations

from typing import Any

from scrimmage.core.compiled import mypyc_attr
from scrimmage.core.decisions import (
    K_COIN_TOSS,
    K_KICKOFF,
    K_OVERTIME_TOSS,
    K_PENALTY,
    K_SNAP,
    K_TIMEOUT,
    K_TRY,
    Decision,
    Kind,
)
from scrimmage.core.dice import SeededDice
from scrimmage.rules.fived20.game import SeatView


@mypyc_attr(allow_interpreted_subclasses=True)  # a coach is a public base class
class SystemCoach:
    """The system calls the plays; ordinary football sense for the coach's decisions."""

    def __init__(self, seed: int) -> None:
        self.dice = SeededDice(seed)

    def sync(self, decision: Decision, view: SeatView) -> None:
        self.decide(decision, view)

    def lets_pass(self, kind: Kind, item: str, v: SeatView) -> bool:
        """The engine's fast path (`FiveD20Game.passes`): True when this coach would answer
        "none" to the timeout question whatever the details, so no `Decision` is built.
        Must agree with `decide`."""
        if kind is K_TIMEOUT:
            return item == "short" or not self._wants_timeout(v)
        return False

    def decide(self, decision: Decision, view: SeatView) -> str:
        k = decision.kind
        opts = decision.options
        if k is K_SNAP and decision.info.get("at_zero"):
            answer = self.kick_at_zero(view)
        elif k is K_SNAP:
            answer = self.snap(view)
        elif k is K_TRY:
            answer = self.try_choice(view)
        elif k is K_KICKOFF:
            late = view.quarter >= 4 and view.seconds_left <= 150
            answer = "onside" if late and -16 <= view.margin < 0 else "regular"
        elif k is K_TIMEOUT:
            answer = self.timeout(decision, view)
        elif k is K_PENALTY:
            answer = self.penalty(decision, view)
        elif k in (K_COIN_TOSS, K_OVERTIME_TOSS):
            answer = "receive"
        else:
            answer = opts[0]                 # play calls: the system (D20-12)
        return answer if answer in opts else opts[0]

    @staticmethod
    def kick_at_zero(v: SeatView) -> str:
        """The clock ran out on the play: kick if the points help and the kick is makeable."""
        if v.yardline + v.era.post_offset > 57:
            return "none"
        if v.quarter == 2 or -3 <= v.margin <= 0:
            return "field_goal"
        return "none"

    def snap(self, v: SeatView) -> str:
        """Kneel to run out the clock when ahead and the opponent cannot get the ball back
        (each kneel runs 40 seconds, 10 after a timeout: D20-43); otherwise `fourth_down`.
        Never spike: the field goal at 0:00 (D20-43) makes it useless."""
        if v.quarter >= 4 and v.margin > 0 and not v.overtime:
            snaps = 5 - v.down
            theirs = min(v.opponent_timeouts, snaps)
            if v.seconds_left <= 40 * snaps - 30 * theirs:
                return "kneel"
        if v.quarter == 2 and v.seconds_left <= 40 and v.yardline >= 60 and v.down < 4:
            return "kneel"
        return self.fourth_down(v)

    def fourth_down(self, v: SeatView) -> str:
        """Play on downs 1-3; on fourth down go, kick or punt as NFL coaches of 2009-2019 did
        (field goals to about 55 yards, going for it on short yardage past midfield)."""
        late = v.quarter >= 4 and v.seconds_left <= 240
        end_of_half = v.quarter == 2 and v.seconds_left <= 20
        fg_range = v.yardline + v.era.post_offset <= 55
        if end_of_half and fg_range and v.down < 4:
            return "field_goal"
        if v.down < 4:
            return "play"
        if late and v.margin < 0:
            if fg_range and v.margin >= -3 and v.seconds_left <= 30:
                return "field_goal"
            return "play"
        if v.ydstogo <= 1 and v.yardline <= 50:
            return "play"
        if fg_range:
            return "field_goal"
        if v.ydstogo <= 2 and 35 < v.yardline <= 45:
            return "play"
        return "punt"

    @staticmethod
    def try_choice(v: SeatView) -> str:
        """Two when down by 2, 5, 10 or 12... after the touchdown, late in the game."""
        if v.era.two_point and v.quarter >= 4 and v.seconds_left <= 600 and v.margin in (
                -2, -5, -10, -12, 1, 5):
            return "two"
        return "kick"

    def timeout(self, d: Decision, v: SeatView) -> str:
        """Stop the clock late in a half when the clock works against this team; only after a
        play that ran longer than 10 seconds (after a shorter one it stops nothing)."""
        if d.info.get("penalty"):
            return "timeout" if v.quarter >= 4 and v.seconds_left <= 120 else "none"
        if d.info.get("item") == "short":
            return "none"
        return "timeout" if self._wants_timeout(v) else "none"

    @staticmethod
    def _wants_timeout(v: SeatView) -> bool:
        if v.quarter == 2 and v.seconds_left <= 120 and v.on_offense:
            return True
        if v.quarter >= 4 and v.seconds_left <= 240:
            if v.on_offense and v.margin <= 0:
                return True
            if not v.on_offense and v.margin < 0:
                return True
        return False

    @staticmethod
    def penalty(d: Decision, v: SeatView) -> str:
        """Accept unless the play did better for this team than the penalty would."""
        info = d.info
        yards = int(info.get("yards", 0))
        if "try_made" in info:
            # A try: the defense wants a good try undone; the offense a failed one, and it
            # takes free yards on the kickoff from an (a) foul.
            if info.get("offense_fouled"):
                return "accept" if info["try_made"] else "decline"
            return "accept" if not info["try_made"] or "a" in str(info.get("code")) else "decline"
        if "kick" in info:
            return SystemCoach._kick_penalty(info)
        if "kick_good" in info:
            # A field goal (D20-67): undo a good kick by the other team, a miss of our own.
            return "accept" if bool(info["kick_good"]) == bool(info.get("offense_fouled")) \
                else "decline"
        if "play_yards" not in info:
            return "accept"
        play = int(info["play_yards"])
        if info.get("offense_fouled"):
            # We are the defense: keep a turnover or a loss bigger than the penalty.
            if info.get("turnover") or play <= -yards or (play <= 0 and v.down == 3):
                return "decline"
            return "accept"
        # We are the offense: keep a touchdown, a turnover-free big gain.
        if info.get("touchdown") or (not info.get("turnover") and play >= yards):
            return "decline"
        return "accept"

    @staticmethod
    def _kick_penalty(info: dict[str, Any]) -> str:
        """A returned kick: (a) fouls keep the return, others wipe it out (and any accepted
        foul wipes out a return that ended in a lost fumble). The receiving team keeps a
        touchdown or a long return and undoes a lost fumble; the kicking team keeps a short
        return or the ball it took away."""
        end = int(info.get("return_end", 0))
        a_foul = "a" in str(info.get("code"))
        if info.get("offense_fouled"):                 # we are the receiving team
            if info.get("turnover"):
                return "accept"
            if info.get("touchdown"):
                return "accept" if a_foul else "decline"
            return "accept" if a_foul or end < 30 else "decline"
        if info.get("turnover"):                       # we are the kicking team
            return "decline"
        return "accept" if a_foul or info.get("touchdown") or end > 20 else "decline"
