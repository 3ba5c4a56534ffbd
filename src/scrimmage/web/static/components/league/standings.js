// The standings by conference and division: W L T PF PA, and what the team really did in a
// real season. The teams a visitor coaches are marked.

import { h, fill } from "../../lib/dom.js";
import { teamLink } from "./words.js";

function divisionTable(d, ctx, real) {
  const heads = ["Team", "W", "L", "T", "PF", "PA", ...(real ? ["Real"] : [])];
  const caption = d.division && d.division !== d.conference ? d.division : "Standings";
  return h("div", { class: "table-wrap" }, h("table", { class: "box standings", "data-testid": "standings-table" },
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, ...heads.map((x, i) => h("th", {
      scope: "col", title: { PF: "points for", PA: "points against", Real: "the team's real record that season", T: "ties" }[x] || null,
      class: i === 0 ? "team-col" : null,
    }, x)))),
    h("tbody", {}, ...d.rows.map((r) => {
      const mine = ctx.you.has(r.code);
      return h("tr", { class: mine ? "mine" : null, "data-team": r.team },
        h("th", { scope: "row", class: "team-col" },
          teamLink(ctx.rules, r.team, ctx.short(r.team)),
          mine ? h("span", { class: "you-tag" }, "you") : null),
        h("td", { "data-testid": "wins" }, String(r.wins)),
        h("td", { "data-testid": "losses" }, String(r.losses)),
        h("td", {}, String(r.ties)),
        h("td", {}, String(r.points_for)),
        h("td", {}, String(r.points_against)),
        real ? h("td", { class: "real" }, r.real ? r.real.replace(/-0$/, "") : "") : null);
    }))));
}

export function renderStandings(el, data, ctx) {
  const tables = (data && data.standings) || [];
  const real = tables.some((d) => d.rows.some((r) => r.real));
  const conferences = [...new Set(tables.map((d) => d.conference))];
  const parts = [h("h2", {}, "Standings")];
  if (real) {
    parts.push(h("p", { class: "muted small" }, "Real: what the team really did that season (won-lost, and ties where there were any)."));
  }
  for (const conf of conferences) {
    const divisions = tables.filter((d) => d.conference === conf);
    const only = conferences.length === 1 && divisions.length === 1;
    parts.push(h("section", { class: "conference" },
      only ? null : h("h3", {}, conf),
      h("div", { class: "divisions" }, ...divisions.map((d) => divisionTable(d, ctx, real)))));
  }
  if (!tables.length) parts.push(h("p", { class: "muted" }, "No standings yet."));
  fill(el, ...parts);
}
