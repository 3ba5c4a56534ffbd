// The assistant's reasoning (issue 20): for a play call, the equilibrium mix of the exact
// payoffs and each card's value against the other side's best mix; for a fourth down, a try or
// a kickoff, the win probability of each choice. Computed by the server only while the box is
// ticked (GET /api/games/{id}/advice), once per question. The person still chooses.

import { h, fill } from "../lib/dom.js";

/** `ui` = {on, advice: {index, advice} | null, loading, toggle(on)}. */
export function renderAdvice(el, view, ui) {
  if (!view.pending) {
    el.replaceChildren();
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const labels = Object.fromEntries((view.pending.options || []).map((c) => [c.answer, c.label]));
  const toggle = h("label", { class: "advice-toggle" },
    h("input", {
      type: "checkbox", "data-testid": "advice-toggle", checked: ui.on,
      onchange: (e) => ui.toggle(e.currentTarget.checked),
    }),
    " Show the assistant's reasoning");
  let body = null;
  const current = ui.advice && ui.advice.index === view.pending.index ? ui.advice.advice : undefined;
  if (ui.on && ui.loading) {
    body = h("p", { class: "muted small", "data-testid": "advice-loading" }, "Working it out…");
  } else if (ui.on && current === null) {
    body = h("p", { class: "muted small", "data-testid": "advice-none" },
      "No reasoning to show for this question.");
  } else if (ui.on && current) {
    body = h("div", { "data-testid": "advice" },
      h("p", { class: "small" }, current.title),
      h("table", { class: "advice-table" },
        h("tbody", {}, ...current.lines.map((line) => h("tr", {
          class: line.option === current.recommended ? "recommended" : "",
          "data-testid": `advice-${line.option}`,
        },
        h("td", {}, labels[line.option] || line.option),
        h("td", { class: "num" }, line.text),
        h("td", { class: "num" }, line.mix === null ? "" : `${(100 * line.mix).toFixed(1)}%`),
        h("td", { class: "bar" }, line.mix === null ? "" :
          h("span", { style: `width: ${Math.round(100 * line.mix)}%` })))))),
      current.note ? h("p", { class: "muted small" }, current.note) : null);
  }
  fill(el, toggle, body);
}
