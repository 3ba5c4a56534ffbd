"""A league: one season of one ruleset, saved as it goes (issue 34).

A league is its ruleset and options, its teams (each with the sheet it plays with and who
coaches it: a person's seat or a computer coach), its schedule (weeks of games, home teams,
neutral sites), its playoff format, and its seed. Its results are stored game by game
(`league.store`); standings, playoffs and the champion are worked out from them
(`league.progress`), never kept on the side, so they cannot disagree.

Game `index` of a league has the seed `game_seed(game_seed(seed, replay), index)`: the regular
season first, in schedule order, then the playoff games in bracket order. That is the seed
`scrimmage season` has always given replay `replay`'s games, so a season replayed as a
computer-only league is the same season (`season.replay` plays it through this model).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scrimmage.core.errors import ScrimmageError
from scrimmage.season.data import Format, ScheduledGame, TeamSeason
from scrimmage.sim.batch import game_seed

KINDS = ("season", "own", "grid")
"""A real season, a league of your own, a Grid league of drafted (or auctioned) teams."""
PERSON = "person"
COIN_INDEX = 1_000_000
"""The game index whose seed drives the coin tosses of the tie-breakers."""
PLAYOFF_RETRIES = 5
"""A tied playoff game is played again (a new seed) up to this many times (docs/seasons.md)."""


@dataclass
class Coaching:
    """Who coaches a team: "person" (a person's seat, with what the person answers) or a
    computer coach kind ("solitaire", "smart", ...)."""

    kind: str = "solitaire"
    ask: dict[str, Any] | None = None
    """A person's `AskPolicy` as JSON (None: the default, the calls and the big choices)."""
    name: str = ""
    """The person's name, where one was given."""
    fallback: str = ""
    """The computer coach that finishes a person's game at a deadline ("": solitaire)."""
    run_share: float | None = None
    """Football Legends: the share of run calls the computer makes for this coach."""
    fourth_down: str = "book"
    """Football Legends: cautious, book or bold on fourth down, for the computer."""

    @property
    def person(self) -> bool:
        return self.kind == PERSON

    def computer(self) -> str:
        """The computer coach that plays for this team (a person's, when the computer plays
        for them), with this coach's tendencies (`coaches.tendency`)."""
        kind = (self.fallback or "solitaire") if self.person else self.kind
        if self.run_share is not None:
            kind += f"+run={self.run_share:g}"
        if self.fourth_down != "book":
            kind += f"+fourth={self.fourth_down}"
        return kind

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.ask is not None:
            out["ask"] = self.ask
        for key, value, default in (("name", self.name, ""), ("fallback", self.fallback, ""),
                                    ("run_share", self.run_share, None),
                                    ("fourth_down", self.fourth_down, "book")):
            if value != default:
                out[key] = value
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Coaching:
        run = data.get("run_share")
        return cls(str(data.get("kind", "solitaire")), data.get("ask"), str(data.get("name", "")),
                   str(data.get("fallback", "")), None if run is None else float(run),
                   str(data.get("fourth_down", "book")))


@dataclass
class LeagueTeam:
    code: str
    """The team's key in the league (the season data's code for a real season)."""
    name: str
    """The name on its sheet."""
    conference: str
    division: str
    sheet: dict[str, Any]
    """The team data the ruleset loads."""
    coaching: Coaching = field(default_factory=Coaching)
    real: TeamSeason | None = None
    """What the team really did (a real season's teams)."""

    def season_row(self) -> TeamSeason:
        """The team as the standings read it (the real record where there is one)."""
        if self.real is not None:
            return self.real
        return TeamSeason(self.code, self.name, "", self.conference, self.division, 0, 0, 0, 0,
                          0, False, False)


@dataclass(frozen=True)
class Fixture:
    """A game on the schedule: its index (which gives its seed), the week, the teams."""

    index: int
    week: int
    home: str
    away: str
    neutral: bool = False
    game_type: str = "REG"
    """REG for the regular season; a playoff round (WC, DIV, CON, SB; P1, P2... in a league
    of your own)."""

    def to_json(self) -> list[Any]:
        return [self.index, self.week, self.home, self.away, int(self.neutral), self.game_type]

    @classmethod
    def from_json(cls, data: list[Any]) -> Fixture:
        return cls(int(data[0]), int(data[1]), str(data[2]), str(data[3]), bool(data[4]),
                   str(data[5]))


@dataclass
class League:
    name: str
    rules: str
    options: dict[str, Any]
    kind: str
    seed: int
    teams: dict[str, LeagueTeam]
    schedule: list[Fixture]
    """The regular season, in index order."""
    formats: list[Format]
    season: int | None = None
    replay: int = 0
    """Which replay of its seed this league is (`scrimmage season --replays N` plays 0..N-1;
    a person's league is replay 0)."""
    source: str = ""
    """Where the schedule came from, in one line."""
    league_id: str = ""
    access: dict[str, list[str]] = field(default_factory=dict)
    """SHA-256 digests of the tokens that act for the league on the web, each with the teams
    it coaches ("*": every person's team). Never a token in clear."""
    extra: dict[str, Any] = field(default_factory=dict)
    """What an online league adds (`league.online`): its week clock and its audit log."""
    version: int | None = None
    """The version of its stored row it was read at (not part of its JSON; None: not read
    from a store). `LeagueStore.update` writes it only over that version."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ScrimmageError(f"a league is one of {', '.join(KINDS)}, not {self.kind!r}")

    # -- seeds ------------------------------------------------------------------------
    def game_seed(self, index: int, attempt: int = 0) -> int:
        """The seed of game `index` (a tied playoff game's `attempt`s get their own)."""
        base = game_seed(game_seed(self.seed, self.replay), index)
        return base if attempt == 0 else game_seed(base, attempt)

    def coin_seed(self) -> int:
        return game_seed(game_seed(self.seed, self.replay), COIN_INDEX)

    # -- what it holds ----------------------------------------------------------------
    @property
    def weeks(self) -> int:
        return max((f.week for f in self.schedule), default=0)

    @property
    def people(self) -> list[str]:
        """The codes of the teams people coach."""
        return [c for c, t in self.teams.items() if t.coaching.person]

    def scheduled(self) -> list[ScheduledGame]:
        return [ScheduledGame(f.week, f.home, f.away, f.neutral) for f in self.schedule]

    def season_rows(self) -> list[TeamSeason]:
        return [t.season_row() for t in self.teams.values()]

    def team_named(self, text: str) -> LeagueTeam:
        """A team by its code or name (any case), or a one-line error listing a few."""
        low = text.strip().lower()
        for t in self.teams.values():
            if low in (t.code.lower(), t.name.lower()):
                return t
        found = [t for t in self.teams.values() if low and low in t.name.lower()]
        if len(found) == 1:
            return found[0]
        some = ", ".join(sorted(t.name for t in self.teams.values())[:6])
        raise ScrimmageError(f"no team {text!r} in this league (its teams: {some}...)")

    # -- saved form -----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "rules": self.rules, "options": self.options, "kind": self.kind,
            "seed": self.seed, "season": self.season, "replay": self.replay,
            "source": self.source, "access": self.access, "extra": self.extra,
            "formats": [[f.conference, f.qualifiers, f.byes, int(f.division_winners_first),
                         f.neutral_rounds, int(f.super_bowl)] for f in self.formats],
            "schedule": [f.to_json() for f in self.schedule],
            "teams": [_team_json(t) for t in self.teams.values()],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], league_id: str = "") -> League:
        teams = {}
        for t in data["teams"]:
            real = t.get("real")
            teams[t["code"]] = LeagueTeam(
                t["code"], t["name"], t["conference"], t["division"], t["sheet"],
                Coaching.from_json(t.get("coaching", {})),
                TeamSeason(*real) if real is not None else None)
        return cls(
            name=data["name"], rules=data["rules"], options=dict(data.get("options", {})),
            kind=data["kind"], seed=int(data["seed"]), teams=teams,
            schedule=[Fixture.from_json(f) for f in data["schedule"]],
            formats=[Format(f[0], int(f[1]), int(f[2]), bool(f[3]), int(f[4]), bool(f[5]))
                     for f in data["formats"]],
            season=data.get("season"), replay=int(data.get("replay", 0)),
            source=str(data.get("source", "")), league_id=league_id,
            access={str(k): list(v) for k, v in data.get("access", {}).items()},
            extra=dict(data.get("extra", {})))


def _team_json(t: LeagueTeam) -> dict[str, Any]:
    out: dict[str, Any] = {"code": t.code, "name": t.name, "conference": t.conference,
                           "division": t.division, "sheet": t.sheet,
                           "coaching": t.coaching.to_json()}
    if t.real is not None:
        r = t.real
        out["real"] = [r.code, r.name, r.league, r.conference, r.division, r.wins, r.losses,
                       r.ties, r.points_for, r.points_against, r.playoffs, r.champion]
    return out
