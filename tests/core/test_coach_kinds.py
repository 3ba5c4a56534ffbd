"""The computer coaches each ruleset offers (`Ruleset.coaches`): every name a person may type
makes a coach, and an unknown one is refused with the names, aliases and all."""

from __future__ import annotations

import re

import pytest

import scrimmage.rules  # noqa: F401
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.ruleset import find_ruleset, ruleset_names


@pytest.mark.parametrize("rules", ruleset_names())
def test_every_named_coach_is_made(rules: str) -> None:
    rs = find_ruleset(rules)
    assert {"solitaire", "random", "smart"} <= set(rs.coaches)
    for name in rs.coaches:
        coach = rs.default_coach(name, 3)
        assert callable(coach.decide), name


@pytest.mark.parametrize("rules, names", [
    ("grid", "sensible (solitaire), smart, equilibrium or random"),
    ("1st-and-roll", "solitaire (sensible), smart, equilibrium or random"),
    ("5d20", "solitaire (system), smart, random or as-coached"),
    ("legends-hs", "solitaire, smart, equilibrium or random"),
])
def test_an_unknown_coach_names_the_ones_there_are(rules: str, names: str) -> None:
    line = f"unknown coach 'genius'; use {names}"
    with pytest.raises(ScrimmageError, match=f"^{re.escape(line)}$"):
        find_ruleset(rules).default_coach("genius", 1)


def test_aliases_make_the_same_kind_of_coach() -> None:
    rs = find_ruleset("grid")
    assert type(rs.default_coach("sensible", 1)) is type(rs.default_coach("solitaire", 1))
