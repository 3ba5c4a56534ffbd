// A ruleset's option as a form field (a check box, a choice, a number), shared by the
// new-game and the new-league forms. The words are a person's: no underscores, no rule IDs.

import { h } from "../lib/dom.js";

const RULE_ID = /\b[A-Z]+(?:-[A-Z]+)*-\d+\b/g;

/** The option's name or help in plain words: "sudden_death" -> "sudden death", and the
 *  rulebook's references ("(FNL-11, high school)") left out. */
export function plainWords(text) {
  return String(text || "")
    .replace(RULE_ID, "")
    .replace(/_/g, " ")
    .replace(/\(\s*,\s*/g, "(")
    .replace(/\s*,\s*\)/g, ")")
    .replace(/\s*\(\s*\)/g, "")
    .replace(/\(\s+/g, "(")          // "(AMB-FNL-4 house rules)" -> "(house rules)"
    .replace(/\s+\)/g, ")")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/**
 * The field of option `o` (from GET /api/rulesets) showing `value`; `set(value)` is called on
 * each change. `prefix` makes the ids ("new-opt" gives "new-opt-neutral").
 */
export function optionField(o, value, set, prefix) {
  const id = `${prefix}-${o.name}`;
  const help = o.help ? h("span", { class: "help-text", id: `${id}-help` }, plainWords(o.help)) : null;
  const label = plainWords(o.name);
  if (o.type === "bool") {
    return h("div", { class: "field-row check" },
      h("input", {
        type: "checkbox", id, "data-testid": id, checked: Boolean(value), "aria-describedby": `${id}-help`,
        onchange: (e) => set(e.currentTarget.checked),
      }),
      h("label", { for: id }, label), help);
  }
  if (o.type === "choice") {
    return h("div", { class: "field-row" },
      h("label", { for: id }, label),
      h("select", {
        id, "data-testid": id, "aria-describedby": `${id}-help`,
        onchange: (e) => set(e.currentTarget.value),
      }, ...o.choices.map((c) => h("option", { value: c, selected: c === value }, plainWords(c)))),
      help);
  }
  return h("div", { class: "field-row" },
    h("label", { for: id }, label),
    h("input", {
      type: "number", id, "data-testid": id, inputmode: "numeric", "aria-describedby": `${id}-help`,
      min: o.minimum ?? null, max: o.maximum ?? null, step: 1,
      value: value === null || value === undefined ? "" : String(value), placeholder: "default",
      oninput: (e) => set(e.currentTarget.value === "" ? null : Number(e.currentTarget.value)),
    }), help);
}
