"""The as-coached coach (issue 38): calls like the real staff of the team on its sheet.

`--coach as-coached` (Football Legends pro, 5D20) looks the sheet's team up in the bundled
tendencies (`coaches.tendencies`: NFL 2009-2019) and, with the real frequencies of the
snap's cell (`coaches.tendency_bins`):
- on offense chooses run or pass; Legends then draws a card of that family as the solitaire
  coach does, and audibles only within it; 5D20 calls `run` or `pass` instead of the system;
- on fourth down goes for it, punts or kicks; at the try kicks or goes for two;
- with the ball deep in its own end in the last minute of the first half, kneels or plays.
Everything else (defense, clock and timeouts, which the feed does not credit to a team,
penalties, kicks, overtime) is the ruleset's solitaire coach. A choice the rules do not
offer now is dropped and the draw made among the legal ones. Chance comes from the coach's
own seeded dice, as the solitaire coach's does.
"""

from __future__ import annotations

from typing import Any

from scrimmage.coaches.fived20 import SystemCoach
from scrimmage.coaches.legends import BEST_ANSWER, PASS_CARDS, RUN_CARDS, SolitaireCoach
from scrimmage.coaches.tendencies import Tendencies, find
from scrimmage.coaches.tendency_bins import fourth_cell, kneel_half_spot, run_cell, two_cell
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import SeededDice

SNAP_ANSWER = {"go": "play", "punt": "punt", "fg": "field_goal"}


class _Calls:
    """The draws both rulesets share: the team's tendencies, read from the view once."""

    dice: SeededDice
    _tendencies: dict[str, Tendencies]
    RULES = ""
    """The ruleset whose fitted tilts lean the team's rates (`tendencies.Tilt`)."""

    def tendencies(self, name: str, season: int | None, code: str | None) -> Tendencies:
        # Keyed by name: a coach object may be handed both seats (`{HOME: c, AWAY: c}`).
        t = self._tendencies.get(name)
        if t is None:
            t = self._tendencies[name] = find(name, season, code, rules=self.RULES)
        return t

    def wants_run(self, t: Tendencies, v: Any) -> bool:
        cell = run_cell(v.down, v.ydstogo, v.yardline, v.quarter, v.seconds_left, v.margin)
        return self.dice.roll(1000) <= t.run(cell)

    def at_snap(self, t: Tendencies, base: str | None, d: Decision, v: Any) -> str | None:
        """The snap: the book's coach's answer `base`, except the real team's kneel at the
        half and its fourth-down choice."""
        if v.overtime:
            return base                 # overtime: the book's coach
        if v.down < 4:
            return self.kneel_half(t, v, d.options) or base
        if base == "kneel":
            return base                 # running out the clock
        return self.fourth(t, v, d.options) or base

    def fourth(self, t: Tendencies, v: Any, options: tuple[str, ...]) -> str | None:
        """go (`play`) / `punt` / `field_goal` by the cell's shares, among the legal ones."""
        shares = t.fourth(fourth_cell(v.ydstogo, v.yardline, v.quarter, v.seconds_left,
                                      v.margin))
        legal = [(SNAP_ANSWER[c], w) for c, w in shares.items() if SNAP_ANSWER[c] in options]
        total = sum(w for _, w in legal)
        if total <= 0:
            return None
        roll = self.dice.roll(total)
        for answer, w in legal:
            roll -= w
            if roll <= 0:
                return answer
        return None

    def two(self, t: Tendencies, v: Any, options: tuple[str, ...]) -> str | None:
        if "two" not in options:
            return None
        return "two" if self.dice.roll(1000) <= t.two(two_cell(v.quarter, v.margin)) else "kick"

    def kneel_half(self, t: Tendencies, v: Any, options: tuple[str, ...]) -> str | None:
        if "kneel" not in options or not kneel_half_spot(v.quarter, v.seconds_left, v.down,
                                                         v.yardline):
            return None
        return "kneel" if self.dice.roll(1000) <= t.kneel_half else "play"


class LegendsAsCoached(SolitaireCoach, _Calls):
    """Football Legends: the solitaire coach, calling the real team's mix."""

    RULES = "legends-pro"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._tendencies = {}

    def _team(self, v: Any) -> Tendencies:
        header = v.own.team.header
        return self.tendencies(header.name, getattr(header, "year", None), None)

    def decide(self, decision: Decision, view: Any) -> str:
        k, opts = decision.kind, decision.options
        answer: str | None = None
        offense = decision.info.get("side") == "offense"
        if k is Kind.PLAY_CALL and offense:
            answer = self._call(opts, view)
        elif k is Kind.AUDIBLE and offense:
            answer = self._audible(decision)
        elif k is Kind.SNAP:
            answer = self._snap(decision, view)
        elif k is Kind.TRY:
            answer = self.two(self._team(view), view, opts)
        if answer is None:
            return super().decide(decision, view)
        return answer if answer in opts else opts[0]

    def _call(self, opts: tuple[str, ...], v: Any) -> str:
        cards = RUN_CARDS if self.wants_run(self._team(v), v) else PASS_CARDS
        pile = tuple(c for c in cards if c in opts) or opts
        if getattr(v, "any_set_used_up", False):
            # The family stands even when its sets are used up (then read on row 1).
            pile = v.open_cards(pile) or pile
        return self._pick(pile)

    @staticmethod
    def _audible(d: Decision) -> str:
        """The solitaire audible, but never out of the called family (the mix stays real)."""
        mine, theirs = d.info.get("own_call"), d.info.get("their_call")
        better = BEST_ANSWER.get(str(theirs))
        family = RUN_CARDS if mine in RUN_CARDS else PASS_CARDS
        if better in family and better != mine and better in d.options:
            return str(better)
        return "keep"

    def _snap(self, d: Decision, v: Any) -> str | None:
        return self.at_snap(self._team(v), self.snap(d, v), d, v)


class FiveD20AsCoached(SystemCoach, _Calls):
    """5D20: the system coach, but the offense calls run or pass with the real team's mix."""

    RULES = "5d20"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._tendencies = {}

    def _team(self, v: Any) -> Tendencies:
        chart = v.own_chart
        return self.tendencies(chart.name, chart.season, chart.code)

    def decide(self, decision: Decision, view: Any) -> str:
        k, opts = decision.kind, decision.options
        answer: str | None = None
        if k is Kind.PLAY_CALL and decision.info.get("side") == "offense":
            answer = "run" if self.wants_run(self._team(view), view) else "pass"
        elif k is Kind.SNAP and not decision.info.get("at_zero"):
            answer = self._snap(decision, view)
        elif k is Kind.TRY and view.era.two_point:
            answer = self.two(self._team(view), view, opts)
        if answer is None:
            return super().decide(decision, view)
        return answer if answer in opts else opts[0]

    def _snap(self, d: Decision, v: Any) -> str | None:
        return self.at_snap(self._team(v), self.snap(v), d, v)
