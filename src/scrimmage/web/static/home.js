// The home page (/): a new game (ruleset, teams bundled or uploaded, the ruleset's options, a
// seed, the seats) or a new league (components/newleague.js), the leagues this browser
// coaches and the games it has a seat in.

import { h, fill } from "./lib/dom.js";
import { api, leagues } from "./lib/api.js";
import {
  savedGames, rememberGame, forgetGame, savedLeagues, forgetLeague, localLink, pathOf,
} from "./lib/saved.js";
import { optionField as sharedOptionField } from "./components/options.js";
import { newLeagueForm } from "./components/newleague.js";
import { copyButton } from "./lib/copy.js";
import { phaseWords, nextWords } from "./components/league/words.js";

const UPLOAD = "__upload__";
const SPLIT_RULES = "1st-and-roll";       // the one game where a team may have two coaches
const UNITS = ["offense", "defense"];
const SIDES = ["home", "away"];

function testKey(seat) {
  return String(seat).replace(/[^a-z0-9]+/gi, "-").toLowerCase();
}

function seatWords(seat) {
  const [side, unit] = String(seat).split(":");
  return `${side === "home" ? "Home" : "Away"}${unit ? ` ${unit}` : ""}`;
}

/** "New game" and "New league": two tabs over their forms (#new-league opens the second). */
function newTabs(panels) {
  const buttons = {};
  const choose = (key, focus) => {
    for (const [k, panel] of Object.entries(panels)) {
      panel.hidden = k !== key;
      buttons[k].setAttribute("aria-selected", String(k === key));
      buttons[k].tabIndex = k === key ? 0 : -1;
    }
    if (focus) buttons[key].focus();
    const hash = key === "league" ? "#new-league" : "";
    if (location.hash !== hash) history.replaceState(null, "", `${location.pathname}${location.search}${hash}`);
  };
  const keys = Object.keys(panels);
  for (const key of keys) {
    buttons[key] = h("button", {
      type: "button", role: "tab", id: `tab-${key}`, "data-testid": `tab-new-${key}`,
      "aria-controls": panels[key].id, class: "new-tab",
      onclick: () => choose(key),
      onkeydown: (e) => {
        if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
        const i = keys.indexOf(key) + (e.key === "ArrowRight" ? 1 : -1);
        choose(keys[(i + keys.length) % keys.length], true);
      },
    }, key === "league" ? "New league" : "New game");
    panels[key].setAttribute("role", "tabpanel");
    panels[key].setAttribute("aria-labelledby", `tab-${key}`);
  }
  choose(location.hash === "#new-league" ? "league" : "game");
  return h("div", { class: "new-tabs", role: "tablist", "aria-label": "Make" }, ...keys.map((k) => buttons[k]));
}

export async function showHome(root) {
  const form = h("section", { class: "panel new-game", id: "new-game-panel" },
    h("h2", { id: "new-title" }, "New game"), h("p", { class: "muted" }, "Loading the games…"));
  const leagueForm = h("section", { class: "panel new-league", id: "new-league-panel", "data-testid": "new-league" },
    h("h2", {}, "New league"), h("p", { class: "muted" }, "Loading the games…"));
  const made = h("section", { class: "panel made", "data-testid": "invitation", hidden: true });
  const mine = h("section", { class: "panel saved", "aria-labelledby": "saved-title" });
  const myLeagues = h("section", { class: "panel saved", "aria-labelledby": "leagues-title", "data-testid": "your-leagues" });
  const tabs = newTabs({ game: form, league: leagueForm });
  fill(root,
    h("header", { class: "home-head" },
      h("h1", {}, "scrimmage"),
      h("p", { class: "tagline" }, "Tabletop football at the table: play against the computer or a friend, or coach a whole season.")),
    h("div", { class: "home-grid" }, h("div", {}, made, tabs, form, leagueForm), h("div", {}, myLeagues, mine)));
  renderSavedLeagues(myLeagues);
  renderSaved(mine);
  let rulesets;
  try {
    rulesets = await api.rulesets();
  } catch (err) {
    fill(form, h("h2", {}, "New game"), h("p", { class: "error", role: "alert" }, err.message));
    fill(leagueForm, h("h2", {}, "New league"), h("p", { class: "error", role: "alert" }, err.message));
    return;
  }
  newGameForm(form, made, mine, rulesets);
  newLeagueForm(leagueForm, rulesets, { saved: () => renderSavedLeagues(myLeagues) });
}

