// The server's HTTP contract (see src/scrimmage/web/app.py). Every refusal becomes an
// ApiError whose message is the server's one-line reason.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The reason in a 4xx body: {"detail": "text"} or FastAPI's list of field errors. */
function reason(status, body) {
  const detail = body && body.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail) && detail.length) {
    return detail.map((d) => {
      const where = (d.loc || []).filter((p) => p !== "body").join(".");
      return where ? `${where}: ${d.msg}` : d.msg;
    }).join("; ");
  }
  return `the server answered ${status}`;
}

async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, "cannot reach the server (check your connection)");
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, reason(response.status, data));
  return data;
}

function query(token, since) {
  const q = new URLSearchParams();
  if (token) q.set("token", token);
  if (since) q.set("since", String(since));
  const text = q.toString();
  return text ? `?${text}` : "";
}

export const api = {
  rulesets: () => call("GET", "/api/rulesets"),
  glossary: (rules) => call("GET", `/api/rulesets/${encodeURIComponent(rules)}/glossary`),
  create: (body) => call("POST", "/api/games", body),
  view: (id, token, since) => call("GET", `/api/games/${encodeURIComponent(id)}${query(token, since)}`),
  answer: (id, token, since, index, answer) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/decisions${query(token, since)}`, { index, answer }),
  throwDie: (id, token, since, index, face) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/dice${query(token, since)}`, { index, face }),
  undo: (id, token) => call("POST", `/api/games/${encodeURIComponent(id)}/undo${query(token)}`, {}),
  advice: (id, token) => call("GET", `/api/games/${encodeURIComponent(id)}/advice${query(token)}`),
  sheet: (id, token, side) => {
    const q = new URLSearchParams({ side });
    if (token) q.set("token", token);
    return call("GET", `/api/games/${encodeURIComponent(id)}/sheet?${q}`);
  },
  teamSheet: (rules, name) =>
    call("GET", `/api/rulesets/${encodeURIComponent(rules)}/teams/${encodeURIComponent(name)}/sheet`),
  commit: (id, token, commit) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/commit${query(token)}`, { commit }),
  reveal: (id, token, value) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/reveal${query(token)}`, { value }),
  record: (id, token) => call("GET", `/api/games/${encodeURIComponent(id)}/record${query(token)}`),
  policy: (id, token, kind, ask) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/policy${query(token)}`, { kind, ask }),
  seasonTeams: (rules, season) =>
    call("GET", `/api/rulesets/${encodeURIComponent(rules)}/seasons/${encodeURIComponent(season)}`),
};

const lg = (id) => `/api/leagues/${encodeURIComponent(id)}`;

/** A league's routes (src/scrimmage/web/league_routes.py): reading needs no token, acting
 *  needs the league's. */
export const leagues = {
  create: (body) => call("POST", "/api/leagues", body),
  summary: (id, token) => call("GET", `${lg(id)}${query(token)}`),
  standings: (id) => call("GET", `${lg(id)}/standings`),
  schedule: (id) => call("GET", `${lg(id)}/schedule`),
  leaders: (id) => call("GET", `${lg(id)}/leaders`),
  game: (id, index) => call("GET", `${lg(id)}/games/${encodeURIComponent(index)}`),
  sim: (id, token, order) => call("POST", `${lg(id)}/sim${query(token)}`, order),
  simState: (id) => call("GET", `${lg(id)}/sim`),
  play: (id, token, team) => call("POST", `${lg(id)}/play${query(token)}`, team ? { team } : {}),
  remove: (id, token) => call("DELETE", `${lg(id)}${query(token)}`),
  // A league played online with friends (src/scrimmage/web/league_online_routes.py).
  createOnline: (league, rhythm) => call("POST", "/api/leagues/online", { league, rhythm }),
  online: (id, token) => call("GET", `${lg(id)}/online${query(token)}`),
  claim: (id, token, name) => call("POST", `${lg(id)}/claim${query(token)}`, { name }),
  handoff: (id, token) => call("POST", `${lg(id)}/handoff${query(token)}`, {}),
  settings: (id, token) => call("GET", `${lg(id)}/settings${query(token)}`),
  saveSettings: (id, token, changes) => call("POST", `${lg(id)}/settings${query(token)}`, changes),
  act: (id, token, action, body) =>
    call("POST", `${lg(id)}/commissioner/${encodeURIComponent(action)}${query(token)}`, body || {}),
};

/** The WebSocket address of a league's news (its summary whenever it changes). */
export function leagueSocketUrl(id) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/leagues/${encodeURIComponent(id)}`;
}

/** The WebSocket address of a game's updates. */
export function socketUrl(id, token) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/games/${encodeURIComponent(id)}${query(token)}`;
}
