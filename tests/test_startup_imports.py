"""What the `scrimmage` command imports at start-up (issue 36): the parser and little more.

Each command imports what it needs when it runs; these tests keep a heavy import from
creeping back to module level. Each runs a fresh interpreter and reads its `sys.modules`
(no timing here: benchmarks/startup.py measures the CPU time).
"""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("fastapi", "uvicorn", "starlette", "websockets", "pyarrow", "polars", "pandas",
         "matplotlib", "dask", "distributed", "scipy", "numpy", "reportlab", "PIL")
"""Third-party packages no command line needs before a command asks for them."""


def _modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running `code` (which must not print)."""
    done = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"],
        capture_output=True, text=True, timeout=120, check=True)
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def _loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if m in names or m.startswith(tuple(f"{n}." for n in names)))


def test_importing_the_command_line_loads_no_heavy_package() -> None:
    modules = _modules_after("import scrimmage.cli")
    assert _loaded(modules, HEAVY) == []
    # Nor pydantic (the team files' and records' checks), the engines, the server, the
    # league's store, the exports or the terminal table: each comes with its command.
    assert _loaded(modules, ("pydantic", "scrimmage.web.app", "scrimmage.league.store",
                             "scrimmage.export", "scrimmage.seat.terminal",
                             "scrimmage.seat.table", "scrimmage.core.records",
                             "scrimmage.api", "scrimmage.sim")) == []
    assert [m for m in modules if m.startswith("scrimmage.rules.") and m.endswith(".game")] == []


def test_the_registry_names_every_ruleset_without_loading_its_rules() -> None:
    code = ("import scrimmage.rules\nfrom scrimmage.core.ruleset import find_ruleset, ruleset_names\n"
            "assert ruleset_names() == ['1st-and-roll', '5d20', 'grid', 'legends-college', "
            "'legends-hs', 'legends-pro'], ruleset_names()\n"
            "assert all(find_ruleset(n).options for n in ruleset_names())")
    modules = _modules_after(code)
    assert [m for m in modules if m.startswith("scrimmage.rules.") and
            not m.endswith((".ruleset", ".fived20", ".grid", ".legends", ".roll"))] == []
    assert _loaded(modules, ("pydantic", *HEAVY)) == []


def test_the_package_names_its_api_without_importing_it() -> None:
    modules = _modules_after("import scrimmage\nassert 'play_game' in dir(scrimmage)")
    assert _loaded(modules, ("scrimmage.api", "scrimmage.rules", "pydantic")) == []
    modules = _modules_after("import scrimmage\nassert scrimmage.rulesets()\n"
                             "assert scrimmage.GameRecord.__name__ == 'GameRecord'")
    assert "scrimmage.api" in modules


def test_sim_loads_its_own_ruleset_only_and_writes_no_file() -> None:
    code = ("import contextlib, io, sys\nimport scrimmage.cli as cli\n"
            "sys.argv = ['scrimmage', 'sim', '--games', '1', '--json']\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
            "    cli.main()")
    modules = _modules_after(code)
    assert "scrimmage.rules.legends.game" in modules
    assert [m for m in modules if m.startswith(("scrimmage.rules.grid.", "scrimmage.rules.roll.",
                                                "scrimmage.rules.fived20."))
            and not m.endswith(".ruleset")] == []
    # No pool for a single chunk, no Parquet writer, no EP/WP tables without --pbp.
    assert _loaded(modules, (*HEAVY, "concurrent.futures.process", "multiprocessing",
                             "scrimmage.analytics")) == []


def test_each_ruleset_names_the_modules_of_its_rules() -> None:
    # What a pool of workers preloads (`Ruleset.rules_modules`): the game a ruleset starts and
    # the team it loads come from those modules.
    import scrimmage.rules  # noqa: F401
    from scrimmage.core.dice import SeededDice
    from scrimmage.core.ruleset import find_ruleset, rules_modules, ruleset_names

    for name in ruleset_names():
        rs = find_ruleset(name)
        home, away = (rs.load_team(rs.team_data(t), t) for t in rs.default_teams())
        game = rs.new_game(home, away, SeededDice(1), {}, narrate=False)
        assert type(game).__module__ in rs.rules_modules, name
        assert type(home).__module__ in rs.rules_modules, name
        assert set(rs.rules_modules) <= set(rules_modules())
