// The Grid's board: both coaches' game boards (the eight slots with each player's dice, the
// blocking dice, the defence modifiers, reserves and injured), the timing deck, and, when the
// seat must lay a card, the play-calling cards to click.

import { helpers } from "./helpers.js";

const PLAYS = ["run_inside", "run_outside", "flat_pass", "short_pass", "long_pass"];
const KEYS = ["hb", "le", "re", "nokey"];
const SUITS = {
  C: {symbol: "\u2663", name: "clubs", red: false, effect: "a possible loss on a no-gain run or an incomplete pass"},
  D: {symbol: "\u2666", name: "diamonds", red: true, effect: "no effect"},
  H: {symbol: "\u2665", name: "hearts", red: true, effect: "a possible injury"},
  S: {symbol: "\u2660", name: "spades", red: false, effect: "an interception or fumble check"},
};

const other = (side) => (side === "HOME" ? "AWAY" : "HOME");
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "\u00b10");

function die(h, sides, what) {
  // Bigger dice are better for the offense: shade them so a column reads at a glance.
  const tier = sides >= 12 ? "grid-d-hi" : sides >= 8 ? "grid-d-mid" : "grid-d-lo";
  return h("span", {class: `grid-die ${tier}`, title: `${what}: d${sides}`}, `d${sides}`);
}

/** "run_inside_hb" -> {play: "run_inside", key: "hb"}; null when it is not a card. */
function parseCard(answer) {
  const m = /^(.+)_(hb|le|re|nokey)$/.exec(answer || "");
  return m ? {play: m[1], key: m[2]} : null;
}

function lastPlayWith(view, test) {
  const plays = view.plays || [];
  for (let i = plays.length - 1; i >= 0; i--) if (test(plays[i])) return plays[i];
  return null;
}

function playingCard(h, text, extra) {
  const m = /^(10|[2-9AJQK])([CDHS])$/.exec(text || "");
  if (!m) return h("div", {class: "grid-card-face grid-back", "aria-label": "no card flipped yet"});
  const [, rank, s] = m;
  const suit = SUITS[s];
  return h("div", {class: ["grid-card-face", suit.red ? "grid-suit-red" : "grid-suit-black", extra],
                   title: `${rank} of ${suit.name}: ${suit.effect}`,
                   "aria-label": `${rank} of ${suit.name}`},
    h("span", {class: "grid-corner grid-tl"}, rank, h("br"), suit.symbol),
    h("span", {class: "grid-pip"}, suit.symbol),
    h("span", {class: "grid-corner grid-br"}, rank, h("br"), suit.symbol));
}

function deckPanel(h, view, board) {
  const deck = board.deck || {};
  const withCards = lastPlayWith(view, (p) => Array.isArray(p.timing_cards) && p.timing_cards.length);
  const cards = withCards ? withCards.timing_cards : (deck.last ? [deck.last] : []);
  const period = (view.scoreboard && view.scoreboard.qtr) || 1;
  const size = period > 2 ? 17 : 52;
  const left = deck.cards_left ?? 0;
  const lastCard = cards.length ? cards[cards.length - 1] : null;
  // Only a scrimmage play's first card has an effect (GRID-29..34); later ones keep time.
  const firstSuit = withCards && withCards.off_call && cards.length ? SUITS[cards[0].slice(-1)] : null;
  return h("section", {class: "grid-deck", "data-testid": "grid-deck"},
    h("h3", {}, "Timing deck"),
    h("div", {class: "grid-deck-row"},
      h("div", {class: "grid-deck-stack", title: `${left} of ${size} cards left`},
        h("div", {class: "grid-card-face grid-back"}),
        h("span", {class: "grid-deck-count"}, String(left))),
      h("div", {class: "grid-deck-flipped"},
        cards.length ? cards.map((c, i) => playingCard(h, c, i === cards.length - 1 ? "grid-lastcard" : "grid-earlier"))
          : playingCard(h, null)),
      h("div", {class: "grid-deck-text"},
        h("div", {}, h("strong", {}, `${left}`), ` card${left === 1 ? "" : "s"} left this ${period > 2 ? "period" : "half"}`),
        h("div", {class: "grid-bar", "aria-hidden": "true"},
          h("span", {class: `grid-bar-fill grid-w${Math.round((10 * left) / size)}`})),
        lastCard ? h("div", {}, "Last flipped: ", h("strong", {}, lastCard),
          cards.length > 1 ? ` (this play: ${cards.join(", ")})` : "") : h("div", {}, "No card flipped yet"),
        firstSuit ? h("div", {class: "grid-muted"},
          `First card of the play, ${cards[0]}: ${firstSuit.symbol} ${firstSuit.effect}`) : null)));
}

