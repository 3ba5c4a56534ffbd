"""A league with friends online (issue 35): a link for each team and one for the commissioner,
coaches who claim their team and may hand it on, weeks with deadlines, absent coaches covered
at the deadline by their own settings, and an audit log of everything the commissioner does.

Tokens are kept as SHA-256 digests in the league's `access` (digest -> what the token opens:
a team's code, or COMMISSIONER). A team nobody has claimed is coached by the computer; its
games, and every game between two computer teams, are played when its week opens.

The week clock: `Online.week` is the week open for play (0 until the commissioner starts the
season, once the coaches have joined) and `deadline` when it closes (epoch seconds; None: the
commissioner closes it by hand). At the deadline (`deadline_pass`) every
game of the week still unfinished is finished by the computer: a game nobody started is
played by each absent coach's computer coach; a game in progress goes on from where it stood,
the absent seat's questions answered by its coach's computer coach (the kinds the coach gave
the assistant still by the assistant), each such answer saved as answered "at the deadline".
Then the next week opens. A deadline that passed while the server was down is applied when
it looks again (`due_deadlines`).

Several server processes may share the database, each with its week clock: closing a week
takes the league's turn (`LeagueStore.turn`) and looks at the league again once it has it,
so a week is closed once, by one process; a game covered at the deadline is written only
over the version it was read at, so a coach's answer through another process is never
overwritten (the cover goes on from it); every change to the league is a `change` (written
over the version read, else redone), so a claim or a setting made meanwhile is kept.
"""

from __future__ import annotations

import secrets
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from scrimmage.core.decisions import Decision
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.field import Side
from scrimmage.league.model import PERSON, Coaching, Fixture, League
from scrimmage.league.playing import (
    State,
    finish_person_game,
    seats_for,
    sim,
    state,
)
from scrimmage.league.store import PLAYING, Busy, LeagueStore
from scrimmage.web.store import Moved, digest

COMMISSIONER = "#commissioner"
TOKEN_BYTES = 24
RHYTHMS = {"day": 24 * 3600, "week": 7 * 24 * 3600, "hand": None}
"""How long a week stays open: a day, a week, or until the commissioner closes it."""
DEADLINE = "deadline"
"""Who answered a decision the computer made for an absent coach at the deadline."""
COVER_TRIES = 8
"""Times a cover starts again from a coach's answer written meanwhile before giving up."""


@dataclass
class Online:
    rhythm: str = "week"
    week: int = 1
    """The week open for play (0: the season has not started)."""
    deadline: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {"rhythm": self.rhythm, "week": self.week, "deadline": self.deadline}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Online | None:
        if not data:
            return None
        return cls(str(data.get("rhythm", "week")), int(data.get("week", 1)),
                   data.get("deadline"))


def online(league: League) -> Online:
    found = Online.from_json(league.extra.get("online"))
    if found is None:
        raise ScrimmageError("this league is not played online (make it with online: true)")
    return found


def set_online(league: League, value: Online) -> None:
    league.extra["online"] = value.to_json()


# -- links ------------------------------------------------------------------------------------

def open_online(league: League, rhythm: str = "week", now: float | None = None
                ) -> tuple[str, dict[str, str]]:
    """Make `league` an online league: a commissioner token and one token per team (the
    teams become the computer's until claimed). Returns (commissioner token, code -> token)."""
    if rhythm not in RHYTHMS:
        raise ScrimmageError(f"a week lasts a day, a week or until the commissioner closes it "
                             f"(day, week or hand), not {rhythm!r}")
    commissioner = secrets.token_urlsafe(TOKEN_BYTES)
    league.access = {digest(commissioner): [COMMISSIONER]}
    links = {}
    kind = computer_kind(league)
    for code, team in league.teams.items():
        token = secrets.token_urlsafe(TOKEN_BYTES)
        league.access[digest(token)] = [code]
        links[code] = token
        if team.coaching.person:
            team.coaching = Coaching(kind)
    set_online(league, Online(rhythm, 0, None))       # the commissioner starts the season
    return commissioner, links


def computer_kind(league: League) -> str:
    """The computer coach the league's computer teams have (the one it was made with), which
    also takes a team nobody coaches any more; solitaire where no team has one."""
    kinds = Counter(t.coaching.kind for t in league.teams.values() if not t.coaching.person)
    return kinds.most_common(1)[0][0] if kinds else "solitaire"


