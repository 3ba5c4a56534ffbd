// The question waiting for this seat (`pending`): its prompt, what the play just did, one
// button an answer (the assistant's suggestion marked, refused answers greyed with their
// reason) and a help toggle; or, while the other side decides, "Waiting for <team>..."
// (after the seat's own hidden call: "You called <call> — waiting for <team> to call...").

import { h, fill } from "../lib/dom.js";

function waitingWords(view) {
  const w = view.waiting_for;
  if (!w) return null;
  const you = view.you;
  const unit = w.unit ? ` (${w.unit})` : "";
  if (you && you.side === w.side && you.unit && w.unit && you.unit !== w.unit) {
    return `Waiting for your team's ${w.unit} coach…`;
  }
  return `Waiting for ${w.team}${unit}…`;
}

/** The call this seat locked in while the other side still calls (only its own view has it). */
export function lockedWords(view) {
  const locked = view.locked;
  const w = view.waiting_for;
  if (!locked || !w) return null;
  const who = locked.by === "person" ? "You" : "Your assistant";
  return `${who} called ${locked.label} — waiting for ${w.team}${w.unit ? ` (${w.unit})` : ""} to call…`;
}

/** `ui` = {busy, helpOpen, error, answer(answer), toggleHelp()}. */
export function renderQuestion(el, view, ui) {
  const p = view.pending;
  el.dataset.index = p ? String(p.index) : "";   // tests and tools see which question is up
  if (!p) {
    const locked = view.status === "over" ? null : lockedWords(view);
    const words = view.status === "over" ? null : locked || waitingWords(view);
    fill(el,
      view.you === null && view.status !== "over"
        ? h("p", { class: "spectating" }, "You are watching this game.") : null,
      words ? h("p", { class: "waiting", "data-testid": "waiting", "aria-live": "polite" },
        h("span", { class: "spinner", "aria-hidden": "true" }), words) : null,
      ui.error ? h("p", { class: "error", role: "alert", "data-testid": "answer-error" }, ui.error) : null,
    );
    el.classList.toggle("asking", false);
    return;
  }
  el.classList.toggle("asking", true);
  const options = p.options || [];
  const refused = p.refused || [];
  fill(el,
    h("div", { class: "q-head" },
      h("h2", { id: "q-title" }, p.title || "Your decision"),
      p.help ? h("button", {
        type: "button", class: "help-toggle", "data-testid": "help",
        "aria-expanded": ui.helpOpen ? "true" : "false", "aria-controls": "q-help",
        onclick: ui.toggleHelp,
      }, ui.helpOpen ? "Hide help" : "Help") : null),
    p.result ? h("p", { class: "q-result", "data-testid": "result" }, p.result) : null,
    h("p", { class: "q-prompt", "data-testid": "prompt" }, p.prompt || ""),
    p.previews_coming ? h("p", { class: "small muted", "data-testid": "previews-coming" },
      "Working out where each answer leaves the ball…") : null,
    p.help && ui.helpOpen ? h("p", { class: "q-help", id: "q-help", "data-testid": "help-text" }, p.help) : null,
    ui.helpOpen && ui.glossary && Object.keys(ui.glossary).length
      ? h("details", { class: "q-terms", "data-testid": "glossary" },
        h("summary", {}, "Terms of the table"),
        h("dl", {}, ...Object.entries(ui.glossary).flatMap(([term, text]) =>
          [h("dt", {}, term), h("dd", {}, text)])))
      : null,
    h("div", { class: "options", role: "group", "aria-labelledby": "q-title" },
      ...options.map((o) => {
        const suggested = o.answer === (ui.recommended || p.suggestion);
        return h("button", {
          type: "button", class: ["option", suggested && "suggested"],
          "data-testid": `option-${o.answer}`, "data-answer": o.answer,
          disabled: ui.busy, onclick: () => ui.answer(o.answer),
        },
        h("span", { class: "o-label" }, o.label),
        suggested ? h("span", { class: "o-suggest", title: "the assistant's suggestion" },
          ui.recommended ? "★ recommended" : "★ suggested") : null,
        o.preview ? h("span", { class: "o-small o-preview" }, o.preview) : null,
        o.explain ? h("span", { class: "o-small o-explain" }, o.explain) : null);
      }),
      ...refused.map((r) => h("button", {
        type: "button", class: "option refused", disabled: true,
        "data-testid": `refused-${r.answer}`, title: r.why,
      }, h("span", { class: "o-label" }, r.label), h("span", { class: "o-small o-why" }, r.why)))),
    ui.error ? h("p", { class: "error", role: "alert", "data-testid": "answer-error" }, ui.error) : null,
  );
}
