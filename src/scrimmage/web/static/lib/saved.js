// The games this browser has a seat in, and the leagues it coaches, kept in localStorage so a
// person finds them again a day later. Only this browser's own link is kept (never another
// seat's token).

const KEY = "scrimmage.games";
const LEAGUES = "scrimmage.leagues";
const MAX = 50;

export function savedGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((g) => g && g.id && g.url) : [];
  } catch (err) {
    return [];
  }
}

function write(list, key = KEY) {
  try {
    localStorage.setItem(key, JSON.stringify(list.slice(0, MAX)));
  } catch (err) {
    // Storage full or disabled: the game still plays, it is only not remembered.
  }
}

/** Remember a seat (newest first); `entry` = {id, url, rules, title, home, away, seat}. */
export function rememberGame(entry) {
  const all = savedGames();
  const same = (g) => g.id === entry.id && g.url === entry.url;
  const old = all.find(same);
  const list = all.filter((g) => !same(g));
  list.unshift({ ...(old || {}), ...entry, created: (old && old.created) || Date.now(), seen: Date.now() });
  write(list);
}

export function forgetGame(id, url) {
  write(savedGames().filter((g) => !(g.id === id && g.url === url)));
}

export function savedLeagues() {
  try {
    const list = JSON.parse(localStorage.getItem(LEAGUES) || "[]");
    return Array.isArray(list) ? list.filter((l) => l && l.id && l.url) : [];
  } catch (err) {
    return [];
  }
}

/** One browser may hold several links of a league played online: the commissioner's and a
 *  team's. A link is known by its league and its role. */
const sameLink = (a, b) => a.id === b.id && (a.role || "") === (b.role || "");

/** Remember a league's link (newest first); `entry` = {id, url, name, rules, title} and, in a
 *  league played online, its `role` ("commissioner" or "coach") and the coach's `team`. */
export function rememberLeague(entry) {
  const all = savedLeagues();
  const old = all.find((l) => sameLink(l, entry));
  const list = all.filter((l) => !sameLink(l, entry));
  list.unshift({ ...(old || {}), ...entry, created: (old && old.created) || Date.now(), seen: Date.now() });
  write(list, LEAGUES);
}

/** Forget a league's links in this browser (with `role`, only that one: "" the owner's). */
export function forgetLeague(id, role) {
  const gone = (l) => l.id === id && (role === undefined || (l.role || "") === role);
  write(savedLeagues().filter((l) => !gone(l)), LEAGUES);
}

/** A page address made from the server's link, on this page's own origin (a proxy may
 *  make the server's idea of its base address wrong). */
export function localLink(url) {
  try {
    const u = new URL(url, location.origin);
    return `${location.origin}${u.pathname}${u.search}`;
  } catch (err) {
    return url;
  }
}

export function pathOf(url) {
  try {
    const u = new URL(url, location.origin);
    return `${u.pathname}${u.search}`;
  } catch (err) {
    return url;
  }
}
