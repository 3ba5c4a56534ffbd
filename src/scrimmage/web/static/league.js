// The league page (/leagues/{id}?token=T; without a token a spectator's): where the league
// stands, the visitor's next game and the button that plays it on the game page, the
// computer's games played in the background with their progress, and the league's tabs:
// this week, the standings, the schedule, the leaders, the playoffs, and any finished game's
// box score and play-by-play (#game-N). The routes are in src/scrimmage/web/league_routes.py.
//
// A league played online with friends (league_online_routes.py) adds, by the link's role: for a
// coach, the "Take this team" step the first time, then their team's tab (its sheet, their
// settings, handing it on), their next game once its week is open; for the commissioner the
// console (components/league/online.js) and no game to play; for everybody the log of what
// the commissioner did and the week's clock. The page listens to the league's WebSocket and
// loads its data again at every push (polling while the socket is down).

import { h, fill } from "./lib/dom.js";
import { api, leagues } from "./lib/api.js";
import { rememberLeague, forgetLeague, localLink } from "./lib/saved.js";
import { watchLeague } from "./lib/leaguewatch.js";
import { phaseWords, myGames, teamLink, isFinal, shortener } from "./components/league/words.js";
import { gameCard, scheduleRow } from "./components/league/games.js";
import { renderStandings } from "./components/league/standings.js";
import { renderLeaders } from "./components/league/leaders.js";
import { renderBracket, seedsOf } from "./components/league/bracket.js";
import { renderGameDetail } from "./components/league/gamedetail.js";
import {
  renderClaim, renderTeam, renderConsole, renderLog, clockWords, when,
} from "./components/league/online.js";

const TABS = [["week", "This week"], ["standings", "Standings"], ["schedule", "Schedule"],
  ["leaders", "Leaders"], ["playoffs", "Playoffs"]];
