"""Computer coaches for The Grid.

`SensibleCoach` (also registered as `solitaire`, the name the CLI uses by default) calls plays
an ordinary coach would: it mixes its calls so the defense cannot read it, favours its better
ball-carriers, passes when far from the marker, kicks field goals on fourth down when the
kicker's odds are good (a d-k kicker makes a kick of b boxes with probability ((k-1)/k)^b),
burns cards when ahead and saves them when behind, calls timeouts late when trailing and re-rolls
bad results after its own timeout. `RandomCoach` answers uniformly among the legal options, for
fuzzing. Both draw chance from their own seeded `Dice`.
"""

from __future__ import annotations

from typing import Any

from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import SeededDice

CARRIER_SLOT = {"hb": "HB", "le": "LE", "re": "RE"}
PLAY_WEIGHT = {"run_inside": 5, "run_outside": 3, "flat_pass": 4, "short_pass": 4, "long_pass": 2}


def fg_chance(kicking: int, boxes: int) -> float:
    return float(((kicking - 1) / kicking) ** boxes)


class SensibleCoach:
    """Ordinary football sense for every decision of The Grid."""

    def __init__(self, seed: int) -> None:
        self.dice = SeededDice(seed)

    def sync(self, decision: Decision, view: Any) -> None:
        self.decide(decision, view)

    def decide(self, decision: Decision, view: Any) -> str:
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

    def snap(self, d: Decision, v: Any) -> str:
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

    def play_call(self, d: Decision, v: Any) -> str:
        lineup = v.own.lineup if v.on_offense else v.opponent.lineup
        if d.info.get("side") == "offense":
            items = []
            for card in d.options:
                play, _, carrier = card.rpartition("_")
                runner = lineup[CARRIER_SLOT[carrier]]
                die = runner.run_yards if play.startswith("run") else runner.pass_yards
                w = PLAY_WEIGHT[play] * die
                if v.to_go >= 3 and not play.startswith("run"):
                    w *= 2
                if v.to_go <= 1 and play.startswith("run"):
                    w *= 2
                items.append((card, w))
            return self._weighted(items)
        # defense: guess the play, key on the likeliest carrier half the time
        plays = [("run_inside", 5), ("run_outside", 3), ("flat_pass", 4), ("short_pass", 4),
                 ("long_pass", 2 if v.ball > 3 else 0)]
        if v.to_go >= 3:
            plays = [(p, w * (2 if "pass" in p else 1)) for p, w in plays]
        play = self._weighted([(p, w) for p, w in plays if w])
        r = self.dice.roll(4)
        if r <= 2:
            key = max(("hb", "le", "re"), key=lambda c: lineup[CARRIER_SLOT[c]].run_yards
                      if play.startswith("run") else lineup[CARRIER_SLOT[c]].pass_yards)
            if play == "run_inside":
                key = "hb"
        elif r == 3:
            key = "nokey"
        else:
            key = ("hb", "le", "re")[self.dice.roll(3) - 1]
        return f"{play}_{key}"

    def timeout(self, d: Decision, v: Any) -> str:
        late = v.period >= 2 and v.cards_left <= 8
        if late and v.margin < 0 and (v.on_offense or v.margin >= -16):
            return "timeout"
        if v.period == 1 and v.on_offense and v.cards_left <= 3 and v.ball <= 6:
            return "timeout"
        return "no"

    def timing_cards(self, d: Decision, v: Any) -> str:
        return "two" if v.margin > 0 else "one"

    def reroll(self, d: Decision, v: Any) -> str:
        result = d.info.get("result")
        if d.info.get("offense"):
            return "reroll" if result in ("NG", "Inc") else "keep"
        return "reroll" if result in ("Dice +5", "Dice +15") else "keep"

    def substitution(self, d: Decision, v: Any) -> str:
        return d.options[0]            # the best reserve (injury), or keep (a break)


_HANDLERS: dict[Kind, Any] = {
    Kind.SNAP: SensibleCoach.snap,
    Kind.PLAY_CALL: SensibleCoach.play_call,
    Kind.TIMEOUT: SensibleCoach.timeout,
    Kind.TIMING_CARDS: SensibleCoach.timing_cards,
    Kind.REROLL: SensibleCoach.reroll,
    Kind.SUBSTITUTION: SensibleCoach.substitution,
}
