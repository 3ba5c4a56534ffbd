// What a league page says in words, shared by the league page and the home page's list:
// where the league stands, a person's next game, a team's name as a link to its sheet.
// Teams are always named by the `team` fields of the JSON; the `code` fields are ids only.

import { h } from "../../lib/dom.js";
import { plainWords } from "../options.js";

/** The computer coaches in a person's words (GET /api/rulesets lists them by their ids). */
export const COACH_WORDS = {
  solitaire: "Solitaire: the rulebook's own coach",
  sensible: "Sensible: the rulebook's own coach",
  system: "System: the rulebook's own coach",
  smart: "Smart: works out each choice's chances",
  equilibrium: "Equilibrium: solves each play call",
  random: "Random: any legal choice",
};

export function coachWords(kind) {
  return COACH_WORDS[kind] || plainWords(kind).replace(/^./, (c) => c.toUpperCase());
}

/** "Week 3 of 16", "Playoffs: Divisional round", "Season over: X won it". */
export function phaseWords(s) {
  if (s.phase === "over") {
    const champs = s.champions || [];
    return champs.length ? `Season over: ${champs.join(" and ")} ${champs.length > 1 ? "won their titles" : "won it all"}`
      : "Season over";
  }
  if (s.phase === "playoffs") {
    const round = (s.this_week || []).map((g) => g.round).find((r) => r && r !== "Regular season");
    return round ? `Playoffs: ${round}` : "Playoffs";
  }
  return s.week ? `Week ${s.week} of ${s.weeks}` : "Regular season";
}

export function matchup(g) {
  return `${g.away_team} ${g.neutral ? "vs." : "at"} ${g.home_team}`;
}

/** The next game of each team this visitor coaches ([{code, team, next}]), soonest first. */
export function myGames(s) {
  const you = new Set(s.you || []);
  return (s.people || []).filter((p) => you.has(p.code));
}

/** "Your next game: week 2, Patriots at Bears", or "" when there is none. */
export function nextWords(s) {
  const next = myGames(s).map((p) => p.next).filter(Boolean)
    .sort((a, b) => a.week - b.week || a.index - b.index)[0];
  if (!next) return "";
  const short = shortener([next.away_team, next.home_team]);
  const [away, home] = [short(next.away_team), short(next.home_team)];
  const when = next.round && next.round !== "Regular season" ? next.round : `week ${next.week}`;
  return `your next game: ${when}, ${away} ${next.neutral ? "vs." : "at"} ${home}`;
}

/** The page of a team's sheet. */
export function sheetHref(rules, team) {
  return `/sheets/${encodeURIComponent(rules)}/${encodeURIComponent(team)}`;
}

/** A team's name as a link to its sheet; with `short`, a phone shows the short name. */
export function teamLink(rules, team, short) {
  const attrs = { class: "team-link", href: sheetHref(rules, team) };
  if (!short || short === team) return h("a", attrs, team);
  return h("a", { ...attrs, title: team, "aria-label": team },
    h("span", { class: "long" }, team), h("span", { class: "short", "aria-hidden": "true" }, short));
}

/** A game's state in words (the JSON's status is an id). */
export function statusWords(g) {
  return {
    final: "Final",
    playing: "Being played",
    scheduled: "Not played yet",
    "tied: to be played again": "Tied: to be played again",
  }[g.status] || "Not played yet";
}

export function isFinal(g) {
  return g.status === "final" && g.home_points !== null && g.away_points !== null;
}

const YEAR = /^(\d{4})\s+/;

/** How a narrow screen names a league's teams: without their season when every team has the
 *  same one ("1985 Chicago Bears" -> "Chicago Bears"), else whole (a 1985 and a 2016 Bears). */
export function shortener(names) {
  const years = new Set(names.map((n) => (String(n).match(YEAR) || [])[1]));
  if (years.size !== 1 || years.has(undefined)) return (n) => String(n);
  return (n) => String(n).replace(YEAR, "");
}
