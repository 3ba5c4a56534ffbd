// A league's games: a card for each game of a week (the two teams, their scores, the result
// as a link to the box score) and a compact row for the schedule. `ctx` = {rules, you: Set of
// the codes this visitor coaches, short: a team's name on a phone, seeds: code -> seed number
// (the bracket's), compact: the short names on every screen (the bracket's narrow columns)}.

import { h } from "../../lib/dom.js";
import { teamLink, sheetHref, statusWords, isFinal } from "./words.js";

/** The link to a finished game's box score and play-by-play (the league page's #game-N). */
export function resultLink(g, text) {
  return h("a", { class: "result-link", href: `#game-${g.index}`, "data-testid": `result-${g.index}` }, text);
}

function side(g, which, short, ctx) {
  const team = which === "home" ? g.home_team : g.away_team;
  const code = which === "home" ? g.home : g.away;
  const pts = which === "home" ? g.home_points : g.away_points;
  const other = which === "home" ? g.away_points : g.home_points;
  const won = isFinal(g) && pts > other;
  const seed = ctx.seeds && ctx.seeds[code];
  return h("div", { class: ["gc-row", won && "won", ctx.you.has(code) && "mine"] },
    h("span", { class: "gc-team" },
      seed ? h("span", { class: "seed" }, String(seed)) : null,
      ctx.compact ? h("a", { class: "team-link", href: sheetHref(ctx.rules, team), title: team }, short)
        : teamLink(ctx.rules, team, short),
      ctx.you.has(code) ? h("span", { class: "you-tag" }, "you") : null),
    h("span", { class: "gc-pts" }, isFinal(g) ? String(pts) : ""));
}

/** A game as a card: away above home, the scores, and the result or its state. */
export function gameCard(g, ctx, head) {
  const [awayShort, homeShort] = [ctx.short(g.away_team), ctx.short(g.home_team)];
  const mine = ctx.you.has(g.home) || ctx.you.has(g.away);
  const foot = isFinal(g)
    ? resultLink(g, ctx.compact ? "Box score ›" : "Final · box score ›")
    : h("span", { class: "muted" }, statusWords(g));
  const state = { final: "final", playing: "playing" }[g.status] || "scheduled";
  return h("li", { class: ["game-card", mine && "mine", state], "data-index": g.index },
    head ? h("div", { class: "gc-head" }, head) : null,
    side(g, "away", awayShort, ctx),
    side(g, "home", homeShort, ctx),
    h("div", { class: "gc-foot small" }, foot,
      g.neutral ? h("span", { class: "muted" }, "neutral site") : null));
}

/** A game as one row of the schedule; `label` (its week) starts a team's season's rows. */
export function scheduleRow(g, ctx, label) {
  const [awayShort, homeShort] = [ctx.short(g.away_team), ctx.short(g.home_team)];
  const mine = ctx.you.has(g.home) || ctx.you.has(g.away);
  const final = isFinal(g);
  const pts = (n, o) => h("span", { class: ["sr-pts", final && n > o && "won"] }, final ? String(n) : "");
  return h("li", { class: ["sched-row", mine && !label && "mine", label && "labeled"], "data-index": g.index },
    label ? h("span", { class: "sr-week small" }, label) : null,
    h("span", { class: "sr-team away" }, teamLink(ctx.rules, g.away_team, awayShort)),
    pts(g.away_points, g.home_points),
    h("span", { class: "sr-at muted" }, g.neutral ? "vs." : "at"),
    h("span", { class: "sr-team home" }, teamLink(ctx.rules, g.home_team, homeShort)),
    pts(g.home_points, g.away_points),
    h("span", { class: "sr-state small" }, final ? resultLink(g, "Box score")
      : g.status === "scheduled" ? "" : h("span", { class: "muted" }, statusWords(g))));
}
