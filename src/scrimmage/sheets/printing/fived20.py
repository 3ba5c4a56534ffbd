"""5D20 on paper: the team chart in the book's order (D20-4), three columns on a landscape
page as the chart lies on the table, then the player statistics.

Left: the quarterback, the runners, the receivers and the kicking game; middle: play calling,
the defensive adjustment, the penalty ranges and fumbles; right: the run and pass defenders
and the statistics. Every range as the chart prints it: the result and the top number of its
range (`fived20.table_view.sheet_json`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, FrameBreak, KeepTogether, Spacer

from scrimmage.core.ruleset import Ruleset
from scrimmage.sheets.printing.layout import (
    SMALL,
    Mark,
    Running,
    caption,
    frame_width,
    grid,
    page,
    para,
)

CELL = ParagraphStyle("cell", parent=SMALL, fontSize=6, leading=7)


def _tops(row: Sequence[dict[str, Any]]) -> str:
    """A range row as printed: each result with the top number of its range."""
    return "  ".join(f"{r['code']} {r['top']}" for r in row)


def _p(text: object) -> Flowable:
    return para(text, CELL)


def _quarterback(c: dict[str, Any], w: float, u: bool) -> list[Flowable]:
    q = c["qb"]
    rows = [[r["depth"], _p(_tops(r["PRE"])), str(r["INT"]), _p(_tops(r["DEF"])),
             _p(_tops(r["OTHER"]))] for r in q["rows"]]
    return [caption(f"Quarterback: {q['name']}", u),
            para(f"Depth (white die): {_tops(q['depth'])}   Scramble: {_tops(q['scramble'])}",
                 CELL),
            para(f"Snap fumble {q['snap_fumble']}   Fumble {q['fumble']}", CELL),
            grid([["", "PRE", "INT", "DEF", "OTHER"], *rows],
                 [18, w * 0.36, 18, w * 0.2, w - 54 - w * 0.56], size=6, first_col=True)]


def _runners(c: dict[str, Any], w: float, u: bool) -> list[Flowable]:
    r = c["runners"]
    rows = [[_p(p["name"]), p["blue"], p["black"], _p(_tops(p["BACK"])), _p(_tops(p["LOS"])),
             _p(_tops(p["HOLE"])), p["BRK"], p["fumble"]] for p in r["players"]]
    fixed = 44 + 14 * 4
    return [caption("Runners", u, f"(header {r['header']})"),
            grid([["runner", "blue", "blk", "BACK", "LOS", "HOLE", "BRK", "fum"], *rows],
                 [44, 14, 14, *[(w - fixed) / 3] * 3, 14, 14], size=6)]


def _receivers(c: dict[str, Any], w: float, u: bool) -> list[Flowable]:
    r = c["receivers"]
    head = "  ".join(f"{k} {v}" for k, v in r["header"].items())
    rows = [[_p(p["name"]), p["OUT"], _p(" ".join(map(str, p["blue"].values()))),
             _p(" ".join(map(str, p["black"].values()))), _p(_tops(p["SP"])),
             _p(_tops(p["MP"])), _p(_tops(p["LP"])), p["LPY"], p["fumble"]]
            for p in r["players"]]
    fixed = 44 + 14 + 26 + 26 + 14 + 14
    return [caption("Receivers", u, f"(header {head}; blue and black: SP MP LP)"),
            grid([["receiver", "OUT", "blue", "black", "SP", "MP", "LP", "LPY", "fum"], *rows],
                 [44, 14, 26, 26, *[(w - fixed) / 3] * 3, 14, 14], size=6)]


def _kicking(c: dict[str, Any], w: float, u: bool) -> list[Flowable]:
    k = c["kicking"]
    columns: list[tuple[str, list[Any]]] = [("KO", k["kickoff"]), ("FG", k["field_goal"]),
                                            ("punt", k["punt_own"]), ("opp.", k["punt_opp"])]
    columns += [(f"KR {r['name'].split()[-1]}", r["returns"]) for r in c["kick_return"]]
    columns += [(f"PR {r['name'].split()[-1]}", r["returns"]) for r in c["punt_return"]]
    head = ["d20", *[_p(name) for name, _ in columns]]
    body = [[str(i + 1), *[col[i] if i < len(col) else "" for _, col in columns]]
            for i in range(20)]
    returners = "; ".join(
        [f"KR {r['name']} blue {r['blue']} fum {r['fumble']}" for r in c["kick_return"]]
        + [f"PR {r['name']} blue {r['blue']} FC {r['FC']} fum {r['fumble']}"
           for r in c["punt_return"]])
    return [caption("Kicking game", u),
            para(f"Kicker {k['kicker']}, punter {k['punter']}, RET {k['RET']}, punt block "
                 f"{k['punt_block']}, punt return block {k['punt_return_block']}", CELL),
            para(returners, CELL),
            grid([head, *body], [16] + [(w - 16) / len(columns)] * len(columns), size=5.8,
                 first_col=True)]


def _middle(c: dict[str, Any], w: float, u: bool) -> list[Flowable]:
    pc = c["play_calling"]
    f = c["fumbles"]
    return [caption("Play calling", u),
            grid([["", "YZ", "NZ", "RZ"], *[[r["row"], r["YZ"], r["NZ"], r["RZ"]]
                                             for r in pc["rows"]]],
                 [w * 0.31, w * 0.23, w * 0.23, w * 0.23], size=7, first_col=True),
            caption("Defensive adjustment", u),
            para(f"{pc['def_adjust']:+d}; in the red zone {pc['def_adjust_rz']:+d}", SMALL),
            caption("Penalty ranges", u),
            grid([["", "offense", "defense"],
                  *[[_p(r["row"]), _p(" ".join(map(str, r["offense"]))),
                     _p(" ".join(map(str, r["defense"])))] for r in c["penalty_ranges"]]],
                 [w * 0.4, w * 0.3, w * 0.3], size=6.5),
            caption("Fumbles", u),
            para(f"Offense lost: {' '.join(map(str, f['off_lost']))}   Defense recovers: "
                 f"{' '.join(map(str, f['def_rec']))}   adjustment {f['def_adjust']:+d}",
                 SMALL), *_replay(c, w)]


def _replay(c: dict[str, Any], w: float) -> list[Flowable]:
    """The replay ratings a built chart carries, boxed as house rules (not the book's)."""
    r = c.get("replay")
    if not r:
        return []
    rows = [[i["label"], f"{i['offense']:+d}",
             "" if i["defense"] is None else f"{i['defense']:+d}"] for i in r["items"]]
    return [KeepTogether([caption(r["title"], True, "(house rules, not the book's)"),
                          grid([["", "offense", "defense"], *rows],
                               [w * 0.4, w * 0.3, w * 0.3], size=6.5),
                          para(r["note"], CELL)])]


def _defense(c: dict[str, Any], w: float, u: bool) -> list[Flowable]:
    d = c["defense"]

    def who(p: dict[str, Any]) -> str:
        return " ".join(f"{k} {v}" for k, v in p["who"].items())

    run = [[_p(p["name"]), _p(who(p)), _p(_tops(p["WHAT"])), p["ret"], p["blue"]]
           for p in d["run"]]
    pas = [[_p(p["name"]), _p(who(p)), _p(_tops(p["WHAT"])), p["INT"]] for p in d["pass"]]
    return [caption("Run defenders", u),
            grid([["defender", "who", "what", "ret", "blue"], *run],
                 [50, w * 0.3, w - 50 - w * 0.3 - 32, 16, 16], size=6),
            caption("Pass defenders", u, f"(pass modifier {d['pass_modifier']:+d})"),
            grid([["defender", "who", "what", "INT"], *pas],
                 [50, w * 0.3, w - 50 - w * 0.3 - 16, 16], size=6)]


def _stats(c: dict[str, Any], w: float) -> list[Flowable]:
    team = "  ".join(f"{s['label']} {s['value']:g}" for s in c["stats"])
    rows = [[_p(p["name"]), p["position"],
             _p("; ".join(f"{f['label'].lower()} {f['value']:g}" for f in p["figures"]))]
            for p in c["player_stats"]]
    return [caption("Team statistics"), para(team, CELL), caption("Player statistics"),
            grid([["player", "pos", "season"], *rows], [52, 20, w - 72], size=6)]


def pages(chart: Any, rules: Ruleset, running: Running, paper: str) -> list[Flowable]:
    c = rules.sheet_json(chart)
    u = bool(c["unofficial"])
    w = frame_width(paper, "landscape")
    season = f"{c['season']} season" + (f" ({c['record']})" if c["record"] else "")
    out: list[Flowable] = [*page(running, "Team chart", "landscape"),
                           Mark(running, c["name"], season, first=True)]
    if u:
        out.append(caption("Team chart", True, "(built from the real season's players)"))
    out += [*_quarterback(c, w, u), *_runners(c, w, u), *_receivers(c, w, u),
            KeepTogether(_kicking(c, w, u)), *_middle(c, w, u), FrameBreak(),
            *_defense(c, w, u), *_stats(c, w),
            Spacer(1, 4), caption("What the codes mean"),
            para("; ".join(f"{k} {v}" for k, v in c["legend"]["codes"].items()), CELL),
            para(c["legend"]["ranges"], CELL)]
    return out


def story(teams: Sequence[Any], rules: Ruleset, running: Running, paper: str) -> list[Flowable]:
    return [f for team in teams for f in pages(team, rules, running, paper)]
