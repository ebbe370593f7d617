"""Where the button and the blinds go between hands, and who is dealt in.

The rules are Robert's Rules of Poker ("Button and blind use") and the TDA rules, the two rule
books that speak where Wikipedia's "Texas hold 'em" is silent:

* **Dead button** (the default; the TDA rules): the big blind moves one player clockwise every
  hand; the small blind is posted by the player who had the big blind (absent if that player is
  gone or sitting out), and the button goes to the seat of the last small blind, even an empty
  one, so one player may have the last action on two hands running.
* **Moving button**: the button moves to the next established player, the small blind is posted
  by the next one and the big blind by the next player who may take it (the "simplified" rule;
  a blind that passes a seat left empty is simply missed).
* **Heads-up** (Wikipedia; the TDA rules): the button posts the small blind and the other player
  the big blind; no one posts the big blind twice in a row, and a new or returning player of the
  two takes the big blind.
* **New players** wait for the big blind or post one in any position except between the button
  and the big blind; a player who missed blinds while sitting out posts them (the big blind
  live, the small blind dead) or waits for the big blind, which settles what is owed.
* **A player moved in** (a tournament's player from a broken table, one moved to balance, a
  late entry: established, with nothing owed) into the seat where the small blind is due
  (the seat of the last big blind): by the dead-button rule of Robert's Rules of Poker ("the
  small blind and button are positioned accordingly, even if this means the small blind [...]
  is placed in front of an empty seat"; "a new player cannot be dealt in between the big blind
  and the button") the small blind is dead and he waits a hand (``MovedPlayers.ROBERT``); by
  the TDA rules (2013 rule 9, "Breaking Tables": "they can get any seat including the big or
  small blind or button. The only place they cannot be dealt a hand is between the small blind
  and the button") he posts the small blind and is dealt in (``MovedPlayers.TDA``).
* A game that cannot deal two players by these rules (everyone else is new or waiting), or
  whose players are all new or owe blinds, starts anew: every player with chips is dealt in
  with no posts, as on the first hand.

Seats are the table's seat numbers (any ints, in clockwise order); :func:`plan_hand` is a pure
function of the seats' states and the last hand's positions.

>>> players = {1: SeatState(1, ACTIVE), 3: SeatState(3, ACTIVE), 5: SeatState(5, ACTIVE)}
>>> plan = plan_hand(range(1, 7), players, None, first_button=1)
>>> plan.button, plan.small_blind, plan.big_blind, plan.dealt
(1, 3, 5, (3, 5, 1))
>>> plan = plan_hand(
...     range(1, 7), {1: SeatState(1, ACTIVE), 5: SeatState(5, ACTIVE)}, plan
... )  # 3 left
>>> plan.button, plan.small_blind, plan.big_blind, plan.dealt  # heads-up
(5, 5, 1, (1, 5))
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable, Iterator, Mapping
from typing import Any, NamedTuple

from holdem._deprecation import Moved
from holdem._validate import Lookup

__all__ = [
    "ACTIVE",
    "OUT",
    "POSTING",
    "WAITING",
    "ButtonRule",
    "HandPlan",
    "MovedPlayers",
    "SeatState",
    "plan_hand",
]


class _Empty(Mapping[int, Any]):
    """The empty read-only mapping of a plan with no posts; pickles and copies as itself."""

    __slots__ = ()

    def __getitem__(self, key: int) -> Any:
        raise KeyError(key)

    def __iter__(self) -> Iterator[int]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "{}"

    def __reduce__(self) -> str:
        return "_EMPTY"


_EMPTY: Mapping[int, Any] = _Empty()


class ButtonRule(Lookup, enum.Enum):
    """How the button and the blinds move when players come and go."""

    #: The big blind moves one player every hand; the button may be dead (TDA, Robert's Rules).
    DEAD = "dead"
    #: The button moves to the next player every hand; missed blinds are missed.
    MOVING = "moving"


class MovedPlayers(Lookup, enum.Enum):
    """Whether a player moved in to the seat where the small blind is due posts it (dead button).

    A player moved in is established (:meth:`holdem.Table.sit_down` with ``established=True``):
    a tournament's player from a broken table, one moved to balance, or a late entry.
    """

    #: Robert's Rules of Poker's dead button: the small blind is dead, the player waits a hand
    #: (under the moving button, on his first hand here the button and the small blind pass
    #: him by to the next players who have played here, and between the button and the small
    #: blind he sits that hand out: PokerStars' "out of hand (moved from another table into
    #: small blind)").
    ROBERT = "robert"
    #: The TDA rules (2013 rule 9): the player posts the small blind and is dealt in.
    TDA = "tda"


#: The states of a seated player between hands.
ACTIVE = "active"  #: dealt in: has played (or drew for the button) and owes nothing
WAITING = "waiting"  #: new or owing blinds, waits for the big blind
POSTING = "posting"  #: new or owing blinds, posts to be dealt in where the rules allow
OUT = "out"  #: sitting out, or has no chips: not dealt in (and misses the blinds that pass)


class SeatState(NamedTuple):
    """A seated player as the button rules see it.

    ``player`` tells two players in the same seat apart (by default the seat number);
    ``new``: has never played at this table (posts the big blind only); ``owes_small`` and
    ``owes_big``: missed those blinds while sitting out. ``moved``: an established player
    moved in who has not been dealt a hand at this table yet (see :class:`MovedPlayers`). (A
    named tuple: a table builds one per player every hand.)
    """

    player: object
    state: str
    new: bool = False
    owes_small: bool = False
    owes_big: bool = False
    moved: bool = False


class HandPlan(NamedTuple):
    """The positions of one hand, who is dealt in and what each posts.

    ``button``: the button's seat (``dead_button`` when no player there is dealt in);
    ``small_blind``: the seat that posts the small blind, or None; ``big_blind``: the seat that
    posts the big blind; ``dealt``: the seats dealt in, in the hand's order (the first left of the
    button first, the button's seat or the seat nearest to its right last; heads-up the big blind
    then the button). ``posts``: seat -> (live, dead) in units of the big and small blind (1 or
    0); ``missed``: seat -> (small, big) blinds missed this hand by players sitting out.
    ``small_position``: the seat where the small blind is due (absent or not), for the next hand;
    ``big_player``: the player who posted the big blind. ``fresh``: the game starts anew (the
    first hand, or fewer than two players could be dealt in by the rules): no posts. (A named
    tuple: a table builds one every hand.)
    """

    button: int
    small_blind: int | None
    big_blind: int
    dealt: tuple[int, ...]
    small_position: int
    big_player: object
    posts: Mapping[int, tuple[int, int]] = _EMPTY
    missed: Mapping[int, tuple[bool, bool]] = _EMPTY
    fresh: bool = False

    @property
    def dead_button(self) -> bool:
        """True when no player dealt in sits at the button."""
        return self.button not in self.dealt

    @property
    def heads_up(self) -> bool:
        """True for a hand of two players (the button posts the small blind)."""
        return len(self.dealt) == 2


def _from(order: list[int], seat: int) -> list[int]:
    """Every seat clockwise after ``seat``, ``seat`` last."""
    i = order.index(seat) + 1
    return order[i:] + order[:i]


def _after(order: list[int], seat: int, pick: Iterable[int]) -> int | None:
    """The first seat of ``pick`` strictly clockwise after ``seat`` (wrapping), or None."""
    chosen = set(pick)
    for s in _from(order, seat):
        if s in chosen:
            return s
    return None


def _arc(order: list[int], start: int, end: int) -> list[int]:
    """The seats clockwise after ``start`` up to and including ``end``."""
    seats = _from(order, start)
    return seats[: seats.index(end) + 1]


def plan_hand(
    seats: Iterable[int],
    players: Mapping[int, SeatState],
    last: HandPlan | None,
    *,
    rule: ButtonRule = ButtonRule.DEAD,
    first_button: int | None = None,
    moved: MovedPlayers = MovedPlayers.ROBERT,
) -> HandPlan | None:
    """The positions of the next hand, or None when fewer than two players can be dealt in.

    ``seats``: every seat of the table in clockwise order; ``players``: the occupied ones;
    ``last``: the previous hand's plan (None for the first hand of a session, whose button is
    ``first_button`` or the first occupied seat). ``moved``: whether an established player
    moved in to the seat where the small blind is due posts it (dead button), or may take the
    button or the small blind on his first hand (moving button; 'robert': they pass him by to
    the next players who have played here, and between them he sits that hand out, as
    PokerStars deals it).
    """
    order = list(seats)
    able = [s for s in order if s in players and players[s].state != OUT]
    if len(able) < 2:
        return None
    if last is None or last.big_blind not in order:
        start = first_button if first_button in able else able[0]
        return _fresh(order, players, able, start)
    active = [s for s in able if players[s].state == ACTIVE]
    if not active:  # only new players, or players who owe blinds: a new game
        return _fresh(order, players, able, _after(order, last.button, able))
    if len(able) == 2:
        if rule is ButtonRule.DEAD:
            guess = _after(order, last.big_blind, able)
        else:
            guess = _after(order, _after(order, last.button, able) or able[0], able)
        assert guess is not None
        return _heads_up(order, players, last, able, guess)
    places = None
    if rule is ButtonRule.MOVING:
        # (Robert's: a player moved in takes neither the button nor the small blind; they go
        # to the next players who have played here, as PokerStars deals them)
        skip = () if moved is MovedPlayers.TDA else {s for s in active if players[s].moved}
        settled = [s for s in active if s not in skip] or active
        places = _moving(order, last, settled, able, skip)
    waits = False  # a player moved in on the moving button's button or small blind waits
    if places is None or players[places[2]].player == last.big_player:
        # dead button, and the moving button where it would give the big blind twice running
        places = _dead(order, players, last, able, moved is MovedPlayers.TDA)
    else:
        waits = moved is MovedPlayers.ROBERT
    button, small, big, small_position = places
    if waits and small is not None and players[small].moved:
        small = None  # he sits the hand out: the small blind is dead (Robert's Rules)
    barred = set(_arc(order, button, big)[:-1]) | {button}  # button .. big blind, exclusive
    dealt = []
    for s in able:
        state = players[s].state
        if s in (big, small):
            dealt.append(s)
        elif s in barred:
            if s == button and state == ACTIVE and not (waits and players[s].moved):
                dealt.append(s)
        elif state in (ACTIVE, POSTING):
            dealt.append(s)
    if len(dealt) < 2:
        return _fresh(
            order, players, able, button if button in able else _after(order, button, able)
        )
    if len(dealt) == 2:
        return _heads_up(order, players, last, dealt, big)
    ordered = _clockwise(order, button, dealt)
    posts = {}
    for s in ordered:
        p = players[s]
        if s not in (big, small) and p.state == POSTING:
            posts[s] = (int(p.new or p.owes_big), int(p.owes_small and not p.new))
    missed = _missed(order, players, last, small_position, big)
    return HandPlan(button, small, big, ordered, small_position, players[big].player, posts, missed)


def _dead(
    order: list[int],
    players: Mapping[int, SeatState],
    last: HandPlan,
    able: list[int],
    moved_posts: bool,
) -> tuple[int, int | None, int, int]:
    """The dead button's positions: (button, small blind or None, big blind, small position).

    The small blind is the last big blind's player; with ``moved_posts``, also an established
    player moved in to that seat since (an ACTIVE player who is not the last big blind's: a
    new player is never ACTIVE before his first hand)."""
    big = _after(order, last.big_blind, able)
    assert big is not None
    small_position = last.big_blind
    keeper = players.get(small_position)
    small = (
        small_position
        if keeper is not None
        and keeper.state == ACTIVE
        and (moved_posts or keeper.player == last.big_player)
        else None
    )
    # The button goes to the last small blind's seat; after a heads-up hand (whose small blind
    # was on the button) that seat may be the big blind's: then the seat right of the small
    # blind takes it.
    button = last.small_position
    if button not in _arc(order, big, small_position)[:-1]:
        button = order[order.index(small_position) - 1]
    return button, small, big, small_position


def _moving(
    order: list[int],
    last: HandPlan,
    active: list[int],
    able: list[int],
    skip: Collection[int] = (),
) -> tuple[int, int | None, int, int]:
    """The moving button's positions: (button, small blind or None, big blind, small position).

    The button and the small blind go to players of ``active``; ``skip``: players who take no
    blind when no one of ``active`` is left for the big blind between the small blind and the
    button (players moved in, who then sit the hand out)."""
    button = _after(order, last.button, active)
    assert button is not None
    small = _after(order, button, active)
    big = _after(order, small, able) if small is not None else None
    if small == button or big is None or big == button:
        small = None
        big = _after(order, button, [s for s in able if s not in skip] or able)
    assert big is not None
    return button, small, big, small if small is not None else button


def _clockwise(order: list[int], button: int, dealt: Iterable[int]) -> tuple[int, ...]:
    """The seats of ``dealt`` clockwise from the first after the ``button``."""
    chosen = set(dealt)
    return tuple([s for s in _from(order, button) if s in chosen])


def _fresh(
    order: list[int], players: Mapping[int, SeatState], able: list[int], button: int | None
) -> HandPlan:
    """A hand as at the start of a game: everyone with chips dealt in, no posts."""
    if button is None or button not in able:
        button = able[0]
    if len(able) == 2:
        big = _after(order, button, able)
        assert big is not None
        return HandPlan(button, button, big, (big, button), button, players[big].player, fresh=True)
    small = _after(order, button, able)
    assert small is not None
    big = _after(order, small, able)
    assert big is not None
    dealt = _clockwise(order, button, able)
    return HandPlan(button, small, big, dealt, small, players[big].player, fresh=True)


def _heads_up(
    order: list[int],
    players: Mapping[int, SeatState],
    last: HandPlan,
    dealt: list[int],
    big: int,
) -> HandPlan:
    """Two players: the button posts the small blind; the big blind never twice running."""
    a, b = dealt
    fresh = [s for s in dealt if players[s].state != ACTIVE]
    if len(fresh) == 1:
        big = fresh[0]  # a new or returning player takes the big blind
    elif big not in dealt:
        big = a
    if players[big].player == last.big_player:
        big = b if big == a else a
    button = b if big == a else a
    missed = _missed(order, players, last, button, big)
    return HandPlan(button, button, big, (big, button), button, players[big].player, {}, missed)


def _missed(
    order: list[int],
    players: Mapping[int, SeatState],
    last: HandPlan,
    small_position: int,
    big: int,
) -> dict[int, tuple[bool, bool]]:
    """The blinds that pass the seats of players sitting out (Robert's Rules: they owe them)."""
    missed: dict[int, tuple[bool, bool]] = {}
    small_arc = set(_arc(order, last.small_position, small_position))
    if last.small_position == small_position:
        small_arc = set()
    big_arc = set(_arc(order, last.big_blind, big)) if last.big_blind != big else set()
    for s in small_arc | big_arc:
        p = players.get(s)
        if p is not None and p.state == OUT and not p.new:
            missed[s] = (s in small_arc, s in big_arc)
    return missed


# Seat was SeatState's name until it was renamed, so that no two classes of holdem share a name
# (holdem.pokerstars.Seat is a seat of a hand history): the old name works until the next release.
_MOVED = Moved(__name__, {"Seat": ("holdem.engine.button.SeatState", SeatState)})


def __getattr__(name: str) -> Any:
    return _MOVED(name)
