"""holdem.histories over 888's (Pacific Poker's) text: the corpus's files, and hostile text.

Oracles: the real files of ../shared/corpus/sites/*/PacificPoker (fpdb-3's regression files,
AGPL-3.0, read in place): what each player collected as the file says, which the engine's
replay must pay (``load``'s check); the count of ``Hand History for Game`` headers in each file;
and pokerkit 0.7.7, which replays the PHH we write to the same stacks.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from holdem.cards import parse_cards
from holdem.errors import HoldemError
from holdem.histories import load, sniff
from holdem.histories.pacific import read
from holdem.pokerstars import check

from _support.paths import CORPUS
from _support.site_files import (
    counts_as_measured,
    hostile_errors,
    pokerkit_agrees,
    preflop_calls,
)

FOLDERS = [CORPUS / "sites" / "cash" / "PacificPoker", CORPUS / "sites" / "tour" / "PacificPoker"]
needs_corpus = pytest.mark.skipif(not FOLDERS[0].is_dir(), reason=f"no corpus at {CORPUS}")
_HEADER = re.compile(r"\*{5} (?:Cassava|888[\w.-]{0,20}) Hand History for Game \d")

# Hands read and refused per file of the Flop folders, as measured; each refusal's reason is
# checked below. The files are fpdb's, many of them kept for a fault of their own.
EXPECTED = {
    "888-FHE-USD-5-10-201203.all.in.blind.txt": (1, 0),
    "888-FLH-10max-USD-0.02-0.04-201306.max.seats.txt": (1, 0),
    "888-FLH-PM-0.50-1.00-HeroLoses18.txt": (1, 0),
    "888-FLH-PM-0.50-1.00.txt": (1, 0),
    "888-FLH-PM-1.00-2.00-stacks_over_1k.txt": (52, 0),
    "888-FLH-USD-0.02-0.04.txt": (43, 0),
    "888-FLO-PM-30-60.txt": (0, 3),
    "888-FLOHL-PM-30-60.txt": (1, 0),
    "888-LHE-HU-USD-10-20-201202.cancelled.hand.txt": (0, 1),
    "888-LHE-USD-0.01-0.02.txt": (1, 0),
    "888-NLH-USD-0.01-0.02.txt": (35, 0),
    "888-NLHE-PM-1.00-2.00.txt": (2, 0),
    "888-NLHE-USD-0.01-0.02-201107.non.english.post.both.txt": (1, 0),
    "888-NLHE-USD-0.01-0.02.rake.greater.than.25.pct.txt": (0, 1),
    "888-NLHE-USD-0.02-0.04-201107.russian.cards.txt": (1, 0),
    "888-NLHE-USD-5-10-201205.uncalled.non.blind.txt": (1, 0),
    "888-PLH-PM-1.00-2.00.txt": (12, 0),
    "888-PLO-USD-10.00-20.00-201405.dutch.txt": (1, 0),
    "888-PLO-USD-25-50-201508.secondsb.txt": (1, 0),
    "NLHE-10max-USD-0.50-1.00-201607.jackpot.table.txt": (1, 0),
    "NLHE-6max-USD-0.12-0.25-202206.ca-on.txt": (1, 0),
    "NLHE-USD-50.00-100.00-201406.blank.player.names.txt": (0, 1),
    "PLO-6max-USD-25-50-201503.observed.hand.txt": (1, 0),
    "PLO-6max-USD-25-50-201604.Swedish.txt": (2, 0),
    "NLHE-10max-FREE-201901.txt": (1, 0),
    "NLHE-10max-Free-202004.space.delimiter.txt": (1, 0),
    "NLHE-6max-MTT-40-4-201901.ro.MM.fix.txt": (1, 0),
    "NLHE-6max-SNG-0.10-201206.hands.txt": (1, 0),
    "NLHE-FREE-MTT-$75Freeroll-201202.multi.pot.ante.all.in.txt": (1, 0),
    "NLHE-FREE-MTT-$75Freeroll20120217.txt": (115, 0),
    "NLHE-FREE-MTT-201311.all.in.blind.no.uncalled.txt": (1, 0),
    "NLHE-MTT-EUR-0.01-201206.freeroll.buyin.hands.txt": (1, 0),
    "NLHE-MTT-USD-13.95-1.05-201901.BLAST.txt": (0, 0),
    "NLHE-PM-MTT-10-20120221.txt": (18, 0),
    "NLHE-STT-5.00-201901.BLAST.txt": (1, 0),
    "NLHE-USD-HUSNG-0.25-201201.Sample.txt": (10, 0),
    "NLHE-USD-MTT-0.90-201205.multiway.allin.blind.txt": (1, 0),
    "NLHE-USD-MTT-0.90-201205.uncalledbets.correct.txt": (1, 0),
    "NLHE-USD-MTT-0.90-201205.uncalledbets.false.positive.txt": (1, 0),
    "NLHE-USD-MTT-0.90-201205.walk.txt": (1, 0),
    "NLHE-USD-MTT-3.15-201205.call.allin.txt": (1, 0),
    "PLO8-USD-MTT-1.80-0.20-201306.all.in.blind.bad.pot.txt": (0, 1),
    "PLO8-USD-STT-10-1-201308.no.pot.awarded.txt": (0, 1),
}
# The reasons a hand may be refused for: a game PHH does not write, a fault of the file (names
# left blank, amounts that do not add up, a hand cancelled before
# the deal), or a play the engine refuses.
REASONS = (
    "not a game PHH writes",
    "fewer than two seated players",
    "fewer than two players are dealt in",
    "no big blind posted",
    "the engine refuses the hand",
    "award differs",
    "are more than the pot",
    "are not the pot",
    "not a card",
    "a line not understood",
)


def _files() -> list[Path]:
    return [p for folder in FOLDERS for p in sorted((folder / "Flop").glob("*.txt"))]


@needs_corpus
def test_888_reads_and_refuses_each_files_hands_as_measured() -> None:
    seen = counts_as_measured(_files(), _HEADER, "888", REASONS)
    assert seen == EXPECTED
    assert sum(r for r, _ in seen.values()) == 316


@needs_corpus
@pytest.mark.parametrize(
    "name",
    [
        "PLO8-USD-MTT-1.80-0.20-201306.all.in.blind.bad.pot.txt",
        "PLO8-USD-STT-10-1-201308.no.pot.awarded.txt",
    ],
)
def test_pot_limit_omaha_hi_lo_is_refused_as_a_game_phh_does_not_write(name: str) -> None:
    # "$125/$250 Blinds Pot Limit OmahaHL": PHH has no code for it; the hand is refused so
    # before its pot, which does not add up in these files, is looked at.
    path = FOLDERS[1] / "Flop" / name
    assert "Pot Limit OmahaHL" in path.read_text(errors="replace")
    hands = load(path)
    assert list(hands) == []
    (error,) = hands.errors
    assert error.reason == "not a game PHH writes (omaha-hi-lo, pot-limit)"


@needs_corpus
def test_the_others_call_the_full_big_blind_after_a_big_blind_all_in_for_less() -> None:
    # 100/200: Horribleman's big blind is all in for 125; "Hero calls [$100]" from the small
    # blind puts in the full 200 (a call, not a raise no one can call), and 75 comes back.
    path = FOLDERS[1] / "Flop" / "NLHE-FREE-MTT-$75Freeroll20120217.txt"
    hands = {h.hand.number: h for h in load(path)}
    loaded = hands["190625798"]
    acts = [(a.name, a.verb, a.amount) for a in loaded.hand.actions if a.verb != "ante"]
    assert acts[:3] == [
        ("Hero", "small blind", 100),
        ("Horribleman", "big blind", 125),
        ("yoshdia", "fold", 0),
    ]
    assert ("Hero", "call", 100) in acts and ("Hero", "uncalled", 75) in acts


@needs_corpus
@pytest.mark.parametrize(
    ("number", "calls"),
    [
        ("190625798", [("Hero", 100)]),
        ("190638603", [("stelth78", 1_600), ("brusler1", 11_648), ("stelth78", 11_108)]),
    ],
)
def test_the_engine_puts_in_the_calls_of_the_full_big_blind_the_text_says(
    number: str, calls: list[tuple[str, int]]
) -> None:
    # A big blind all in for less (125 of 200, 165 of 1,600): the engine's bet to call is the
    # full blind (Rules.call_full_blind), so each call puts in what the text says, not only the
    # totals at the end (with the largest posted to call, Hero's call would be 25 and
    # stelth78's 165).
    path = FOLDERS[1] / "Flop" / "NLHE-FREE-MTT-$75Freeroll20120217.txt"
    loaded = next(h for h in load(path) if h.hand.number == number)
    text, engine = preflop_calls(loaded)
    assert text == engine == calls


@needs_corpus
def test_german_and_spanish_suits_are_read_as_the_english_ones() -> None:
    # German words ("Dealt to Hero [ 8Pik, QPik ]": spades) and Spanish letters ("[ 7p, 8t ]",
    # "[ Kd, 2p, 5d ]": picas, treboles, diamantes), each hand's cards told apart.
    german = FOLDERS[0] / "Flop" / "888-NLHE-USD-0.01-0.02-201107.non.english.post.both.txt"
    spanish = FOLDERS[1] / "Flop" / "NLHE-6max-SNG-0.10-201206.hands.txt"
    assert "[ 8Pik, QPik ]" in german.read_text(encoding="cp1252")
    assert "[ 7p, 8t ]" in spanish.read_text(encoding="cp1252")
    ((g,), (s,)) = (list(load(german)), list(load(spanish)))  # (each was "not a card")
    assert g.hand.collected == {"Player3": 8}
    assert [a.cards for a in s.hand.actions if a.verb == "board"] == [
        tuple(parse_cards("Kd 2s 5d"))
    ]
    with pytest.raises(HoldemError, match="not a card"):  # (a Spanish hand has no "h" suit)
        check(read(HAND.replace("[ 5d, 5c, Jd ]", "[ 5h, 5p, Jd ]")))


@needs_corpus
def test_pokerkit_replays_888_hands_to_the_same_stacks() -> None:
    notation = pytest.importorskip("pokerkit.notation")
    compared, unparsed = pokerkit_agrees(notation, _files())
    assert compared > 200 and unparsed <= 0.02 * compared


HAND = """***** 888poker Hand History for Game 7 *****
$0.12/$0.25 Blinds No Limit Holdem - *** 05 06 2022 23:06:24
Table Saguenay 6 Max (Real Money)
Seat 2 is the button
Seat 2: Ann ( 50 $ )
Seat 4: Bob ( 50 $ )
Ann posts small blind [0,12 $]
Bob posts big blind [0,25 $]
** Dealing down cards **
Ann calls [0,13 $]
Bob checks
** Dealing flop ** [ 5d, 5c, Jd ]
Bob bets [1 $]
Ann raises [3 $]
Bob folds
** Summary **
Ann collected [ {won} ]
"""


def test_a_pot_collected_without_the_uncalled_bet_with_it_and_one_too_large() -> None:
    # the pot is 0.50 + 2 (Bob's 1, Ann's 1 called); Ann's other 2 come back, not collected
    hand = read(HAND.format(won="2,45 $"))
    assert (hand.total_pot, hand.rake, hand.collected) == (250, 5, {"Ann": 245})
    # some hands (walks, tournaments of 2012) count it: more than the pot, the pot with it
    hand = read(HAND.format(won="4,50 $"))
    assert (hand.total_pot, hand.rake, hand.collected) == (250, 0, {"Ann": 250})
    site = sniff(HAND)
    assert site is not None and site.name == "888"
    for too_much in ("2,60 $", "4,60 $"):  # (Ann's 2 returned or not, past the pot)
        with pytest.raises(HoldemError, match=r"the amounts won \([24].60\) are more than"):
            read(HAND.format(won=too_much))


def test_ranks_in_other_languages_and_amounts_with_spaces() -> None:
    # Dutch "B" (boer: the jack) on the board; a player named "Dd" keeps his name; stacks of
    # "5 000 $" with a no-break space between the thousands
    dutch = HAND.format(won="2,45 $").replace("[ 5d, 5c, Jd ]", "[ 5d, 5c, Bd ]")
    hand = read(dutch.replace("Bob", "Dd").replace("( 50 $ )", "( 5\xa0000\xa0$ )"))
    assert [str(a.cards[-1]) for a in hand.actions if a.verb == "board"] == ["Jd"]
    assert {s.name: s.stack for s in hand.seats} == {"Ann": 500000, "Dd": 500000}


def test_a_player_who_folds_among_the_blinds_is_not_dealt_in() -> None:
    # Cy (seat 3) owes the big blind, folds before the deal; Bob (seat 4) posts it
    text = HAND.format(won="2,45 $").replace(
        "Seat 4: Bob ( 50 $ )", "Seat 3: Cy ( 9 $ )\nSeat 4: Bob ( 50 $ )"
    )
    hand = read(text.replace("Bob posts big blind", "Cy folds\nBob posts big blind"))
    assert [(s.name, s.sitting_out) for s in hand.seats] == [
        ("Ann", False),
        ("Cy", True),
        ("Bob", False),
    ]
    assert check(hand).history.fields["players"] == ["Bob", "Ann"]


HOSTILE = {
    "a truncated hand": HAND.format(won="2,45 $")[:150],
    "binary": "***** Cassava Hand History for Game 1 *****\n" + "\x00\x01\xff\xfe" * 5000,
    "a huge single line": "***** Cassava Hand History for Game 1 *****\n" + "A" * 5_000_000,
    "an unknown line": HAND.format(won="2,45 $").replace("Bob checks", "Bob juggles [1 $]"),
    "many hands of one header": "***** Cassava Hand History for Game 1 *****\n" * 10_000,
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_text_ends_in_a_history_error(case: str, tmp_path: Path) -> None:
    hostile_errors(HOSTILE[case], tmp_path / "hostile.txt")
