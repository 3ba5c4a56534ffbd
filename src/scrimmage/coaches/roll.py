"""Computer coaches for 1st & Roll.

The book has no solitaire rules, so the `solitaire` kind is `SensibleCoach`: it mixes its
die choices (the play call is a guessing game, FR-10: the defense wants to match the offense's
colour) with weights that follow the down and distance, and makes the calls an ordinary
player would make: punt or kick on 4th down, a long bomb when many yards are needed, timeouts
and onside kicks when behind late, running the clock when ahead, a punt return only when the
dice say it is worth more than the fair catch, and one overtime at a tie. `RandomCoach`
answers uniformly among the legal options, for fuzzing. Both draw chance from their own seeded
dice.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Final

from scrimmage.core.compiled import mypyc_attr
from scrimmage.core.decisions import (
    K_DICE_CHOICE,
    K_KICK_RETURN,
    K_KICKOFF,
    K_LONG_BOMB,
    K_OVERTIME,
    K_PENALTY,
    K_PLAY_CALL,
    K_RUN_CLOCK,
    K_SNAP,
    K_TIMEOUT,
    K_TRY,
    Decision,
    Kind,
)
from scrimmage.core.dice import SeededDice
from scrimmage.rules.roll.faces import DiceSet, Die
from scrimmage.rules.roll.penalties import FOULS, IGNORED_ON_RETURNS, SAFETY, enforce
from scrimmage.rules.roll.state import RollView

COLORS: Final = ("red", "yellow", "green")

BALL_WORTH: Final = 85
"""Field position in yards: the ball at yardline_100 `y` is worth `BALL_WORTH - y` to the team
that has it and as much against its opponents (a rough line: having the ball on your own 15 is
worth about nothing). It puts a foul that hands the punting team the ball back on the same
scale as return yards."""
SAFETY_WORTH: Final = -60
"""A safety on the returners: two points and a free kick from their own 20, in those yards."""
BREAKAWAY_DEPTH: Final = 8
"""Breakaway re-rolls followed when counting a die's chances (the rest is below 1e-6)."""


def yards_chances(die: Die, depth: int = BREAKAWAY_DEPTH,
                  broken_tackle: bool = False) -> dict[int, float]:
    """FR-16: the yards an offensive die gives, its breakaways rolled again and added, with the
    chance of each total. FR-17 / AMB-FR-19: with `broken_tackle`, a square face on the first
    roll adds one more roll, which may chain breakaways itself."""
    chances: dict[int, float] = defaultdict(float)
    _roll_again(die, depth, broken_tackle, chances, 0, 1.0, 1, True)
    return dict(chances)


def _roll_again(die: Die, depth: int, broken_tackle: bool, chances: dict[int, float],
                total: int, chance: float, rolls: int, first: bool) -> None:
    """One more roll of `die` on top of `total` (a module function: a closure calling itself
    would be a reference cycle, left for the cyclic collector)."""
    for face in die.faces:
        p = chance / die.sides
        again = face.breakaway or (first and broken_tackle and face.square)
        if again and rolls < depth:
            _roll_again(die, depth, broken_tackle, chances, total + face.value, p, rolls + 1,
                        False)
        else:
            chances[total + face.value] += p


def takes_penalty(info: dict[str, Any]) -> bool:
    """The sensible answer to a flag (AMB-FR-2): decline when the play itself scored for us,
    else take whichever gains more yards."""
    if info.get("decline_yards", 0) >= info.get("yardline", 999):
        return False
    return bool(info["accept_yards"] >= info["decline_yards"])


def runs_out_clock(margin: int, period: int) -> bool:
    """The sensible answer to FR-35: run the clock when ahead in the second half."""
    return margin > 0 and period >= 2


def return_gain(dice: DiceSet, spot: int, line: int, penalty_from: str) -> float:
    """Expected yards of field a punt return gains over the fair catch (FR-26): the returner's
    yellow die for yards (negative yards cannot happen: offensive dice show 0 or more), then
    one chance in so many of a flag on the defensive yellow die and the penalty die's faces,
    O5 and D5 ignored (FR-24). `spot`: the returners' yardline_100 at the catch. A flag is
    enforced from the `line` of scrimmage, the kick wiped out (FR-27: the punting team's
    fouls are declined, the returners' hand it the ball back if it takes them), or, after a
    safety or a blocked punt (`penalty_from="return"`), from the end of the return with the
    returners as the offense (AMB-FR-16). A return over the goal line counts as the goal."""
    flags = sum(f.flag for f in dice.defense["yellow"].faces) / dice.defense["yellow"].sides
    worth = 0.0
    for ret, chance in yards_chances(dice.offense["yellow"]).items():
        end = max(spot - ret, 0)
        plain = BALL_WORTH - end
        if end == 0:
            worth += chance * plain               # a touchdown: no flag is enforced on it
            continue
        fouls = [_after_flag(code, plain, end, line, penalty_from) for code in dice.penalty]
        worth += chance * ((1 - flags) * plain + flags * sum(fouls) / len(fouls))
    return worth - (BALL_WORTH - spot)


def _after_flag(code: str, plain: float, end: int, line: int, penalty_from: str) -> float:
    """What the returners' field is worth after a flag of face `code`; the team that did not
    foul takes the better of accepting and declining for itself (AMB-FR-2)."""
    foul = FOULS[code]
    if code in IGNORED_ON_RETURNS:
        return plain
    if penalty_from == "return":
        after = enforce(end, foul)
        return SAFETY_WORTH if after == SAFETY else float(BALL_WORTH - after)
    if foul.by_offense:                       # the punting team fouled: the returners decline
        return plain
    kept = -(BALL_WORTH - enforce(line, foul))   # the punting team keeps the ball
    return min(plain, kept)


