// The play-by-play, newest first, with a marker where a period ends (halftime, the end of
// regulation) and "Final" on top when the game is over.

import { h, fill } from "../lib/dom.js";

/** Periods of regulation and the one that ends the first half, from the line score's heads
 *  ("1".."4" or "H1", "H2"). */
function shape(periods) {
  const halves = periods.length && /^H/i.test(String(periods[0]));
  return halves ? { regulation: 2, half: 1 } : { regulation: 4, half: 2 };
}

/** The period a play is in as a person reads it: the server's name for its record's `qtr`
 *  (1st & Roll's records count quarters of a game of halves). */
function periodOf(p, view) {
  const names = view.period_of || {};
  return String(names[p.qtr] ?? p.qtr);
}

/** The marker after the last play of period `name` (a line-score head). */
export function periodMarker(name, periods) {
  const { regulation, half } = shape(periods);
  const q = periods.indexOf(name) + 1;
  if (q === half) return "Halftime";
  if (q === regulation) return "End of regulation";
  return `End of ${/^\d+$/.test(name) ? `Q${name}` : name}`;
}

function isScore(p) {
  return p.touchdown === 1 || p.safety === 1 || p.field_goal_result === "made" ||
    p.extra_point_result === "good" || p.two_point_conv_result === "success";
}

function isTurnover(p) {
  return p.interception === 1 || p.fumble_lost === 1;
}

export function renderPlays(el, view) {
  const plays = view.plays || [];
  const periods = (view.line_score && view.line_score.periods) || [];
  const rows = [];
  let prev = null;
  plays.forEach((p, i) => {
    if (prev && periodOf(p, view) !== periodOf(prev, view)) {
      rows.push(h("li", { class: "marker", "data-testid": "period-marker" }, periodMarker(periodOf(prev, view), periods)));
    }
    rows.push(h("li", {
      class: ["play", isScore(p) && "scoring", isTurnover(p) && "turnover"], "data-play": i,
    }, h("span", { class: "sit" }, p.situation || ""), h("span", { class: "desc" }, p.desc || "")));
    prev = p;
  });
  if (view.status === "over") rows.push(h("li", { class: "marker final" }, "Final"));
  rows.reverse();
  const keep = el.querySelector(".pbp");
  const scroll = keep ? keep.scrollTop : 0;
  fill(el,
    h("h2", {}, "Play-by-play ", h("span", { class: "count" }, `(${plays.length})`)),
    plays.length
      ? h("ol", { class: "pbp", reversed: true, "data-testid": "plays", "aria-live": "off" }, ...rows)
      : h("p", { class: "muted" }, "No plays yet."),
  );
  const list = el.querySelector(".pbp");
  if (list) list.scrollTop = scroll;
}
