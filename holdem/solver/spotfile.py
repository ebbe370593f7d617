"""Spot files: a spot written as a small TOML document (what ``holdem solve SPOTFILE`` reads).

::

    board = "Qs Jh 2h 8d 3s"       # 3, 4 or 5 cards
    pot = 100                      # chips in the pot, put in equally by both players
    stack = 300                    # the effective stack behind
    allin_threshold = 0.67         # optional (see holdem.solver.spot)
    raise_cap = 3                  # optional: raises a street after its first bet
    rake = 0.05                    # optional: the fraction of each pot taken ...
    rake_cap = 3                   # ... at most this many chips

    [oop]                          # the player out of position, who acts first
    range = "QQ:0.5,JJ,TT,AQs"     # a range (weights allowed)
    bet = "33%, 75%"               # sizes for every street ...
    raise = "60%"
    allin = true

    [oop.river]                    # ... or for one street (these keys replace those above)
    donk = "50%"

    [ip]
    range = "AA,KK,AK"
    bet = "50%, 150%"
    raise = "2.5x"

A player's table takes ``range`` and the keys of a street: ``bet``, ``raise``, ``donk`` (sizes
as text, see :mod:`holdem.solver.spot`, or a list of such texts) and ``allin`` (true or
false); a ``flop``, ``turn`` or ``river`` table under it gives that street its own. Anything else
is an error that names it.

>>> spot = loads(
...     'board = "Ks 7h 2d"\\npot = 10\\nstack = 50\\n[oop]\\nrange = "AA"\\n'
...     '[ip]\\nrange = "KK"\\nbet = "50%"'
... )
>>> spot.sizes_of(1, "turn").bet
(Size(kind='pot', value=0.5),)
>>> loads(dumps(spot)) == spot
True
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from holdem._validate import check_path
from holdem.errors import SolverError
from holdem.solver.spot import STREETS, Spot, StreetSizes

__all__ = ["dumps", "load", "loads"]

_TOP = {"board", "pot", "stack", "allin_threshold", "raise_cap", "rake", "rake_cap", "oop", "ip"}
_STREET_KEYS = {"bet", "raise", "donk", "allin"}
_MAX_BYTES = 1 << 20  # a spot file is a few lines; anything past a megabyte is refused


def load(path: str | Path) -> Spot:
    """The spot of a spot file.

    :raises SolverError: for a file that cannot be read, is not TOML, or describes no spot.
    :raises ArgumentTypeError: for a path that is no str, bytes or path-like object.
    """
    check_path(path, "the spot file", SolverError)
    try:
        with open(path, "rb") as f:
            data = f.read(_MAX_BYTES + 1)
    except OSError as exc:
        raise SolverError(f"cannot read the spot file {str(path)!r}: {exc.strerror}") from None
    if len(data) > _MAX_BYTES:
        raise SolverError(f"{str(path)!r} is not a spot file (larger than a megabyte)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SolverError(f"{str(path)!r} is not a spot file (not UTF-8 text)") from None
    return loads(text, where=str(path))


def loads(text: str, where: str = "the spot") -> Spot:
    """The spot of a spot file's text.

    :raises SolverError: for text that is not TOML, an unknown or missing key, or a value the
        spot refuses (the message names it).
    :raises CardError: for a board that is not three to five distinct cards.
    :raises RangeError: for a range that cannot be read.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SolverError(f"{where}: not TOML: {exc}") from None
    unknown = set(data) - _TOP
    if unknown:
        raise SolverError(f"{where}: unknown keys {sorted(unknown)} (the keys are {sorted(_TOP)})")
    missing = {"board", "pot", "stack", "oop", "ip"} - set(data)
    if missing:
        raise SolverError(f"{where}: missing {', '.join(sorted(missing))}")
    players: dict[str, Any] = {}
    for name in ("oop", "ip"):
        table = data[name]
        if not isinstance(table, Mapping):
            raise SolverError(f"{where}: [{name}] is a table (with a range and sizes)")
        if "range" not in table:
            raise SolverError(f"{where}: [{name}] has no range")
        unknown = set(table) - _STREET_KEYS - set(STREETS) - {"range"}
        if unknown:
            raise SolverError(f"{where}: [{name}] has unknown keys {sorted(unknown)}")
        common = {k: table[k] for k in _STREET_KEYS if k in table}
        streets = {}
        for street in STREETS:
            own = table.get(street, {})
            if not isinstance(own, Mapping):
                raise SolverError(f"{where}: [{name}.{street}] is a table of sizes")
            extra = set(own) - _STREET_KEYS
            if extra:
                raise SolverError(f"{where}: [{name}.{street}] has unknown keys {sorted(extra)}")
            streets[street] = _street({**common, **own}, f"{where}: [{name}.{street}]")
        players[name] = (table["range"], streets)
    try:
        return Spot(
            board=data["board"],
            pot=data["pot"],
            stack=data["stack"],
            oop=players["oop"][0],
            ip=players["ip"][0],
            oop_sizes=players["oop"][1],
            ip_sizes=players["ip"][1],
            raise_cap=data.get("raise_cap", 3),
            allin_threshold=data.get("allin_threshold"),
            rake=data.get("rake", 0.0),
            rake_cap=data.get("rake_cap"),
        )
    except SolverError as exc:
        raise SolverError(f"{where}: {exc}") from None


def _street(table: Mapping[str, Any], where: str) -> StreetSizes:
    allin = table.get("allin", False)
    if not isinstance(allin, bool):
        raise SolverError(f"{where}: allin is true or false, got {allin!r}")
    try:
        return StreetSizes(
            bet=table.get("bet", ""),
            raises=table.get("raise", ""),
            donk=table.get("donk", ""),
            allin=allin,
        )
    except SolverError as exc:
        raise SolverError(f"{where}: {exc}") from None


def dumps(spot: Spot) -> str:
    """A spot file's text for a spot (it reads back as the same spot)."""
    lines = [
        f"board = {_quote(' '.join(str(c) for c in spot.board))}",
        f"pot = {spot.pot}",
        f"stack = {spot.stack}",
        f"raise_cap = {spot.raise_cap}",
    ]
    if spot.allin_threshold is not None:
        lines.append(f"allin_threshold = {spot.allin_threshold!r}")
    if spot.rake:
        lines.append(f"rake = {spot.rake!r}")
        if spot.rake_cap is not None:
            lines.append(f"rake_cap = {spot.rake_cap!r}")
    first = STREETS.index(spot.street)
    for player, name in enumerate(("oop", "ip")):
        lines += ["", f"[{name}]", f"range = {_quote(str(spot.ranges[player]))}"]
        for street in STREETS[first:]:
            sizes = spot.sizes_of(player, street).as_dict()
            lines.append(f"[{name}.{street}]")
            for key, value in (
                ("bet", sizes["bet"]),
                ("raise", sizes["raises"]),
                ("donk", sizes["donk"]),
            ):
                if value:
                    lines.append(f"{key} = {_quote(str(value))}")
            lines.append(f"allin = {'true' if sizes['allin'] else 'false'}")
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    """A TOML basic string (the texts here hold no quote, backslash or control character)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
