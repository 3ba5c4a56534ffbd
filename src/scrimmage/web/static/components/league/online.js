// A league played online with friends, on its page (league.js): the week clock in words, a
// coach's "Take this team" step, their team's page (its sheet, their settings for the games
// the computer finishes for them, handing the team on), the commissioner's console, and the
// log of what the commissioner did, which every coach reads. The routes are in
// src/scrimmage/web/league_online_routes.py; `o` below is GET /api/leagues/{id}/online.

import { h, fill } from "../../lib/dom.js";
import { copyButton } from "../../lib/copy.js";
import { teamLink, sheetHref, isFinal, statusWords, coachWords } from "./words.js";

/** When a week closes, for the commissioner. */
export const RHYTHM_WORDS = {
  day: "each week closes a day after it opens",
  week: "each week closes a week after it opens",
  hand: "each week stays open until you close it",
};

/** The choices of how long a week lasts, in the console. */
const RHYTHM_CHOICES = { day: "a day", week: "a week", hand: "until I close them" };

/** How the league's weeks go, for a coach. */
export const RHYTHM_SPAN = {
  day: "a week of games lasts a day",
  week: "a week of games lasts a week",
  hand: "the commissioner closes each week of games",
};

const FOURTH = [
  ["cautious", "Cautious", "punts rather than go for more than a yard"],
  ["book", "By the book", "as the computer coach would"],
  ["bold", "Bold", "goes for it on 4th and 3 or less from its own 40 on"],
];

/** A moment in the reader's own time: "Fri, May 3, 06:00 PM". */
export function when(epoch) {
  return new Date(epoch * 1000).toLocaleString(undefined, {
    weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit",
  });
}

/** Where the week clock stands, in a few words for the page's header. */
export function clockWords(o) {
  if (!o || !o.online) return "";
  if (!o.week) return "";
  return o.deadline ? `week closes ${when(o.deadline)}` : "the commissioner closes the week";
}

/** A team's coach in words: their name, or who coaches it while nobody does. */
export function coachOf(t) {
  if (t.person && t.coach) return t.coach;
  return t.person ? "handed on: waiting for its new coach" : "the computer (nobody has taken it)";
}

const cap = (text) => String(text).replace(/^./, (c) => c.toUpperCase());

/** Ask before doing something that cannot be taken back: the words, and two buttons. */
function confirmBox(words, yes, c, onYes, testid) {
  return h("div", { class: "confirm", role: "group", "aria-label": "Are you sure?", "data-testid": testid },
    h("p", {}, words),
    h("div", { class: "confirm-buttons" },
      h("button", { type: "button", class: "primary", "data-testid": `${testid}-yes`, disabled: c.busy, onclick: onYes }, yes),
      h("button", { type: "button", "data-testid": `${testid}-no`, disabled: c.busy, onclick: () => c.setConfirm(null) }, "Not yet")));
}

/** A new link to send, shown once, with its copy button. */
function newLink(words, url, testid) {
  return h("div", { class: "new-link", "data-testid": testid },
    h("p", {}, words),
    h("div", { class: "link-row" },
      h("a", { class: "invite-link", href: url, "data-testid": `${testid}-url` }, url),
      copyButton(url, `${testid}-copy`)));
}

// -- the log ----------------------------------------------------------------------------

/** The commissioner's actions (and the deadlines' closings), newest first. */
export function renderLog(entries) {
  const list = entries || [];
  if (!list.length) {
    return h("p", { class: "muted", "data-testid": "audit-log" },
      "Nothing yet. What the commissioner does (starting the season, closing a week, replacing a coach…) is listed here for every coach to read.");
  }
  return h("ol", { class: "audit-log", "data-testid": "audit-log" }, ...[...list].reverse().map((a) =>
    h("li", {},
      h("time", { class: "muted small", datetime: new Date(a.at * 1000).toISOString() }, when(a.at)),
      h("span", {}, h("b", {}, cap(a.who)), " ", a.what))));
}

