"""The payoff of every 1st & Roll die pair in the current situation (issue 20).

FR-10: both coaches choose a die colour in a closed hand, so a down is a 3 x 3 zero-sum game.
The payoff of a pair is what the down is worth to the offense, averaged exactly over the dice,
in the order the rules roll them (`rules/roll/plays.py`):

1. the yards: the offense's die with its breakaways (FR-16) and, for an unmatched red, the
   broken tackle (FR-17); the long bomb's green + kick - yellow (FR-18); matched colours add
   the defense's die, or its flag (FR-12, FR-21);
2. the Clock die (FR-13), a green pass that carries past the goal line (FR-19), a flag's
   penalty die taken or declined (FR-22, AMB-FR-2..5), the turnover re-roll (FR-14) and the
   return (FR-15, AMB-FR-6, AMB-FR-7, AMB-FR-16), the ball and the down marker (FR-20, FR-31,
   FR-33), and running out the clock after an unmatched run (FR-35);
3. where each end leaves the game, read on the 1st & Roll WP tables (`position_value`), with
   the marker moved by the Clock die. Timeouts that would stop the marker are left out: a team
   calls one after it has seen the dice.

The choices inside a down (taking a penalty, running out the clock) are the sensible coach's
rules (`coaches/roll.py`), as the equilibrium coach answers them in play.

Unmatched colours leave the defense's die on the table, so a pair's payoff is the offense's
unmatched value whatever the defense's other colour: six entries, plus the long bomb, which the
offense decides on after it has seen that the defense did not pick green (that entry is the
better of the two).

Why the dice are written out here as distributions rather than played through the rules once
per sequence of faces: that costs seconds a call (about 30,000 sequences, most of them
breakaway chains). `tests/roll/test_roll_equilibrium.py` plays every sequence through the
rules on copies of the game and finds the same matrix.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Final, NamedTuple

from scrimmage.analytics.position import Position, position_value
from scrimmage.analytics.tables import Tables
from scrimmage.coaches.roll import COLORS, runs_out_clock, takes_penalty, yards_chances
from scrimmage.core.field import Side
from scrimmage.core.payoffs import Payoffs, flat
from scrimmage.core.sides import AWAY, HOME
from scrimmage.rules.roll.faces import CLOCK, TURNOVER, DiceSet, Die
from scrimmage.rules.roll.game import RollGame
from scrimmage.rules.roll.penalties import FOULS, IGNORED_ON_RETURNS, SAFETY, Foul, enforce
from scrimmage.rules.roll.plays import RED_ZONE, RETURN_DICE, TOUCHBACK
from scrimmage.rules.roll.what_if import marker_moved, position


class Read(NamedTuple):
    """The play dice read (step 1): yards, and how the pass ended."""

    gain: int
    incomplete: bool = False
    interception: bool = False
    flag: bool = False


Turnover = tuple[str, int, bool, int]
"""A turnover to value: the offense's die, the play's yards, an interception, marker moves."""


class End(NamedTuple):
    """Where a down leaves the game: the next step ("scrimmage", "extra_point" or "kickoff"),
    the team with the ball (the receivers of a kick), its ball, the score (home, away) and the
    spaces the marker moves."""

    kind: str
    ball: Side
    yardline: int
    down: int
    togo: int
    score: tuple[int, int]
    moves: int


def _chances(die: Die) -> Iterator[tuple[float, int, bool]]:
    """Each face of a defensive die: chance, yards, flag."""
    for face in die.faces:
        yield 1 / die.sides, face.value, face.flag


def _by_face(faces: tuple[str, ...]) -> dict[str, float]:
    out: dict[str, float] = defaultdict(float)
    for face in faces:
        out[face] += 1 / len(faces)
    return out


def reads(d: DiceSet, off_c: str, def_c: str, bomb: bool) -> dict[Read, float]:
    """Step 1, in the rules' order: the offense's die (or the long bomb), then the defense's."""
    out: dict[Read, float] = defaultdict(float)
    same = off_c == def_c
    if bomb:                                            # FR-18
        yellow = d.offense["yellow"]
        green = d.offense["green"]
        for gf in green.faces:
            for kick, pk in _by_face(tuple(str(k) for k in d.kick)).items():
                for yf in yellow.faces:
                    p = pk / (green.sides * yellow.sides)
                    if gf.value == 0 and yf.value == 0:
                        out[Read(int(kick), interception=True)] += p
                    elif gf.value == 0 or yf.value == 0:
                        out[Read(0, incomplete=True)] += p
                    else:
                        out[Read(int(kick) + gf.value - yf.value)] += p
        return out
    gains = yards_chances(d.offense[off_c], broken_tackle=off_c == "red" and not same)
    for gain, p in gains.items():
        if not same:                                    # FR-11
            out[Read(gain)] += p
            continue
        for pd, value, flag in _chances(d.defense[def_c]):  # FR-12
            out[Read(gain, flag=True) if flag else Read(gain + value)] += p * pd
    return out


