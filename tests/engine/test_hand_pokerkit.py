"""The hand engine against pokerkit 0.7.7, hand by hand, decision by decision.

Random hands (seeded: 2 to 9 players, short stacks below the blinds and antes, antes for every
player or a big-blind ante with ``ante_trimming_status`` both ways, straddles and re-straddles,
no limit, pot limit and fixed limit) are played by the engine under the ``pokerkit`` preset and
by pokerkit (``Mode.TOURNAMENT``: no fold when checking is free) with the same cards: the engine
gets a ``deck=`` in dealing order and the same cards are dealt and burned into pokerkit by hand.
The actions are chosen at random from the engine's legal actions (fold, check or call, the
minimum raise, the maximum raise, an amount in between). At every decision both must agree on
who acts, whether folding is allowed, the amount to check or call, and the minimum and maximum
raise-to; at the end on the final stacks and payoffs, the board, and who showed or mucked in
what order at the (automatic) showdown.

Seats and pokerkit's "player indices" are the same numbers (0 = left of the button, the last =
the button). pokerkit reverses the blinds and antes of a two-player hand; the engine's
``blinds=(sb, bb)`` does the same, so both get the same raw values.

``HOLDEM_PK_HANDS`` (default 3000) sets the number of hands. The same hands are played under
the ``casino`` preset too, checking only invariants (the casino rules differ on purpose): those
run without pokerkit, and the comparisons are skipped where pokerkit is not installed.
"""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from holdem import ActionError, Card, EventKind, Hand, Rake, Rules

HANDS = int(os.environ.get("HOLDEM_PK_HANDS", "3000"))
CHUNKS = 8
STRUCTURES = ("no-limit", "pot-limit", "fixed-limit")

SHOWDOWN = (EventKind.SHOW, EventKind.MUCK)


@dataclass(frozen=True)
class Peer:
    """The pokerkit names this test uses (pokerkit is optional: see the ``pokerkit`` fixture)."""

    pk: Any  # the pokerkit module
    automations: tuple[Any, ...]
    pot_limit: Any  # pot-limit Texas hold'em, built from pokerkit's own parts (0.7.7 has none)


def _peer(pk: Any) -> Peer:
    games = pk.games
    pot_limit = type(
        "PotLimitTexasHoldem",
        (games.PotLimitPokerMixin, games.TexasHoldemMixin, games.UnfixedLimitHoldem),
        {},
    )
    automations = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    )
    return Peer(pk, automations, pot_limit)


@contextlib.contextmanager
def fast_pokerkit(pk: Any) -> Iterator[None]:
    """Memoize pokerkit's own hand evaluation, a pure function of the cards (3/4 of the time).

    pokerkit ranks every hand again and again at the showdown (``can_win_now``, hand killing,
    chips pushing); caching its results keeps its answers and makes the test fast.
    """
    high_hand = pk.StandardHighHand
    made: dict[tuple[object, ...], Any] = {}
    from_game = high_hand.from_game
    entry = high_hand.entry.fget

    def cached_from_game(cls: type, hole_cards: Any, board_cards: Any = ()) -> Any:
        key = (tuple(hole_cards), tuple(board_cards))
        if key not in made:
            made[key] = from_game(*key)
        return made[key]

    def cached_entry(self: Any) -> Any:
        found = self.__dict__.get("_cached_entry")
        if found is None:
            found = self.__dict__["_cached_entry"] = entry(self)
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(high_hand, "from_game", classmethod(cached_from_game))
        patch.setattr(high_hand, "entry", property(cached_entry))
        yield


@pytest.fixture(scope="module")
def pokerkit() -> Iterator[Peer]:
    """pokerkit 0.7.7 (its hand evaluation memoized), or a skip where it is not installed."""
    pk = pytest.importorskip("pokerkit")
    with fast_pokerkit(pk):
        yield _peer(pk)


@dataclass
class Setup:
    """One random hand: the same arguments for both engines."""

    seed: int
    n: int
    structure: str
    stacks: list[int]
    blinds: tuple[int, ...]
    straddles: tuple[int, ...]
    ante: int
    bb_ante: int
    trimming: bool
    min_bet: int
    small_bet: int
    big_bet: int
    deck: list[Card]

    @property
    def raked(self) -> bool:
        """One hand in four is raked: 5% of each pot, rounded down, no flop no drop."""
        return self.seed % 4 == 1

    def raw_antes(self) -> list[int]:
        """pokerkit's raw antes (the big-blind ante at raw index 1, reversed heads-up too)."""
        antes = [self.ante] * self.n
        if self.bb_ante:
            antes[1] += self.bb_ante
        return antes

    def raw_blinds(self) -> list[int]:
        """pokerkit's raw blinds or straddles."""
        out = [*self.blinds, *self.straddles]
        return out + [0] * (self.n - len(out))

    def hand(self, rules: Rules | str) -> Hand:
        """The engine's hand."""
        extra: dict[str, Any] = {}
        if self.structure == "fixed-limit":
            extra = {"small_bet": self.small_bet, "big_bet": self.big_bet}
        else:
            extra = {"min_bet": self.min_bet}
        return Hand(
            self.stacks,
            blinds=self.blinds,
            straddles=self.straddles,
            ante=self.ante,
            big_blind_ante=self.bb_ante,
            structure=self.structure,
            rules=rules,
            deck=self.deck,
            **extra,
        )

    def state(self, peer: Peer) -> Any:
        """pokerkit's state, before any card is dealt."""
        pk = peer.pk
        common = (peer.automations, self.trimming, self.raw_antes(), self.raw_blinds())
        options: dict[str, Any] = {"mode": pk.Mode.TOURNAMENT}
        if self.raked:
            options["rake"] = _pokerkit_rake
        if self.structure == "fixed-limit":
            game: Any = pk.FixedLimitTexasHoldem(*common, self.small_bet, self.big_bet, **options)
        elif self.structure == "pot-limit":
            game = peer.pot_limit(*common, self.min_bet, **options)
        else:
            game = pk.NoLimitTexasHoldem(*common, self.min_bet, **options)
        return game(self.stacks, self.n)


