"""The rules never import the sheet makers (docs/design-notes.md, "Where sheets are made").

`scrimmage.sheets` builds and generates team files with the rules (it plays calibration games,
reads the sheet format); the rules only read those files. Every import statement of every
module under `scrimmage/rules` is read from the source (`ast`), so a lazy import inside a
function counts too.
"""

from __future__ import annotations

import ast
from importlib import import_module
from pathlib import Path

import pytest

import scrimmage.rules  # noqa: F401  (registers the rulesets)
from scrimmage.core.ruleset import find_ruleset, ruleset_names

SRC = Path(__file__).resolve().parents[1] / "src" / "scrimmage"


def _imported(path: Path, package: str | None = None) -> list[tuple[int, str]]:
    """(line, module) of every import in `path` (a module of `package`, by default the one
    its place under src/ says), relative ones resolved."""
    if package is None:
        package = ".".join(path.relative_to(SRC.parent).with_suffix("").parts[:-1])
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            out.append((node.lineno, base))
            out.extend((node.lineno, f"{base}.{a.name}") for a in node.names)
    return out


def test_no_rules_module_imports_the_sheets() -> None:
    files = sorted((SRC / "rules").rglob("*.py"))
    assert len(files) > 50
    found = [f"{p.relative_to(SRC)}:{line}: {name}" for p in files
             for line, name in _imported(p)
             if name == "scrimmage.sheets" or name.startswith("scrimmage.sheets.")]
    assert found == []


def test_the_scan_sees_an_import_of_the_sheets(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from scrimmage.sheets.real import legends\n"
                     "    import scrimmage.sheets\n    from ...sheets import grid\n", "utf-8")
    assert [n for _, n in _imported(probe, "scrimmage.rules.grid")] == [
        "scrimmage.sheets.real", "scrimmage.sheets.real.legends", "scrimmage.sheets",
        "scrimmage.sheets", "scrimmage.sheets.grid"]


@pytest.mark.parametrize("name", ruleset_names())
def test_a_rulesets_builder_hint_names_a_function(name: str) -> None:
    """A ruleset names the builder's hint by `module:function` (never imports it); the name
    must resolve."""
    hint = find_ruleset(name).unbundled_hint
    if hint is not None:
        module, function = hint.split(":")
        assert callable(getattr(import_module(module), function))