@dataclass(frozen=True)
class RollPayoffs:
    """The matrix, and the long bomb's two values (the offense's green against another
    colour: without and with the bomb) the equilibrium coach answers FR-18's question by."""

    payoffs: Payoffs
    no_bomb: float
    bomb: float


class DownModel:
    """The ends of a down from `g`'s situation for each pair of dice (steps 1-2)."""

    def __init__(self, g: RollGame) -> None:
        self.g, self.s, self.d = g, g.s, g.d
        self.off = g.s.possession
        self.clock = _by_face(g.d.clock)
        self.penalty = _by_face(g.d.penalty)
        self._turnovers: dict[tuple[str, int, bool], dict[End, float]] = {}
        """A turnover's ends by (colour, yards, interception): many reads share one."""
        self._return_yards: dict[str, dict[int, float]] = {}
        self._landings: dict[tuple[str, int], list[tuple[End, float]]] = {}
        self._firsts: dict[tuple[Side, int], End] = {}
        self._touchdowns: dict[tuple[Side, int], End] = {}
        # The same flag, yards and marker moves recur across reads and dice pairs.
        self._taken: dict[tuple[str, int], bool] = {}
        self._accepts: dict[tuple[str, int], End] = {}
        self._moves: dict[tuple[int, int, bool], End] = {}

    def ends(self, off_c: str, def_c: str, bomb: bool = False) -> dict[End, float]:
        """Every end of the down for a pair of dice, with its chance."""
        out, turnovers = self.split_ends(off_c, def_c, bomb)
        for (colour, gain, interception, moves), p in turnovers.items():
            for end, pt in self.turnover(colour, gain, interception, moves).items():
                out[end] += p * pt
        return out

    def split_ends(self, off_c: str, def_c: str, bomb: bool = False
                   ) -> tuple[dict[End, float], dict[Turnover, float]]:
        """`ends`, with the turnovers left as (colour, yards, interception, marker moves):
        a coach values each of those once (`turnover`), whichever pairs share it."""
        out: dict[End, float] = defaultdict(float)
        y = self.s.yardline
        # Plays that stand, merged first: many reads and declined flags come to one.
        stands: dict[tuple[int, bool, bool, str], float] = defaultdict(float)
        for read, p1 in reads(self.d, off_c, def_c, bomb).items():
            for clock, p2 in self.clock.items():
                gain, incomplete = read.gain, read.incomplete
                # FR-19, AMB-FR-9: a green pass that carries more than 2 yards past the goal.
                if (off_c == "green" and not read.interception and not incomplete
                        and y <= RED_ZONE and gain > y + 2):
                    incomplete, gain = True, 0
                if not read.flag:
                    stands[(gain, incomplete, read.interception, clock)] += p1 * p2
                    continue
                for code, p3 in self.penalty.items():
                    taken = self._taken.get((code, gain))
                    if taken is None:
                        taken = self._taken[(code, gain)] = self._flag_taken(FOULS[code], gain)
                    if taken:
                        moves = 1 if clock == CLOCK else 0
                        end = self._accepts.get((code, moves))
                        if end is None:
                            end = self._accepts[(code, moves)] = self._accepted(FOULS[code],
                                                                                moves)
                        out[end] += p1 * p2 * p3
                    else:
                        stands[(gain, incomplete, read.interception, clock)] += p1 * p2 * p3
        turnovers: dict[Turnover, float] = defaultdict(float)
        for (gain, incomplete, interception, clock), p in stands.items():
            self._play_stands(out, turnovers, p, off_c, def_c, gain, incomplete, interception,
                              clock)
        return out, turnovers

    def turnover(self, off_c: str, gain: int, interception: bool, moves: int
                 ) -> dict[End, float]:
        """The ends of a turnover after a play of `gain` yards on the `off_c` die, the marker
        moving `moves` spaces."""
        ends = self._turnover(off_c, gain, interception)
        if not moves:
            return ends
        return {end._replace(moves=end.moves + moves): p for end, p in ends.items()}

    def turnover_worth(self, key: Turnover, value: Callable[[End], float],
                       landings: dict[tuple[str, int, int], float]) -> float:
        """What `turnover(*key)` is worth by `value`, without listing its ends: a return is
        the sum over its yards of where it lands, and each landing (colour, spot, marker
        moves) is valued once, in `landings` (the caller's, one per unit of value)."""
        off_c, gain, interception, moves = key
        at_once = self._where_turned_over(off_c, gain, interception)
        if isinstance(at_once, End):
            return value(_moved(at_once, moves))
        returner, (start, colour) = self.off.other, at_once
        if colour is None:
            return value(_moved(self._first_down(returner, start), moves))
        touchdown = value(_moved(self._touchdown(returner, 0), moves))
        total = 0.0
        for ret, p in self._yards(colour).items():
            new = start - ret
            if new <= 0:                                   # AMB-FR-7
                total += p * touchdown
                continue
            at = (colour, min(new, 100), moves)
            worth = landings.get(at)
            if worth is None:
                worth = landings[at] = sum(pe * value(_moved(end, moves)) for end, pe
                                           in self._landing(returner, colour, at[1]))
            total += p * worth
        return total

    # -- a flag at scrimmage (FR-22) ---------------------------------------------------------
    def _flag_taken(self, foul: Foul, gain: int) -> bool:
        y = self.s.yardline
        new = enforce(y, foul)
        moved = abs(new - y) if new != SAFETY else 100
        return takes_penalty({"accept_yards": moved,
                              "decline_yards": gain if not foul.by_offense else -gain,
                              "yardline": y})

    def _accepted(self, foul: Foul, moves: int) -> End:
        """FR-22, AMB-FR-3: the down again from the new spot, or a first down."""
        s, off = self.s, self.off
        new = enforce(s.yardline, foul)
        if new == SAFETY:
            return self._safety(off, moves)
        line_to_gain = s.yardline - s.ydstogo
        if not foul.by_offense and (foul.auto_first or new <= line_to_gain):
            return self._end("scrimmage", off, new, 1, min(10, new), moves)
        return self._end("scrimmage", off, new, s.down, new - line_to_gain, moves)

    # -- the play stands ---------------------------------------------------------------------
    def _play_stands(self, out: dict[End, float], turnovers: dict[Turnover, float],
                     p: float, off_c: str, def_c: str, gain: int, incomplete: bool,
                     interception: bool, clock: str) -> None:
        """A play that stands: the Clock die's turnover re-roll (FR-14) or the ball moved.
        Turnovers go to `turnovers` (see `split_ends`)."""
        moves = 1 if clock == CLOCK else 0
        if clock == TURNOVER and not interception:       # FR-14: roll it again
            for again, pa in self.clock.items():
                if again == TURNOVER:
                    turnovers[(off_c, gain, False, moves)] += p * pa
                else:
                    more = moves + (again == CLOCK)
                    out[self._ball_moves(off_c, def_c, gain, more)] += p * pa
            return
        if interception:
            turnovers[(off_c, gain, True, moves)] += p
            return
        out[self._ball_moves(off_c, def_c, 0 if incomplete else gain, moves)] += p

    def _ball_moves(self, off_c: str, def_c: str, gain: int, moves: int) -> End:
        """FR-20, FR-31, FR-33, then FR-35's run-out after an unmatched red."""
        red = off_c == "red" and def_c != "red"
        found = self._moves.get((gain, moves, red))
        if found is None:
            found = self._moves[(gain, moves, red)] = self._moved_ball(red, gain, moves)
        return found

    def _moved_ball(self, unmatched_red: bool, gain: int, moves: int) -> End:
        s, off = self.s, self.off
        new = s.yardline - gain
        if new <= 0:
            return self._touchdown(off, moves)
        if new >= 100:
            return self._safety(off, moves)
        if gain >= s.ydstogo:
            end = self._end("scrimmage", off, new, 1, min(10, new), moves)
        elif s.down == 4:
            return self._end("scrimmage", off.other, 100 - new, 1, min(10, 100 - new), moves)
        else:
            end = self._end("scrimmage", off, new, s.down + 1, s.ydstogo - gain, moves)
        at = min(s.space + moves, self.d.last_space)
        if (unmatched_red and at != self.d.two_minute
                and at < self.d.last_space
                and runs_out_clock(s.score[off] - s.score[off.other], s.period)):
            return end._replace(moves=moves + 1)
        return end

    def _turnover(self, off_c: str, gain: int, interception: bool) -> dict[End, float]:
        """FR-14, AMB-FR-6: the ball goes the play's yards, then the defense returns it with
        the dice of the offense's colour (FR-18: both green dice after a long bomb's pick)."""
        key = (off_c, gain, interception)
        found = self._turnovers.get(key)
        if found is None:
            found = self._turnovers[key] = self._turned_over(off_c, gain, interception)
        return found

    def _turned_over(self, off_c: str, gain: int, interception: bool) -> dict[End, float]:
        at = self._where_turned_over(off_c, gain, interception)
        if isinstance(at, End):
            return {at: 1.0}
        return self._return(self.off.other, *at)

    def _where_turned_over(self, off_c: str, gain: int, interception: bool
                           ) -> End | tuple[int, str | None]:
        """Where the return of a turnover starts and its dice (FR-18: both green after an
        interception), or the touchdown a fumble carried over a goal line already is."""
        spot = self.s.yardline - gain
        if interception:
            return 100 - max(spot, 0), "green"
        if spot <= 0:
            return self._touchdown(self.off, 0)
        if spot >= 100:
            return self._touchdown(self.off.other, 0)
        return 100 - spot, RETURN_DICE[off_c]

    def _return(self, returner: Side, start: int, colour: str | None) -> dict[End, float]:
        """FR-15 (`plays.run_return`): yards on the returner's offensive die, a flag on its
        defensive die (O5 and D5 ignored, FR-24; the rest from the end of the return with the
        returners as the offense, AMB-FR-16)."""
        out: dict[End, float] = defaultdict(float)
        if colour is None:
            out[self._first_down(returner, start)] = 1.0
            return out
        for ret, p in self._yards(colour).items():
            new = start - ret
            if new <= 0:                                   # AMB-FR-7
                out[self._touchdown(returner, 0)] += p
                continue
            for end, pe in self._landing(returner, colour, min(new, 100)):
                out[end] += p * pe
        return out

    def _landing(self, returner: Side, colour: str, new: int) -> list[tuple[End, float]]:
        """A return that ends at `new` (100: in the end zone, a touchback): the ball there,
        or a flag from the returner's defensive die assessed from there."""
        key = (colour, new)
        found = self._landings.get(key)
        if found is not None:
            return found
        out: dict[End, float] = defaultdict(float)
        for after, p in _landing_spots(self.d, colour, new):
            out[self._safety(returner, 0) if after == SAFETY
                else self._first_down(returner, after)] += p
        found = self._landings[key] = list(out.items())
        return found

    def _yards(self, colour: str) -> dict[int, float]:
        found = self._return_yards.get(colour)
        if found is None:
            found = self._return_yards[colour] = yards_chances(self.d.offense[colour])
        return found

    # -- ends --------------------------------------------------------------------------------
    def _end(self, kind: str, ball: Side, yardline: int, down: int, togo: int, moves: int,
             score: dict[Side, int] | None = None) -> End:
        sc = self.s.score if score is None else score
        return End(kind, ball, yardline, down, togo, (sc[HOME], sc[AWAY]), moves)

    def _first_down(self, side: Side, yardline: int) -> End:
        key = (side, yardline)
        found = self._firsts.get(key)
        if found is None:
            found = self._firsts[key] = self._end("scrimmage", side, yardline, 1,
                                                  min(10, yardline), 0)
        return found

    def _touchdown(self, side: Side, moves: int) -> End:
        """FR-31: six points and a try (a kickoff in overtime: the game is over)."""
        key = (side, moves)
        found = self._touchdowns.get(key)
        if found is None:
            score = dict(self.s.score)
            score[side] += 6
            found = self._touchdowns[key] = self._end("extra_point", side, 2, 1, 2, moves, score)
        return found

    def _safety(self, scored_on: Side, moves: int) -> End:
        """FR-33: two points; the team scored on kicks (its punt from the 20 reads as a
        free kick)."""
        score = dict(self.s.score)
        score[scored_on.other] += 2
        return self._end("kickoff", scored_on.other, 75, 1, 10, moves, score)


