"""Invariants of a finished game's play record, for every ruleset (issue 17, part INV).

The play records (nflverse column names) must tell the truth whatever the coaches do. These
checks read only a game's record -- its plays, its teams and the decisions taken (the coin
tosses) -- never the engine's state, so they judge the engine from the outside:

- `kickoff_team`: every kickoff is kicked by the team the rules name. The game's and each
  half's opening kickoff follow the toss (FNL-9, FNL-95; GRID-14; FR-4, FR-37; 5D20 by NFL
  rules, AMB-D20-1): the first half's receiver kicks to open the second half, unless a
  Legends team deferred and then chose (the `second_half` decision). After a touchdown (and
  its try) or a field goal the scorer kicks (FNL-14, GRID-15/43/45, FR-7); after a safety the
  team scored on kicks (FNL-20, GRID-47, D20-11) -- in 1st & Roll it punts from its own 20
  instead (FR-33). Overtime: a toss per period in Legends pro, 5D20 and 1st & Roll
  (AMB-FNL-14, AMB-D20-1, FR-39); The Grid alternates the first possession from its second
  overtime period (GRID-50, AMB-GRID-13); Legends high school and college overtime has no
  kickoffs at all (alternating series, AMB-FNL-14). A half or a kickoff overtime period opens
  with its kickoff, and a kickoff comes only when one is due (a re-kick repeats the kicker).
- `score_columns`: `posteam` and `defteam` are the two teams, `posteam_type` names
  `posteam`'s side, `posteam_score`/`defteam_score` are those teams' scores before the play
  and the `_post` columns their scores after it (the `total_*_score` columns).
- `snap_spots`: every snap and try is on the field, 0 < `yardline_100` < the field's length
  (100 yards; 60 in The Grid, GRID-1).
- `kickoff_spots`: every kickoff is kicked from a spot on the field (the kicking team's own
  yard line, 0 < spot < 100). The Grid starts every kickoff in the receiving end zone
  (GRID-16: `yardline_100` 0); a regular 1st & Roll kickoff has no spot (FR-8: the ball is
  placed by the kick dice), its onside kick does (FR-9).
- `overtime_series` (Legends high school and college only, AMB-FNL-14 house rules: NFHS
  series from the 10, college from the 25): each overtime period is one series per team, of
  different teams, the first team alternating from period to period; each series starts
  first-and-ten (or goal) at the spot; a series ends with its first score, and no snap comes
  outside a series.

Record conventions the checks rely on (every ruleset's `records.py`): a kickoff's `posteam`
is the receiving team, except Football Legends, whose onside kick recovered by the kickers
gives the record to the kickers (`own_kickoff_recovery`, as nflverse does for the recovering
team). `qtr` counts quarters (overtime periods are 5, 6, ...), except The Grid's halves
(1, 2, then overtime periods 3, 4, ...).

`check_game(record)` returns every `Break`; `CHECKS` names them; `checks_for(rules)` says which
checks apply to a ruleset. `random_game(rules, seed)` plays the game the soak and the property
test check; `scrimmage.play_game(rules, *pairing(rules, seed), seed=seed, coaches="random")`
replays the same game with its narration.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from scrimmage.api import make_coaches
from scrimmage.core.dice import SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord
from scrimmage.core.ruleset import find_ruleset

Play = dict[str, Any]

CHECKS = ("kickoff_team", "score_columns", "snap_spots", "kickoff_spots", "overtime_series",
          "kickoff_fouls", "game_clock")

SCRIMMAGE = frozenset({"run", "pass", "punt", "field_goal", "qb_kneel", "qb_spike"})
"""Play types of a snap from scrimmage (a try is told apart by its own columns)."""
ON_THE_FIELD = SCRIMMAGE | {"no_play", "extra_point"}
"""Play types that carry the ball's spot at the snap (kickoffs aside)."""
SAFETY_PUNT_LINE = 80
"""FR-33: the punt after a safety is from the kicking team's own 20."""


