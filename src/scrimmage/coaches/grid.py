"""Computer coaches for The Grid.

`SensibleCoach` (also registered as `solitaire`, the name the CLI uses by default) calls plays
an ordinary coach would: it mixes its calls so the defense cannot read it, favours its better
ball-carriers, passes when far from the marker, kicks field goals on fourth down when the
kicker's odds are good (a d-k kicker makes a kick of b boxes with probability ((k-1)/k)^b),
burns cards when ahead and saves them when behind, calls timeouts late when trailing and re-rolls
bad results after its own timeout, and buys a re-roll with a timeout it could not spend on the
clock any more. It sets its eight (GRID-8) before the toss and changes them at the breaks
(GRID-53) when the score or the teams on the board make another lineup clearly better: see
`best_change`. `RandomCoach` answers uniformly among the legal options, for
fuzzing. Both draw chance from their own seeded `Dice`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from scrimmage.core.compiled import mypyc_attr
from scrimmage.core.decisions import (
    K_OVERTIME_TOSS,
    K_PLAY_CALL,
    K_REROLL,
    K_SNAP,
    K_SUBSTITUTION,
    K_TIMEOUT,
    K_TIMING_CARDS,
    Decision,
    Kind,
)
from scrimmage.core.dice import SeededDice
from scrimmage.rules.grid.cards import Player
from scrimmage.rules.grid.game import GridView
from scrimmage.rules.grid.lineup import ELIGIBLE, SLOTS
from scrimmage.rules.grid.table_lookup import Tables

CARRIER_SLOT: Final = {"hb": "HB", "le": "LE", "re": "RE"}
PLAY_WEIGHT: Final = {"run_inside": 5, "run_outside": 3, "flat_pass": 4, "short_pass": 4, "long_pass": 2}


DEFENSE_GUESS: Final = [("run_inside", 5), ("run_outside", 3), ("flat_pass", 4), ("short_pass", 4),
                        ("long_pass", 2)]
"""What the defense guesses, with weights; the long pass last (none inside the 4th box)."""
DEFENSE_GUESS_LONG: Final = [(p, w * (2 if "pass" in p else 1)) for p, w in DEFENSE_GUESS]
"""The same, far from the marker: passes twice as likely."""


_CARD_PARTS: Final[dict[str, tuple[str, str, bool]]] = {}
_MEAN_LOWER: Final[dict[tuple[int, int], float]] = {}
# Memos as plain dicts, not `functools.cache`: a compiled caller reads a cache object through
# the module's globals and calls it as a Python object; a dict it reads as a static.


def card_parts(card: str) -> tuple[str, str, bool]:
    """An offensive play card ("short_pass_le"): its play, its carrier's slot, whether a run
    (read once per card: the inner coach of a smart fourth down calls hundreds a choice)."""
    parts = _CARD_PARTS.get(card)
    if parts is None:
        play, _, carrier = card.rpartition("_")
        parts = _CARD_PARTS[card] = (play, CARRIER_SLOT[carrier], play.startswith("run"))
    return parts


def fg_chance(kicking: int, boxes: int) -> float:
    return float(((kicking - 1) / kicking) ** boxes)


@mypyc_attr(allow_interpreted_subclasses=True)  # a coach is a public base class
class SensibleCoach:
    """Ordinary football sense for every decision of The Grid."""

    def __init__(self, seed: int) -> None:
        self.dice = SeededDice(seed)

    def sync(self, decision: Decision, view: GridView) -> None:
        self.decide(decision, view)

    def lets_pass(self, kind: Kind, item: str, v: GridView) -> bool:
        """The fast path (scrimmage.core.fastpath): the lineup kept unless `substitution`
        would change it; no timeout unless `timeout` would call one ("cards": it would stop
        the extra cards; "after": after a kick, score or turnover)."""
        if kind is K_SUBSTITUTION:       # `item` is the reason: "start" or "break"
            return best_change(v.own, lineup_weights(v, item), item) is None
        if kind is not K_TIMEOUT:
            return False
        return not self.wants_timeout(item == "cards", v)

    def decide(self, decision: Decision, view: GridView) -> str:
        handler = _HANDLERS.get(decision.kind)
        answer = handler(self, decision, view) if handler is not None else decision.options[0]
        return answer if answer in decision.options else decision.options[0]

    def _weighted(self, items: list[tuple[str, int]]) -> str:
        total = sum(w for _, w in items)
        r = self.dice.roll(total)
        for item, w in items:
            r -= w
            if r <= 0:
                return item
        return items[-1][0]

    def snap(self, d: Decision, v: GridView) -> str:
        lineup = v.own.lineup
        best = max(("hb", "le", "re"), key=lambda c: lineup[CARRIER_SLOT[c]].kicking)
        p = fg_chance(lineup[CARRIER_SLOT[best]].kicking, v.ball)
        fg = f"field_goal_{best}"
        last_chance = v.cards_left <= 2 and (v.period == 1 or -3 <= v.margin <= 0)
        if last_chance and p >= 0.25:
            return fg
        if v.down == 4 and (p >= 0.55 or (p >= 0.35 and v.to_go >= 2)):
            return fg
        return "play"

    def play_call(self, d: Decision, v: GridView) -> str:
        lineup = v.own.lineup if v.on_offense else v.opponent.lineup
        to_go = v.to_go
        if d.info.get("side") == "offense":
            items = []
            for card in d.options:
                play, slot, run = card_parts(card)
                runner = lineup[slot]
                w = PLAY_WEIGHT[play] * (runner.run_yards if run else runner.pass_yards)
                if (to_go >= 3 and not run) or (to_go <= 1 and run):
                    w *= 2
                items.append((card, w))
            return self._weighted(items)
        # defense: guess the play, key on the likeliest carrier half the time
        plays = DEFENSE_GUESS_LONG if to_go >= 3 else DEFENSE_GUESS
        if v.ball <= 3:
            plays = plays[:-1]          # no long pass this near the goal line
        play = self._weighted(plays)
        r = self.dice.roll(4)
        if r <= 2:
            if play == "run_inside":
                key = "hb"
            else:
                run = play.startswith("run")
                key = max(("hb", "le", "re"), key=lambda c: lineup[CARRIER_SLOT[c]].run_yards
                          if run else lineup[CARRIER_SLOT[c]].pass_yards)
        elif r == 3:
            key = "nokey"
        else:
            key = ("hb", "le", "re")[self.dice.roll(3) - 1]
        return f"{play}_{key}"

    def timeout(self, d: Decision, v: GridView) -> str:
        return "timeout" if self.wants_timeout(bool(d.info.get("stops_cards", True)), v) else "no"

    def wants_timeout(self, stops_cards: bool, v: GridView) -> bool:
        """A timeout now (`stops_cards`: it would stop the extra cards, GRID-52)."""
        if not stops_cards:
            # after a kick, a score or a turnover a timeout stops nothing: only the re-roll
            # (GRID-28) is gained, worth it with timeouts the clock cannot use any more
            return bool(v.period >= 2 and v.timeouts > timeouts_needed(v))
        late = v.period >= 2 and v.cards_left <= LATE_CARDS
        if late and v.margin < 0 and (v.on_offense or v.margin >= -16):
            return True
        return bool(v.period == 1 and v.on_offense and v.cards_left <= 3 and v.ball <= 6)

    def timing_cards(self, d: Decision, v: GridView) -> str:
        return "two" if v.margin > 0 else "one"

    def reroll(self, d: Decision, v: GridView) -> str:
        result = d.info.get("chart_result")
        if d.info.get("offense"):
            return "reroll" if result in ("NG", "Inc") else "keep"
        return "reroll" if result in ("Dice +5", "Dice +15") else "keep"

    def overtime_toss(self, d: Decision, v: GridView) -> str:
        return "receive"               # the first possession of a short period is worth more

    def substitution(self, d: Decision, v: GridView) -> str:
        if d.info.get("item") != "lineup":
            return d.options[0]        # an injury: the best eligible reserve
        reason = str(d.info.get("reason", "break"))
        change = best_change(v.own, lineup_weights(v, reason), reason)
        return "keep" if change is None else change


_HANDLERS: Final[dict[Kind, Any]] = {
    K_OVERTIME_TOSS: SensibleCoach.overtime_toss,
    K_SNAP: SensibleCoach.snap,
    K_PLAY_CALL: SensibleCoach.play_call,
    K_TIMEOUT: SensibleCoach.timeout,
    K_TIMING_CARDS: SensibleCoach.timing_cards,
    K_REROLL: SensibleCoach.reroll,
    K_SUBSTITUTION: SensibleCoach.substitution,
}


# -- timeouts (GRID-12, GRID-28) ------------------------------------------------------------
LATE_CARDS: Final = 8
"""From here on a trailing coach stops the deck after every play (`timeout`)."""


def timeouts_needed(v: GridView) -> int:
    """Timeouts the coach may still want for the clock this period: trailing, one a play in
    the last LATE_CARDS cards (a play with a timeout takes one card); ahead, a few in case
    the lead goes. The rest may buy re-rolls."""
    keep = LATE_CARDS if v.margin <= 0 else 3 if v.margin < 8 else 1
    return min(int(v.cards_left), keep)


# -- the lineup (GRID-8, GRID-53) ----------------------------------------------------------
MIN_GAIN: Final = {"start": 0.001, "break": 0.12}
"""How much better (in `lineup_value` points) a change must make the lineup: before the game
any gain will do; at a break a benched starter is gone for good (GRID-53), so only a clear one."""


def lineup_weights(v: GridView, reason: str) -> tuple[float, float, float]:
    """(run, pass, defense): what the coach wants from his eight now. A weak enemy defense
    against runs or passes draws that kind of play; at a break a big deficit asks for passing,
    a big lead for running and defense."""
    opp = v.opponent.lineup
    run = 1.0 + 0.15 * opp.run_def_mod
    pas = 1.0 + 0.15 * opp.pass_def_mod
    defense = 1.0
    if reason == "break" and v.margin <= -8:
        pas += 0.5
    elif reason == "break" and v.margin >= 8:
        run += 0.3
        defense += 0.3
    return run, pas, defense


def expected_min(a: int, b: int) -> float:
    """The mean of the lower of a d`a` and a d`b` (the yardage of GRID-27)."""
    mean = _MEAN_LOWER.get((a, b))
    if mean is None:
        mean = _MEAN_LOWER[(a, b)] = sum((a - k + 1) / a * (b - k + 1) / b
                                         for k in range(1, min(a, b) + 1))
    return mean


def lineup_value(players: list[Player], tables: Tables, w: tuple[float, float, float]) -> float:
    """A rough worth of an eight in the slot order of SLOTS: yards from the lower of the two
    yardage dice (HB runs both ways, the ends only outside; the HB catches no long pass), the
    QB's ratings, losses on clubs, turnovers, and the defense modifiers (GRID-9, GRID-10)."""
    qb, hb, le, re_ = players[:4]
    lns, defenders = players[4:7], players[1:]
    rbd: int = tables.blocking[min(99, sum(p.run_blocking for p in lns))]      # GRID-9
    pbd: int = tables.blocking[min(99, sum(p.pass_blocking for p in lns))]
    run_def: int = tables.defense[min(99, sum(p.run_defense for p in defenders))]   # GRID-10
    pass_def: int = tables.defense[min(99, sum(p.pass_defense for p in defenders))]
    run = (2 * expected_min(hb.run_yards, rbd) + 0.5 * expected_min(le.run_yards, rbd)
           + 0.5 * expected_min(re_.run_yards, rbd)) / 3 - 0.5 / rbd - 0.5 / hb.fumble
    catch = (0.6 * expected_min(qb.pass_yards, hb.pass_yards)
             + expected_min(qb.pass_yards, le.pass_yards)
             + expected_min(qb.pass_yards, re_.pass_yards)) / 2.6
    pas = (catch + 0.15 * (qb.flat + qb.short + qb.long) - 1.0 / pbd - 0.5 / qb.interception
           - 0.25 / le.fumble - 0.25 / re_.fumble)
    defense = -0.3 * (run_def + pass_def)
    kick = 0.05 * max(hb.kicking, le.kicking, re_.kicking)
    return w[0] * run + w[1] * pas + w[2] * defense + kick


