// The new-league form of the home page: the choices of `scrimmage league new`. A real season
// (its year, its teams), a league of your own (any of the ruleset's teams, weeks, playoff
// teams, divisions) or a Grid league whose teams are drafted; the teams a person coaches; the
// computer coach of the others; the ruleset's options; a seed. Making a league whose sheets
// must be built takes a while: the form says so and counts the time, the page stays usable.
// "Play it online with friends" makes the league with a link per team and one for its
// commissioner (POST /api/leagues/online), then shows those links (components/league/links.js).

import { h, fill } from "../lib/dom.js";
import { api, leagues } from "../lib/api.js";
import { rememberLeague, localLink, pathOf } from "../lib/saved.js";
import { optionField } from "./options.js";
import { coachWords } from "./league/words.js";
import { renderLinks } from "./league/links.js";

const DRAFTS = [
  ["snake", "Snake draft: the order turns back each round"],
  ["draft", "Draft: the same order every round"],
  ["auction", "Auction: bid for the players"],
  ["create", "Created: the dice make each team"],
];

/** How long a week of games lasts in a league played online. */
const RHYTHMS = [
  ["day", "a day"],
  ["week", "a week"],
  ["hand", "until I close it"],
];

const KIND_WORDS = {
  season: "A real season",
  own: "A league of your own",
  grid: "A Grid league (drafted teams)",
};

/** Options a league sets itself, game by game (a neutral site for a bowl, a final). */
const LEAGUE_SETS = new Set(["neutral"]);

const YEAR = /^(\d{4})\s/;

/** The seasons whose sheets come with scrimmage (years of the ruleset's bundled teams). */
function bundledYears(rs) {
  const count = {};
  for (const t of rs.teams) {
    const m = String(t).match(YEAR);
    if (m) count[m[1]] = (count[m[1]] || 0) + 1;
  }
  return new Set(Object.keys(count).filter((y) => count[y] >= 2).map(Number));
}


