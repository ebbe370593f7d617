"""Outs and next-card categories in the other games: short deck, Manila, Royal hold'em (any five
of the cards, on the game's deck), Omaha (high, or high-low eight or better), Lazy Pineapple and
Double Texas hold'em (three hole cards).

:func:`holdem.outs` and :func:`holdem.next_card_categories` call these with ``game=``. In
Omaha high-low a card is an out when the hand then takes the whole pot (it scoops: the best
high hand alone and, when a low qualifies, the best low alone), a tie card when it takes part
of it; its standing on the board as it is is read the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from holdem import games
from holdem.analysis.odds import Outs, Standing, _outs_of
from holdem.cards import Card, CardLike, parse_cards
from holdem.errors import ArgumentTypeError, CardError, OddsError
from holdem.evaluation import Category, category

__all__ = ["OMAHA_GAMES", "game_next_card_categories", "game_outs"]

OMAHA_GAMES = ("omaha", "omaha-hi-lo")

Evaluator = Callable[[tuple[Card, ...], tuple[Card, ...]], tuple[int, int]]


def _rules(game: object) -> tuple[Evaluator, frozenset[int], set[int], games.Game | None]:
    """(evaluator of (hole, board) -> (high, low), deck, hole sizes, Game or None for Omaha)."""
    if isinstance(game, str) and game.lower() in OMAHA_GAMES:
        low = game.lower() == "omaha-hi-lo"

        def omaha(hole: tuple[Card, ...], board: tuple[Card, ...]) -> tuple[int, int]:
            high = games.evaluate_omaha(hole, board)
            return high, games.evaluate_omaha_low(hole, board) if low else 0

        return omaha, frozenset(range(52)), {4, 5, 6}, None
    if isinstance(game, str) and game.lower() in games.THREE_CARD_GAMES:
        three = (
            games.evaluate_lazy_pineapple
            if game.lower() == "lazy-pineapple"
            else games.evaluate_double_holdem
        )

        def three_card(hole: tuple[Card, ...], board: tuple[Card, ...]) -> tuple[int, int]:
            return three(hole, board), 0

        return three_card, frozenset(range(52)), {3}, None
    if not isinstance(game, str | games.Game):
        raise ArgumentTypeError(f"a game is a name or a Game, got {game!r}")
    g = games.resolve_game(game)

    def any_five(hole: tuple[Card, ...], board: tuple[Card, ...]) -> tuple[int, int]:
        return games.evaluate_game((*hole, *board), g), 0

    return any_five, frozenset(int(c) for c in g.deck), {2}, g


def _spot(
    hand: str | Iterable[CardLike],
    board: str | Iterable[CardLike],
    versus: Sequence[str | Iterable[CardLike]],
    dead: str | Iterable[CardLike],
    deck: frozenset[int],
    sizes: set[int],
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[tuple[Card, ...], ...], list[Card]]:
    """Parse and check a spot: hands of the game's size, a flop or turn, cards of its deck,
    each once; returns the hand, the board, the opposing hands and the unseen cards."""
    if isinstance(versus, str):
        raise ArgumentTypeError(
            f"versus is a list of hands, e.g. ['QsQd'], got the string {versus!r}"
        )
    mine = parse_cards(hand)
    table = parse_cards(board)
    others = tuple(parse_cards(h) for h in versus)
    gone = parse_cards(dead)
    want = " or ".join(map(str, sorted(sizes)))
    for what, cards in (
        ("the hand", mine),
        *((f"opposing hand {i}", h) for i, h in enumerate(others)),
    ):
        if len(cards) != len(mine) or len(cards) not in sizes:
            raise CardError(f"{what} must be {want} cards (all hands the same), got {len(cards)}")
    if len(table) not in (3, 4):
        raise CardError(
            f"outs are counted on a flop or a turn: the board must be 3 or 4 cards, "
            f"got {len(table)}"
        )
    seen: set[Card] = set()
    for card in (*mine, *table, *(c for h in others for c in h), *gone):
        if int(card) not in deck:
            raise CardError(f"{card} is not in this game's deck")
        if card in seen:
            raise CardError(f"card {card} appears twice")
        seen.add(card)
    return mine, table, others, [Card(c) for c in sorted(deck) if Card(c) not in seen]


def game_outs(
    hand: str | Iterable[CardLike],
    board: str | Iterable[CardLike],
    versus: Sequence[str | Iterable[CardLike]],
    *,
    dead: str | Iterable[CardLike] = (),
    game: str | games.Game,
) -> Outs:
    """The outs of ``hand`` against known hands on a flop or turn in ``game`` (what
    ``holdem.outs(..., game=...)`` calls): ``'omaha'``, ``'omaha-hi-lo'`` (hands of 4, 5 or 6
    cards) or a game whose hand is any five of the cards (two cards; the unseen cards are its
    deck's).

    :raises CardError: for an unknown or repeated card, a card outside the game's deck, hands
        of the wrong size, or a board that is not 3 or 4 cards.
    :raises ArgumentError: for an unknown game name.
    :raises ArgumentTypeError: for a game that is neither a name nor a Game, or ``versus`` that
        is a string.
    :raises OddsError: if ``versus`` is empty.

    >>> o = game_outs("9h8h", "Kh7h6c", ["AsAd"], game="short-deck")
    >>> o.count, o.unseen
    (9, 29)
    """
    evaluate, deck, sizes, _ = _rules(game)
    mine, table, others, unseen = _spot(hand, board, versus, dead, deck, sizes)
    if not others:
        raise OddsError("outs need at least one opposing hand (versus=['QsQd'])")

    def standing(extra: tuple[Card, ...]) -> Standing:
        cards = table + extra
        values = [evaluate(h, cards) for h in (mine, *others)]
        best_hi = max(v[0] for v in values)
        best_lo = max(v[1] for v in values)
        high = [v[0] == best_hi for v in values]
        low = [best_lo > 0 and v[1] == best_lo for v in values]
        share = (0.5 if best_lo else 1.0) * high[0] / sum(high)
        if best_lo:
            share += 0.5 * low[0] / sum(low)
        if share == 1.0:
            return Standing.AHEAD
        return Standing.TIED if share > 0 else Standing.BEHIND

    return _outs_of(standing, unseen, mine, table, others)


def game_next_card_categories(
    hand: str | Iterable[CardLike],
    board: str | Iterable[CardLike],
    *,
    dead: str | Iterable[CardLike] = (),
    game: str | games.Game,
) -> dict[Category, tuple[Card, ...]]:
    """What the hand becomes with each possible next card of the game's deck, grouped by
    category (Omaha: the high hand's), as ``holdem.next_card_categories(..., game=...)``.

    :raises CardError: for an unknown or repeated card, a card outside the game's deck, a hand
        of the wrong size, or a board that is not 3 or 4 cards.
    :raises ArgumentError: for an unknown game name.
    :raises ArgumentTypeError: for a game that is neither a name nor a Game.

    >>> grouped = game_next_card_categories("AhKh", "QhJh6c", game="short-deck")
    >>> {c.label: len(cards) for c, cards in grouped.items()}
    {'Straight flush': 1, 'Flush': 4, 'Straight': 3, 'One pair': 14, 'High card': 9}
    """
    evaluate, deck, sizes, g = _rules(game)
    mine, table, _, unseen = _spot(hand, board, (), dead, deck, sizes)
    groups: dict[Category, list[Card]] = {}
    for card in unseen:
        value = evaluate(mine, (*table, card))[0]
        groups.setdefault(category(value, g), []).append(card)
    order = sorted(groups, key=lambda c: _place(c, g), reverse=True)
    return {c: tuple(groups[c]) for c in order}


def _place(c: Category, g: games.Game | None) -> int:
    """A category's place in the game's order (hold'em's for Omaha)."""
    return int(c) if g is None else g.positions[int(c)]
