"""What the optional compiled build (mypyc, `setup.py`) needs to know about a class.

mypyc turns a class into a native class, and a native class runs its `__init__` whenever an
instance is made, even from `X.__new__(X)`. The game and state classes that a computer coach
copies to try a choice on are native all the same (attributes in fixed slots, methods called
directly): their `copy()` either goes through the constructor, or, for the big ones, starts
from `X.__new__(X)` and fills the fields, the `__init__` taking no required argument and
leaving the instance blank when given none (tests/test_compiled_build.py checks both).
Classes that other code subclasses (the computer coaches, a public base for anyone's own
coach; `TreeDice`, which tests give a first face) allow interpreted subclasses.
This module itself is never compiled, and the
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
