"""Exact pass-result rates of a 5D20 chart against a defense (issue 38).

The builder solves the sack and interception ratings from the team's rates; measured on a
few hundred simulated games those rates carry a sampling error of 4-7 % (a few hundred
sacks or picks). Here they are enumerated from the dice instead: every face of the d20s a
called pass reads (D20-21 depth, D20-22 receiver, D20-25 key defender, D20-27/28 WHAT with
the row's adjustment, D20-30/31 result, D20-34 outlet, D20-35 PD pick, D20-54 spot past the
end line), weighted by the situations (call row, alignment, yard line) the team's pass calls
were made in. Only the situations' mix comes from the games; that costs a fraction of a
percent. A neutral field is assumed (no D20-26 flip), as the builder plays; snap and
play penalties (D20-24, D20-41) are left out (they strike any result alike).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from scrimmage.rules.fived20.chart_play import GameCharts, TeamChart, across, down
from scrimmage.rules.fived20.playcalling import ROW_DEFENSE
from scrimmage.rules.fived20.plays import pass_depth

FACES = range(1, 21)
Situation = tuple[str, str, int]
"""A pass call's call row (D20-13), the defense's alignment and the yard line."""
Dist = dict[str, float]


class PassOdds:
    """Per called pass that reaches roll 2, summed over the situations: `sack` and `scramble`
    results, `attempts` (everything else), `picked` (intercepted by the book), `pool` (the
    incompletions an interception rating may turn into picks), and `sack_pool`, the sacks'
    share that would stand as a pick if a negative sack rating made them incompletions; the
    three pick figures are already reduced by passes picked past the end line (D20-54)."""

    __slots__ = ("attempts", "picked", "pool", "sack", "sack_pool", "scramble")

    def __init__(self) -> None:
        self.sack = self.scramble = self.attempts = 0.0
        self.picked = self.pool = self.sack_pool = 0.0

    def sack_rate(self) -> float:
        """Sacks per dropback (pass attempts and sacks; a scramble is a run)."""
        return self.sack / max(1e-12, self.sack + self.attempts)

    def after_sack_rating(self, per_mille: int) -> PassOdds:
        """The odds once a sack rating (`replay.sack`) has acted: above 0 it takes that
        share of every result but a sack or scramble alike; below 0 sacks become
        incompletions (D20-33), which an interception rating may pick."""
        r = abs(per_mille) / 1000
        out = PassOdds()
        out.scramble = self.scramble
        if per_mille >= 0:
            out.sack = self.sack + r * self.attempts
            out.attempts, out.picked = self.attempts * (1 - r), self.picked * (1 - r)
            out.pool, out.sack_pool = self.pool * (1 - r), self.sack_pool
        else:
            out.sack, out.attempts = self.sack * (1 - r), self.attempts + r * self.sack
            out.picked, out.pool = self.picked, self.pool + r * self.sack_pool
            out.sack_pool = self.sack_pool * (1 - r)
        return out

    def int_rate(self, per_mille: int = 0) -> float:
        """Interceptions per attempt with an interception rating (`replay.interception`)."""
        r = abs(per_mille) / 1000
        picks = self.picked + r * self.pool if per_mille >= 0 else self.picked * (1 - r)
        return picks / max(1e-12, self.attempts)

    def int_pool(self) -> float:
        """The incompletions per attempt a positive interception rating draws from."""
        return self.pool / max(1e-12, self.attempts)


def _add(into: Dist, dist: Mapping[str, float], weight: float) -> None:
    for k, p in dist.items():
        into[k] = into.get(k, 0.0) + weight * p


def _across(row: tuple[tuple[int, str], ...], default: str) -> Dist:
    """A result row read with a d20 (D20-3)."""
    out: Dist = {}
    for face in FACES:
        _add(out, {across(row, face) or default: 1.0}, 1 / 20)
    return out


class _Chart:
    """The lookups of one offense against one defense that do not depend on the situation."""

    def __init__(self, o: TeamChart, d: TeamChart, charts: GameCharts) -> None:
        self.o, self.d, self.charts = o, d, charts
        # D20-22: receiver by blue below the header, else black; a snap fumble (D20-23,
        # black = yellow at most SNAP FUM) takes some black faces out of the passes thrown.
        black_w = [1 - (1 / 20 if b <= o.qb_snap_fumble else 0) for b in FACES]
        self.receiver: dict[str, list[float]] = {}
        for depth in ("SP", "MP", "LP"):
            share = [0.0] * len(o.receivers)
            for blue in FACES:
                for b, w in zip(FACES, black_w, strict=True):
                    i = (down(o.rec_blue[depth], blue) if blue < o.rec_header[depth]
                         else down(o.rec_black[depth], b))
                    share[i] += w
            total = sum(share)
            self.receiver[depth] = [s / total for s in share]
        # D20-34: the outlet receiver (red) and his SP result (white).
        self.outlet: Dist = {}
        for red in FACES:
            j = down(o.rec_out, red)
            _add(self.outlet, _across(o.receivers[j].rows["SP"], "CMP"), 1 / 20)

    @cache  # noqa: B019 (one _Chart per calibration round, dropped with it)
    def what(self, alignment: str, adjust: int) -> dict[tuple[int, str], float]:
        """D20-25/27/28: the key defender (red) and his WHAT result (white plus the row's
        adjustment; past every column, OTHER)."""
        out: dict[tuple[int, str], float] = {}
        for red in FACES:
            k = down(self.d.who_pass[alignment], red)
            row = self.d.pass_defenders[k].rows["WHAT"]
            for white in FACES:
                key = (k, across(row, max(1, white + adjust)) or "OTHER")
                out[key] = out.get(key, 0.0) + 1 / 400
        return out

    @cache  # noqa: B019
    def result(self, depth: str, what: str) -> Dist:
        """D20-30/31: the result read with blue (a missing cell completes)."""
        if what != "REC":
            return _across(self.o.qb.rows[f"{depth}.{what}"], "CMP")
        out: Dist = {}
        for i, share in enumerate(self.receiver[depth]):
            _add(out, _across(self.o.receivers[i].rows[depth], "CMP"), share)
        return out

    def pick(self, k: int, depth: str) -> float:
        """D20-35: black at most the defender's and the QB's INT ratings."""
        top: int = self.d.int_rating(k) + self.o.qb_int[depth]
        return max(0, min(20, top)) / 20

    @cache  # noqa: B019
    def stands(self, depth: str, yardline: int) -> float:
        """D20-54: the share of picks spotted no deeper than the end line (LP at most 50)."""
        ok = 0
        for w in FACES:
            spot = self.charts.yards(depth, w)
            ok += (min(50, spot) if depth == "LP" else spot) <= yardline + 10
        return ok / 20

    def add(self, odds: PassOdds, s: Situation, weight: float) -> None:
        row, alignment, yardline = s
        adjust = ROW_DEFENSE[row][2]                                 # D20-14
        depths: Dist = {}
        for white in FACES:                                          # D20-21
            _add(depths, {pass_depth(self.o.qb_depth, white, yardline): 1.0}, 1 / 20)
        for depth, pd_ in depths.items():
            q = self.stands(depth, yardline)
            for (k, what), pw in self.what(alignment, adjust).items():
                w = weight * pd_ * pw
                res = self.result(depth, what)
                out = res.get("OUT", 0.0)
                pd = res.get("PD", 0.0)
                # an outlet is an SP pass (D20-34); its PD picks with the same key defender
                o_pd, o_inc = self.outlet.get("PD", 0.0), self.outlet.get("DRP", 0.0)
                o_pk, o_q = self.pick(k, "SP"), self.stands("SP", yardline)
                picked = pd * self.pick(k, depth) * q + out * o_pd * o_pk * o_q
                pool = ((res.get("INC", 0.0) + res.get("DRP", 0.0)
                         + pd * (1 - self.pick(k, depth))) * q
                        + out * (o_inc + self.outlet.get("INC", 0.0) + o_pd * (1 - o_pk)) * o_q)
                sack, scr = res.get("SCK", 0.0), res.get("SCR", 0.0)
                odds.sack += w * sack
                odds.scramble += w * scr
                odds.attempts += w * (1 - sack - scr)
                odds.picked += w * picked
                odds.pool += w * pool
                odds.sack_pool += w * sack * q


def pass_odds(o: TeamChart, d: TeamChart, charts: GameCharts,
              situations: Mapping[Situation, float]) -> PassOdds:
    """The exact pass-result odds of `o` against `d`, weighted by `situations` (counts)."""
    c = _Chart(o, d, charts)
    odds = PassOdds()
    total = sum(situations.values()) or 1.0
    for s, n in situations.items():
        c.add(odds, s, n / total)
    return odds