// -- a coach's first visit --------------------------------------------------------------

/** `c` = {league, title, team, rules, rhythm, first: the team's first game in words, others:
 *  the coaches in already, name, busy, error, setName(text), submit()}. */
export function renderClaim(el, c) {
  fill(el,
    h("h2", { class: "claim-title" }, "Take this team"),
    h("p", { class: "claim-team" }, teamLink(c.rules, c.team)),
    h("p", {}, `You are invited to coach it in ${c.league}, a${c.title ? ` ${c.title}` : ""} league played online with friends: `,
      `${RHYTHM_SPAN[c.rhythm] || RHYTHM_SPAN.week}.`),
    c.first ? h("p", { class: "small" }, h("b", {}, "Its first game: "), c.first) : null,
    h("p", { class: "small" }, h("b", {}, "The coaches in already: "), c.others.length ? c.others.join(", ") : "nobody yet."),
    h("form", {
      class: "claim-form", novalidate: true,
      onsubmit: (e) => { e.preventDefault(); c.submit(); },
    },
    h("label", { for: "claim-name" }, "Your name, as the other coaches see it"),
    h("div", { class: "claim-row" },
      h("input", {
        id: "claim-name", "data-testid": "claim-name", type: "text", maxlength: 40, autocomplete: "nickname",
        value: c.name, placeholder: "a name or a nickname", oninput: (e) => c.setName(e.currentTarget.value),
      }),
      h("button", { type: "submit", class: "primary", "data-testid": "claim-submit", disabled: c.busy },
        c.busy ? "Taking the team…" : "Take this team"))),
    c.error ? h("p", { class: "error", role: "alert", "data-testid": "claim-error" }, c.error) : null,
    h("p", { class: "muted small" },
      "This page’s link is the key to the team: this browser keeps it under “Your leagues”. ",
      "Until you take the team, the computer coaches it."));
}

// -- the coach's team -------------------------------------------------------------------

function askSummary(p) {
  const asked = new Set([...p.always, ...p.when_it_matters]);
  const usual = ["coin_toss", "kickoff", "penalty", "play_call", "try"].every((k) => p.always.includes(k)) &&
    p.when_it_matters.includes("snap");
  return usual && asked.size <= 10 ? "The plays and the big choices (the usual)" : `${asked.size} kinds of decision`;
}

function settingsParts(c) {
  const s = c.settings;
  const parts = [];
  const known = c.coaches && c.coaches.length ? c.coaches : ["solitaire"];
  const current = s.fallback || known[0];          // "": the rulebook's coach, the first
  const coaches = known.includes(current) ? known : [...known, current];
  parts.push(h("div", { class: "field-row" },
    h("label", { for: "settings-computer" }, "Computer coach"),
    h("select", {
      id: "settings-computer", "data-testid": "settings-computer", disabled: c.saving,
      onchange: (e) => c.save({ computer: e.currentTarget.value }),
    }, ...coaches.map((k) => h("option", { value: k, selected: k === current }, coachWords(k))))));
  if (c.legends) {
    const own = s.run_share !== null && s.run_share !== undefined;
    const share = own ? s.run_share : 0.5;
    const out = h("output", { for: "settings-run-share", class: "run-words", "data-testid": "settings-run-words" },
      `${Math.round(share * 100)}% runs`);
    parts.push(h("div", { class: "field-row runs" },
      h("span", { class: "label" }, "Runs"),
      h("span", { class: "run-choice" },
        h("span", { class: "check-line" },
          h("input", {
            type: "checkbox", id: "settings-run-own", "data-testid": "settings-run-own", checked: own, disabled: c.saving,
            onchange: (e) => c.save({ run_share: e.currentTarget.checked ? share : null }),
          }),
          h("label", { for: "settings-run-own" }, "a share of runs of my own")),
        h("span", { class: "run-slider", hidden: !own },
          h("span", { class: "small muted", "aria-hidden": "true" }, "passes"),
          h("input", {
            type: "range", id: "settings-run-share", "data-testid": "settings-run-share", min: 0, max: 100, step: 5,
            value: String(Math.round(share * 100)), "aria-label": "Share of run calls", disabled: c.saving,
            oninput: (e) => { out.textContent = `${e.currentTarget.value}% runs`; },
            onchange: (e) => c.save({ run_share: Number(e.currentTarget.value) / 100 }),
          }),
          h("span", { class: "small muted", "aria-hidden": "true" }, "runs"),
          out))));
    parts.push(h("div", { class: "field-row radios", role: "radiogroup", "aria-label": "Fourth down" },
      h("span", { class: "label" }, "Fourth down"),
      h("span", { class: "radio-list stacked" }, ...FOURTH.map(([value, words, more]) => {
        const id = `settings-fourth-${value}`;
        return h("span", { class: "radio" },
          h("input", {
            type: "radio", name: "settings-fourth", id, "data-testid": id, value, disabled: c.saving,
            checked: (s.fourth_down || "book") === value, onchange: () => c.save({ fourth_down: value }),
          }),
          h("label", { for: id }, h("b", {}, words), h("span", { class: "muted small" }, `: ${more}`)));
      }))));
  }
  return parts;
}

