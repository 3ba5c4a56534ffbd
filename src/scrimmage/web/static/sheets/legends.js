// A Football Legends team sheet as it is printed (FNL-3): the header numbers, the offensive
// side (a table a play card: its numbered plays, each row the cell against each of the six
// defensive cards), the defensive side likewise, the Big Play (defense) tables, the kicking
// charts and, set apart, the replay ratings that are scrimmage's house rules.

import { h } from "../lib/dom.js";

const CELL_CLASS = { INC: "inc", "BP-OFF": "bp-off", "BP-DEF": "bp-def" };
const CELL_WORDS = { INC: "incomplete", "BP-OFF": "Big Play (offense)", "BP-DEF": "Big Play (defense)" };

/** One cell as printed: yards plain, INC and the Big Plays marked, each with its words. */
function cell(text, card, column, number) {
  const cls = CELL_CLASS[text];
  const words = CELL_WORDS[text] || `${text} yards`;
  return h("td", { class: ["lg-c", cls], title: `${card} #${number} against ${column}: ${words}` },
    cls ? h("span", { class: "lg-mark" }, text) : text);
}

function cardTable(card, columns, side) {
  const kind = side === "offense" ? (card.run ? "Run" : "Pass") : (card.run ? "vs Run" : "vs Pass");
  return h("div", { class: "sh-scroll" }, h("table", { class: ["lg-matrix", card.run ? "run" : "pass"],
    "data-testid": `sheet-card-${card.label.toLowerCase().replace(/\s+/g, "-")}` },
  h("caption", {}, h("span", { class: "lg-kind" }, kind), " ", card.label),
  h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "lg-no", title: "play number" }, "#"),
    ...columns.map((c) => h("th", { scope: "col", title: c }, c.replace(/(\w)side\b/, "$1\u00adside"))))),
  h("tbody", {}, ...card.rows.map((row, i) => h("tr", {},
    h("th", { scope: "row", class: "lg-no" }, String(i + 1)),
    ...row.map((text, j) => cell(text, card.label, columns[j], i + 1)))))));
}

function side(title, help, matrix, which) {
  return h("section", { class: "sh-section", "data-testid": `sheet-${which}` },
    h("h3", {}, title),
    h("p", { class: "sh-help" }, help),
    h("div", { class: "lg-cards" }, ...matrix.cards.map((c) => cardTable(c, matrix.columns, which))));
}

function numbers(items, testid) {
  return h("dl", { class: "sh-numbers", "data-testid": testid }, ...items.map((it) => h("div", {
    class: "sh-number", title: it.note || null,
  }, h("dt", {}, it.label), h("dd", {}, it.text), it.note ? h("span", { class: "sh-note" }, it.note) : null)));
}

function rollTable(title, rows, headings, testid) {
  return h("table", { class: "sh-small", "data-testid": testid },
    h("caption", {}, title),
    h("thead", {}, h("tr", {}, ...headings.map((x) => h("th", { scope: "col" }, x)))),
    h("tbody", {}, ...rows.map((r) => h("tr", {}, h("td", {}, r.rolls), h("td", {}, r.result)))));
}

function legend(sheet) {
  const words = sheet.legend || {};
  const sample = (cls, text) => h("span", { class: ["lg-c", "lg-sample", cls] }, cls ? h("span", { class: "lg-mark" }, text) : text);
  return h("dl", { class: "sh-legend", "data-testid": "sheet-legend" },
    h("div", {}, h("dt", {}, sample(null, "6")), h("dd", {}, words.yards || "yards")),
    h("div", {}, h("dt", {}, sample("inc", "INC")), h("dd", {}, words.INC || "incomplete")),
    h("div", {}, h("dt", {}, sample("bp-off", "BP-OFF")), h("dd", {}, words["BP-OFF"] || "Big Play (offense)")),
    h("div", {}, h("dt", {}, sample("bp-def", "BP-DEF")), h("dd", {}, words["BP-DEF"] || "Big Play (defense)")));
}

function kicking(k) {
  if (!k) return null;
  const parts = [];
  if (k.field_goal) {
    const fg = k.field_goal;
    parts.push(h("table", { class: "sh-small", "data-testid": "sheet-field-goal" },
      h("caption", {}, "Field goal range"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Yards"), h("th", { scope: "col" }, "Good on a d20 of"))),
      h("tbody", {}, ...fg.bands.map((b) => h("tr", {}, h("td", {}, b.distance), h("td", {}, b.good))))));
    if (fg.blocked.length) {
      parts.push(h("p", { class: "sh-help" }, `Blocked on a d20 of ${fg.blocked.join(", ")}.`));
    }
  }
  const tables = [];
  if (k.kickoff_touchback) tables.push(rollTable("Kickoff touchback (this team's kickoffs)", k.kickoff_touchback, ["d20", "Result"], "sheet-touchback"));
  if (k.punt_fair_catch) tables.push(rollTable("Punt fair catch (punts this team receives)", k.punt_fair_catch, ["d20", "Result"], "sheet-fair-catch"));
  return h("section", { class: "sh-section" }, h("h3", {}, "Kicking"),
    h("div", { class: "sh-row" }, h("div", {}, ...parts), ...tables));
}

function houseRules(hr) {
  if (!hr) return null;
  const guards = hr.guards ? h("table", { class: "sh-small", "data-testid": "sheet-guards" },
    h("caption", {}, "Big Play (defense) guards"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Result"), ...hr.guards.columns.map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, ...hr.guards.rows.map((r) => h("tr", {}, h("td", {}, r.result),
      h("td", {}, r.offense ?? "–"), h("td", {}, r.defense ?? "–"))))) : null;
  return h("section", { class: ["sh-section", "sh-house"], "data-testid": "sheet-house-rules" },
    h("h3", {}, h("span", { class: "sh-badge house" }, "House rules"), " Replay ratings"),
    h("p", { class: "sh-help" }, `${hr.note.charAt(0).toUpperCase()}${hr.note.slice(1)}.`,
      hr.on ? "" : " This game plays without them."),
    h("div", { class: "sh-row" }, numbers(hr.items, "sheet-house-numbers"),
      guards ? h("div", {}, guards, h("p", { class: "sh-help" }, `${hr.guards.note}.`)) : null));
}

export function renderLegends(sheet) {
  const bigPlay = (sheet.big_play || []).length ? h("section", { class: "sh-section" },
    h("h3", {}, "Big Play (defense) tables"),
    h("p", { class: "sh-help" }, "Rolled when a Big Play (defense) cell comes up on this sheet and the d20 says it is a big play."),
    h("div", { class: "sh-row" }, ...sheet.big_play.map((t) => rollTable(t.title, t.rows, ["d20", "Result"],
      `sheet-${t.title.toLowerCase().replace(/\s+/g, "-")}`)))) : null;
  return h("div", { class: "lg-sheet-print" },
    numbers(sheet.header, "sheet-header"),
    legend(sheet),
    side("Offense", "The offense reads the row of its play number under the card it called, in the column of the defense's card; the two coaches' numbers are added.", sheet.offense, "offense"),
    side("Defense", "The defense reads the row of its play number under its card, in the column of the offense's card.", sheet.defense, "defense"),
    bigPlay,
    kicking(sheet.kicking),
    houseRules(sheet.house_rules));
}
