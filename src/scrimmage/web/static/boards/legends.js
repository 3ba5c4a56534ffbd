// The Football Legends table (high school, college, pro): the seat's six play cards (those it
// may call are buttons that answer the play call; a refused set is shown used up), the last
// play's two chart cells face up, the momentum meter (home positive), and both teams'
// coaching points, play speed and checkoff sheets (plays left a set, numbers used).

const RUNS = new Set(["inside_run", "outside_run", "draw", "run_inside", "run_outside", "run_blitz"]);
const BLITZES = new Set(["run_blitz", "pass_blitz"]);

function shortName(name) {
  const words = String(name || "").replace(/^\d{4}\s+/, "").split(/\s+/);
  return words[words.length - 1] || String(name || "");
}

function cardKind(card, unit) {
  if (unit === "offense") return RUNS.has(card) ? "run" : "pass";
  if (BLITZES.has(card)) return "blitz";
  return RUNS.has(card) ? "run" : "pass";
}

const KIND_WORDS = {
  offense: { run: "RUN", pass: "PASS" },
  defense: { run: "vs RUN", pass: "vs PASS", blitz: "BLITZ" },
};

/** The unit whose cards the seat holds now: the play call's set, else by possession. */
function handUnit(view) {
  const b = view.board;
  const p = view.pending;
  if (p && p.kind === "play_call") {
    const asked = [...(p.options || []), ...(p.refused || [])].map((o) => o.answer);
    if (asked.some((a) => b.cards.offense.some((c) => c.card === a))) return "offense";
    if (asked.some((a) => b.cards.defense.some((c) => c.card === a))) return "defense";
  }
  if (!view.you) return null;
  if (view.you.unit) return view.you.unit;
  return view.scoreboard.possession === view.you.side ? "offense" : "defense";
}

function lastCalledPlay(view) {
  const plays = view.plays || [];
  for (let i = plays.length - 1; i >= 0; i -= 1) {
    if (plays[i].off_call || plays[i].def_call) return plays[i];
  }
  return null;
}

function labelOf(board, card) {
  const all = [...board.cards.offense, ...board.cards.defense];
  const found = all.find((c) => c.card === card);
  return found ? found.label : String(card || "").replace(/_/g, " ");
}

function hand(view, ctx) {
  const { h } = ctx;
  const b = view.board;
  const unit = handUnit(view);
  if (!unit || !view.you) return null;
  const p = view.pending && view.pending.kind === "play_call" ? view.pending : null;
  const open = new Set(p ? (p.options || []).map((o) => o.answer) : []);
  const refused = new Map(p ? (p.refused || []).map((r) => [r.answer, r.why]) : []);
  const sheet = (b.teams[view.you.side] || {})[unit] || [];
  const cards = b.cards[unit].map((c) => {
    const row = sheet.find((s) => s.card === c.card) || { left: 0, of: 0 };
    const kind = cardKind(c.card, unit);
    const clickable = open.has(c.card);
    const why = refused.get(c.card);
    const suggested = p && p.suggestion === c.card;
    return h("button", {
      type: "button",
      class: ["lg-card", `lg-${unit}`, `lg-${kind}`, clickable && "playable", why && "used-up",
        row.left === 0 && "empty", suggested && "suggested"].filter(Boolean).join(" "),
      "data-testid": `card-${c.card}`, "data-card": c.card,
      disabled: clickable ? null : true,
      title: why || (clickable ? `Call ${c.label}` : `${c.label}: ${row.left} of ${row.of} plays left`),
      "aria-label": `${c.label}, ${row.left} of ${row.of} plays left${why ? `, not allowed: ${why}` : ""}${suggested ? ", suggested" : ""}`,
      onclick: clickable ? () => ctx.answer(c.card) : null,
    },
    ctx.h("span", { class: "lg-band" }, KIND_WORDS[unit][kind]),
    ctx.h("span", { class: "lg-name" }, c.label),
    ctx.h("span", { class: "lg-left" }, `${row.left}/${row.of} left`),
    suggested ? ctx.h("span", { class: "lg-star" }, "★ suggested") : null,
    why ? ctx.h("span", { class: "lg-why" }, "used up") : null);
  });
  const heading = p ? (unit === "offense" ? "Call your offense: pick a card" : "Call your defense: pick a card")
    : `Your ${unit} cards`;
  return h("div", { class: "lg-hand-wrap" },
    h("h3", {}, heading),
    h("div", { class: ["lg-hand", p ? "calling" : "idle"].join(" "), role: "group", "aria-label": heading }, ...cards));
}

function chartCell(h, board, who, card, number, cell, unit) {
  return h("div", { class: `lg-reveal lg-${unit}` },
    h("span", { class: "lg-reveal-who" }, who),
    h("span", { class: "lg-reveal-card" }, `${labelOf(board, card)} #${number ?? "?"}`),
    h("span", { class: "lg-reveal-cell", "data-testid": `cell-${unit}` }, cell === null || cell === undefined || cell === "" ? "—" : String(cell)));
}

function lastCall(view, ctx) {
  const { h } = ctx;
  const play = lastCalledPlay(view);
  if (!play) return null;
  const b = view.board;
  return h("div", { class: "lg-last", "data-testid": "legends-last" },
    h("h3", {}, "The cards of the last play"),
    h("div", { class: "lg-reveals" },
      chartCell(h, b, shortName(play.posteam), play.off_call, play.off_play, play.off_cell, "offense"),
      h("span", { class: "lg-vs" }, "vs"),
      chartCell(h, b, shortName(play.defteam), play.def_call, play.def_play, play.def_cell, "defense")),
    h("p", { class: "lg-last-text" },
      `${labelOf(b, play.off_call)} #${play.off_play} [${play.off_cell}] vs ${labelOf(b, play.def_call)} #${play.def_play} [${play.def_cell}]`));
}

