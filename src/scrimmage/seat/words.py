"""A decision in plain words: the question, its options as the book names them, help, and how
a typed answer is read.

The words come from data files: `scrimmage/seat/words.toml` for every game, then the game's own
`rules/<game>/data/words.toml` (`Ruleset.words()`), then the decision itself: its prompt (which
carries the details of the moment) and any labels the rules attach for this one decision
(`info["labels"]`, for example which of plus and minus helps you), what each option would do
(`info["preview"]`), and what just happened when the play's record is not finished yet
(`info["result"]`).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.errors import IllegalDecision
from scrimmage.core.ruleset import Ruleset
from scrimmage.core.situation import Situation
from scrimmage.seat.policy import LATE_SECONDS


@cache
def _generic() -> dict[str, Any]:
    return tomllib.loads(resources.files("scrimmage.seat").joinpath("words.toml")
                         .read_text("utf-8"))


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def words_for(rules: Ruleset, kind: str, item: str | None = None) -> dict[str, Any]:
    """The words of one kind of decision (refined by its coaching-point item, if any)."""
    own = rules.words()
    entry = _merge(_generic().get(kind, {}), own.get(kind, {}))
    if item:
        entry = _merge(entry, entry.get("item", {}).get(item, {}))
    entry.setdefault("pieces", own.get("pieces", {}))
    return entry


def option_label(entry: dict[str, Any], option: str) -> str:
    """The book's name of an option; names made of pieces (`run_inside_hb`) read piece by
    piece; anything else reads as its words."""
    known = entry.get("options", {}).get(option)
    if known:
        return str(known)
    pieces: dict[str, str] = entry.get("pieces", {})
    words: list[str] = []
    rest = option
    while rest:
        head = next((p for p in sorted(pieces, key=len, reverse=True)
                     if rest == p or rest.startswith(p + "_")), None)
        if head is None:
            part, _, rest = rest.partition("_")
            words.append(part.capitalize())
        else:
            words.append(pieces[head])
            rest = rest[len(head) + 1:]
    return (words[0] + (", " + " ".join(words[1:]) if len(words) > 1 else "")) if pieces \
        else " ".join(words)


def glossary(rules: Ruleset) -> dict[str, str]:
    """The terms a table player of this game uses, each explained in a line (the generic
    file's `[glossary]`, then the game's own): what `help terms` lists."""
    entries = _merge(_generic().get("glossary", {}), rules.words().get("glossary", {}))
    return {str(term): str(text) for term, text in sorted(entries.items(),
                                                          key=lambda kv: kv[0].lower())}


def glossary_entry(rules: Ruleset, text: str) -> tuple[str, str] | None:
    """The glossary entry a person asked for (`help sec`, `help big play`): the term, in
    any case, or the only term that starts with what was typed."""
    t = _norm(text)
    terms = glossary(rules)
    exact = [k for k in terms if _norm(k) == t]
    starts = exact or [k for k in terms if _norm(k).startswith(t)]
    if len(starts) != 1:
        return None
    return starts[0], terms[starts[0]]


@dataclass(frozen=True)
class Choice:
    answer: str
    label: str
    explain: str = ""
    preview: str = ""
    """What this option would do right now, where the rules make that public (the chart
    cell it reads, the yards it gives)."""


@dataclass(frozen=True)
class Question:
    """One pending decision as a person reads it."""

    kind: str
    title: str
    prompt: str
    help: str
    choices: tuple[Choice, ...]
    suggestion: str | None = None
    result: str = ""
    """What just happened, when the question comes before the play's record is finished
    (a timeout after the play, a penalty to accept)."""
    refused: dict[str, str] = field(default_factory=dict)
    refused_labels: dict[str, str] = field(default_factory=dict)
    confirm: dict[str, str] = field(default_factory=dict)
    """Answers a person must confirm before they count, with the reason (a kneel on 4th
    down early in a game gives the ball away): one key should not do that by mistake."""

    def label(self, answer: str) -> str:
        return next((c.label for c in self.choices if c.answer == answer), answer)

    def read(self, text: str) -> str:
        """The answer a person meant: Enter takes the suggestion; a number, an option's name,
        its label or the unique start of either picks that option."""
        t = _norm(text)
        if not t:
            if self.suggestion is None:
                raise IllegalDecision("type a number or a name (Enter takes nothing here)")
            return self.suggestion
        if t.isdigit():
            n = int(t)
            if 1 <= n <= len(self.choices):
                return self.choices[n - 1].answer
            raise IllegalDecision(self._not_an_option(text))
        for answer, reason in self.refused.items():
            if t in (_norm(answer), _norm(self.refused_labels.get(answer, answer))):
                raise IllegalDecision(f"{self.refused_labels.get(answer, answer)} is not allowed "
                                      f"now: {reason}")
        exact = [c.answer for c in self.choices if t in (_norm(c.answer), _norm(c.label))]
        if exact:
            return exact[0]
        starts = [c.answer for c in self.choices
                  if _norm(c.answer).startswith(t) or _norm(c.label).startswith(t)]
        if len(starts) == 1:
            return starts[0]
        if starts:
            raise IllegalDecision(f"{text.strip()!r} could be {', '.join(map(self.label, starts))}"
                                  ": type more of it")
        raise IllegalDecision(self._not_an_option(text))

    def _not_an_option(self, text: str) -> str:
        """One wording for a number out of range and a name that fits no option."""
        names = ", ".join(c.label for c in self.choices)
        return (f"{text.strip()!r} is not an option here: type 1 to {len(self.choices)}, "
                f"or one of: {names}")

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "title": self.title, "prompt": self.prompt, "help": self.help,
                "result": self.result,
                "options": [{"answer": c.answer, "label": c.label, "explain": c.explain,
                             "preview": c.preview} for c in self.choices],
                "suggestion": self.suggestion, "confirm": dict(self.confirm),
                "refused": [{"answer": a, "label": self.refused_labels.get(a, a), "why": r}
                            for a, r in self.refused.items()]}


def _norm(text: str) -> str:
    return " ".join(text.strip().lower().replace("_", " ").replace("-", " ").split())


GIVES_THE_BALL_AWAY = {
    "kneel": "a knee on 4th down loses two yards and gives them the ball",
    "spike": "a spike on 4th down is an incomplete pass: it gives them the ball",
}
"""What a kneel and a spike do on 4th down (FNL-56/57, the 5D20 snap): the down is lost."""


def fourth_down_warnings(decision: Decision, view: Any) -> tuple[dict[str, str], dict[str, str]]:
    """For a snap on 4th down: what a kneel and a spike do (shown beside them), and which
    of them must be confirmed (all but in the last two minutes of a half or in overtime)."""
    situation = getattr(view, "situation", None)
    if decision.kind is not Kind.SNAP or not isinstance(situation, Situation) \
            or situation.down != 4:
        return {}, {}
    shown = {o: GIVES_THE_BALL_AWAY[o] for o in decision.options if o in GIVES_THE_BALL_AWAY}
    late = situation.quarter > 4 or (situation.quarter in (2, 4)
                                     and situation.seconds_left <= LATE_SECONDS)
    return shown, ({} if late else dict(shown))


def question(rules: Ruleset, decision: Decision, suggestion: str | None = None,
             view: Any = None, after: dict[str, str] | None = None,
             result: str = "") -> Question:
    """Put `decision` in plain words (`view`, the seat's view, adds the warnings that depend
    on the moment; `after` says where each answer leaves the ball and `result` what the play
    did, `seat.outcomes`)."""
    item = decision.info.get("item")
    entry = words_for(rules, decision.kind.value, str(item) if item else None)
    info = decision.info
    own_labels: dict[str, str] = info.get("labels") or {}
    previews: dict[str, str] = info.get("preview") or {}
    shown, confirm = fourth_down_warnings(decision, view)
    if shown:
        previews = {**shown, **previews}
    for answer, text in (after or {}).items():
        previews = {**previews, answer: "; then ".join(p for p in (previews.get(answer), text)
                                                       if p)}
    explain: dict[str, str] = entry.get("explain", {})
    choices = tuple(Choice(o, own_labels.get(o) or option_label(entry, o), explain.get(o, ""),
                           previews.get(o, "")) for o in decision.options)
    title = str(entry.get("title", decision.kind.value.replace("_", " ").capitalize()))
    return Question(
        kind=decision.kind.value, title=title, prompt=decision.prompt or title,
        help=str(entry.get("help", "")), choices=choices, suggestion=suggestion,
        result=result or str(info.get("result") or ""),
        refused=dict(decision.refused),
        refused_labels={o: option_label(entry, o) for o in decision.refused},
        confirm=confirm)
