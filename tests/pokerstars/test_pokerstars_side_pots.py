"""PokerStars' rake across side pots and its raises no one can match, on real hands.

The oracle is the record: a summary such as "Total pot €19.84 Main pot €5.37. Side pot-1 €7.50.
Side pot-2 €6.08. | Rake €0.89" gives each pot after the rake, and the engine's pots, less the
rake it takes from each, must be those, with every player collecting what the text says. The
rates are PokerStars' published ones (its "Poker Table Rake" page: 4.50% at $0.05/$0.10 no
limit, capped at $1.50 with five players or more).

The hands of the fpdb project's regression files (AGPL, so read where they are and never
shipped) are checked when ``HOLDEM_FPDB_CORPUS`` names a copy of its
``regression-test-files`` directory; benchmarks/stars_corpus.py counts a whole directory.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from holdem import phh, pokerstars
from holdem.engine.pots import Pot, rake_pots
from holdem.engine.rules import Rake, Rules
from holdem.errors import PHHError, PokerStarsError, RulesError

DATA = Path(__file__).resolve().parent.parent / "data" / "pokerstars" / "hhsmithy"
FPDB = os.environ.get("HOLDEM_FPDB_CORPUS")


def _hand(path: Path, number: str | None = None) -> pokerstars.StarsHand:
    hands = pokerstars.load(path).hands
    return next(h for h in hands if number is None or h.number == number)


def _unraked(history: phh.HandHistory) -> phh.HandHistory:
    raked = ("_rake", "_rake_pots")
    return history.replace(fields={k: v for k, v in history.fields.items() if k not in raked})


def test_a_rake_split_across_three_pots_leaves_each_pot_as_the_summary_says() -> None:
    hand = _hand(DATA / "ExtraHands__SidePot.txt")
    assert hand.pots == (537, 750, 608) and hand.rake == 89  # €5.37, €7.50, €6.08; €0.89
    checked = pokerstars.check(hand)
    gross = [p.amount for p in checked.replay.hand.pots]
    assert gross == [562, 786, 636]  # 4 x €1.38 + €0.10; 3 x €2.62; 2 x €3.18
    assert checked.history.fields["_rake_pots"] == [25, 36, 28]
    assert [g - r for g, r in zip(gross, [25, 36, 28], strict=True)] == list(hand.pots)
    names = checked.history.fields["players"]
    assert checked.collected[names.index("CrSilva.11")] == 537  # the main pot
    assert checked.collected[names.index("templargio")] == 750 + 608  # both side pots
    # The rake all from the main pot (the engine's default) pays the main pot's winner less.
    fields = {k: v for k, v in checked.history.fields.items() if k != "_rake_pots"}
    main_first = phh.replay(checked.history.replace(fields=fields), check=False)
    assert main_first.rake == 89
    assert main_first.finishing_stacks != checked.history.finishing_stacks


def test_a_capped_rake_comes_from_the_main_pot_first_at_its_own_share() -> None:
    hand = _hand(DATA / "GeneralHands__SidePot.txt")  # $0.05/$0.10, six dealt in, $1.50 cap
    checked = pokerstars.check(hand)
    assert [p.amount for p in checked.replay.hand.pots] == [3180, 798]
    assert hand.pots == (3037, 791) and checked.history.fields["_rake_pots"] == [143, 7]


@pytest.mark.parametrize(
    ("name", "cap", "pots"),
    [("ExtraHands__SidePot.txt", 150, (25, 36, 28)), ("GeneralHands__SidePot.txt", 150, (143, 7))],
)
def test_the_whole_pot_rule_at_pokerstars_rate_makes_the_summary_pots(
    name: str, cap: int, pots: tuple[int, ...]
) -> None:
    hand = _hand(DATA / name)
    checked = pokerstars.check(hand)
    gross = checked.replay.hand.pots
    whole = Rake(percent="4.5", cap=cap, whole_pot=True)
    after, taken = rake_pots(gross, [0], whole, flop=True)
    assert taken == hand.rake and tuple(p.amount for p in after) == hand.pots
    rules = pokerstars.stars_rules().replace(rake=whole)
    again = phh.replay(_unraked(checked.history), rules=rules)
    assert again.finishing_stacks == checked.history.finishing_stacks and again.rake == hand.rake
    # Each pot's own share summed (the default) is a cent short on the three pots: 88.
    each = rake_pots(gross, [0], Rake(percent="4.5", cap=cap), flop=True)[1]
    assert each == sum(pots) - (1 if len(pots) == 3 else 0)


def test_the_written_file_replays_with_each_pots_rake() -> None:
    history = pokerstars.check(_hand(DATA / "ExtraHands__SidePot.txt")).history
    text = phh.dumps_all([history])
    assert "_rake_pots = [25, 36, 28]" in text and "raise_needs_cover = false" in text
    (back,) = phh.loads(text)
    replayed = phh.replay(back)  # the file's rules: casino with PokerStars' options
    assert replayed.matches is True and replayed.rake == 89
    with pytest.raises(PHHError, match="_rake_pots"):
        phh.replay(back.replace(fields={**back.fields, "_rake_pots": ["x"]}))


def test_summary_pots_that_are_not_the_engines_are_refused() -> None:
    text = (DATA / "ExtraHands__SidePot.txt").read_text(encoding="utf-8-sig")
    bad = text.replace("Side pot-1 €7.50. Side pot-2 €6.08.", "Side pot-1 €7.60. Side pot-2 €5.98.")
    (hand,) = pokerstars.loads(bad).hands
    checked = pokerstars.check(hand)  # the pots still add up: each pot's rake as the text says
    assert checked.history.fields["_rake_pots"] == [25, 26, 38]
    worse = text.replace("Side pot-2 €6.08.", "Side pot-2 €6.48.")
    (hand,) = pokerstars.loads(worse).hands
    with pytest.raises(PokerStarsError, match="summary's pots"):
        pokerstars.check(hand)


def test_rake_pots_option_is_checked() -> None:
    assert Rake(pots=[1, 2]).pots == (1, 2)  # type: ignore[arg-type]  # (as a TOML array)
    for bad in ((1, -1), (1.5,), "12", (True,)):
        with pytest.raises(RulesError):
            Rake(pots=bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        Rake(whole_pot=1)  # type: ignore[arg-type]
    after, taken = rake_pots([Pot(100, (0, 1)), Pot(50, (0,))], [100, 50], Rake(pots=(7,)), True)
    assert taken == 7 and [p.amount for p in after] == [93, 50]


def test_stars_rules_let_a_raise_stand_that_no_one_can_match() -> None:
    rules = pokerstars.stars_rules()
    assert rules.raise_needs_cover is False and rules.name == "casino"
    assert Rules.preset("casino").raise_needs_cover is True  # the default keeps refusing it


# -- the fpdb regression files (AGPL: read in place when HOLDEM_FPDB_CORPUS names them) ------

_UNMATCHED_RAISES = [
    ("cash/Stars/Flop/NLHE-6max-EUR-0.05-0.10-200911.txt", "35602249531", "HomerrrJay", 270),
    ("tour/Stars/Flop/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt", "26543131325", "Player6", 540),
    ("tour/Stars/Flop/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt", "48839292212", "Hero", 7495),
]


@pytest.mark.skipif(FPDB is None, reason="HOLDEM_FPDB_CORPUS names no fpdb regression files")
@pytest.mark.parametrize(("path", "number", "raiser", "uncalled"), _UNMATCHED_RAISES)
def test_fpdb_a_raise_no_one_left_can_match_comes_back_uncalled(
    path: str, number: str, raiser: str, uncalled: int
) -> None:
    assert FPDB is not None
    hand = _hand(Path(FPDB) / path, number)
    returned = [a for a in hand.actions if a.verb == "uncalled"]
    assert [(a.name, a.amount) for a in returned] == [(raiser, uncalled)]
    # The raise: every player left to act could only call all in, short of the bet before it.
    checked = pokerstars.check(hand)
    assert checked.replay.matches is True
    history = checked.history.replace(
        fields={k: v for k, v in checked.history.fields.items() if k != "_rule_options"}
    )
    with pytest.raises(PHHError, match="may not bet or raise"):
        phh.replay(history, rules="casino")


@pytest.mark.skipif(FPDB is None, reason="HOLDEM_FPDB_CORPUS names no fpdb regression files")
def test_fpdb_a_capped_rake_over_two_pots_at_five_percent() -> None:
    assert FPDB is not None
    path = Path(FPDB) / "cash/Stars/Flop/NLHE-FR-USD-0.01-0.02-201005.microgrind.txt"
    hand = _hand(path, "41511921426")
    checked = pokerstars.check(hand)
    gross = checked.replay.hand.pots
    assert [p.amount for p in gross] == [315, 358] and hand.pots == (300, 343)
    assert checked.history.fields["_rake_pots"] == [15, 15]
    whole = Rake(percent=5, cap=30, whole_pot=True)
    after, taken = rake_pots(gross, [0], whole, flop=True)
    assert taken == 30 and tuple(p.amount for p in after) == hand.pots
