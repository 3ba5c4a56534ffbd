// A 5D20 team chart laid out as the book describes it (D20-4): on the left the QB, the
// runners, the receivers and the kicking game; in the middle play calling, the defensive
// adjustment, the penalty ranges and fumbles; on the right the run and pass defenders and
// the player statistics. Every range is printed as the chart prints it, the top number of
// each; a cell's tooltip gives the whole range.

import { h } from "../lib/dom.js";

let CODES = {};

function code(text) {
  const words = CODES[text];
  return words ? h("abbr", { title: words }, text) : text;
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** The codes of a group of rows, in the order they first appear. */
function union(rows) {
  const out = [];
  for (const row of rows) for (const c of row) if (!out.includes(c.code)) out.push(c.code);
  return out;
}

/** The cells of one row under `codes`: the top of each range, a dash where it has none. */
function tops(row, codes) {
  let low = 1;
  const at = new Map();
  for (const c of row) {
    at.set(c.code, { top: c.top, range: c.top < low ? "never" : (c.top === low ? `${low}` : `${low}-${c.top}`) });
    low = Math.max(low, c.top + 1);
  }
  return codes.map((k) => {
    const found = at.get(k);
    return found ? h("td", { class: "fd-n", title: `${k}: ${found.range}` }, String(found.top)) : h("td", { class: "fd-n fd-none" }, "–");
  });
}

function th(text, attrs) {
  return h("th", { scope: "col", ...(attrs || {}) }, typeof text === "string" ? code(text) : text);
}

function table(caption, heads, rows, testid, extra) {
  return h("div", { class: "sh-scroll" }, h("table", { class: ["fd-table", extra], "data-testid": testid || null },
    caption ? h("caption", {}, caption) : null,
    h("thead", {}, ...heads),
    h("tbody", {}, ...rows)));
}

function group(label, span) {
  return h("th", { scope: "colgroup", colspan: String(span), class: "fd-group" }, code(label));
}

function name(text) {
  return h("th", { scope: "row", class: "fd-name" }, text);
}

function section(title, testid, ...children) {
  const [id, wide] = testid.split(" ");
  return h("section", { class: ["fd-section", wide && "fd-wide"], "data-testid": id }, h("h3", {}, title), ...children);
}

function qb(c) {
  const q = c.qb;
  const groups = ["PRE", "DEF", "OTHER"].map((g) => union(q.rows.map((r) => r[g])));
  const heads = [
    h("tr", {}, h("th", {}, ""), group("PRE", groups[0].length), th("INT", { rowspan: "2" }),
      group("DEF", groups[1].length), group("OTHER", groups[2].length)),
    h("tr", {}, th("Depth"), ...groups[0].map((x) => th(x)), ...groups[1].map((x) => th(x)), ...groups[2].map((x) => th(x))),
  ];
  const rows = q.rows.map((r) => h("tr", {}, name(code(r.depth)), ...tops(r.PRE, groups[0]),
    h("td", { class: "fd-n" }, signed(r.INT)), ...tops(r.DEF, groups[1]), ...tops(r.OTHER, groups[2])));
  const depth = table("Pass depth (white die)", [h("tr", {}, ...q.depth.map((d) => th(d.code)))],
    [h("tr", {}, ...tops(q.depth, q.depth.map((d) => d.code)))], "sheet-qb-depth", "fd-mini");
  const scramble = table("Scramble (black die)", [h("tr", {}, ...q.scramble.map((d) => th(d.code)))],
    [h("tr", {}, ...tops(q.scramble, q.scramble.map((d) => d.code)))], "sheet-qb-scramble", "fd-mini");
  return section("Passing", "sheet-qb",
    h("p", { class: "fd-who" }, h("b", {}, q.name), ` · snap fumble ${q.snap_fumble} · fumble ${q.fumble}`),
    h("div", { class: "fd-minis" }, depth, scramble),
    table(null, heads, rows, "sheet-qb-rows"));
}

function runners(c) {
  const r = c.runners;
  const groups = ["BACK", "LOS", "HOLE"].map((g) => union(r.players.map((p) => p[g])));
  const heads = [
    h("tr", {}, h("th", {}, ""), h("th", { colspan: "2", class: "fd-group" }, "Who"),
      ...["BACK", "LOS", "HOLE"].map((g, i) => group(g, groups[i].length)), th("BRK", { rowspan: "2" }), th("Fum", { rowspan: "2" })),
    h("tr", {}, th("Runner"), th("Blue"), th("Black"), ...groups.flat().map((x) => th(x))),
  ];
  const rows = r.players.map((p) => h("tr", { "data-testid": "sheet-runner" }, name(p.name),
    h("td", { class: "fd-n" }, String(p.blue)), h("td", { class: "fd-n" }, String(p.black)),
    ...tops(p.BACK, groups[0]), ...tops(p.LOS, groups[1]), ...tops(p.HOLE, groups[2]),
    h("td", { class: "fd-n" }, String(p.BRK)), h("td", { class: "fd-n fd-fum" }, String(p.fumble))));
  return section("Rushing", "sheet-runners",
    h("p", { class: "fd-who" }, `Blue die below ${r.header}: the blue column picks the runner; at ${r.header} or above, the black.`),
    table(null, heads, rows, "sheet-runner-rows"));
}

function receivers(c) {
  const r = c.receivers;
  const depths = ["SP", "MP", "LP"];
  const groups = depths.map((d) => union(r.players.map((p) => p[d])));
  const heads = [
    h("tr", {}, h("th", {}, ""), th("OUT", { rowspan: "2" }),
      ...depths.map((d) => h("th", { colspan: "2", class: "fd-group" }, code(d), ` ${r.header[d]}`)),
      ...depths.map((d, i) => group(d === "SP" ? "SP & OUT" : d, groups[i].length)), th("LPY", { rowspan: "2" }), th("Fum", { rowspan: "2" })),
    h("tr", {}, th("Receiver"), ...depths.flatMap(() => [th("Blue"), th("Black")]), ...groups.flat().map((x) => th(x))),
  ];
  const rows = r.players.map((p) => h("tr", {}, name(p.name), h("td", { class: "fd-n" }, String(p.OUT)),
    ...depths.flatMap((d) => [h("td", { class: "fd-n" }, String(p.blue[d])), h("td", { class: "fd-n" }, String(p.black[d]))]),
    ...depths.flatMap((d, i) => tops(p[d], groups[i])),
    h("td", { class: "fd-n" }, String(p.LPY)), h("td", { class: "fd-n fd-fum" }, String(p.fumble))));
  return section("Receiving", "sheet-receivers",
    h("p", { class: "fd-who" }, "By pass depth, the number beside it in the black cell: a blue die below it reads the blue column, else the black."),
    table(null, heads, rows, "sheet-receiver-rows"));
}

function kicking(c) {
  const k = c.kicking;
  const dice = Array.from({ length: 20 }, (_, i) => i + 1);
  const kicks = table("Red die", [h("tr", {}, th("Red"), th("Kickoff"), th("Field goal"), th("Punt own"), th("Punt opp"))],
    dice.map((d, i) => h("tr", {}, h("th", { scope: "row", class: "fd-n" }, String(d)),
      h("td", { class: "fd-n" }, String(k.kickoff[i])), h("td", { class: "fd-n" }, String(k.field_goal[i])),
      h("td", { class: "fd-n" }, code(k.punt_own[i])), h("td", { class: "fd-n" }, code(k.punt_opp[i])))), "sheet-kicks", "fd-long");
  const returners = [...c.kick_return.map((r) => ({ ...r, kind: "Kick return" })), ...c.punt_return.map((r) => ({ ...r, kind: "Punt return" }))];
  const who = table("Returners", [h("tr", {}, th("Returner"), th("Blue"), th("FC"), th("Fum"))],
    returners.map((r) => h("tr", {}, name(h("span", {}, r.name, h("span", { class: "fd-tag" }, r.kind))),
      h("td", { class: "fd-n" }, String(r.blue)), h("td", { class: "fd-n" }, r.kind === "Punt return" ? String(r.FC) : "–"),
      h("td", { class: "fd-n fd-fum" }, String(r.fumble)))), "sheet-returners", "fd-mini");
  const yards = table("Return yards (black die)", [h("tr", {}, th("Black"), ...returners.map((r) => th(`${r.name} (${r.kind === "Kick return" ? "KR" : "PR"})`)))],
    dice.map((d, i) => h("tr", {}, h("th", { scope: "row", class: "fd-n" }, String(d)),
      ...returners.map((r) => h("td", { class: "fd-n" }, String(r.returns[i]))))), "sheet-returns", "fd-long");
  return section("Kicking", "sheet-kicking",
    h("p", { class: "fd-who" }, `Kicker ${k.kicker} · punter ${k.punter} · return rating `, h("b", {}, signed(k.RET)),
      ` · punting block ${k.punt_block} · punt return block ${k.punt_return_block}`),
    h("div", { class: "fd-minis" }, kicks, h("div", {}, who, yards)));
}

function playCalling(c) {
  const p = c.play_calling;
  return section("Play calling", "sheet-play-calling",
    table("Off play call (down × distance)", [h("tr", {}, th("Row"), th("YZ"), th("NZ"), th("RZ"))],
      p.rows.map((r) => h("tr", {}, name(code(r.row)), h("td", { class: "fd-n" }, String(r.YZ)),
        h("td", { class: "fd-n" }, String(r.NZ)), h("td", { class: "fd-n" }, String(r.RZ)))), "sheet-play-call", "fd-mini"),
    h("p", { class: "fd-who" }, "Def play adjust ", h("b", {}, signed(p.def_adjust)), " · in the red zone ",
      h("b", { class: "fd-red" }, signed(p.def_adjust_rz))));
}

function penalties(c) {
  return section("Penalty ranges", "sheet-penalties",
    h("p", { class: "fd-who" }, "A doubled number on the red, white and blue dice: a penalty when it is listed here."),
    table(null, [h("tr", {}, th("Play"), th("Offense"), th("Defense"))],
      c.penalty_ranges.map((r) => h("tr", {}, name(r.row), h("td", {}, r.offense.join(" ") || "–"),
        h("td", {}, r.defense.join(" ") || "–"))), "sheet-penalty-rows", "fd-mini"));
}

function fumbles(c) {
  const f = c.fumbles;
  const range = ([lo, hi]) => (lo === 0 && hi === 0 ? "none" : lo === hi ? String(lo) : `${lo}-${hi}`);
  return section("Fumbles", "sheet-fumbles",
    h("dl", { class: "fd-list" },
      h("div", {}, h("dt", {}, "Off fum lost"), h("dd", {}, range(f.off_lost))),
      h("div", {}, h("dt", {}, "Def fum rec"), h("dd", {}, range(f.def_rec))),
      h("div", {}, h("dt", {}, "Def fum rate adjust"), h("dd", {}, signed(f.def_adjust)))));
}

function replayRatings(c) {
  const r = c.replay;
  if (!r) return null;
  const n = (v) => (v === null || v === undefined ? "–" : signed(v));
  return section(`${r.title} (house rules)`, "sheet-replay",
    table(null, [h("tr", {}, th(""), th("Offense"), th("Defense"))],
      r.items.map((i) => h("tr", {}, name(i.label), h("td", { class: "fd-n" }, n(i.offense)),
        h("td", { class: "fd-n" }, n(i.defense)))), "sheet-replay-rows", "fd-mini"),
    h("p", { class: "sh-help" }, r.note));
}

function defense(c, which) {
  const d = c.defense;
  const list = d[which];
  const what = union(list.map((p) => p.WHAT));
  const last = which === "run" ? [th("RET"), th("Blue")] : [th("INT")];
  const heads = [
    h("tr", {}, h("th", {}, ""), group("WHO", 3), group("WHAT", what.length), ...last.map(() => h("th", {}, ""))),
    h("tr", {}, th("Defender"), th("RUN"), th("BASE"), th("PASS"), ...what.map((x) => th(x)), ...last),
  ];
  const rows = list.map((p) => h("tr", {}, name(p.name),
    ...["RUN", "BASE", "PASS"].map((a) => h("td", { class: "fd-n" }, String(p.who[a]))),
    ...tops(p.WHAT, what),
    ...(which === "run" ? [h("td", { class: "fd-n" }, String(p.ret)), h("td", { class: "fd-n" }, String(p.blue))]
      : [h("td", { class: "fd-n" }, signed(p.INT))])));
  const title = which === "run" ? "Defense: run" : "Defense: pass";
  return section(title, `sheet-defense-${which}`,
    which === "pass" ? h("p", { class: "fd-who" }, "Pass modifier ", h("b", {}, signed(d.pass_modifier)), " (added to every completion)") : null,
    table(null, heads, rows, `sheet-defense-${which}-rows`));
}

function playerStats(c) {
  if (!(c.player_stats || []).length) return null;
  return section("Player statistics", "sheet-player-stats wide",
    h("ul", { class: "fd-stats" }, ...c.player_stats.map((p) => h("li", {},
      h("b", {}, p.name), p.position ? ` (${p.position})` : "", ": ",
      p.figures.map((f) => `${f.label} ${f.value}`).join(", ")))));
}

export function renderFived20(chart) {
  CODES = (chart.legend && chart.legend.codes) || {};
  const team = (chart.stats || []).length ? h("dl", { class: "sh-numbers", "data-testid": "sheet-header" },
    ...chart.stats.map((s) => h("div", { class: "sh-number" }, h("dt", {}, s.label), h("dd", {}, String(s.value))))) : null;
  const legend = h("details", { class: "sh-codes" }, h("summary", {}, "What the codes mean"),
    h("p", { class: "sh-help" }, (chart.legend && chart.legend.ranges) || ""),
    h("dl", { class: "fd-list fd-codes" }, ...Object.entries(CODES).map(([k, v]) => h("div", {}, h("dt", {}, k), h("dd", {}, v)))));
  return h("div", { class: "fd-chart" },
    team,
    legend,
    h("div", { class: "fd-columns" },
      h("div", { class: "fd-col" }, qb(chart), runners(chart), receivers(chart), kicking(chart)),
      h("div", { class: "fd-col" }, playCalling(chart), penalties(chart), fumbles(chart), replayRatings(chart)),
      h("div", { class: "fd-col" }, defense(chart, "run"), defense(chart, "pass"), playerStats(chart))));
}
