// A finished league game: its box score and play-by-play, drawn by the game page's own
// components from GET /api/leagues/{id}/games/{index} (the game played again from its
// inputs).

import { h, fill } from "../../lib/dom.js";
import { renderBoxScore } from "../boxscore.js";
import { renderPlays } from "../plays.js";

/** The game page's idea of a finished game, made of the league route's answer. */
export function finishedView(game) {
  const box = game.box_score || {};
  return {
    status: "over",
    teams: { home: game.home, away: game.away },
    box_score: box,
    line_score: box.line_score || { periods: [], home: [], away: [] },
    plays: game.plays || [],
    period_of: {},
  };
}

/** `row` is the game's schedule row (its week and round), `game` the route's answer or null
 *  while it loads, `error` a message. */
export function renderGameDetail(el, row, game, error, back) {
  const when = row ? [row.round !== "Regular season" ? `Playoffs: ${row.round}` : `Week ${row.week}`, row.neutral ? "neutral site" : ""]
    .filter(Boolean).join(" · ") : "";
  const head = h("div", { class: "detail-head" },
    h("a", { href: back, class: "back-link", "data-testid": "detail-back" }, "← Back"),
    h("span", { class: "muted" }, when));
  if (error) {
    fill(el, head, h("p", { class: "error", role: "alert" }, error));
    return;
  }
  if (!game) {
    fill(el, head, h("p", { class: "working" }, h("span", { class: "spinner", "aria-hidden": "true" }),
      "Loading the game (it is played again from its dice)…"));
    return;
  }
  const view = finishedView(game);
  const box = h("div", { class: "box-score", "data-testid": "league-box-score" });
  const plays = h("div", { class: "plays", "data-testid": "league-plays" });
  renderBoxScore(box, view);
  renderPlays(plays, view);
  fill(el, head, box, plays);
}
