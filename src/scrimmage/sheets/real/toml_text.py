"""A small TOML writer for built files (a 5D20 chart needs tables, arrays of tables and inline
tables; the standard library reads TOML but does not write it)."""

from __future__ import annotations

from typing import Any


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return str(int(v)) if v.is_integer() else f"{v:.3f}"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(type(v))


def _key(k: str) -> str:
    return k if k.replace("_", "").replace("-", "").isalnum() and not k[0].isdigit() else _value(k)


def _table(prefix: str, d: dict[str, Any], lines: list[str]) -> None:
    scalars = {k: v for k, v in d.items() if not _is_table(v) and not _is_table_list(v)}
    if prefix:
        lines.append(f"[{prefix}]")
    for k, v in scalars.items():
        lines.append(f"{_key(k)} = {_value(v)}")
    lines.append("")
    for k, v in d.items():
        name = f"{prefix}.{_key(k)}" if prefix else _key(k)
        if _is_table(v):
            _table(name, v, lines)
        elif _is_table_list(v):
            for item in v:
                lines.append(f"[[{name}]]")
                for ik, iv in item.items():
                    lines.append(f"{_key(ik)} = {_value(iv)}")
                lines.append("")


def _is_table(v: Any) -> bool:
    """Sections become tables; small flat dicts (ranges) stay inline."""
    return isinstance(v, dict) and (any(isinstance(x, (dict, list)) for x in v.values())
                                    or len(v) > 6)


def _is_table_list(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def to_toml(data: dict[str, Any]) -> str:
    lines: list[str] = []
    for k, v in data.items():
        if _is_table(v) or isinstance(v, dict):
            _table(_key(k), v, lines)
        elif _is_table_list(v):
            for item in v:
                lines.append(f"[[{_key(k)}]]")
                for ik, iv in item.items():
                    lines.append(f"{_key(ik)} = {_value(iv)}")
                lines.append("")
        else:
            lines.insert(0, f"{_key(k)} = {_value(v)}")
    return "\n".join(lines).rstrip() + "\n"