// -- the new-game form ------------------------------------------------------------------

function newGameForm(section, made, mine, rulesets) {
  const names = Object.keys(rulesets);
  const st = {
    rules: names.includes("legends-pro") ? "legends-pro" : names[0],
    teams: {}, files: {}, options: {}, seed: "", ownDice: false,
    opponent: "computer", side: "home", split: false,
    units: { home: { offense: "person", defense: "computer" }, away: { offense: "person", defense: "computer" } },
    busy: false, error: "",
  };

  function resetForRules() {
    const rs = rulesets[st.rules];
    const [dh, da] = rs.default_teams || [];
    st.teams = { home: dh || rs.teams[0] || "", away: da || rs.teams[1] || rs.teams[0] || "" };
    st.files = {};
    st.options = {};
    for (const o of rs.options) st.options[o.name] = o.default;
    if (st.rules !== SPLIT_RULES) st.split = false;
    if (!rs.own_dice) st.ownDice = false;
  }

  function teamField(side) {
    const rs = rulesets[st.rules];
    const id = `new-${side}`;
    const file = st.files[side];
    return h("div", { class: "field-row" },
      h("label", { for: id }, side === "home" ? "Home team" : "Away team"),
      h("select", {
        id, "data-testid": id,
        onchange: (e) => { st.teams[side] = e.currentTarget.value; draw(); },
      },
      ...rs.teams.map((t) => h("option", { value: t, selected: st.teams[side] === t }, t)),
      h("option", { value: UPLOAD, selected: st.teams[side] === UPLOAD }, "Upload a team file…")),
      st.teams[side] === UPLOAD ? h("span", { class: "upload" },
        h("label", { for: `${id}-file`, class: "sr-only" }, `${side} team file`),
        h("input", {
          type: "file", id: `${id}-file`, "data-testid": `${id}-file`,
          onchange: (e) => readFile(side, e.currentTarget.files[0]),
        }),
        file ? h("span", { class: "muted small", "data-testid": `${id}-file-name` }, `${file.file} (${file.text.length} characters)`) : null)
        : null);
  }

  function readFile(side, file) {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      st.files[side] = { file: file.name, text: String(reader.result) };
      st.error = "";
      draw();
    };
    reader.onerror = () => {
      st.error = `${file.name}: could not be read`;
      draw();
    };
    reader.readAsText(file);
  }

  function optionField(o) {
    return sharedOptionField(o, st.options[o.name], (v) => { st.options[o.name] = v; }, "new-opt");
  }

  function radio(name, value, label, checked, onchange) {
    const id = `new-${name}-${value}`;
    return h("span", { class: "radio" },
      h("input", { type: "radio", name: `new-${name}`, id, value, "data-testid": id, checked, onchange }),
      h("label", { for: id }, label));
  }

  function seatsField() {
    const [home, away] = [st.teams.home === UPLOAD ? "home team" : st.teams.home,
      st.teams.away === UPLOAD ? "away team" : st.teams.away];
    const parts = [];
    if (st.rules === SPLIT_RULES) {
      parts.push(h("div", { class: "field-row check" },
        h("input", {
          type: "checkbox", id: "new-split", "data-testid": "new-split", checked: st.split,
          onchange: (e) => { st.split = e.currentTarget.checked; draw(); },
        }),
        h("label", { for: "new-split" }, "Split teams: a coach for each offense and defense (2–4 players)")));
    }
    if (st.split) {
      const grid = h("div", { class: "split-grid" });
      for (const side of SIDES) {
        for (const unit of UNITS) {
          const id = `new-seat-${side}-${unit}`;
          grid.append(h("div", { class: "field-row" },
            h("label", { for: id }, `${side === "home" ? home : away} ${unit}`),
            h("select", {
              id, "data-testid": id,
              onchange: (e) => { st.units[side][unit] = e.currentTarget.value; },
            },
            h("option", { value: "person", selected: st.units[side][unit] === "person" }, "a person"),
            h("option", { value: "computer", selected: st.units[side][unit] === "computer" }, "the computer"))));
        }
      }
      parts.push(grid, h("p", { class: "muted small" },
        "Every person's seat gets its own link: four people may play, one for each unit."));
    } else {
      parts.push(
        h("div", { class: "field-row radios", role: "radiogroup", "aria-label": "Opponent" },
          h("span", { class: "label" }, "Play against"),
          // the options wrap inside their column, not back under the label
          h("span", { class: "radio-group" },
            radio("opponent", "computer", "the computer", st.opponent === "computer", () => { st.opponent = "computer"; draw(); }),
            radio("opponent", "friend", "a friend (two links)", st.opponent === "friend", () => { st.opponent = "friend"; draw(); }))),
        h("div", { class: "field-row radios", role: "radiogroup", "aria-label": "Your side" },
          h("span", { class: "label" }, "You coach"),
          h("span", { class: "radio-group" },
            radio("side", "home", `home (${home})`, st.side === "home", () => { st.side = "home"; }),
            radio("side", "away", `away (${away})`, st.side === "away", () => { st.side = "away"; }))));
    }
    return h("fieldset", { class: "seats" }, h("legend", {}, "Seats"), ...parts);
  }

  function body() {
    const rs = rulesets[st.rules];
    const out = { rules: st.rules };
    for (const side of SIDES) {
      if (st.teams[side] === UPLOAD) {
        if (!st.files[side]) throw new Error(`${side} team: choose a team file to upload`);
        out[side] = st.files[side];
      } else if (st.teams[side]) {
        out[side] = st.teams[side];
      }
    }
    const seed = String(st.seed).trim();
    if (seed !== "") {
      if (!/^\d+$/.test(seed)) throw new Error("seed: a whole number (or leave it empty)");
      out.seed = Number(seed);
    }
    const options = {};
    for (const o of rs.options) {
      const v = st.options[o.name];
      if (v === null || v === undefined || v === "" || v === o.default) continue;
      options[o.name] = v;
    }
    if (Object.keys(options).length) out.options = options;
    if (st.ownDice && rs.own_dice) out.own_dice = true;
    if (st.split) {
      out.seats = { home: { ...st.units.home }, away: { ...st.units.away } };
    } else if (st.opponent === "friend") {
      out.seats = { home: "person", away: "person" };
    } else {
      out.seats = st.side === "home" ? { home: "person", away: "computer" } : { home: "computer", away: "person" };
    }
    return out;
  }

  async function create(event) {
    event.preventDefault();
    if (st.busy) return;
    let request;
    try {
      request = body();
    } catch (err) {
      st.error = err.message;
      draw();
      return;
    }
    st.busy = true;
    st.error = "";
    draw();
    try {
      const game = await api.create(request);
      st.busy = false;
      afterCreate(game, request);
    } catch (err) {
      st.busy = false;
      st.error = err.message;
      draw();
    }
  }

  function teamName(request, side) {
    const t = request[side];
    return typeof t === "string" ? t : t ? t.file : rulesets[st.rules].default_teams[side === "home" ? 0 : 1];
  }

  function afterCreate(game, request) {
    const seats = Object.keys(game.seats);
    const entry = (seat) => ({
      id: game.game_id, url: pathOf(game.seats[seat].url), rules: request.rules,
      title: rulesets[request.rules].title, home: teamName(request, "home"), away: teamName(request, "away"), seat,
    });
    if (seats.length === 1) {
      rememberGame(entry(seats[0]));
      location.assign(localLink(game.seats[seats[0]].url));
      return;
    }
    // Several people: the creator's seat and the links to hand to the others, shown once.
    // The seat marked as the creator's is kept in "Your games" at once (and swapped when
    // another is marked), so the game is not lost if this screen is closed.
    let chosen = seats.includes(st.side) && !st.split ? st.side : seats[0];
    const choose = (seat) => {
      forgetGame(game.game_id, entry(chosen).url);
      chosen = seat;
      rememberGame(entry(chosen));
      renderSaved(mine);
    };
    rememberGame(entry(chosen));
    const rows = seats.map((seat) => {
      const url = localLink(game.seats[seat].url);
      const key = testKey(seat);
      return h("li", { class: "invite-row" },
        h("span", { class: "radio" },
          h("input", {
            type: "radio", name: "mine", id: `mine-${key}`, "data-testid": `mine-${key}`,
            checked: seat === chosen, onchange: () => choose(seat),
          }),
          h("label", { for: `mine-${key}` }, `${seatWords(seat)} (${teamName(request, seat.split(":")[0])})`)),
        h("a", { class: "invite-link", href: url, "data-testid": `link-${key}`, target: "_blank", rel: "noopener" }, url),
        copyButton(url, `copy-${key}`));
    });
    fill(made,
      h("h2", {}, "Game made: invite your friends"),
      h("p", {}, "Send each person the link of their seat (each link is a secret key to that seat; ",
        "this is the only time they are shown). Mark the seat that is yours, then go to it."),
      h("ul", { class: "invites" }, ...rows),
      h("p", { class: "muted small" }, "Anyone may watch: ",
        h("a", { href: localLink(game.spectate), "data-testid": "link-spectate" }, localLink(game.spectate))),
      h("button", {
        type: "button", class: "primary", "data-testid": "go-to-seat",
        onclick: () => {
          rememberGame(entry(chosen));
          location.assign(localLink(game.seats[chosen].url));
        },
      }, "Go to my seat"));
    made.hidden = false;
    section.hidden = true;
    const tabs = document.querySelector(".new-tabs");
    if (tabs) tabs.hidden = true;
    renderSaved(mine);
    made.scrollIntoView({ block: "start" });
  }

  function draw() {
    const rs = rulesets[st.rules];
    fill(section,
      h("h2", { id: "new-title" }, "New game"),
      h("form", { class: "new-form", onsubmit: create, novalidate: true },
        h("div", { class: "field-row" },
          h("label", { for: "new-rules" }, "Game"),
          h("select", {
            id: "new-rules", "data-testid": "new-rules",
            onchange: (e) => { st.rules = e.currentTarget.value; resetForRules(); draw(); },
          }, ...names.map((n) => h("option", { value: n, selected: n === st.rules }, rulesets[n].title)))),
        teamField("away"), teamField("home"),
        seatsField(),
        rs.own_dice ? h("div", { class: "field-row check" },
          h("input", {
            type: "checkbox", id: "new-own-dice", "data-testid": "new-own-dice", checked: st.ownDice,
            onchange: (e) => { st.ownDice = e.currentTarget.checked; },
          }),
          h("label", { for: "new-own-dice" }, "Play with your own dice: the page asks for each die you roll")) : null,
        rs.options.length ? h("details", { class: "options-box" },
          h("summary", {}, "Options"), ...rs.options.map(optionField)) : null,
        h("div", { class: "field-row" },
          h("label", { for: "new-seed" }, "Seed"),
          h("input", {
            id: "new-seed", "data-testid": "new-seed", type: "text", inputmode: "numeric",
            placeholder: "random", value: st.seed, autocomplete: "off",
            oninput: (e) => { st.seed = e.currentTarget.value; },
          }),
          h("span", { class: "help-text" }, "the same seed and the same decisions replay the same game")),
        st.error ? h("p", { class: "error", role: "alert", "data-testid": "new-error" }, st.error) : null,
        h("button", { type: "submit", class: "primary", "data-testid": "new-create", disabled: st.busy },
          st.busy ? "Making the game…" : "Start the game")));
  }

  resetForRules();
  draw();
}

