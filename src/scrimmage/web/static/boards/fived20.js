// 5D20's board: the five coloured dice of the last play with what each one read on the team
// charts, the chart's calls so far when a play must be called, and both team charts in short.

import { helpers } from "./helpers.js";

const COLOURS = ["red", "white", "blue", "black", "yellow"];
const READ = /^(red|white|blue|black|yellow) (-?\d+)(?::\s*(.*))?$/;
const CALL = /play call (\d+)\s*->\s*(\w+)/;

/** A play's dice_read as rolls: each roll is the dice thrown together (a colour coming round
 * again, or out of the red-to-yellow order, starts a new roll). */
export function rolls(diceRead) {
  const out = [];
  let cur = null;
  for (const line of diceRead || []) {
    const m = READ.exec(line);
    if (!m) continue;
    const read = {colour: m[1], value: Number(m[2]), text: m[3] || ""};
    const at = COLOURS.indexOf(read.colour);
    if (!cur || at <= COLOURS.indexOf(cur[cur.length - 1].colour)) {
      cur = [];
      out.push(cur);
    }
    cur.push(read);
  }
  return out;
}

function lastDicePlay(view) {
  const plays = view.plays || [];
  for (let i = plays.length - 1; i >= 0; i--) {
    if ((plays[i].dice_read || []).some((s) => READ.test(s))) return plays[i];
  }
  return null;
}

function d20(svg, read, size) {
  const {colour, value, text} = read;
  return svg("svg", {class: ["d20-die", `d20-c-${colour}`, text ? "d20-isread" : "d20-unread", size],
                     viewBox: "0 0 100 100", role: "img",
                     "aria-label": `${colour} die: ${value}${text ? ` (${text})` : ""}`,
                     "data-colour": colour, "data-value": String(value)},
    svg("title", {}, `${colour} ${value}${text ? `: ${text}` : " (not read)"}`),
    svg("polygon", {class: "d20-body", points: "50,3 91,26.5 91,73.5 50,97 9,73.5 9,26.5"}),
    svg("polygon", {class: "d20-facet", points: "50,20 80,70 20,70"}),
    svg("polyline", {class: "d20-edge", points: "50,3 50,20 9,26.5 20,70 9,73.5"}),
    svg("polyline", {class: "d20-edge", points: "50,20 91,26.5 80,70 91,73.5"}),
    svg("polyline", {class: "d20-edge", points: "20,70 50,97 80,70"}),
    svg("text", {class: "d20-num", x: "50", y: "52", "text-anchor": "middle", "dominant-baseline": "middle"}, String(value)));
}

function lastPlayPanel(h, svg, view) {
  const play = lastDicePlay(view);
  if (!play) {
    return h("section", {class: "d20-last", "data-testid": "d20-last-play"},
      h("h3", {}, "The dice"), h("p", {class: "d20-muted"}, "No dice rolled yet."));
  }
  const groups = rolls(play.dice_read);
  const firstFull = groups.findIndex((g) => g.length === COLOURS.length);
  let throwNo = 0;
  return h("section", {class: "d20-last", "data-testid": "d20-last-play"},
    h("h3", {}, "The dice of the last play"),
    h("p", {class: "d20-desc"}, play.desc),
    groups.map((g, i) => {
      const full = g.length === COLOURS.length;
      if (full) throwNo += 1;
      const label = full ? `Throw ${throwNo}` : (i > firstFull ? "Rolled again" : "Roll");
      return h("div", {class: ["d20-roll", full ? "d20-full" : "d20-extra"], "data-testid": `d20-roll-${i}`},
        h("div", {class: "d20-roll-label"}, label),
        h("div", {class: "d20-dice"}, g.map((r) => d20(svg, r, full ? "d20-big" : "d20-small"))),
        h("ul", {class: "d20-reads"},
          g.filter((r) => r.text).map((r) =>
            h("li", {"data-colour": r.colour},
              h("span", {class: `d20-chip d20-c-${r.colour}`}, `${r.colour} ${r.value}`),
              h("span", {class: "d20-read"}, r.text)))));
    }));
}

