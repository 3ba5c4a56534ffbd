"""Issue 33: what a person reads at the terminal, through the real `scrimmage play`.

- No internal names in Football Legends games: no chart codes (`BP-DEF`, `INC`), no rule IDs
  (they stay in `help` and the docs), no snake_case; a glossary behind `help terms`.
- "Final" once; no "incomplete; out of bounds"; the status line does not give anyone the ball
  at the toss and says who kicks at a kickoff (1st & Roll after a field goal showed the last
  snap's down and distance).
- `ask` alone lists the decision kinds; `--advise` stars the advice's own choice.
- Kneel and spike on 4th down say they give the ball away and must be confirmed early in a
  half; a penalty question shows the play and where each answer leaves the ball.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from conversation import Conversation

CMD = [sys.executable, "-m", "scrimmage.cli"]
RULE_ID = re.compile(r"\b(FNL|SL|PFL|GRID|D20|FR|AMB-[A-Z0-9]+)-\d+\b")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
LEGENDS_CODES = re.compile(r"\b(BP-OFF|BP-DEF|INC|SPECIAL|FUM REC|INT RET|TFL|USE_[A-Z_]+|"
                           r"BIG_PLAY_[A-Z]+|NONE|MUFF)\b|\(OFF\)|\(DEF\)")


def run(args: list[str], stdin: str = "") -> str:
    proc = subprocess.run([*CMD, *args], input=stdin, capture_output=True, text=True,
                          timeout=600, env={**__import__("os").environ, "COLUMNS": "200"})
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def readable(text: str) -> str:
    """What a person reads as play goes on (the options line at the top names options as a
    person types them, `sos_adjust=true`)."""
    return "\n".join(ln for ln in text.splitlines() if not ln.startswith("Options in force"))


@pytest.mark.parametrize(("rules", "more"), [
    ("legends-pro", ["--ask", "all"]), ("legends-hs", []), ("legends-college", ["--profile",
                                                                                "classic"]),
])
def test_legends_games_show_no_internal_names(rules: str, more: list[str],
                                               tmp_path: Path) -> None:
    """The issue saw `field_goal_made`, `[BP-DEF / -3]` and `coaching points 4 (none more
    this half, FNL-77)`; every question answered (Enter takes the assistant's choice)."""
    for seed in (1, 2):
        text = readable(run(["play", "--rules", rules, "--seed", str(seed), "--save",
                             str(tmp_path / f"g{seed}.json"), *more], stdin="\n" * 6000))
        assert "Final" in text
        # The two cells read, in words, between brackets (not swallowed as markup).
        assert re.search(r"#\d+ vs [A-Za-z ]+ #\d+ \[(incomplete|Big Play \((offense|defense)\))"
                         r" / ", text)
        for pattern in (RULE_ID, SNAKE, LEGENDS_CODES):
            found = sorted({m.group(0) for m in pattern.finditer(text)})
            assert not found, f"{rules} seed {seed}: {found}"


def test_help_terms_is_the_glossary(tmp_path: Path) -> None:
    text = run(["play", "--rules", "legends-pro", "--seed", "4", "--save",
                str(tmp_path / "g.json")], stdin="help terms\nhelp big play\nhelp zzz\nquit\n")
    assert "The terms of the table" in text
    for term in ("Big Play", "checkoff sheet", "X-sheets", "situation line"):
        assert f"{term}:" in text
    assert text.count("Big Play: A cell that sends the play") == 2      # listed, then asked
    assert "help terms lists the terms of the table" in text


def test_final_once_and_no_incomplete_out_of_bounds(tmp_path: Path) -> None:
    """Seed 1 of the default teams had ten "incomplete; out of bounds" plays."""
    text = run(["play", "--auto", "--rules", "legends-hs", "--seed", "1", "--save",
                str(tmp_path / "g.json")])
    assert len([ln for ln in text.splitlines() if ln.startswith("Final")]) == 1
    assert "incomplete" in text and "incomplete; out of bounds" not in text


def _status_before(text: str, question: str) -> list[str]:
    """The status line (score, clock, ball) printed with each question that says
    `question`."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        if question in line:
            j = i - 1
            while j >= 0 and (" · " not in lines[j] or lines[j].startswith("timeouts")):
                j -= 1
            out.append(lines[j])
    return out


def test_the_status_line_at_the_toss_and_at_kickoffs(tmp_path: Path) -> None:
    """Nobody has the ball at the toss; at a kickoff the line says who kicks, with no
    down and distance (1st & Roll's kickoff after a field goal said "4th & 14")."""
    text = run(["play", "--rules", "1st-and-roll", "--seed", "3", "--ask", "all", "--save",
                str(tmp_path / "g.json")], stdin="\n" * 6000)
    [toss] = _status_before(text, "You won the toss")
    assert "ball" not in toss
    kicks = _status_before(text, "Kick off: regular or onside?")
    assert len(kicks) >= 2
    for line in kicks:
        assert line.endswith("you kick off") and "&" not in line
    for line in _status_before(text, "Kickoff: touchback at your 25"):
        assert line.endswith("they kick off to you")


def test_ask_alone_lists_the_kinds_of_decision(tmp_path: Path) -> None:
    text = run(["play", "--rules", "legends-pro", "--seed", "4", "--save",
                str(tmp_path / "g.json")], stdin="ask\nquit\n")
    block = text.split("The kinds of decision", 1)[1]
    assert re.search(r"timeout\s+timeouts: the assistant", block)
    assert re.search(r"play_call\s+play calls: you", block)
    assert re.search(r"snap\s+the snap .*: you, when it matters", block)
    assert "long_bomb" not in block            # a 1st & Roll decision


def test_advise_stars_the_advice(tmp_path: Path) -> None:
    """With --advise, Enter takes the option the advice recommends (marked * in its lines):
    the default never is a card the advice gives no share."""
    conv = Conversation(["play", "--rules", "legends-pro", "--seed", "5", "--advise",
                         "--save", str(tmp_path / "g.json")])
    checked = 0

    def answer(text: str) -> str | None:
        nonlocal checked
        if "Assistant:" in text and "Enter: " in text:
            advice = text.split("Assistant:", 1)[1]
            star = next(ln for ln in advice.splitlines() if ln.rstrip().endswith(" *"))
            enter = re.search(r"Enter: (.+?)\*", text)
            assert enter is not None
            assert star.strip().startswith(enter.group(1)), (star, enter.group(1))
            checked += 1
        return None if checked >= 6 else ""

    conv.play(answer)
    assert checked >= 6


def test_kneel_on_fourth_down_early_must_be_confirmed(tmp_path: Path) -> None:
    """4th down in the first half: the kneel and the spike say they give the ball away; a
    kneel typed by its number is asked again before it counts."""
    conv = Conversation(["play", "--rules", "legends-pro", "--seed", "12", "--save",
                         str(tmp_path / "g.json")])
    state = {"step": 0}
    texts: list[str] = []

    def answer(text: str) -> str | None:
        step = state["step"]
        clock = re.search(r"· Q(\d) (\d\d):", text)
        early = clock is not None and (clock.group(1) in "13" or int(clock.group(2)) >= 2)
        if step == 0 and "4th &" in text and "Take a knee" in text and early:
            texts.append(text)
            state["step"] = 1
            number = re.search(r"(\d) Take a knee", text)
            assert number is not None
            return number.group(1)
        if step == 1:
            texts.append(text)
            state["step"] = 2
            return "no"
        if step == 2:
            texts.append(text)
            state["step"] = 3
            return None
        return ""

    conv.play(answer)
    assert state["step"] == 3
    question, confirm, again = texts
    assert "a knee on 4th down loses two yards and gives them the ball" in question
    assert "a spike on 4th down is an incomplete pass: it gives them the ball" in question
    assert "Type yes to do it" in confirm
    assert "Not done. Choose again" in again


def test_a_penalty_question_shows_the_play_and_where_each_answer_leaves_the_ball(
        tmp_path: Path) -> None:
    text = run(["play", "--rules", "legends-pro", "--seed", "12", "--save",
                str(tmp_path / "g.json")], stdin="\n" * 4000)
    blocks = text.split("Flag: ")[1:]
    assert len(blocks) >= 3
    before = text.split("Flag: ")[0].splitlines()[-1]
    assert before.startswith("The play: ")
    for block in blocks:
        accept = next(ln for ln in block.splitlines() if "Accept the penalty" in ln)
        decline = next(ln for ln in block.splitlines() if "Decline it" in ln)
        for line in (accept, decline):
            assert re.search(r"then (you score \d, then )?(your|their) ball, "
                             r"(\d(st|nd|rd|th) & (\d+|goal) (on|at) |try from )", line), line


def test_an_answer_is_shown_before_the_plays_it_settles_and_question_mark_is_help(
        tmp_path: Path) -> None:
    """The echo of an answer ("→ Let the chart call it") comes right after its prompt, before
    the plays it lets the computers settle: an Enter on the other side's 3rd down, followed
    by their punt with no question between, used to print both plays first and the echo
    after them, on a line of its own. "?" at a question shows the help, as `help` does."""
    out = run(["play", "--rules", "5d20", "--home", "2016 Buffalo Bills", "--away",
               "2016 Atlanta Falcons", "--coach", "as-coached", "--save",
               str(tmp_path / "g.json")], stdin="?\n" + "\n" * 60 + "quit\n")
    lines = out.splitlines()
    assert sum(ln.startswith("> → ") for ln in lines) == 60
    assert not [ln for ln in lines if ln.startswith("→ ")], out
    assert "At any question: a number or a name answers it" in out
