"""Fitting the EP/WP tables from simulated snaps (`epwp_data.FEATURES`); docs/ep-wp.md.

EP: the mean next score in the half of the snaps in a cell (time band x down x distance band x
yard line), with a touchdown worth 6 and the ruleset's mean try. Cells are smoothed along the
yard line (a triangular kernel of +-3 yards) and shrunk toward coarser cells (time x down x
yard line, then time x yard line, then yard line, then all snaps) with `SHRINK` snaps' weight,
then made to rise toward the goal line (weighted isotonic regression).

WP: the mean result (win 1, tie 0.5) of the snaps in a cell (game-time band x score difference
x EP anchor x timeouts x receives the second-half kickoff), each snap shared between the two
nearest time bands and EP anchors in proportion (the lookup interpolates the same way). Cells
are shrunk toward time x score x EP, and that toward a logistic fit of each time band in score
and EP; then made to rise with the score difference.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from scrimmage.analytics import bands
from scrimmage.analytics.epwp_data import COLUMN, Features
from scrimmage.analytics.tables import EP_SHAPE, Tables, wp_shape

SHRINK = 20.0
"""A coarser cell's estimate counts as this many snaps."""
KERNEL_YARDS = 3
TWO_POINT_PRIOR = (0.9, 10.0)
"""A two-point try is worth 0.9 points before any is seen, with the weight of 10 tries."""

Array = npt.NDArray[np.float64]


def fit_tables(snaps: Features, rules: str, games: int, seed: int, game_seconds: int,
               source: list[str]) -> Tables:
    tries = try_values(snaps)
    td_value = 6.0 + tries["all"]
    ep_grid = fit_ep(snaps, td_value)
    kick = fit_kick(snaps, td_value)
    edges = bands.wp_time_edges(game_seconds)
    snap_ep = snaps_ep(snaps, ep_grid, kick, tries)
    wp_grid = fit_wp(snaps, snap_ep, edges)
    return Tables(rules, games, seed, edges, game_seconds, tries, [float(v) for v in kick],
                  [float(v) for v in ep_grid.ravel()], [float(v) for v in wp_grid.ravel()],
                  source)


def _column(snaps: Features, name: str) -> npt.NDArray[np.int32]:
    return snaps[:, COLUMN[name]]


def try_values(snaps: Features) -> dict[str, float]:
    kind, points = _column(snaps, "kind"), _column(snaps, "try_points")
    xp, two = points[kind == 2], points[kind == 3]
    xp_value = float(xp.mean()) if len(xp) else 1.0
    prior, weight = TWO_POINT_PRIOR
    two_value = (float(two.sum()) + prior * weight) / (len(two) + weight)
    tries = len(xp) + len(two)
    every = (float(xp.sum()) + float(two.sum())) / tries if tries else xp_value
    return {"xp": xp_value, "2pt": two_value, "all": every}


def labels(snaps: Features, td_value: float) -> Array:
    return (td_value * _column(snaps, "td_label") + _column(snaps, "points_label")).astype(float)


def _smooth_yards(a: Array) -> Array:
    """Triangular kernel along the last axis (the yard line); the ends are not wrapped."""
    weights = np.array([KERNEL_YARDS + 1 - abs(d) for d in range(-KERNEL_YARDS,
                                                                  KERNEL_YARDS + 1)], float)
    out = np.zeros_like(a)
    size = a.shape[-1]
    for offset, w in zip(range(-KERNEL_YARDS, KERNEL_YARDS + 1), weights, strict=True):
        lo, hi = max(0, -offset), min(size, size - offset)
        out[..., lo:hi] += w * a[..., lo + offset:hi + offset]
    return out


def _shrink(total: Array, count: Array, prior: Array) -> Array:
    return (total + SHRINK * prior) / (count + SHRINK)


def fit_ep(snaps: Features, td_value: float) -> Array:
    rows = snaps[_column(snaps, "kind") == 0]
    y = labels(rows, td_value)
    cells = (_column(rows, "ep_time"), _column(rows, "down"), _column(rows, "band"),
             _column(rows, "yard"))
    count, total = np.zeros(EP_SHAPE), np.zeros(EP_SHAPE)
    np.add.at(count, cells, 1.0)
    np.add.at(total, cells, y)
    count, total = _smooth_yards(count), _smooth_yards(total)
    overall = total.sum() / max(1.0, count.sum())
    # coarser cells, finest last: yard line; time x yard line; time x down x yard line
    by_yard = _shrink(total.sum(axis=(0, 1, 2)), count.sum(axis=(0, 1, 2)),
                      np.full(EP_SHAPE[3], overall))
    by_time = _shrink(total.sum(axis=(1, 2)), count.sum(axis=(1, 2)), by_yard[None, :])
    by_down = _shrink(total.sum(axis=2), count.sum(axis=2), by_time[:, None, :])
    ep = _shrink(total, count, by_down[:, :, None, :])
    weight = count + SHRINK
    for t, d, b in np.ndindex(*EP_SHAPE[:3]):
        # EP rises toward the goal line: falls as yardline_100 grows
        ep[t, d, b] = -isotonic(-ep[t, d, b], weight[t, d, b])
    return np.clip(ep, -7.9, 7.9)


def fit_kick(snaps: Features, td_value: float) -> Array:
    rows = snaps[_column(snaps, "kind") == 1]
    y = labels(rows, td_value)
    times = _column(rows, "ep_time")
    overall = float(y.mean()) if len(y) else 0.0
    out = np.zeros(EP_SHAPE[0])
    for t in range(EP_SHAPE[0]):
        mine = y[times == t]
        out[t] = (mine.sum() + SHRINK * overall) / (len(mine) + SHRINK)
    return out