function clock(seconds) {
  const m = Math.floor(seconds / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return `${m}:${s}`;
}

/** `hooks.saved()`: a league was kept in this browser (the home page lists it). */
export function newLeagueForm(section, rulesets, hooks = {}) {
  const names = Object.keys(rulesets);
  const st = {
    rules: names.includes("legends-pro") ? "legends-pro" : names[0],
    kind: "season", season: null, info: null, infoError: "", loading: false,
    chosen: [], filter: "", gridNames: "", draft: "snake",
    coach: [""], weeks: "", playoffs: "4", divisions: "1",
    computer: "", name: "", seed: "", options: {},
    online: false, rhythm: "week",
    busy: false, started: 0, error: "",
  };
  let ticker = null;

  const kinds = () => {
    const rs = rulesets[st.rules];
    const out = [];
    if ((rs.seasons || []).length) out.push("season");
    if (rs.teams.length >= 2) out.push("own");
    if (st.rules === "grid") out.push("grid");
    return out;
  };

  function resetForRules() {
    const rs = rulesets[st.rules];
    if (!kinds().includes(st.kind)) st.kind = kinds()[0] || "own";
    const years = rs.seasons || [];
    const ready = [...bundledYears(rs)].filter((y) => years.includes(y));
    st.season = years.length ? (ready.length ? Math.max(...ready) : years[years.length - 1]) : null;
    st.info = null;
    st.chosen = [];
    st.filter = "";
    st.coach = [""];
    st.computer = (rs.coaches || ["solitaire"])[0];
    st.options = {};
    for (const o of rs.options) st.options[o.name] = o.default;
    st.error = "";
    st.loading = false;
    if (st.kind === "season") loadSeason();
  }

  async function loadSeason() {
    const want = [st.rules, st.season];
    st.loading = true;
    st.info = null;
    st.infoError = "";
    draw();
    try {
      const info = await api.seasonTeams(st.rules, st.season);
      if (want[0] !== st.rules || want[1] !== st.season) return;       // another was chosen since
      st.info = info;
    } catch (err) {
      if (want[0] !== st.rules || want[1] !== st.season) return;
      st.infoError = err.message;
    }
    st.loading = false;
    st.coach = [""];
    draw();
  }

  /** The teams a person may coach: [value, label, group] (a season's by division). */
  function coachable() {
    if (st.kind === "season") {
      return st.info ? st.info.teams.map((t) => [t.code, t.team, t.division || t.conference]) : [];
    }
    if (st.kind === "grid") return gridTeams().map((n) => [n, n, ""]);
    return st.chosen.map((n) => [n, n, ""]);
  }

  function gridTeams() {
    return st.gridNames.split(/[,\n]/).map((n) => n.trim()).filter(Boolean);
  }

  // -- the fields ------------------------------------------------------------------------

  function field(id, label, control, help) {
    return h("div", { class: "field-row" }, h("label", { for: id }, label), control,
      help ? h("span", { class: "help-text" }, help) : null);
  }

  function numberInput(id, key, placeholder, min, max) {
    return h("input", {
      id, "data-testid": id, type: "number", inputmode: "numeric", min, max, step: 1,
      value: st[key], placeholder, oninput: (e) => { st[key] = e.currentTarget.value; },
    });
  }

  function kindField() {
    const list = kinds();
    if (list.length < 2) return null;
    return h("div", { class: "field-row radios", role: "radiogroup", "aria-label": "Kind of league" },
      h("span", { class: "label" }, "League"),
      h("span", { class: "radio-list" }, ...list.map((k) => h("span", { class: "radio" },
        h("input", {
          type: "radio", name: "league-kind", id: `league-kind-${k}`, "data-testid": `league-kind-${k}`,
          value: k, checked: st.kind === k,
          onchange: () => {
            st.kind = k;
            st.coach = [""];
            st.error = "";
            if (k === "season" && !st.info) loadSeason();
            else draw();
          },
        }),
        h("label", { for: `league-kind-${k}` }, KIND_WORDS[k])))));
  }

  function seasonFields() {
    const rs = rulesets[st.rules];
    const years = [...(rs.seasons || [])].reverse();
    const ready = bundledYears(rs);
    const option = (y) => h("option", { value: String(y), selected: y === st.season }, String(y));
    const shipped = years.filter((y) => ready.has(y));
    const others = years.filter((y) => !ready.has(y));
    const select = h("select", {
      id: "league-season", "data-testid": "league-season",
      onchange: (e) => { st.season = Number(e.currentTarget.value); loadSeason(); },
    },
    shipped.length && others.length
      ? [h("optgroup", { label: "Sheets included" }, ...shipped.map(option)),
        h("optgroup", { label: "Sheets built when the league is made" }, ...others.map(option))]
      : years.map(option));
    let note = null;
    if (st.loading) note = h("span", { class: "help-text" }, "Loading the season's teams…");
    else if (st.infoError) note = h("span", { class: "help-text error" }, st.infoError);
    else if (st.info) {
      const n = st.info.teams.length;
      note = h("span", { class: "help-text", "data-testid": "league-season-note" },
        `${n} teams, ${st.info.games} regular-season games. `,
        st.info.to_build
          ? h("b", {}, `${st.info.to_build} of the ${n} team sheets are built first: making the league takes a few minutes.`)
          : "Every team's sheet is ready.");
    }
    return h("div", { class: "field-row" }, h("label", { for: "league-season" }, "Season"), select, note);
  }

  function ownFields() {
    const rs = rulesets[st.rules];
    const list = h("ul", { class: "team-picks", "data-testid": "league-teams" });
    const count = h("span", { class: "muted small", "data-testid": "league-chosen" });
    const shown = () => {
      const low = st.filter.trim().toLowerCase();
      return rs.teams.filter((t) => !low || t.toLowerCase().includes(low));
    };
    const all = h("button", {
      type: "button", class: "small-button", "data-testid": "league-choose-shown",
      onclick: () => { st.chosen = [...new Set([...st.chosen, ...shown()])]; fillList(); changed(); },
    });
    const clear = h("button", {
      type: "button", class: "small-button", "data-testid": "league-choose-none",
      onclick: () => { st.chosen = []; fillList(); changed(); },
    }, "Clear");
    // Ticking a team redraws only what depends on it: the list keeps its scroll position.
    function changed() {
      st.coach = st.coach.map((c) => (st.chosen.includes(c) ? c : ""));
      const n = st.chosen.length;
      count.textContent = `${n === 1 ? "1 team" : `${n} teams`} chosen${n < 2 ? " (two at least)" : ""}`;
      clear.disabled = !n;
      all.textContent = st.filter.trim() ? "Choose those shown" : "Choose all";
      drawCoaches();
    }
    function fillList() {
      fill(list, ...shown().map((t) => {
        const id = `league-team-${rs.teams.indexOf(t)}`;
        return h("li", {},
          h("input", {
            type: "checkbox", id, value: t, checked: st.chosen.includes(t),
            onchange: (e) => {
              const on = e.currentTarget.checked;
              st.chosen = on ? [...st.chosen, t] : st.chosen.filter((x) => x !== t);
              changed();
            },
          }),
          h("label", { for: id }, t));
      }));
    }
    fillList();
    changed();
    return h("fieldset", { class: "league-box" },
      h("legend", {}, "Teams"),
      rs.teams.length > 8 ? h("div", { class: "field-row" },
        h("label", { for: "league-filter" }, "Find"),
        h("input", {
          id: "league-filter", "data-testid": "league-filter", type: "text", value: st.filter,
          placeholder: "a name or a year", autocomplete: "off",
          oninput: (e) => { st.filter = e.currentTarget.value; fillList(); changed(); },
        })) : null,
      list,
      h("div", { class: "pick-foot" }, count, all, clear),
      scheduleFields(true));
  }

  function gridFields() {
    return h("fieldset", { class: "league-box" },
      h("legend", {}, "Teams"),
      field("league-grid-names", "Team names", h("input", {
        id: "league-grid-names", "data-testid": "league-grid-names", type: "text", value: st.gridNames,
        placeholder: "Hawks, Bears, Lions, Wolves", autocomplete: "off",
        oninput: (e) => { st.gridNames = e.currentTarget.value; drawCoaches(); },
      }), "separated by commas; each is a coach at the draft"),
      field("league-draft", "Built by", h("select", {
        id: "league-draft", "data-testid": "league-draft",
        onchange: (e) => { st.draft = e.currentTarget.value; },
      }, ...DRAFTS.map(([v, words]) => h("option", { value: v, selected: st.draft === v }, words))),
      "On this page the computer makes every pick, yours too; draft at the table with the command line."),
      scheduleFields(false));
  }

  function scheduleFields(divisions) {
    return h("div", { class: "schedule-fields" },
      field("league-weeks", "Weeks", numberInput("league-weeks", "weeks", "each team meets every other once", 1, 40)),
      field("league-playoffs", "Playoff teams", numberInput("league-playoffs", "playoffs", "4", 0, 64),
        "0 or 1: no playoffs, the best record wins"),
      divisions ? field("league-divisions", "Divisions", numberInput("league-divisions", "divisions", "1", 1, 16),
        "with divisions, rivals meet home and away") : null);
  }

  function onlineField() {
    return h("fieldset", { class: "league-box online-box" },
      h("legend", {}, "Friends"),
      h("div", { class: "field-row check" },
        h("input", {
          type: "checkbox", id: "league-online", "data-testid": "league-online", checked: st.online,
          onchange: (e) => { st.online = e.currentTarget.checked; draw(); },
        }),
        h("label", { for: "league-online" }, "Play it online with friends")),
      st.online ? [
        h("p", { class: "help-text muted" }, "Each team gets a link to send to its coach, and you get the commissioner’s: ",
          "you start the season, and each week’s games are played before it closes. A team nobody takes is coached by the computer."),
        h("div", { class: "field-row radios", role: "radiogroup", "aria-label": "A week of games lasts" },
          h("span", { class: "label" }, "A week lasts"),
          h("span", { class: "radio-list" }, ...RHYTHMS.map(([value, words]) => h("span", { class: "radio" },
            h("input", {
              type: "radio", name: "league-rhythm", id: `league-rhythm-${value}`, "data-testid": `league-rhythm-${value}`,
              value, checked: st.rhythm === value, onchange: () => { st.rhythm = value; },
            }),
            h("label", { for: `league-rhythm-${value}` }, words))))),
      ] : h("p", { class: "help-text muted" }, "A link for each team’s coach, and a week of games a day, a week, or when you say."));
  }

  const coachBox = h("fieldset", { class: "league-box" });

  function drawCoaches() {
    const teams = coachable();
    const groups = [...new Set(teams.map((t) => t[2]))];
    const options = (value) => {
      const opt = (t) => h("option", { value: t[0], selected: t[0] === value }, t[1]);
      const grouped = groups.length > 1
        ? groups.map((g) => h("optgroup", { label: g }, ...teams.filter((t) => t[2] === g).map(opt)))
        : teams.map(opt);
      return [h("option", { value: "", selected: !value }, teams.length ? "nobody: the computer coaches every team" : "choose the teams first"), ...grouped];
    };
    const rows = st.online ? [] : st.coach.map((value, i) => {
      const id = i === 0 ? "league-coach" : `league-coach-${i + 1}`;
      return h("div", { class: "field-row" },
        h("label", { for: id }, i === 0 ? "You coach" : "and"),
        h("select", {
          id, "data-testid": id, disabled: !teams.length,
          onchange: (e) => { st.coach[i] = e.currentTarget.value; },
        }, ...options(value)),
        i > 0 ? h("button", {
          type: "button", class: "small-button", "aria-label": "Coach one team fewer", "data-testid": `league-coach-less-${i + 1}`,
          onclick: () => { st.coach.splice(i, 1); drawCoaches(); },
        }, "Remove") : null);
    });
    const rs = rulesets[st.rules];
    fill(coachBox,
      h("legend", {}, "Coaches"),
      ...rows,
      st.online ? h("p", { class: "muted small" }, "The coaches come by their teams’ links.") : null,
      !st.online && st.coach.length < 8 && teams.length > st.coach.length ? h("button", {
        type: "button", class: "small-button add-coach", "data-testid": "league-add-coach",
        onclick: () => { st.coach.push(""); drawCoaches(); },
      }, "Coach another team too") : null,
      field("league-computer", st.online ? "Teams nobody takes" : "The other teams", h("select", {
        id: "league-computer", "data-testid": "league-computer",
        onchange: (e) => { st.computer = e.currentTarget.value; },
      }, ...(rs.coaches || ["solitaire"]).map((c) => h("option", { value: c, selected: c === st.computer }, coachWords(c)))),
      st.kind === "season" ? "real teams' tendencies were measured against the rulebook's own coach" : null));
  }

  // -- making it -------------------------------------------------------------------------

  function whole(text, what, min, max) {
    const t = String(text).trim();
    if (t === "") return null;
    if (!/^\d+$/.test(t) || Number(t) < min || Number(t) > max) {
      throw new Error(`${what}: a whole number from ${min} to ${max}`);
    }
    return Number(t);
  }

  function body() {
    const rs = rulesets[st.rules];
    const out = { kind: st.kind, rules: st.rules, computer: st.computer };
    const coach = [...new Set(st.coach.filter(Boolean))];
    if (coach.length && !st.online) out.coach = coach;
    if (st.kind === "season") {
      if (!st.info) throw new Error("wait for the season's teams to load");
      out.season = st.season;
    } else {
      const teams = st.kind === "grid" ? gridTeams() : st.chosen;
      if (teams.length < 2) throw new Error("a league needs two teams at least");
      if (st.kind === "grid" && new Set(teams.map((t) => t.toLowerCase())).size !== teams.length) {
        throw new Error("each team needs its own name");
      }
      out.teams = teams;
      const weeks = whole(st.weeks, "Weeks", 1, 40);
      if (weeks !== null) out.weeks = weeks;
      const playoffs = whole(st.playoffs, "Playoff teams", 0, teams.length);
      out.playoffs = playoffs === null ? Math.min(4, teams.length) : playoffs;
      if (st.kind === "own") {
        const most = Math.max(1, Math.floor(teams.length / 2));
        const divisions = whole(st.divisions, "Divisions", 1, most);
        if (divisions !== null) out.divisions = divisions;
      } else {
        out.draft = st.draft;
      }
    }
    const name = st.name.trim();
    if (name) out.name = name;
    const seed = whole(st.seed, "Seed", 0, 2 ** 31 - 1);
    if (seed !== null) out.seed = seed;
    const options = {};
    for (const o of rs.options) {
      const v = st.options[o.name];
      if (LEAGUE_SETS.has(o.name) || v === null || v === undefined || v === "" || v === o.default) continue;
      options[o.name] = v;
    }
    if (Object.keys(options).length) out.options = options;
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
    st.started = Date.now();
    st.error = "";
    draw();
    ticker = setInterval(drawWorking, 1000);
    try {
      if (st.online) {
        const made = await leagues.createOnline(request, st.rhythm);
        rememberLeague({
          id: made.league_id, url: pathOf(made.commissioner.url), name: request.name || "",
          rules: request.rules, title: rulesets[request.rules].title, role: "commissioner",
        });
        showLinks(made, request);
        return;
      }
      const made = await leagues.create(request);
      rememberLeague({
        id: made.league_id, url: pathOf(made.url), name: request.name || "",
        rules: request.rules, title: rulesets[request.rules].title,
      });
      location.assign(localLink(made.url));
    } catch (err) {
      st.error = err.message;
      st.busy = false;
      draw();
    } finally {
      clearInterval(ticker);
    }
  }

  /** The league is made: its links, in place of the form (shown once). */
  function showLinks(made, request) {
    st.busy = false;
    const links = h("section", { class: "panel links-page", "data-testid": "league-links" });
    renderLinks(links, made, { rhythm: st.rhythm, title: rulesets[request.rules].title });
    section.before(links);
    section.hidden = true;
    const tabs = document.querySelector(".new-tabs");
    if (tabs) tabs.hidden = true;
    if (hooks.saved) hooks.saved();
    links.scrollIntoView({ block: "start" });
  }

  const working = h("p", { class: "working", "data-testid": "league-working", role: "status", hidden: true });

  function drawWorking() {
    if (!st.busy) {
      working.hidden = true;
      return;
    }
    const seconds = Math.round((Date.now() - st.started) / 1000);
    const building = st.kind === "season" && st.info && st.info.to_build
      ? `building ${st.info.to_build} team sheets (a few minutes)`
      : st.kind === "grid" ? "the computer drafts the teams" : "setting up the schedule";
    fill(working, h("span", { class: "spinner", "aria-hidden": "true" }),
      `Making the league: ${building}… ${clock(seconds)}`);
    working.hidden = false;
  }

  function draw() {
    const rs = rulesets[st.rules];
    const options = rs.options.filter((o) => !LEAGUE_SETS.has(o.name));
    fill(section,
      h("h2", { id: "league-title" }, "New league"),
      h("p", { class: "muted small" }, "A season you coach: a real one with its real schedule, a league of your own, or The Grid's drafted teams."),
      h("form", { class: "new-form", onsubmit: create, novalidate: true, "data-testid": "league-form" },
        h("fieldset", { class: "plain", disabled: st.busy },
          h("div", { class: "field-row" },
            h("label", { for: "league-rules" }, "Game"),
            h("select", {
              id: "league-rules", "data-testid": "league-rules",
              onchange: (e) => { st.rules = e.currentTarget.value; resetForRules(); draw(); },
            }, ...names.map((n) => h("option", { value: n, selected: n === st.rules }, rulesets[n].title)))),
          kindField(),
          st.kind === "season" ? seasonFields() : st.kind === "grid" ? gridFields() : ownFields(),
          onlineField(),
          coachBox,
          field("league-name", "Name", h("input", {
            id: "league-name", "data-testid": "league-name", type: "text", value: st.name, maxlength: 80,
            placeholder: st.kind === "season" ? `${st.season} ${rs.title}` : st.kind === "grid" ? "Grid league" : `${rs.title} league`,
            autocomplete: "off", oninput: (e) => { st.name = e.currentTarget.value; },
          })),
          options.length ? h("details", { class: "options-box" },
            h("summary", {}, "Options for every game"),
            ...options.map((o) => optionField(o, st.options[o.name], (v) => { st.options[o.name] = v; }, "league-opt"))) : null,
          field("league-seed", "Seed", h("input", {
            id: "league-seed", "data-testid": "league-seed", type: "text", inputmode: "numeric",
            placeholder: "random", value: st.seed, autocomplete: "off",
            oninput: (e) => { st.seed = e.currentTarget.value; },
          }), "the league's dice: the same seed plays the computer's games the same way")),
        working,
        st.error ? h("p", { class: "error", role: "alert", "data-testid": "league-error" }, st.error) : null,
        h("button", { type: "submit", class: "primary", "data-testid": "league-create", disabled: st.busy || (st.kind === "season" && st.loading) },
          st.busy ? "Making the league…" : st.online ? "Make the league and its links" : "Make the league")));
    drawCoaches();
    drawWorking();
  }

  resetForRules();
  draw();
}
