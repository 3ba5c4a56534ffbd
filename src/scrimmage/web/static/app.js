// The page's entry: "/" is the home page (new game, your games); "/games/{id}?token=T" is a
// seat's game page ("/games/{id}" without a token: a spectator's); "/sheets/{rules}/{name}"
// is a bundled team's sheet.

import { showHome } from "./home.js";
import { showGame } from "./game.js";
import { showSheetPage } from "./components/sheet.js";

const root = document.getElementById("app");
const match = location.pathname.match(/^\/games\/([^/]+)\/?$/);
const sheet = location.pathname.match(/^\/sheets\/([^/]+)\/([^/]+)\/?$/);
if (sheet) {
  showSheetPage(root, decodeURIComponent(sheet[1]), decodeURIComponent(sheet[2]));
} else if (match) {
  const token = new URLSearchParams(location.search).get("token") || "";
  showGame(root, decodeURIComponent(match[1]), token);
} else {
  showHome(root);
}