@mypyc_attr(allow_interpreted_subclasses=True)  # a coach is a public base class
class SensibleCoach:
    """Ordinary football sense, with mixed play calls."""

    def __init__(self, seed: int) -> None:
        self.dice = SeededDice(seed)
        self._gains: dict[tuple[DiceSet, int, int, str], float] = {}
        """`return_gain` by its arguments: the same punt returns come back in every sample of
        a smart coach's fourth down (a few hundred punts a choice, one spot in each)."""

    def sync(self, decision: Decision, view: RollView) -> None:
        """Replaying a saved game: make the same draws again so later choices match."""
        self.decide(decision, view)

    def _weighted(self, weights: tuple[int, int, int]) -> str:
        r = self.dice.roll(weights[0] + weights[1] + weights[2])
        for i in range(3):           # by index: a zip costs more than the choice itself
            w = weights[i]
            if r <= w:
                return COLORS[i]
            r -= w
        return COLORS[-1]

    @staticmethod
    def _late(v: RollView, spaces: int = 4) -> bool:
        """In the second half (or overtime) with few clock spaces left."""
        return bool(v.period >= 2 and v.spaces_left <= spaces)

    def _wants_timeout(self, v: RollView) -> bool:
        behind_late = v.margin < 0 and self._late(v, 5)
        drive_at_half = v.period == 1 and v.on_offense and v.spaces_left <= 1 and v.yardline <= 45
        return bool(behind_late or drive_at_half)

    def lets_pass(self, kind: Kind, item: str, v: RollView) -> bool:
        """The fast path (scrimmage.core.fastpath): no timeout unless `decide` would call one."""
        return kind is K_TIMEOUT and not self._wants_timeout(v)

    def decide(self, decision: Decision, view: RollView) -> str:
        k = decision.kind
        opts = decision.options
        v = view
        if k is K_PLAY_CALL:
            return self._play_call(v)
        if k is K_SNAP:
            return self._snap(opts, v)
        if k is K_TIMEOUT:
            return "timeout" if self._wants_timeout(v) else "no"
        if k is K_RUN_CLOCK:
            return "run" if runs_out_clock(v.margin, v.period) else "no"
        if k is K_LONG_BOMB:
            need = v.ydstogo >= 8 or (v.down >= 3 and v.ydstogo >= 5)
            return "bomb" if v.yardline >= 30 and (need or (v.margin < 0 and self._late(v))) \
                else "no"
        if k is K_PENALTY:
            return "accept" if takes_penalty(decision.info) else "decline"
        if k is K_KICKOFF:
            return "onside" if v.margin < 0 and self._late(v, 3) else "regular"
        if k is K_KICK_RETURN:
            if "touchback" in opts:
                return "return" if v.margin < 0 and self._late(v, 3) else "touchback"
            return self._punt_return(decision, v)
        if k is K_OVERTIME:
            # FR-39: one overtime; after a scoreless one the tie is taken (the old preset).
            return "overtime" if v.period == 2 else "tie"
        if k is K_TRY:
            late = self._late(v, 3)
            return "two" if late and v.margin in (-2, -5, -10, 1, 5) else "kick"
        if k is K_DICE_CHOICE:
            if opts == COLORS:                       # the punt's extra die
                return "red" if v.yardline <= 55 else "green"
            return opts[0]
        return opts[0]                               # the toss: receive

    def _punt_return(self, decision: Decision, v: RollView) -> str:
        """Return a punt (or a blocked punt) only when the dice make it worth more than taking
        the ball where it lies."""
        info = decision.info
        key = (v.dice, int(info["spot"]), int(info.get("line", 0)), str(info["penalty_from"]))
        gain = self._gains.get(key)
        if gain is None:
            gain = self._gains[key] = return_gain(*key)
        stay = "fair_catch" if "fair_catch" in decision.options else "no_return"
        return "return" if gain > 0 else stay

    def _snap(self, opts: tuple[str, ...], v: RollView) -> str:
        fg_range = v.yardline <= 30
        if "hail_mary" in opts:
            if fg_range and v.margin >= -3:
                return "field_goal"
            return "hail_mary" if v.margin <= 0 else "play"
        if v.overtime and fg_range:
            return "field_goal"                      # sudden death: any score wins
        if v.on_two_minute and v.opponent_timeouts == 0 and v.timeouts == 0 and fg_range:
            return "field_goal"
        if v.down < 4:
            return "play"
        desperate = v.margin < 0 and self._late(v, 3) and (v.margin < -3 or not fg_range)
        if desperate:
            return "play"
        if fg_range:
            return "field_goal"
        if v.ydstogo <= 2 and v.yardline <= 50:
            return "play"
        return "punt"

    def _play_call(self, v: RollView) -> str:
        togo = v.ydstogo
        if togo <= 2:
            weights = (6, 3, 1)
        elif togo >= 8:
            weights = (2, 3, 5)
        else:
            weights = (4, 3, 3)
        if v.on_offense:
            if v.yardline <= 10:
                weights = (weights[0] + 2, weights[1] + 1, 1)    # FR-19: green overshoots
            if v.margin > 0 and self._late(v):
                weights = (weights[0] + 4, weights[1], weights[2])
        return self._weighted(weights)
