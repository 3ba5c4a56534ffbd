// A game played with the people's own dice: the die the game waits for, by its name ("Roll
// the offense's d24"), with a box for its face, a button for each face of a small die (a
// tap on a phone) and undo for the last die typed. A die of printed faces (1st & Roll) shows
// each face as printed, with its number under it; a timing card (The Grid) is typed ("7H").
// A face the server refuses is shown with what the die shows. The panel is drawn again on
// every piece of news, so what a person has typed for a die is kept across redraws (a redraw
// between typing and Enter must not send an empty box).

import { h, fill } from "../lib/dom.js";

const BUTTONS_UP_TO = 24;

/** `ui` = {busy, error, throwDie(face), undo()}. */
export function renderThrow(el, view, ui) {
  const die = view.die;
  el.hidden = !die;
  if (!die) {
    el.replaceChildren();
    return;
  }
  const draft = el._draft && el._draft.index === die.index ? el._draft.value : "";
  const hadFocus = document.activeElement && document.activeElement.id === "die-face";
  el.dataset.index = String(die.index);
  if (!view.you) {
    fill(el, h("p", { class: "throw-prompt", "data-testid": "die-prompt" }, `${die.prompt}…`));
    return;
  }
  const input = h("input", {
    id: "die-face", "data-testid": "die-face", type: "text",
    inputmode: die.kind === "number" ? "numeric" : "text",
    autocomplete: "off", autocapitalize: "characters", enterkeyhint: "done",
    "aria-describedby": "die-range",
    placeholder: die.kind === "card" ? "7H" : die.kind === "number" ? `1–${die.sides}` : "face",
    disabled: ui.busy,
  });
  input.value = draft;
  input.addEventListener("input", () => { el._draft = { index: die.index, value: input.value }; });
  const send = (event) => {
    event.preventDefault();
    ui.throwDie(input.value);
  };
  const printed = (die.faces || []).length > 0;
  const faces = printed ? h("div", { class: "faces printed", role: "group", "aria-label": "Faces" },
    // "#n": the face's place, which two faces printed alike do not share
    ...die.faces.map((label, i) => h("button", {
      type: "button", class: "face", "data-testid": `face-${i + 1}`, disabled: ui.busy,
      "aria-label": `${label} (face ${i + 1})`, onclick: () => ui.throwDie(`#${i + 1}`),
    }, h("span", { class: "face-label" }, label), h("span", { class: "face-number" }, String(i + 1)))))
    : die.kind === "number" && die.sides <= BUTTONS_UP_TO ? h("div", { class: "faces", role: "group", "aria-label": "Faces" },
    ...Array.from({ length: die.sides }, (_, i) => h("button", {
      type: "button", class: "face", "data-testid": `face-${i + 1}`, disabled: ui.busy,
      onclick: () => ui.throwDie(String(i + 1)),
    }, String(i + 1)))) : null;
  fill(el,
    h("h2", { class: "throw-title", "data-testid": "die-prompt" },
      die.kind === "coin" ? "Toss the coin" : die.kind === "card" ? `Turn ${die.name}` : `Roll ${die.name}`),
    h("form", { class: "throw-form", onsubmit: send, novalidate: true },
      h("label", { for: "die-face" }, "Face"),
      input,
      h("button", { type: "submit", class: "primary", "data-testid": "die-enter", disabled: ui.busy }, "Enter"),
      view.can_undo ? h("button", {
        type: "button", class: "die-undo", "data-testid": "die-undo", disabled: ui.busy,
        onclick: ui.undo,
      }, "Undo last") : null),
    h("p", { class: "small muted", id: "die-range" }, die.kind === "number"
      ? `a d${die.sides}: type 1 to ${die.sides}, or tap its face` : die.kind === "card" ? die.shows : `${die.shows}; type it or tap it`),
    faces,
    ui.error ? h("p", { class: "error", role: "alert", "data-testid": "die-error" }, ui.error) : null);
  if (!ui.busy && (hadFocus || document.activeElement === document.body)) input.focus({ preventScroll: true });
}
