// Fair dice (issue 35): this seat's part in setting a game's seed between two people, done by
// the page on its own (see src/scrimmage/core/fairness.py for the protocol). The page draws
// 32 random bytes, sends their SHA-256 (the commitment), and once both sides have committed
// sends the bytes themselves. The value, its commitment and the server's commitment seen
// before committing are kept in this browser (localStorage), so a reloaded page can still
// reveal, and so the page can check, once the seed is set, that its own value went in.

import { sha256, sha256Hex, toHex, fromHex } from "./sha256.js";

const LABEL = "scrimmage-fair-dice-1";
const MASK = (1n << 63n) - 1n;

function keyOf(gameId, side) {
  return `scrimmage.fair.${gameId}.${side}`;
}

/** What this browser keeps of its side's value: {value, commit, server_commit} or null. */
export function kept(gameId, side) {
  try {
    const data = JSON.parse(localStorage.getItem(keyOf(gameId, side)) || "null");
    return data && typeof data.value === "string" ? data : null;
  } catch (err) {
    return null;
  }
}

function keep(gameId, side, data) {
  try {
    localStorage.setItem(keyOf(gameId, side), JSON.stringify(data));
  } catch (err) {
    // Storage disabled: the page can still commit and reveal while it stays open.
  }
}

/**
 * The request this seat must send now, or null: {kind: "commit", body} or {kind: "reveal",
 * body}. A seat that no longer has the value it committed to cannot reveal: that is an error
 * to show (the game waits).
 */
export function nextStep(gameId, view, memory) {
  const fair = view.fair_dice;
  if (!fair || !fair.yours || fair.phase === "done") return null;
  const side = fair.yours;
  let mine = memory[side] || kept(gameId, side);
  if (fair.phase === "commit" && !fair.committed[side]) {
    if (!mine) {
      const value = crypto.getRandomValues(new Uint8Array(32));
      mine = { value: toHex(value), commit: sha256Hex(value), server_commit: fair.server_commit };
      keep(gameId, side, mine);
    }
    memory[side] = mine;
    return { kind: "commit", body: { commit: mine.commit } };
  }
  if (fair.phase === "reveal" && fair.committed[side] && !fair.revealed[side]) {
    if (!mine) {
      throw new Error("this browser no longer has the value your seat committed to: open the " +
        "game in the browser that set it up");
    }
    memory[side] = mine;
    return { kind: "reveal", body: { value: mine.value } };
  }
  return null;
}

/** The seed the three values give, as decimal text (the server's derivation, in BigInt). */
export function deriveSeed(server, home, away) {
  const label = Array.from(LABEL, (c) => c.charCodeAt(0));
  const bytes = new Uint8Array(label.length + 96);
  bytes.set(label);
  bytes.set(fromHex(server), label.length);
  bytes.set(fromHex(home), label.length + 32);
  bytes.set(fromHex(away), label.length + 64);
  const digest = sha256(bytes);
  let seed = 0n;
  for (let i = 0; i < 8; i += 1) seed = (seed << 8n) | BigInt(digest[i]);
  return (seed & MASK).toString();
}

/**
 * Once the seed is set: does it hold together, and does it hold this seat's own value and
 * the server's commitment the page saw before committing? {ok, words}; null before.
 */
export function checkSeed(gameId, view) {
  const fair = view.fair_dice;
  if (!fair || fair.phase !== "done") return null;
  try {
    for (const side of ["home", "away"]) {
      if (sha256Hex(fromHex(fair.values[side])) !== fair.commits[side]) {
        return { ok: false, words: `the ${side} value does not hash to its commitment` };
      }
    }
    if (sha256Hex(fromHex(fair.server_value)) !== fair.server_commit) {
      return { ok: false, words: "the server's value does not hash to its commitment" };
    }
    if (deriveSeed(fair.server_value, fair.values.home, fair.values.away) !== fair.seed) {
      return { ok: false, words: "the seed is not the one the three values give" };
    }
  } catch (err) {
    return { ok: false, words: "the fair dice the server shows are not well formed" };
  }
  const mine = fair.yours ? kept(gameId, fair.yours) : null;
  if (mine && mine.value !== fair.values[fair.yours]) {
    return { ok: false, words: "the server's dice do not hold the value this page made" };
  }
  if (mine && mine.server_commit !== fair.server_commit) {
    return { ok: false, words: "the server changed its commitment after this page committed" };
  }
  return {
    ok: true,
    words: mine ? "seed from both coaches; your value is in it" : "seed from both coaches",
  };
}