function askParts(c) {
  const p = c.settings.policy;
  const always = new Set(p.always);
  const sometimes = new Set(p.when_it_matters);
  const toggle = (kind, on) => {
    const a = new Set(always);
    const w = new Set(sometimes);
    a.delete(kind);
    w.delete(kind);
    if (on) (kind === "snap" ? w : a).add(kind);
    c.save({ ask: { always: [...a].sort(), when_it_matters: [...w].sort() } });
  };
  return h("details", { class: "ask-box", open: c.askOpen ? true : null, ontoggle: (e) => c.setAskOpen(e.currentTarget.open) },
    h("summary", {}, "What you answer yourself: ", h("span", { class: "muted", "data-testid": "settings-ask-summary" }, askSummary(p))),
    h("p", { class: "muted small" }, "In the games you play you are asked these; the assistant answers the rest. ",
      "When the computer finishes a game for you, its coach answers them."),
    h("ul", { class: "ask-list" }, ...Object.entries(p.kinds).map(([kind, words]) => {
      const id = `settings-ask-${kind.replace(/_/g, "-")}`;
      return h("li", {},
        h("input", {
          type: "checkbox", id, "data-testid": id, checked: always.has(kind) || sometimes.has(kind), disabled: c.saving,
          onchange: (e) => toggle(kind, e.currentTarget.checked),
        }),
        h("label", { for: id }, words, sometimes.has(kind) ? h("span", { class: "muted small" }, " (when it matters)") : null));
    })));
}

/**
 * The coach's own team: `c` = {rules, legends, team, coachName, record, coaches, settings,
 * saving, saved ("", "saved", or an error), save(changes), askOpen, setAskOpen(open),
 * handed (the new link once handed on), confirm, setConfirm(key), handOn(), busy, error}.
 */