_SPOTS: Final[dict[DiceSet, dict[tuple[str, int], list[tuple[int, float]]]]] = {}
"""Landing spots by dice set (a few kept: the bundled dice, and a game's own)."""


def _landing_spots(d: DiceSet, colour: str, new: int) -> list[tuple[int, float]]:
    """Where a return that ends at `new` leaves the ball, with its chance: there, or where
    a flag on the returner's `colour` defensive die puts it (SAFETY for a safety). The same
    for every situation, so kept per dice set."""
    spots = _SPOTS.get(d)
    if spots is None:
        if len(_SPOTS) >= 4:
            _SPOTS.clear()
        spots = _SPOTS[d] = {}
    found = spots.get((colour, new))
    if found is not None:
        return found
    at = TOUCHBACK if new >= 100 else new
    die = d.defense[colour]
    flags = sum(f.flag for f in die.faces) / die.sides
    out = [(at, 1 - flags)]
    for code, pc in _by_face(d.penalty).items():
        foul = FOULS[code]
        after = at if code in IGNORED_ON_RETURNS else enforce(at, foul)
        moved = abs(after - at) if after != SAFETY else 100 - at
        if not takes_penalty({"accept_yards": moved, "decline_yards": 0}):
            after = at
        out.append((after, flags * pc))
    found = spots[(colour, new)] = out
    return found