def _fits(player: Player, slot: str) -> bool:
    return not player.makeshift and player.kind in ELIGIBLE[slot]


def _moves(players: list[Player], reserves: list[Player]) -> list[tuple[str, list[Player]]]:
    """Every single change of the lineup (as `injuries.lineup_options` offers them): the
    answer and the eight after it."""
    out = []
    for i, slot in enumerate(SLOTS):
        here = players[i]
        for r in reserves:
            if r.kind in ELIGIBLE[slot]:
                after = players.copy()
                after[i] = r
                out.append((f"{slot}:{r.name}", after))
        for j in range(i + 1, len(SLOTS)):
            mover = players[j]
            if _fits(mover, slot) and _fits(here, SLOTS[j]):
                after = players.copy()
                after[i], after[j] = mover, here
                out.append((f"{slot}:{mover.name}", after))
    return out


def best_change(own: Any, w: tuple[float, float, float], reason: str) -> str | None:
    """The one change that makes the lineup worth most, if it gains at least MIN_GAIN (None:
    keep). Asked again after each change, this climbs to the best lineup it can reach."""
    return _best_change(own.lineup.tables, tuple(own.lineup.players), tuple(own.reserves), w,
                        reason)


@lru_cache(maxsize=4096)
def _best_change(tables: Tables, players: tuple[Player, ...], reserves: tuple[Player, ...],
                 w: tuple[float, float, float], reason: str) -> str | None:
    # Cached: the cards never change (a player moved out of position is a new card), and a
    # series replays the same teams' start and break lineups game after game; the climb was a
    # quarter of a batch game's time.
    floor = lineup_value(list(players), tables, w) + MIN_GAIN[reason]
    best: tuple[float, str] | None = None
    for answer, after in _moves(list(players), list(reserves)):
        worth = lineup_value(after, tables, w)
        if worth > floor and (best is None or worth > best[0]):
            best = (worth, answer)
    return None if best is None else best[1]