def snaps_ep(snaps: Features, ep_grid: Array, kick: Array, tries: dict[str, float]) -> Array:
    """Each snap's EP as the fitted tables give it (kickoffs their band's, tries their kind's)."""
    kind = _column(snaps, "kind")
    cells = (_column(snaps, "ep_time"), _column(snaps, "down"), _column(snaps, "band"),
             _column(snaps, "yard"))
    out = ep_grid[cells].astype(float)
    out[kind == 1] = kick[_column(snaps, "ep_time")[kind == 1]]
    out[kind == 2] = tries["xp"]
    out[kind == 3] = tries["2pt"]
    return out


def _shares(values: Array, points: list[float]) -> tuple[npt.NDArray[np.intp],
                                                         npt.NDArray[np.intp], Array]:
    """For each value, the two neighbouring points and the upper one's share (clamped)."""
    p = np.asarray(points, float)
    clipped = np.clip(values, p[0], p[-1])
    high = np.clip(np.searchsorted(p, clipped, side="left"), 1, len(p) - 1)
    low = high - 1
    share = (clipped - p[low]) / (p[high] - p[low])
    return low, high, share


def fit_wp(snaps: Features, snap_ep: Array, edges: tuple[int, ...]) -> Array:
    keep = (_column(snaps, "kind") == 0) | (_column(snaps, "kind") == 1)
    rows, ep = snaps[keep], snap_ep[keep]
    shape = wp_shape(len(edges))
    result = _column(rows, "result2") / 2.0
    overtime = _column(rows, "overtime") == 1
    t_low, t_high, t_share = _shares(_column(rows, "game_seconds").astype(float),
                                     bands.band_centres(edges))
    ot_band = len(edges)
    t_low = np.where(overtime, ot_band, t_low)
    t_high = np.where(overtime, ot_band, t_high)
    t_share = np.where(overtime, 0.0, t_share)
    e_low, e_high, e_share = _shares(ep, list(bands.EP_ANCHORS))
    score = np.clip(_column(rows, "score"), -bands.SCORE_LIMIT, bands.SCORE_LIMIT) \
        + bands.SCORE_LIMIT
    timeouts, receives = _column(rows, "timeouts"), _column(rows, "receives")
    count, wins = np.zeros(shape), np.zeros(shape)
    for t, tw in ((t_low, 1.0 - t_share), (t_high, t_share)):
        for e, ew in ((e_low, 1.0 - e_share), (e_high, e_share)):
            cells = (t, score, e, timeouts, receives)
            np.add.at(count, cells, tw * ew)
            np.add.at(wins, cells, tw * ew * result)
    prior = logistic_prior(count.sum(axis=(3, 4)), wins.sum(axis=(3, 4)))
    middle = _shrink(wins.sum(axis=(3, 4)), count.sum(axis=(3, 4)), prior)
    wp = _shrink(wins, count, middle[:, :, :, None, None])
    weight = count + SHRINK
    for t, e, o, r in np.ndindex(shape[0], shape[2], shape[3], shape[4]):
        wp[t, :, e, o, r] = isotonic(wp[t, :, e, o, r], weight[t, :, e, o, r])
    return np.clip(wp, 0.0, 1.0)


def logistic_prior(count: Array, wins: Array) -> Array:
    """For each time band, P(win) = 1 / (1 + exp(-(a + b x score + c x EP))) fitted to the
    band's (score, EP anchor) cells by Newton's method (a light ridge keeps it finite when a
    band is all wins), evaluated on every cell."""
    bands_, scores, anchors = count.shape
    s = (np.arange(scores) - bands.SCORE_LIMIT).astype(float)
    e = np.asarray(bands.EP_ANCHORS, float)
    x = np.stack([np.ones((scores, anchors)), np.repeat(s[:, None], anchors, axis=1),
                  np.repeat(e[None, :], scores, axis=0)], axis=-1).reshape(-1, 3)
    out = np.zeros_like(count)
    for t in range(bands_):
        n, w = count[t].ravel(), wins[t].ravel()
        beta = np.zeros(3)
        for _ in range(50):
            p = 1.0 / (1.0 + np.exp(-(x @ beta)))
            gradient = x.T @ (w - n * p) - 1e-3 * beta
            hessian = (x * (n * p * (1 - p))[:, None]).T @ x + 1e-3 * np.eye(3)
            step = np.linalg.solve(hessian, gradient)
            beta += step
            if np.abs(step).max() < 1e-8:
                break
        out[t] = (1.0 / (1.0 + np.exp(-(x @ beta)))).reshape(scores, anchors)
    return out


def isotonic(values: Array, weights: Array) -> Array:
    """The non-decreasing sequence nearest to `values` in weighted least squares (pool
    adjacent violators)."""
    means: list[float] = []
    sizes: list[float] = []
    lengths: list[int] = []
    for v, w in zip(values.tolist(), weights.tolist(), strict=True):
        means.append(v)
        sizes.append(w)
        lengths.append(1)
        while len(means) > 1 and means[-2] > means[-1]:
            w2 = sizes[-2] + sizes[-1]
            means[-2] = (means[-2] * sizes[-2] + means[-1] * sizes[-1]) / w2
            sizes[-2] = w2
            lengths[-2] += lengths[-1]
            del means[-1], sizes[-1], lengths[-1]
    return np.repeat(np.asarray(means), lengths)