def _moved(end: End, moves: int) -> End:
    """`end` with the marker moved `moves` more spaces."""
    return end._replace(moves=end.moves + moves) if moves else end


def end_position(g: RollGame, end: End) -> Position:
    """The `Position` an end leaves the game in (FR-39: any score ends overtime)."""
    now = position(g)
    score = {HOME: end.score[0], AWAY: end.score[1]}
    after = replace(now, kind=end.kind, ball=end.ball, score=score, yardline=end.yardline,
                    down=end.down, ydstogo=end.togo)
    if g.s.period > 2 and score[HOME] != score[AWAY]:
        return replace(after, over=True)
    return marker_moved(g, end.moves, after)


Cell = tuple[str, str, bool]
"""A payoff entry: the offense's colour, "matched" or "unmatched", and the long bomb."""


def _cell_values(g: RollGame, model: DownModel, tables: Tables,
                 ends: dict[Cell, tuple[dict[End, float], dict[Turnover, float]]],
                 unit: str) -> dict[Cell, float]:
    """Each entry's ends valued for the offense on the tables (`unit`: "wp" or "ep"), each end
    and each turnover valued once whichever entries share it."""
    off = g.s.possession
    memo: dict[End, float] = {}
    lost: dict[Turnover, float] = {}
    landings: dict[tuple[str, int, int], float] = {}

    def value(end: End) -> float:
        v = memo.get(end)
        if v is None:
            v = memo[end] = position_value(tables, end_position(g, end), off, unit)
        return v

    def cell_value(direct: dict[End, float], turnovers: dict[Turnover, float]) -> float:
        total = 0.0
        for end, p in direct.items():
            total += p * value(end)
        for key, p in turnovers.items():
            v = lost.get(key)
            if v is None:
                v = lost[key] = model.turnover_worth(key, value, landings)
            total += p * v
        return total

    return {key: cell_value(*split) for key, split in ends.items()}


