// The games this browser has a seat in, kept in localStorage so a person finds a game again
// a day later. Only this browser's own seat link is kept (never another seat's token).

const KEY = "scrimmage.games";
const MAX = 50;

export function savedGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((g) => g && g.id && g.url) : [];
  } catch (err) {
    return [];
  }
}

function write(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX)));
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
