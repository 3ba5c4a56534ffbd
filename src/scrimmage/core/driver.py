"""The game driver: runs a ruleset's decision flow against coaches.

Rules are generators that yield `Decision`s and receive answers. `drive` answers them: first
from a replay prefix (a saved game's decisions), then from the coaches. Every answer is checked
before the rules see it, so an illegal choice never changes the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scrimmage.core.decisions import Coach, Decision
from scrimmage.core.errors import IllegalDecision, ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import DecisionEntry
from scrimmage.core.ruleset import Game

MAX_REFUSALS = 50


class ReplayDiverged(ScrimmageError):
    """A saved decision does not fit the game being replayed (a different record or version)."""


def drive(
    game: Game,
    coaches: Mapping[Side, Coach],
    log: list[DecisionEntry],
    prefix: Sequence[DecisionEntry] = (),
    on_decision: Callable[[Decision, str], None] | None = None,
) -> None:
    """Run `game` to its end (or until a coach raises), appending each answer to `log`."""
    views = {Side.HOME: game.view(Side.HOME), Side.AWAY: game.view(Side.AWAY)}
    flow = game.run()
    n_prefix = len(prefix)
    i = 0
    use_filters = getattr(game, "use_pass_filters", None)
    filters = {side: getattr(coaches[side], "lets_pass", None) for side in Side}
    if use_filters is not None and n_prefix == 0:
        use_filters(filters, log)
    try:
        decision = next(flow)
        while True:
            if i == n_prefix and n_prefix and use_filters is not None:
                use_filters(filters, log)      # the saved part is replayed: coaches take over
            if i < n_prefix:
                kind, seat, answer = prefix[i]
                if kind != decision.kind or seat != decision.seat:
                    raise ReplayDiverged(
                        f"decision {i}: record has {kind}/{seat}, game asks "
                        f"{decision.kind}/{decision.seat}"
                    )
                try:
                    answer = decision.check(answer)
                except IllegalDecision as exc:
                    raise ReplayDiverged(f"decision {i}: {exc}") from None
                # A computer coach replays its own choice too, so its dice are where they
                # were when the game was saved and a resumed game goes on as it would have.
                sync = getattr(coaches[decision.seat], "sync", None)
                if sync is not None:
                    sync(decision, views[decision.seat])
            else:
                answer = coaches[decision.seat].decide(decision, views[decision.seat])
                if answer not in decision.options:
                    answer = _ask_again(coaches[decision.seat], decision, views[decision.seat],
                                        answer)
            i += 1
            # Kind and Side are str enums: they log (and save as JSON) as their names.
            log.append([decision.kind, decision.seat, answer])
            if on_decision is not None:
                on_decision(decision, answer)
            decision = flow.send(answer)
    except StopIteration:
        return


def _ask_again(coach: Coach, decision: Decision, view: Any, answer: str) -> str:
    """Tell the coach why its answer was refused (if it can listen) and ask again."""
    for _ in range(MAX_REFUSALS):
        try:
            decision.check(answer)
        except IllegalDecision as exc:
            refused = getattr(coach, "refused", None)
            if refused is None:
                raise
            refused(decision, exc)
        answer = coach.decide(decision, view)
        if answer in decision.options:
            return answer
    raise IllegalDecision(f"coach gave {MAX_REFUSALS} illegal answers to {decision.kind.value}")
