"""holdem.histories over WPN's text, both formats: the corpus's files, and hostile text.

Oracles: the real files of ../shared/corpus/sites/*/Winning (fpdb-3's regression files,
AGPL-3.0, read in place): what each player collected as the file says, which the engine's
replay must pay (``load``'s check), and the pot each summary states; the count of hand headers
(``Game ID:``, ``Hand #N -``) in each file; and pokerkit 0.7.7, which replays the PHH we write
to the same stacks.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from holdem.errors import HoldemError
from holdem.histories import load, sniff
from holdem.histories.wpn import read
from holdem.pokerstars import check

from _support.paths import CORPUS
from _support.site_files import counts_as_measured, hostile_errors, pokerkit_agrees

CASH, TOUR = CORPUS / "sites" / "cash" / "Winning", CORPUS / "sites" / "tour" / "Winning"
needs_corpus = pytest.mark.skipif(not CASH.is_dir(), reason=f"no corpus at {CORPUS}")
_HEADER = re.compile(r"^(?:Game ID: \d|(?:Game )?Hand #\d+ - )", re.M)

# Hands read and refused per hold'em and Omaha file, as measured; each refusal's reason is
# checked below. The files are fpdb's, some kept for a fault of their own.
EXPECTED = {
    "6+Holdem-6-max-USD-0.02-0.05-201902.HH00000000 G0.txt": (1, 0),
    "LHE-2max-USD-2.00-4.00-201608.HH00000000 G0.txt": (1, 0),
    "LO8-6max-USD-20-40-201907.CASHID-TN-St{FULLSTOP} Lucie GAMETYPE.txt": (1, 0),
    "NLHE-6max-USD-0.01-0.02-201608.Cap.HH00000000 G0.txt": (3, 0),
    "NLHE-6max-USD-0.01-0.02-201608.Short.HH00000000 G0.txt": (2, 0),
    "NLHE-6max-USD-0.02-0.05-201608.HH00000000 G0.txt": (1, 0),
    "NLHE-6max-USD-0.05-0.10-201906.RUSHID-TN-Blitz Poker GAMETYPE.txt": (1, 0),
    "NLHE-6max-play-5.00-10.00-201608.HH00000000 G0.txt": (1, 0),
    "NLHE-9max-USD-0.01-0.02-201911.CASHID-TN-Miramar (Cap) GAMETYPE.txt": (1, 0),
    "NLHE-9max-USD-0.02-0.05-202104.post.dead.txt": (1, 0),
    "NLHE-9max-USD-0.02-0.05-202104.walk.txt": (1, 0),
    "NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621 G30997753.txt": (2, 0),
    "NLHE-9max-play-5.00-10.00-201608.HH00000000 G0.txt": (12, 0),
    "NLO8-6max-USD-3-6-202104.RIT.txt": (0, 1),
    "NLO8-6max-USD-3-6-202104.walk.txt": (0, 1),
    "PLO-6max-USD-0.01-0.02-201608.Short.HH00000000 G0.txt": (2, 0),
    "PLO-6max-USD-5.00-10.00-201504.capped.HH00000000 G0.txt": (1, 0),
    "PLO-USD-2.50-5.00-201505.no.hero.HH00000000 G0.txt": (0, 1),
    "PLO8-6max-USD-0.10-0.25-201608.HH00000000 G0.txt": (0, 5),
    "PLO8-6max-USD-20-40-201609.no.flop.HH20160913 G31116857.txt": (0, 1),
    "PLO8-6max-USD-3-6-201701.short.HH20170115 G31084891.txt": (0, 1),
    "PLO8-6max-USD-40-80-201610.disconnected.allin.HH00000000 G0.txt": (0, 1),
    "NLHE-2max-USD-2.20 HH00000000 T5732408-G0-201608.Turbo.txt": (1, 0),
    "NLHE-2max-USD-2.40 HH00000000 T5732551-G0-201608.Hyper.txt": (10, 0),
    "NLHE-8max-NA-0-0-202207.GTD.txt": (1, 0),
    "NLHE-9max-FREE-HH20160914 T6106397-G34835015-201609.ante.txt": (1, 0),
    "NLHE-9max-NA-0-0-201907.SCHEDULEDID-TN-The Venom - $5,000,000 GTD - Day 1C GAMETYPE.txt": (
        1,
        0,
    ),
    "NLHE-9max-USD- HH20160828 T5795043-G33949698-201608.ante.2.txt": (1, 0),
    "NLHE-9max-USD-5.00 HH00000000 T5731520-G0-201608.Regular.txt": (52, 0),
    "NLHE-NA-0-0 HH00000000 T1-G0-201601.unknown.player.acts.txt": (0, 1),
    "NLHE-NA-0-0 HH00000000 T2-G0-201801.data.mined.format.txt": (1, 0),
    "NLHE-NA-0-0 HH20190118 T9360380-G0-201901.txt": (1, 0),
    "PLO8-9max-USD-15-201906.SITGOID-TN-$15 PLO Hi{BACKSLASH}Lo Turbo - On Demand GAMETYPE.txt": (
        0,
        1,
    ),
}
# The reasons a hand may be refused for: pot-limit or no-limit Omaha hi-lo (no PHH code), or a
# fault of the file (a blank player's name, a flop without cards, the button posting the big
# blind heads up) or a rule the engine does not play (an all-in by disconnection).
REASONS = (
    "not a game PHH writes",
    "a player not seated plays",
    "a flop without its cards",
    "heads up, the button posts the big blind",
    "an all-in by disconnection",
)


def _files() -> list[Path]:
    return sorted((CASH / "Flop").glob("*.txt")) + sorted(TOUR.glob("*.txt"))


@needs_corpus
def test_wpn_reads_and_refuses_each_files_hands_as_measured() -> None:
    seen = counts_as_measured(_files(), _HEADER, "WPN", REASONS)
    assert seen == EXPECTED
    assert sum(r for r, _ in seen.values()) == 100
    # an old-format hand's id is on the line after its first ("Game ID: 665312038 ...")
    hands = load(
        CASH
        / "Flop"
        / "NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621 G30997753.txt"
    )
    got = list(hands)
    assert hands.errors == [] and [h.hand.number for h in got] == ["665312038", "665307190"]
    # the blank name ("Player  has big blind (2)") is the seat whose place in the summary it
    # takes: Player7 (seat 4, the big blind after a seat sitting out), then Player3, who wins
    # the 20.37 the summary says (the replay paid it: load checks)
    first, second = (h.history for h in got)
    assert "Player7" in first.fields["players"] and "Player3" in second.fields["players"]
    assert got[1].hand.collected == {"Player3": 2037}


@needs_corpus
def test_pokerkit_replays_wpn_hands_to_the_same_stacks() -> None:
    notation = pytest.importorskip("pokerkit.notation")
    compared, unparsed = pokerkit_agrees(notation, _files())
    assert compared > 90 and unparsed == 0


@needs_corpus
def test_a_capped_tables_cap_is_what_a_caps_line_takes_the_player_to() -> None:
    # PLO $5/$10 (old format): 20 before the flop, a bet of 26.12 and "caps (253.88)": 300;
    # NL $0.01/$0.02 (new format): 0.05 before the flop and "caps $0.55": 0.60
    capped = {
        h.hand.number: h
        for path in _files()
        if "apped" in path.name or "(Cap)" in path.name
        for h in load(path)
    }
    plo, nl = capped["406051551"], capped["151588328"]
    assert (plo.hand.cap, plo.hand.unit, plo.history.variant) == (30000, "0.01", "PO")
    assert (nl.hand.cap, nl.hand.unit, nl.history.variant) == (60, "0.01", "NT")
    assert plo.hand.collected == {"Player4": 61200} and nl.hand.collected == {"ccZORBAcc": 119}


@needs_corpus
def test_the_old_formats_structure_is_told_by_the_big_blind_posted() -> None:
    # "2/4 ... (Hold'em)" with a big blind of 2: the stakes are the bets (fixed limit);
    # "0.02/0.05 ... (Hold'em)" with a big blind of 0.05: no limit; "(Omaha)": pot limit
    games = {
        h.hand.number: (h.hand.structure, h.hand.small, h.hand.big)
        for path in _files()
        for h in load(path)
    }
    assert games["693968595"] == ("fixed-limit", 200, 400)
    assert games["693967308"] == ("no-limit", 2, 5)
    assert games["693980441"][0] == "pot-limit"


OLD = """Game started at: 2016/8/2 11:19:45
Game ID: 693978609 0.10/0.25 (PRR) Elepaio (Hold'em)
Seat 4 is the button
Seat 1: Ann Lee (38.58).
Seat 3: Bob (9.40).
Seat 4: Cy (14.01).
Player Ann Lee has small blind (0.10)
Player Bob has big blind (0.25)
Player Ann Lee received a card.
Player Ann Lee received a card.
Player Bob received card: [Qc]
Player Bob received card: [10c]
Player Cy received a card.
Player Cy received a card.
Player Cy calls (0.25)
Player Ann Lee folds
Player Bob checks
*** FLOP ***: [Jh 10d 10h]
Player Bob bets (0.25)
Player Cy raises (1)
Player Bob calls (0.75)
*** TURN ***: [Jh 10d 10h] [2c]
Player Bob checks
Player Cy bets (1.02)
Player Bob folds
Uncalled bet (1.02) returned to Cy
Player Cy mucks cards
------ Summary ------
Pot: {pot}. Rake 0.08. JP fee 0.02
Board: [Jh 10d 10h 2c]
Player Ann Lee does not show cards.Bets: 0.10. Collects: 0. Loses: 0.10.
Player Bob does not show cards.Bets: 1.25. Collects: 0. Loses: 1.25.
*Player Cy mucks (does not show cards). Bets: 1.25. Collects: {won}. Wins: 1.15.
Game ended at: 2016/8/2 11:20:30
"""


def test_an_old_format_hand_its_rake_and_jackpot_fee_and_pots_that_do_not_add_up() -> None:
    # 0.10 + 1.25 + 1.25 put in, the 1.02 returned: 2.60, less 0.08 and 0.02: 2.50 collected
    hand = read(OLD.format(pot="2.50", won="2.50"))
    assert (hand.total_pot, hand.rake, hand.collected) == (260, 10, {"Cy": 250})
    assert [str(c) for c in hand.known["Bob"]] == ["Qc", "Tc"]
    assert check(hand).history.finishing_stacks == (3848, 815, 1526)
    assert sniff(OLD) is not None and sniff(OLD).name == "WPN"  # type: ignore[union-attr]
    with pytest.raises(HoldemError, match=r"the amounts collected \(2.40\) are not the pot"):
        read(OLD.format(pot="2.50", won="2.40"))
    with pytest.raises(HoldemError, match=r"less the amounts won \(2.40\) is not the rake"):
        read(OLD.format(pot="2.40", won="2.40"))


def test_a_blank_name_is_the_seat_whose_place_in_the_summary_it_takes() -> None:
    # the summary has a line per seat in the order of the seat lines: the blank line's place
    # is Ann Lee's, whose name is on no other line of the hand
    text = OLD.format(pot="2.50", won="2.50")
    blank = text.replace("Player Ann Lee ", "Player  ")
    assert "Ann Lee" not in blank.replace("Seat 1: Ann Lee", "")
    hand = read(blank)
    assert hand.collected == read(text).collected == {"Cy": 250}
    assert check(hand).history.finishing_stacks == check(read(text)).history.finishing_stacks
    assert [a.name for a in hand.actions if a.verb == "small blind"] == ["Ann Lee"]


def test_a_blank_name_and_a_disconnection_all_in_are_refused_with_their_reason() -> None:
    # a blank name the summary does not place: Ann Lee named on another line, or the summary's
    # lines not one per seat in the seat lines' order
    blank = OLD.format(pot="2.50", won="2.50").replace("Player Ann Lee folds", "Player  folds")
    with pytest.raises(HoldemError, match="a player not seated plays"):
        read(blank)
    unplaced = OLD.format(pot="2.50", won="2.50").replace("Player Ann Lee ", "Player  ")
    unplaced = unplaced.replace(
        "Player  does not show cards.Bets: 0.10. Collects: 0. Loses: 0.10.\n", ""
    )
    with pytest.raises(HoldemError, match="a player not seated plays"):
        read(unplaced)
    gone = OLD.format(pot="2.50", won="2.50").replace(
        "Player Bob folds", "Player Bob is disconnected and ALL IN.\nPlayer Bob allin"
    )
    with pytest.raises(HoldemError, match="an all-in by disconnection"):
        read(gone)


RUN_TWICE = """Hand #7 - Holdem(No Limit) - $1.00/$2.00 - 2021/04/16 19:14:14 UTC
Parachute 6-max Seat #1 is the button
Seat 1: Ann ($100.00)
Seat 2: Bob ($100.00)
Ann posts the small blind $1.00
Bob posts the big blind $2.00
*** HOLE CARDS ***
Ann raises $99.00 to $100.00 and is all-in
Bob calls $98.00 and is all-in
*** RUN IT TWICE ***
*** FLOP 1 *** [8h Qd 7d]
Main pot 1 $99.00 | Rake $1.00
*** TURN 1 *** [8h Qd 7d] [7h]
*** RIVER 1 *** [8h Qd 7d 7h] [5d]
*** SHOW DOWN 1 ***
Ann shows [Ac Ad] (two pair, Aces and Sevens)
Bob shows [Kc Ks] (two pair, Kings and Sevens)
Ann collected $99.00 from main pot 1
*** FLOP 2 *** [6c 9s Jh]
*** TURN 2 *** [6c 9s Jh] [Kh]
*** RIVER 2 *** [6c 9s Jh Kh] [2s]
*** SHOW DOWN 2 ***
Ann shows [Ac Ad] (a pair of Aces)
Bob shows [Kc Ks] (three of a kind, Kings)
Bob collected $99.00 from main pot 2
*** SUMMARY ***
Total pot $198.00 | Rake $1.90 | JP Fee $0.10
Board 1 [8h Qd 7d 7h 5d]
Seat 1: Ann showed [Ac Ad] and won $49.50 with two pair, Aces and Sevens
Board 2 [6c 9s Jh Kh 2s]
Seat 2: Bob showed [Kc Ks] and won $99.00 with three of a kind, Kings
"""


def test_a_new_format_board_run_twice_replays_each_run() -> None:
    # 200 put in, 2 taken (rake and jackpot fee): each run's pot of 99 to its winner
    hand = read(RUN_TWICE)
    assert (hand.run_twice, hand.total_pot, hand.rake) == (True, 20000, 200)
    assert hand.collected == {"Ann": 9900, "Bob": 9900}
    assert check(hand).history.finishing_stacks == (9900, 9900)


HOSTILE = {
    "a truncated hand": OLD.format(pot="2.50", won="2.50")[:400],
    "binary": "Hand #1 - Holdem(No Limit) - $1/$2 - x\n" + "\x00\x01\xff\xfe" * 5000,
    "a huge single line": "Hand #1 - Holdem(No Limit) - $1/$2 - x\n" + "A" * 5_000_000,
    "an unknown line": OLD.format(pot="2.50", won="2.50").replace(
        "Player Bob checks", "Player Bob juggles"
    ),
    "many hands of one header": "Hand #1 - Holdem(No Limit) - $1/$2 - x\n" * 10_000,
    "an old header alone, repeated": "Game started at: 2016/8/2 1:1:1\nGame ID: 1 1/2 (x)\n" * 5000,
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_text_ends_in_a_history_error(case: str, tmp_path: Path) -> None:
    hostile_errors(HOSTILE[case], tmp_path / "hostile.txt")
