"""Issue 36: a ruleset's modules import one another one way at run time.

The game module runs the steps (it imports the step modules); a step module takes the game
as an argument and names its class for the type checker only (under `TYPE_CHECKING`), and
reads the phases and shared helpers from modules of their own. So no module of a ruleset
imports, at run time, a module that imports it back (directly or round a longer circle)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "src" / "scrimmage" / "rules"
RULESETS = ("legends", "grid", "fived20", "roll")


def _runtime_imports(path: Path, package: str) -> set[str]:
    """The modules of `package` that `path` imports when it runs (anywhere in the file: a
    function's import counts; an `if TYPE_CHECKING:` block does not)."""
    tree = ast.parse(path.read_text("utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for inner in node.body for n in ast.walk(inner))
    prefix = f"scrimmage.rules.{package}"
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == prefix:
                found.update(a.name for a in node.names)
            elif node.module.startswith(prefix + "."):
                found.add(node.module[len(prefix) + 1:].split(".")[0])
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith(prefix + "."):
                    found.add(a.name[len(prefix) + 1:].split(".")[0])
    return found - {path.stem}


def _circles(package: str) -> list[list[str]]:
    graph = {p.stem: _runtime_imports(p, package) for p in (RULES / package).glob("*.py")}
    circles: list[list[str]] = []

    def visit(node: str, trail: list[str]) -> None:
        for nxt in sorted(graph.get(node, ())):
            if nxt == trail[0]:
                circles.append([*trail, nxt])
            elif nxt not in trail and nxt > trail[0]:   # each circle once, from its least name
                visit(nxt, [*trail, nxt])

    for start in sorted(graph):
        visit(start, [start])
    return circles


@pytest.mark.parametrize("package", RULESETS)
def test_no_ruleset_module_imports_itself_round_a_circle(package: str) -> None:
    assert _circles(package) == []


def test_the_check_sees_a_circle() -> None:
    graph_file = RULES / "legends" / "game.py"
    assert "scrimmage_play" in _runtime_imports(graph_file, "legends")
