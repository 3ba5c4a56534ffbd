// The Grid's player cards laid out like cards (GRID-7): a card a player, the starting eight
// in the order of the game board's slots and then the reserves; on each its name, number and
// type, the dice of each rating, and the blocking and defense numbers. Above them, the
// blocking dice and defense modifiers the starting eight make (GRID-9, GRID-10).

import { h } from "../lib/dom.js";

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function die(d) {
  return h("div", { class: "gr-die-rating" },
    h("span", { class: ["gr-die", `gr-${d.die}`], title: `a ${d.die}` }, d.die),
    h("span", { class: "gr-label" }, d.label));
}

function pair(title, values, fmt) {
  return h("div", { class: "gr-pair" }, h("span", { class: "gr-pair-title" }, title),
    h("span", { class: "gr-pair-values" },
      h("span", {}, "Run ", h("b", {}, fmt(values.run))),
      h("span", {}, "Pass ", h("b", {}, fmt(values.pass)))));
}

function card(c) {
  const type = c.type.toLowerCase();
  return h("article", { class: ["gr-card", `gr-${type}`], "data-testid": "sheet-card", "data-player": c.name },
    h("header", { class: "gr-card-head" },
      h("span", { class: "gr-number", title: "jersey number" }, String(c.number)),
      h("span", { class: "gr-who" }, h("span", { class: "gr-name" }, c.name),
        h("span", { class: "gr-type" }, c.type_label)),
      c.slot ? h("span", { class: "gr-slot", title: `starts at ${c.slot_label}` }, c.slot) : null),
    c.passing ? h("div", { class: "gr-passing" }, h("span", { class: "gr-pair-title" }, "Passing"),
      ...c.passing.map((p) => h("span", { class: "gr-pass" }, h("span", { class: "gr-label" }, p.label), h("b", {}, signed(p.value))))) : null,
    c.blocking ? pair("Blocking", c.blocking, String) : null,
    c.defense ? pair("Defense", c.defense, String) : null,
    h("div", { class: "gr-dice" }, ...c.dice.map(die)));
}

export function renderGrid(sheet) {
  const starters = sheet.cards.filter((c) => c.slot);
  const reserves = sheet.cards.filter((c) => !c.slot);
  const legend = sheet.legend || {};
  const b = sheet.board;
  return h("div", { class: "gr-sheet" },
    h("dl", { class: "sh-numbers", "data-testid": "sheet-header" },
      h("div", { class: "sh-number", title: legend.blocking || null }, h("dt", {}, "Blocking dice"),
        h("dd", {}, `run ${b.blocking.run}, pass ${b.blocking.pass}`)),
      h("div", { class: "sh-number", title: legend.defense || null }, h("dt", {}, "Defense modifiers"),
        h("dd", {}, `run ${signed(b.defense.run)}, pass ${signed(b.defense.pass)}`))),
    h("p", { class: "sh-help" }, [legend.dice, legend.passing, legend.blocking, legend.defense].filter(Boolean).join(" ")),
    h("section", { class: "sh-section" }, h("h3", {}, "The starting eight"),
      h("div", { class: "gr-cards", "data-testid": "sheet-starters" }, ...starters.map(card))),
    reserves.length ? h("section", { class: "sh-section" }, h("h3", {}, "Reserves"),
      h("div", { class: "gr-cards", "data-testid": "sheet-reserves" }, ...reserves.map(card))) : null);
}
