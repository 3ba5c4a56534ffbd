"""The assistant's reasoning for a pending decision (`scrimmage play --advise`, the web page's
advice panel; issue 20).

For a Legends play call: the equilibrium mix of the exact payoff matrix, and what each card
earns against the other side's equilibrium. For a fourth down (or a kick, a try, a kickoff):
the win probability of each option, as the smart coach values it. The person still chooses:
the advice draws no dice of the game or of the assistant (its samples use a seed taken from
the position, so the same question always gets the same advice).

A 1st & Roll die choice and a Grid play card get the same as a Legends play call, from the
matrices of `coaches/roll_payoffs.py` and `coaches/grid_payoffs.py`. 5D20, The Grid and
1st & Roll get the win probabilities of those choices (5D20's system calls the plays, D20-12);
The Grid's extra cards and a 1st & Roll timeout or clock run-out too, read on the tables, and
a Grid re-roll (GRID-28) and a 1st & Roll long bomb (FR-18), computed exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scrimmage.core.decisions import Decision, Kind

LEGENDS = ("legends-hs", "legends-college", "legends-pro")
OTHERS = ("5d20", "grid", "1st-and-roll")


@dataclass(frozen=True)
class Line:
    option: str
    value: float
    mix: float | None = None
    how: str = ""


@dataclass(frozen=True)
class Advice:
    """What the assistant shows: a title, the unit of `value`, a line per option (the best
    first for the side that asks) and the option it recommends."""

    title: str
    unit: str
    lines: tuple[Line, ...]
    recommended: str
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "unit": self.unit, "recommended": self.recommended,
                "note": self.note,
                "lines": [{"option": ln.option, "value": ln.value, "mix": ln.mix,
                           "how": ln.how, "text": value_text(ln.value, self.unit)}
                          for ln in self.lines]}


def value_text(value: float, unit: str) -> str:
    if unit == "wp":
        return f"{100 * value:.2f}%"
    if unit == "ep":
        return f"{value:+.2f} pts"
    return f"{value:.2f} pts"


def advise(rules: str, decision: Decision, view: Any) -> Advice | None:
    """The advice for this decision, or None where there is none."""
    if rules not in (*LEGENDS, *OTHERS):
        return None
    if decision.kind is Kind.PLAY_CALL and rules in LEGENDS:
        return _play_call(rules, decision, view)
    if (decision.kind is Kind.PLAY_CALL and rules in ("1st-and-roll", "grid")
            and not decision.info.get("two_point")):
        return _play_call(rules, decision, view)
    if decision.kind in (Kind.SNAP, Kind.TRY, Kind.KICKOFF) or (
            rules in OTHERS[1:] and decision.kind in (Kind.TIMING_CARDS, Kind.RUN_CLOCK,
                                                      Kind.LONG_BOMB, Kind.REROLL)):
        return _choice(rules, decision, view)
    return None


def _play_call(rules: str, d: Decision, view: Any) -> Advice:
    from scrimmage.core.ruleset import find_ruleset

    coach: Any = find_ruleset(rules).default_coach("equilibrium", 0)
    advice = coach.solved(d, view)
    values = advice.card_values()
    mix = advice.mix()
    offense = advice.offense
    unit = advice.payoffs.unit
    order = sorted(values, key=lambda c: -values[c] if offense else values[c])
    whose = {"wp": "the offense's win probability", "ep": "the offense's expected points",
             "points": "the two-point try's expected points"}[unit]
    how: dict[str, str] = {}
    bombs = getattr(coach, "bombs", None)
    if offense and bombs is not None:           # 1st & Roll, FR-18
        how["green"] = ("with the long bomb when they show another colour"
                        if bombs.bomb > bombs.no_bomb else "no long bomb")
    return Advice(
        title=f"Equilibrium of the exact payoffs ({whose}, against their best mix)",
        unit=unit,
        lines=tuple(Line(c, values[c], mix[c], how.get(c, "")) for c in order),
        recommended=max(mix, key=lambda c: mix[c]),
        note=("Call from the mix: any call with a share earns the game's value against their "
              "best mix; a call without one earns less." if offense else
              "Call from the mix: the offense's value is lowest against it."))


def _choice(rules: str, d: Decision, view: Any) -> Advice | None:
    # The samples' seed comes from the position, so the same question gets the same advice.
    values = _smart(rules, len(view.table.plays) * 131 + _clock(view)).values(d, view)
    if values is None:
        return None
    order = sorted(values.values, key=lambda k: -values.values[k])
    title = ("Win probability of each choice" if values.unit == "wp" else
             "Expected points of each choice (the win probability is flat)")
    return Advice(title=title, unit=values.unit,
                  lines=tuple(Line(k, values.values[k], how=values.how.get(k, ""))
                              for k in order),
                  recommended=order[0])


def _clock(view: Any) -> int:
    """A number that tells the clock of the game: seconds, the Roll marker's space, the
    Grid's cards left."""
    if hasattr(view, "cards_left"):
        return int(view.cards_left)
    if hasattr(view, "space"):
        return int(view.space)
    return int(view.table.clock.seconds_left)


def _smart(rules: str, seed: int) -> Any:
    from scrimmage.coaches.smart import FiveD20SmartCoach, SmartCoach

    if rules in LEGENDS:
        return SmartCoach(seed, rules)
    if rules == "grid":
        from scrimmage.coaches.smart_grid import GridSmartCoach

        return GridSmartCoach(seed, rules)
    if rules == "1st-and-roll":
        from scrimmage.coaches.smart_roll import RollSmartCoach

        return RollSmartCoach(seed, rules)
    return FiveD20SmartCoach(seed, rules)


def advice_lines(rules: str, decision: Decision, view: Any,
                 labels: dict[str, str]) -> list[str]:
    """The advice as lines of text for the terminal, options named by `labels`."""
    advice = advise(rules, decision, view)
    return [] if advice is None else advice_text(advice, labels)


def advice_text(advice: Advice, labels: dict[str, str]) -> list[str]:
    """Advice already worked out, as lines of text, options named by `labels`."""
    out = [f"Assistant: {advice.title}"]
    for ln in advice.lines:
        share = f"  mix {100 * ln.mix:4.1f}%" if ln.mix is not None else ""
        how = f"  ({ln.how})" if ln.how else ""
        star = " *" if ln.option == advice.recommended else ""
        out.append(f"  {labels.get(ln.option, ln.option):<22} {value_text(ln.value, advice.unit):>10}"
                   f"{share}{how}{star}")
    if advice.note:
        out.append(f"  {advice.note}")
    return out
