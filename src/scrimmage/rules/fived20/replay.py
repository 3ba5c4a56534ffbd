"""Replay ratings at the table (house rules, `charts.Replay`): each is a chance in
thousandths read on a d1000, rolled only when a rating applies, so a chart without them (or
a game with `-o replay_ratings=false`) throws the book's dice and nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from scrimmage.rules.fived20 import timing
from scrimmage.rules.fived20.chart_play import TeamChart

if TYPE_CHECKING:
    from scrimmage.rules.fived20.game import FiveD20Game

D1000: Final = 1000
RED_ZONE: Final = 20
RED_ZONE_WIDEN: Final = 50
RED_ZONE_MAX_EDGE: Final = 40
"""The red-zone rule acts from the opponent's 20 in; a sum past 1000 either way widens the
zone a yard for every 50 more (the chance stays 1000 of 1000), to the opponent's 40, for
the teams whose finishing is out of the 20-yard zone's reach (as the Legends rating)."""
THIRD_DOWN_REACH: Final = 10
THIRD_DOWN_WIDEN: Final = 100
"""The third-down rule reads a 3rd or 4th down run or catch that ends within 10 yards of the
line to gain (short of it or past it), outside the red-zone rule's zone; a sum past 1000
either way reads a yard farther for every 100 more (the chance stays 1000 of 1000)."""
THIRD_DOWN_SPILL_UP: Final = 0.5
THIRD_DOWN_SPILL_DOWN: Final = 1.25
"""The part of a third-down sum past 1000 also adds to the red-zone sum: 0.5 red-zone
thousandths a third-down one above 0, 1.25 below. Measured on the league-average 2016 chart
(800 games each, benchmarks/results/fived20_fidelity.md) so that a sum of two numbers
moves the points about as much as the two numbers did apart: +1000 alone +4.3 points a game,
+1000 and +1000 with these +8.3, +1000 and +500 +6.6; -1000 alone -5.8, -1000 and -1000
-10.7 (the negative side's red-zone stop saturates, more spill takes no more). Above 0 the
red-zone sum past 1000 widens a zone where short gains score, worth more a thousandth than
the stop a yard short below 0, hence the smaller exchange.

Why past 1000 at all: a chart's numbers are calibrated against the league-average chart,
which carries none, so there each side's number acts alone; two built charts' numbers add,
and an offense at -1000 (2016 Bears, Redskins) against a defense at -812 (Giants) summed to
-1812, which the d1000 read as -1000: the offense scored about 4-5 points a game more than
its number and the defense's were calibrated for (head-to-head against the additive
expectation, benchmarks/results/fived20_fidelity.md). The d1000 is saturated there, so the
rest reads farther from the line and spills into the other finishing rule, as the builder
hands what one number cannot take to the other (`fived20_replay._finishing`). A built
chart's own numbers stay within +-1000 (third down) and +-500 (red zone), so against the
league-average chart nothing here changes and the calibration stands."""


def _on(g: FiveD20Game, per_mille: int) -> bool:
    """A d1000 at most `|per_mille|` (the caller has checked the sign)."""
    value: int = g.dice.roll(D1000)
    g.reads.name("d1000")
    return value <= abs(per_mille)


def run_call(g: FiveD20Game, o: TeamChart, is_run: bool) -> bool:
    """A system call after the red die: a positive rating turns passes into runs, a negative
    one runs into passes."""
    if not g.replay_ratings or o.replay is None:
        return is_run
    r = o.replay.run_call
    if r > 0 and not is_run:
        return _on(g, r)
    if r < 0 and is_run:
        return not _on(g, r)
    return is_run


def _sum(g: FiveD20Game, o: TeamChart, d: TeamChart, off_key: str, def_key: str) -> int:
    if not g.replay_ratings:
        return 0
    total = 0
    if o.replay is not None:
        total += getattr(o.replay, off_key)
    if d.replay is not None:
        total += getattr(d.replay, def_key)
    return total