const ONLINE_TABS = { console: "Console", team: "Your team", log: "League log" };
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
    // A league played online: GET .../online, the coach's settings, and the page's doings.
    online: null, settings: null, saving: false, saved: "", askOpen: false,
    handed: null, handedTeam: "", confirm: null, busy: false, consoleError: "", teamError: "",
    working: "", link: null, draft: null, rhythmDraft: null, claimName: "", claiming: false, claimError: "",
    rulesets: null,
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
    claim: h("section", { class: "panel claim-panel", "data-testid": "claim", hidden: true }),
  };
  el.grid = h("div", { class: "league-grid" },
    h("div", { class: "league-side" }, el.you, el.sim),
    h("div", { class: "league-main" }, el.tabs, el.body),
    h("div", { class: "league-manage" }, el.manage));
  fill(root,
    h("header", { class: "game-head league-head" },
      h("a", { class: "home-link", href: "/", "data-testid": "home-link" }, "← Your games"),
      h("div", { class: "league-heading" }, el.title, el.sub), el.phase),
    el.claim, el.grid);

  const you = () => new Set((st.summary && st.summary.you) || []);
  const ctx = () => ({
    rules: st.summary.rules, you: you(),
    short: shortener((st.summary.teams || []).map((t) => t.team)),
  });

  // -- the data ------------------------------------------------------------------------

  const key = () => (st.keyRefused ? "" : token);

  let loads = 0;
  let latestLoad = null;
  /** The league's data again. A caller whose load was overtaken by a newer one (a refresh
   *  on news, say) waits for that one, so it never goes on with the older state. */
  function loadAll() {
    const load = loadOnce();
    latestLoad = load;
    return load;
  }

  async function loadOnce() {
    const mine = ++loads;
    const [summary, standings, schedule, leaders, online] = await Promise.all([
      leagues.summary(leagueId, key()), leagues.standings(leagueId),
      leagues.schedule(leagueId), leagues.leaders(leagueId), leagues.online(leagueId, key())]);
    // A load that started later (after a claim, say) has fresher data: this one, asked
    // before it, must not put the old state back (the page would ask to claim again).
    if (mine !== loads) {
      await latestLoad;
      return;
    }
    st.summary = summary;
    st.standings = standings;
    st.schedule = schedule;
    st.leaders = leaders;
    st.online = online;
    if (coachCode() && online.claimed && !st.settings) {
      try {
        st.settings = await leagues.settings(leagueId, key());
      } catch (err) {
        st.saved = err.message;
      }
    }
  }

  // -- the league's news -----------------------------------------------------------------

  const seen = () => JSON.stringify([st.summary, st.standings, st.schedule, st.online]);
  let refreshing = null;
  let lastRefresh = 0;
  let again = false;
  let refreshTimer = null;
  /** Something changed (a push, a poll, the computer's games coming in): the data again, at
   *  most every 1.5 s and once more after the last news; the page is drawn again only where
   *  its data changed (a form being filled in is left alone). */
  function refreshSoon() {
    if (refreshing) {
      again = true;
      return;
    }
    if (refreshTimer) return;
    const wait = Math.max(0, lastRefresh + REFRESH_MS - Date.now());
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      lastRefresh = Date.now();
      const before = seen();
      refreshing = loadAll()
        .then(() => { if (seen() !== before) renderAll(true); })
        .catch((err) => {
          // This page's link stopped working while it was open (the team was handed on, or
          // the commissioner gave it a new coach): the page goes on showing the league.
          if (err.status === 403 && token && !st.keyRefused) {
            const role = onl() ? onl().role || "" : "";
            st.keyRefused = true;
            st.watching = true;
            forgetLeague(leagueId, role);
            again = true;
          }
        })
        .finally(() => {
          refreshing = null;
          if (again) {
            again = false;
            refreshSoon();
          }
        });
    }, wait);
  }

  // -- who this link is, in a league played online ---------------------------------------

  const onl = () => (st.online && st.online.online ? st.online : null);
  const isBoss = () => !!onl() && onl().role === "commissioner" && !st.keyRefused;
  const coachCode = () => (onl() && onl().role === "coach" && !st.keyRefused ? onl().team : null);
  const needsClaim = () => !!coachCode() && !onl().claimed && !st.handed;
  const teamOf = (code) => ((st.summary && st.summary.teams) || []).find((t) => t.code === code);

  function tabs() {
    const o = onl();
    if (!o) return TABS;
    if (isBoss()) return [["console", ONLINE_TABS.console], ...TABS];
    const list = [...TABS, ["log", ONLINE_TABS.log]];
    if ((coachCode() && o.claimed) || st.handed) list.splice(1, 0, ["team", ONLINE_TABS.team]);
    return list;
  }

  const defaultTab = () => (isBoss() ? "console" : "week");

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
      return onl() ? "Your regular season is done: the other games are played as the weeks close."
        : "Your regular season is done: play the other games to settle the playoffs.";
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
      const refused = st.handed ? `You handed ${st.handedTeam} on: this page now only shows the league.`
        : onl() && st.keyRefused ? "This link no longer opens a team of this league: it was handed on, or the commissioner gave the team a new coach. You may watch the league."
          : st.keyRefused ? "The key in this link opens no team of this league: you may watch it." : "";
      fill(el.you,
        h("h2", {}, "Watching"),
        h("p", { class: "muted", "data-testid": "watching" }, refused ||
          (onl() ? "This is the league’s public page. Each coach plays from the link of their team."
            : "This is the league's public page. Its coach's link (with its key) plays the games.")));
      return;
    }
    const o = onl();
    if (isBoss()) {
      const taken = o.teams.filter((t) => t.person && t.coach).length;
      const left = o.week ? st.schedule.filter((g) => g.week === o.week && !isFinal(g)).length : 0;
      fill(el.you,
        h("h2", {}, "You are the commissioner"),
        h("p", { class: "small" }, "You play no team’s game: you run the league."),
        h("ul", { class: "boss-facts small", "data-testid": "boss-facts" },
          h("li", {}, `${taken} of ${o.teams.length} teams have a coach`),
          h("li", {}, s.phase === "over" ? "The season is over"
            : !o.week ? "The season has not started"
              : `Week ${o.week}: ${left === 1 ? "1 game" : `${left} games`} not finished`),
          o.week && o.deadline && s.phase !== "over" ? h("li", {}, `It closes ${when(o.deadline)}`) : null),
        st.tab !== "console" ? h("p", {}, h("a", { href: "#console", "data-testid": "to-console" }, "The commissioner’s console ›")) : null);
      return;
    }
    const mine = myGames(s);
    const coming = mine.filter((p) => p.next).length;
    const parts = [h("h2", {}, !coming ? "Your season" : coming > 1 ? "Your next games" : "Your next game")];
    if (o && coachCode()) {
      const t = o.teams.find((x) => x.code === coachCode());
      if (t && t.coach) parts.push(h("p", { class: "muted small", "data-testid": "you-are" }, `${t.coach}, coach of ${t.team}`));
    }
    if (!mine.length) parts.push(h("p", { class: "muted" }, "You coach no team in this league: the computer plays every game."));
    mine.forEach((p, i) => {
      const g = p.next;
      if (g && o && (!o.week || g.week > o.week)) {      // its week is not open yet
        const short = ctx().short;
        parts.push(h("div", { class: "next-game" },
          h("p", { class: "next-when muted" }, whenWords(g)),
          h("p", { class: "next-matchup", "data-testid": i ? `next-matchup-${i + 1}` : "next-matchup" },
            teamLink(s.rules, g.away_team, short(g.away_team)), g.neutral ? " vs. " : " at ", teamLink(s.rules, g.home_team, short(g.home_team))),
          h("p", { class: "muted", "data-testid": "next-wait" }, !o.week
            ? "The season has not started: the commissioner starts it once the coaches are in."
            : `It opens with week ${g.week}, when this week closes${o.deadline ? ` (${when(o.deadline)})` : ""}.`)));
        return;
      }
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
    if (!s || st.watching || onl()) {        // online, the week's clock plays the games
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
    const o = onl();
    const keyWords = !o ? "it is the key to your teams" : isBoss() ? "it is the commissioner’s key" : "it is the key to your team";
    fill(el.manage,
      h("details", { class: "manage" },
        h("summary", {}, "This league"),
        h("p", { class: "small muted" }, `Its dice: seed ${s.seed}. Keep this page's link: ${keyWords}.`),
        o && !isBoss() ? null : h("button", {
          type: "button", class: "danger", "data-testid": "delete-league",
          onclick: async (e) => {
            if (!window.confirm(`Delete ${s.name}? Its games and standings are gone for good.`)) return;
            const button = e.currentTarget;
            button.disabled = true;
            try {
              await leagues.remove(leagueId, token);
              forgetLeague(leagueId, o ? "commissioner" : "");
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
    fill(el.tabs, ...tabs().map(([key, words]) => h("a", {
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
      parts.push(h("p", { class: "muted small" }, `${done} of ${games.length} ${games.length === 1 ? "game" : "games"} played.`));
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
    if (st.tab === "console" && isBoss()) renderConsole(el.body, consoleCtx());
    else if (st.tab === "team" && (coachCode() || st.handed)) renderTeam(el.body, teamCtx());
    else if (st.tab === "log" && onl()) {
      fill(el.body, h("h2", {}, "League log"),
        h("p", { class: "muted small" }, "What the commissioner did, and each week’s closing, for every coach to read."),
        renderLog(onl().audit));
    } else if (st.tab === "standings") renderStandings(el.body, st.standings, ctx());
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
    st.tab = tabs().some(([k]) => k === hash) ? hash : defaultTab();
    st.lastTab = st.tab;
    if (isBoss()) renderYou();
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
    const o = onl();
    const phase = o && !o.week ? "Before the season" : phaseWords(s);
    el.phase.textContent = [phase, o && s.phase !== "over" ? clockWords(o) : "", `${s.games_played} of ${total} ${total === 1 ? "game" : "games"} played`]
      .filter(Boolean).join(" · ");
  }

  /** The page again; `news`: because the league changed (a form being filled in stays). */
  function renderAll(news) {
    if (!st.summary) return;
    renderHeader();
    const claiming = needsClaim();
    const wasClaiming = !el.claim.hidden;
    el.claim.hidden = !claiming;
    el.grid.hidden = claiming;
    if (claiming) {
      if (!news || !wasClaiming) renderClaimStep();      // a push leaves the name being typed
      return;
    }
    if (st.tab !== "game" && !tabs().some(([k]) => k === st.tab)) {
      st.tab = defaultTab();                 // the tab is gone (this link no longer opens a team)
      st.lastTab = st.tab;
      news = false;
    }
    renderYou();
    renderSim();
    renderManage();
    renderTabs();
    if (st.tab !== "game" && !(news && st.tab === "team")) renderBody();
  }

  // -- a league played online: the claim step, the coach's team, the console -------------

  function renderClaimStep() {
    const o = onl();
    const t = teamOf(coachCode());
    renderClaim(el.claim, {
      league: st.summary.name, title: st.title, team: t ? t.team : "", rules: st.summary.rules, rhythm: o.rhythm,
      others: o.teams.filter((x) => x.person && x.coach).map((x) => `${x.coach} (${x.team})`),
      first: firstGame(coachCode()),
      name: st.claimName, busy: st.claiming, error: st.claimError,
      setName: (text) => {
        st.claimName = text;
        if (st.claimError) {           // the error goes as the name is written, the field stays
          st.claimError = "";
          const shown = el.claim.querySelector("[data-testid=claim-error]");
          if (shown) shown.remove();
        }
      },
      submit: claim,
    });
  }

  /** A team's first game in words: "Week 1, 1985 Chicago Bears at 1985 Miami Dolphins". */
  function firstGame(code) {
    const g = st.schedule.find((x) => x.home === code || x.away === code);
    return g ? `${whenWords(g)}, ${g.away_team} ${g.neutral ? "vs." : "at"} ${g.home_team}` : "";
  }

  async function claim() {
    if (st.claiming) return;
    const name = st.claimName.trim();
    if (!name) {
      st.claimError = "Write the name the other coaches will see you by (1 to 40 characters).";
      renderClaimStep();
      return;
    }
    st.claiming = true;
    st.claimError = "";
    renderClaimStep();
    try {
      await leagues.claim(leagueId, token, name);
      await loadAll();
      remember();
    } catch (err) {
      st.claimError = err.message;
    }
    st.claiming = false;
    renderAll();
    route();
  }

  function teamCtx() {
    const code = coachCode();
    const t = code ? onl().teams.find((x) => x.code === code) : null;
    const row = ((st.standings && st.standings.standings) || []).flatMap((d) => d.rows).find((r) => r.code === code);
    const record = row && row.wins + row.losses + row.ties
      ? `${row.wins}–${row.losses}${row.ties ? `–${row.ties}` : ""}` : "";
    const rs = (st.rulesets && st.rulesets[st.summary.rules]) || {};
    return {
      rules: st.summary.rules, legends: st.summary.rules.startsWith("legends"),
      team: t ? t.team : st.handedTeam, coachName: t ? t.coach : "", record,
      coaches: rs.coaches || [], settings: st.settings, saving: st.saving, saved: st.saved,
      askOpen: st.askOpen, setAskOpen: (open) => { st.askOpen = open; },
      save: saveSettings, handed: st.handed, confirm: st.confirm, busy: st.busy, error: st.teamError,
      setConfirm: (k) => { st.confirm = k; renderBody(); },
      handOn,
    };
  }

  async function saveSettings(changes) {
    st.saving = true;
    st.saved = "";
    renderBody();
    try {
      st.settings = await leagues.saveSettings(leagueId, token, changes);
      st.saved = "saved";
    } catch (err) {
      st.saved = err.message;
    }
    st.saving = false;
    if (st.tab === "team") renderBody();
  }

  async function handOn() {
    st.busy = true;
    st.teamError = "";
    renderBody();
    try {
      const made = await leagues.handoff(leagueId, token);
      st.handedTeam = made.team;
      st.handed = localLink(made.url);
      st.confirm = null;
      forgetLeague(leagueId, "coach");
      st.keyRefused = true;             // this page's link opens nothing any more
      st.watching = true;
      await loadAll();
    } catch (err) {
      st.teamError = err.message;
    }
    st.busy = false;
    renderAll();
  }

  const WORKING = {
    advance: "The computer plays this week’s games that are left…",
    play_now: "The computer plays the game…",
  };

  function consoleCtx() {
    return {
      s: st.summary, o: onl(), schedule: st.schedule, rules: st.summary.rules, short: ctx().short,
      busy: st.busy, error: st.consoleError, working: st.working, confirm: st.confirm, link: st.link, draft: st.draft,
      setConfirm: (k) => { st.confirm = k; st.consoleError = ""; renderBody(); },
      setDraft: (value) => { st.draft = value; },
      rhythm: st.rhythmDraft, setRhythm: (value) => { st.rhythmDraft = value; },
      fail: (message) => { st.consoleError = message; renderBody(); },
      act,
    };
  }

  async function act(action, body, code) {
    if (st.busy) return;
    st.busy = true;
    st.consoleError = "";
    st.working = WORKING[action] || "";
    renderBody();
    try {
      const done = await leagues.act(leagueId, token, action, body);
      st.confirm = null;
      // A new link is shown until another replaces it (it is never shown again).
      if (action === "replace") st.link = { code, url: localLink(done.url) };
      if (action === "deadline") st.draft = null;
      if (action === "rhythm") st.rhythmDraft = null;
      await loadAll();
    } catch (err) {
      st.consoleError = err.message;
    }
    st.busy = false;
    st.working = "";
    renderAll();
  }

  function remember() {
    if (!token || st.keyRefused) return;
    const s = st.summary;
    const o = onl();
    const entry = {
      id: leagueId, url: `/leagues/${encodeURIComponent(leagueId)}?token=${encodeURIComponent(token)}`,
      name: s.name, rules: s.rules,
    };
    if (st.title) entry.title = st.title;
    if (o && o.role) entry.role = o.role;
    if (o && o.team) entry.team = (teamOf(o.team) || {}).team || "";
    rememberLeague(entry);
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
    remember();
    if (s.sim && s.sim.running) {
      st.sim = { running: true, played: s.sim.played, total: null, error: "", state: "running", what: "" };
      poll();
    }
    renderAll();
    route();
    window.addEventListener("hashchange", route);
    watchLeague(leagueId, {
      news: refreshSoon,
      state: (word) => { document.body.dataset.league = word; },
    });
    try {
      st.rulesets = await api.rulesets();
      st.title = (st.rulesets[s.rules] || {}).title || "";
      renderHeader();
      remember();
      if (needsClaim()) renderClaimStep();
      else if (st.tab === "team") renderBody();
    } catch (err) {
      // The ruleset's title is only a word in the header (and the coaches a coach may pick).
    }
  })();
}