@dataclass(frozen=True)
class Profile:
    """What the checks need to know of a ruleset's rules and record conventions."""

    field_length: int = 100
    halves_in_quarters: bool = True
    """`qtr` counts quarters (two per half); The Grid's `qtr` is the half."""
    kickers_own_recovery: bool = False
    """A kickoff recovered by the kickers is recorded with the kickers as `posteam`."""
    overtime: str = "toss"
    """How an overtime period starts: "toss" (a kickoff per the period's toss decision),
    "alternate" (a kickoff; the receiver of the first period is drawn, then alternates),
    "series" (no kickoffs: alternating series from `overtime_spot`)."""
    overtime_spot: int = 0
    safety_kick: str = "kickoff"
    """What the team scored on kicks after a safety: "kickoff" or "punt" (FR-33)."""
    kickoff_spot: str = "field"
    """"field" (0 < spot < 100), "end_zone" (always 0, GRID-16) or "onside_only" (only an
    onside kick has a spot, FR-8/9)."""
    carries_fouls: bool = False
    """A foul on a scoring play may be marked off on the next kickoff (FNL-36, D20-48): the
    record says so with `penalty_on_kickoff` and the kickoff's `carried_penalty_yards`."""


PROFILES: dict[str, Profile] = {
    "legends-hs": Profile(kickers_own_recovery=True, overtime="series", overtime_spot=10,
                          carries_fouls=True),
    "legends-college": Profile(kickers_own_recovery=True, overtime="series", overtime_spot=25,
                               carries_fouls=True),
    "legends-pro": Profile(kickers_own_recovery=True, carries_fouls=True),
    "5d20": Profile(carries_fouls=True),
    "grid": Profile(field_length=60, halves_in_quarters=False, overtime="alternate",
                    kickoff_spot="end_zone"),
    "1st-and-roll": Profile(safety_kick="punt", kickoff_spot="onside_only"),
}


def checks_for(rules: str) -> tuple[str, ...]:
    """The checks that hold for a ruleset (the overtime series only where overtime is played
    as alternating series, the fouls carried to a kickoff where the rules carry them)."""
    profile = PROFILES[rules]
    skip = {"overtime_series"} if profile.overtime != "series" else set()
    if not profile.carries_fouls:
        skip.add("kickoff_fouls")
    return tuple(c for c in CHECKS if c not in skip)


@dataclass(frozen=True)
class Break:
    """One broken invariant: which check, at which play, and what is wrong."""

    check: str
    play_id: int | None
    detail: str

    def __str__(self) -> str:
        where = f"play {self.play_id}" if self.play_id is not None else "game"
        return f"{self.check} at {where}: {self.detail}"


@dataclass
class _Game:
    """The record, read once: the two teams and the running score around every play."""

    rules: str
    profile: Profile
    home: str
    away: str
    plays: list[Play]
    decisions: list[list[str]]
    before: list[dict[str, int]] = field(default_factory=list)
    after: list[dict[str, int]] = field(default_factory=list)

    def other(self, team: str) -> str:
        return self.away if team == self.home else self.home

    def seat_team(self, seat: str) -> str:
        return self.home if seat == Side.HOME.value else self.away

    def section(self, p: Play) -> int:
        """1 and 2 for the halves, 3, 4, ... for the overtime periods."""
        q = int(p["qtr"])
        if not self.profile.halves_in_quarters:
            return q
        return (q + 1) // 2 if q <= 4 else q - 2

    def gains(self, i: int) -> dict[str, int]:
        return {t: self.after[i][t] - self.before[i][t] for t in (self.home, self.away)}


def _text(value: object) -> str:
    """A decision's part as saved ("coin_toss", "HOME"), whether enum or string."""
    return str(getattr(value, "value", value))


def _read(record: Any) -> _Game:
    g = _Game(record.rules, PROFILES[record.rules], record.home, record.away,
              list(record.plays), [[_text(x) for x in d] for d in record.decisions])
    score = {g.home: 0, g.away: 0}
    for p in g.plays:
        g.before.append(score)
        score = {g.home: int(p["total_home_score"]), g.away: int(p["total_away_score"])}
        g.after.append(score)
    return g


def is_kickoff(p: Play) -> bool:
    return bool(p["kickoff_attempt"])


