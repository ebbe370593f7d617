"""The rule preset and options of a hand, as PHH user-defined fields (``_rules``,
``_rule_options``), so that a written hand replays under the rules it was played with."""

from __future__ import annotations

import dataclasses
import enum
import functools
from fractions import Fraction
from typing import Any

from holdem.engine.rules import PRESETS, Rake, Rules
from holdem.errors import PHHError, RulesError

__all__: list[str] = []

#: The user-defined fields (the PHH specification allows fields whose names start with ``_``).
RULES_FIELD = "_rules"
OPTIONS_FIELD = "_rule_options"
_NONE = "none"  # TOML has no null: an option set to None


def rule_fields(rules: Rules) -> dict[str, Any]:
    """``_rules`` (the preset's name) and, when any option differs from that preset's,
    ``_rule_options`` (those options, as TOML values: enums by name, None as ``"none"``, a rake
    as a table of the fields that differ from :class:`Rake`'s defaults).

    >>> rule_fields(Rules.preset("casino", cap=None))
    {'_rules': 'casino', '_rule_options': {'cap': 'none'}}
    """
    out: dict[str, Any] = {RULES_FIELD: rules.name}
    preset = PRESETS.get(rules.name)
    options: dict[str, Any] = {}
    for f in dataclasses.fields(rules):
        if not f.init:  # (the kernel's view of the others)
            continue
        value = getattr(rules, f.name)
        if f.name == "name" or (preset is not None and getattr(preset, f.name) == value):
            continue
        options[f.name] = _written(value)
    if options:
        out[OPTIONS_FIELD] = options
    return out


def _written(value: Any) -> Any:
    if value is None:
        return _NONE
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, Rake):
        default = Rake()
        return {
            f.name: _written(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if getattr(value, f.name) != getattr(default, f.name)
        }
    if isinstance(value, Fraction):
        return str(value)
    return value


def rules_in_file(fields: Any, label: str) -> Rules | None:
    """The rules a file's ``_rules`` and ``_rule_options`` name, or None when it has no
    ``_rules``.

    :raises PHHError: for an unknown preset or option, or an option of the wrong kind.
    """
    name = fields.get(RULES_FIELD)
    if name is None:
        return None
    options = fields.get(OPTIONS_FIELD, {})
    if not isinstance(name, str) or not isinstance(options, dict):
        raise PHHError(f"{label}: _rules is a preset name and _rule_options a table")
    try:
        return _rules(name, tuple(sorted((k, _frozen(v)) for k, v in options.items())))
    except (RulesError, KeyError, TypeError, ValueError) as exc:
        raise PHHError(f"{label}: the file's rules cannot be used: {exc}") from None


def _frozen(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list):  # (a rake's ``pots``)
        return tuple(value)
    return value


@functools.lru_cache(maxsize=256)
def _rules(name: str, options: tuple[tuple[str, Any], ...]) -> Rules:
    preset = Rules.preset(name)
    changes: dict[str, Any] = {}
    for key, value in options:
        if not hasattr(preset, key) or key == "name":
            raise RulesError(f"unknown rule option {key!r}")
        current = getattr(preset, key)
        if value == _NONE:
            changes[key] = None
        elif isinstance(current, enum.Enum):
            changes[key] = type(current)[value]
        elif key == "rake":
            rake: dict[str, Any] = {k: None if v == _NONE else v for k, v in value}
            changes[key] = Rake(**rake)
        else:
            changes[key] = value
    return preset.replace(**changes) if changes else preset
