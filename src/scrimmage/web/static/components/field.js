// The field as the table shows it (SVG): end zones with the team names, yard lines, the ball
// at the line of scrimmage and the first-down marker. The home team attacks to the right, so
// it defends the left end zone (its name is painted there).

import { svg, h, fill } from "../lib/dom.js";

const K = 10;            // SVG units per yard
const DEPTH = 53;        // sideline to sideline, in yards (a real field's 53 1/3)

/** Where the ball is, in yards from the left goal line (home's own), or null. */
export function ballYards(sb) {
  if (sb.yardline_100 === null || sb.yardline_100 === undefined || !sb.possession) return null;
  const L = sb.field_length || 100;
  return sb.possession === "HOME" ? L - sb.yardline_100 : sb.yardline_100;
}

/** The first-down marker, in yards from the left goal line, or null (no down, or goal to go). */
export function markerYards(sb) {
  const ball = ballYards(sb);
  if (ball === null || sb.down === null || sb.down === undefined || !sb.ydstogo) return null;
  if (sb.ydstogo >= sb.yardline_100) return null;
  const L = sb.field_length || 100;
  const to = sb.possession === "HOME" ? ball + sb.ydstogo : ball - sb.ydstogo;
  return Math.max(0, Math.min(L, to));
}

function endZoneName(name, x, width, height, rotate, cls) {
  // Upper-case letters with a little spacing take about 0.8 of the font size each.
  const size = Math.min(width * 0.5, (height * 0.88) / Math.max(6, name.length * 0.8));
  return svg("text", {
    class: `ez-name ${cls}`, x: 0, y: 0, "font-size": size.toFixed(1),
    "text-anchor": "middle", "dominant-baseline": "central",
    transform: `translate(${x + width / 2} ${height / 2}) rotate(${rotate})`,
  }, name);
}

export function renderField(el, view) {
  const sb = view.scoreboard;
  const L = sb.field_length || 100;
  const box = (view.board && view.board.box_yards) || 5;
  const ez = L >= 100 ? 10 : box;
  const W = (L + 2 * ez) * K;
  // A shorter field (The Grid's 60 yards) keeps a real field's proportions.
  const H = Math.round(DEPTH * Math.min(1, L / 100)) * K;
  const x = (yards) => (ez + yards) * K;
  const names = sb.names || {};
  const parts = [
    svg("rect", { class: "turf", x: 0, y: 0, width: W, height: H }),
  ];
  // Mowing stripes, one a box (5 yards), and the lines between them.
  for (let y = 0, i = 0; y < L; y += box, i += 1) {
    if (i % 2 === 1) parts.push(svg("rect", { class: "stripe", x: x(y), y: 0, width: box * K, height: H }));
  }
  parts.push(
    svg("rect", { class: "ez ez-home", x: 0, y: 0, width: ez * K, height: H }),
    svg("rect", { class: "ez ez-away", x: x(L), y: 0, width: ez * K, height: H }),
    endZoneName(names.HOME || "Home", 0, ez * K, H, -90, "home"),
    endZoneName(names.AWAY || "Away", x(L), ez * K, H, 90, "away"),
  );
  for (let y = 0; y <= L; y += box) {
    parts.push(svg("line", { class: y === 0 || y === L ? "goal-line" : "yard-line", x1: x(y), x2: x(y), y1: 0, y2: H }));
  }
  if (L >= 100) {
    // Hash marks every yard, two rows, as on a real field.
    for (let y = 1; y < L; y += 1) {
      if (y % 5 === 0) continue;
      for (const row of [H * 0.36, H * 0.64]) {
        parts.push(svg("line", { class: "hash", x1: x(y), x2: x(y), y1: row - 8, y2: row + 8 }));
      }
    }
  }
  const every = L >= 100 ? 10 : box * 2;
  for (let y = every; y < L; y += every) {
    const label = String(Math.min(y, L - y));
    for (const row of [H * 0.14, H * 0.9]) {
      parts.push(svg("text", { class: "yard-number", x: x(y), y: row, "text-anchor": "middle", "dominant-baseline": "central" }, label));
    }
  }
  const ball = sb.over ? null : ballYards(sb);
  const marker = sb.over ? null : markerYards(sb);
  const hasDown = sb.down !== null && sb.down !== undefined;
  if (ball !== null && hasDown) {
    parts.push(svg("line", { class: "los", x1: x(ball), x2: x(ball), y1: 0, y2: H, "data-testid": "field-los" }));
  }
  if (marker !== null) {
    parts.push(svg("line", { class: "first-down", x1: x(marker), x2: x(marker), y1: 0, y2: H, "data-testid": "field-marker" }));
  }
  if (ball !== null) {
    const bx = x(ball);
    const dir = sb.possession === "HOME" ? 1 : -1;
    parts.push(
      svg("path", { class: "attack", d: `M ${bx + dir * 22} ${H / 2 - 30} l ${dir * 26} 0 l ${-dir * 10} -10 M ${bx + dir * 48} ${H / 2 - 30} l ${-dir * 10} 10` }),
      svg("ellipse", { class: "ball", cx: bx, cy: H / 2, rx: 18, ry: 11, "data-testid": "field-ball" }),
      svg("line", { class: "laces", x1: bx - 7, x2: bx + 7, y1: H / 2, y2: H / 2 }),
    );
  }
  const words = [
    ball === null ? "no ball on the field" : `${names[sb.possession] || ""} ball`,
    ball === null ? "" : sb.down_text, ball === null ? "" : sb.spot_text,
  ].filter(Boolean).join(", ");
  fill(el,
    svg("svg", {
      class: "field", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `The field: ${words}`,
      preserveAspectRatio: "xMidYMid meet", "data-testid": "field",
    }, svg("title", {}, `The field: ${words}`), ...parts),
    h("p", { class: "field-caption" },
      h("span", {}, `◀ ${names.AWAY || "Away"} attack`),
      h("span", {}, `${names.HOME || "Home"} attack ▶`)),
  );
}