def is_try(p: Play) -> bool:
    return bool(p.get("extra_point_attempt") or p.get("two_point_attempt")
                or p["play_type"] == "extra_point")


def is_scrimmage(p: Play) -> bool:
    """A snap from scrimmage (not a try, not a kickoff, not a foul before the snap)."""
    return p["play_type"] in SCRIMMAGE and not is_try(p) and not is_kickoff(p)


def kicking_team(g: _Game, p: Play) -> str:
    """The team that kicked a kickoff, from the record's conventions (module docstring)."""
    if g.profile.kickers_own_recovery and p.get("own_kickoff_recovery"):
        return str(p["posteam"])
    return str(p["defteam"])


# -- the kicking team -------------------------------------------------------------------------

_ANY = "(either team)"
"""A kicker the record cannot check: The Grid's first overtime toss is not a decision."""


def _receiver(g: _Game, seat: str, answer: str) -> str:
    team = g.seat_team(seat)
    return team if answer == "receive" else g.other(team)


def _opening_receivers(g: _Game) -> tuple[str | None, str | None, list[str]]:
    """Who receives the game's opening kickoff, the second half's, and each overtime
    period's, as the toss decisions say (None: the record holds no toss)."""
    tosses = [d for d in g.decisions if d[0] == "coin_toss"]
    first: str | None = None
    if tosses:
        seat, answer = tosses[0][1], tosses[0][2]
        if answer == "defer" and len(tosses) > 1:       # FNL-9: the other team chooses now
            seat, answer = tosses[1][1], tosses[1][2]
        first = _receiver(g, seat, answer)
    second = g.other(first) if first is not None else None
    for d in g.decisions:
        if d[0] == "second_half":                        # FNL-9: the deferring team's choice
            second = _receiver(g, d[1], d[2])
    overtime = [_receiver(g, d[1], d[2]) for d in g.decisions if d[0] == "overtime_toss"]
    return first, second, overtime


def _section_kicker(g: _Game, section: int, receivers: tuple[str | None, str | None, list[str]],
                    ot_receivers: list[str]) -> str | None:
    """The team due to kick at the opening of a half or overtime period (None: no kickoff
    is due, as in alternating-series overtime). `ot_receivers`: who received the opening
    kickoff of each overtime period so far."""
    first, second, overtime = receivers
    if section <= 2:
        receiver = first if section == 1 else second
        return g.other(receiver) if receiver is not None else _ANY
    mode = g.profile.overtime
    if mode == "series":
        return None
    if mode == "alternate":
        # GRID-50: the first possession alternates, so the last period's receiver kicks;
        # the first period's is drawn (GRID-49, AMB-GRID-13) and not in the record.
        return ot_receivers[-1] if ot_receivers else _ANY
    n = section - 3
    return g.other(overtime[n]) if n < len(overtime) else _ANY


def check_kickoff_team(g: _Game) -> list[Break]:
    out: list[Break] = []
    receivers = _opening_receivers(g)
    section = 0
    due: str | None = None               # the team due to kick (off, or the safety punt)
    due_punt = False                     # 1st & Roll: a safety is followed by a punt (FR-33)
    ot_receivers: list[str] = []
    opening = False                      # the period's opening kickoff is still to come
    for i, p in enumerate(g.plays):
        pid = p["play_id"]
        sec = g.section(p)
        if sec != section:
            section = sec
            due, due_punt = _section_kicker(g, sec, receivers, ot_receivers), False
            opening = due is not None
        if opening and is_kickoff(p):
            opening = False
            if sec >= 3:
                ot_receivers.append(g.other(kicking_team(g, p)))
        elif opening and p["play_type"] != "no_play":     # a foul before the kick may come first
            opening = False
            out.append(Break("kickoff_team", pid, f"period {sec} opens with "
                             f"{p['play_type']!r}, not a kickoff ({p['desc']})"))
        if is_kickoff(p):
            kicker = kicking_team(g, p)
            if due is None or due_punt:
                why = "a safety punt is due" if due_punt else "no kickoff is due"
                out.append(Break("kickoff_team", pid, f"{kicker} kicks off but {why} "
                                 f"({p['desc']})"))
            elif due not in (_ANY, kicker):
                out.append(Break("kickoff_team", pid, f"{kicker} kicks off, {due} should "
                                 f"({p['desc']})"))
        elif due_punt and due is not None:
            if p["play_type"] == "punt":
                if p["posteam"] != due or p["yardline_100"] != SAFETY_PUNT_LINE:
                    out.append(Break("kickoff_team", pid, f"after the safety {p['posteam']} "
                                     f"punts from yardline_100 {p['yardline_100']}, {due} "
                                     f"should from {SAFETY_PUNT_LINE} ({p['desc']})"))
                due, due_punt = None, False
            elif p["play_type"] != "no_play":
                out.append(Break("kickoff_team", pid, f"after the safety {p['play_type']!r} "
                                 f"by {p['posteam']}, not {due}'s punt ({p['desc']})"))
                due, due_punt = None, False
        elif is_scrimmage(p):
            due = None
        due, due_punt = _after_score(g, i, p, sec, due, due_punt)
    return out


