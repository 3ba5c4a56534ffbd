// A game's updates: a WebSocket that sends the seat's view after every change, reconnected
// with a growing delay when it drops; while it is down the page polls the HTTP view instead.

import { api, socketUrl } from "./api.js";

const POLL_MS = 3000;
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30000;

/**
 * Watch a game. `hooks` = {view(v): a view arrived (maybe a `since` update), error(message,
 * status): the server refused something, state(word): "live" | "reconnecting" | "polling",
 * since(): the play count the page already has}. Returns {stop(), kick()}.
 */
export function watchGame(gameId, token, hooks) {
  let socket = null;
  let retries = 0;
  let retryTimer = null;
  let pollTimer = null;
  let stopped = false;
  let polled = false;        // the last poll answered: the page is up to date without a socket

  function poll() {
    if (pollTimer || stopped) return;
    const tick = async () => {
      pollTimer = null;
      if (stopped || (socket && socket.readyState === WebSocket.OPEN)) return;
      try {
        hooks.view(await api.view(gameId, token, hooks.since()));
        polled = true;
        hooks.state("polling");
      } catch (err) {
        polled = false;
        if (err.status === 403 || err.status === 404) {
          hooks.error(err.message, err.status);
          stop();
          return;
        }
      }
      if (!stopped) pollTimer = setTimeout(tick, POLL_MS);
    };
    pollTimer = setTimeout(tick, POLL_MS);
  }

  function connect() {
    if (stopped) return;
    clearTimeout(retryTimer);
    retryTimer = null;
    let ws;
    try {
      ws = new WebSocket(socketUrl(gameId, token));
    } catch (err) {
      scheduleRetry();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      retries = 0;
      polled = false;
      clearTimeout(pollTimer);
      pollTimer = null;
      hooks.state("live");
    };
    ws.onmessage = (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch (err) {
        return;
      }
      if (data && data.error) hooks.error(data.error, data.status);
      else if (data && data.game_id) hooks.view(data);
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      if (stopped) return;
      hooks.state(polled ? "polling" : "reconnecting");
      poll();
      scheduleRetry();
    };
  }

  function scheduleRetry() {
    if (stopped || retryTimer) return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** retries) * (0.75 + Math.random() * 0.5);
    retries += 1;
    retryTimer = setTimeout(connect, delay);
  }

  /** Try again now (the tab came back, the network came back). */
  function kick() {
    if (stopped || (socket && socket.readyState <= WebSocket.OPEN)) return;
    retries = 0;
    connect();
  }

  function stop() {
    stopped = true;
    clearTimeout(retryTimer);
    clearTimeout(pollTimer);
    if (socket) socket.close();
  }

  window.addEventListener("online", kick);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") kick();
  });
  connect();
  return { stop, kick };
}