function momentum(view, ctx) {
  const { h } = ctx;
  const m = view.board.momentum;
  if (!m || !m.on) return null;
  const names = view.scoreboard.names;
  const cells = [];
  for (let v = -m.limit; v <= m.limit; v += 1) {
    cells.push(h("span", {
      class: ["lg-m-cell", v === 0 && "zero", v === m.value && "on", v < 0 && "away", v > 0 && "home"].filter(Boolean).join(" "),
      title: v === 0 ? "even" : `${v > 0 ? names.HOME : names.AWAY} +${Math.abs(v)}`,
    }, v === 0 ? "0" : String(Math.abs(v))));
  }
  const words = m.value === 0 ? "even" : `${shortName(m.value > 0 ? names.HOME : names.AWAY)} +${Math.abs(m.value)}`;
  return h("div", { class: "lg-momentum", "data-testid": "momentum", "data-value": m.value },
    h("h3", {}, "Momentum ", h("span", { class: "lg-m-words" }, words)),
    h("div", { class: "lg-m-track", role: "meter", "aria-valuemin": -m.limit, "aria-valuemax": m.limit,
      "aria-valuenow": m.value, "aria-label": `Momentum: ${words}` },
    h("span", { class: "lg-m-end away" }, `◀ ${shortName(names.AWAY)}`),
    ...cells,
    h("span", { class: "lg-m-end home" }, `${shortName(names.HOME)} ▶`)));
}

function pipsOf(h, left, total, cls) {
  const out = [];
  for (let i = 0; i < total; i += 1) out.push(h("span", { class: `lg-pip ${i < left ? "on" : "off"} ${cls}` }));
  return out;
}

function checkoff(h, rows, unit, last, testSide) {
  const widest = Math.max(10, ...rows.map((r) => r.of || 0));
  return h("table", { class: `lg-sheet lg-sheet-${unit}`, style: `--lg-n: ${widest}` },
    h("caption", {}, unit === "offense" ? "Offense" : "Defense"),
    h("tbody", {}, ...rows.map((r) => {
      const used = new Set(r.used || []);
      const boxes = [];
      for (let n = 1; n <= r.of; n += 1) {
        const isLast = last && last.card === r.card && last.number === n;
        boxes.push(h("span", {
          class: ["lg-num", used.has(n) && "used", isLast && "last"].filter(Boolean).join(" "),
          title: `${r.label} #${n}${used.has(n) ? " (used)" : ""}`,
        }, String(n)));
      }
      return h("tr", { class: r.left === 0 ? "empty" : "", "data-testid": `sheet-${testSide}-${r.card}` },
        h("th", { scope: "row" }, h("span", { class: "lg-set" }, r.label),
          h("span", { class: "lg-count" }, `${r.left}/${r.of} left`)),
        h("td", {}, h("span", { class: "lg-nums" }, ...boxes)));
    })));
}

function teamPanel(view, ctx, side, last) {
  const { h } = ctx;
  const b = view.board;
  const t = b.teams[side];
  if (!t) return null;
  const name = view.scoreboard.names[side];
  const mine = view.you && view.you.side === side;
  const cp = t.coaching_points || { left: 0, total: 0 };
  const ps = t.play_speed || { spent: 0, total: 0, line: "" };
  const lastOff = last && last.posteam === name ? { card: last.off_call, number: last.off_play } : null;
  const lastDef = last && last.defteam === name ? { card: last.def_call, number: last.def_play } : null;
  const key = side.toLowerCase();
  return h("section", { class: `lg-team lg-team-${key}`, "data-testid": `legends-team-${key}` },
    h("h3", {}, name, mine ? h("span", { class: "lg-you" }, "you") : null,
      h("span", { class: "lg-side" }, side === "HOME" ? "home" : "away")),
    h("div", { class: "lg-res" },
      h("span", { class: "lg-res-label" }, "Coaching points"),
      h("span", { class: "lg-pips", title: `${cp.left} of ${cp.total} left` }, ...pipsOf(h, cp.left, cp.total, "cp")),
      h("span", { class: "lg-res-num", "data-testid": `cp-${key}` }, `${cp.left}/${cp.total}`)),
    b.play_speed && ps.total ? h("div", { class: "lg-res" },
      h("span", { class: "lg-res-label" }, "Play speed"),
      h("span", { class: "lg-bar", title: ps.line },
        h("span", { class: "lg-bar-fill", style: `width:${Math.min(100, (100 * ps.spent) / ps.total).toFixed(1)}%` })),
      h("span", { class: "lg-res-num", "data-testid": `speed-${key}` }, `${ps.spent}/${ps.total}`)) : null,
    b.play_speed && ps.line ? h("p", { class: "lg-speed-line" }, ps.line) : null,
    h("div", { class: "lg-sheets" },
      checkoff(h, t.offense || [], "offense", lastOff, key),
      checkoff(h, t.defense || [], "defense", lastDef, key)));
}

export function render(el, view, ctx) {
  const { h } = ctx;
  const b = view.board;
  const last = lastCalledPlay(view);
  const order = view.you && view.you.side === "AWAY" ? ["AWAY", "HOME"] : ["HOME", "AWAY"];
  const level = { hs: "High school", college: "College", pro: "Pro" }[b.level] || b.level;
  const parts = [
    h("h2", { class: "lg-title" }, "The table ", h("span", { class: "lg-level" }, `${level} Football Legends`)),
    hand(view, ctx),
    lastCall(view, ctx),
    momentum(view, ctx),
    h("div", { class: "lg-teams" }, ...order.map((side) => teamPanel(view, ctx, side, last)).filter(Boolean)),
  ];
  el.append(...parts.filter(Boolean));
}