def _deadline(rhythm: str, now: float | None) -> float | None:
    span = RHYTHMS[rhythm]
    return None if span is None else (now if now is not None else time.time()) + span


def role(league: League, token: str | None) -> tuple[bool, list[str]]:
    """(commissioner?, the teams the token coaches)."""
    from scrimmage.web.store import opened_by

    if not token:
        return False, []
    found = opened_by(token, league.access)
    if found is None:
        raise PermissionError("this token opens nothing in this league")
    if "*" in found:
        return True, league.people
    return COMMISSIONER in found, [c for c in found if c in league.teams]


def claim(league: League, code: str, name: str) -> None:
    """A coach takes their team: from now on their games wait for them."""
    name = " ".join(name.split())
    if not 1 <= len(name) <= 40:
        raise ScrimmageError("a display name has 1 to 40 characters")
    team = league.teams[code]
    keep = team.coaching if team.coaching.person else Coaching(PERSON)
    keep.name = name
    team.coaching = keep


def hand_on(league: League, code: str) -> str:
    """A new link for the team; every old one of that team stops working."""
    league.access = {d: codes for d, codes in league.access.items() if codes != [code]}
    token = secrets.token_urlsafe(TOKEN_BYTES)
    league.access[digest(token)] = [code]
    return token


def settings(league: League, code: str, changes: dict[str, Any]) -> None:
    """A coach's settings for the games the computer finishes for them: their computer coach,
    what they answer themselves (the rest goes to the assistant: `calls`, `all` or kinds
    separated by commas, or a policy's JSON {always, when_it_matters}), and in Football
    Legends a run share and a fourth-down aggressiveness."""
    from scrimmage.core.ruleset import find_ruleset
    from scrimmage.seat.policy import AskPolicy

    c = league.teams[code].coaching
    for key, value in changes.items():
        if key == "computer":
            find_ruleset(league.rules).default_coach(str(value), 0)
            c.fallback = str(value)
        elif key == "ask":
            asked = (AskPolicy.from_json(value) if isinstance(value, dict)
                     else AskPolicy.parse(str(value)))
            c.ask = asked.to_json()
        elif key == "run_share":
            if value is not None and not 0.0 <= float(value) <= 1.0:
                raise ScrimmageError("a run share is between 0 and 1")
            c.run_share = None if value is None else float(value)
        elif key == "fourth_down":
            if value not in FOURTH_DOWN:
                raise ScrimmageError(f"fourth-down aggressiveness is one of "
                                     f"{', '.join(FOURTH_DOWN)}")
            c.fourth_down = str(value)
        else:
            raise ScrimmageError(f"no coach setting {key!r}")


FOURTH_DOWN = ("cautious", "book", "bold")


def ask_policy(league: League, code: str) -> dict[str, Any]:
    """What the coach of `code` answers themselves (their default when they never said), and
    every kind of decision in a person's words: the settings page's checklist."""
    from scrimmage.core.decisions import Kind
    from scrimmage.seat.policy import KIND_WORDS, AskPolicy

    c = league.teams[code].coaching
    policy = AskPolicy.from_json(c.ask) if c.ask is not None else AskPolicy()
    return {**policy.to_json(), "kinds": {k.value: KIND_WORDS.get(k, k.value) for k in Kind}}


def coaches(league: League) -> list[dict[str, Any]]:
    """Who coaches each team: `coach` the name its person gave ("" while nobody has taken
    it, or since it was handed on), `person` whether its games wait for a person."""
    return [{"code": code, "team": t.name, "coach": t.coaching.name if t.coaching.person else "",
             "person": t.coaching.person} for code, t in league.teams.items()]


def public(league: League) -> dict[str, Any]:
    """What everybody may know of an online league: its week clock, its coaches, how long
    its audit log is (a change to any of them is news for the league's page)."""
    return {**online(league).to_json(), "teams": coaches(league),
            "log": len(league.extra.get("audit", []))}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# -- the week clock ---------------------------------------------------------------------------

def open_week_games(store: LeagueStore, league: League, workers: int = 1) -> int:
    """The computer plays the open week's games that no person coaches."""
    week = online(league).week
    return sim(store, league, lambda st, f: f.week <= week, workers)


