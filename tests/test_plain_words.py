"""Issue 33: what a person reads at the table is in plain words. Whole games are played through
the real `scrimmage play` command (watched with --auto, and once with --ask all, every question
answered with Enter), and the output must hold none of the ruleset's chart codes (the `[terms]`
of its words file), no rule ID and no snake_case name. The `Options in force:` line is left out:
option names like `sos_adjust=false` are what a user types. `help terms` lists the glossary."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from scrimmage.core.ruleset import find_ruleset
from scrimmage.seat.words import glossary

TABLES = {"5d20": ("scrimmage.rules.fived20", ("terms", "penalty_rows")),
          "grid": ("scrimmage.rules.grid", ("terms",)),
          "1st-and-roll": ("scrimmage.rules.roll", ("terms",))}
"""Each ruleset's package and the tables of codes its words file puts in words."""
SEEDS = (1, 2, 3)
RULE_ID = re.compile(r"\b(FNL|SL|PFL|GRID|D20|FR|AMB-[A-Z0-9]+)-\d+\b")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
CARD = re.compile(r"\bcard (?:[2-9]|10|[AJQK])[CDHS]\b")
"""A timing card as the records keep it (card 6H): the table reads 6♥ (51C in the situation
is the cards left)."""


def _codes(rules: str) -> list[str]:
    package, tables = TABLES[rules]
    data = tomllib.loads(resources.files(package).joinpath("data", "words.toml")
                         .read_text("utf-8"))
    codes = {code for t in tables for code in data[t] if re.search(r"[A-Za-z0-9]", code)}
    assert codes, rules
    return sorted(codes, key=len, reverse=True)


def _forbidden(rules: str) -> re.Pattern[str]:
    """The codes as whole words, case and all (a dot next to one is a player's initial, as
    in R.J. or T.J.)."""
    alternatives = "|".join(re.escape(c) for c in _codes(rules))
    return re.compile(rf"(?<![\w.])(?:{alternatives})(?![\w.])")


def _play(tmp_path: Path, rules: str, seed: int, *args: str, stdin: str | None = None) -> str:
    save = tmp_path / f"{rules}-{seed}.json"
    done = subprocess.run([sys.executable, "-m", "scrimmage.cli", "play", "--rules", rules,
                           "--seed", str(seed), "--save", str(save), *args],
                          input=stdin, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def _leaks(rules: str, out: str) -> list[str]:
    """Every line a person reads that says a code, a rule ID or a snake_case name."""
    codes = _forbidden(rules)
    bad = []
    for line in out.splitlines():
        if line.startswith("Options in force:"):
            continue
        # The box score's column heads are the usual stat abbreviations (PD: passes defended).
        patterns = (RULE_ID, SNAKE) if line.startswith("Player ") else (codes, RULE_ID, SNAKE)
        found = [m.group(0) for pattern in patterns for m in pattern.finditer(line)]
        if rules == "grid":
            found += CARD.findall(line)
        if found:
            bad.append(f"{found}: {line}")
    return bad


@pytest.mark.parametrize("rules", list(TABLES))
def test_watched_games_are_told_in_plain_words(tmp_path: Path, rules: str) -> None:
    for seed in SEEDS:
        out = _play(tmp_path, rules, seed, "--auto")
        assert "Final" in out and "Saved as" in out, out[-500:]
        leaks = _leaks(rules, out)
        assert not leaks, f"{rules} seed {seed}:\n" + "\n".join(leaks[:20])


@pytest.mark.parametrize("rules", list(TABLES))
def test_every_question_is_asked_in_plain_words(tmp_path: Path, rules: str) -> None:
    out = _play(tmp_path, rules, 7, "--ask", "all", stdin="\n" * 4000)
    assert "Final" in out and out.count("> ") > 50, out[-500:]
    leaks = _leaks(rules, out)
    assert not leaks, f"{rules} --ask all:\n" + "\n".join(leaks[:20])


@pytest.mark.parametrize("rules", list(TABLES))
def test_the_glossary_explains_the_codes_of_the_game(rules: str) -> None:
    """Each game's glossary is its own (beside the generic terms), one line a term."""
    terms = glossary(find_ruleset(rules))
    own = tomllib.loads(resources.files(TABLES[rules][0]).joinpath("data", "words.toml")
                        .read_text("utf-8"))["glossary"]
    assert set(own) <= set(terms) and len(own) >= 15
    assert all("\n" not in text and text.strip() for text in terms.values())


@pytest.mark.parametrize("rules", list(TABLES))
def test_help_terms_at_a_question_lists_the_glossary(tmp_path: Path, rules: str) -> None:
    out = _play(tmp_path, rules, 1, "--ask", "all", stdin="help terms\nquit\n")
    assert "The terms of the table" in out
    for term, text in glossary(find_ruleset(rules)).items():
        assert f"{term}: {text[:30]}" in " ".join(out.split()), term
