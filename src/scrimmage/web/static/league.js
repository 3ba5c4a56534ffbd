// The league page (/leagues/{id}?token=T; without a token a spectator's): where the league
// stands, the visitor's next game and the button that plays it on the game page, the
// computer's games played in the background with their progress, and the league's tabs:
// this week, the standings, the schedule, the leaders, the playoffs, and any finished game's
// box score and play-by-play (#game-N). The routes are in src/scrimmage/web/league_routes.py.

import { h, fill } from "./lib/dom.js";
import { api, leagues } from "./lib/api.js";
import { rememberLeague, forgetLeague, localLink } from "./lib/saved.js";
import { phaseWords, myGames, teamLink, isFinal, shortener } from "./components/league/words.js";
import { gameCard, scheduleRow } from "./components/league/games.js";
import { renderStandings } from "./components/league/standings.js";
import { renderLeaders } from "./components/league/leaders.js";
import { renderBracket, seedsOf } from "./components/league/bracket.js";
import { renderGameDetail } from "./components/league/gamedetail.js";

const TABS = [["week", "This week"], ["standings", "Standings"], ["schedule", "Schedule"],
  ["leaders", "Leaders"], ["playoffs", "Playoffs"]];
const POLL_MS = 300;
const REFRESH_MS = 1500;

const SIMS = {
  week: { words: "Play the other games of this week", testid: "sim-week" },
  mine: { words: "Play to my next game", testid: "sim-to-my-game" },
  end: { words: "Play to the end", testid: "sim-end" },
};

function kindWords(s, teams) {
  if (s.kind === "season") return `the real ${s.season} season`;
  if (s.kind === "grid") return `a Grid league of ${teams} drafted teams`;
  return `a league of your own, ${teams} teams`;
}

/** A game's week in words: "Week 3", or its playoff round. */
function whenWords(g) {
  return g.round && g.round !== "Regular season" ? g.round : `Week ${g.week}`;
}

