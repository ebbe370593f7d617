"""The vector environment (holdem.envs.vector): each hand of a batch against a single
environment's hand (:class:`holdem.envs._game.EnvGame`, over :class:`holdem.Hand`) dealt the
same cards and played with the same actions, step by step: the same observation of the seat to
act, the same mask, and at the end the same payoffs (so the same stacks); Gymnasium's vector
wrappers over it; and bad input refused with nothing changed."""

from __future__ import annotations

from typing import Any

import pytest

from holdem.errors import ActionError, ArgumentError, ArgumentTypeError

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from holdem.envs._game import EnvGame  # noqa: E402
from holdem.envs.vector import MAX_ENVS, RANDOM_ACTION, HoldemVectorEnv  # noqa: E402

CONFIGS: list[dict[str, Any]] = [
    {},
    {"num_players": 6},
    {"num_players": 6, "stacks": [30, 200, 55, 100, 9, 400]},
    {"num_players": 3, "rules": "pokerkit", "bet_fractions": (0.33, 0.75, 1.5)},
    {"num_players": 4, "rules": "acpc", "reward_unit": "chips"},
    {"num_players": 2, "bet_sizing": "pettingzoo_v6", "obs_encoding": "pettingzoo_v6"},
    {"num_players": 3, "actions": "full", "stacks": 40},
    {"num_players": 5, "structure": "pot-limit"},
    {"num_players": 4, "structure": "fixed-limit", "rules": "acpc"},
    {"num_players": 6, "illegal_action": "check_or_fold"},
    {"num_players": 3, "illegal_action": "terminate"},
]

SINGLE_KEYS = (
    "num_players", "stacks", "blinds", "structure", "rules", "actions", "bet_fractions",
    "bet_sizing", "obs_encoding", "reward_unit", "illegal_action",
)  # fmt: skip


def single_of(config: dict[str, Any]) -> EnvGame:
    return EnvGame(**{k: v for k, v in config.items() if k in SINGLE_KEYS})


