// The score pad: the line score by period, the clock, down and distance, the ball, each
// side's timeouts, the seat's own resources and its warnings (in red).

import { h, svg, fill } from "../lib/dom.js";
import { shortNames } from "../lib/names.js";

function pips(count, total, cls) {
  const out = [];
  for (let i = 0; i < total; i += 1) out.push(h("span", { class: `pip ${i < count ? "on" : "off"} ${cls || ""}` }));
  return out;
}

function ballIcon() {
  return svg("svg", { class: "ball-icon", viewBox: "0 0 20 12", width: 18, height: 11, "aria-hidden": "true" },
    svg("ellipse", { cx: 10, cy: 6, rx: 9, ry: 5 }),
    svg("line", { x1: 6, x2: 14, y1: 6, y2: 6 }));
}

function teamRow(view, side) {
  const sb = view.scoreboard;
  const [awayShort, homeShort] = shortNames(sb.names.AWAY, sb.names.HOME);
  const key = side.toLowerCase();
  const periods = view.line_score.periods || [];
  const scores = view.line_score[key] || [];
  const timeouts = (sb.timeouts || {})[side];
  const mine = view.you && view.you.side === side;
  return h("tr", { class: [key, mine && "mine"] },
    h("th", { scope: "row", class: "team" }, h("div", { class: "team-cell" },
      h("span", { class: "poss" }, sb.possession === side && !sb.over
        ? [ballIcon(), h("span", { class: "sr-only" }, "ball: ")] : null),
      h("span", { class: "name", title: sb.names[side] },
        h("span", { class: "long" }, sb.names[side]),
        h("span", { class: "short" }, side === "HOME" ? homeShort : awayShort)),
      mine ? h("span", { class: "you-tag" }, "you") : null,
      timeouts === undefined ? null : h("span", { class: "timeouts", title: `${timeouts} timeouts left` },
        h("span", { class: "sr-only" }, `${timeouts} timeouts`), ...pips(timeouts, Math.max(3, timeouts))))),
    ...periods.map((_, i) => h("td", {}, scores[i] === undefined ? "" : String(scores[i]))),
    h("td", { class: "total", "data-testid": `score-${key}` }, String(sb.score[side])));
}

export function renderScorePad(el, view) {
  const sb = view.scoreboard;
  const periods = view.line_score.periods || [];
  const warnings = view.warnings || [];
  const clock = [sb.period, sb.clock].filter(Boolean).join(" ");
  fill(el,
    h("table", { class: "linescore", "aria-label": "Line score" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""),
        ...periods.map((p) => h("th", { scope: "col" }, p)), h("th", { scope: "col" }, "T"))),
      h("tbody", {}, teamRow(view, "AWAY"), teamRow(view, "HOME"))),
    h("div", { class: "pad-now" },
      h("span", { class: "clock", "data-testid": "clock" }, sb.over ? "Final" : clock),
      sb.down_text && !sb.over ? h("span", { class: "down" }, sb.down_text) : null,
      sb.spot_text && !sb.over ? h("span", { class: "spot" }, `ball on ${sb.spot_text}`) : null),
    h("p", { class: "situation", "data-testid": "situation" }, view.situation_line || ""),
    view.resources_line ? h("p", { class: "resources", "data-testid": "resources" }, view.resources_line) : null,
    warnings.length ? h("ul", { class: "warnings", role: "alert", "data-testid": "warnings" },
      ...warnings.map((w) => h("li", {}, `⚠ ${w}`))) : null,
  );
}
