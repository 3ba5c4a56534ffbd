// A team's own sheet or chart as the box shows it (issue 34): a Football Legends team sheet,
// a 5D20 team chart, The Grid's player cards or 1st & Roll's dice, drawn from the server's
// `sheet_json` by the renderer of its `kind` (sheets/<kind>.js). Three faces use it: the
// "Team sheet" panel of the game page (each side's sheet, the seat's own first), the plain
// page /sheets/{rules}/{name} of a bundled team, and anything else that has the JSON.

import { h, fill } from "../lib/dom.js";
import { api } from "../lib/api.js";
import { renderLegends } from "../sheets/legends.js";
import { renderFived20 } from "../sheets/fived20.js";
import { renderGrid } from "../sheets/grid.js";
import { renderRoll } from "../sheets/roll.js";

const RENDERERS = { legends: renderLegends, "5d20": renderFived20, grid: renderGrid, roll: renderRoll };

const UNOFFICIAL = {
  legends: "Not an official sheet: made by scrimmage.",
  "5d20": "Not an official chart: scrimmage built it from the players' real season.",
  grid: "Not the box's cards: scrimmage made these players up.",
  roll: "Not the box's dice: the rulebook lost their pictures, so these faces are scrimmage's stand-in.",
};

const MADE = {
  built: "Not an official sheet: scrimmage built it from the team's real season.",
  generated: "Not an official sheet: scrimmage generated it for a made-up team.",
};

let styled = false;

/** The sheets' stylesheet, linked once (the page's policy allows the site's own files). */
function addStyles() {
  if (styled) return;
  styled = true;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../sheets/sheets.css", import.meta.url).href;
  document.head.appendChild(link);
}

function subtitle(sheet) {
  const parts = [];
  if (sheet.title) parts.push(sheet.title);
  if (sheet.kind === "legends" && sheet.year) parts.push(String(sheet.year));
  if (sheet.kind === "5d20" && sheet.season) parts.push(String(sheet.season));
  if (sheet.record) parts.push(sheet.record);
  if (sheet.nation && sheet.nation !== sheet.name) parts.push(sheet.nation);
  if ((sheet.colors || []).length) parts.push(sheet.colors.join(" and "));
  return parts.join(" · ");
}

/** The sheet `sheet` (the JSON of a sheet route) drawn as a node. */
export function sheetNode(sheet) {
  addStyles();
  const render = RENDERERS[sheet.kind];
  const head = h("div", { class: "sh-head" },
    h("h2", { class: "sh-name", "data-testid": "sheet-name" }, sheet.name),
    h("p", { class: "sh-sub" }, subtitle(sheet)),
    sheet.unofficial ? h("p", { class: "sh-unofficial", "data-testid": "sheet-unofficial" },
      h("span", { class: "sh-badge" }, "Unofficial"), " ", MADE[sheet.made] || UNOFFICIAL[sheet.kind] || "") : null);
  let body;
  try {
    body = render ? render(sheet) : h("p", { class: "muted" }, "This game's sheet cannot be drawn here.");
  } catch (err) {
    console.error(`sheet ${sheet.kind}:`, err);
    body = h("p", { class: "muted" }, "The sheet could not be drawn.");
  }
  return h("div", { class: ["sheet", `sheet-${sheet.kind}`], "data-testid": "sheet", "data-kind": sheet.kind },
    head, body);
}

/** The "Team sheet" panel of a game page: a tab a team (the seat's own first), each sheet
 *  fetched once when first shown. `sides` is [{side: "home", name, yours}], in tab order. */
export function sheetPanel(gameId, token, sides, onClose) {
  const cache = new Map();
  let current = sides[0].side;
  const body = h("div", { class: "sh-body", "data-testid": "sheet-body" });
  const tabs = sides.map((s) => h("button", {
    type: "button", role: "tab", class: "sh-tab", "data-testid": `sheet-tab-${s.side}`,
    onclick: () => show(s.side),
  }, s.name, s.yours ? h("span", { class: "sh-yours" }, "yours") : null));
  const panel = h("div", { class: "sh-panel" },
    h("div", { class: "sh-bar" },
      h("div", { class: "sh-tabs", role: "tablist", "aria-label": "Team sheets" }, ...tabs),
      h("button", { type: "button", class: "sh-close", "data-testid": "sheet-close", onclick: onClose,
        "aria-label": "Close the team sheet" }, "Close")),
    body);

  async function show(side) {
    current = side;
    sides.forEach((s, i) => {
      tabs[i].setAttribute("aria-selected", s.side === side ? "true" : "false");
      tabs[i].classList.toggle("on", s.side === side);
    });
    if (!cache.has(side)) {
      fill(body, h("p", { class: "muted" }, "Loading the sheet…"));
      try {
        cache.set(side, await api.sheet(gameId, token, side));
      } catch (err) {
        if (current === side) fill(body, h("p", { class: "error" }, `The sheet could not be loaded: ${err.message}`));
        return;
      }
    }
    if (current === side) fill(body, sheetNode(cache.get(side)));
  }

  show(current);
  return panel;
}

/** The page /sheets/{rules}/{name}: a bundled team's sheet on its own. */
export async function showSheetPage(root, rules, name) {
  fill(root,
    h("header", { class: "game-head" },
      h("a", { class: "home-link", href: "/", "data-testid": "home-link" }, "← Games"),
      h("h1", {}, "Team sheet")),
    h("section", { class: "panel sheet-page", "data-testid": "sheet-page" }, h("p", { class: "muted" }, "Loading…")));
  const panel = root.querySelector("[data-testid=sheet-page]");
  try {
    const sheet = await api.teamSheet(rules, name);
    document.title = `${sheet.name} · team sheet · scrimmage`;
    fill(panel, sheetNode(sheet));
  } catch (err) {
    document.title = "No such team · scrimmage";
    panel.classList.add("page-error");
    panel.setAttribute("role", "alert");
    fill(panel,
      h("h2", {}, err.status === 404 ? "No such team" : "The sheet could not be loaded"),
      h("p", { "data-testid": "page-error" }, err.message),
      h("p", {}, h("a", { href: "/" }, "← Back to your games")));
  }
}
