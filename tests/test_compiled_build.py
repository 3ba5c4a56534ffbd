"""The optional compiled build (setup.py, mypyc) can make everything the plain one makes.

A native mypyc class runs its `__init__` whenever an instance is made, so a class whose
`copy()` starts from a blank instance (`X.__new__(X)`) must stay an ordinary class in the
compiled build (`@mypyc_attr(native_class=False)`, scrimmage/core/compiled.py). Every module
setup.py compiles is checked here, so a copy added later cannot break the compiled build."""

from __future__ import annotations

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


def test_classes_made_blank_are_not_native() -> None:
    blank = re.compile(r"\b(\w+)\.__new__\(\1\)")
    checked = 0
    for path in SRC.rglob("*.py"):
        for cls in set(blank.findall(path.read_text("utf-8"))):
            owner = _owner(path, cls)
            assert re.search(rf"@mypyc_attr\(native_class=False\)[^\n]*\nclass {cls}\b",
                             owner.read_text("utf-8")), \
                f"{owner.relative_to(ROOT)}: class {cls} is made blank in {path.name}"
            checked += 1
    assert checked >= 10