export function renderTeam(el, c) {
  const parts = [
    h("div", { class: "team-head" },
      h("div", {},
        h("h2", { "data-testid": "team-name" }, c.team),
        h("p", { class: "muted" }, [c.handed ? "Waiting for its new coach" : `Coached by ${c.coachName || "you"}`, c.record]
          .filter(Boolean).join(" · "))),
      h("a", { href: sheetHref(c.rules, c.team), class: "sheet-link", "data-testid": "team-sheet" }, "The team’s sheet ›")),
  ];
  if (c.handed) {
    parts.push(h("section", { class: "team-part" },
      h("h3", {}, "Handed on"),
      newLink(`Send this link to the team’s new coach: whoever opens it takes ${c.team}. It is shown only now.`, c.handed, "handed-link"),
      h("p", { class: "warn-note" }, "This page’s link no longer opens the team; this browser has forgotten it.")));
    fill(el, ...parts);
    return;
  }
  const state = c.saving ? "Saving…" : c.saved === "saved" ? "Saved ✓" : c.saved;
  parts.push(h("section", { class: "team-part", "data-testid": "team-settings", "aria-labelledby": "settings-title" },
    h("h3", { id: "settings-title" }, "When the computer plays for you"),
    h("p", { class: "muted small" },
      "If a week closes before your game is over, or the commissioner has it played now, the computer finishes it for you, this way."),
    c.settings ? [...settingsParts(c), askParts(c)] : h("p", { class: "muted" }, "Loading your settings…"),
    h("p", {
      class: ["save-state", c.saved && c.saved !== "saved" && !c.saving && "error"], role: "status",
      "data-testid": "settings-state", "data-state": c.saving ? "saving" : c.saved === "saved" ? "saved" : c.saved ? "error" : "",
    }, state || "")));
  const asking = c.confirm === "handoff";
  parts.push(h("section", { class: "team-part", "data-testid": "hand-on", "aria-labelledby": "hand-on-title" },
    h("h3", { id: "hand-on-title" }, "Hand this team on"),
    h("p", { class: "small" }, "Someone else coaches it from now on: you get a new link to send them, and ",
      h("b", {}, "this page’s link stops working at once"), "."),
    asking ? confirmBox(`Hand ${c.team} on? Your link stops working; the games wait for its new coach.`,
      "Yes, make the new link", c, c.handOn, "handoff-confirm")
      : h("button", { type: "button", "data-testid": "handoff", disabled: c.busy, onclick: () => c.setConfirm("handoff") }, "Hand this team on…"),
    c.error ? h("p", { class: "error", role: "alert" }, c.error) : null));
  fill(el, ...parts);
}

// -- the commissioner's console ---------------------------------------------------------

