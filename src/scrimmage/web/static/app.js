// The page's entry: "/" is the home page (new game, your games); "/games/{id}?token=T" is a
// seat's game page ("/games/{id}" without a token: a spectator's).

import { showHome } from "./home.js";
import { showGame } from "./game.js";

const root = document.getElementById("app");
const match = location.pathname.match(/^\/games\/([^/]+)\/?$/);
if (match) {
  const token = new URLSearchParams(location.search).get("token") || "";
  showGame(root, decodeURIComponent(match[1]), token);
} else {
  showHome(root);
}
