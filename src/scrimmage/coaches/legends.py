"""Computer coaches for Football Legends.

`SolitaireCoach` is the rulebook's solitaire procedure (FNL-88..91): cards drawn from shuffled
piles, a d24 against the team's Runs count to choose run or pass, a pass on 3rd and 10 or more,
and in the last four minutes of a half a run to protect a lead or a pass to catch up. Where the
book leaves a choice to the player (fourth down, penalties, timeouts, kicks, coaching points)
it makes the call an ordinary coach would make. `RandomCoach` answers uniformly at random among
the legal choices, for fuzzing. Both draw chance from their own seeded `Dice`.
"""

from __future__ import annotations

from typing import Final

from scrimmage.core.compiled import mypyc_attr
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import SeededDice
from scrimmage.rules.legends.cards import OFF_SETS
from scrimmage.rules.legends.state import SeatView

RUN_CARDS: Final = OFF_SETS[:3]            # ("inside_run", "outside_run", "draw")
PASS_CARDS: Final = OFF_SETS[3:]           # ("roll_out", "drop_back", "screen")
RUN_DEFENSES: Final = ("run_inside", "run_outside", "run_blitz")
PASS_DEFENSES: Final = ("zone", "man", "pass_blitz")

# FNL-93: the defense each offensive card does not work well against, and a good answer to
# each defense (used for audibles).
WEAK_AGAINST: Final = {"inside_run": "run_inside", "outside_run": "run_outside", "draw": "run_blitz",
                       "drop_back": "pass_blitz", "roll_out": "zone", "screen": "man"}
BEST_ANSWER: Final = {"run_inside": "drop_back", "run_outside": "roll_out", "run_blitz": "screen",
                      "zone": "inside_run", "man": "outside_run", "pass_blitz": "draw"}
HURRY_SECONDS: Final = 90
"""Play speed: seconds of play per point still owed before a quota at which a coach hurries."""
# The defense that stops each offensive card best (for a defensive audible).
BEST_STOP: Final = {v: k for k, v in WEAK_AGAINST.items()}


def _open_sets(pile: tuple[str, ...], opts: tuple[str, ...], v: SeatView) -> tuple[str, ...]:
    """The cards of `pile` whose sets still have plays, else any open card of `opts`: a set
    with every play used may still be called on 3rd and 4th down, but it reads row 1 every
    time (FNL-28, FNL-50, AMB-FNL-10). The pile stands when every set is used up."""
    if not v.any_set_used_up:
        return pile                     # the usual case, answered at once
    return v.open_cards(pile) or v.open_cards(opts) or pile


def _late(v: SeatView) -> bool:
    """The last two minutes of a half, when the clock choices matter."""
    c = v.clock
    q = c.quarter
    if q != 2 and q != 4:
        return False
    left: int = c.seconds_left
    return left <= 120


def _classic(v: SeatView) -> bool:
    """FNL-90's situational overrides are the older book's solitaire rules only."""
    return v.profile == "classic"


_TIMEOUT: Final = Kind.TIMEOUT
_PLAY_SPEED: Final = Kind.PLAY_SPEED
_OUT_OF_BOUNDS: Final = Kind.OUT_OF_BOUNDS
_COACHING_POINTS: Final = Kind.COACHING_POINTS


