"""What a league shows, as plain data (JSON for the web page, rows for the terminal): the
standings by conference and division, the schedule with scores, the playoff bracket, the
leaders, this week and each team's next game. Teams are named as their sheets name them."""

from __future__ import annotations

from typing import Any

from scrimmage.league.model import League
from scrimmage.league.playing import State
from scrimmage.league.store import FINAL, PLAYING
from scrimmage.league.tournament import ROUND_WORDS as TOURNAMENT_WORDS
from scrimmage.league.tournament import group_table
from scrimmage.season.playoffs import ROUND_NAMES

TEAM_LEADERS = (("points_for", "points scored"), ("total_yds", "total yards"),
                ("rush_yds", "rushing yards"), ("pass_yds_gross", "passing yards"),
                ("points_against", "fewest points allowed"), ("turnovers", "fewest turnovers"))
"""Team leaders (Legends, The Grid, 1st & Roll: their records name no players), per game;
the last two rank lowest first."""
PLAYER_LEADERS = (("pass_yds", "passing yards"), ("pass_td", "touchdown passes"),
                  ("rush_yds", "rushing yards"), ("rec_yds", "receiving yards"),
                  ("def_sacks", "sacks"), ("def_int", "interceptions"))
LOWEST_FIRST = frozenset({"points_against", "turnovers"})
ROUND_WORDS = {"WC": "Wild card", "DIV": "Divisional round", "CON": "Conference final",
               "SB": "Super Bowl"}


def round_name(league: League, game_type: str) -> str:
    """A playoff round as a person names it ("Semifinal", "Super Bowl")."""
    if game_type == "REG":
        return "Group stage" if "groups" in league.extra else "Regular season"
    if game_type in TOURNAMENT_WORDS:
        return TOURNAMENT_WORDS[game_type]
    if league.kind != "season":
        rounds = ("Final", "Semifinal", "Quarterfinal")
        back = ROUND_NAMES.index(game_type) if game_type in ROUND_NAMES else 3
        return rounds[back] if back < len(rounds) else "First round"
    if league.formats and league.formats[0].conference == "FBS":
        return {"CON": "Championship game", "DIV": "Semifinal"}.get(game_type, "Playoff")
    return ROUND_WORDS.get(game_type, game_type)


def name(league: League, code: str) -> str:
    return league.teams[code].name


def standings(st: State) -> list[dict[str, Any]]:
    """Each division's table (conference, division, rows best first); a tournament's groups
    with their points (three for a win, one for a draw)."""
    if "groups" in st.league.extra:
        return _groups(st)
    s = st.progress.standings
    out = []
    for division, order in s.divisions(s.teams).items():
        rows = []
        for code in order:
            w, lo, ti = s.record(code)
            pf, pa = s.points(code)
            team = st.league.teams[code]
            row: dict[str, Any] = {"code": code, "team": team.name, "wins": w, "losses": lo,
                                   "ties": ti, "points_for": pf, "points_against": pa,
                                   "coach": team.coaching.name or team.coaching.kind}
            if team.real is not None:
                row["real"] = f"{team.real.wins}-{team.real.losses}-{team.real.ties}"
            rows.append(row)
        conference = st.league.teams[order[0]].conference if order else ""
        out.append({"conference": conference, "division": division, "rows": rows})
    return out


def _groups(st: State) -> list[dict[str, Any]]:
    out = []
    for g, members in st.league.extra["groups"].items():
        rows = [{"code": r["code"], "team": name(st.league, r["code"]), "wins": r["won"],
                 "losses": r["lost"], "ties": r["drawn"], "points_for": r["points_for"],
                 "points_against": r["points_against"], "points": r["points"],
                 "coach": st.league.teams[r["code"]].coaching.name or
                 st.league.teams[r["code"]].coaching.kind}
                for r in group_table(st.league, members, st.scores)]
        out.append({"conference": "FAFL", "division": f"Group {g}", "rows": rows})
    return out


