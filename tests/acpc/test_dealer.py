"""holdem.acpc.dealer: the dealer's MT19937 seeding and its deals.

Oracles: numpy's legacy ``RandomState`` (the same ``init_genrand`` seeding, through
``pytest.importorskip``), the reference implementation's first output for its default seed,
and the dealer's logs, whose every hand was dealt from a known seed
(``_support.acpc_reference.LOGS``; the cards of all 11,000 hands are checked in
``test_protocol``).
"""

from __future__ import annotations

from itertools import islice

import pytest

from holdem import Card
from holdem.acpc import HOLDEM_LIMIT_2P, MT19937, GameDef, deal, deals, parse_state
from holdem.errors import ArgumentError, ArgumentTypeError

from _support import acpc_reference as REF


@pytest.mark.parametrize("seed", [0, 3, 21, 99, 2**32 - 1])
def test_mt19937_matches_numpy_legacy_seeding(seed: int) -> None:
    np = pytest.importorskip("numpy")
    expected = np.random.RandomState(seed)._bit_generator.random_raw(2000)
    rng = MT19937(seed)
    assert [rng.next_uint32() for _ in range(2000)] == [int(x) for x in expected]


def test_mt19937_reference_output() -> None:
    # mt19937ar.c (Matsumoto and Nishimura): init_genrand(5489), then genrand_int32().
    rng = MT19937(5489)
    assert [rng.next_uint32() for _ in range(3)] == [3499211612, 581869302, 3890346734]


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        (-1, ArgumentError),
        (2**32, ArgumentError),
        (1.5, ArgumentTypeError),
        (True, ArgumentTypeError),
        ("7", ArgumentTypeError),
        (None, ArgumentTypeError),
    ],
)
def test_mt19937_rejects_bad_seeds(seed: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="seed"):
        MT19937(seed)  # type: ignore[arg-type]
    with pytest.raises(error, match="seed"):
        next(deals(GameDef.parse(HOLDEM_LIMIT_2P), seed))  # type: ignore[arg-type]


@pytest.mark.parametrize(("log", "gamedef", "seed", "count"), REF.LOGS)
def test_deals_match_the_first_hands_of_each_log(
    log: str, gamedef: str, seed: int, count: int
) -> None:
    game = REF.game(gamedef)
    states = [parse_state(x) for x in REF.lines(log) if x.startswith("STATE:")][:50]
    rng = MT19937(seed)
    for state, (holes, board) in zip(states, deals(game, seed), strict=False):
        assert (holes, board) == deal(game, rng)  # deals is deal, hand after hand
        assert state.hole_cards == holes
        shown = tuple(c for r in state.board for c in r)
        assert shown == board[: len(shown)]
        every = [c for h in holes for c in h] + list(board)
        assert len(set(every)) == len(every) == 2 * game.num_players + 5
    assert len(states) == 50 <= count


def test_the_deck_is_dealt_suit_by_suit() -> None:
    # The dealer's dealCards: deck[i] with i = genrand_int32() % remaining, the last card moved
    # into its place; the deck runs suit by suit (c, d, h, s), deuce to ace.
    game = GameDef.parse(HOLDEM_LIMIT_2P)
    rng, again = MT19937(21), MT19937(21)
    deck = [Card(f"{r}{s}") for s in "cdhs" for r in "23456789TJQKA"]
    drawn = []
    for _ in range(9):
        i = again.next_uint32() % len(deck)
        drawn.append(deck[i])
        deck[i] = deck[-1]
        deck.pop()
    holes, board = deal(game, rng)
    assert [*holes[0], *holes[1], *board] == drawn
    assert [str(c) for c in board] == ["2c", "Ad", "5d", "8d", "Ts"]
    assert [str(h[0][1][0]) for h in islice(deals(game, 21), 2)] == ["Qh", "3h"]
