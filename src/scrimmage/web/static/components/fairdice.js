// The fair dice panel (issue 35): while a game between two people sets its seed, what the
// pages are doing ("setting up fair dice…": nobody has to click anything); once the seed is
// set, whether it holds together and holds this seat's value; after the game, "Check this
// game": the record to download and the command that checks it (`scrimmage verify`).

import { h, fill } from "../lib/dom.js";
import { checkSeed, kept } from "../lib/fairdice.js";

function setupWords(fair) {
  const who = (flags) => ["home", "away"].filter((s) => !flags[s]);
  if (fair.phase === "commit") {
    const left = who(fair.committed);
    return `Waiting for ${left.join(" and ")} to commit to a value`;
  }
  const left = who(fair.revealed);
  return left.length ? `Both committed; waiting for ${left.join(" and ")} to reveal` : "Setting the seed";
}

function checkGame(view, gameId, token) {
  const fair = view.fair_dice;
  const name = `scrimmage-${gameId}.json`;
  const q = new URLSearchParams();
  if (token) q.set("token", token);
  const href = `/api/games/${encodeURIComponent(gameId)}/record${q.toString() ? `?${q}` : ""}`;
  let command = `scrimmage verify ${name}`;
  const mine = fair && fair.yours ? kept(gameId, fair.yours) : null;
  if (mine) command += ` --value ${fair.yours}=${mine.value} --server-commit ${mine.server_commit}`;
  return h("div", { class: "check-game" },
    h("h3", {}, "Check this game"),
    h("p", {}, h("a", { href, download: name, "data-testid": "check-game" }, "Download the record"),
      " (the teams, the seed", fair ? " and how both coaches set it" : "",
      ", every decision and every play with its dice)."),
    h("p", { class: "small" }, "Then check it with your own copy of scrimmage: replaying its " +
      "decisions from its seed must give every die and every play it lists:"),
    h("pre", { class: "command", "data-testid": "verify-command" }, command),
    fair ? null : h("p", { class: "small muted" }, "This game's seed was chosen by the server " +
      "alone: the record shows the game follows from it, not that nobody chose it."));
}

/** `ui` = {error: a refusal of the page's last commit or reveal, or ""}. */
export function renderFairDice(el, view, gameId, token, ui) {
  const fair = view.fair_dice;
  if (view.status === "over") {
    el.hidden = false;
    const check = fair ? checkSeed(gameId, view) : null;
    fill(el, check ? h("p", { class: check.ok ? "fair-ok" : "error", "data-testid": "fair-check" },
      check.ok ? `Fair dice: ${check.words}.` : `Fair dice: ${check.words}!`) : null,
    checkGame(view, gameId, token));
    return;
  }
  if (!fair) {
    el.hidden = true;
    el.replaceChildren();
    return;
  }
  el.hidden = false;
  if (fair.phase !== "done") {
    fill(el,
      h("h2", {}, "Setting up fair dice…"),
      h("p", { "data-testid": "fair-phase" }, setupWords(fair)),
      h("p", { class: "small muted" }, "Each coach's page draws a secret value and commits to " +
        "it before either is shown; the seed comes from both values and the server's, so " +
        "nobody can choose the dice. This takes no action from you."),
      ui.error ? h("p", { class: "error", role: "alert" }, ui.error) : null);
    return;
  }
  const check = checkSeed(gameId, view);
  fill(el, h("p", { class: check.ok ? "fair-ok" : "error", "data-testid": "fair-check" },
    check.ok ? `Fair dice: ${check.words}.` : `Fair dice: ${check.words}!`));
}
