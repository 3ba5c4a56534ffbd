"""A league's games as they are played: what stands now (`State`), the computer games played
by the computer (`sim`), a person's game started or picked up (`person_game`) and closed
(`finish_person_game`), and any finished game played again in full (`replay_game`).

The terminal and the web page run a person's game at the same `seat.table.Table` as any
other game; its record lives in the `games` table, its decisions appended as they are
answered, so the game is picked up wherever it stopped.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from scrimmage.api import new_game
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord
from scrimmage.core.ruleset import find_ruleset
from scrimmage.core.stats import box_score, player_stats
from scrimmage.league.model import Fixture, League
from scrimmage.league.progress import Progress, Score, fixtures_known, progress
from scrimmage.league.runner import coach_kinds, play_games
from scrimmage.league.store import FINAL, PLAYING, GameRow, LeagueStore, scores
from scrimmage.season.runner import playoff_options
from scrimmage.seat.policy import AskPolicy
from scrimmage.seat.table import SeatSpec
from scrimmage.web import fairness as fair
from scrimmage.web.store import SavedSeat


@dataclass
class State:
    league: League
    rows: dict[int, GameRow]
    scores: dict[int, Score]
    progress: Progress
    fixtures: list[Fixture]
    """Every game whose teams are known, in index order."""
    pending: list[Fixture] = field(default_factory=list)
    """The games not finished (in play, due, or a tied playoff game to play again)."""

    def attempt(self, fixture: Fixture) -> int:
        """The attempt of `fixture` to play next (a tied playoff game is played again)."""
        row = self.rows.get(fixture.index)
        if row is None:
            return 0
        return row.attempt + (1 if row.final else 0)

    def person_team(self, fixture: Fixture) -> str | None:
        """The team of the game a person coaches (the home team if both are people's)."""
        for code in (fixture.home, fixture.away):
            if self.league.teams[code].coaching.person:
                return code
        return None

    def next_for(self, code: str) -> Fixture | None:
        return next((f for f in self.pending if code in (f.home, f.away)), None)

    @property
    def current_week(self) -> int:
        return min((f.week for f in self.pending), default=0)


def state(store: LeagueStore, league: League) -> State:
    rows = store.game_rows(league.league_id)
    done = scores(rows, len(league.schedule))
    known = sorted(fixtures_known(league, done), key=lambda f: f.index)
    prog = progress(league, done)
    return State(league, rows, done, prog, known, [f for f in known if f.index not in done])


Pick = Callable[[State, Fixture], bool]


def sim(store: LeagueStore, league: League, pick: Pick, workers: int = 1,
        on_game: Callable[[int], None] | None = None, auto: Sequence[str] = (),
        niceness: int = 0) -> int:
    """Play every computer game `pick` chooses, round after round (a finished regular season
    makes the playoffs due, a tied playoff game is played again), until none is left; the
    games people coach are left to them unless their team is in `auto`. Returns the number of
    games played."""
    played = 0
    while True:
        st = state(store, league)
        games = [(f, st.attempt(f)) for f in st.pending
                 if pick(st, f) and not _has_person(st, f, auto)
                 and st.rows.get(f.index, _NONE).status != PLAYING]
        if not games:
            return played
        fixtures = {f.index: f for f, _ in games}
        for chunk in play_games(league, games, workers, auto, niceness=niceness):
            rows = [GameRow(o.index, o.attempt, FINAL, o.home_points, o.away_points, None,
                            o.box, o.players, coach_kinds(league, fixtures[o.index], auto))
                    for o in chunk]
            store.save_games(league.league_id, rows)
            played += len(rows)
            if on_game is not None:
                on_game(played)


def _has_person(st: State, f: Fixture, auto: Sequence[str]) -> bool:
    return any(st.league.teams[c].coaching.person and c not in auto for c in (f.home, f.away))


_NONE = GameRow(-1, 0, "", None, None, None, None, None, {})


def week_pick(week: int) -> Pick:
    return lambda st, f: f.week == week


def to_week_pick(week: int) -> Pick:
    return lambda st, f: f.week <= week


def to_my_game_pick(code: str | None) -> Pick:
    """Every game up to the person's next one (the other games of its week included)."""
    def pick(st: State, f: Fixture) -> bool:
        mine = st.next_for(code) if code is not None else None
        return mine is None or f.week <= mine.week
    return pick


def everything(st: State, f: Fixture) -> bool:
    return True


# -- a person's game -----------------------------------------------------------------------

def seats_for(league: League, fixture: Fixture, auto: Sequence[str] = ()) -> dict[Side, SeatSpec]:
    out = {}
    for side, code in ((Side.HOME, fixture.home), (Side.AWAY, fixture.away)):
        c = league.teams[code].coaching
        if c.person and code not in auto:
            policy = AskPolicy.from_json(c.ask) if c.ask is not None else AskPolicy()
            out[side] = SeatSpec.person(policy)
        else:
            out[side] = SeatSpec.computer("solitaire" if c.person else c.kind)
    return out


def person_game(store: LeagueStore, st: State, fixture: Fixture,
                access: dict[str, list[str]] | None = None,
                fair_dice: bool = False) -> tuple[str, GameRecord]:
    """The game row of a person's league game: the one in play, or a new one (its seed the
    league's for this game and attempt). `access` gives the digests of tokens that open a
    team's seat (the league's), so the same token opens each of its team's games. With
    `fair_dice` (the server's pages), a new game between two people's teams whose seats
    different tokens open takes its seed from both coaches instead (`web.fairness`), as a
    friend's game does."""
    league = st.league
    row = st.rows.get(fixture.index)
    if row is not None and row.status == PLAYING and row.game_id is not None:
        record = store.games.record(row.game_id)
        if record is None:
            raise ScrimmageError(f"game {row.game_id} of league {league.league_id} is missing")
        return row.game_id, record
    attempt = st.attempt(fixture)
    options = playoff_options(find_ruleset(league.rules), league.options, fixture.game_type,
                              fixture.neutral)
    home, away = league.teams[fixture.home], league.teams[fixture.away]
    _, record = new_game(league.rules, home.sheet, away.sheet,
                         seed=league.game_seed(fixture.index, attempt), **options)
    seats = seats_for(league, fixture)
    record.seats = {side.value: spec.to_json() for side, spec in seats.items()}
    game_id = secrets.token_urlsafe(9)
    digests = {}
    for token_digest, codes in (access or {}).items():
        for side, code in ((Side.HOME, fixture.home), (Side.AWAY, fixture.away)):
            if league.teams[code].coaching.person and ("*" in codes or code in codes):
                digests[token_digest] = SavedSeat(side.value)
    secret = None
    if fair_dice and fair.between_people(seats) and \
            {seat.side for seat in digests.values()} == {s.value for s in Side}:
        secret = fair.arrange(record)
    kinds = {"home": seats[Side.HOME].offense, "away": seats[Side.AWAY].offense}
    started = store.start_game(league.league_id, GameRow(fixture.index, attempt, PLAYING, None,
                                                         None, game_id, None, None, kinds),
                               record, digests, secret)
    if started != game_id:
        # Both coaches opened the game at once (through two server processes): the first
        # one begun is the game.
        found = store.games.record(started)
        if found is None:
            raise ScrimmageError(f"game {started} of league {league.league_id} is missing")
        return started, found
    return game_id, record


def finish_person_game(store: LeagueStore, league: League, fixture: Fixture, game_id: str,
                       record: GameRecord, attempt: int) -> None:
    """Count a person's finished game: its score and box-score lines."""
    plays = record.plays
    box = box_score(plays, record.home, record.away)
    lines = None
    if league.rules == "5d20":
        lines = {f"{team}|{name}": line for (team, name), line in player_stats(plays).items()}
    hp, ap = record.final_score[record.home], record.final_score[record.away]
    kinds = {k: str(v.get("offense", "person")) for k, v in
             (("home", record.seats.get("HOME", {})), ("away", record.seats.get("AWAY", {})))}
    store.save_games(league.league_id, [GameRow(
        fixture.index, attempt, FINAL, hp, ap, game_id,
        {fixture.home: box[record.home], fixture.away: box[record.away]}, lines, kinds)])


def replay_game(store: LeagueStore, st: State, index: int) -> GameRecord:
    """A finished game played again from its inputs, every play of it: a person's from its
    decisions, a computer game from its seed and its coaches."""
    from scrimmage.api import play_game, replay

    row = st.rows.get(index)
    if row is None or not row.final:
        raise ScrimmageError(f"game {index} has not been played yet")
    if row.game_id is not None:
        saved = store.games.record(row.game_id)
        if saved is None:
            raise ScrimmageError(f"game {index}'s record is missing from the database")
        saved.finished = True
        record = replay(saved)
    else:
        fixture = next(f for f in st.fixtures if f.index == index)
        league = st.league
        options = playoff_options(find_ruleset(league.rules), league.options,
                                  fixture.game_type, fixture.neutral)
        record = play_game(league.rules, league.teams[fixture.home].sheet,
                           league.teams[fixture.away].sheet,
                           seed=league.game_seed(index, row.attempt), coaches=row.coaches,
                           **options)
    score = (record.final_score[record.home], record.final_score[record.away])
    if score != (row.home_points, row.away_points):
        raise ScrimmageError(f"game {index} no longer plays as it did ({score} against the "
                             f"stored {row.home_points}-{row.away_points}): another version "
                             "of scrimmage?")
    return record
