"""Ruleset options, declared once.

Each ruleset lists its options as `Option`s (name, type, allowed values, default, help). The
one declaration checks what a person types (`-o overtime=sometimes` is refused naming the
allowed values), fills in defaults, and is what `--help`, `scrimmage rulesets` and the web
page's new-game form show.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from scrimmage.core.errors import ScrimmageError

OptionType = Literal["bool", "int", "choice", "file"]

TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


@dataclass(frozen=True)
class Option:
    name: str
    type: OptionType
    help: str
    default: Any = None
    """None: the ruleset decides (for example from the teams' season)."""
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def allowed(self) -> str:
        """The allowed values in words."""
        if self.type == "bool":
            return "true or false"
        if self.type == "choice":
            return " or ".join(self.choices) if len(self.choices) <= 2 else \
                ", ".join(self.choices[:-1]) + " or " + self.choices[-1]
        if self.type == "int":
            return f"a whole number from {self.minimum} to {self.maximum}"
        return "the path of a file"

    def parse(self, value: object) -> Any:
        """The option's value from what was typed (a string) or passed from Python."""
        bad = ScrimmageError(f"option {self.name}={value!r}: {self.name} takes {self.allowed()}")
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in TRUE_WORDS + FALSE_WORDS:
                return value.strip().lower() in TRUE_WORDS
            raise bad
        if self.type == "int":
            if isinstance(value, bool):
                raise bad
            if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                value = int(value.strip())
            if not isinstance(value, int):
                raise bad
            if (self.minimum is not None and value < self.minimum) or (
                    self.maximum is not None and value > self.maximum):
                raise bad
            return value
        if self.type == "choice":
            if isinstance(value, str) and value.strip().lower() in self.choices:
                return value.strip().lower()
            raise bad
        if not isinstance(value, str | Path) or not str(value).strip():
            raise bad
        path = Path(value)
        if not path.is_file():
            raise ScrimmageError(f"option {self.name}={value}: no such file")
        return str(path)

    def describe(self) -> str:
        default = "" if self.default is None else f" (default {_text(self.default)})"
        return f"{self.name}: {self.help} [{self.allowed()}]{default}"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.type, "help": self.help,
                "default": self.default, "choices": list(self.choices),
                "minimum": self.minimum, "maximum": self.maximum}


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_options(ruleset: str, declared: tuple[Option, ...],
                  given: Mapping[str, object]) -> dict[str, Any]:
    """Check `given` against the declaration: unknown names and bad values are refused with
    one line each. Returns the parsed values of the options given (defaults are left to the
    ruleset, so a record keeps only what the person chose)."""
    by_name = {o.name: o for o in declared}
    out: dict[str, Any] = {}
    for name, value in given.items():
        option = by_name.get(name)
        if option is None:
            known = ", ".join(by_name) or "none"
            raise ScrimmageError(f"unknown option {name!r} for {ruleset}; its options: {known}")
        out[name] = option.parse(value)
    return out


def split_option(text: str) -> tuple[str, str]:
    """`KEY=VALUE` from the command line."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise ScrimmageError(f"--option {text!r}: expected KEY=VALUE")
    return key.strip(), value.strip()
