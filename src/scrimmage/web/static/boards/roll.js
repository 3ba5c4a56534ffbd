// 1st & Roll's board: every die on the table with its faces (the faces of the last play
// ringed), the clock track with its marker, the last play's dice as they came up, and, when
// the seat must pick dice, the unit's three coloured dice to click.

import { helpers } from "./helpers.js";

const COLOURS = ["red", "yellow", "green"];
const USE = {red: "run", yellow: "short pass", green: "long pass"};
const UNIT_READ = /^(offense|defense) (red|yellow|green) (\S+?)(?::\s*(.*))?$/;
const OTHER_READ = /^(clock|kick|penalty) die (\S+?)(?:[:,]\s*(.*))?$/i;

// The pair being picked survives a re-render of the same question.
let picking = {index: null, colours: []};

/** One line of dice_read as {die: "offense.red" | "clock" | "kick" | "penalty", face, text}. */
export function parseRead(line) {
  let m = UNIT_READ.exec(line);
  if (m) return {die: `${m[1]}.${m[2]}`, unit: m[1], colour: m[2], face: m[3], text: m[4] || ""};
  m = OTHER_READ.exec(line);
  if (m) {
    const die = m[1].toLowerCase();
    const face = die === "clock" && m[2] === "blank" ? "-" : m[2];
    return {die, unit: null, colour: die, face, text: m[3] || (face === "-" ? "blank" : "")};
  }
  return null;
}

function lastDicePlay(view) {
  const plays = view.plays || [];
  for (let i = plays.length - 1; i >= 0; i--) {
    const reads = (plays[i].dice_read || []).map(parseRead).filter(Boolean);
    if (reads.length) return {play: plays[i], reads};
  }
  return null;
}

function clockText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A face's label drawn: [2] boxed (broken tackle), (8) ringed (breakaway), FLAG a flag. */
function faceContent(h, svg, label) {
  let m = /^\[(.+)\]$/.exec(label);
  if (m) return h("span", {class: "rl-sq", title: "broken tackle"}, m[1]);
  m = /^\((.+)\)$/.exec(label);
  if (m) return h("span", {class: "rl-ring", title: "breakaway: roll again"}, m[1]);
  if (label === "FLAG") {
    return svg("svg", {class: "rl-flag", viewBox: "0 0 20 20", role: "img", "aria-label": "penalty flag"},
      svg("title", {}, "penalty flag"),
      svg("line", {x1: "4", y1: "2", x2: "4", y2: "19"}),
      svg("path", {d: "M4 2.5 L17 6.5 L4 10.5 Z"}));
  }
  if (label === "-") return h("span", {class: "rl-blank", title: "blank"}, "");
  if (label === "T") return h("span", {title: "turnover"}, "T");
  if (label === "CLOCK") return h("span", {class: "rl-small", title: "the clock moves"}, "CLOCK");
  return h("span", {}, label);
}

function face(h, svg, label, cls, ringed) {
  return h("span", {class: ["rl-face", cls, ringed ? "rl-rolled" : null], title: ringed ? `${label}: rolled on the last play` : label},
    faceContent(h, svg, label));
}

function dieEl(h, svg, {faces, cls, name, sub, title, rolled, testid, onclick, state}) {
  const attrs = {class: ["rl-die", cls, state], "aria-label": `${title || name}: ${faces.join(" ")}`};
  if (title) attrs.title = title;
  let tag = "div";
  if (testid) attrs["data-testid"] = testid;
  if (onclick) {
    tag = "button";
    attrs.onclick = onclick;
    attrs["aria-pressed"] = state === "rl-picked" ? "true" : "false";
  } else if (testid) {
    tag = "button";
    attrs["aria-disabled"] = "true";
  }
  const hit = new Set();
  // Ring the first face showing each rolled label.
  for (const r of rolled || []) {
    const i = faces.findIndex((f, j) => f === r && !hit.has(j));
    if (i >= 0) hit.add(i);
  }
  return h(tag, attrs,
    h("span", {class: "rl-die-name"}, name),
    h("span", {class: "rl-faces"}, faces.map((f, i) => face(h, svg, f, cls, hit.has(i)))),
    sub ? h("span", {class: "rl-die-sub"}, sub) : null);
}

