// The box score of a finished game: the final, the line score, the scoring summary, the team
// stats and, when the ruleset names players, a table of each kind (passing, rushing...).

import { h, fill } from "../lib/dom.js";
import { shortNames } from "../lib/names.js";

function table(caption, heads, rows, cls) {
  return h("div", { class: "table-wrap" }, h("table", { class: ["box", cls] },
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, ...heads.map((x) => h("th", { scope: "col" }, x)))),
    h("tbody", {}, ...rows.map((r) => h("tr", {}, ...r.map((c, i) => (i === 0
      ? h("th", { scope: "row" }, c) : h("td", {}, c))))))));
}

export function renderBoxScore(el, view) {
  const box = view.box_score;
  if (view.status !== "over" || !box) {
    el.replaceChildren();
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const teams = box.teams || view.teams;
  const [awayShort, homeShort] = shortNames(teams.away, teams.home);
  const short = (side) => (side === "home" ? homeShort : awayShort);
  const final = box.final || {};
  const ls = box.line_score || view.line_score;
  const sum = (list) => (list || []).reduce((a, b) => a + b, 0);
  const winner = final.home === final.away ? "A tie" :
    `${final.home > final.away ? teams.home : teams.away} win`;
  const parts = [
    h("h2", {}, "Box score"),
    h("p", { class: "final", "data-testid": "final" },
      `Final: ${teams.away} ${final.away}, ${teams.home} ${final.home} — ${winner}`),
    table("Line score", ["", ...ls.periods, "T"], [
      [teams.away, ...ls.away.map(String), String(final.away ?? sum(ls.away))],
      [teams.home, ...ls.home.map(String), String(final.home ?? sum(ls.home))],
    ], "line"),
  ];
  const scoring = box.scoring || [];
  if (scoring.length) {
    parts.push(table("Scoring", ["", "Clock", "Play", `${awayShort}–${homeShort}`],
      scoring.map((s) => [s.period, s.clock, h("span", {}, h("b", {}, short(s.side)), ` ${s.description}`),
        `${s.away_score}–${s.home_score}`]), "scoring"));
  }
  const stats = box.team_stats || [];
  if (stats.length) {
    parts.push(table("Team stats", ["", awayShort, homeShort],
      stats.map((s) => [s.label, s.away, s.home]), "stats"));
  }
  for (const t of Object.values(box.players || {})) {
    if (!t || !(t.rows || []).length) continue;
    parts.push(table(t.title, ["Player", "Team", ...t.columns],
      t.rows.map((r) => [r.player, short(r.side), ...r.values]), "players"));
  }
  fill(el, ...parts);
}
