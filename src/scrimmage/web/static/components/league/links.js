// The commissioner's page of links, shown once when a league to play online with friends is
// made (POST /api/leagues/online): the commissioner's own link (kept in this browser) and one
// invitation link per team, each with a copy button.

import { h, fill } from "../../lib/dom.js";
import { localLink } from "../../lib/saved.js";
import { copyButton } from "../../lib/copy.js";
import { RHYTHM_WORDS } from "./online.js";

/** `made` = the server's answer; `info` = {rhythm, title (the ruleset's), name}. */
export function renderLinks(el, made, info) {
  const boss = localLink(made.commissioner.url);
  const teams = Object.values(made.teams).sort((a, b) => a.team.localeCompare(b.team));
  const all = teams.map((t) => `${t.team}: ${localLink(t.url)}`).join("\n");
  fill(el,
    h("h2", { "data-testid": "links-title" }, "Your league is made: invite the coaches"),
    h("p", {}, "Send each coach the link of their team. Whoever opens it takes the team under the name they give; ",
      "a team nobody takes is coached by the computer. ",
      h("b", {}, "Each link is a key and is shown only this once: copy them now.")),
    h("section", { class: "boss-link", "aria-labelledby": "boss-link-title" },
      h("h3", { id: "boss-link-title" }, "Your link: the commissioner’s"),
      h("div", { class: "link-row" },
        h("a", { class: "invite-link", href: boss, "data-testid": "commissioner-link" }, boss),
        copyButton(boss, "copy-commissioner", "Copy", "Copy the commissioner's link")),
      h("p", { class: "muted small" },
        `You start the season once the coaches are in; then ${RHYTHM_WORDS[info.rhythm] || RHYTHM_WORDS.week}. `,
        "You may replace a coach, or have the computer play a game. You play no team’s game: ",
        "to coach a team as well, open its link too. This browser keeps your link under “Your leagues”.")),
    h("section", { "aria-labelledby": "team-links-title" },
      h("h3", { id: "team-links-title" }, `The teams’ links (${teams.length})`),
      h("ul", { class: "team-links", "data-testid": "team-links" }, ...teams.map((t, i) => {
        const url = localLink(t.url);
        return h("li", { class: "link-row team-link-row", "data-team": t.team },
          h("span", { class: "link-team" }, t.team),
          h("a", { class: "invite-link", href: url, target: "_blank", rel: "noopener", "data-testid": `team-url-${i}` }, url),
          copyButton(url, `copy-team-${i}`, "Copy", `Copy the link of ${t.team}`));
      }))),
    h("div", { class: "links-foot" },
      copyButton(all, "copy-all-links", "Copy every team’s link"),
      h("a", { class: "button primary", href: boss, "data-testid": "open-console" }, "Open the commissioner’s page")));
}
