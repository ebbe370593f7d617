"""Writing PHH: the hand history of an engine hand, as a model, a ``.phh`` or a ``.phhs`` text."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from holdem._validate import check_collection, check_type, is_int
from holdem.cards import Card
from holdem.engine.hand import EventKind, Street
from holdem.engine.rules import Structure
from holdem.errors import ArgumentTypeError, PHHError
from holdem.phh._rules_field import rule_fields
from holdem.phh._toml import toml_key
from holdem.phh.model import _CODES, _STAND_INS, HandHistory, _heads_up

if TYPE_CHECKING:  # the generic Hand[int] | Hand[int | Fraction] of holdem/engine/_typed_hand.pyi
    from holdem.engine._typed_hand import Hand
else:
    from holdem.engine.hand import Hand

__all__ = ["PlayedHand", "Session", "dumps_all", "dumps_table", "from_hand", "from_table", "to_phh"]

# PHH has no field for a live post or a dead blind (Robert's Rules of Poker): they are written as
# user-defined fields, per player in PHH order, which holdem's replay reads back.
_POST_FIELDS = {EventKind.POST: "_posts", EventKind.DEAD_BLIND: "_dead_blinds"}
_BETTING = (EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE)


def from_hand(hand: Hand, **fields: Any) -> HandHistory:
    """The hand history of a hand played by the engine (over or not), with extra ``fields``.

    Actions: ``d dh`` for every seat, then the betting with ``d db`` before each street; the
    showdown's ``sm`` actions follow the last betting action, before an all-in run-out (as
    pokerkit writes them). ``finishing_stacks`` is set once the hand is over. A hand from
    :func:`holdem.phh.replay` writes the cards its file left unknown as ``??`` again, not the
    random cards the replay drew for them. A hand with live posts or dead blinds
    (:class:`~holdem.Hand`'s ``posts`` and ``dead_blinds``) has them in the user-defined fields
    ``_posts`` and ``_dead_blinds``: PHH has no field for them; a hand whose board was run more
    than once has ``_runs``, with each run's ``d db`` actions in turn; a fixed-limit hand whose
    river bet differs from its big bet has ``_river_bet``. The rules the hand was played by are
    the user-defined fields ``_rules`` (the preset's name) and ``_rule_options`` (the options
    that differ from that preset), which :func:`holdem.phh.replay` plays by.

    :raises PHHError: for a game and structure PHH names no variant code for (no-limit Omaha
        ...), or if ``fields`` names one of the hand's own fields (``min_bet``, ``actions``
        ...).

    >>> hand = Hand([50, 50], blinds=(1, 2), seed=7)
    >>> hand.fold()
    >>> h = from_hand(hand, players=["Ann", "Bob"])
    >>> h.blinds_or_straddles, h.actions[-1], h.finishing_stacks
    ((1, 2), 'p2 f', (51, 49))

    :raises ArgumentTypeError: for a hand that is not a Hand.
    """
    check_type(hand, Hand, "a hand")
    code = _CODES.get((hand.game.name, hand.structure))
    if code is None:
        raise PHHError(
            f"PHH has no variant code for {hand.structure.value} {hand.game.name}: it names "
            "Texas hold'em, no-limit short deck, pot-limit Omaha and fixed-limit Omaha hi-lo"
        )
    n = hand.players
    unknown = _STAND_INS.get(hand, frozenset())

    def format_cards(cards: Iterable[Card], sep: str) -> str:  # a replay's stand-ins as ??
        return sep.join("??" if c in unknown else str(c) for c in cards)

    posts = {EventKind.POST: [0] * n, EventKind.DEAD_BLIND: [0] * n}
    lines: list[str] = []
    shows: list[str] = []
    last_bet = -1
    for event in hand.events:
        kind, seat = event.kind, event.seat
        player = f"p{(seat or 0) + 1}"
        if kind in posts:
            posts[kind][seat or 0] = int(event.amount)
        elif kind is EventKind.DEAL_HOLE:
            lines.append(f"d dh {player} {format_cards(event.cards, '')}")
            last_bet = len(lines)
        elif kind is EventKind.DEAL_BOARD:
            lines.append(f"d db {format_cards(event.cards, '')}")
        elif kind is EventKind.FOLD:
            lines.append(f"{player} f")
        elif kind in (EventKind.CHECK, EventKind.CALL):
            lines.append(f"{player} cc")
        elif kind in (EventKind.BET, EventKind.RAISE):
            lines.append(f"{player} cbr {event.amount}")
        elif kind is EventKind.SHOW:
            shows.append(f"{player} sm {format_cards(event.cards, '')}")
        elif kind is EventKind.MUCK:
            shows.append(f"{player} sm")
        if kind in _BETTING:
            last_bet = len(lines)
    lines[last_bet:last_bet] = shows
    # The antes due, not those posted: a stack short of its ante then posts all it has on the
    # replay too, and its pots are the same (posted amounts would read as smaller antes due,
    # which form no side pot); with trimming, a replay trims the antes due again.
    antes = list(hand.antes)
    finishing = None
    if hand.is_over and all(isinstance(s, int) for s in hand.stacks):
        finishing = tuple(int(s) for s in hand.stacks)
    shown = [c for e in hand.events if e.kind is EventKind.SHOW for c in e.cards]
    if len(shown) > 2 and unknown.intersection(shown, hand.board):
        finishing = None  # a showdown decided by cards the file did not know
    fixed = hand.structure is Structure.FIXED_LIMIT
    if fixed and hand.river_bet != hand.big_bet:  # PHH has one big bet for the turn and river
        fields.setdefault("_river_bet", hand.river_bet)
    if hand.street is Street.SHOWDOWN and not hand.is_over:  # stopped at a manual showdown
        fields.setdefault("_showdown_pending", True)
    if len(hand.boards) > 1:  # the board run more than once: its runs' cards follow the first
        fields.setdefault("_runs", len(hand.boards))
    for kind, name in _POST_FIELDS.items():
        if any(posts[kind]):
            fields.setdefault(name, _heads_up(tuple(posts[kind])))
    for name, value in rule_fields(hand.rules).items():  # replayed by the same rules
        fields.setdefault(name, value)
    fields.setdefault("finishing_stacks", finishing)
    finishing = fields.pop("finishing_stacks")
    return HandHistory(
        code,
        hand.starting_stacks,
        tuple(lines),
        tuple(_heads_up(tuple(antes))),
        tuple(_heads_up(hand.forced_bets)),
        ante_trimming_status=hand.rules.ante_trimming,
        finishing_stacks=None if finishing is None else tuple(finishing),
        fields=fields,
        small_bet=hand.small_bet if fixed else None,
        big_bet=hand.big_bet if fixed else None,
        min_bet=None if fixed else hand.min_bet,
    )


def to_phh(hand: Hand, **fields: Any) -> str:
    """A played hand as the text of a ``.phh`` file (see :func:`from_hand`).

    :raises PHHError: if ``fields`` names one of the hand's own fields, or holds a value TOML
        cannot write.

    >>> from holdem.phh import loads, replay
    >>> hand = Hand([50, 50], blinds=(1, 2), seed=7)
    >>> hand.fold()
    >>> replay(loads(to_phh(hand))[0]).finishing_stacks == hand.stacks
    True

    :raises ArgumentTypeError: for a hand that is not a Hand.
    """
    check_type(hand, Hand, "a hand")
    return from_hand(hand, **fields).dumps()


def dumps_all(histories: Iterable[HandHistory | Hand]) -> str:
    """Several hands as ``.phhs`` text: one table per hand, named by its key or number from 1.

    :raises PHHError: if a hand's fields hold a value TOML cannot write.
    :raises ArgumentTypeError: for histories that are no collection of HandHistory and Hand.

    >>> from holdem.phh import loads
    >>> history = HandHistory("NT", (5, 5), (), (0, 0), (1, 2), min_bet=2)
    >>> loads(dumps_all([history, history]))[1].key
    '2'
    """
    check_collection(histories, "histories", "[history, hand]")
    parts = []
    for number, item in enumerate(histories, 1):
        check_type(item, (HandHistory, Hand), "each of the histories")
        history = from_hand(item) if isinstance(item, Hand) else item
        key = history.key if history.key is not None else str(number)
        parts.append(f"[{toml_key(key)}]\n{history.dumps()}")
    return "\n".join(parts)


class PlayedHand(Protocol):
    """A hand of a session, as :class:`holdem.engine.table.TableHand` gives it: its number at
    the table, the table seat and the name of each hand seat, and the hand."""

    @property
    def number(self) -> int: ...
    @property
    def seats(self) -> tuple[int, ...]: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def hand(self) -> Hand: ...


class Session(Protocol):
    """What :func:`from_table` reads of a table (a :class:`holdem.Table`): its number of seats
    and every hand it dealt, in order."""

    @property
    def seats(self) -> int: ...
    @property
    def history(self) -> Sequence[PlayedHand]: ...


def from_table(table: Session, *, name: str | int | None = None) -> list[HandHistory]:
    """Every hand of a table's session that is over, as PHH hand histories, in order.

    Each has the PHH fields ``hand`` (the hand's number at the table), ``seats`` (the table
    seat of each player, ``p1`` first), ``seat_count``, ``players`` (the names) and, if given,
    ``table`` (``name``); its key in a ``.phhs`` file is the hand number.

    >>> from holdem import Table
    >>> table = Table(6, blinds=(1, 2), first_button=1, seed=1)
    >>> table.sit_down(2, "Ann", 100)
    >>> table.sit_down(5, "Bob", 100)
    >>> table.play_hand(lambda hand: hand.fold()).is_over
    True
    >>> h = from_table(table)[0]
    >>> h.key, h.fields["hand"], h.fields["seats"], h.fields["players"], h.finishing_stacks
    ('1', 1, [5, 2], ['Bob', 'Ann'], (101, 99))

    :raises ArgumentTypeError: for a table without a ``history`` and ``seats`` (a
        :class:`~holdem.Table` has them), or a name that is not a str, an int or None.
    """
    if not (hasattr(type(table), "history") and hasattr(type(table), "seats")):
        raise ArgumentTypeError(f"a table has a history and seats (a Table), got {table!r}")
    if name is not None and not isinstance(name, str) and not is_int(name):
        raise ArgumentTypeError(f"a table's name is a str, an int or None, got {name!r}")
    out = []
    for played in table.history:
        if not played.hand.is_over:
            continue
        fields: dict[str, object] = {
            "hand": played.number,
            "seats": list(played.seats),
            "seat_count": table.seats,
            "players": list(played.names),
        }
        if name is not None:
            fields["table"] = name
        history = from_hand(played.hand)  # (its own ``hand`` argument takes the name)
        fields.update(history.fields)
        out.append(history.replace(fields=fields, key=str(played.number)))
    return out


def dumps_table(table: Session, *, name: str | int | None = None) -> str:
    """A table's session as the text of one ``.phhs`` file (see :func:`from_table`).

    :raises PHHError: if a hand's fields hold a value TOML cannot write.
    """
    return dumps_all(from_table(table, name=name))
