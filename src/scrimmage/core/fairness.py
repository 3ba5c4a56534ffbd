"""Fair dice between two people (issue 35): a seed that neither coach nor the server chose.

When the server is run by one of the players, the other must be able to trust its dice. A
game between two people therefore takes its seed from three values, committed to before any
is shown (commit-reveal), and its record carries all three so anyone can check it
(`scrimmage.verify`). The protocol, `scrimmage-fair-dice-1`:

- A *value* is 32 random bytes, written as 64 lowercase hex digits. Its *commitment* is
  H(value) = SHA-256 of those 32 bytes (not of the hex text), written the same way.
- When the game is made, the server draws its value `s` and stores only H(s) in the record
  (`server_commit`); `s` stays in the server's database until it is revealed.
- Each side's page draws a value `v` and sends its commitment H(v). A side commits once.
- Once both sides have committed, each sends its `v`; the server checks H(v) against the
  commitment and refuses a value that does not match (changing nothing).
- Once both values are in, the server reveals `s`, and the game's seed is
  `int.from_bytes(SHA-256(LABEL + s + v_home + v_away)[:8], "big") & (2**63 - 1)`, where
  LABEL is the 21 ASCII bytes `scrimmage-fair-dice-1` and `s`, `v_home`, `v_away` are the
  32 bytes of each value: the first 8 bytes of the digest, read as a big-endian number,
  with the top bit cleared (a seed fits a signed 64-bit integer). Then the game starts.

Nobody can steer the seed: the server fixed `s` before it saw anything, and each coach fixed
`v` before seeing the other's. The one thing a party can still do is not reveal (and stall
the game); it cannot choose another value.

The record's `fairness` block holds the protocol's name, `server_commit`, the two `commits`
and the revealed `values` (by side, "home" and "away"), the `server_value`, the `seed` and
the `derivation` in words. Until the game starts the values, the server's value and the seed
are null.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import Any

from scrimmage.core.errors import ScrimmageError

PROTOCOL = "scrimmage-fair-dice-1"
LABEL = PROTOCOL.encode("ascii")
VALUE_BYTES = 32
SEED_MASK = 2**63 - 1
SIDES = ("home", "away")
HEX = re.compile(r"[0-9a-f]{64}")
DERIVATION = ("H(x) = SHA-256 of the 32 bytes a value's 64 hex digits write; seed = the first "
              "8 bytes of SHA-256('scrimmage-fair-dice-1' + s + v_home + v_away) as a "
              "big-endian integer with its top bit cleared (s, v_home, v_away: 32 bytes each)")

COMMIT, REVEAL, DONE = "commit", "reveal", "done"


class FairDiceConflict(ScrimmageError):
    """A commit or reveal that comes at the wrong time: a second one, a reveal before both
    commitments, anything once the seed is set (409)."""


class FairDiceMismatch(ScrimmageError):
    """A revealed value that does not hash to its commitment (422)."""


class FairDiceBroken(ScrimmageError):
    """A fairness block that does not hold together: what `scrimmage verify` refuses."""


def commitment(value: str) -> str:
    """H(value): SHA-256 of the value's 32 bytes, in lowercase hex."""
    return hashlib.sha256(bytes.fromhex(_hex(value, "value"))).hexdigest()


def derive_seed(server: str, home: str, away: str) -> int:
    """The game's seed from the three values (the module's docstring gives the encoding)."""
    data = LABEL + b"".join(bytes.fromhex(_hex(v, "value")) for v in (server, home, away))
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big") & SEED_MASK


def new_value() -> str:
    return secrets.token_hex(VALUE_BYTES)


def begin() -> tuple[dict[str, Any], str]:
    """A new game's block (holding the server's commitment only) and the server's value, to
    keep private until both coaches have revealed theirs."""
    server = new_value()
    block = {"protocol": PROTOCOL, "server_commit": commitment(server),
             "commits": dict.fromkeys(SIDES), "values": dict.fromkeys(SIDES),
             "server_value": None, "seed": None, "derivation": DERIVATION}
    return block, server


def phase(block: dict[str, Any]) -> str:
    """"commit" until both sides have committed, "reveal" until the seed is set, then "done"."""
    if any(block["commits"][s] is None for s in SIDES):
        return COMMIT
    if block.get("seed") is None:
        return REVEAL
    return DONE


