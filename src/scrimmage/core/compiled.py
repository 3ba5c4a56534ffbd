"""What the optional compiled build (mypyc, `setup.py`) needs to know about a class.

mypyc turns a class into a native class unless told otherwise, and a native class cannot be
made without running its `__init__`. The game and state classes that a computer coach copies
to try a choice on (`copy()` methods, built from a blank instance and filled field by field)
are therefore kept as ordinary classes (`@mypyc_attr(native_class=False)`); their methods and
every function around them are still compiled. Classes that other code subclasses (the
computer coaches, a public base for anyone's own coach; `TreeDice`, which tests give a first
face) allow interpreted subclasses. This module itself is never compiled, and the
plain build runs without mypy's extensions installed: the decorator then does nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the plain build: no compiler, nothing to say to it
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[Any], Any]:  # type: ignore[misc]
        return _unchanged


def _unchanged(cls: Any) -> Any:
    return cls


__all__ = ["mypyc_attr"]
