// The playoff bracket: each conference's seeds, the games round by round (a column each on
// a wide screen), and the champion once there is one.

import { h, fill } from "../../lib/dom.js";
import { gameCard } from "./games.js";
import { teamLink } from "./words.js";

/** code -> seed number, over every conference. */
export function seedsOf(playoffs) {
  const out = {};
  for (const list of Object.values((playoffs && playoffs.seeds) || {})) {
    list.forEach((t, i) => { out[t.code] = i + 1; });
  }
  return out;
}

export function renderBracket(el, playoffs, summary, ctx) {
  const p = playoffs || { seeds: {}, games: [], champions: [] };
  const parts = [h("h2", {}, "Playoffs")];
  const champs = p.champions || [];
  if (champs.length) {
    parts.push(h("p", { class: "champion", "data-testid": "champion" },
      h("span", { class: "trophy", "aria-hidden": "true" }, "★"),
      h("span", {}, champs.length > 1 ? "Champions: " : "Champion: ",
        ...champs.flatMap((c, i) => [i ? " and " : "", teamLink(ctx.rules, c)]))));
  }
  const conferences = Object.entries(p.seeds || {});
  if (!conferences.length) {
    parts.push(h("p", { class: "muted", "data-testid": "no-bracket" }, summary && summary.phase === "over"
      ? "This league had no playoffs: the best record won it."
      : "The bracket is set when the regular season ends."));
    fill(el, ...parts);
    return;
  }
  const seeded = { ...ctx, seeds: seedsOf(p), compact: true };
  parts.push(h("div", { class: "seeds", "data-testid": "seeds" }, ...conferences.map(([conf, list]) => h("section", { class: "seed-box" },
    h("h3", {}, conferences.length > 1 || conf !== "League" ? `${conf} seeds` : "Seeds"),
    h("ol", { class: "seed-list" }, ...list.map((t) => h("li", { class: ctx.you.has(t.code) ? "mine" : null },
      teamLink(ctx.rules, t.team), ctx.you.has(t.code) ? h("span", { class: "you-tag" }, "you") : null)))))));
  const rounds = [];
  for (const g of [...p.games].sort((a, b) => a.week - b.week || a.index - b.index)) {
    let r = rounds.find((x) => x.name === g.round);
    if (!r) rounds.push(r = { name: g.round, games: [] });
    r.games.push(g);
  }
  parts.push(h("div", { class: "bracket", "data-testid": "bracket" }, ...rounds.map((r) => h("section", { class: "round" },
    h("h3", {}, r.name),
    h("ul", { class: "game-cards" }, ...r.games.map((g) => gameCard(g, seeded)))))));
  if (!rounds.length) parts.push(h("p", { class: "muted" }, "No playoff game has been played yet."));
  fill(el, ...parts);
}
