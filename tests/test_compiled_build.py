"""The optional compiled build (setup.py, mypyc) can make everything the plain one makes.

A native mypyc class runs its `__init__` whenever an instance is made, even from
`X.__new__(X)`, so a class whose `copy()` starts from a blank instance takes no required
argument: called with none, its `__init__` leaves the instance blank for `copy()` to fill
(scrimmage/core/compiled.py). Every module is checked here, so a copy added later cannot
break the compiled build."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "scrimmage"


def compiled_modules() -> list[Path]:
    text = (ROOT / "setup.py").read_text("utf-8")
    return [ROOT / m for m in re.findall(r'"(src/scrimmage/[^"]+\.py)"', text)]


def test_setup_compiles_the_hot_path_of_every_ruleset() -> None:
    names = {str(p.relative_to(SRC)) for p in compiled_modules()}
    for ruleset in ("legends", "grid", "fived20", "roll"):
        assert f"rules/{ruleset}/game.py" in names
    assert {"core/driver.py", "core/dice.py", "coaches/legends.py"} <= names
    assert all(p.exists() for p in compiled_modules())


def _owner(path: Path, cls: str) -> Path:
    """The module that defines `cls` as `path` sees it: itself, or where it imports it from."""
    text = path.read_text("utf-8")
    if re.search(rf"^class {cls}\b", text, re.M):
        return path
    found = re.search(rf"from scrimmage\.([\w.]+) import [^\n]*\b{cls}\b", text)
    assert found, f"{path}: where does {cls} come from?"
    return SRC / (found.group(1).replace(".", "/") + ".py")


def _init_args(owner: Path, cls: str) -> ast.arguments | None:
    """The arguments of `cls.__init__` as written in `owner` (None: no `__init__` of its own)."""
    for node in ast.walk(ast.parse(owner.read_text("utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    return item.args
            return None
    raise AssertionError(f"{owner}: no class {cls}")


def _made_blank(path: Path) -> set[str]:
    """The classes `path`'s code makes blank, as `X.__new__(X)`."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "__new__" and isinstance(node.func.value, ast.Name)
                and [ast.unparse(a) for a in node.args] == [node.func.value.id]):
            found.add(node.func.value.id)
    return found


def test_classes_made_blank_need_no_argument() -> None:
    checked = 0
    for path in SRC.rglob("*.py"):
        for cls in _made_blank(path):
            owner = _owner(path, cls)
            where = f"{owner.relative_to(ROOT)}: class {cls} is made blank in {path.name}"
            args = _init_args(owner, cls)
            if args is not None:
                positional = args.posonlyargs + args.args
                assert len(args.defaults) == len(positional) - 1, where   # all but self
                assert all(d is not None for d in args.kw_defaults), where
            module = ".".join(owner.relative_to(SRC.parent).with_suffix("").parts)
            made = getattr(importlib.import_module(module), cls)
            assert type(made.__new__(made)) is made, where      # runs __init__ when compiled
            checked += 1
    assert checked >= 9


NOT_COMPILED = {
    "rules/legends/sheets.py": "the sheet file's pydantic models share it; a few calls a game",
    "rules/grid/roster.py": "the team file's pydantic models share it; only `Team.player` "
                            "as a game is set up",
}
"""Modules a batch game calls into that the compiled build leaves as Python, and why."""


def _called_modules(rules: str, games: int = 2) -> set[str]:
    """The scrimmage modules whose Python functions a batch game of `rules` calls (the
    computer coaches and the rules, as benchmarks/throughput.py plays them)."""
    import sys

    from scrimmage.api import make_coaches
    from scrimmage.core.dice import SeededDice
    from scrimmage.core.driver import drive
    from scrimmage.core.ruleset import find_ruleset

    rs = find_ruleset(rules)
    names = rs.team_names()
    teams = [rs.load_team(rs.team_data(n), n) for n in names[:2]]
    seen: set[str] = set()

    def called(frame: object, event: str, arg: object) -> None:
        if event == "call":
            path = frame.f_code.co_filename  # type: ignore[attr-defined]
            if "/scrimmage/" in path:
                seen.add(path.replace("\\", "/").rsplit("/scrimmage/", 1)[1])

    for i in range(games):
        game = rs.new_game(teams[i % 2], teams[(i + 1) % 2], SeededDice(i), {}, narrate=False)
        coaches = make_coaches(rs, "solitaire", i)
        sys.setprofile(called)
        try:
            drive(game, coaches, None)
        finally:
            sys.setprofile(None)
    return seen


def test_the_compiled_build_covers_every_module_a_batch_game_calls() -> None:
    """Issue 36: the compiled build covers the whole hot path. Every module whose code a batch
    game of any ruleset runs is in setup.py's list, or in NOT_COMPILED with its reason (in
    the compiled build the compiled modules' own calls are not seen, which only shrinks the
    set)."""
    compiled = {str(p.relative_to(SRC)) for p in compiled_modules()}
    for rules in ("legends-pro", "grid", "5d20", "1st-and-roll"):
        left = _called_modules(rules) - compiled - set(NOT_COMPILED)
        assert not left, f"{rules}: a batch game runs Python in {sorted(left)}"