// -- the games this browser has a seat in ----------------------------------------------

function renderSaved(section) {
  const games = savedGames();
  fill(section, h("h2", { id: "saved-title" }, "Your games"));
  if (!games.length) {
    section.append(h("p", { class: "muted" }, "Games you make or join in this browser are listed here."));
    return;
  }
  const list = h("ul", { class: "saved-list", "data-testid": "saved-games" });
  for (const g of games) {
    const status = h("span", { class: "saved-status muted small" }, "…");
    list.append(h("li", { class: "saved-game" },
      h("a", { href: g.url, class: "saved-link", "data-testid": `saved-${g.id}` }, `${g.away} at ${g.home}`),
      h("span", { class: "saved-meta muted small" },
        [g.title || g.rules, g.seat ? `you: ${seatWords(g.seat)}` : "", new Date(g.created || Date.now()).toLocaleDateString()]
          .filter(Boolean).join(" · ")),
      status,
      h("button", {
        type: "button", class: "forget", "data-testid": `forget-${g.id}`, title: "Forget this game in this browser",
        onclick: () => { forgetGame(g.id, g.url); renderSaved(section); },
      }, "Forget")));
    lookUp(g, status);
  }
  section.append(list);
}

/** The game's state now, in a few words (a view without its plays). */
async function lookUp(g, el) {
  const token = new URLSearchParams(g.url.split("?")[1] || "").get("token");
  try {
    const v = await api.view(g.id, token, 1e9);
    const sb = v.scoreboard;
    const score = `${sb.names.AWAY} ${sb.score.AWAY}, ${sb.names.HOME} ${sb.score.HOME}`;
    el.textContent = v.status === "over" ? `Final: ${score}`
      : `${score} · ${sb.period} ${sb.clock}${v.pending ? " · your turn" : ""}`;
    if (v.pending) el.classList.add("your-turn");
  } catch (err) {
    el.textContent = err.status === 404 ? "not on this server any more" : err.message;
  }
}

