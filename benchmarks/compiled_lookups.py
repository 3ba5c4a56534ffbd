"""Where the compiled build still looks names up by string (issue 36, step 5).

    SCRIMMAGE_COMPILE=1 pip install --no-build-isolation .     # leaves build/__native_*.c
    python benchmarks/compiled_lookups.py [--c build/__native_X.c] [--rules legends-pro grid]
                                          [--games 30] [--top 40]

mypyc turns a typed attribute read on a compiled class into a C field read, and a `Final`
name of a compiled module into a C static. Two things it cannot make native cost a hash
look-up each time they run:

- a *global*: a module-level name that is not `Final`, or one imported from a module the
  build leaves as Python, read through the module's globals dict (`CPyDict_GetItem`);
- a *getattr*: an attribute read on a value typed `Any`, a Protocol or a class it does not
  compile (an enum, a pydantic model), through `PyObject_GetAttr`.

This reads the generated C for each compiled function's look-ups of both kinds, and weights
them by how often the pure build calls that function in a batch game (cProfile, solitaire
coaches). A look-up inside a branch is counted as if it always ran, so the figures are upper
bounds: read them as a ranking of where to look, not as a measurement. The measurement is
benchmarks/throughput.py on the compiled build, side by side (benchmarks/results/throughput.md).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import re
from collections import Counter
from pathlib import Path

from scrimmage.api import make_coaches
from scrimmage.core.dice import SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.ruleset import find_ruleset

_FUNCTION = re.compile(r"\n(?=(?:PyObject \*|char |CPyTagged |int |void |double |tuple_T\w+ "
                       r"|int64_t |int32_t )CPyDef_)")
_GLOBAL = re.compile(r"= CPyStatic_\w+___globals;\n\s+cpy_r_r\d+ = CPyStatics\[\d+\]; "
                     r"/\* '(\w+)' \*/\n\s+cpy_r_r\d+ = CPyDict_GetItem")
_GETATTR = re.compile(r"CPyStatics\[\d+\]; /\* '(\w+)' \*/\n\s+cpy_r_r\d+ = CPyObject_GetAttr")


def lookups(c_source: str) -> dict[str, Counter[str]]:
    """Each compiled function's string look-ups in the generated C: `G:name` for a global,
    `A:name` for a getattr, with how many times each appears in the function's body."""
    found: dict[str, Counter[str]] = {}
    for body in _FUNCTION.split(c_source):
        head = re.match(r"[\w *]*?CPyDef_(\w+)\(", body)
        if head is None:
            continue
        seen: Counter[str] = Counter()
        for m in _GLOBAL.finditer(body):
            seen["G:" + m.group(1)] += 1
        for m in _GETATTR.finditer(body):
            seen["A:" + m.group(1)] += 1
        found[head.group(1)] = seen
    return found


def calls_per_game(rules: str, games: int) -> dict[tuple[str, str], float]:
    """(module, function) -> calls per batch game in the pure build."""
    rs = find_ruleset(rules)
    names = rs.team_names()
    teams = [rs.load_team(rs.team_data(n), n) for n in names]
    profile = cProfile.Profile()
    profile.enable()
    for i in range(games):
        game = rs.new_game(teams[i % len(teams)], teams[(i + 1) % len(teams)], SeededDice(i),
                           {}, narrate=False)
        drive(game, make_coaches(rs, "solitaire", i), None)
    profile.disable()
    counts: dict[tuple[str, str], float] = {}
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    for (path, _, function), (_, calls, *_rest) in stats.items():
        if "scrimmage/" in path:
            module = path.split("scrimmage/")[-1].removesuffix(".py").replace("/", ".")
            counts[(module, function)] = calls / games
    return counts


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--c", type=Path, help="the generated C (default: the newest build/__native_*.c)")
    ap.add_argument("--rules", nargs="+", default=["legends-pro", "grid", "5d20", "1st-and-roll"])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args()
    c_file = args.c or max(Path("build").glob("__native_*.c"), key=lambda p: p.stat().st_mtime)
    found = lookups(c_file.read_text())
    for rules in args.rules:
        per_name: Counter[tuple[str, str]] = Counter()
        for (module, function), n in calls_per_game(rules, args.games).items():
            # mypyc names a function `<module's last part>___[<Class>___]<function>`
            last = module.split(".")[-1]
            matches = [c for c in found if c.endswith("___" + function) and last in c]
            if matches:
                compiled = min(matches, key=len)
                for what, k in found[compiled].items():
                    per_name[(compiled, what)] += n * k
        kinds = Counter({kind: sum(n for (_, w), n in per_name.items() if w[0] == kind)
                         for kind in "GA"})
        print(f"\n{rules}: at most {kinds['G']:,.0f} global and {kinds['A']:,.0f} getattr "
              f"look-ups a game ({c_file.name})")
        for (compiled, what), n in per_name.most_common(args.top):
            print(f"{n:9,.0f}  {what:28s} {compiled}")


if __name__ == "__main__":
    main()