def _pokerkit_rake(amount: int, state: Any) -> tuple[int, int]:
    """pokerkit's rake hook (called on each pot it pushes): 5% rounded down, no flop no drop."""
    if not any(state.board_cards):
        return 0, amount
    raked = amount * 5 // 100
    return raked, amount - raked


def _stack(rng: random.Random, bb: int, forced: int) -> int:
    kind = rng.random()
    if kind < 0.2:  # short: at or below the blinds and antes
        return rng.randint(1, max(1, forced + bb))
    if kind < 0.45:
        return rng.randint(bb, 25 * bb)
    if kind < 0.55:
        return 100 * bb  # equal deep stacks
    return rng.randint(40 * bb, 200 * bb)


def make_setup(seed: int) -> Setup:
    """A random hand from a seed."""
    rng = random.Random(seed)
    n = rng.choice((2, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9))
    structure = STRUCTURES[seed % 3]
    bb = rng.choice((2, 2, 4, 10, 20, 25, 100))
    blinds: tuple[int, ...] = ()
    straddles: tuple[int, ...] = ()
    if rng.random() < 0.93:
        sb = rng.choice((bb // 2, bb // 2, 1, bb, max(1, bb * 2 // 5)))
        blinds = (sb, bb)
        if n >= 3 and rng.random() < 0.25:
            size = bb
            for _ in range(rng.randint(1, min(3, n - 2))):
                size = rng.choice((2 * size, 2 * size, size, 3 * size))
                straddles += (size,)
    ante = bb_ante = 0
    kind = rng.random()
    if not blinds or kind < 0.25:
        ante = rng.randint(1, max(1, bb // 2))
    elif kind < 0.45:
        bb_ante = rng.choice((bb, bb // 2 or 1, 2 * bb))
    trimming = rng.random() < 0.5
    forced = max((*blinds, *straddles), default=0) + ante + bb_ante
    stacks = [_stack(rng, bb, forced) for _ in range(n)]
    min_bet = bb if rng.random() < 0.85 else rng.choice((1, bb // 2 or 1, 2 * bb))
    small_bet = bb if rng.random() < 0.85 else rng.choice((2, bb // 2 or 2, 2 * bb))
    big_bet = 2 * small_bet if rng.random() < 0.9 else 3 * small_bet
    deck = [Card(i) for i in range(52)]
    rng.shuffle(deck)
    return Setup(
        seed, n, structure, stacks, blinds, straddles, ante, bb_ante, trimming,
        min_bet, small_bet, big_bet, deck[: 2 * n + 8],
    )  # fmt: skip


def choose(rng: random.Random, hand: Hand) -> tuple[str, int | None]:
    """A random legal action of the seat to act."""
    legal = hand.legal_actions()
    roll = rng.random()
    if legal.fold and roll < 0.15:
        return "fold", None
    if legal.min_raise_to is not None and legal.max_raise_to is not None and roll > 0.6:
        lo, hi = legal.min_raise_to, legal.max_raise_to
        pick = rng.random()
        if pick < 0.45:
            return "raise", lo
        if pick < 0.65:
            return "raise", hi
        return "raise", rng.randint(lo, hi)
    return "check_or_call", None


def act(hand: Hand, action: str, amount: int | None) -> None:
    """Do an action chosen by :func:`choose` on the engine."""
    if action == "fold":
        hand.fold()
    elif action == "raise":
        assert amount is not None
        hand.raise_to(amount)
    else:
        hand.check_or_call()


def _pump(state: Any, setup: Setup, used: list[int]) -> None:
    """Deal pokerkit's cards from the engine's deck until someone acts or the hand ends."""
    n, deck = setup.n, setup.deck
    while state.status and state.actor_index is None:
        if state.can_deal_hole():
            # pokerkit deals one card at a time from player 0, as the engine does.
            assert state.hole_dealee_index == used[0] % n
            state.deal_hole(str(deck[used[0]]))
            used[0] += 1
        elif state.can_burn_card():
            state.burn_card(str(deck[used[1]]))
            used[1] += 1
        elif state.can_deal_board():
            count = state.board_dealing_count or 1
            state.deal_board("".join(str(c) for c in deck[used[1] : used[1] + count]))
            used[1] += count
        else:  # pragma: no cover - pokerkit waits for something this test does not do
            raise AssertionError(f"pokerkit is stuck: {state.operations[-1]!r}")


def _facts(state: Any) -> tuple[object, ...]:
    call = state.checking_or_calling_amount
    return (
        state.actor_index,
        state.can_fold(),
        call,
        state.min_completion_betting_or_raising_to_amount,
        state.max_completion_betting_or_raising_to_amount,
    )


def _engine_facts(hand: Hand) -> tuple[object, ...]:
    legal = hand.legal_actions()
    call = 0 if legal.check else legal.call
    return (legal.seat, legal.fold, call, legal.min_raise_to, legal.max_raise_to)


def pokerkit_rules(setup: Setup) -> Rules:
    """The engine's rules for a pokerkit hand with this ``ante_trimming_status`` (and rake)."""
    rake = Rake(percent=5) if setup.raked else None
    return Rules.preset(
        "pokerkit", ante_trimming=setup.trimming, dead_antes=not setup.trimming, rake=rake
    )


def play_both(peer: Peer, seed: int) -> None:
    """Play one random hand on both engines and compare every decision and the result."""
    setup = make_setup(seed)
    hand = setup.hand(pokerkit_rules(setup))
    state = setup.state(peer)
    used = [0, 2 * setup.n]
    _pump(state, setup, used)
    deck, n = setup.deck, setup.n
    assert [hand.hole_cards(i) for i in range(n)] == [(deck[i], deck[n + i]) for i in range(n)]
    rng = random.Random(seed ^ 0x5EED)
    history: list[tuple[int, str, int | None]] = []
    while not hand.is_over:
        theirs, ours = _facts(state), _engine_facts(hand)
        assert theirs == ours, (theirs, ours, history, setup)
        action, amount = choose(rng, hand)
        history.append((hand.legal_actions().seat, action, amount))
        act(hand, action, amount)
        if action == "fold":
            state.fold()
        elif action == "raise":
            state.complete_bet_or_raise_to(amount)
        else:
            state.check_or_call()
        _pump(state, setup, used)
    assert state.actor_index is None and not state.status, (setup, history)
    if setup.raked and sum(1 for e in hand.events if e.kind is EventKind.SHOW) < 2:
        # Won without a showdown: pokerkit 0.7.7 hands the winner back his whole last bet,
        # the part the folded players called included, and rakes only the rest; the engine
        # rakes every called chip (only an uncalled bet is not raked), as card rooms do.
        assert hand.rake >= -sum(state.payoffs), (setup, history)
    else:
        assert list(hand.stacks) == list(state.stacks), (state.stacks, hand.stacks, setup)
        assert hand.payoffs == list(state.payoffs), (setup, history)
        assert hand.rake == -sum(state.payoffs), (setup, history)
    assert list(map(str, hand.board)) == list(map(repr, state.get_board_cards(0))), setup
    # The automatic showdown: the same order, and the same hands shown or mucked.
    shown = [(e.seat, e.kind is EventKind.SHOW) for e in hand.events if e.kind in SHOWDOWN]
    their_shown = [
        (op.player_index, bool(op.hole_cards))
        for op in state.operations
        if isinstance(op, peer.pk.HoleCardsShowingOrMucking)
    ]
    assert shown == their_shown, (their_shown, shown, history, setup)


def play_casino(seed: int) -> None:
    """Play the same random hand under the casino preset, checking invariants only."""
    setup = make_setup(seed)
    # The random straddles are not all legal raises, which the casino rules refuse (see
    # tests/engine/test_straddles.py): every hand is still played, with that one check off.
    hand = setup.hand(Rules.preset("casino", straddle_is_raise=False))
    total = sum(setup.stacks)
    rng = random.Random(seed ^ 0xCA5)
    while not hand.is_over:
        assert sum(hand.stacks) + hand.pot_total == total
        legal = hand.legal_actions()
        assert hand.actor == legal.seat
        assert legal.check != (legal.call is not None)
        if legal.min_raise_to is not None:
            assert legal.max_raise_to is not None and legal.min_raise_to <= legal.max_raise_to
            assert legal.max_raise_to <= hand.bets[legal.seat] + int(hand.stacks[legal.seat])
            assert hand.can_raise_to(legal.min_raise_to)
            assert not hand.can_raise_to(legal.max_raise_to + 1)
        action, amount = choose(rng, hand)
        act(hand, action, amount)  # a legal action never raises
    assert sum(hand.stacks) == total
    assert sum(hand.payoffs) == 0
    with pytest.raises(ActionError):
        hand.check_or_call()


def _seeds(chunk: int) -> range:
    size = -(-HANDS // CHUNKS)
    return range(chunk * size, min(HANDS, (chunk + 1) * size))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_engine_matches_pokerkit(pokerkit: Peer, chunk: int) -> None:
    for seed in _seeds(chunk):
        play_both(pokerkit, seed)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_casino_invariants_on_the_same_hands(chunk: int) -> None:
    for seed in _seeds(chunk):
        play_casino(seed)
