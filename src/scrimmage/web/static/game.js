// The game page (/games/{id}?token=T, or without a token for a spectator): what every game
// shows (score pad, field, dice, question, play-by-play, undo and the assistant, box score),
// in its own panel the board of the ruleset (boards/<kind>.js), and on demand both teams'
// sheets as the box prints them (components/sheet.js). A game between two people first sets
// its fair dice, the page taking its seat's part on its own (lib/fairdice.js), and every
// finished game offers its record to check (components/fairdice.js). A game played with the
// people's own dice asks for each die by name (components/throw.js).

import { h, svg, fill } from "./lib/dom.js";
import { api } from "./lib/api.js";
import { watchGame } from "./lib/live.js";
import { rememberGame, localLink } from "./lib/saved.js";
import { loadBoard } from "./boards/index.js";
import { renderField } from "./components/field.js";
import { renderScorePad } from "./components/scorepad.js";
import { renderDice } from "./components/dice.js";
import { renderThrow } from "./components/throw.js";
import { renderPlays } from "./components/plays.js";
import { renderQuestion, lockedWords } from "./components/question.js";
import { renderAssistant } from "./components/assistant.js";
import { renderAdvice } from "./components/advice.js";
import { renderBoxScore } from "./components/boxscore.js";
import { sheetPanel } from "./components/sheet.js";
import { renderFairDice } from "./components/fairdice.js";
import { nextStep } from "./lib/fairdice.js";

const FAIR_TRIES = 5;

function statusWords(view) {
  const sb = view.scoreboard;
  if (view.status === "over") {
    return `Final: ${sb.names.AWAY} ${sb.score.AWAY}, ${sb.names.HOME} ${sb.score.HOME}`;
  }
  if (view.status === "setting up") return "Setting up fair dice…";
  if (view.die) return view.you ? `Your dice: roll ${view.die.name}` : `Waiting for ${view.die.name}`;
  if (view.pending) return `Your turn: ${view.pending.title || "a decision"}`;
  if (view.you === null) return "Watching";
  const w = view.waiting_for;
  const locked = lockedWords(view);
  if (locked) return locked;
  if (w) return `Waiting for ${w.team}${w.unit ? ` (${w.unit})` : ""}`;
  return "Playing";
}

/** A `since` update merged into the plays the page has; null when the page lacks plays it
 *  would need (then the full view is fetched). */
/** How far a game's fair dice have got (commitments and values in, or set): a view that
 *  has got less far than the one on screen is an older answer arriving late. */
export function fairProgress(view) {
  const fair = view && view.fair_dice;
  if (!fair) return 0;
  if (fair.phase === "done") return 5;
  const count = (flags) => ["home", "away"].filter((s) => flags && flags[s]).length;
  return count(fair.committed) + count(fair.revealed);
}

export function mergeView(old, incoming) {
  const from = incoming.plays_from || 0;
  if (from === 0) return incoming;
  if (!old || old.game_id !== incoming.game_id || (old.plays || []).length < from) return null;
  return { ...incoming, plays: old.plays.slice(0, from).concat(incoming.plays || []), plays_from: 0 };
}

/** The league a game belongs to (the league page sends its person there with ?league=ID):
 *  the link back to it, with the same key. */
function leagueHref(leagueId, token) {
  if (!leagueId) return null;
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  return `/leagues/${encodeURIComponent(leagueId)}${q}`;
}