function chartCalls(view, teamName) {
  const tally = {};
  for (const p of view.plays || []) {
    if (p.posteam !== teamName) continue;
    for (const s of p.dice_read || []) {
      const m = CALL.exec(s);
      if (m && s.startsWith("red")) tally[m[2]] = (tally[m[2]] || 0) + 1;
    }
  }
  return tally;
}

function callPanel(h, view) {
  const sb = view.scoreboard || {};
  const offense = sb.possession;
  const offName = offense ? (sb.names || {})[offense] : null;
  const onOffense = view.you && view.you.side === offense;
  const tally = offName ? chartCalls(view, offName) : {};
  const kinds = Object.keys(tally);
  const lastCall = (() => {
    const plays = view.plays || [];
    for (let i = plays.length - 1; i >= 0; i--) {
      if (plays[i].posteam !== offName) continue;
      const s = (plays[i].dice_read || []).find((x) => x.startsWith("red") && CALL.test(x));
      if (s) return s.replace(/^red \d+:\s*/, "");
    }
    return null;
  })();
  return h("section", {class: "d20-call", "data-testid": "d20-chart-call"},
    h("h3", {}, "The chart calls it"),
    h("p", {},
      onOffense ? "Leave the call to the chart and the red die picks the play from the row for "
        : "Leave the alignment to the chart and it lines up as the row for ",
      h("strong", {}, sb.down_text || "this down"),
      onOffense ? " says (D20-12); call run or pass to overrule it."
        : " says (D20-12); call run, pass or base to set your own."),
    kinds.length ? h("p", {class: "d20-tally"},
      `So far the chart has called for ${offName}: `,
      kinds.map((k, i) => [i ? ", " : "", h("strong", {}, `${k} ${tally[k]}`)]),
      lastCall ? ` (last: ${lastCall})` : "") : null);
}

function namedIn(play, name) {
  if (!play || !name) return false;
  return (play.desc || "").includes(name) || (play.dice_read || []).some((s) => s.includes(name));
}

function chartPanel(h, view, board, side) {
  const t = board.teams[side];
  const sb = view.scoreboard || {};
  const play = lastDicePlay(view);
  const mine = view.you && view.you.side === side;
  const role = sb.possession && view.status !== "over" ? (sb.possession === side ? "Offense" : "Defense") : null;
  const person = (name) => h("span", {class: ["d20-person", namedIn(play, name) ? "d20-named" : null]}, name);
  const list = (names) => h("ol", {class: "d20-list"}, (names || []).map((n) => h("li", {}, person(n))));
  return h("section", {class: ["d20-team", mine ? "d20-mine" : null], "data-testid": `d20-team-${side.toLowerCase()}`},
    h("header", {},
      h("h3", {}, t.name),
      role ? h("span", {class: `d20-badge ${role === "Offense" ? "d20-badge-off" : "d20-badge-def"}`}, role) : null,
      mine ? h("span", {class: "d20-badge d20-badge-you"}, "You") : null),
    h("dl", {class: "d20-chart"},
      h("dt", {}, "QB"), h("dd", {}, person(t.qb)),
      h("dt", {}, "Runners"), h("dd", {}, list(t.runners)),
      h("dt", {}, "Receivers"), h("dd", {}, list(t.receivers)),
      h("dt", {}, "Kicker"), h("dd", {}, person(t.kicker)),
      h("dt", {}, "Punter"), h("dd", {}, person(t.punter))));
}

export function render(el, view, ctx) {
  const {h, svg} = helpers(ctx);
  const board = view.board || {};
  const sides = Object.keys(board.teams || {});
  const first = view.you && sides.includes(view.you.side) ? view.you.side : "AWAY";
  const order = [first, first === "HOME" ? "AWAY" : "HOME"].filter((s) => sides.includes(s));
  const pending = view.pending;
  el.replaceChildren(h("div", {class: "d20-board", "data-testid": "board-5d20"},
    h("div", {class: "d20-top"},
      lastPlayPanel(h, svg, view),
      pending && pending.kind === "play_call" ? callPanel(h, view) : null),
    h("div", {class: "d20-teams"}, order.map((s) => chartPanel(h, view, board, s))),
    board.era ? h("p", {class: "d20-muted"}, `Charts of the ${board.era} season.`) : null));
}