def sack(g: FiveD20Game, o: TeamChart, d: TeamChart, result: str) -> str:
    """A pass's QB or receiver result: more sacks (any result but a sack or a scramble
    becomes a sack) or fewer (a sack becomes a throw-away)."""
    total = _sum(g, o, d, "sack", "def_sack")
    if total > 0 and result not in ("SCK", "SCR") and _on(g, total):
        return "SCK"
    if total < 0 and result == "SCK" and _on(g, total):
        return "INC"
    return result


def interception(g: FiveD20Game, o: TeamChart, d: TeamChart, picked: bool) -> bool:
    """An incompletion (dropped, thrown away or knocked down) or an interception: more picks
    or fewer."""
    total = _sum(g, o, d, "interception", "def_interception")
    if total > 0 and not picked:
        return _on(g, total)
    if total < 0 and picked:
        return not _on(g, total)
    return picked


def red_zone(g: FiveD20Game, o: TeamChart, d: TeamChart, yards: int) -> int:
    """Inside the opponent's 20, a run or a catch: a positive sum takes one that stops short
    of the goal line all the way; a negative one stops a 3rd or 4th down play that reaches
    the line to gain a yard short of it. The sum carries a third-down sum's part past 1000
    (`THIRD_DOWN_SPILL_UP` / `_DOWN`)."""
    line: int = g.yardline
    if line > RED_ZONE_MAX_EDGE:
        return yards
    total = _red_zone_sum(g, o, d)
    if line > _edge(total):
        return yards
    if total > 0 and 0 < yards < line and _on(g, total):
        return line
    if total < 0 and g.down >= 3 and yards >= g.ydstogo and _on(g, total):
        return int(g.ydstogo) - 1
    return yards


def _edge(total: int) -> int:
    """The red-zone rule's zone for a sum of red-zone numbers: the opponent's 20, wider
    past 1000."""
    return RED_ZONE + max(0, abs(total) - D1000) // RED_ZONE_WIDEN


def third_down(g: FiveD20Game, o: TeamChart, d: TeamChart, yards: int) -> int:
    """A 3rd or 4th down run or catch outside the red-zone rule's zone that ends within
    `THIRD_DOWN_REACH` yards of the line to gain (farther past a sum of 1000, `_reach`): a
    positive sum takes one that stops short to the line (a first down); a negative one stops
    one that reaches it a yard short."""
    if g.down < 3:
        return yards
    total = _sum(g, o, d, "third_down", "def_third_down")
    if total == 0:
        return yards
    line: int = g.yardline
    togo = int(g.ydstogo)
    if line <= _edge(_red_zone_sum(g, o, d)) or togo >= line:
        return yards
    reach = _reach(total)
    if total > 0 and togo - reach <= yards < togo and _on(g, total):
        return togo
    if total < 0 and togo <= yards < togo + reach and _on(g, total):
        return togo - 1
    return yards


def _reach(total: int) -> int:
    """How far from the line to gain the third-down rule reads for a sum of third-down
    numbers: `THIRD_DOWN_REACH`, farther past 1000."""
    return THIRD_DOWN_REACH + max(0, abs(total) - D1000) // THIRD_DOWN_WIDEN


def _red_zone_sum(g: FiveD20Game, o: TeamChart, d: TeamChart) -> int:
    """The sum the red-zone rule reads: the two red-zone numbers, and the part of the
    third-down sum past 1000 in red-zone thousandths (`THIRD_DOWN_SPILL_UP` / `_DOWN`)."""
    td = _sum(g, o, d, "third_down", "def_third_down")
    past = max(0, abs(td) - D1000)
    spill = (round(past * THIRD_DOWN_SPILL_UP) if td > 0
             else -round(past * THIRD_DOWN_SPILL_DOWN))
    return _sum(g, o, d, "red_zone", "def_red_zone") + spill


def tempo(g: FiveD20Game, o: TeamChart, seconds: int) -> int:
    """D20-43 with the offense's tempo rating: a running-clock play (40 seconds) takes 40
    plus the rating; a stopped clock stops it whatever the pace. No die is thrown, so a
    chart without the rating (or `-o replay_ratings=false`) plays the book's clock and dice."""
    if seconds != timing.RUNNING or not g.replay_ratings or o.replay is None:
        return seconds
    return seconds + o.replay.tempo