export function showGame(root, gameId, token) {
  const leagueId = new URLSearchParams(location.search).get("league") || "";
  const state = {
    view: null, busy: false, error: "", helpOpen: false, assistantOpen: false,
    adviceOn: localStorage.getItem("scrimmage.advice") === "1", advice: null, adviceLoading: false,
    boardState: {}, conn: "connecting", glossary: null, sheetOpen: false,
    fair: { memory: {}, sending: false, error: "", tries: 0, last: "" },
  };
  const el = {
    status: h("p", { class: "game-status", "data-testid": "game-status", "aria-live": "polite" }, "Loading…"),
    conn: h("span", { class: "conn", "data-testid": "connection" }, ""),
    pad: h("section", { class: "panel pad", "aria-label": "Score pad" }),
    field: h("section", { class: "panel field-panel", "aria-label": "Field" }),
    question: h("section", { class: "panel question", "aria-label": "Your decision", "data-testid": "question" }),
    throw: h("section", { class: "panel throw", "aria-label": "Your dice", "data-testid": "throw", hidden: true }),
    board: h("section", { class: "panel board", "aria-label": "Board", "data-testid": "board" }),
    dice: h("section", { class: "panel dice-panel", "aria-label": "Dice" }),
    fair: h("section", { class: "panel fair-panel", "aria-label": "Fair dice", "data-testid": "fair-dice", hidden: true }),
    plays: h("section", { class: "panel plays", "aria-label": "Play-by-play" }),
    assistant: h("section", { class: "panel assistant", "aria-label": "Undo and the assistant" }),
    advice: h("section", { class: "panel advice", "aria-label": "The assistant's reasoning", hidden: true }),
    box: h("section", { class: "panel box-score", "aria-label": "Box score", "data-testid": "box-score", hidden: true }),
    sheet: h("section", { class: "panel sheet-panel", id: "team-sheet", "aria-label": "Team sheet", "data-testid": "sheet-panel", hidden: true }),
    sheetButton: h("button", { type: "button", class: "sheet-button", "data-testid": "sheet-button",
      "aria-controls": "team-sheet", "aria-expanded": "false", disabled: true, onclick: () => toggleSheet() }, "Team sheet"),
    title: h("h1", {}, "scrimmage"),
    spectate: h("span", { class: "spectate" }),
    league: leagueId ? h("a", { class: "home-link league-link", href: leagueHref(leagueId, token), "data-testid": "league-link" }, "← League") : null,
  };
  fill(root,
    h("header", { class: "game-head" },
      h("a", { class: "home-link", href: "/", "data-testid": "home-link" }, "← Games"),
      el.league, el.title, el.status, el.conn, el.spectate, el.sheetButton),
    h("div", { class: "game-grid" },
      h("div", { class: "col-main" }, el.pad, el.throw, el.field, el.question, el.advice, el.sheet, el.box, el.board),
      h("div", { class: "col-side" }, el.fair, el.dice, el.assistant, el.plays)));

  const ctx = {
    answer: (answer) => answerWith(answer),
    h, svg,
    state: state.boardState,
  };

  function setError(message) {
    state.error = message || "";
    if (state.view) renderQuestion(el.question, state.view, questionUi());
  }

  async function act(work) {
    if (state.busy) return;
    state.busy = true;
    state.error = "";
    render();
    try {
      apply(await work());
    } catch (err) {
      state.error = err.message;
      if (err.status === 409) refetch();    // the game moved on: show where it is now
    } finally {
      state.busy = false;
      render();
    }
  }

  function answerWith(answer) {
    const p = state.view && state.view.pending;
    if (!p || state.busy) return Promise.resolve();
    // A choice one click should not make by mistake (a kneel on 4th down early on).
    const why = p.confirm && p.confirm[answer];
    if (why) {
      const option = (p.options || []).find((o) => o.answer === answer);
      if (!window.confirm(`${option ? option.label : answer}: ${why}. Do it?`)) return Promise.resolve();
    }
    return act(() => api.answer(gameId, token, knownPlays(), p.index, answer));
  }

  function throwDie(face) {
    const die = state.view && state.view.die;
    if (!die || state.busy) return Promise.resolve();
    return act(() => api.throwDie(gameId, token, knownPlays(), die.index, String(face).trim()));
  }

  /** The team sheets' panel: opened on the seat's own team (a spectator's: the home team),
   *  the other team a tab away; the game goes on beside it. */
  function toggleSheet() {
    const view = state.view;
    if (!view) return;
    state.sheetOpen = !state.sheetOpen;
    el.sheetButton.setAttribute("aria-expanded", state.sheetOpen ? "true" : "false");
    el.sheetButton.textContent = state.sheetOpen ? "Hide team sheet" : "Team sheet";
    el.sheet.hidden = !state.sheetOpen;
    if (!state.sheetOpen) return;
    if (!el.sheet.firstChild) {
      const own = view.you ? view.you.side.toLowerCase() : "home";
      const other = own === "home" ? "away" : "home";
      const sides = [own, other].map((side) => ({ side, name: view.teams[side], yours: Boolean(view.you) && side === own }));
      el.sheet.append(sheetPanel(gameId, token, sides, () => toggleSheet()));
    }
    el.sheet.scrollIntoView({ block: "start", behavior: "smooth" });
  }

  async function refetch() {
    try {
      apply(await api.view(gameId, token));
    } catch (err) {
      fatal(err.message);
    }
  }

  /** The plays an update may leave out: all but the last, which a ruleset may still add to
   *  after it is shown (a timeout after the play), so it always comes again. */
  function knownPlays() {
    return state.view ? Math.max(0, state.view.play_count - 1) : 0;
  }

  /** The terms of the table, shown under the help (fetched once, when help first opens). */
  async function loadGlossary() {
    if (state.glossary || !state.view) return;
    try {
      state.glossary = await api.glossary(state.view.rules);
      render();
    } catch (err) {
      state.glossary = {};
    }
  }

  /** With the reasoning shown, the option it recommends is the one starred. */
  function adviceChoice() {
    const p = state.view && state.view.pending;
    const a = state.advice;
    if (!state.adviceOn || !p || !a || a.index !== p.index || !a.advice) return null;
    return a.advice.recommended;
  }

  function questionUi() {
    return {
      busy: state.busy, helpOpen: state.helpOpen,
      error: state.view && state.view.die ? "" : state.error,   // a die's refusal shows by the die
      answer: answerWith,
      toggleHelp: () => { state.helpOpen = !state.helpOpen; loadGlossary(); render(); },
      glossary: state.glossary,
      recommended: adviceChoice(),
    };
  }

  function assistantUi() {
    return {
      busy: state.busy, assistantOpen: state.assistantOpen,
      undo: () => act(() => api.undo(gameId, token)),
      setPolicy: (kind, ask) => act(() => api.policy(gameId, token, kind, ask)),
      toggleAssistant: (open) => { state.assistantOpen = open; },
    };
  }

  function adviceUi() {
    return {
      on: state.adviceOn, advice: state.advice, loading: state.adviceLoading,
      toggle: (on) => {
        state.adviceOn = on;
        localStorage.setItem("scrimmage.advice", on ? "1" : "0");
        fetchAdvice();
        render();
      },
    };
  }

  async function fetchAdvice() {
    const p = state.view && state.view.pending;
    if (!state.adviceOn || !p || state.adviceLoading) return;
    if (state.advice && state.advice.index === p.index) return;
    state.adviceLoading = true;
    render();
    try {
      state.advice = await api.advice(gameId, token);
    } catch (err) {
      state.advice = { index: p.index, advice: null };
    } finally {
      state.adviceLoading = false;
    }
    render();
    fetchAdvice();              // the question may have moved on meanwhile
  }

  function apply(incoming) {
    if (!incoming || !incoming.game_id) return;
    // A commit's answer can arrive after the live update that followed it: keep the newer.
    if (state.view && state.view.fair_dice && fairProgress(incoming) < fairProgress(state.view)) {
      fairStep();
      return;
    }
    const merged = mergeView(state.view, incoming);
    if (merged === null) {
      refetch();
      return;
    }
    const first = state.view === null;
    const newQuestion = !state.view || !state.view.pending || !merged.pending ||
      state.view.pending.index !== merged.pending.index;
    if (newQuestion) state.helpOpen = false;
    state.view = merged;
    if (first && token) remember(merged);
    render();
    fetchAdvice();
    fairStep();
  }

  /** This seat's part in the fair dice: commit, then reveal, as soon as the game asks for
   *  it. A refusal is shown; the same step is tried a few times at most. */
  async function fairStep() {
    const fair = state.fair;
    const view = state.view;
    if (!view || !token || fair.sending) return;
    let step;
    try {
      step = nextStep(gameId, view, fair.memory);
    } catch (err) {
      fair.error = err.message;
      render();
      return;
    }
    if (!step) return;
    const key = `${step.kind}:${JSON.stringify(step.body)}`;
    fair.tries = key === fair.last ? fair.tries + 1 : 1;
    fair.last = key;
    if (fair.tries > FAIR_TRIES) return;
    fair.sending = true;
    let next = null;
    try {
      next = step.kind === "commit"
        ? await api.commit(gameId, token, step.body.commit)
        : await api.reveal(gameId, token, step.body.value);
      fair.error = "";
    } catch (err) {
      fair.error = err.message;
      if (err.status === 409) refetch();
    } finally {
      fair.sending = false;
    }
    if (next) apply(next);
    else render();
    // A live update that came while this step was on its way may ask for the next one.
    fairStep();
  }

  function remember(view) {
    const league = leagueId ? `&league=${encodeURIComponent(leagueId)}` : "";
    rememberGame({
      id: gameId, url: `/games/${encodeURIComponent(gameId)}?token=${encodeURIComponent(token)}${league}`,
      rules: view.rules, title: view.title, home: view.teams.home, away: view.teams.away,
      seat: view.you ? [view.you.side.toLowerCase(), view.you.unit].filter(Boolean).join(":") : "",
    });
  }

  async function renderBoard(view) {
    const kind = view.board && view.board.kind;
    if (!kind) {
      el.board.hidden = true;
      return;
    }
    el.board.hidden = false;
    const board = await loadBoard(kind);
    if (state.view !== view) return;          // a newer view is being drawn
    const inner = h("div", { class: `board-${kind}` });
    if (board.error) {
      el.board.replaceChildren(h("p", { class: "muted" }, `The table: ${board.error}.`));
      return;
    }
    try {
      board.render(inner, view, ctx);
      el.board.replaceChildren(inner);
    } catch (err) {
      console.error(`board ${kind}:`, err);
      el.board.replaceChildren(h("p", { class: "muted" }, `The ${kind} board could not be drawn.`));
    }
  }

  function render() {
    const view = state.view;
    if (!view) return;
    document.title = `${view.scoreboard.names.AWAY} ${view.scoreboard.score.AWAY} at ` +
      `${view.scoreboard.names.HOME} ${view.scoreboard.score.HOME} · scrimmage`;
    el.title.textContent = view.title;
    el.status.textContent = statusWords(view);
    el.status.className = `game-status ${view.pending ? "your-turn" : ""} ${view.status}`;
    el.conn.textContent = { live: "● live", reconnecting: "● reconnecting…", polling: "● polling", connecting: "" }[state.conn] || "";
    el.conn.className = `conn ${state.conn}`;
    if (el.league) {
      el.league.textContent = view.status === "over" ? "← Back to the league: this result counts" : "← League";
      el.league.classList.toggle("over", view.status === "over");
    }
    document.body.classList.toggle("busy", state.busy);
    el.sheetButton.disabled = false;
    renderScorePad(el.pad, view);
    renderField(el.field, view);
    renderQuestion(el.question, view, questionUi());
    renderThrow(el.throw, view, {
      busy: state.busy, error: view.die ? state.error : "", throwDie,
      undo: () => act(() => api.undo(gameId, token)),
    });
    renderBoxScore(el.box, view);
    renderFairDice(el.fair, view, gameId, token, { error: state.fair.error });
    renderDice(el.dice, view);
    renderAssistant(el.assistant, view, assistantUi());
    renderAdvice(el.advice, view, adviceUi());
    renderPlays(el.plays, view);
    if (!el.spectate.firstChild) {
      el.spectate.append(h("a", {
        href: localLink(`/games/${encodeURIComponent(gameId)}`), "data-testid": "link-spectate",
        target: "_blank", rel: "noopener",
      }, "spectator link"));
    }
    renderBoard(view);
  }

  function fatal(message) {
    el.status.textContent = message;
    el.status.className = "game-status error";
  }

  /** A game page that cannot be shown at all: one message and the way home, instead of a
   *  board of empty panels. */
  function cannotShow(err) {
    const [title, words, extra] = err.status === 404
      ? ["No such game", `There is no game “${gameId}” on this server: the link may be mistyped, ` +
          "or the game was made on another server.", null]
      : err.status === 403
        ? ["This link opens no seat", "The game is here, but the key in this link opens none " +
            "of its seats: check the link you were sent.",
          h("p", {}, "You may still ", h("a", { href: `/games/${encodeURIComponent(gameId)}`,
            "data-testid": "watch-instead" }, "watch the game"), ".")]
        : ["The game could not be loaded", `The page got no game: ${err.message}.`, null];
    document.title = `${title} · scrimmage`;
    fill(root,
      h("header", { class: "game-head" }, h("h1", {}, "scrimmage")),
      h("section", { class: "panel page-error", role: "alert", "data-testid": "page-error" },
        h("h2", {}, title),
        h("p", {}, words),
        extra,
        h("p", {}, h("a", { href: "/", "data-testid": "back-home" }, "← Back to your games"))));
  }

  (async () => {
    try {
      apply(await api.view(gameId, token));
    } catch (err) {
      cannotShow(err);
      return;
    }
    watchGame(gameId, token, {
      view: apply,
      error: (message, status) => (status === 403 || status === 404 ? fatal(message) : setError(message)),
      state: (word) => { state.conn = word; render(); },
      since: knownPlays,
    });
  })();
}
