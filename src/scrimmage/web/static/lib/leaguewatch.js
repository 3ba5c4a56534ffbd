// A league's news: the server pushes the league's summary on WS /ws/leagues/{id} whenever it
// changes (a result, a week opened, a coach who joined). The page is told, and loads what it
// shows again. When the socket cannot be opened or drops, it is opened again with a growing
// delay and, meanwhile, the page is told every few seconds anyway (it polls).

import { leagueSocketUrl } from "./api.js";

const POLL_MS = 4000;
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30000;

/**
 * Watch league `id`. `hooks` = {news(how): something may have changed ("push" or "poll"),
 * state(word): "live" | "polling"}. Returns {stop()}.
 */
export function watchLeague(id, hooks) {
  let socket = null;
  let retries = 0;
  let retryTimer = null;
  let pollTimer = null;
  let stopped = false;

  function poll() {
    if (pollTimer || stopped) return;
    pollTimer = setTimeout(() => {
      pollTimer = null;
      if (stopped || (socket && socket.readyState === WebSocket.OPEN)) return;
      hooks.news("poll");
      poll();
    }, POLL_MS);
  }

  function scheduleRetry() {
    if (stopped) return;
    hooks.state("polling");
    poll();
    const wait = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** retries);
    retries += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, wait);
  }

  function connect() {
    if (stopped) return;
    let ws;
    try {
      ws = new WebSocket(leagueSocketUrl(id));
    } catch (err) {
      scheduleRetry();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      retries = 0;
      clearTimeout(pollTimer);
      pollTimer = null;
      hooks.state("live");
    };
    // The first message is the league as the socket found it: news too, since the page may
    // have missed something before the socket opened (the page keeps what did not change).
    ws.onmessage = () => hooks.news("push");
    ws.onclose = (e) => {
      if (socket !== ws) return;
      socket = null;
      if (e.code === 4404) {           // no such league (deleted): nothing more to watch
        stopped = true;
        return;
      }
      scheduleRetry();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(pollTimer);
      if (socket) socket.close();
    },
  };
}