NO_BOMB: Final[Cell] = ("green", "unmatched", False)
BOMB: Final[Cell] = ("green", "unmatched", True)


def payoffs(g: RollGame, tables: Tables) -> RollPayoffs:
    """The 3 x 3 matrix of the down about to be called, in win probability for the offense,
    or in expected points when no pair moves the win probability by `FLAT_WP`."""
    model = DownModel(g)
    off = g.s.possession
    ends = {(o, "matched" if o == d else "unmatched", False): model.split_ends(o, d)
            for o in COLORS for d in COLORS if o == d or d == _other(o)}
    ends[BOMB] = model.split_ends("green", "red", bomb=True)

    def values(unit: str) -> tuple[tuple[tuple[float, ...], ...], float, float]:
        cell = _cell_values(g, model, tables, ends, unit)
        no_bomb, bomb = cell[NO_BOMB], cell[BOMB]
        cell[NO_BOMB] = max(no_bomb, bomb)
        rows = tuple(tuple(cell[(o, "matched" if o == d else "unmatched", False)]
                           for d in COLORS) for o in COLORS)
        return rows, no_bomb, bomb

    rows, no_bomb, bomb = values("wp")
    unit = "wp"
    if flat(v for row in rows for v in row):
        rows, no_bomb, bomb = values("ep")
        unit = "ep"
    before = position_value(tables, position(g), off, unit)
    return RollPayoffs(Payoffs(COLORS, COLORS, rows, unit, before), no_bomb, bomb)


def long_bomb(g: RollGame, tables: Tables) -> tuple[float, float, str]:
    """FR-18 alone: the offense's green against another colour without and with the long
    bomb (the two values `payoffs` builds its green entry from, without the other seven),
    in win probability, or in expected points where the two are within `FLAT_WP`."""
    model = DownModel(g)
    ends = {NO_BOMB: model.split_ends("green", "red"),
            BOMB: model.split_ends("green", "red", bomb=True)}
    unit = "wp"
    cell = _cell_values(g, model, tables, ends, unit)
    if flat((cell[BOMB], cell[NO_BOMB])):
        unit = "ep"
        cell = _cell_values(g, model, tables, ends, unit)
    return cell[NO_BOMB], cell[BOMB], unit


def _other(colour: str) -> str:
    """Any colour but `colour`: an unmatched pair's value does not depend on which."""
    return "yellow" if colour == "red" else "red"
