// 1st & Roll's dice as they are drawn (FR-2): the three offensive dice and the three
// defensive dice with their six faces (a circled breakaway, the red die's square 2, the
// penalty flags), then the clock, kick and penalty dice, with what each mark means.

import { h, svg } from "../lib/dom.js";

function flag() {
  return svg("svg", { class: "rs-flag", viewBox: "0 0 20 20", width: 18, height: 18, "aria-hidden": "true" },
    svg("line", { x1: 4, y1: 2, x2: 4, y2: 19 }),
    svg("path", { d: "M4 3 L17 6 L4 10 Z" }));
}

function clock() {
  return svg("svg", { class: "rs-clock", viewBox: "0 0 20 20", width: 20, height: 20, "aria-hidden": "true" },
    svg("circle", { cx: 10, cy: 10, r: 8 }),
    svg("line", { x1: 10, y1: 10, x2: 10, y2: 5 }),
    svg("line", { x1: 10, y1: 10, x2: 14, y2: 12 }));
}

function face(f, unit, colour) {
  const words = f.flag ? "a penalty flag" : f.breakaway ? `${f.value}, circled: a breakaway`
    : f.square ? `${f.value} in a square: a broken tackle` : `${f.value} yards`;
  return h("span", {
    class: ["rs-face", `rs-${unit}`, `rs-c-${colour}`], title: words, "aria-label": words, role: "img",
    "data-face": f.text,
  }, f.flag ? flag() : h("span", { class: ["rs-mark", f.breakaway && "circled", f.square && "squared"] }, f.text));
}

function dieRow(d) {
  return h("div", { class: "rs-die", "data-testid": `sheet-die-${d.unit}-${d.colour}` },
    h("div", { class: "rs-die-name" }, h("b", {}, d.label), d.use ? h("span", {}, d.use) : null),
    h("div", { class: "rs-faces" }, ...d.faces.map((f) => face(f, d.unit, d.colour))));
}

function special(title, testid, faces, help) {
  return h("div", { class: "rs-die", "data-testid": testid },
    h("div", { class: "rs-die-name" }, h("b", {}, title), help ? h("span", {}, help) : null),
    h("div", { class: "rs-faces" }, ...faces));
}

export function renderRoll(sheet) {
  const legend = sheet.legend || {};
  const unit = (u) => sheet.dice.filter((d) => d.unit === u).map(dieRow);
  const clockFaces = sheet.clock.map((c) => h("span", { class: "rs-face rs-special", title: c.words, "aria-label": c.words, role: "img" },
    c.face === "CLOCK" ? clock() : h("span", { class: "rs-mark" }, c.text)));
  const kickFaces = sheet.kick.map((k) => h("span", { class: "rs-face rs-special", title: `${k} yards` }, h("span", { class: "rs-mark" }, String(k))));
  const penaltyFaces = sheet.penalty.map((p) => h("span", { class: "rs-face rs-special rs-penalty", title: p.words }, h("span", { class: "rs-mark" }, p.face)));
  return h("div", { class: "rs-sheet" },
    h("dl", { class: "sh-legend", "data-testid": "sheet-legend" },
      h("div", {}, h("dt", {}, h("span", { class: "rs-face rs-offense rs-c-red rs-sample" }, h("span", { class: "rs-mark circled" }, "8"))), h("dd", {}, legend.breakaway)),
      h("div", {}, h("dt", {}, h("span", { class: "rs-face rs-offense rs-c-red rs-sample" }, h("span", { class: "rs-mark squared" }, "2"))), h("dd", {}, legend.square)),
      h("div", {}, h("dt", {}, h("span", { class: "rs-face rs-defense rs-c-red rs-sample" }, flag())), h("dd", {}, legend.flag))),
    h("p", { class: "sh-help" }, legend.same || ""),
    h("section", { class: "sh-section" }, h("h3", {}, "Offensive dice"), h("div", { class: "rs-dice" }, ...unit("offense"))),
    h("section", { class: "sh-section" }, h("h3", {}, "Defensive dice"), h("div", { class: "rs-dice" }, ...unit("defense"))),
    h("section", { class: "sh-section" }, h("h3", {}, "Specialty dice"),
      h("div", { class: "rs-dice" },
        special("Clock", "sheet-die-clock", clockFaces, "rolled by the defense every play"),
        special("Kick", "sheet-die-kick", kickFaces, "punts, field goals, the long bomb"),
        special("Penalty", "sheet-die-penalty", penaltyFaces, "after a flag")),
      h("ul", { class: "rs-words" }, ...sheet.penalty.map((p) => h("li", {}, h("b", {}, p.face), ` ${p.words}`)),
        ...sheet.clock.filter((c, i, all) => all.findIndex((x) => x.face === c.face) === i)
          .map((c) => h("li", {}, h("b", {}, c.face === "-" ? "Blank" : c.face === "T" ? "T" : "Clock"), ` ${c.words.replace(/^[^:]*:\s*/, "")}`)))));
}