def play_against_singles(
    config: dict[str, Any],
    rows: int,
    steps: int,
    seed: int,
    *,
    illegal: float = 0.0,
    until: int | None = None,
    drawn: float = 0.0,
) -> int:
    """Step a batch of ``rows`` hands ``steps`` times (or until ``until`` hands have ended)
    with random actions (legal ones, or with probability ``illegal`` any index when the
    configuration takes illegal actions), each row beside a single environment dealt the same
    cards; with probability ``drawn`` a row's action is RANDOM_ACTION (the kernel's draw,
    which the single environment then plays); the hands that ended."""
    env = HoldemVectorEnv(rows, **config)
    obs, info = env.reset(seed=seed)
    singles = [single_of(config) for _ in range(rows)]
    for i, g in enumerate(singles):
        g.reset(options={"deck": env.deck(i)})
    rng = np.random.default_rng(seed)
    ended = 0

    def compare(obs: Any, info: Any) -> None:
        for i, g in enumerate(singles):
            seat = g.actor
            assert seat is not None and info["actor"][i] == seat
            assert np.array_equal(obs[i], g.observation(seat)), i
            assert np.array_equal(info["action_mask"][i], g.mask(seat)), i

    compare(obs, info)
    for _ in range(steps):
        if until is not None and ended >= until:
            break
        mask = info["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(1)
        if illegal:
            wild = rng.random(rows) < illegal
            actions[wild] = rng.integers(0, mask.shape[1], size=int(wild.sum()))
        if drawn:
            actions[rng.random(rows) < drawn] = RANDOM_ACTION
        before = info["actor"].copy()
        masks = mask.copy()
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert not truncated.any()
        assert np.array_equal(info["acted"], before)
        given = actions != RANDOM_ACTION
        assert np.array_equal(info["action"][given], actions[given])
        played = info["action"]
        assert masks[np.arange(rows)[~given], played[~given]].all()  # drawn: legal
        for i, g in enumerate(singles):
            g.step(int(played[i]))
            assert bool(terminated[i]) == g.over, i
            if g.over:
                expected = g.rewards()
                assert info["payoffs"][i].tolist() == pytest.approx(expected, abs=1e-12), i
                assert rewards[i] == info["payoffs"][i][before[i]]
                if g.illegal_seat is None:
                    start = g.hand.starting_stacks
                    final = g.hand.stacks
                    scale = 1.0 if config.get("reward_unit") == "chips" else 1.0 / g.big_blind
                    assert [
                        float(s) + p / scale for s, p in zip(start, info["payoffs"][i], strict=True)
                    ] == pytest.approx([float(f) for f in final]), i
                g.reset(options={"deck": env.deck(i)})
                ended += 1
            else:
                assert rewards[i] == 0.0 and not info["payoffs"][i].any()
        compare(obs, info)
    return ended


@pytest.mark.parametrize("config", CONFIGS)
def test_each_hand_plays_as_a_single_environment(config: dict[str, Any]) -> None:
    takes_illegal = config.get("illegal_action") in ("check_or_fold", "terminate")
    ended = play_against_singles(
        config, 8, 120, 11, illegal=0.2 if takes_illegal else 0.0, drawn=0.3
    )
    assert ended > 30


@pytest.mark.parametrize("actions", ["discrete", "full"])
def test_random_actions_are_uniform_among_the_legal_ones(actions: str) -> None:
    rows = 4000
    env = HoldemVectorEnv(rows, num_players=3, stacks=8, actions=actions)  # type: ignore[arg-type]
    _, info = env.reset(seed=12)
    legal = np.flatnonzero(info["action_mask"][0])  # the first seat to act: the same in all
    assert (info["action_mask"] == info["action_mask"][0]).all()
    _, _, _, _, info = env.step(np.full(rows, RANDOM_ACTION))
    counts = np.bincount(info["action"], minlength=env.num_actions)
    assert counts.sum() == rows and set(np.flatnonzero(counts)) == set(legal)
    expected = rows / len(legal)
    # a seeded draw: each count within 5 standard deviations of a uniform draw's
    spread = 5 * np.sqrt(expected * (1 - 1 / len(legal)))
    assert (np.abs(counts[legal] - expected) < spread).all(), counts
    again = HoldemVectorEnv(rows, num_players=3, stacks=8, actions=actions)  # type: ignore[arg-type]
    again.reset(seed=12)
    _, _, _, _, info2 = again.step(np.full(rows, RANDOM_ACTION))
    assert np.array_equal(info["action"], info2["action"])


@pytest.mark.slow
def test_100_000_hands_against_single_environments() -> None:
    ended = play_against_singles({"num_players": 6}, 256, 10**6, 2026, until=100_000)
    assert ended >= 100_000


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_threads_give_the_same_hands(threads: int) -> None:
    def run(threads: int) -> list[Any]:
        env = HoldemVectorEnv(700, num_players=6, threads=threads)
        obs, info = env.reset(seed=5)
        rng = np.random.default_rng(5)
        out = [obs]
        for _ in range(40):
            actions = (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(1)
            actions[rng.random(len(actions)) < 0.5] = RANDOM_ACTION
            obs, rewards, terminated, _, info = env.step(actions)
            out += [obs, rewards, terminated, info["payoffs"], info["action"]]
        return out

    for a, b in zip(run(1), run(threads), strict=True):
        assert np.array_equal(a, b)


@pytest.mark.parametrize("parts", [2, 5, 300])
def test_parts_that_no_thread_runs_are_played_by_the_others(parts: int) -> None:
    """A step cut in more parts than threads run it (no helper free, or fewer than asked): the
    threads that run take the other parts' rows, and the hands are those of one part."""
    envs = [HoldemVectorEnv(700, num_players=6, threads=1, copy=False) for _ in range(2)]
    outs = []
    for env, threads in zip(envs, (1, parts), strict=True):
        env.reset(seed=8)
        for _ in range(25):
            assert env._batch.step(np.full(700, RANDOM_ACTION, dtype=np.int64), threads) == -1
        outs.append([np.copy(a) for a in env._outputs] + [env.current_stacks()])
    for a, b in zip(*outs, strict=True):
        assert np.array_equal(a, b)


def test_seeds_per_hand() -> None:
    env = HoldemVectorEnv(3, num_players=2)
    env.reset(seed=[9, 4, 9])
    decks = [env.deck(i) for i in range(3)]
    env.reset(seed=9)
    assert env.deck(0) == decks[0] and env.deck(2) == decks[2]  # row i: (seed, i)
    assert decks[0] != decks[2]
    env.reset(seed=[0, 4, 1])
    assert env.deck(1) == decks[1]
    env.reset()  # the operating system's entropy
    env.reset(seed=np.uint64(2**64 - 1))
    hands = {tuple(env.deck(i)) for i in range(3)}
    assert len(hands) == 3


def test_a_new_hand_is_dealt_from_the_rows_stream() -> None:
    env = HoldemVectorEnv(2, num_players=2)
    env.reset(seed=1)
    first = env.deck(0)
    _, _, terminated, _, _ = env.step(np.zeros(2, dtype=np.int64))  # the small blind folds
    assert terminated.all()
    assert env.deck(0) != first
    assert env.deck(0) != env.deck(1)


def test_gymnasium_vector_wrappers() -> None:
    import gymnasium
    from gymnasium.wrappers.vector import DictInfoToList, RecordEpisodeStatistics

    env = RecordEpisodeStatistics(HoldemVectorEnv(16, num_players=3))
    assert env.observation_space.shape == (16, 127)
    assert env.single_action_space == gymnasium.spaces.Discrete(5)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(3)
    returns = []
    for _ in range(200):
        actions = (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(1)
        assert env.action_space.contains(actions)
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert env.observation_space.contains(obs)
        assert rewards.shape == terminated.shape == truncated.shape == (16,)
        if terminated.any():
            assert np.array_equal(info["_episode"], terminated)
            returns += info["episode"]["r"][terminated].tolist()
    assert len(returns) > 100
    listed = DictInfoToList(HoldemVectorEnv(4, num_players=2))
    _, infos = listed.reset(seed=0)
    assert len(infos) == 4 and infos[0]["action_mask"].shape == (5,)


@pytest.mark.parametrize("threads", [1, 2])
def test_returned_arrays_are_not_reused(threads: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """With copy=True every call returns arrays no later call writes (on threads the next
    call's arrays are bound while the helpers begin a step: never those returned)."""
    import holdem._batch

    monkeypatch.setattr(holdem._batch, "useful_threads", lambda: 8)
    env = HoldemVectorEnv(300, num_players=6, threads=threads)
    assert env._workers == threads
    returned: list[tuple[Any, ...]] = [env.reset(seed=0)]
    for _ in range(30):
        returned.append(env.step(np.full(300, RANDOM_ACTION, dtype=np.int64)))
    kept = [[np.copy(a) for a in arrays(out)] for out in returned]
    for _ in range(5):
        env.step(np.full(300, RANDOM_ACTION, dtype=np.int64))
    ids = set()
    for out, copies in zip(returned, kept, strict=True):
        for a, b in zip(arrays(out), copies, strict=True):
            assert np.array_equal(a, b)
            ids.add(id(a))
    assert len(ids) == sum(len(arrays(out)) for out in returned)  # no array returned twice
    shared = HoldemVectorEnv(4, num_players=2, copy=False)
    a, _ = shared.reset(seed=0)
    b, *_ = shared.step(np.ones(4, dtype=np.int64))
    assert a is b


def test_the_kernel_writes_only_to_arrays_of_its_shapes_and_types() -> None:
    """The batch's outputs are bound as raw buffers: an array of another shape, item type or
    layout, or read-only, is refused (naming it) and the arrays bound before stay bound."""
    env = HoldemVectorEnv(4, num_players=2, copy=False)
    obs, info = env.reset(seed=0)
    batch = env._batch
    good = list(env._outputs[:8])

    def bind_with(k: int, array: Any) -> None:
        arrays = list(good)
        arrays[k] = array
        batch.bind(*arrays)

    read_only = np.zeros(4, dtype=np.float64)
    read_only.flags.writeable = False
    cases = [
        (0, np.zeros((4, obs.shape[1] + 1), dtype=np.float32), "obs does not have"),
        (0, np.zeros(obs.shape, dtype=np.int32), "obs does not have"),  # (4 bytes too)
        (0, np.zeros(obs.shape, dtype=np.float64), "obs does not have"),
        (1, np.zeros((4, 5), dtype=np.uint8), "mask does not have"),
        (2, read_only, "rewards is not a writable"),
        (3, np.zeros(4, dtype=np.uint8), "done does not have"),
        (4, np.zeros((2, 4), dtype=np.float64).T, "payoffs is not a writable C-contiguous"),
        (5, np.zeros(4, dtype=np.int64), "actor does not have"),
        (7, np.zeros(5, dtype=np.int64), "played does not have"),
        (7, [0, 0, 0, 0], "played is not a writable"),
    ]
    for k, array, message in cases:
        with pytest.raises(ArgumentError, match=message):
            bind_with(k, array)
    _, _, _, _, after = env.step(np.ones(4, dtype=np.int64))
    assert after["action_mask"] is info["action_mask"]  # still the arrays bound at reset


def arrays(out: tuple[Any, ...]) -> list[Any]:
    """The arrays of what reset() or step() returned."""
    return [x for x in out if isinstance(x, np.ndarray)] + [
        x for part in out if isinstance(part, dict) for x in part.values()
    ]


def test_what_then_raises_is_raised_once_the_step_is_over() -> None:
    """HandBatch.step's ``then`` runs while the helpers begin the step: an error it raises comes
    after the step, which played (as the same step without it), the arrays bound kept."""
    envs = [HoldemVectorEnv(300, num_players=6, threads=2, copy=False) for _ in range(2)]
    for env in envs:
        env.reset(seed=3)
    actions = np.full(300, RANDOM_ACTION, dtype=np.int64)

    def fail() -> None:
        raise KeyError("then")

    with pytest.raises(KeyError, match="then"):
        envs[0]._batch.step(actions, 2, fail)
    assert envs[1]._batch.step(actions, 2) == -1
    for a, b in zip(envs[0]._outputs, envs[1]._outputs, strict=True):
        assert np.array_equal(a, b)
    assert np.array_equal(envs[0].current_stacks(), envs[1].current_stacks())
    _, _, _, _, info = envs[0].step(actions)
    assert info["action_mask"] is envs[0]._outputs[1]


def snapshot(env: HoldemVectorEnv) -> Any:
    return env.current_stacks().tolist(), [env.deck(i) for i in range(env.num_envs)]


def test_an_illegal_action_names_the_hand_and_changes_nothing() -> None:
    env = HoldemVectorEnv(5, num_players=2, stacks=[100, 100])
    _, info = env.reset(seed=4)
    _, _, _, _, info = env.step(np.array([1, 1, 4, 1, 4]))  # calls, and two all-ins
    assert info["action_mask"][2].tolist() == [1, 1, 0, 0, 0]
    before = snapshot(env)
    actions = np.array([1, 1, 2, 1, 3])  # raises facing an all-in: the big blind can't
    with pytest.raises(
        ActionError, match=r"hand 2: action 2 is not legal for seat 0 now: legal are \[0, 1\]"
    ):
        env.step(actions)
    assert snapshot(env) == before
    with pytest.raises(ActionError, match=r"hand 3: action 7 is not an action index \(0 \.\. 4,"):
        env.step(np.array([1, 1, 1, 7, 1]))
    with pytest.raises(ActionError, match="hand 0: action -2 is not an action index"):
        env.step(np.array([-2, 1, 1, 1, 1]))
    assert snapshot(env) == before
    _, _, _, _, info = env.step(np.ones(5, dtype=np.uint8))
    assert snapshot(env) != before


@pytest.mark.parametrize("threads", [2, 3])
def test_threads_find_the_first_illegal_action_and_change_nothing(
    threads: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The threads share the reading of a step's actions (one part of the rows a thread, each
    taking what the others leave): the first illegal row among several, in two parts, is
    named, whichever thread read it, and no hand of any part is played, neither before nor
    after it; the same step then plays as on one thread (3 threads: more than this machine may
    have CPUs)."""
    import holdem._batch

    monkeypatch.setattr(holdem._batch, "useful_threads", lambda: 8)
    rows = 1500
    envs = [HoldemVectorEnv(rows, num_players=6, threads=t) for t in (1, threads)]
    for env in envs:
        env.reset(seed=21)
    multi = envs[1]
    assert multi._workers == threads
    before = snapshot(multi)
    actions = np.ones(rows, dtype=np.int64)
    for row in (1450, 700, 1100, 1499):
        actions[row] = 9
    for _ in range(3):
        with pytest.raises(ActionError, match=r"^hand 700: action 9 is not an action index"):
            multi.step(actions)
        assert snapshot(multi) == before
    actions[[700, 1100, 1450, 1499]] = RANDOM_ACTION
    outs = [env.step(actions) for env in envs]
    for a, b in zip(outs[0][:3], outs[1][:3], strict=True):
        assert np.array_equal(a, b)
    assert np.array_equal(outs[0][4]["action"], outs[1][4]["action"])
    assert snapshot(multi) != before


@pytest.mark.parametrize(
    ("actions", "error", "match"),
    [
        (np.ones(4, dtype=np.int64), ArgumentError, r"shape \(5,\), got \(4,\)"),
        (np.ones((5, 1), dtype=np.int64), ArgumentError, r"shape \(5,\), got \(5, 1\)"),
        (np.ones(5, dtype=np.float64), ArgumentTypeError, "dtype float64"),
        (np.ones(5, dtype=np.bool_), ArgumentTypeError, "dtype bool"),
        ([1, 1, "x", 1, 1], ArgumentTypeError, "dtype <U"),
        ([1, [1], 1, 1, 1], ArgumentError, "5 action indices"),
        (1, ArgumentError, r"shape \(5,\), got \(\)"),
        (np.full(5, 2**64 - 1, dtype=np.uint64), ActionError, "hand 0: action 184467440737"),
    ],
)
def test_bad_actions_are_refused_with_nothing_changed(
    actions: Any, error: type[Exception], match: str
) -> None:
    env = HoldemVectorEnv(5, num_players=2)
    env.reset(seed=1)
    before = snapshot(env)
    with pytest.raises(error, match=match):
        env.step(actions)
    assert snapshot(env) == before


@pytest.mark.parametrize(
    ("num_envs", "error"),
    [(0, ArgumentError), (-3, ArgumentError), (MAX_ENVS + 1, ArgumentError),
     (10**30, ArgumentError), (2.0, ArgumentTypeError), (True, ArgumentTypeError)],
)  # fmt: skip
def test_bad_numbers_of_hands(num_envs: Any, error: type[Exception]) -> None:
    with pytest.raises(error, match="num_envs"):
        HoldemVectorEnv(num_envs)


def test_bad_options() -> None:
    with pytest.raises(ArgumentError, match="Texas hold'em only"):
        HoldemVectorEnv(2, game="omaha")
    with pytest.raises(ArgumentError, match="no one can act"):
        HoldemVectorEnv(2, stacks=1)
    with pytest.raises(ArgumentError, match="threads"):
        HoldemVectorEnv(2, threads=0)
    with pytest.raises(ArgumentTypeError, match="copy"):
        HoldemVectorEnv(2, copy=1)  # type: ignore[arg-type]
    env = HoldemVectorEnv(2)
    with pytest.raises(ArgumentError, match="reset"):
        env.step(np.ones(2, dtype=np.int64))
    with pytest.raises(ArgumentError, match="one per hand"):
        env.reset(seed=[1, 2, 3])
    with pytest.raises(ArgumentError):
        env.reset(seed=-1)
    with pytest.raises(ArgumentTypeError):
        env.reset(seed="1")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        env.reset(seed=[1, 2.5])  # type: ignore[list-item]
    env.reset(seed=0)
    with pytest.raises(ArgumentError, match="index"):
        env.deck(2)


def test_the_observation_never_shows_another_seats_cards() -> None:
    env = HoldemVectorEnv(32, num_players=6)
    obs, info = env.reset(seed=8)
    rng = np.random.default_rng(8)
    for _ in range(60):
        for i in range(env.num_envs):
            deck = [int(c) for c in env.deck(i)]
            seat = int(info["actor"][i])
            mine = {deck[seat], deck[6 + seat]}  # one card at a time round the table
            seen = set(np.flatnonzero(obs[i, :52]).tolist())
            assert seen == mine
            board = set(np.flatnonzero(obs[i, 52:104]).tolist())
            assert board <= set(deck[12:])
            assert not board & set(deck[:12])
        actions = (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(1)
        obs, _, _, _, info = env.step(actions)