def _after_score(g: _Game, i: int, p: Play, section: int, due: str | None,
                 due_punt: bool) -> tuple[str | None, bool]:
    """Who kicks next once play `i` has scored (unchanged when it did not)."""
    scorers = [t for t, n in g.gains(i).items() if n > 0]
    if not scorers:
        return due, due_punt
    if section >= 3 and g.profile.overtime == "series":
        return None, False                      # AMB-FNL-14: no kickoffs in series overtime
    if is_try(p):
        return str(p["posteam"]), False         # the touchdown's team kicks, whatever the try
    if p["safety"]:
        conceded = g.other(scorers[0])
        return conceded, g.profile.safety_kick == "punt"
    return scorers[0], False


# -- the score columns ------------------------------------------------------------------------

def check_score_columns(g: _Game) -> list[Break]:
    out: list[Break] = []
    for i, p in enumerate(g.plays):
        pid = p["play_id"]
        pos, dfn = p["posteam"], p["defteam"]
        if {pos, dfn} != {g.home, g.away}:
            out.append(Break("score_columns", pid, f"posteam {pos!r} and defteam {dfn!r} are "
                             f"not the two teams"))
            continue
        side = "home" if pos == g.home else "away"
        if p["posteam_type"] != side:
            out.append(Break("score_columns", pid, f"posteam_type {p['posteam_type']!r} for "
                             f"{pos} ({side})"))
        before, after = g.before[i], g.after[i]
        cols = (p["posteam_score"], p["defteam_score"])
        if cols != (before[pos], before[dfn]):
            out.append(Break("score_columns", pid, f"posteam_score/defteam_score {cols} but "
                             f"{pos} {before[pos]}, {dfn} {before[dfn]} before the play "
                             f"({p['desc']})"))
        post = (p["posteam_score_post"], p["defteam_score_post"])
        if post != (after[pos], after[dfn]):
            out.append(Break("score_columns", pid, f"the _post columns {post} but {pos} "
                             f"{after[pos]}, {dfn} {after[dfn]} after the play ({p['desc']})"))
    return out


# -- spots on the field ---------------------------------------------------------------------

def _on_field(yardline: object, length: int) -> bool:
    return isinstance(yardline, int) and 0 < yardline < length


def check_snap_spots(g: _Game) -> list[Break]:
    length = g.profile.field_length
    return [Break("snap_spots", p["play_id"], f"{p['play_type']} snapped at yardline_100 "
                  f"{p['yardline_100']!r} ({p['desc']})")
            for p in g.plays
            if p["play_type"] in ON_THE_FIELD and not is_kickoff(p)
            and not _on_field(p["yardline_100"], length)]


def check_kickoff_spots(g: _Game) -> list[Break]:
    out: list[Break] = []
    rule = g.profile.kickoff_spot
    for p in g.plays:
        if not is_kickoff(p):
            continue
        spot = p["yardline_100"]
        if rule == "end_zone":
            ok = spot == 0
        elif rule == "onside_only" and spot is None:
            ok = True                            # FR-8: a regular kickoff has no spot
        else:
            ok = _on_field(spot, 100)
        if not ok:
            out.append(Break("kickoff_spots", p["play_id"], f"kicked off from yardline_100 "
                             f"{spot!r} ({p['desc']})"))
    return out