function choiceFor(view) {
  const p = view.pending;
  if (!p || (p.kind !== "play_call" && p.kind !== "dice_choice")) return null;
  const answers = (p.options || []).map((o) => o.answer);
  const sets = answers.map((a) => a.split("+"));
  if (!sets.length || !sets.every((s) => s.every((c) => COLOURS.includes(c)))) return null;
  const size = sets[0].length;
  const sb = view.scoreboard || {};
  let unit = view.you && view.you.unit;
  if (!unit) unit = view.you && sb.possession && view.you.side !== sb.possession ? "defense" : "offense";
  return {pending: p, answers, sets, size, unit,
          labels: Object.fromEntries((p.options || []).map((o) => [o.answer, o.label]))};
}

function dicePanel(h, svg, ctx, view, board, last) {
  const choice = choiceFor(view);
  if (choice && picking.index !== choice.pending.index) picking = {index: choice.pending.index, colours: []};
  const rolledOf = (die) => (last ? last.reads.filter((r) => r.die === die).map((r) => r.face) : []);

  let sent = false;
  const send = (answer) => {
    if (sent) return;
    sent = true;
    Promise.resolve(ctx.answer(answer)).catch(() => { sent = false; });
  };
  const clickFor = (colour) => {
    if (!choice) return null;
    const usable = choice.sets.some((s) => s.includes(colour));
    if (!usable) return null;
    return (event) => {
      if (choice.size === 1) {
        event.currentTarget.classList.add("rl-picked");
        send(colour);
        return;
      }
      const cur = picking.colours.includes(colour)
        ? picking.colours.filter((c) => c !== colour) : [...picking.colours, colour];
      picking.colours = cur;
      const match = choice.sets.findIndex((s) => s.length === cur.length && s.every((c) => cur.includes(c)));
      if (match >= 0) {
        send(choice.answers[match]);
      }
      panel.replaceChildren(...draw().filter(Boolean));
    };
  };
  // The panel is redrawn in place while a pair is being picked.
  let panel = null;

  const unitDice = (unit) => {
    const dice = (board.dice || {})[unit] || {};
    const mine = choice && choice.unit === unit;
    return COLOURS.filter((c) => dice[c]).map((c) => {
      const pickable = mine ? clickFor(c) : null;
      const label = mine && choice.size === 1 ? choice.labels[c] : null;
      const use = unit === "offense" ? USE[c] : `vs ${USE[c]}`;
      return dieEl(h, svg, {
        faces: dice[c], cls: `${unit === "offense" ? "rl-off" : "rl-def"} rl-c-${c}`,
        name: `${c[0].toUpperCase()}${c.slice(1)}`,
        sub: use, title: label,
        rolled: rolledOf(`${unit}.${c}`),
        testid: mine ? `die-${c}` : null, onclick: pickable,
        state: mine ? (picking.colours.includes(c) ? "rl-picked" : pickable ? "rl-pickable" : "rl-unusable") : null,
      });
    });
  };
  const draw = () => [
    choice ? h("div", {class: "rl-choose", "data-testid": "roll-choose"},
      h("strong", {}, choice.pending.prompt || "Choose your die"),
      h("span", {}, choice.size === 1 ? " \u2014 click one of your dice."
        : ` \u2014 click ${choice.size} of your dice` +
          (picking.colours.length ? ` (picked: ${picking.colours.join(", ")})` : "") + ".")) : null,
    h("div", {class: "rl-sets"},
      ["offense", "defense"].map((unit) => h("div", {class: ["rl-set", choice && choice.unit === unit ? "rl-choosing" : null],
                                                     "data-testid": `roll-${unit}-dice`},
        h("h4", {}, unit === "offense" ? "Offense dice" : "Defense dice"),
        h("div", {class: "rl-row"}, unitDice(unit)))),
      h("div", {class: "rl-set rl-other"},
        h("h4", {}, "Clock, kick and penalty dice"),
        h("div", {class: "rl-row"},
          board.clock_die ? dieEl(h, svg, {faces: board.clock_die, cls: "rl-c-clock", name: "Clock", sub: "CLOCK moves it, T a turnover", rolled: rolledOf("clock")}) : null,
          board.kick ? dieEl(h, svg, {faces: board.kick.map(String), cls: "rl-c-kick", name: "Kick", sub: "punts and kicks", rolled: rolledOf("kick")}) : null,
          board.penalty ? dieEl(h, svg, {faces: board.penalty, cls: "rl-c-penalty", name: "Penalty", sub: "O: offense, D: defense, A: auto 1st", rolled: rolledOf("penalty")}) : null))),
    h("p", {class: "rl-legend"},
      h("span", {class: "rl-item"}, h("span", {class: "rl-face"}, h("span", {class: "rl-sq"}, "2")), "broken tackle"),
      h("span", {class: "rl-item"}, h("span", {class: "rl-face"}, h("span", {class: "rl-ring"}, "8")), "breakaway, roll again"),
      h("span", {class: "rl-item"}, h("span", {class: "rl-face"}, faceContent(h, svg, "FLAG")), "penalty flag"),
      h("span", {class: "rl-item"}, h("span", {class: "rl-face rl-rolled"}, "\u00a0"), "rolled on the last play")),
  ];
  panel = h("section", {class: "rl-dice", "data-testid": "roll-dice"}, draw());
  return panel;
}

