"""Real online cash-game hands of the public PHH data set's HandHQ logs, one sample per site:
Absolute Poker, Full Tilt Poker, iPoker, Ongame, PokerStars and PartyPoker (July 2009, amounts
in dollars with cents).

Oracles: the records' own ``winnings`` (each player's collected pots after the rake, as the
site's summary gave them: the PHH specification's optional field) and ``finishing_stacks`` (the
Ongame logs), and pokerkit 0.7.7 (the specification's authors' reader) replaying the same text
with exact decimals.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest

from holdem.phh import HandHistory, load, replay

from _support import pokerkit_driver as DRIVER

DATA = Path(__file__).parent.parent / "data" / "phh" / "phh-dataset"
SITES = {
    "abs": DATA / "handhq-abs-100nl.phhs",
    "ftp": DATA / "handhq-ftp-50nl.phhs",
    "ipn": DATA / "handhq-ipn-100nl.phhs",
    "ong": DATA / "handhq-ong-400nl.phhs",
    "ps": DATA / "handhq-ps-50nl.phhs",
    "pty": DATA / "handhq-pty-25nl.phhs",
}


by_key: Callable[[Path], dict[str | None, HandHistory]] = DRIVER.by_key
pokerkit_payoffs: Callable[[HandHistory], list[Decimal]] = DRIVER.pokerkit_payoffs


@pytest.mark.parametrize("site", sorted(SITES))
def test_every_hand_of_each_site_replays(site: str) -> None:
    hands = load(SITES[site])
    assert len(hands) >= 8
    complete = 0
    for history in hands:
        result = replay(history, seed=1)
        if not result.complete:
            continue
        complete += 1
        assert all(isinstance(p, Decimal) or p == 0 for p in result.payoffs), history.key
        total = sum(Decimal(str(p)) for p in result.payoffs)
        assert total + Decimal(str(result.rake)) == 0, history.key  # no chip made or lost
    assert complete >= len(hands) - 1  # the iPoker sample has one hand that stops early


@pytest.mark.parametrize("site", ["abs", "ftp", "ong", "ps", "pty"])
def test_the_engine_pays_each_player_his_recorded_winnings(site: str) -> None:
    checked = 0
    for history in load(SITES[site]):
        result = replay(history, seed=1)
        winnings = history.fields.get("winnings")
        if not winnings or not any(winnings) or result.guessed:
            # nothing (or only zeros) to check, or a showdown of cards the file leaves unknown
            assert result.winnings_match is None
            continue
        if (site, history.key) == ("ong", "1"):
            # p4's $2 post (blinds_or_straddles -2) is live, as pokerkit reads it: he collects
            # $10 and his uncalled $12 back; the record counts the post as dead money and his
            # winnings as $12. The finishing stacks agree either way (below).
            assert result.winnings_match is False
            continue
        assert result.winnings_match is True, (site, history.key)
        checked += 1
    assert checked >= 1


def test_ongame_finishing_stacks_after_the_rake() -> None:
    # The Ongame records give each player's finishing stack, after the house's rake: taken from
    # the pots as the winnings say, the replay ends every hand with the record's stacks.
    raked = 0
    for history in load(SITES["ong"]):
        result = replay(history, seed=1)  # check=True: a difference raises
        assert result.matches is True or result.guessed, history.key
        raked += result.rake > 0
        if result.rake and not result.guessed:  # without it, the winner would end with more
            bare = replay(history.replace(fields={}), seed=1, check=False)
            assert bare.matches is False, history.key
    assert raked >= 10


def test_a_rake_read_from_the_winnings() -> None:
    # Full Tilt, hand 12: p1 raises to $2 and p3 calls ($4.25 in the pot with the blinds); on
    # the flop p1 bets $2, p3 raises to $4.50 and p1 folds: p3's $2.50 comes back and the pot
    # is $8.50. The record has p3 collect $8.10: the house took $0.40.
    result = replay(by_key(SITES["ftp"])["12"])
    assert result.rake == Decimal("0.40") and result.winnings_match is True
    assert result.payoffs[2] == Decimal("8.10") - Decimal("4.00")  # he put in $2 and $2
    assert result.as_dict()["rake"] == "0.40"
    assert "the house took 0.40" in result.describe()
    # PartyPoker, hand 1: p1 raises to $1 and the big blind folds. The record counts the
    # uncalled $0.75 given back in his winnings ($1.25); no flop, no rake.
    party = replay(by_key(SITES["pty"])["1"])
    assert party.rake == 0 and party.winnings_match is True
    assert party.payoffs[0] == Decimal("0.25")


def test_a_record_whose_winnings_are_not_the_pots_less_a_rake() -> None:
    # The same Full Tilt hand with p3's winnings doubled: no rake explains them.
    history = by_key(SITES["ftp"])["12"]
    wrong = history.replace(fields={**history.fields, "winnings": [0, 0, Decimal("16.20"), 0]})
    result = replay(wrong)
    assert result.winnings_match is False and result.rake == 0
    assert result.payoffs == replay(history.replace(fields={})).payoffs


def test_a_negative_blind_is_a_post() -> None:
    # PartyPoker, hand 2: p9 posts $0.25 (blinds_or_straddles -0.25) and folds: he loses it.
    # (p3's win depends on p6's cards, which the record leaves unknown.)
    result = replay(by_key(SITES["pty"])["2"], seed=3)
    assert result.payoffs[8] == Decimal("-0.25") and result.guessed
    # Ongame, hand 1: p4 posts $2 (blinds_or_straddles -2), raises to $16 and everyone folds:
    # he ends with the record's $156 ($150, the blinds' $6 won).
    ongame = replay(by_key(SITES["ong"])["1"])
    assert ongame.matches is True and ongame.payoffs[3] == 6


@pytest.mark.parametrize("site", ["abs", "ftp", "ong", "ps", "pty"])
def test_unraked_hands_agree_with_pokerkit(site: str) -> None:
    compared = 0
    for history in load(SITES[site]):
        result = replay(history, seed=1)
        if result.rake or result.guessed or not result.complete:
            continue  # pokerkit takes no rake; a guessed showdown depends on the draw
        assert list(result.payoffs) == pokerkit_payoffs(history), (site, history.key)
        compared += 1
    assert compared >= 5


def test_a_file_that_gives_every_card_replays_the_same_whatever_the_seed() -> None:
    # Full Tilt, hand 16: all in before the flop, both hands shown, the board in the file.
    history = by_key(SITES["ftp"])["16"]
    results = [replay(history, seed=s) for s in range(5)]
    assert {r.payoffs for r in results} == {results[0].payoffs}
    assert not results[0].guessed and results[0].payoffs[0] == Decimal("-50")


def test_a_run_out_the_file_leaves_out_is_drawn_at_random() -> None:
    # The same hand without its board: the engine deals it, from the seed.
    history = by_key(SITES["ftp"])["16"]
    bare = history.replace(actions=tuple(a for a in history.actions if not a.startswith("d db")))
    boards = set()
    for seed in range(12):
        result = replay(bare, seed=seed)
        assert result.complete and result.guessed
        boards.add(result.hand.board)
        assert replay(bare, seed=seed).hand.board == result.hand.board  # from the seed
    assert len(boards) > 6


def test_the_one_pass_replay_and_the_general_one_agree() -> None:
    # A lenient replay takes the general path (it may have to repair the history); on a history
    # with nothing to repair both paths end every hand alike.
    files = [*SITES.values(), DATA.parent / "pluribus-100.phhs"]
    files.append(DATA.parent / "pokerkit" / "wsop-2023-43-5.phhs")
    compared = 0
    for path in files:
        for history in load(path):
            fast = replay(history, seed=7, check=False)
            general = replay(history, seed=7, check=False, lenient=True)
            assert general.repairs == ()
            assert fast.complete == general.complete, (path.name, history.key)
            if not fast.complete or fast.guessed or general.guessed:
                continue  # the unknown cards may be drawn differently
            assert fast.finishing_stacks == general.finishing_stacks, (path.name, history.key)
            assert fast.payoffs == general.payoffs and fast.matches == general.matches
            assert fast.rake == general.rake and fast.winnings_match == general.winnings_match
            compared += 1
    assert compared >= 100