/** "2026-05-03T18:00", the value of a datetime-local field, in the reader's time. */
export function localInput(epoch) {
  const d = new Date(epoch * 1000);
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

function weekPart(c) {
  const { s, o } = c;
  const n = o.teams.length;
  const taken = o.teams.filter((t) => t.person && t.coach).length;
  const open = c.schedule.filter((g) => g.week === o.week);
  const left = open.filter((g) => !isFinal(g)).length;
  const round = open.find((g) => g.round && g.round !== "Regular season");
  const title = s.phase === "over" ? "The season is over"
    : !o.week ? "Before the season" : round ? round.round : `Week ${o.week} of ${s.weeks}`;
  const parts = [
    h("h3", { "data-testid": "console-week-title" }, title),
    h("p", {}, `${taken} of ${n} teams have a coach`, taken < n ? "; the computer coaches the others." : "."),
  ];
  if (s.phase === "over") {
    parts.push(h("p", { class: "muted" }, "Every game is played. The log below keeps what you did."));
    return parts;
  }
  if (!o.week) {
    parts.push(h("p", { class: "muted small" },
      "When the coaches are in, start the season: week 1 opens, the computer plays the games between its own teams at once, and each coach plays theirs. ",
      `Then ${RHYTHM_WORDS[o.rhythm]}.`));
  } else {
    parts.push(h("p", { "data-testid": "console-clock" }, o.deadline
      ? [`This week closes ${when(o.deadline)}`, h("span", { class: "muted" }, ", unless you close it sooner.")]
      : "This week stays open until you close it."));
  }
  const action = !o.week ? "Start the season" : "Close this week now";
  const words = !o.week
    ? "Start the season? Week 1 opens, and the coaches may play their games."
    : `Close week ${o.week} now? ${left ? `The computer finishes its ${left === 1 ? "unfinished game" : `${left} unfinished games`} for the coaches who are not there, each with their settings; then ` : ""}the next week opens.`;
  parts.push(c.confirm === "advance"
    ? confirmBox(words, !o.week ? "Yes, start it" : "Yes, close it", c, () => c.act("advance", {}), "advance-confirm")
    : h("button", { type: "button", class: "primary", "data-testid": "console-advance", disabled: c.busy, onclick: () => c.setConfirm("advance") }, action));
  if (o.week) {
    const value = c.draft !== null ? c.draft : o.deadline ? localInput(o.deadline) : "";
    parts.push(h("form", {
      class: "field-row deadline-row", novalidate: true,
      onsubmit: (e) => {
        e.preventDefault();
        const at = Date.parse(e.currentTarget.elements["console-deadline"].value);
        if (Number.isNaN(at)) {
          c.fail("Choose the day and the time of the new deadline.");
          return;
        }
        c.act("deadline", { at: at / 1000 });
      },
    },
    h("label", { for: "console-deadline" }, o.deadline ? "Move the deadline" : "Set a deadline"),
    h("input", {
      type: "datetime-local", id: "console-deadline", name: "console-deadline", "data-testid": "console-deadline", value,
      oninput: (e) => c.setDraft(e.currentTarget.value),
    }),
    h("button", { type: "submit", "data-testid": "console-deadline-set", disabled: c.busy }, o.deadline ? "Move it" : "Set it")));
  }
  parts.push(h("form", {
    class: "field-row rhythm-row", novalidate: true,
    onsubmit: (e) => {
      e.preventDefault();
      c.act("rhythm", { rhythm: e.currentTarget.elements["console-rhythm"].value });
    },
  },
  h("label", { for: "console-rhythm" }, o.week ? "The weeks to come last" : "Each week lasts"),
  h("select", {
    id: "console-rhythm", name: "console-rhythm", "data-testid": "console-rhythm",
    onchange: (e) => c.setRhythm(e.currentTarget.value),
  }, ...Object.entries(RHYTHM_CHOICES).map(([value, words]) => h("option", { value, selected: value === (c.rhythm || o.rhythm) }, words))),
  h("button", { type: "submit", "data-testid": "console-rhythm-set", disabled: c.busy }, "Set")));
  return parts;
}

function teamsPart(c) {
  return h("ul", { class: "console-list", "data-testid": "console-teams" }, ...c.o.teams.map((t, i) => {
    const claimed = t.person && t.coach;
    const key = (what) => `${what}:${t.code}`;
    let below = null;
    if (c.confirm === key("replace")) {
      below = confirmBox(claimed
        ? `Give ${t.team} a new coach? ${t.coach}’s link stops working, and you get a new link to send.`
        : `Make a new link for ${t.team}? Its old link stops working.`,
      "Yes, make a new link", c, () => c.act("replace", { team: t.team }, t.code), `replace-confirm-${i}`);
    } else if (c.confirm === key("remove")) {
      below = confirmBox(`Remove ${t.coach || "the coach"} from ${t.team}? The computer coaches it from now on, and the team’s link stops working.`,
        "Yes, remove", c, () => c.act("remove", { team: t.team }), `remove-confirm-${i}`);
    } else if (c.link && c.link.code === t.code) {
      below = newLink(`The new link for ${t.team}: send it to its new coach. It is shown only now.`, c.link.url, "console-new-link");
    }
    return h("li", { class: "console-row", "data-team": t.team },
      h("div", { class: "cr-main" },
        h("span", { class: "cr-team" }, teamLink(c.rules, t.team, c.short(t.team))),
        h("span", { class: ["cr-coach", !claimed && "muted"], "data-testid": `console-coach-${i}` }, coachOf(t))),
      h("div", { class: "cr-buttons" },
        h("button", {
          type: "button", class: "small-button", "data-testid": `console-replace-${i}`, disabled: c.busy,
          onclick: () => c.setConfirm(key("replace")),
        }, claimed ? "Replace the coach" : "New link"),
        t.person ? h("button", {
          type: "button", class: "small-button danger-text", "data-testid": `console-remove-${i}`, disabled: c.busy,
          onclick: () => c.setConfirm(key("remove")),
        }, "Remove the coach") : null),
      below);
  }));
}

function gamesPart(c) {
  const { o } = c;
  if (!o.week) return h("p", { class: "muted" }, "The games are played once the season starts.");
  const games = c.schedule.filter((g) => g.week === o.week && !isFinal(g));
  if (!games.length) return h("p", { class: "muted", "data-testid": "console-games" }, "Every game of this week is finished.");
  const coach = Object.fromEntries(o.teams.map((t) => [t.code, t]));
  return h("ul", { class: "console-list", "data-testid": "console-games" }, ...games.map((g) => {
    const at = g.neutral ? "vs." : "at";
    const matchup = `${g.away_team} ${at} ${g.home_team}`;
    const who = [g.away, g.home].map((code) => (coach[code] && coach[code].person && coach[code].coach) || "the computer");
    const key = (what) => `${what}:${g.index}`;
    let below = null;
    if (c.confirm === key("play_now")) {
      below = confirmBox(`Let the computer play ${matchup} now? It finishes the game for both coaches, each with their settings.`,
        "Yes, play it now", c, () => c.act("play_now", { index: g.index }), `play-now-confirm-${g.index}`);
    } else if (c.confirm === key("restart")) {
      below = confirmBox(`Restart ${matchup}? Its plays so far are thrown away, and the coaches start it again.`,
        "Yes, restart it", c, () => c.act("restart", { index: g.index }), `restart-confirm-${g.index}`);
    }
    return h("li", { class: "console-row", "data-index": g.index },
      h("div", { class: "cr-main" },
        h("span", { class: "cr-team" }, teamLink(c.rules, g.away_team, c.short(g.away_team)), ` ${at} `,
          teamLink(c.rules, g.home_team, c.short(g.home_team))),
        h("span", { class: "cr-coach muted" }, `${statusWords(g)} · coached by ${who[0]} and ${who[1]}`)),
      h("div", { class: "cr-buttons" },
        h("button", {
          type: "button", class: "small-button", "data-testid": `console-play-now-${g.index}`, disabled: c.busy,
          onclick: () => c.setConfirm(key("play_now")),
        }, "Let the computer play it now"),
        g.status === "playing" ? h("button", {
          type: "button", class: "small-button", "data-testid": `console-restart-${g.index}`, disabled: c.busy,
          onclick: () => c.setConfirm(key("restart")),
        }, "Restart") : null),
      below);
  }));
}

/**
 * The commissioner's console: `c` = {s, o, schedule, rules, short, busy, error, working,
 * confirm, setConfirm(key), act(action, body, code), fail(message), link: {code, url}, draft,
 * setDraft(value): the deadline being chosen, rhythm, setRhythm(value): the rhythm being
 * chosen (kept while the league's news draws the console again)}.
 */
export function renderConsole(el, c) {
  fill(el,
    h("h2", {}, "Commissioner’s console"),
    h("p", { class: "muted small" }, "The weeks, the coaches, and the games nobody finishes are yours to look after."),
    c.error ? h("p", { class: "error", role: "alert", "data-testid": "console-error" }, c.error) : null,
    c.working ? h("p", { class: "working", role: "status", "data-testid": "console-working" },
      h("span", { class: "spinner", "aria-hidden": "true" }), c.working) : null,
    h("section", { class: "console-part", "data-testid": "console-week" }, ...weekPart(c)),
    h("section", { class: "console-part", "aria-labelledby": "console-teams-title" },
      h("h3", { id: "console-teams-title" }, "Teams and coaches"),
      teamsPart(c)),
    h("section", { class: "console-part", "aria-labelledby": "console-games-title" },
      h("h3", { id: "console-games-title" }, c.o.week ? `Week ${c.o.week}: the games not finished` : "The games"),
      gamesPart(c)),
    h("section", { class: "console-part", "aria-labelledby": "console-log-title" },
      h("h3", { id: "console-log-title" }, "The commissioner’s log"),
      renderLog(c.o.audit)));
}