def commit(block: dict[str, Any], side: str, given: str) -> dict[str, Any]:
    """The block with `side`'s commitment in it (a new dict: `block` is left as it was)."""
    given = _hex(given, "commit")
    if phase(block) != COMMIT or block["commits"][side] is not None:
        raise FairDiceConflict(f"the {side} side has already committed" if
                               block["commits"][side] is not None else
                               "both sides have committed already")
    return {**block, "commits": {**block["commits"], side: given}}


def reveal(block: dict[str, Any], side: str, given: str) -> dict[str, Any]:
    """The block with `side`'s value in it, once both sides have committed; a value that
    does not hash to the side's commitment is refused."""
    given = _hex(given, "value")
    now = phase(block)
    if now == COMMIT:
        raise FairDiceConflict("both sides commit before either reveals: the other side has "
                               "not committed yet")
    if now == DONE or block["values"][side] is not None:
        raise FairDiceConflict(f"the {side} side has already revealed its value")
    if commitment(given) != block["commits"][side]:
        raise FairDiceMismatch(f"that value does not hash to the {side} side's commitment")
    return {**block, "values": {**block["values"], side: given}}


def ready(block: dict[str, Any]) -> bool:
    """Both values are in: the server may reveal its own and set the seed."""
    return phase(block) == REVEAL and all(block["values"][s] is not None for s in SIDES)


def finish(block: dict[str, Any], server: str) -> dict[str, Any]:
    """The block with the server's value revealed and the seed derived."""
    if not ready(block):
        raise FairDiceConflict("the seed is set once both sides have revealed their values")
    if commitment(server) != block["server_commit"]:
        raise FairDiceBroken("the server's kept value does not hash to its commitment")
    seed = derive_seed(server, block["values"]["home"], block["values"]["away"])
    return {**block, "server_value": server, "seed": seed}


def public(block: dict[str, Any]) -> dict[str, Any]:
    """What a game's view shows of the block: where the setting up stands and, once the seed
    is set, all of it (so each page can check its own value went in)."""
    now = phase(block)
    out: dict[str, Any] = {
        "phase": now, "protocol": block["protocol"], "server_commit": block["server_commit"],
        "committed": {s: block["commits"][s] is not None for s in SIDES},
        "revealed": {s: block["values"][s] is not None for s in SIDES}}
    if now == DONE:
        out.update(commits=dict(block["commits"]), values=dict(block["values"]),
                   server_value=block["server_value"], seed=block["seed"])
    return out


def check(block: object) -> int:
    """The seed a record's block gives, once every part of it is checked: the shape, each
    revealed value against its commitment (the server's too), and the seed against the
    three values. A block that fails is refused with one line saying where."""
    if not isinstance(block, dict):
        raise FairDiceBroken("the fairness block is not an object")
    if block.get("protocol") != PROTOCOL:
        raise FairDiceBroken(f"the fairness block's protocol is {block.get('protocol')!r}, "
                             f"not {PROTOCOL}")
    for key in ("commits", "values"):
        part = block.get(key)
        if not isinstance(part, dict) or set(part) != set(SIDES):
            raise FairDiceBroken(f"the fairness block's {key} are not one for home and away")
    try:
        server_commit = _hex(block.get("server_commit"), "server commit")
        commits = {s: _hex(block["commits"][s], f"{s} commit") for s in SIDES}
        if block.get("server_value") is None or any(block["values"][s] is None for s in SIDES):
            raise FairDiceBroken("the fair dice were never set: a value is not revealed")
        server = _hex(block["server_value"], "server value")
        values = {s: _hex(block["values"][s], f"{s} value") for s in SIDES}
    except FairDiceMismatch as exc:
        raise FairDiceBroken(str(exc)) from None
    for side in SIDES:
        if commitment(values[side]) != commits[side]:
            raise FairDiceBroken(f"the {side} value does not hash to the {side} commitment")
    if commitment(server) != server_commit:
        raise FairDiceBroken("the server's value does not hash to the server's commitment")
    seed = block.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or \
            seed != derive_seed(server, values["home"], values["away"]):
        raise FairDiceBroken("the seed is not the one the commitments give")
    return seed


def _hex(value: object, what: str) -> str:
    if not isinstance(value, str) or not HEX.fullmatch(value):
        raise FairDiceMismatch(f"a {what} is 64 lowercase hex digits (32 bytes)")
    return value
