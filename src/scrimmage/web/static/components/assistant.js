// Undo, and the assistant's toggles: a checkbox a kind of decision, checked when the person
// takes that kind himself, unchecked when the assistant answers it.

import { h, fill } from "../lib/dom.js";

/** `ui` = {busy, assistantOpen, undo(), setPolicy(kind, ask), toggleAssistant(open)}. */
export function renderAssistant(el, view, ui) {
  const policy = view.policy;
  if (!view.can_undo && !policy) {
    el.replaceChildren();
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const asked = new Set([...(policy ? policy.always : []), ...(policy ? policy.when_it_matters : [])]);
  const sometimes = new Set(policy ? policy.when_it_matters : []);
  const details = policy ? h("details", {
    class: "policy", open: ui.assistantOpen ? true : null,
    ontoggle: (e) => ui.toggleAssistant(e.currentTarget.open),
  },
  h("summary", {}, "The assistant: which decisions you take"),
  h("p", { class: "muted small" }, "Checked: you are asked. Unchecked: the assistant decides for you."),
  h("ul", { class: "policy-list" }, ...Object.entries(policy.kinds).map(([kind, words]) => {
    const id = `policy-${kind}`;
    return h("li", {},
      h("input", {
        type: "checkbox", id, "data-testid": id, checked: asked.has(kind), disabled: ui.busy,
        onchange: (e) => ui.setPolicy(kind, e.currentTarget.checked),
      }),
      h("label", { for: id }, words, sometimes.has(kind) ? h("span", { class: "muted small" }, " (when it matters)") : null));
  }))) : null;
  fill(el,
    view.can_undo ? h("button", {
      type: "button", class: "undo", "data-testid": "undo", disabled: ui.busy, onclick: ui.undo,
      title: "Take back your last decision",
    }, "↶ Undo my last decision") : null,
    details,
  );
}