function callLabel(call) {
  const c = parseCard(call);
  if (!c) return call || "";
  const play = c.play.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");
  return `${play}, ${c.key === "nokey" ? "no key" : c.key.toUpperCase()}`;
}

function lastCalls(h, view) {
  const p = lastPlayWith(view, (q) => q.off_call || q.def_call);
  if (!p) return null;
  return h("div", {class: "grid-last-calls", "data-testid": "grid-last-calls"},
    h("span", {class: "grid-muted"}, "Last cards laid: "),
    h("span", {class: "grid-call grid-call-off"}, `${p.posteam || "offense"}: ${callLabel(p.off_call)}`),
    h("span", {class: "grid-vs"}, "vs"),
    h("span", {class: "grid-call grid-call-def"}, `${p.defteam || "defence"}: ${callLabel(p.def_call)}`));
}

function teamPanel(h, view, board, side) {
  const t = board.teams[side];
  const sb = view.scoreboard || {};
  const name = (sb.names && sb.names[side]) || side;
  const mine = view.you && view.you.side === side;
  const role = sb.possession && view.status !== "over" ? (sb.possession === side ? "Offense" : "Defence") : null;
  const lastPlay = lastPlayWith(view, (q) => q.off_call);
  const lastCall = lastPlay && lastPlay.posteam === name ? parseCard(lastPlay.off_call) : null;
  const carrier = lastCall ? lastCall.key.toUpperCase() : null;
  const rows = (t.lineup || []).map((p) =>
    h("tr", {class: p.slot === carrier ? "grid-carried" : null, "data-slot": p.slot},
      h("th", {scope: "row", class: "grid-slot"}, p.slot),
      h("td", {class: "grid-name"}, p.name),
      h("td", {}, die(h, p.run, "run yards")),
      h("td", {}, die(h, p.pass, "pass yards")),
      h("td", {}, die(h, p.kick, "kicking")),
      h("td", {}, die(h, p.fumble, "fumble"))));
  return h("section", {class: ["grid-team", mine ? "grid-mine" : null], "data-testid": `grid-team-${side.toLowerCase()}`},
    h("header", {},
      h("h3", {}, name),
      role ? h("span", {class: `grid-badge ${role === "Offense" ? "grid-badge-off" : "grid-badge-def"}`}, role) : null,
      mine ? h("span", {class: "grid-badge grid-badge-you"}, "You") : null,
      h("span", {class: "grid-timeouts", title: "timeouts left"}, `${t.timeouts} timeout${t.timeouts === 1 ? "" : "s"}`)),
    h("table", {class: "grid-lineup"},
      h("thead", {}, h("tr", {},
        h("th", {scope: "col"}, ""), h("th", {scope: "col", class: "grid-name"}, "Player"),
        h("th", {scope: "col", title: "run-yards die"}, "Run"), h("th", {scope: "col", title: "pass-yards die"}, "Pass"),
        h("th", {scope: "col", title: "kicking die"}, "Kick"), h("th", {scope: "col", title: "fumble die"}, "Fum"))),
      h("tbody", {}, rows)),
    h("div", {class: "grid-markers"},
      h("div", {class: "grid-marker"}, h("span", {class: "grid-lbl"}, "Blocking"),
        "run ", die(h, t.blocking.run, "run blocking"), " pass ", die(h, t.blocking.pass, "pass blocking")),
      h("div", {class: "grid-marker"}, h("span", {class: "grid-lbl"}, "Defence"),
        "run ", h("span", {class: `grid-mod ${t.defense.run > 0 ? "grid-up" : t.defense.run < 0 ? "grid-down" : ""}`}, signed(t.defense.run)),
        " pass ", h("span", {class: `grid-mod ${t.defense.pass > 0 ? "grid-up" : t.defense.pass < 0 ? "grid-down" : ""}`}, signed(t.defense.pass)))),
    h("div", {class: "grid-bench"},
      h("span", {class: "grid-lbl"}, "Reserves"),
      (t.reserves || []).length ? t.reserves.map((n) => h("span", {class: "grid-chip"}, n))
        : h("span", {class: "grid-muted"}, "none left")),
    (t.out || []).length ? h("div", {class: "grid-bench grid-bench-out", "data-testid": `grid-out-${side.toLowerCase()}`},
      h("span", {class: "grid-lbl"}, "Out"),
      t.out.map((n) => h("span", {class: "grid-chip grid-injured", title: "injured: out for the game"}, "\u271a ", n))) : null);
}

