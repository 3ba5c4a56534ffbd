// The dice of the last play as they were rolled, each drawn as a face with what it read.
// `dice_read` says it in words ("d24 4: Drop Back #4 -> 10", "red 5: ...", "offense yellow 6:
// +6 yards", "clock die turnover", "penalty die false start: offense, 5 yards back"); `dice`
// ([sides, value] pairs) is the fallback.

import { h, svg, fill } from "../lib/dom.js";

const COLOURS = ["red", "white", "blue", "black", "yellow", "green"];

/** One die read from its words: {colour, unit, name, face, text, sides}. */
export function parseDie(words, raw) {
  const sides = Array.isArray(raw) ? raw[0] : null;
  const value = Array.isArray(raw) ? raw[1] : null;
  const text = String(words || "");
  let m = text.match(/^(?:(offense|defense)\s+)?(red|white|blue|black|yellow|green)\s+([^\s:]+):?\s*(.*)$/i);
  if (m) {
    return { colour: m[2].toLowerCase(), unit: m[1] ? m[1].toLowerCase() : null,
      name: [m[1], m[2]].filter(Boolean).join(" ").toLowerCase(), face: m[3], text: m[4], sides };
  }
  m = text.match(/^d(\d+)\s+([^\s:]+):?\s*(.*)$/i);
  if (m) return { colour: null, unit: null, name: `d${m[1]}`, face: m[2], text: m[3], sides: Number(m[1]) };
  // A special die: its face in words up to the first comma or colon ("false start").
  m = text.match(/^(.+?)\s+die\s+([^,:]+?)\s*(?:[,:]\s*(.*))?$/i);
  if (m) return { colour: "plain", unit: null, name: `${m[1].toLowerCase()} die`, face: m[2], text: m[3] || "", sides };
  if (value !== null) {
    return { colour: null, unit: null, name: `d${sides}`, face: String(value), text: text || "", sides };
  }
  return { colour: null, unit: null, name: "die", face: "?", text, sides };
}

const PIPS = {
  1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
};

/** A die face (SVG, 48 units square): pips for a plain d6, else the face's number or word;
 *  a many-sided die is drawn as a hexagon, a coloured die in its colour. */
export function dieFace(die) {
  const colour = die.colour && die.colour !== "plain" ? die.colour : null;
  const cls = ["die", colour ? `die-${colour}` : "die-plain", die.unit ? `die-${die.unit}` : null]
    .filter(Boolean).join(" ");
  const many = Boolean(die.sides) && die.sides !== 6;
  const body = many
    ? svg("polygon", { class: "die-body", points: "24,2 44,13 44,35 24,46 4,35 4,13" })
    : svg("rect", { class: "die-body", x: 3, y: 3, width: 42, height: 42, rx: 8 });
  const parts = [body];
  const n = Number(die.face);
  if (die.sides === 6 && !colour && die.colour !== "plain" && PIPS[n]) {
    for (const [cx, cy] of PIPS[n]) parts.push(svg("circle", { class: "die-pip", cx: cx * 11 + 2, cy: cy * 11 + 2, r: 4 }));
  } else {
    const face = String(die.face);
    const size = face.length <= 2 ? 20 : face.length <= 3 ? 16 : face.length <= 5 ? 11 : 8;
    parts.push(svg("text", { class: "die-text", x: 24, y: 25, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central" }, face));
  }
  return svg("svg", { class: cls, viewBox: "0 0 48 48", width: 44, height: 44, "aria-hidden": "true" }, ...parts);
}

export function renderDice(el, view) {
  const plays = view.plays || [];
  const last = plays[plays.length - 1];
  if (!last) {
    fill(el, h("h2", {}, "The dice"), h("p", { class: "muted" }, "No play yet."));
    return;
  }
  const read = Array.isArray(last.dice_read) ? last.dice_read : [];
  const raw = Array.isArray(last.dice) ? last.dice : [];
  const count = Math.max(read.length, raw.length);
  const dice = [];
  for (let i = 0; i < count; i += 1) {
    const words = read[i] !== undefined ? read[i] : raw[i] ? `d${raw[i][0]}: ${raw[i][1]}` : "";
    dice.push(parseDie(words, raw[i]));
  }
  fill(el,
    h("h2", {}, "Last play"),
    h("p", { class: "last-situation" }, last.situation || ""),
    h("p", { class: "last-desc", "data-testid": "last-play" }, last.desc || ""),
    dice.length
      ? h("ul", { class: "dice", "data-testid": "dice", "aria-label": "The dice of the last play" },
        ...dice.map((d) => h("li", { class: "die-row" }, dieFace(d),
          h("span", { class: "die-words" },
            h("span", { class: "die-name" }, `${d.name} ${d.face}`),
            d.text ? h("span", { class: "die-read" }, d.text) : null))))
      : h("p", { class: "muted" }, "No dice on this play."),
  );
}