function clockPanel(h, board, view) {
  const c = board.clock || {};
  const track = c.track || [];
  const sb = view.scoreboard || {};
  return h("section", {class: "rl-clock", "data-testid": "roll-clock"},
    h("h3", {}, "Clock ", h("span", {class: "rl-muted"}, sb.period ? `${sb.period}, ${sb.clock || ""}` : "")),
    h("ol", {class: "rl-track"},
      track.map((sec, i) => h("li", {class: ["rl-space", i < c.space ? "rl-gone" : null, i === c.space ? "rl-here" : null,
                                              i === c.two_minute ? "rl-two" : null, i === track.length - 1 ? "rl-end" : null],
                                    "data-testid": i === c.space ? "clock-marker" : null,
                                    title: i === c.two_minute ? "the two-minute space" : null},
        h("span", {class: "rl-time"}, clockText(sec)),
        i === c.two_minute ? h("span", {class: "rl-tag"}, "2-min") : null,
        i === c.space ? h("span", {class: "rl-marker", "aria-label": "clock marker"}, "\u25b2") : null))));
}

function lastPanel(h, svg, last) {
  if (!last) {
    return h("section", {class: "rl-last", "data-testid": "roll-last-play"},
      h("h3", {}, "The dice of the last play"), h("p", {class: "rl-muted"}, "No dice rolled yet."));
  }
  return h("section", {class: "rl-last", "data-testid": "roll-last-play"},
    h("h3", {}, "The dice of the last play"),
    h("p", {class: "rl-desc"}, last.play.desc),
    h("ul", {class: "rl-reads"}, last.reads.map((r) => h("li", {},
      h("span", {class: "rl-who"}, r.unit ? `${r.unit} ${r.colour}` : `${r.die} die`),
      face(h, svg, r.face, r.unit ? `${r.unit === "offense" ? "rl-off" : "rl-def"} rl-c-${r.colour}` : `rl-c-${r.die}`, false),
      h("span", {class: "rl-read"}, r.text)))));
}

export function render(el, view, ctx) {
  const {h, svg} = helpers(ctx);
  const board = view.board || {};
  const last = lastDicePlay(view);
  el.replaceChildren(h("div", {class: "roll-board", "data-testid": "board-roll"},
    dicePanel(h, svg, ctx, view, board, last),
    h("div", {class: "rl-bottom"}, lastPanel(h, svg, last), clockPanel(h, board, view))));
}