function cardsPanel(h, ctx, view, board) {
  const pending = view.pending;
  const cards = [];
  for (const o of pending.options || []) cards.push({answer: o.answer, label: o.label, explain: o.explain, ok: true});
  for (const r of pending.refused || []) cards.push({answer: r.answer, label: r.label, why: r.why, ok: false});
  const parsed = cards.map((c) => ({...c, card: parseCard(c.answer)}));
  const sb = view.scoreboard || {};
  const offenseSide = sb.possession;
  const defending = view.you && offenseSide && view.you.side !== offenseSide;
  // The named player is always one of the offense's: the carrier, or the defence's key.
  const lineup = offenseSide && board.teams[offenseSide] ? board.teams[offenseSide].lineup : [];
  const who = (key) => lineup.find((p) => p.slot === key.toUpperCase());

  let sent = false;
  const choose = (answer) => (event) => {
    if (sent) return;
    sent = true;
    event.currentTarget.classList.add("grid-sent");
    Promise.resolve(ctx.answer(answer)).catch(() => { sent = false; });
  };

  const cardEl = (c) => {
    const [playText, keyText] = (c.label || c.answer).split(/,\s*/);
    const k = c.card ? c.card.key : null;
    const p = k && k !== "nokey" ? who(k) : null;
    const run = c.card && c.card.play.startsWith("run");
    const attrs = {
      class: ["grid-playcard", run ? "grid-run" : "grid-pass", c.ok ? null : "grid-refused",
              pending.suggestion === c.answer ? "grid-suggested" : null],
      "data-testid": `card-${c.answer}`,
      title: c.ok ? (c.explain || c.label) : `${c.label}: ${c.why}`,
      "aria-label": c.ok ? c.label : `${c.label} (not allowed: ${c.why})`,
    };
    if (c.ok) attrs.onclick = choose(c.answer);
    else attrs["aria-disabled"] = "true";
    return h("button", attrs,
      h("span", {class: "grid-pc-play"}, playText),
      h("span", {class: "grid-pc-key"}, keyText || ""),
      p ? h("span", {class: "grid-pc-who"}, p.name, " ", h("span", {class: "grid-pc-die"}, `d${run ? p.run : p.pass}`)) : null,
      !c.ok ? h("span", {class: "grid-pc-why"}, c.why) : null,
      pending.suggestion === c.answer ? h("span", {class: "grid-pc-tip", title: "suggested"}, "\u2605", h("span", {class: "grid-pc-tip-text"}, " suggested")) : null);
  };

  const grouped = parsed.every((c) => c.card);
  let body;
  if (grouped) {
    const plays = [...PLAYS, ...parsed.map((c) => c.card.play).filter((p) => !PLAYS.includes(p))];
    const keys = KEYS.filter((k) => parsed.some((c) => c.card.key === k));
    body = h("div", {class: `grid-cardgrid grid-cols${keys.length}`},
      plays.filter((pl) => parsed.some((c) => c.card.play === pl)).map((pl) =>
        keys.map((k) => {
          const c = parsed.find((x) => x.card.play === pl && x.card.key === k);
          return c ? cardEl(c) : h("span", {class: "grid-playcard grid-empty", "aria-hidden": "true"});
        })));
  } else {
    body = h("div", {class: "grid-cardgrid grid-cols4"}, parsed.map(cardEl));
  }
  return h("section", {class: "grid-cards", "data-testid": "grid-cards"},
    h("h3", {}, pending.prompt || pending.title || "Your card"),
    h("p", {class: "grid-muted"}, defending
      ? "Lay the play you expect and the player to key on (or no key)."
      : "Lay a play and its ball-carrier. Cards in grey are not allowed here."),
    body);
}

export function render(el, view, ctx) {
  const {h} = helpers(ctx);
  const board = view.board || {};
  const sides = Object.keys(board.teams || {});
  const first = view.you && sides.includes(view.you.side) ? view.you.side : "AWAY";
  const order = [first, other(first)].filter((s) => sides.includes(s));
  const pending = view.pending;
  const choosing = pending && pending.kind === "play_call";
  el.replaceChildren(h("div", {class: "grid-board", "data-testid": "board-grid"},
    choosing ? cardsPanel(h, ctx, view, board) : null,
    h("div", {class: "grid-top"}, deckPanel(h, view, board), lastCalls(h, view)),
    h("div", {class: "grid-teams"}, order.map((s) => teamPanel(h, view, board, s)))));
}
