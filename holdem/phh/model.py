"""The hand history model: one PHH hand, its game fields and the variants holdem plays."""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from holdem.cards import Card
from holdem.engine.rules import Structure
from holdem.errors import ArgumentTypeError, PHHError
from holdem.phh._toml import toml_key, toml_value

__all__ = ["VARIANTS", "VARIANT_GAMES", "Amount", "HandHistory"]

#: An amount of a file: an int, or the exact Decimal of one with a fractional part (``0.25``),
#: or ``Decimal("Infinity")`` for an unknown stack (PHH's ``inf``).
Amount = int | Decimal

#: The variant codes holdem plays, and their betting structures (``PT`` is holdem's own): the
#: PHH specification's hold'em codes, ``NS`` (no-limit short-deck hold'em), ``PO`` (pot-limit
#: Omaha) and ``FO/8`` (fixed-limit Omaha hi-lo eight or better).
VARIANTS: dict[str, Structure] = {
    "NT": Structure.NO_LIMIT,
    "FT": Structure.FIXED_LIMIT,
    "PT": Structure.POT_LIMIT,
    "NS": Structure.NO_LIMIT,
    "PO": Structure.POT_LIMIT,
    "FO/8": Structure.FIXED_LIMIT,
}
#: The game (a name of :data:`holdem.engine.variants.VARIANTS`) of each code that is not
#: Texas hold'em.
VARIANT_GAMES: dict[str, str] = {"NS": "short-deck", "PO": "omaha", "FO/8": "omaha-hi-lo"}
# The code of each (game, structure) the specification names.
_CODES = {(VARIANT_GAMES.get(c, "holdem"), s): c for c, s in VARIANTS.items()}

# The fields that build and play the hand, in the order pokerkit writes them.
_GAME_FIELDS = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
)
# The names ``fields`` may not hold: the hand's own attributes.
_RESERVED = frozenset((*_GAME_FIELDS, "finishing_stacks"))
# Fields of other variants (stud's bring-in): a hold'em history must not have them.
_FOREIGN_FIELDS = ("bring_in",)


@dataclass(frozen=True, slots=True)
class HandHistory:
    """One hand as PHH describes it: the game, the starting stacks and the actions.

    Amounts are per player in PHH order (``p1`` first), with PHH's conventions: heads-up, the
    engine reverses ``antes`` and ``blinds_or_straddles`` (the button posts the second entry); a
    negative entry of ``blinds_or_straddles`` is a post (a player who has just sat down pays it
    to be dealt in at once; pokerkit's reading), and an ``inf`` stack is unknown. An amount is
    an int, or the exact :class:`~decimal.Decimal` of the file's text when it has decimals
    (``0.25``, ``10112.5``): never a float.
    ``fields`` holds every other field of the file (``players``, ``event``, ``hand`` ...) in file
    order, ``finishing_stacks`` apart. ``source``, ``index`` and ``key`` say where the hand came
    from: the file, its position in the file (from 0) and its table name in a ``.phhs`` file.

    :raises PHHError: if ``fields`` holds one of the hand's own fields (``min_bet``,
        ``actions``, ``finishing_stacks`` ...).
    :raises ArgumentTypeError: if ``fields`` is not a mapping.
    """

    variant: str
    starting_stacks: tuple[Amount, ...]
    actions: tuple[str, ...]
    antes: tuple[Amount, ...] = ()
    blinds_or_straddles: tuple[Amount, ...] = ()
    min_bet: Amount | None = None
    small_bet: Amount | None = None
    big_bet: Amount | None = None
    ante_trimming_status: bool = False
    finishing_stacks: tuple[Amount, ...] | None = None
    fields: Mapping[str, Any] = field(default_factory=dict, hash=False)
    source: str = field(default="<string>", compare=False)
    index: int = field(default=0, compare=False)
    key: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        fields: object = self.fields
        if not isinstance(fields, Mapping):
            kind = type(fields).__name__
            raise ArgumentTypeError(f"a hand's fields are a mapping of names to values, got {kind}")
        reserved = sorted(_RESERVED.intersection(self.fields))
        if reserved:
            raise PHHError(
                f"{self.label}: {', '.join(map(repr, reserved))} belong(s) to the hand's own "
                "attributes, not to its other fields"
            )

    @property
    def label(self) -> str:
        """The hand's name in messages: the file, and the table of a ``.phhs`` file.

        >>> HandHistory("NT", (10, 10), (), source="a.phhs", index=2, key="3").label
        'a.phhs [3] (hand 3 of the file)'
        """
        if self.key is None:
            return self.source
        return f"{self.source} [{self.key}] (hand {self.index + 1} of the file)"

    @property
    def players(self) -> int:
        """The number of players (the length of ``starting_stacks``)."""
        return len(self.starting_stacks)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names in PHH order: the file's ``players`` field when it names each
        player once, else PHH's own ``p1``, ``p2`` ...

        >>> HandHistory("NT", (10, 10), (), fields={"players": ["Ann", "Bo"]}).names
        ('Ann', 'Bo')
        >>> HandHistory("NT", (10, 10), ()).names
        ('p1', 'p2')
        """
        given = self.fields.get("players")
        if (
            isinstance(given, list | tuple)
            and len(given) == self.players
            and all(isinstance(name, str) and name.strip() for name in given)
            and len(set(given)) == len(given)
        ):
            return tuple(given)
        return tuple(f"p{i + 1}" for i in range(self.players))

    def replace(self, **changes: Any) -> HandHistory:
        """A copy with some fields changed.

        :raises PHHError: as the constructor, if the new ``fields`` hold one of the hand's own.

        >>> HandHistory("NT", (10, 10), ()).replace(min_bet=2).min_bet
        2
        """
        return dataclasses.replace(self, **changes)

    def dumps(self) -> str:
        """This hand as the text of a ``.phh`` file (TOML).

        :raises PHHError: if a value of ``fields`` cannot be written as TOML.

        >>> print(HandHistory("NT", (10, 10), ("p2 f",), (0, 0), (1, 2), min_bet=2).dumps())
        variant = "NT"
        ante_trimming_status = false
        antes = [0, 0]
        blinds_or_straddles = [1, 2]
        min_bet = 2
        starting_stacks = [10, 10]
        actions = [
          "p2 f",
        ]
        <BLANKLINE>
        """
        lines = []
        for name in _GAME_FIELDS:
            value = getattr(self, name)
            if value is None:
                continue
            if name == "actions":
                body = "".join(f"  {toml_value(a)},\n" for a in value)
                lines.append(f"actions = [\n{body}]")
            else:
                lines.append(f"{name} = {toml_value(value)}")
        extra = dict(self.fields)
        if self.finishing_stacks is not None:
            extra["finishing_stacks"] = self.finishing_stacks
        try:
            lines.extend(
                f"{toml_key(k)} = {toml_value(v)}" for k, v in extra.items() if v is not None
            )
        except TypeError as exc:
            raise PHHError(f"{self.label}: {exc}") from None
        return "\n".join(lines) + "\n"


# The cards a replay drew for a file's unknown ones (``??``), by replayed hand: a hand written
# back from a replay keeps them unknown instead of passing the random stand-ins off as dealt.
_STAND_INS: weakref.WeakKeyDictionary[Any, frozenset[Card]] = weakref.WeakKeyDictionary()


def _heads_up(values: tuple[Any, ...]) -> list[Any]:
    """PHH's per-player amounts in engine order: heads-up, PHH lists the button's entry second."""
    return list(reversed(values)) if len(values) == 2 else list(values)