// -- the leagues this browser coaches ---------------------------------------------------

function renderSavedLeagues(section) {
  const list = savedLeagues();
  fill(section, h("h2", { id: "leagues-title" }, "Your leagues"));
  if (!list.length) {
    section.append(h("p", { class: "muted" }, "Leagues you make in this browser are listed here: ",
      h("a", { href: "#new-league", onclick: (e) => { e.preventDefault(); document.getElementById("tab-league").click(); } }, "make one"), "."));
    return;
  }
  const ul = h("ul", { class: "saved-list", "data-testid": "saved-leagues" });
  for (const l of list) {
    const status = h("span", { class: "saved-status muted small" }, "…");
    const key = l.role ? `${l.id}-${l.role}` : l.id;
    const link = h("a", { href: l.url, class: "saved-link", "data-testid": `saved-league-${key}` }, l.name || "A league");
    const named = l.name && l.title && l.name.includes(l.title);
    const role = l.role === "commissioner" ? "commissioner" : l.role === "coach" ? (l.team ? `coach of ${l.team}` : "coach") : "";
    ul.append(h("li", { class: "saved-game" },
      h("span", { class: "saved-name" }, link, role ? h("span", { class: "role-tag", "data-testid": `saved-role-${key}` }, role) : null),
      h("span", { class: "saved-meta muted small" },
        [named ? "" : l.title || "", new Date(l.created || Date.now()).toLocaleDateString()].filter(Boolean).join(" · ")),
      status,
      h("button", {
        type: "button", class: "forget", "data-testid": `forget-league-${key}`, title: "Forget this league in this browser",
        onclick: () => { forgetLeague(l.id, l.role || ""); renderSavedLeagues(section); },
      }, "Forget")));
    lookUpLeague(l, link, status);
  }
  section.append(ul);
}

/** Where a league stands, in a few words. */
async function lookUpLeague(l, link, el) {
  const token = new URLSearchParams(l.url.split("?")[1] || "").get("token");
  try {
    const [s, o] = await Promise.all([leagues.summary(l.id, token),
      l.role ? leagues.online(l.id, token) : Promise.resolve(null)]);
    link.textContent = s.name;
    const waiting = o && o.online && !o.week;           // online, before the season
    const next = waiting ? "" : nextWords(s);
    el.textContent = [waiting ? "Before the season" : phaseWords(s), next].filter(Boolean).join(" · ");
    if (next) el.classList.add("your-turn");
  } catch (err) {
    el.textContent = err.status === 404 ? "not on this server any more" : err.message;
  }
}
