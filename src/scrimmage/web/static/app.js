// The page's entry: "/" is the home page (new game, new league, your games and leagues);
// "/games/{id}?token=T" is a seat's game page ("/games/{id}" without a token: a
// spectator's); "/leagues/{id}?token=T" a league's page; "/sheets/{rules}/{name}" a bundled
// team's sheet.

import { showHome } from "./home.js";
import { showGame } from "./game.js";
import { showLeague } from "./league.js";
import { showSheetPage } from "./components/sheet.js";

const root = document.getElementById("app");
const query = new URLSearchParams(location.search);
const game = location.pathname.match(/^\/games\/([^/]+)\/?$/);
const league = location.pathname.match(/^\/leagues\/([^/]+)\/?$/);
const sheet = location.pathname.match(/^\/sheets\/([^/]+)\/([^/]+)\/?$/);
if (sheet) {
  showSheetPage(root, decodeURIComponent(sheet[1]), decodeURIComponent(sheet[2]));
} else if (game) {
  showGame(root, decodeURIComponent(game[1]), query.get("token") || "");
} else if (league) {
  showLeague(root, decodeURIComponent(league[1]), query.get("token") || "");
} else {
  showHome(root);
}
