"""What a smart coach's sampled choice costs in The Grid, 5D20 and 1st & Roll (issue 36).

    python benchmarks/what_if_copies.py [--rules grid ...] [--breakdown]

First one `copy_game` per ruleset, in microseconds: the live game is stopped at its first
question after several play counts (the default coaches play it), and each copy is timed with
the collector on, as a coach makes it (with a pass filter). With `--breakdown`, games are then
played as `benchmarks/coach_choices.py` plays them (both coaches smart) and each sampled
choice's time is split, per kind of decision and per sample, into the copy, the rules' step,
the inner coach's answers inside it and the value (the WP tables' reading of the position).
It uses only `copy_game` and the smart coaches' module, so it runs on older trees too
(`PYTHONPATH=<tree>/src`).
"""

from __future__ import annotations

import argparse
import time
import timeit
from collections import defaultdict
from collections.abc import Callable
from importlib import import_module
from typing import Any

from scrimmage.api import make_coaches, new_game
from scrimmage.core.decisions import Decision
from scrimmage.core.dice import Dice, SeededDice
from scrimmage.core.driver import Driver, drive
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.core.what_if import play_out

RULESETS = ("grid", "5d20", "1st-and-roll")
WHAT_IF = {"grid": "scrimmage.rules.grid.what_if", "5d20": "scrimmage.rules.fived20.what_if",
           "1st-and-roll": "scrimmage.rules.roll.what_if"}
STOPS = (10, 30, 50)
"""Plays before the live game is stopped (every ruleset's games have 60 or more)."""


def stopped(rules: str, seed: int, plays: int) -> Any:
    rs = find_ruleset(rules)
    game, record = new_game(rules, *rs.default_teams(), seed=seed)
    Driver(game, make_coaches(rs, None, seed), record.decisions,
           stop=lambda: len(game.plays) > plays).run()
    return game


def copy_micros(rules: str, number: int = 2000) -> float:
    """The mean of the best of five timings of one copy, over the `STOPS` positions."""
    copy_game = import_module(WHAT_IF[rules]).copy_game
    coach: Any = make_coaches(find_ruleset(rules), None, 1)[Side.HOME]
    lets_pass = coach.lets_pass
    total = 0.0
    for plays in STOPS:
        game, dice = stopped(rules, 1, plays), SeededDice(1)

        def one(game: Any = game, dice: Dice = dice) -> None:
            copy_game(game, dice, lets_pass)

        best = min(timeit.repeat(one, number=number, repeat=5, setup="import gc; gc.enable()"))
        total += best / number * 1e6
    return total / len(STOPS)


class Split:
    """Times the parts of every sampled choice, by kind of decision (`sampled_mean`'s loop,
    timed part by part; the coach's choices are the same)."""

    def __init__(self) -> None:
        self.spent: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        self.decisions: dict[str, set[int]] = defaultdict(set)
        self.kind = ""
        self.last_answer: object = None

    def install(self) -> None:
        smart: Any = import_module("scrimmage.coaches.smart")
        if hasattr(smart, "option_mean"):        # the loop of coaches/sampling.py (issue 36)
            smart.option_mean = self.option_mean
            return
        forced_mean = smart.forced_mean

        def forced(fresh: Any, step: Any, d: Decision, *args: Any, **kw: Any) -> float:
            self.kind = d.kind.value
            self.decisions[self.kind].add(id(d))
            return float(forced_mean(fresh, step, d, *args, **kw))

        smart.forced_mean = forced
        smart.sampled_mean = self.sampled_mean

    def sampled_mean(self, fresh: Callable[[Dice], Any], step: Callable[[Any], None],
                     answer: Callable[[Decision, Any], str], value: Callable[[Any], float],
                     dice: Dice, budget: int) -> float:
        clock, spent = time.perf_counter, self.spent[self.kind]
        total = 0.0
        for _ in range(budget):
            t0 = clock()
            game = fresh(dice)
            t1 = clock()

            def ask(decision: Decision, game: Any = game) -> str:
                a0 = clock()
                out = answer(decision, game)
                spent["answers"] += clock() - a0
                return out

            play_out(game, step, ask)
            t2 = clock()
            total += value(game)
            t3 = clock()
            spent["copy"] += t1 - t0
            spent["step"] += t2 - t1
            spent["value"] += t3 - t2
            spent["samples"] += 1
        return total / budget

    def option_mean(self, fresh: Callable[[Dice], Any], step: Callable[[Any], None], kind: Any,
                    option: str | None, answer: Callable[[Decision, Any], str],
                    value: Callable[[Any], float], dice: Dice, budget: int) -> float:
        """`sampling.option_mean`, timed part by part (dropping the pass filters counts as
        the copy's)."""
        sampling: Any = import_module("scrimmage.coaches.sampling")
        self.kind = kind.value
        if answer is not self.last_answer:      # one answerer serves a decision's options
            self.last_answer = answer
            self.decisions[self.kind].add(sum(len(d) for d in self.decisions.values()))
        clock, spent = time.perf_counter, self.spent[self.kind]

        def timed(q: Decision, game: Any) -> str:
            a0 = clock()
            out = answer(q, game)
            spent["answers"] += clock() - a0
            return out

        forced = sampling.Forced(kind, timed)
        total = 0.0
        for _ in range(budget):
            t0 = clock()
            game = forced.game = fresh(dice)
            t1 = clock()
            forced.option = option
            play_out(game, step, forced.ask)
            t2 = clock()
            total += value(game)
            t3 = clock()
            game.use_pass_filters(sampling.NO_FILTERS, [])
            spent["copy"] += t1 - t0 + clock() - t3
            spent["step"] += t2 - t1
            spent["value"] += t3 - t2
            spent["samples"] += 1
        forced.game = None
        return total / budget

    def report(self, rules: str) -> None:
        for kind, s in sorted(self.spent.items()):
            n, d = s["samples"], len(self.decisions[kind])
            total = s["copy"] + s["step"] + s["value"]

            def us(x: float, n: float = n) -> str:
                return f"{1e6 * x / n:5.1f}"

            print(f"  {rules:13} {kind:8} {d:3d} decisions, {n / d:4.0f} samples each, "
                  f"{1e3 * total / d:5.1f} ms each; a sample {us(total)} us = copy "
                  f"{us(s['copy'])} + step {us(s['step'] - s['answers'])} + inner coach "
                  f"{us(s['answers'])} + value {us(s['value'])}")
        self.spent.clear()
        self.decisions.clear()


def breakdown(rules: str, split: Split, games: int = 2) -> None:
    rs = find_ruleset(rules)
    names = rs.team_names()
    for seed in range(games):
        home, away = names[seed % len(names)], names[(seed + 1) % len(names)]
        game, record = new_game(rules, home, away, seed=seed)
        drive(game, make_coaches(rs, "smart", seed), record.decisions)
    split.report(rules)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", action="append", choices=RULESETS)
    ap.add_argument("--breakdown", action="store_true")
    args = ap.parse_args()
    rulesets = args.rules or RULESETS
    print("one copy_game (us, the collector on):")
    for rules in rulesets:
        print(f"  {rules:13} {copy_micros(rules):7.1f}")
    if args.breakdown:
        split = Split()
        split.install()
        print("a sampled choice, both coaches smart, 2 games:")
        for rules in rulesets:
            breakdown(rules, split)


if __name__ == "__main__":
    main()