def deadline_pass(store: LeagueStore, league: League, now: float | None = None,
                  workers: int = 1, log: Callable[[str], None] | None = None) -> int:
    """Close the open week: finish every game of it the people did not (see the module's
    docstring), then open the next week with a new deadline. Returns the games finished.
    The caller holds the league's turn (`LeagueStore.turn`); `league` is brought up to
    date."""
    o = online(league)
    if o.week == 0:                                   # the season starts: week 1 opens
        store.change(league, lambda lg: _open_week(lg, 1, now))
        return 0
    st = state(store, league)
    finished = 0
    for f in [f for f in st.pending if f.week <= o.week]:
        if cover(store, st, f):
            finished += 1
    finished += sim(store, league, lambda s, f: f.week <= o.week, workers,
                    auto=league.people)
    st = state(store, league)
    later = [f.week for f in st.pending]
    week = min(later) if later else o.week
    store.change(league, lambda lg: _open_week(lg, week, now))
    if log is not None:
        log(f"closed the week: {plural(finished, 'game')} finished by the computer; "
            f"week {week} open")
    return finished


def _open_week(league: League, week: int, now: float | None) -> None:
    o = online(league)
    o.week, o.deadline = week, _deadline(o.rhythm, now)
    set_online(league, o)


def _cover_answer(coaches: dict[Side, Any], decision: Decision, view: Any) -> tuple[str, str]:
    return str(coaches[decision.seat].decide(decision, view)), DEADLINE


def cover(store: LeagueStore, st: State, fixture: Fixture) -> bool:
    """Finish a person's game in progress for the coaches who are not there (each absent
    seat's questions by its computer coach, saved as answered at the deadline). False when
    the game is not in progress (the sim plays it whole)."""
    from scrimmage.seat.table import Table
    from scrimmage.web.fairness import setting_up

    row = st.rows.get(fixture.index)
    if row is None or row.status != PLAYING or row.game_id is None:
        return False
    league = st.league
    for _ in range(COVER_TRIES):
        loaded = store.games.load(row.game_id)
        if loaded is None:
            return False
        record = loaded.record
        if setting_up(record):
            # The fair dice never got both values: the game never began. The computer plays
            # it whole, with the league's own seed for it, like a game nobody started.
            store.drop_attempt(league.league_id, fixture.index, row.attempt)
            return False
        table = Table(record, seats_for(league, fixture), source=f"league game {row.game_id}")
        coaches = {}
        for side, code in ((Side.HOME, fixture.home), (Side.AWAY, fixture.away)):
            c = league.teams[code].coaching
            coaches[side] = table.rules.default_coach(c.computer(), 7919 * (3 + fixture.index))
        kept = len(record.decisions)
        table.stand_in(partial(_cover_answer, coaches))
        try:
            # Only over the version read: a coach who answered just now (through any server
            # process) keeps the answer, and the cover goes on from it.
            store.games.save(row.game_id, kept, table.record.decisions[kept:], "over",
                             version=loaded.version)
        except Moved:
            continue
        finish_person_game(store, league, fixture, row.game_id, table.record, row.attempt)
        return True
    raise Busy(f"game {fixture.index} is being played right now: try again")


def due_deadlines(store: LeagueStore, now: float | None = None, workers: int = 1) -> list[str]:
    """Apply every deadline that has passed (at start, and then every little while): the
    ids of the leagues whose week closed. A league another process is closing now is left
    to it; one whose week closed while this process waited for its turn is left as it is."""
    now = time.time() if now is None else now
    closed = []
    for entry in store.leagues():
        league_id = entry["league_id"]
        if not _due(store.league(league_id), now):
            continue
        try:
            with store.turn(league_id):
                league = store.league(league_id)      # as it stands now the turn is ours
                if not _due(league, now):
                    continue
                def note(text: str, lg: League = league) -> None:
                    audit(store, lg, "the deadline", text)

                deadline_pass(store, league, now, workers, log=note)
                open_week_games(store, league, workers)
        except Busy:
            continue
        closed.append(league_id)
    return closed


def _due(league: League, now: float) -> bool:
    o = Online.from_json(league.extra.get("online"))
    return o is not None and o.deadline is not None and o.deadline <= now


# -- the audit log ----------------------------------------------------------------------------

def audit(store: LeagueStore, league: League, who: str, what: str) -> None:
    """Note a commissioner's (or the clock's) action, for every coach to read."""
    at = time.time()

    def note(lg: League) -> None:
        log = list(lg.extra.get("audit", []))
        log.append({"at": at, "who": who, "what": what})
        lg.extra["audit"] = log[-500:]

    store.change(league, note)


def audit_log(league: League) -> list[dict[str, Any]]:
    return list(league.extra.get("audit", []))