@mypyc_attr(allow_interpreted_subclasses=True)  # a coach is a public base class
class SolitaireCoach:
    """The book's solitaire coach plus ordinary football sense for the open decisions."""

    def __init__(self, seed: int) -> None:
        self.dice = SeededDice(seed)

    def sync(self, decision: Decision, view: SeatView) -> None:
        """Replaying a saved game: make the same draws again so later choices match."""
        self.decide(decision, view)

    def lets_pass(self, kind: Kind, item: str, v: SeatView) -> bool:
        """The engine's fast path (LegendsGame.passes): True when this coach would take the
        do-nothing option whatever the details, so no Decision need be built. Must agree with
        `decide`. The cheapest tests come first: a game asks this about a thousand times."""
        if kind is _TIMEOUT:
            if item == "before":
                return True
            return not _late(v) or bool(v.overtime)
        if kind is _PLAY_SPEED:
            t = v.own
            return self._speed_answer(t.speed_total - t.speed_left, t.speed_total, v) == "none"
        if kind is _OUT_OF_BOUNDS:
            return item == "defense" or not _late(v)
        if kind is _COACHING_POINTS:
            if item == "time":
                return not _late(v)
            if item == "kick_roll":
                return True
            if item == "ignore_big_play":
                return not (v.quarter == 4 and abs(v.margin) <= 8)
        return False

    def _pick(self, cards: tuple[str, ...]) -> str:
        return cards[self.dice.roll(len(cards)) - 1]

    def decide(self, decision: Decision, view: SeatView) -> str:
        k = decision.kind
        opts = decision.options
        handler = _HANDLERS.get(k)
        answer = handler(self, decision, view) if handler is not None else opts[0]
        return answer if answer in opts else opts[0]

    # -- play calls (FNL-88..90) -----------------------------------------------------------
    def play_call(self, d: Decision, v: SeatView) -> str:
        opts = d.options
        info = d.info
        classic = _classic(v)
        late = classic and v.quarter in (2, 4) and v.seconds_left <= 240
        if info.get("side") == "offense":
            pct = info.get("run_call_pct")
            if pct is not None:         # a built sheet's real mix (replay ratings)
                want_run = self.dice.roll(1000) <= round(10 * float(pct))
            else:
                want_run = self.dice.roll(24) <= v.own.team.runs    # FNL-89
            if classic and v.down == 3 and v.ydstogo >= 10:
                want_run = False                                 # FNL-90 (3rd and long)
            if classic and ((late and v.quarter == 4)
                            or (late and v.quarter == 2 and v.margin < 0)):
                want_run = v.margin > 0                          # FNL-90 (last 4 minutes)
            cards = RUN_CARDS if want_run else PASS_CARDS
            pile = cards if opts is OFF_SETS else tuple(c for c in cards if c in opts)
            if not pile:
                pile = tuple(c for c in opts if c in RUN_CARDS + PASS_CARDS) or opts
            return self._pick(_open_sets(pile, opts, v))
        category = info.get("offense_category")
        if category is None and classic and v.down == 3 and v.ydstogo >= 10:
            category = "pass"
        if category is None and late and v.quarter == 4:
            category = "pass" if v.margin > 0 else "run"
        if category == "pass":
            pile = tuple(c for c in PASS_DEFENSES if c in opts)
        elif category == "run":
            pile = tuple(c for c in RUN_DEFENSES if c in opts)
        else:
            pile = opts
        return self._pick(_open_sets(pile or opts, opts, v))

    def audible(self, d: Decision, v: SeatView) -> str:
        mine, theirs = d.info.get("own_call"), d.info.get("their_call")
        if d.info.get("side") == "offense":
            if mine is not None and WEAK_AGAINST.get(mine) == theirs:
                better = BEST_ANSWER.get(str(theirs))
                if better in d.options:
                    return str(better)
            return "keep"
        better = BEST_STOP.get(str(theirs))
        if better is not None and better != mine and better in d.options:
            return better
        return "keep"

    # -- the snap: fourth down, the end of a half (FNL-91) ---------------------------------
    def snap(self, d: Decision, v: SeatView) -> str:
        table, clock = v.table, v.clock
        y, down, togo = table.yardline, table.down, table.ydstogo
        q, secs = clock.quarter, clock.seconds_left
        margin = v.margin
        fg_range = y + 17 <= 47
        if q == 4 and margin > 0 and secs <= 30 * (5 - down) and v.opponent_timeouts == 0:
            return "kneel"                                  # run out the clock
        if q in (2, 4) and secs <= 20 and fg_range and (q == 2 or -3 <= margin <= 0):
            return "field_goal"
        if v.overtime:
            if down == 4:
                return "field_goal" if (fg_range and togo > 2 and margin >= -3) else "play"
            return "play"
        if down < 4:
            return "play"
        desperate = q == 4 and margin < 0 and (secs <= 240 or (margin < -8 and secs <= 480))
        if desperate and not (fg_range and margin >= -3 and secs <= 60):
            return "play"
        if (fg_range and togo > 2) or (fg_range and y > 5 and togo > 1):
            return "field_goal"
        if (togo <= 1 and y <= 60) or (togo <= 2 and 35 <= y <= 55):
            return "play"
        if y <= 35 and togo <= 4:
            return "play"
        return "punt" if "punt" in d.options else "play"

    def coin_toss(self, d: Decision, v: SeatView) -> str:
        return "defer" if "defer" in d.options else "receive"

    def second_half(self, d: Decision, v: SeatView) -> str:
        return "receive"

    def kickoff(self, d: Decision, v: SeatView) -> str:
        if v.quarter == 4 and v.margin < 0 and v.seconds_left <= 180:
            return "onside"
        return "regular"

    def try_(self, d: Decision, v: SeatView) -> str:
        # A conventional two-point chart, late in the game (margin after the touchdown).
        if v.quarter >= 4 and v.margin in (-2, -5, -10, 1, 5, 12):
            return "two"
        return "kick"

    def timeout(self, d: Decision, v: SeatView) -> str:
        if d.info.get("before") or d.info.get("saves", 1) <= 0:
            return "none"           # never a timeout that stops no clock (FNL-7, FNL-54)
        late = _late(v)
        if not late or v.overtime:
            return "none"
        hurry = v.margin < 0 or (v.quarter == 2 and v.on_offense)
        if v.quarter == 4 and v.margin > 0:
            return "none"
        return "timeout" if hurry and v.seconds_left > 10 else "none"

    def penalty(self, d: Decision, v: SeatView) -> str:
        info = d.info
        if info.get("when") == "post" or info.get("on_kickoff"):
            return "accept"     # the play stands either way (FNL-34..36)
        play, yards = info.get("play"), info.get("play_yards")
        pen = int(info.get("yards") or 0)
        if play == "field_goal_made":
            return "accept" if not v.on_offense else "decline"
        if v.on_offense:   # a defensive foul: take the better of the two
            if play == "touchdown":
                return "decline"
            if play in ("turnover", "incomplete") or yards is None:
                return "accept"
            gained_first = yards >= v.ydstogo
            if info.get("first_down") and not gained_first:
                return "accept"
            return "accept" if pen >= yards else "decline"
        if play == "turnover":
            return "decline"
        if yards is not None and yards < 0 and -yards >= pen:
            return "decline"
        if play == "incomplete" and v.down >= 3:
            return "decline"
        return "accept"

    def coaching_points(self, d: Decision, v: SeatView) -> str:
        item = d.info.get("item")
        if item == "overrule":
            return self._overrule(d, v)
        if item == "yard":
            yards = int(d.info.get("yards") or 0)
            if v.on_offense and (yards + 1 == v.ydstogo or yards + 1 == v.yardline):
                return "plus"
            if not v.on_offense and (yards == v.ydstogo or yards == v.yardline):
                return "minus"
            return "none"
        if item == "time":
            if v.quarter in (2, 4) and v.seconds_left <= 120:
                return "faster" if v.margin <= 0 else "slower"
            return "none"
        if item == "ignore_penalty":
            return "ignore_penalty" if int(d.info.get("yards") or 0) >= 15 else "none"
        if item == "ignore_big_play":
            close = v.quarter == 4 and abs(v.margin) <= 8
            return "ignore_big_play" if close else "none"
        if item == "yardage_modifier":
            yards, mod = int(d.info.get("yards") or 0), int(d.info.get("modifier") or 0)
            if v.on_offense and yards < v.ydstogo <= yards + mod:
                return "plus"
            if not v.on_offense and yards - mod < v.ydstogo <= yards:
                return "minus"
            return "none"
        return "none"

    def _overrule(self, d: Decision, v: SeatView) -> str:
        """FNL-76 {C}: overrule the defense's spending when its choice costs the offense a
        first down or a touchdown (yard), or the clock it wants late in a half (time)."""
        theirs = d.info.get("their_choice")
        if d.info.get("overrules") == "yard":
            yards = int(d.info.get("yards") or 0)
            hurt = theirs == "minus" and yards in (v.ydstogo, v.yardline)
            return "plus" if hurt else "none"
        wanted = self.coaching_points(
            Decision(d.kind, d.seat, ("none", "faster", "slower"), "", {"item": "time"}), v)
        return wanted if wanted not in ("none", theirs) else "none"

    def play_speed(self, d: Decision, v: SeatView) -> str:
        """Spend play-speed points at an even pace over the game (FNL-12 says spending them
        keeps the statistics true; FNL-13 punishes a coach who falls behind)."""
        left, total = int(d.info.get("left") or 0), int(d.info.get("of") or 0)
        return self._speed_answer(total - left, total, v)

    @staticmethod
    def _speed_answer(used: int, total: int, v: SeatView) -> str:
        if total <= 0 or used >= total:
            return "none"
        clock = v.clock
        quarter = min(clock.quarter, 4)
        played = ((quarter - 1) * 900 + (900 - min(clock.seconds_left, 900))) / 3600
        if used < played * total + 1:
            return "use"
        # FNL-13: never fall behind a quota (half spent by halftime, three quarters before the
        # 4th quarter). Both teams may want the same snaps (one point a snap, the offense
        # first), so hurry once the time left allows about one point in every three snaps.
        if quarter <= 2:
            needed, until = 0.5 * total - used, v.half_seconds_left
        elif quarter == 3 and not v.overtime:
            needed, until = 0.75 * total - used, clock.seconds_left
        else:
            return "none"
        return "use" if needed > 0 and until <= needed * HURRY_SECONDS else "none"

    def overtime_toss(self, d: Decision, v: SeatView) -> str:
        return "receive"

    def out_of_bounds(self, d: Decision, v: SeatView) -> str:
        oob = bool(d.info.get("out_of_bounds"))
        if "out" not in d.options:          # the defense's flip
            return "none"
        late = _late(v)
        if late and v.margin <= 0 and v.on_offense:
            return "out"
        if late and v.margin > 0 and oob and v.quarter == 4:
            return "flip" if "flip" in d.options else "stay"
        return "out" if oob else "stay"

    def punt_style(self, d: Decision, v: SeatView) -> str:
        return "out_of_bounds" if v.yardline <= 48 else "normal"

    def punt_field(self, d: Decision, v: SeatView) -> str:
        return "bounce" if int(d.info.get("landing", 50)) <= 8 else "return"

    def kick_return(self, d: Decision, v: SeatView) -> str:
        if "fair_catch" in d.options:
            # A college return averages about 20 yards: fair-catch a kick caught deep.
            return "fair_catch" if int(d.info.get("catch", 0)) < 5 else "return"
        return "touchback"


_HANDLERS: Final = {
    Kind.PLAY_CALL: SolitaireCoach.play_call,
    Kind.AUDIBLE: SolitaireCoach.audible,
    Kind.SNAP: SolitaireCoach.snap,
    Kind.COIN_TOSS: SolitaireCoach.coin_toss,
    Kind.SECOND_HALF: SolitaireCoach.second_half,
    Kind.KICKOFF: SolitaireCoach.kickoff,
    Kind.TRY: SolitaireCoach.try_,
    Kind.TIMEOUT: SolitaireCoach.timeout,
    Kind.PENALTY: SolitaireCoach.penalty,
    Kind.COACHING_POINTS: SolitaireCoach.coaching_points,
    Kind.OUT_OF_BOUNDS: SolitaireCoach.out_of_bounds,
    Kind.PUNT_STYLE: SolitaireCoach.punt_style,
    Kind.PUNT_FIELD: SolitaireCoach.punt_field,
    Kind.KICK_RETURN: SolitaireCoach.kick_return,
    Kind.PLAY_SPEED: SolitaireCoach.play_speed,
    Kind.OVERTIME_TOSS: SolitaireCoach.overtime_toss,
}