# -- overtime series (Legends high school and college) ----------------------------------------

@dataclass
class _Series:
    team: str
    first: Play
    ended: bool = False


def check_overtime_series(g: _Game) -> list[Break]:
    if g.profile.overtime != "series":
        return []
    out: list[Break] = []
    spot = g.profile.overtime_spot
    first_teams: list[str] = []
    periods: dict[int, list[int]] = {}
    for i, p in enumerate(g.plays):
        if p["qtr"] > 4:
            periods.setdefault(int(p["qtr"]), []).append(i)
    for qtr, indices in sorted(periods.items()):
        series: list[_Series] = []
        for i in indices:
            p = g.plays[i]
            pid = p["play_id"]
            if is_kickoff(p):
                out.append(Break("overtime_series", pid, f"a kickoff in overtime ({p['desc']})"))
                continue
            if is_try(p):
                if not series or series[-1].team != p["posteam"]:
                    out.append(Break("overtime_series", pid, f"a try by {p['posteam']} "
                                     f"outside its series ({p['desc']})"))
                continue
            if not series or series[-1].team != p["posteam"]:
                series.append(_Series(str(p["posteam"]), p))
                if p["yardline_100"] != spot or p["down"] != 1:
                    out.append(Break("overtime_series", pid, f"{p['posteam']}'s series starts "
                                     f"{p['down']} & {p['ydstogo']} at yardline_100 "
                                     f"{p['yardline_100']}, not 1st down at {spot} "
                                     f"({p['desc']})"))
            elif series[-1].ended:
                out.append(Break("overtime_series", pid, f"{p['posteam']} snaps after its "
                                 f"series ended with a score ({p['desc']})"))
            if any(n > 0 for n in g.gains(i).values()):
                series[-1].ended = True
        teams = [s.team for s in series]
        if len(teams) > 2:
            out.append(Break("overtime_series", series[2].first["play_id"],
                             f"overtime period {qtr - 4} has {len(teams)} series: "
                             f"{', '.join(teams)}"))
        if teams and first_teams and teams[0] == first_teams[-1]:
            out.append(Break("overtime_series", series[0].first["play_id"],
                             f"{teams[0]} goes first in two overtime periods in a row"))
        if teams:
            first_teams.append(teams[0])
    return out


# -- fouls marked off on the next kickoff (FNL-36, D20-48) -----------------------------------

def check_kickoff_fouls(g: _Game) -> list[Break]:
    """A foul marked off on the kickoff costs the team that committed it: the next kickoff
    moves by the foul's yards against the fouling team (toward the receivers' goal when
    the receivers fouled, away from it when the kickers did), whoever kicks."""
    out: list[Break] = []
    waiting: list[Play] = []             # scoring plays whose fouls wait for the kickoff
    rekick = False                       # a foul before the kick: the kick is made again
    for p in g.plays:
        carried_on = bool(p.get("penalty_on_kickoff"))
        if carried_on and not (is_kickoff(p) and p["play_type"] != "no_play"):
            waiting.append(p)
            continue
        if not is_kickoff(p):
            rekick = False
            continue
        again, rekick = rekick, p["play_type"] == "no_play"
        if again:
            if carried_on:
                waiting.append(p)
            continue                     # the carried yards were checked on the first kick
        kicker = kicking_team(g, p)
        due = sum(int(f["penalty_yards"]) * (1 if f["penalty_team"] == kicker else -1)
                  for f in waiting)
        moved = p.get("carried_penalty_yards") or 0
        if moved != due:
            fouls = ", ".join(f"{f['penalty_type']} on {f['penalty_team']} ({f['penalty_yards']} "
                              f"yards, play {f['play_id']})" for f in waiting) or "no foul"
            out.append(Break("kickoff_fouls", p["play_id"], f"{kicker} kicks off: the receivers "
                             f"get {moved} yards for {fouls}, not {due} ({p['desc']})"))
        # A foul on this kickoff's own return (a return for a touchdown, with a foul the score
        # leaves standing) waits for the next kickoff, after the try.
        waiting = [p] if carried_on else []
    return out


