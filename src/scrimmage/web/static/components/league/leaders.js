// The leaders over the finished games: teams per game (every ruleset), and players' season
// totals where the records name players (5D20).

import { h, fill } from "../../lib/dom.js";
import { teamLink } from "./words.js";

function capital(text) {
  return String(text).replace(/^./, (c) => c.toUpperCase());
}

function board(title, unit, rows, cell, ctx) {
  return h("section", { class: "leader-board" },
    h("h3", {}, capital(title), unit ? h("span", { class: "muted small" }, ` ${unit}`) : null),
    rows.length
      ? h("ol", { class: "leader-list" }, ...rows.map((r) => h("li", { class: ctx.yourNames.has(r.team) ? "mine" : null }, ...cell(r))))
      : h("p", { class: "muted small" }, "Nobody yet."));
}

export function renderLeaders(el, data, ctx) {
  const teams = (data && data.teams) || {};
  const players = (data && data.players) || {};
  const any = Object.values(teams).some((rows) => rows.length);
  const parts = [h("h2", {}, "Leaders")];
  if (!any) {
    parts.push(h("p", { class: "muted" }, "The leaders are shown once games have been played."));
    fill(el, ...parts);
    return;
  }
  parts.push(h("h3", { class: "leader-kind" }, "Teams, per game"),
    h("div", { class: "leader-grid", "data-testid": "team-leaders" }, ...Object.entries(teams).map(([title, rows]) => board(
      title, "", rows,
      (r) => [h("span", { class: "lt-name" }, teamLink(ctx.rules, r.team, ctx.short(r.team))),
        h("span", { class: "lt-value" }, Number(r.per_game).toFixed(1))], ctx))));
  const playerBoards = Object.entries(players).filter(([, rows]) => rows.length);
  if (playerBoards.length) {
    parts.push(h("h3", { class: "leader-kind" }, "Players, season totals"),
      h("div", { class: "leader-grid", "data-testid": "player-leaders" }, ...playerBoards.map(([title, rows]) => board(
        title, "", rows,
        (r) => [h("span", { class: "lt-name" }, h("b", {}, r.player), " ",
          h("span", { class: "muted small" }, ctx.short(r.team))),
        h("span", { class: "lt-value" }, String(r.total))], ctx))));
  }
  fill(el, ...parts);
}
