"""A bounded, seeded fuzz test: random engine actions (legal and not), mutated PHH texts,
mutated MATCHSTATE lines, tournaments and environments under random calls and actions of any
value, and mutated PokerStars files. Chips are conserved at every step and only the package's
own errors are raised.

The tables have their own seeded sessions (tests/engine/test_table_props.py, and
tests/engine/test_table_resume.py's ledger), the public API its fuzz test
(tests/test_api_fuzz.py). Small by default (a few seconds); ``HOLDEM_FUZZ_EXAMPLES=N`` runs N
examples of each kind and ``HOLDEM_FUZZ_SEED=S`` another seed (the failing example's number is
in the assertion).

Oracles: conservation of chips (what the stacks and the pot hold never changes, and the payoffs
sum to zero), and the package's error hierarchy (everything raised is a HoldemError).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from holdem import Hand, HoldemError, Rules
from holdem.acpc import HOLDEM_LIMIT_2P, HOLDEM_NOLIMIT_2P, GameDef, state_of
from holdem.acpc.client import Client
from holdem.phh import loads, replay, to_phh

EXAMPLES = int(os.environ.get("HOLDEM_FUZZ_EXAMPLES", "250"))
SEED = int(os.environ.get("HOLDEM_FUZZ_SEED", "20240613"))

# Values of every kind, for the arguments a caller could get wrong.
_ODD_VALUES: tuple[object, ...] = (
    None,
    True,
    -1,
    0,
    1.5,
    float("nan"),
    "7",
    b"7",
    2**61,
    -(2**70),
    10**40,
    [3],
    {"a": 1},
    Fraction(7, 2),
)


def _random_hand(rng: random.Random) -> Hand:
    n = rng.randint(2, 9)
    sizes = (1, 2, 3, 5, 10, 40, 100, 1000, rng.randint(1, 10**6), 2**59, 2**60)
    stacks = [rng.choice(sizes) for _ in range(n)]
    if sum(stacks) > 2**62:  # beyond the table limit: refused at set-up (tested elsewhere)
        stacks = [min(s, 2**62 // n) for s in stacks]
    structure = rng.choice(("no-limit", "pot-limit", "fixed-limit"))
    rules = rng.choice(
        (
            "casino",
            "pokerkit",
            "acpc",
            Rules.preset("casino", ante_trimming=True),
            Rules.preset("pokerkit", dead_antes=False),
        )
    )
    small = rng.randint(0, 5)
    big = small + rng.randint(1, 10)
    straddles = (2 * big,) if n > 3 and rng.random() < 0.2 else ()
    return Hand(
        stacks,
        blinds=(small, big),
        straddles=straddles,
        ante=rng.choice((0, 0, 1, 3)),
        big_blind_ante=rng.choice((0, 0, 2)),
        structure=structure,
        rules=rules,
        seed=rng.randrange(2**32),
        showdown=rng.choice(("auto", "all", "manual")),
    )


def _act(hand: Hand, rng: random.Random) -> None:
    """One action: usually a legal one, sometimes any call with any argument."""
    x = rng.random()
    if x < 0.15:
        name = rng.choice(("fold", "check", "call", "raise_to", "all_in", "show", "muck", "view"))
        args: list[object] = []
        if name in ("raise_to", "view"):  # the amount, or the seat to view
            args.append(rng.choice((*_ODD_VALUES, rng.randint(-5, 2000))))
        if name != "view" and rng.random() < 0.3:  # the seat said to act
            args.append(rng.choice((*_ODD_VALUES, rng.randint(-1, 10))))
        getattr(hand, name)(*args)
        return
    if hand.street.name == "SHOWDOWN":
        hand.show() if rng.random() < 0.7 else hand.muck()
        return
    legal = hand.legal_actions()
    if legal.fold and x < 0.3:
        hand.fold()
    elif legal.min_raise_to is not None and legal.max_raise_to is not None and x < 0.6:
        hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
    elif x < 0.65:
        hand.all_in()
    else:
        hand.check_or_call()


def _package_errors_only(number: int, call: Callable[[], object]) -> None:
    try:
        call()
    except HoldemError:
        pass
    except Exception as exc:  # anything else is a bug: say which example
        raise AssertionError(f"example {number}: {type(exc).__name__}: {exc}") from exc


def test_engine_actions_conserve_chips() -> None:
    rng = random.Random(SEED)
    hands = 0
    for number in range(EXAMPLES):
        try:
            hand = _random_hand(rng)
        except HoldemError:
            continue
        total = sum(hand.starting_stacks)
        for _ in range(400):
            if hand.is_over:
                break
            before = (hand.stacks, hand.pot_total, len(hand.events))
            try:
                _act(hand, rng)
            except HoldemError:
                # a refused action changes nothing
                assert (hand.stacks, hand.pot_total, len(hand.events)) == before, number
            except Exception as exc:
                raise AssertionError(f"example {number}: {type(exc).__name__}: {exc}") from exc
            assert sum(hand.stacks) + (0 if hand.is_over else hand.pot_total) == total, number
        assert hand.is_over, number
        assert sum(hand.payoffs) == 0, number
        hands += 1
    assert hands >= EXAMPLES // 2


def _mutate(text: str, rng: random.Random) -> str:
    """A few random edits: characters dropped, doubled or replaced, or a hostile token put in."""
    tokens = ("1e1000000", "9" * 30, "-", "[", "]", "{", '"', "'", ".", "=", "\n", "??", "\u00e9",
              "0x1", "nan", "/", "|", ":", "r", "1/0", "\x00")  # fmt: skip
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        if not chars:
            break
        k = rng.randrange(len(chars))
        edit = rng.random()
        if edit < 0.3:
            del chars[k]
        elif edit < 0.5:
            chars.insert(k, chars[k])
        elif edit < 0.7:
            chars[k] = chr(rng.randint(32, 126))
        else:
            chars.insert(k, rng.choice(tokens))
    return "".join(chars)


def _played(rng: random.Random, game: GameDef | None = None) -> Hand:
    hand = game.new_hand(rng=random.Random(rng.random())) if game else _random_hand(rng)
    while not hand.is_over and rng.random() < 0.95:
        with contextlib.suppress(HoldemError):
            _act(hand, rng)
    return hand


def test_mutated_phh_texts_raise_only_package_errors() -> None:
    rng = random.Random(SEED + 1)
    texts: list[str] = []
    while len(texts) < 20:
        try:
            texts.append(to_phh(_played(rng)))
        except HoldemError:
            continue
    for number in range(EXAMPLES):
        text = _mutate(rng.choice(texts), rng)

        def read_and_replay(text: str = text) -> None:
            for history in loads(text):
                replay(history, seed=1)

        _package_errors_only(number, read_and_replay)


@pytest.mark.parametrize("gamedef", [HOLDEM_NOLIMIT_2P, HOLDEM_LIMIT_2P])
def test_mutated_matchstate_lines_raise_only_package_errors(gamedef: str) -> None:
    rng = random.Random(SEED + 2)
    game = GameDef.parse(gamedef)
    lines: list[str] = []
    for k in range(30):
        hand = _played(rng, game)
        lines.append(str(state_of(hand, game, k, viewer=k % 2)))
    client = Client(game)
    for number in range(4 * EXAMPLES):
        line = _mutate(rng.choice(lines), rng)
        _package_errors_only(number, lambda line=line: client.respond(line))  # type: ignore[misc]


# -- tournaments, environments and the PokerStars importer -----------------------------------


def _odd_call(rng: random.Random, target: object, names: tuple[str, ...]) -> None:
    """One of ``target``'s methods called with an odd value (or a plausible one)."""
    name = rng.choice(names)
    arg = rng.choice((*_ODD_VALUES, "P1", "P2", "nobody", rng.randint(-3, 12)))
    getattr(target, name)(arg)