# -- the clock: the time of the plays is the time the clock ran -------------------------------

def check_game_clock(g: _Game) -> list[Break]:
    """Each play takes off the clock what it says it took (`seconds`), no more than was
    left, so the two teams' time of possession adds up to the time played: in regulation,
    the whole of it (the first play's `game_seconds_remaining`)."""
    out: list[Break] = []
    plays = g.plays
    if not plays:
        return out
    regulation = int(plays[0]["game_seconds_remaining"])
    last_q = 4 if g.profile.halves_in_quarters else 2
    used = sum(int(p["seconds"]) for p in plays if int(p["qtr"]) <= last_q)
    if used != regulation:
        out.append(Break("game_clock", None, f"the plays of regulation take {used} s, the "
                         f"clock has {regulation} s"))
    reg = [p for p in plays if int(p["qtr"]) <= last_q]
    for a, b in itertools.pairwise(reg):
        left = int(a["game_seconds_remaining"]) - int(a["seconds"])
        if left != int(b["game_seconds_remaining"]):
            out.append(Break("game_clock", a["play_id"], f"{a['game_seconds_remaining']} s left "
                             f"before a play of {a['seconds']} s, "
                             f"{b['game_seconds_remaining']} s after it ({a['desc']})"))
    last = reg[-1]
    if int(last["game_seconds_remaining"]) != int(last["seconds"]):
        out.append(Break("game_clock", last["play_id"], f"regulation's last play takes "
                         f"{last['seconds']} s of the {last['game_seconds_remaining']} s left "
                         f"({last['desc']})"))
    return out


CHECK_FUNCTIONS: dict[str, Callable[[_Game], list[Break]]] = {
    "kickoff_team": check_kickoff_team,
    "score_columns": check_score_columns,
    "snap_spots": check_snap_spots,
    "kickoff_spots": check_kickoff_spots,
    "overtime_series": check_overtime_series,
    "kickoff_fouls": check_kickoff_fouls,
    "game_clock": check_game_clock,
}


def check_game(record: Any, checks: Iterable[str] | None = None) -> list[Break]:
    """Every broken invariant of a finished game's record (a `GameRecord`, or anything with
    its `rules`, `home`, `away`, `plays` and `decisions`)."""
    g = _read(record)
    names = checks_for(g.rules) if checks is None else tuple(checks)
    out: list[Break] = []
    for name in names:
        out.extend(CHECK_FUNCTIONS[name](g))
    return out


# -- playing the games that are checked -------------------------------------------------------

def pairing(rules: str, seed: int) -> tuple[str, str]:
    """Every ordered pair of the ruleset's bundled teams, in turn."""
    names = find_ruleset(rules).team_names()
    n = len(names)
    home = seed % n
    away = (home + 1 + (seed // n) % (n - 1)) % n
    return names[home], names[away]


_TEAMS: dict[tuple[str, str], Any] = {}


def _team(rules: str, name: str) -> Any:
    key = (rules, name)
    if key not in _TEAMS:
        rs = find_ruleset(rules)
        _TEAMS[key] = rs.load_team(rs.team_data(name), name)
    return _TEAMS[key]


def random_game(rules: str, seed: int, narrate: bool = False, **given: Any) -> GameRecord:
    """A whole game with the random coach on both sides: the same game as
    `scrimmage.play_game(rules, *pairing(rules, seed), seed=seed, coaches="random", **given)`,
    with the teams loaded once per process (and no narration unless asked: the soak's
    speed)."""
    rs = find_ruleset(rules)
    home, away = pairing(rules, seed)
    options = rs.check_options(given)
    game = rs.new_game(_team(rules, home), _team(rules, away), SeededDice(seed), dict(options),
                       narrate=narrate)
    record = GameRecord(rules=rs.name, seed=seed, home=home, away=away, home_team={},
                        away_team={}, options=dict(options))
    drive(game, make_coaches(rs, "random", seed), record.decisions)
    record.plays = game.plays
    record.finished = game.over
    record.final_score = {home: game.score[Side.HOME], away: game.score[Side.AWAY]}
    return record
