"""The terminal face of a table: prints the play-by-play, asks each question a person has taken,
and reads the answers and the table commands (help, sheet, undo, quit, ask/auto KIND). In a game
played with the people's own dice it asks for each die by name and reads its face (several
faces on one line go to the dice asked next, each checked against its own die).

All the game's logic is in `Table`; this module only shows and reads, so a web page can be
another face of the same table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape

from scrimmage.core.errors import IllegalDecision, ScrimmageError
from scrimmage.core.field import Side
from scrimmage.seat.narration import Narrator
from scrimmage.seat.own_dice import Throw
from scrimmage.seat.policy import kind_named
from scrimmage.seat.table import Pending, Table
from scrimmage.seat.words import Question, glossary, glossary_entry, question

if TYPE_CHECKING:
    from scrimmage.coaches.advice import Advice

COMMANDS = ("help", "sheet", "undo", "quit", "ask", "auto")
COLUMNS_FROM = 8
"""Questions with more options than this list them in rows."""
INLINE_WIDTH = 96
"""Options that fit on a line this long are listed on one line."""
HELP_COMMANDS = ("At any question: a number or a name answers it (Enter takes the assistant's "
                 "choice). help [option] explains the choice, help terms the words of the "
                 "table (help TERM one of them); sheet shows your team sheet and "
                 "the plays you have left; undo takes back your last answer; ask KIND / auto "
                 "KIND take a kind of decision or hand it to the assistant (ask alone lists "
                 "them); quit saves the game and stops.")
HELP_DICE = ("Throw the die named and type its face; several faces on one line (3 17 8) go "
             "to the dice asked next. A printed face is typed as printed ((8) or 8, [2], FLAG, "
             "CLOCK, blank, D5A) or as its number on the sheet (#3); a card as its rank and "
             "suit (7H, 10D, KS, AS; 7♥ or 7 of hearts too). undo takes back the last die "
             "typed (or your last answer, whichever came last); sheet shows your team sheet; "
             "quit saves the game and stops.")


class Quit(Exception):
    """The person stopped the game (quit, Ctrl-C or the end of input); it is saved."""


class TerminalSeat:
    def __init__(self, table: Table, console: Console,
                 read: Callable[[], str] | None = None, advise: bool = False) -> None:
        self.table = table
        self.console = console
        self.advise = advise
        """Show the assistant's reasoning (`coaches.advice`) above each question."""
        self._read = read or input
        self.narrator = Narrator(dict(table.record_names), table.rules.periods)
        self.narrator.skip_to(table.game.plays)
        self._faces: list[str] = []
        """Faces typed ahead, for the dice asked next."""

    # -- the game ----------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the game ends (True) or the person quits (False; the game is saved)."""
        try:
            while True:
                pending = self.table.advance(on_play=self.show_settled_plays)
                self.show_new_plays()
                if pending is None:
                    return True
                if isinstance(pending, Throw):
                    self.throw(pending)
                else:
                    self.ask(pending)
        except Quit:
            self.table.save()
            return False

    def show_settled_plays(self) -> None:
        """While the computers play on: the new plays but the last, which may still change (a
        penalty or a timeout after it is written into it); `show_new_plays` shows it."""
        for line in self.narrator.lines(self.table.game.plays[:-1]):
            self.console.print(line)

    def show_new_plays(self) -> None:
        board = self.table.rules.scoreboard(self.table.game)
        for line in self.narrator.lines(self.table.game.plays, board):
            self.console.print(line)

    def ask(self, pending: Pending) -> None:
        """Ask one question until it is answered (commands may come first)."""
        q = question(self.table.rules, pending.decision, pending.suggestion, pending.view,
                     pending.outcomes.after, pending.outcomes.result)
        advice = None
        if self.advise:
            from scrimmage.coaches.advice import advise

            advice = advise(self.table.rules.name, pending.decision, pending.view)
            if advice is not None and advice.recommended in pending.decision.options:
                # Enter takes what the advice shown recommends, not the solitaire coach's pick.
                q = replace(q, suggestion=advice.recommended)
        self._show(pending, q, advice)
        while True:
            text = self._line()
            word, _, rest = text.strip().partition(" ")
            word = "help" if word == "?" else word.lower()      # "?" is help, as at most prompts
            if word in COMMANDS:
                if self._command(word, rest.strip(), pending, q):
                    return
                continue
            try:
                answer = q.read(text)
                if answer in q.confirm and not self._confirmed(q, answer):
                    continue
                pending.decision.check(answer)
            except IllegalDecision as exc:
                self.console.print(f"[red]{escape(str(exc))}[/]")
                continue
            # The answer is shown before the game goes on: the plays it settles are printed
            # while the computers play through (`show_settled_plays`).
            self.console.print(f"[dim]→ {escape(q.label(answer))}[/]")
            self.table.answer(answer)
            return

    def throw(self, die: Throw) -> None:
        """Ask for one die until its face is typed (a command may come first)."""
        shown = False
        while True:
            if not self._faces:
                if not shown:
                    self.console.print(f"[bold cyan]{escape(die.prompt)}[/]")
                    shown = True
                text = self._line()
                word, _, rest = text.strip().partition(" ")
                word = "help" if word == "?" else word.lower()
                if word in ("help", "sheet", "undo", "quit"):
                    if self._die_command(word, rest.strip()):
                        return
                    continue
                # "7 of hearts" is one card; other faces may come several to a line.
                self._faces = [text.strip()] if " of " in text else text.split()
                if not self._faces:
                    self.console.print(f"[red]Type what {escape(die.name)} shows: "
                                       f"{escape(die.shows)}.[/]")
                    continue
            face = self._faces.pop(0)
            try:
                self.table.throw(face)
            except IllegalDecision as exc:
                self._faces.clear()      # the faces typed after it were meant for later dice
                self.console.print(f"[red]{escape(str(exc))}[/]")
                shown = False
                continue
            return

    def _die_command(self, word: str, rest: str) -> bool:
        """A command typed at a die; True when it settled the die (an undo)."""
        c = self.console
        if word == "quit":
            raise Quit
        if word == "help":
            c.print(f"[dim]{escape(HELP_DICE)}[/]")
        elif word == "sheet":
            side = next((s for s, spec in self.table.seats.items() if spec.has_person),
                        Side.HOME)
            for line in self.table.rules.sheet(self.table.game, side) or ["(no sheet)"]:
                c.print(escape(line))
        elif word == "undo":
            return self._undo()
        return False

    def _undo(self) -> bool:
        try:
            self.table.undo()
        except (IllegalDecision, ScrimmageError) as exc:
            self.console.print(f"[red]{escape(str(exc))}[/]")
            return False
        self._faces.clear()
        self.narrator.skip_to(self.table.game.plays)
        self.console.print("[yellow]Taken back. Asking again:[/]")
        return True

    def _show(self, pending: Pending, q: Question, advice: Advice | None = None) -> None:
        c = self.console
        side = pending.side
        board = self.table.rules.scoreboard(self.table.game)
        c.print(f"[magenta]{escape(board.situation_line(side))}[/]")
        c.print(f"[dim magenta]{escape(board.resources_line(side))}[/]")
        for warning in board.warnings.get(side, ()):
            c.print(f"[bold red]{escape(warning)}[/]")
        if q.result:
            c.print(f"[bold]The play:[/] {escape(q.result)}")
        if advice is not None:
            from scrimmage.coaches.advice import advice_text

            labels = {ch.answer: ch.label for ch in q.choices}
            for line in advice_text(advice, labels):
                c.print(f"[green]{escape(line)}[/]")
        who = f"{self.table.record_names[side]}: " if self.table.people > 1 else ""
        c.print(f"[bold cyan]{escape(who + q.prompt)}[/]")
        inline = "   ".join(f"{i} {ch.label}{'*' if ch.answer == q.suggestion else ''}"
                              for i, ch in enumerate(q.choices, start=1))
        previews = any(ch.preview for ch in q.choices)
        if len(q.choices) > COLUMNS_FROM and not previews:
            self._columns(q)
        elif len(inline) <= INLINE_WIDTH and not previews:
            c.print("  " + escape(inline))
        else:
            for i, choice in enumerate(q.choices, start=1):
                note = " [dim](the assistant's choice)[/]" if choice.answer == q.suggestion \
                    else ""
                more = f" [dim]→ {escape(choice.preview)}[/]" if choice.preview else ""
                c.print(f"  [bold]{i}[/] {escape(choice.label)}{more}{note}")
        for answer, why in q.refused.items():
            c.print(f"  [dim]– {escape(q.refused_labels.get(answer, answer))}: {escape(why)}[/]")
        hint = f"Enter: {q.label(q.suggestion)}*" if q.suggestion is not None else ""
        c.print(f"  [dim]{escape(hint)}{' · ' if hint else ''}help · sheet · undo · quit[/]")

    def _confirmed(self, q: Question, answer: str) -> bool:
        """A choice that one key should not make by mistake: say what it does and ask."""
        self.console.print(f"[yellow]{escape(q.label(answer))}: {escape(q.confirm[answer])}. "
                           "Type yes to do it, or anything else to choose again.[/]")
        if self._line().strip().lower() in ("y", "yes"):
            return True
        self.console.print("[dim]Not done. Choose again:[/]")
        return False

    def _columns(self, q: Question) -> None:
        """A long list (The Grid's twenty defensive cards) in rows of four."""
        cells = [f"{i:>2} {ch.label}{'*' if ch.answer == q.suggestion else ''}"
                 for i, ch in enumerate(q.choices, start=1)]
        width = max(len(cell) for cell in cells) + 2
        for row in range(0, len(cells), 4):
            self.console.print("  " + "".join(cell.ljust(width) for cell in cells[row:row + 4]))


    def _line(self) -> str:
        self.console.print("> ", end="")
        try:
            return self._read()
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise Quit from None

    # -- commands ----------------------------------------------------------------------
    def _command(self, word: str, rest: str, pending: Pending, q: Question) -> bool:
        """Run a table command; True when it settled the question (an undo)."""
        c = self.console
        if word == "quit":
            raise Quit
        if word == "help":
            self._help(q, rest)
        elif word == "sheet":
            lines = self.table.rules.sheet(self.table.game, pending.side)
            for line in lines or ["(this game has no sheet to show)"]:
                c.print(escape(line))
            reads = [f"  {ch.label}: {ch.preview}" for ch in q.choices if ch.preview]
            if reads:
                c.print("What each answer to this question reads:")
                for line in reads:
                    c.print(escape(line))
        elif word == "undo":
            return self._undo()
        elif word in ("ask", "auto"):
            self._policy(word, rest, pending.side)
        return False

    def _help(self, q: Question, rest: str) -> None:
        c = self.console
        if rest.lower() in ("terms", "glossary"):
            c.print("[bold]The terms of the table[/] (help TERM for one):")
            for term, text in glossary(self.table.rules).items():
                c.print(f"  [bold]{escape(term)}[/]: {escape(text)}")
            return
        if rest:
            try:
                answer = q.read(rest)
            except IllegalDecision as exc:
                entry = glossary_entry(self.table.rules, rest)
                if entry is not None:
                    c.print(f"[bold]{escape(entry[0])}[/]: {escape(entry[1])}")
                else:
                    c.print(f"[red]{escape(str(exc))}[/] [dim](help terms lists the terms of "
                            "the table)[/]")
                return
            choice = next(ch for ch in q.choices if ch.answer == answer)
            c.print(f"[bold]{escape(choice.label)}[/]: {escape(choice.explain or q.help)}")
            return
        c.print(f"[bold]{escape(q.title)}[/]. {escape(q.help)}")
        for choice in q.choices:
            if choice.explain:
                c.print(f"  {escape(choice.label)}: {escape(choice.explain)}")
        c.print(f"[dim]{escape(HELP_COMMANDS)}[/]")

    def _policy(self, word: str, rest: str, side: Side) -> None:
        c = self.console
        policy = self.table.policy(side)
        kinds = self.table.rules.kinds
        if not rest:
            # `ask` or `auto` alone: the kinds there are, and who answers each now.
            c.print("The kinds of decision: type ask KIND to answer them yourself, auto KIND "
                    "to hand them to the assistant.")
            for line in policy.listing(kinds):
                c.print(escape(line))
            return
        try:
            kind = kind_named(rest)
        except ScrimmageError as exc:
            c.print(f"[red]{escape(str(exc))}[/]")
            return
        if kind not in kinds:
            c.print(f"[red]{escape(self.table.rules.title)} has no {escape(kind.value)} "
                    "decisions.[/]")
            return
        (policy.ask if word == "ask" else policy.auto)(kind)
        self.table.changed_policy()
        c.print(escape(policy.describe(kinds)) + "; the assistant answers the rest.")
