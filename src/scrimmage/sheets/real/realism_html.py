"""The realism report as one self-contained HTML page: the summary first (it fits a page),
the charts when matplotlib is installed, then every team's figures with their percentiles."""

from __future__ import annotations

from functools import partial
from html import escape
from pathlib import Path

from scrimmage.core.errors import ScrimmageError
from scrimmage.sheets.real.realism import BAND, CORE, FIGURES, LABELS, RARE, Figure, RealismReport

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2em auto;max-width:1200px;
color:#222;padding:0 1em}
h1{font-size:1.5em;margin-bottom:.2em} h2{font-size:1.15em;margin-top:1.6em}
.sub{color:#666;margin-top:0} table{border-collapse:collapse;font-size:.85em}
th,td{padding:.25em .5em;border-bottom:1px solid #e4e4e4;text-align:right}
th{background:#f4f4f4;position:sticky;top:0} td.name,th.name{text-align:left;white-space:nowrap}
.in{background:#e3f1e3} .out{background:#f7d9d2} .far{background:#eeb3a5}
.p{font-size:.8em;color:#555;display:block;white-space:nowrap} .note{color:#666;font-size:.9em}
.head{font-size:1.1em;margin:.6em 0} .head b{font-size:1.2em}
img{width:100%;max-width:900px;margin:.5em 0 1em} .summary{page-break-after:always}
"""


def write_html(report: RealismReport, path: Path) -> None:
    try:
        path.write_text(render(report), encoding="utf-8")
    except OSError as exc:
        raise ScrimmageError(f"--report {path}: cannot write ({exc.strerror or exc})") from None


def render(report: RealismReport) -> str:
    title = f"Realism report: {report.season} {report.rules}"
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>"
             f"{escape(title)}</title><style>{CSS}</style></head><body>",
             "<div class='summary'>", f"<h1>{escape(title)}</h1>",
             f"<p class='sub'>{report.replays} replays of the real season, seed {report.seed}, "
             f"coach {escape(report.coach)}; schedule {escape(report.schedule)}</p>",
             _headline(report), _spread(report), _band_table(report), "</div>",
             _charts(report), _team_table(report), _definitions(), "</body></html>"]
    return "\n".join(parts)


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.0f}%"


def _headline(report: RealismReport) -> str:
    n = len(report.teams)
    wins = report.band_counts("wins")
    return (f"<p class='head'>Real wins: <b>{wins['in_band']} of {n}</b> teams inside the "
            f"{BAND[0]:g}–{BAND[1]:g} percentile band of their replays ({wins['below']} below, "
            f"{wins['above']} above). Core figures: <b>{_pct(report.share_in_band(CORE))}</b> "
            f"of the teams' real values in the band; rare figures: "
            f"<b>{_pct(report.share_in_band(RARE))}</b>. A faithful replay puts "
            f"{BAND[1] - BAND[0]:g}% there.</p>")


def _spread(report: RealismReport) -> str:
    assert report.spread is not None
    s = report.spread.to_json()
    return ("<h2>Spread of wins across the league</h2><table>"
            "<tr><th class='name'>standard deviation of wins</th><th>value</th></tr>"
            f"<tr><td class='name'>real season, over the teams</td><td>{s['real_sd']:.2f}</td></tr>"
            f"<tr><td class='name'>one replay, over the teams (mean; 10th–90th percentile of "
            f"the replays)</td><td>{s['replay_sd_mean']:.2f} ({s['replay_sd_p10']:.2f}–"
            f"{s['replay_sd_p90']:.2f})</td></tr>"
            f"<tr><td class='name'>percentile of the real spread among the replays'</td>"
            f"<td>{s['real_sd_percentile']:.0f}</td></tr>"
            f"<tr><td class='name'>the teams' mean simulated wins</td>"
            f"<td>{s['mean_sim_wins_sd']:.2f}</td></tr>"
            f"<tr><td class='name'>one team over its replays (mean over the teams)</td>"
            f"<td>{s['team_sd_mean']:.2f}</td></tr>"
            f"<tr><td class='name'>a team whose every game is a coin flip</td>"
            f"<td>{s['coin_flip_sd']:.2f}</td></tr></table>"
            "<p class='note'>Sheets built from a real season carry the luck of its points, and "
            "a replay plays its own luck on top: that widens one replay's spread. The luck of "
            "the real records beyond their points (close games won or lost) is in no sheet: "
            "that narrows it. The mean simulated wins take the replays' luck out.</p>")


def _band_table(report: RealismReport) -> str:
    rows = ["<h2>Real values among the replays, figure by figure</h2><table><tr>"
            "<th class='name'>figure</th>"
            f"<th>below {BAND[0]:g}</th><th>{BAND[0]:g}–{BAND[1]:g}</th>"
            f"<th>above {BAND[1]:g}</th><th>in band</th><th>league mean, real</th>"
            "<th>league mean, replays</th></tr>"]
    for f in FIGURES:
        c = report.band_counts(f)
        share = report.share_in_band([f])
        real, sim = report.league_mean(f)
        kind = " (core)" if f in CORE else " (rare)" if f in RARE else ""
        rows.append(f"<tr><td class='name'>{escape(LABELS[f])}{kind}"
                    f"</td><td>{c['below']}</td><td>{c['in_band']}</td><td>{c['above']}</td>"
                    f"<td>{_pct(share)}</td><td>{_value(f, real)}</td><td>{_value(f, sim)}</td>"
                    "</tr>")
    rows.append("</table><p class='note'>Well under "
                f"{BAND[1] - BAND[0]:g}% in the band: the replays miss the real values. Well over "
                "it: the real values sit at the centre of their replays, as sheets calibrated to "
                "each team's real season put them; a bias the whole league shares shows in the "
                "league means even then.</p>")
    return "".join(rows)


def _charts(report: RealismReport) -> str:
    from scrimmage.plot.style import INSTALL_HINT, require_matplotlib, svg_data_uri

    try:
        require_matplotlib()
    except ScrimmageError:
        return f"<h2>Charts</h2><p class='note'>{escape(INSTALL_HINT, quote=False)}</p>"
    from scrimmage.plot.realism import CHARTS

    out = ["<h2>Charts</h2>"]
    for draw, caption in CHARTS:
        uri = svg_data_uri(partial(draw, report))
        out.append(f"<p class='note'>{escape(caption)}</p><img alt='{escape(caption)}' "
                   f"src='{uri}'>")
    return "".join(out)


def _value(figure: str, x: float | None) -> str:
    if x is None:
        return "–"
    if figure == "wins":
        return f"{x:g}" if x == int(x) else f"{x:.1f}"
    return f"{100 * x:.1f}%" if figure == "cmp_pct" else f"{x:.2f}"


def _cell(name: str, f: Figure) -> str:
    p = f.percentile
    if p is None:
        return "<td>–</td>"
    kind = "in" if f.in_band else "far" if p in (0.0, 100.0) else "out"
    d = f.to_json()
    tip = (f"replays: mean {_value(name, d['sim_mean'])}, 10th–90th "
           f"{_value(name, d['sim_p10'])}–{_value(name, d['sim_p90'])}")
    return (f"<td class='{kind}' title='{escape(tip)}'>{_value(name, f.real)}"
            f"<span class='p'>{_value(name, d['sim_mean'])} · P{p:.0f}</span></td>")


def _team_table(report: RealismReport) -> str:
    head = "".join(f"<th>{escape(LABELS[f])}</th>" for f in FIGURES)
    rows = ["<h2>Every team</h2><p class='note'>Each cell: the real value; below it the "
            "replays' mean and the real value's percentile among the replays (P). Green: "
            f"inside {BAND[0]:g}–{BAND[1]:g}; red: outside; dark red: beyond every replay. "
            "Hover for the replays' 10th–90th percentile.</p>",
            f"<table><tr><th class='name'>team</th>{head}</tr>"]
    teams = sorted(report.teams, key=lambda t: (-(t.figures["wins"].real or 0), t.name))
    for t in teams:
        cells = "".join(_cell(f, t.figures[f]) for f in FIGURES)
        rows.append(f"<tr><td class='name'>{escape(t.name)}</td>{cells}</tr>")
    rows.append("</table>")
    return "".join(rows)


def _definitions() -> str:
    return ("<h2>How to read it</h2><p class='note'>Real figures: the bundled team-season "
            "statistics the sheet builder reads (regular season; wins over the season, the rest "
            "per game or as rates). Replays: the real schedule, regular season only, the "
            "season's own sheets. Percentile: mid-rank, 100 × (replays below + half the "
            "replays equal) / N, so a real value equal to every replay sits at 50 and one "
            "beyond every replay at 0 or 100. If the real season could be one of the replays, "
            "the percentiles spread evenly from 0 to 100 and about "
            f"{BAND[1] - BAND[0]:g}% of them fall in the band.</p>")