def game_rows(st: State, week: int | None = None, team: str | None = None
              ) -> list[dict[str, Any]]:
    """The games (of one week, or one team), each with its score once played."""
    out = []
    for f in st.fixtures:
        if week is not None and f.week != week:
            continue
        if team is not None and team not in (f.home, f.away):
            continue
        row = st.rows.get(f.index)
        score = st.scores.get(f.index)
        status = "final" if score is not None else (
            "playing" if row is not None and row.status == PLAYING else "scheduled")
        if row is not None and row.status == FINAL and score is None:
            status = "tied: to be played again"
        out.append({
            "index": f.index, "week": f.week, "round": round_name(st.league, f.game_type),
            "game_type": f.game_type, "home": f.home, "away": f.away,
            "home_team": name(st.league, f.home), "away_team": name(st.league, f.away),
            "neutral": f.neutral, "status": status,
            "home_points": None if score is None else score.home_points,
            "away_points": None if score is None else score.away_points,
            "people": [c for c in (f.home, f.away) if st.league.teams[c].coaching.person],
        })
    return out


def bracket(st: State) -> dict[str, Any]:
    """The playoff seeds and games so far, and the champion once there is one."""
    p = st.progress.playoffs
    if p is None:
        return {"seeds": {}, "games": [], "champions": []}
    games = [g for g in game_rows(st) if g["game_type"] != "REG"]
    return {"seeds": {conf: [{"code": c, "team": name(st.league, c)} for c in seeds]
                      for conf, seeds in p.seeds.items()},
            "games": games,
            "champions": [name(st.league, c) for c in st.progress.champions]}


def leaders(st: State, top: int = 5) -> dict[str, Any]:
    """Team leaders per game (every ruleset), and player leaders where the records name
    players (5D20), over the finished games."""
    totals: dict[str, dict[str, float]] = {}
    games: dict[str, int] = {}
    players: dict[str, dict[str, float]] = {}
    for index in st.scores:
        row = st.rows[index]
        for code, line in (row.box or {}).items():
            acc = totals.setdefault(code, {})
            for k, v in line.items():
                acc[k] = acc.get(k, 0.0) + v
            games[code] = games.get(code, 0) + 1
        for key, line in (row.players or {}).items():
            acc = players.setdefault(key, {})
            for k, v in line.items():
                acc[k] = acc.get(k, 0.0) + v
    teams: dict[str, list[dict[str, Any]]] = {}
    for stat, words in TEAM_LEADERS:
        sign = 1 if stat in LOWEST_FIRST else -1
        per_game = {c: totals[c].get(stat, 0.0) / games[c] for c in totals}
        ranked = sorted(per_game, key=lambda c: (sign * per_game[c], c))
        teams[words] = [{"team": name(st.league, c), "per_game": round(per_game[c], 1)}
                        for c in ranked[:top]]
    out: dict[str, Any] = {"teams": teams, "players": {}}
    for stat, words in PLAYER_LEADERS if players else ():
        season = {k: players[k].get(stat, 0.0) for k in players}
        ranked_p = sorted(season, key=lambda k: (-season[k], k))
        out["players"][words] = [{"player": k.split("|", 1)[1], "team": k.split("|", 1)[0],
                                  "total": round(season[k])}
                                 for k in ranked_p[:top] if season[k] > 0]
    return out


def summary(st: State) -> dict[str, Any]:
    """The league at a glance: where it stands, this week, each person's next game."""
    lg = st.league
    regular_left = sum(1 for f in st.pending if f.game_type == "REG")
    phase = ("regular season" if regular_left else
             "over" if st.progress.complete else "playoffs")
    week = st.current_week
    people = []
    for code in lg.people:
        nxt = st.next_for(code)
        people.append({"code": code, "team": name(lg, code),
                       "next": None if nxt is None else next(
                           g for g in game_rows(st, team=code) if g["index"] == nxt.index)})
    return {"league_id": lg.league_id, "name": lg.name, "rules": lg.rules, "kind": lg.kind,
            "season": lg.season, "seed": lg.seed, "source": lg.source, "phase": phase,
            "week": week, "weeks": lg.weeks, "games_played": len(st.scores),
            "games_left": len(st.pending), "people": people,
            "this_week": game_rows(st, week=week) if week else [],
            "champions": [name(lg, c) for c in st.progress.champions]}