export function showLeague(root, leagueId, token) {
  const st = {
    summary: null, standings: null, schedule: [], leaders: null, title: "",
    tab: "week", lastTab: "week", gameIndex: null, game: null, gameError: "",
    team: "", week: null,
    sim: { running: false, played: 0, total: null, error: "", state: "idle", what: "" },
    acting: false, error: "", watching: !token, keyRefused: false,
  };
  const el = {
    title: h("h1", { "data-testid": "league-title" }, "League"),
    sub: h("p", { class: "league-sub" }),
    phase: h("p", { class: "league-phase", "data-testid": "league-phase", "aria-live": "polite" }, "Loading…"),
    you: h("section", { class: "panel you-panel", "aria-label": "Your next game", "data-testid": "your-game" }),
    sim: h("section", { class: "panel sim-panel", "aria-label": "The computer's games", "data-testid": "sim-panel" }),
    manage: h("section", { class: "panel manage-panel", "aria-label": "This league" }),
    tabs: h("nav", { class: "league-tabs", "aria-label": "The league" }),
    body: h("section", { class: "panel league-body", "data-testid": "league-body", tabindex: "-1" }),
  };
  fill(root,
    h("header", { class: "game-head league-head" },
      h("a", { class: "home-link", href: "/", "data-testid": "home-link" }, "← Your games"),
      h("div", { class: "league-heading" }, el.title, el.sub), el.phase),
    h("div", { class: "league-grid" },
      h("div", { class: "league-side" }, el.you, el.sim),
      h("div", { class: "league-main" }, el.tabs, el.body),
      h("div", { class: "league-manage" }, el.manage)));

  const you = () => new Set((st.summary && st.summary.you) || []);
  const ctx = () => ({
    rules: st.summary.rules, you: you(),
    short: shortener((st.summary.teams || []).map((t) => t.team)),
  });

  // -- the data ------------------------------------------------------------------------

  async function loadAll() {
    const [summary, standings, schedule, leaders] = await Promise.all([
      leagues.summary(leagueId, st.keyRefused ? "" : token), leagues.standings(leagueId),
      leagues.schedule(leagueId), leagues.leaders(leagueId)]);
    st.summary = summary;
    st.standings = standings;
    st.schedule = schedule;
    st.leaders = leaders;
  }

  let refreshing = null;
  let lastRefresh = 0;
  /** While the computer plays, the results come in: the data again, at most every 1.5 s. */
  function refreshSoon() {
    if (refreshing || Date.now() - lastRefresh < REFRESH_MS) return;
    lastRefresh = Date.now();
    refreshing = loadAll().then(renderAll).catch(() => {}).finally(() => { refreshing = null; });
  }

  // -- what the computer plays ---------------------------------------------------------

  /** The computer's games not played yet (a person's are left to the person). */
  function computerLeft(pick) {
    return st.schedule.filter((g) => !isFinal(g) && !(g.people || []).length && pick(g)).length;
  }

  /** The week of the next game of the league's first person's team (the server's "my game"). */
  function myNextWeek() {
    const first = ((st.summary && st.summary.people) || [])[0];
    return first && first.next ? first.next.week : null;
  }

  function simCounts() {
    const s = st.summary;
    const mine = myNextWeek();
    return {
      week: s && s.week ? computerLeft((g) => g.week === s.week) : 0,
      mine: mine === null ? 0 : computerLeft((g) => g.week <= mine),
      end: computerLeft(() => true),
    };
  }

  async function startSim(what) {
    if (st.sim.running) return;
    const s = st.summary;
    const order = what === "week" ? { week: s.week } : what === "mine" ? { to_my_game: true } : { end: true };
    const total = simCounts()[what];
    st.sim = { running: true, played: 0, total, error: "", state: "running", what };
    renderSim();
    try {
      const job = await leagues.sim(leagueId, token, order);
      st.sim.played = job.played || 0;
    } catch (err) {
      st.sim = { running: false, played: 0, total: null, error: err.message, state: "error", what };
      renderSim();
      return;
    }
    poll();
  }

  let pollTimer = null;
  async function poll() {
    clearTimeout(pollTimer);
    if (!st.sim.running) return;
    try {
      const job = await leagues.simState(leagueId);
      const changed = job.played !== st.sim.played;
      st.sim.played = job.played;
      st.sim.error = job.error || "";
      if (!job.running) {
        st.sim.running = false;
        try {
          await loadAll();
        } catch (err) {
          st.sim.error = st.sim.error || err.message;
        }
        st.sim.state = st.sim.error ? "error" : "done";
        renderAll();
        return;
      }
      if (changed) refreshSoon();
    } catch (err) {
      // A dropped poll: the next one tries again.
    }
    renderSim();
    pollTimer = setTimeout(poll, POLL_MS);
  }

  // -- the visitor's own games ---------------------------------------------------------

  async function playNext(code) {
    if (st.acting) return;
    st.acting = true;
    st.error = "";
    renderYou();
    try {
      const made = await leagues.play(leagueId, token, code);
      const url = new URL(localLink(made.url));
      url.searchParams.set("league", leagueId);
      location.assign(url.toString());
    } catch (err) {
      st.acting = false;
      st.error = err.message;
      renderYou();
    }
  }

  /** Why a team has no next game, in a sentence. */
  function noGameWords(p) {
    const s = st.summary;
    if (s.phase === "over") {
      return (s.champions || []).includes(p.team) ? `${p.team} won it all: the season is over.` : "Your season is over.";
    }
    if (s.phase === "regular season") {
      return "Your regular season is done: play the other games to settle the playoffs.";
    }
    const playoffs = (st.standings && st.standings.playoffs) || { seeds: {}, games: [] };
    const seeded = Object.values(playoffs.seeds || {}).some((list) => list.some((t) => t.code === p.code));
    const lost = (playoffs.games || []).some((g) => isFinal(g) &&
      ((g.home === p.code && g.home_points < g.away_points) || (g.away === p.code && g.away_points < g.home_points)));
    if (!seeded) return "Your team did not make the playoffs: the season goes on without you.";
    if (lost) return "Your team is out of the playoffs.";
    return "You are through: your next game is set when this round is over.";
  }

  function renderYou() {
    const s = st.summary;
    if (st.watching || !s) {
      fill(el.you,
        h("h2", {}, "Watching"),
        h("p", { class: "muted" }, st.keyRefused
          ? "The key in this link opens no team of this league: you may watch it."
          : "This is the league's public page. Its coach's link (with its key) plays the games."));
      return;
    }
    const mine = myGames(s);
    const coming = mine.filter((p) => p.next).length;
    const parts = [h("h2", {}, !coming ? "Your season" : coming > 1 ? "Your next games" : "Your next game")];
    if (!mine.length) parts.push(h("p", { class: "muted" }, "You coach no team in this league: the computer plays every game."));
    mine.forEach((p, i) => {
      const g = p.next;
      if (!g) {
        parts.push(h("div", { class: "next-game done" },
          mine.length > 1 ? h("p", { class: "next-team" }, p.team) : null,
          h("p", { "data-testid": "no-next-game" }, noGameWords(p))));
        return;
      }
      const short = ctx().short;
      const [awayShort, homeShort] = [short(g.away_team), short(g.home_team)];
      const going = g.status === "playing";
      parts.push(h("div", { class: "next-game" },
        h("p", { class: "next-when muted" }, whenWords(g), g.neutral ? " · neutral site" : ""),
        h("p", { class: "next-matchup", "data-testid": i ? `next-matchup-${i + 1}` : "next-matchup" },
          teamLink(s.rules, g.away_team, awayShort), g.neutral ? " vs. " : " at ", teamLink(s.rules, g.home_team, homeShort)),
        h("button", {
          type: "button", class: "primary", "data-testid": i ? `play-next-${i + 1}` : "play-next",
          disabled: st.acting, onclick: () => playNext(p.code),
        }, st.acting ? "Opening the game…" : going ? "Continue my game" : "Play my game")));
    });
    if (st.error) parts.push(h("p", { class: "error", role: "alert", "data-testid": "league-error" }, st.error));
    fill(el.you, ...parts);
  }

  // -- the computer's games ------------------------------------------------------------

  function progressWords() {
    const sim = st.sim;
    if (sim.state === "running") {
      const of = sim.total && sim.played <= sim.total ? ` of ${sim.total}` : "";
      return `Playing the games: ${sim.played}${of} played…`;
    }
    if (sim.state === "error") {
      return `Stopped: ${sim.error}${sim.played ? ` (the ${sim.played} games played are kept)` : ""}`;
    }
    if (sim.state === "done") {
      return sim.played === 1 ? "Done: 1 game played." : sim.played ? `Done: ${sim.played} games played.` : "Done: no game was left to play.";
    }
    return "";
  }

  function renderSim() {
    const s = st.summary;
    if (!s || st.watching) {
      el.sim.hidden = true;
      return;
    }
    el.sim.hidden = false;
    const counts = simCounts();
    const sim = st.sim;
    const hasMine = myGames(s).some((p) => p.next);
    const why = {
      week: counts.week ? `${counts.week} game${counts.week > 1 ? "s" : ""} left this week` : "no other game left this week",
      mine: !hasMine ? "you have no game to come" : counts.mine ? `${counts.mine} game${counts.mine > 1 ? "s" : ""} before yours` : "your game is next",
      end: counts.end ? `${counts.end} game${counts.end > 1 ? "s" : ""} scheduled${s.phase === "regular season" ? ", then the playoffs" : ""}` : "nothing left to play",
    };
    const enabled = { week: counts.week > 0, mine: hasMine && counts.mine > 0, end: counts.end > 0 };
    const buttons = Object.entries(SIMS)
      .filter(([what]) => what !== "mine" || myGames(s).length)
      .map(([what, d]) => h("button", {
        type: "button", class: "sim-button", "data-testid": d.testid,
        disabled: sim.running || !enabled[what], onclick: () => startSim(what),
      }, h("span", { class: "sb-words" }, d.words), h("span", { class: "sb-why small" }, why[what])));
    const words = progressWords();
    if (!counts.end && !sim.running) {
      fill(el.sim,
        h("h2", {}, "The other games"),
        h("p", { class: "muted" }, s.phase === "over" ? "Every game of the season has been played."
          : "The computer's games are all played: the rest are yours."),
        h("div", {
          class: ["sim-progress", sim.state], "data-testid": "sim-progress", "data-state": sim.state,
          role: "status", hidden: sim.state === "idle",
        }, h("span", { class: sim.state === "error" ? "error" : null }, words)));
      return;
    }
    const bar = sim.state === "running"
      ? (sim.total && sim.played <= sim.total
        ? h("progress", { max: String(sim.total), value: String(sim.played), "aria-label": "Games played" })
        : h("progress", { "aria-label": "Games played" }))
      : null;
    fill(el.sim,
      h("h2", {}, "The other games"),
      h("p", { class: "muted small" }, "The computer plays the games of the teams nobody coaches; you may look around meanwhile."),
      h("div", { class: "sim-buttons" }, ...buttons),
      h("div", {
        class: ["sim-progress", sim.state], "data-testid": "sim-progress", "data-state": sim.state,
        role: "status", hidden: sim.state === "idle",
      }, bar, h("span", { class: sim.state === "error" ? "error" : null }, words)));
  }

  function renderManage() {
    if (st.watching) {
      el.manage.hidden = true;
      return;
    }
    el.manage.hidden = false;
    const s = st.summary;
    fill(el.manage,
      h("details", { class: "manage" },
        h("summary", {}, "This league"),
        h("p", { class: "small muted" }, `Its dice: seed ${s.seed}. Keep this page's link: it is the key to your teams.`),
        h("button", {
          type: "button", class: "danger", "data-testid": "delete-league",
          onclick: async (e) => {
            if (!window.confirm(`Delete ${s.name}? Its games and standings are gone for good.`)) return;
            const button = e.currentTarget;
            button.disabled = true;
            try {
              await leagues.remove(leagueId, token);
              forgetLeague(leagueId);
              location.assign("/");
            } catch (err) {
              button.disabled = false;
              st.error = err.message;
              renderYou();
            }
          },
        }, "Delete this league")));
  }

  // -- the tabs ------------------------------------------------------------------------

  function renderTabs() {
    const current = st.tab === "game" ? st.lastTab : st.tab;
    fill(el.tabs, ...TABS.map(([key, words]) => h("a", {
      href: `#${key}`, class: ["league-tab", key === current && "active"], "data-testid": `tab-${key}`,
      "aria-current": key === current ? "page" : null,
    }, words)));
  }

  function renderWeek() {
    const s = st.summary;
    const c = ctx();
    const games = s.this_week || [];
    const parts = [];
    if (s.phase === "over") {
      parts.push(h("h2", {}, "The season is over"));
      if ((s.champions || []).length) {
        parts.push(h("p", { class: "champion", "data-testid": "champion" },
          h("span", { class: "trophy", "aria-hidden": "true" }, "★"),
          h("span", {}, s.champions.length > 1 ? "Champions: " : "Champion: ",
            ...s.champions.flatMap((t, i) => [i ? " and " : "", teamLink(s.rules, t)]))));
      }
      parts.push(h("p", {}, h("a", { href: "#standings" }, "The final standings"), " · ",
        h("a", { href: "#playoffs" }, "the playoffs"), " · ", h("a", { href: "#schedule" }, "every result")));
    } else {
      const first = games[0];
      parts.push(h("h2", {}, first ? whenWords(first) : phaseWords(s)));
      const done = games.filter(isFinal).length;
      parts.push(h("p", { class: "muted small" }, `${done} of ${games.length} games played.`));
      parts.push(h("ul", { class: "game-cards", "data-testid": "this-week" }, ...games.map((g) => gameCard(g, c))));
      // The week before, with its results.
      const before = Math.max(0, ...st.schedule.filter((g) => first && g.week < first.week).map((g) => g.week));
      const last = st.schedule.filter((g) => g.week === before);
      if (last.length) {
        parts.push(h("h2", { class: "last-week" }, `${whenWords(last[0])}: results`),
          h("ul", { class: "game-cards", "data-testid": "last-week" }, ...last.map((g) => gameCard(g, c))));
      }
    }
    fill(el.body, ...parts);
  }

  /** The schedule: a week at a time (the current one first), or a team's whole season. */
  function renderSchedule() {
    const c = ctx();
    const rows = st.schedule;
    const teams = [...new Map(rows.flatMap((g) => [[g.home, g.home_team], [g.away, g.away_team]])).entries()]
      .sort((a, b) => a[1].localeCompare(b[1]));
    const weeks = [...new Map(rows.map((g) => [g.week, whenWords(g)])).entries()].sort((a, b) => a[0] - b[0]);
    if (st.week === null) st.week = String(st.summary.week || (weeks.length ? weeks[weeks.length - 1][0] : ""));
    const list = h("div", { class: "schedule-list", "data-testid": "schedule" });
    const stepper = h("div", { class: "week-steps" });
    const weekSelect = h("select", {
      id: "schedule-week", "data-testid": "schedule-week",
      onchange: (e) => { st.week = e.currentTarget.value; drawList(); },
    });
    const fillWeeks = () => fill(weekSelect,
      h("option", { value: "", selected: !st.week }, "Every week"),
      ...weeks.map(([w, words]) => h("option", { value: String(w), selected: st.week === String(w) }, words)));
    const step = (by) => {
      const i = weeks.findIndex(([w]) => String(w) === st.week);
      const next = weeks[i + by];
      if (i < 0 || !next) return;
      st.week = String(next[0]);
      drawList();
    };
    function drawList() {
      fillWeeks();
      const i = weeks.findIndex(([w]) => String(w) === st.week);
      fill(stepper,
        h("button", { type: "button", class: "small-button", "data-testid": "week-back", disabled: i <= 0, onclick: () => step(-1) },
          i > 0 ? `‹ ${weeks[i - 1][1]}` : "‹"),
        h("button", { type: "button", class: "small-button", "data-testid": "week-on", disabled: i < 0 || i >= weeks.length - 1, onclick: () => step(1) },
          i >= 0 && i < weeks.length - 1 ? `${weeks[i + 1][1]} ›` : "›"));
      stepper.hidden = !st.week;
      const picked = rows.filter((g) =>
        (!st.team || (st.team === "*you" ? c.you.has(g.home) || c.you.has(g.away) : g.home === st.team || g.away === st.team)) &&
        (!st.week || g.week === Number(st.week)));
      const groups = [];
      for (const g of picked) {
        let grp = groups.find((x) => x.week === g.week);
        if (!grp) groups.push(grp = { week: g.week, words: whenWords(g), games: [] });
        grp.games.push(g);
      }
      if (st.team && !st.week) {              // a team's season: one list, a week a row
        fill(list, picked.length
          ? h("ul", { class: "sched-list season" }, ...picked.map((g) => scheduleRow(g, c, whenWords(g))))
          : h("p", { class: "muted" }, "No games."));
        return;
      }
      fill(list, ...(groups.length ? groups.map((grp) => h("section", { class: "sched-week" },
        h("h3", {}, grp.words),
        h("ul", { class: "sched-list" }, ...grp.games.map((g) => scheduleRow(g, c)))))
        : [h("p", { class: "muted" }, st.team ? "No game of this team that week." : "No games.")]));
    }
    const teamSelect = h("select", {
      id: "schedule-team", "data-testid": "schedule-team",
      onchange: (e) => {
        st.team = e.currentTarget.value;
        if (st.team) st.week = "";           // a team's whole season
        drawList();
      },
    },
    h("option", { value: "", selected: !st.team }, "Every team"),
    c.you.size ? h("option", { value: "*you", selected: st.team === "*you" }, c.you.size > 1 ? "Your teams" : "Your team") : null,
    ...teams.map(([code, name]) => h("option", { value: code, selected: st.team === code }, name)));
    drawList();
    fill(el.body,
      h("h2", {}, "Schedule"),
      h("div", { class: "filters" },
        h("div", { class: "field-row" }, h("label", { for: "schedule-team" }, "Team"), teamSelect),
        h("div", { class: "field-row" }, h("label", { for: "schedule-week" }, "Week"), weekSelect)),
      stepper,
      list);
  }

  function renderBody() {
    const s = st.summary;
    if (!s) return;
    el.body.classList.toggle("detail", st.tab === "game");
    if (st.tab === "game") {
      const row = st.schedule.find((g) => g.index === st.gameIndex);
      renderGameDetail(el.body, row, st.game, st.gameError, `#${st.lastTab}`);
      return;
    }
    if (st.tab === "standings") renderStandings(el.body, st.standings, ctx());
    else if (st.tab === "schedule") renderSchedule();
    else if (st.tab === "leaders") renderLeaders(el.body, st.leaders, { ...ctx(), yourNames: yourNames() });
    else if (st.tab === "playoffs") renderBracket(el.body, st.standings && st.standings.playoffs, s, ctx());
    else renderWeek();
  }

  function yourNames() {
    const s = st.summary;
    return new Set((s.teams || []).filter((t) => you().has(t.code)).map((t) => t.team));
  }

  async function openGame(index) {
    st.gameIndex = index;
    st.game = null;
    st.gameError = "";
    renderBody();
    try {
      const game = await leagues.game(leagueId, index);
      if (st.gameIndex !== index) return;
      st.game = game;
    } catch (err) {
      if (st.gameIndex !== index) return;
      st.gameError = err.message;
    }
    if (st.tab === "game") renderBody();
  }

  function route() {
    const hash = location.hash.replace(/^#/, "");
    const game = hash.match(/^game-(\d+)$/);
    if (game) {
      st.tab = "game";
      renderTabs();
      openGame(Number(game[1]));
      el.body.scrollIntoView({ block: "start" });
      return;
    }
    st.tab = TABS.some(([k]) => k === hash) ? hash : "week";
    st.lastTab = st.tab;
    renderTabs();
    renderBody();
  }

  function renderHeader() {
    const s = st.summary;
    const teams = (s.teams || []).length;
    document.title = `${s.name} · scrimmage`;
    el.title.textContent = s.name;
    const title = st.title && !s.name.includes(st.title) ? st.title : "";
    const sub = [title, kindWords(s, teams)].filter(Boolean).join(" · ");
    fill(el.sub, sub.replace(/^./, (x) => x.toUpperCase()));
    const total = s.games_played + s.games_left;
    el.phase.textContent = `${phaseWords(s)} · ${s.games_played} of ${total} games played`;
  }

  function renderAll() {
    if (!st.summary) return;
    renderHeader();
    renderYou();
    renderSim();
    renderManage();
    renderTabs();
    if (st.tab !== "game") renderBody();
  }

  function cannotShow(err) {
    const [title, words] = err.status === 404
      ? ["No such league", `There is no league “${leagueId}” on this server: the link may be mistyped, or the league was deleted.`]
      : ["The league could not be loaded", `The page got no league: ${err.message}.`];
    document.title = `${title} · scrimmage`;
    fill(root,
      h("header", { class: "game-head" }, h("h1", {}, "scrimmage")),
      h("section", { class: "panel page-error", role: "alert", "data-testid": "page-error" },
        h("h2", {}, title), h("p", {}, words),
        h("p", {}, h("a", { href: "/", "data-testid": "back-home" }, "← Back to your games"))));
  }

  (async () => {
    try {
      await loadAll();
    } catch (err) {
      if (err.status === 403 && token) {
        st.keyRefused = true;
        st.watching = true;
        try {
          await loadAll();
        } catch (again) {
          cannotShow(again);
          return;
        }
      } else {
        cannotShow(err);
        return;
      }
    }
    const s = st.summary;
    if (token && !st.keyRefused) {
      rememberLeague({ id: leagueId, url: `/leagues/${encodeURIComponent(leagueId)}?token=${encodeURIComponent(token)}`, name: s.name, rules: s.rules });
    }
    if (s.sim && s.sim.running) {
      st.sim = { running: true, played: s.sim.played, total: null, error: "", state: "running", what: "" };
      poll();
    }
    renderAll();
    route();
    window.addEventListener("hashchange", route);
    try {
      const rulesets = await api.rulesets();
      st.title = (rulesets[s.rules] || {}).title || "";
      renderHeader();
      if (token && !st.keyRefused) {
        rememberLeague({ id: leagueId, url: `/leagues/${encodeURIComponent(leagueId)}?token=${encodeURIComponent(token)}`, name: s.name, rules: s.rules, title: st.title });
      }
    } catch (err) {
      // The ruleset's title is only a word in the header.
    }
  })();
}