def test_tournaments_keep_every_chip_under_random_calls() -> None:
    """Seeded: random fields, tables and schedules played by legal and illegal actions, with
    misdeals, rebuys, add-ons, registrations and calls of odd values between the rounds; the
    chips at the tables are always the chips the tournament gave out."""
    from holdem import Level, Rebuys, TableError, Tournament

    rng = random.Random(SEED + 3)
    odd = ("rebuy", "add_on", "register", "reenter", "deal")
    for number in range(max(4, EXAMPLES // 25)):
        size = rng.randint(2, 40)
        try:
            t = Tournament(
                size,
                starting_stack=rng.choice((20, 100, 1000)),
                levels=[Level(1, 2, hands=rng.randint(1, 4)), Level(5, 10, ante=1), Level(20, 40)],
                table_size=rng.randint(2, 10),
                rebuys=rng.choice(
                    (None, Rebuys(100, 100, levels=2, add_on_cost=50, add_on_chips=80))
                ),
                late_registration=rng.choice((0, 1, 2)),
                seed=number,
            )
        except HoldemError:
            continue
        for _ in range(60):
            if t.is_over:
                break
            try:
                if rng.random() < 0.2:
                    _odd_call(rng, t, odd)
                else:
                    for hand in t.deal_round().values():
                        if rng.random() < 0.05 and hasattr(hand, "misdeal"):
                            with contextlib.suppress(HoldemError):
                                hand.misdeal()
                        for _ in range(400):
                            if hand.is_over:
                                break
                            with contextlib.suppress(HoldemError):
                                _act(hand, rng)
                    t.end_round()
            except (HoldemError, TableError):
                pass
            except Exception as exc:
                raise AssertionError(f"tournament {number}: {type(exc).__name__}: {exc}") from exc
            if not t.hands:  # between rounds: every chip is at a table
                assert sum(t.stacks.values()) == t.chips_in_play, number


@pytest.mark.parametrize("kind", ["gymnasium", "aec"])
def test_environments_take_any_action_value(kind: str) -> None:
    """Seeded: episodes played by actions of any value (legal ones, out of range, negative,
    floats, None, strings): a refused one is the package's error and changes nothing, and no
    hand's chips change in number."""
    pytest.importorskip("gymnasium" if kind == "gymnasium" else "pettingzoo")
    import holdem.envs.gym_env as gym_env
    from holdem.envs import texas_holdem_v0

    rng = random.Random(SEED + 4)
    for number in range(max(4, EXAMPLES // 25)):
        players = rng.randint(2, 6)
        stacks = [rng.choice((10, 50, 200)) for _ in range(players)]
        options: dict[str, Any] = {
            "stacks": stacks,
            "actions": rng.choice(("discrete", "full")),
            "hands_per_episode": rng.choice((1, 5, None)),
        }
        if kind == "gymnasium":
            env: Any = gym_env.TexasHoldemEnv(num_players=players, seat=0, **options)
            env.reset(seed=number)
        else:
            env = texas_holdem_v0.raw_env(num_players=players, **options)
            env.reset(seed=number)
        game = env.game
        for _ in range(300):
            if kind == "aec" and not env.agents:
                break
            n = env.action_space(env.agents[0]).n if kind == "aec" else env.action_space.n
            action = rng.choice((*_ODD_VALUES, -1, n, n + 5, rng.randrange(n), rng.randrange(n)))
            before = pickle.dumps(game.hand) if game.hand is not None else None
            try:
                if kind == "gymnasium":
                    _, _, term, trunc, _ = env.step(action)
                    if term or trunc:
                        break
                else:
                    if (
                        env.terminations[env.agent_selection]
                        or env.truncations[env.agent_selection]
                    ):
                        action = None
                    env.step(action)
            except HoldemError:
                after = pickle.dumps(game.hand) if game.hand is not None else None
                assert after == before, (number, action)
            except Exception as exc:
                raise AssertionError(f"{kind} {number}: {type(exc).__name__}: {exc}") from exc
            hand = game.hand
            if hand is not None:  # (no rake: what a hand's seats hold never changes)
                held = sum(hand.stacks) + (0 if hand.is_over else hand.pot_total)
                assert held == sum(hand.starting_stacks), (number, action)


def test_mutated_pokerstars_texts_raise_only_package_errors() -> None:
    """Real PokerStars files (tests/data/pokerstars), mutated, read and checked: a hand that
    cannot be read is refused with the package's error, the rest of the file is read."""
    from pathlib import Path

    from holdem import pokerstars

    folder = Path(__file__).parent / "data" / "pokerstars"
    texts = [
        p.read_text(encoding="utf-8", errors="replace")[:20_000]
        for p in sorted(folder.rglob("*.txt"))
    ]
    assert len(texts) >= 5
    rng = random.Random(SEED + 5)
    for number in range(EXAMPLES):
        text = _mutate(rng.choice(texts), rng)

        def read_and_check(text: str = text) -> None:
            for hand in pokerstars.loads(text).hands[:3]:
                pokerstars.check(hand)

        _package_errors_only(number, read_and_check)
