// The registry of boards: a ruleset's own panel is the module boards/<file>.js for its
// `view.board.kind`, with its stylesheet beside it. Each is imported on first use, so a board
// that is missing or fails to load leaves the rest of the page working (the panel says so).

const BOARDS = {
  legends: { module: "./legends.js", css: ["legends.css"] },
  grid: { module: "./grid.js", css: ["grid.css"] },
  "5d20": { module: "./fived20.js", css: ["fived20.css"] },
  roll: { module: "./roll.js", css: ["roll.css"] },
};

const loaded = new Map();
const styled = new Set();

function addStyles(names) {
  for (const name of names) {
    if (styled.has(name)) continue;
    styled.add(name);
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL(name, import.meta.url).href;
    link.onerror = () => link.remove();      // a board without its own styles is fine
    document.head.appendChild(link);
  }
}

/** The board module of `kind` ({render}), or {error: "why"} when there is none. */
export function loadBoard(kind) {
  if (loaded.has(kind)) return loaded.get(kind);
  const entry = BOARDS[kind];
  let promise;
  if (!entry) {
    promise = Promise.resolve({ error: `no board is drawn for "${kind}" games` });
  } else {
    addStyles(entry.css);
    promise = import(entry.module).then(
      (module) => (typeof module.render === "function" ? module
        : { error: `the ${kind} board has no render function` }),
      (err) => {
        console.error(`board ${kind}:`, err);
        return { error: `the ${kind} board could not be loaded` };
      });
  }
  loaded.set(kind, promise);
  return promise;
}
