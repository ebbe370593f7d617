"""holdem.histories.load: any site's files, folders and zips, streamed, each hand checked.

Oracles: the real files of ../shared/corpus (from fpdb-3's regression files, AGPL-3.0, read in
place; see its README), whose own summaries (the total pot, the rake, what each player
collected) every hand read must match when the engine replays it; pokerkit 0.7.7, which
replays the PHH we write to the same stacks; and the files' headers counted by a plain scan of
the text, which says how many hands each file holds.
"""

from __future__ import annotations

import pickle
import re
import subprocess
import sys
import zipfile
from collections import Counter
from pathlib import Path

import pytest

from holdem import phh
from holdem.errors import HistoryError, HoldemError
from holdem.histories import MAX_HAND_CHARS, load, sniff

from _support.paths import CORPUS
from _support.site_files import pokerkit_and_ours

STARS = CORPUS / "pokerstars"
SITES = CORPUS / "sites"

needs_corpus = pytest.mark.skipif(not STARS.is_dir(), reason=f"no corpus at {CORPUS}")

# A hand's first line, by site, as a plain scan reads it (the count of hands of a file).
_FAMILY = re.compile(
    r"^\ufeff?\s*(?:PokerStars|POKERSTARS|Full Tilt|Run It Once Poker|PokerBros|PokerMaster)"
    r" (?:Zoom |ZOOM |Home Game |Rush |Cash )?(?:Hand|Game|GAME|HAND) #",
    re.M,
)
_GG = re.compile(r"^\ufeff?\s*Poker Hand #[A-Z]{0,4}\d", re.M)

HAND = """PokerStars Hand #{n}: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/01 12:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Bob ($2 in chips)
Ann: posts small blind $0.01
Bob: posts big blind $0.02
*** HOLE CARDS ***
Ann: folds
Uncalled bet ($0.01) returned to Bob
Bob collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0
"""


def _text(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


# -- the PokerStars family --------------------------------------------------------------------


@needs_corpus
def test_the_pokerstars_family_reads_nearly_every_hand_and_names_each_refusal() -> None:
    hands = load(STARS)
    read = list(hands)
    files = sorted(p for p in STARS.rglob("*") if p.is_file())
    in_files = sum(len(_FAMILY.findall(_text(p))) for p in files)
    # every hand is either read or refused with its file, id and reason: none lost
    assert len(read) + hands.error_count == in_files
    assert hands.files == len(files)
    assert len(read) >= 0.98 * in_files, Counter(e.reason[:40] for e in hands.errors)
    for error in hands.errors:
        assert error.file.startswith(str(STARS)) and error.hand and error.reason
    sites = Counter(h.hand.site for h in read)
    for site in ("PokerStars", "Full Tilt", "Run It Once", "PokerBros", "PokerMaster"):
        assert sites[site] > 0, sites
    assert {h.history.fields["venue"] for h in read} == set(sites)
    games = Counter(h.history.variant for h in read)
    assert games["NS"] >= 4 and games["NT"] > 500 and games["FT"] > 10


@needs_corpus
def test_each_hand_read_replays_to_the_files_amounts() -> None:
    # load's check compared the engine's award with the text's; the PHH written replays alone
    # (from its own fields) to the same finishing stacks.
    compared = 0
    hands = load(STARS / "cash")
    for loaded in hands:
        history = loaded.history
        again = phh.replay(history, seed=0)
        assert again.matches is not False, loaded.hand.label
        assert again.finishing_stacks == history.finishing_stacks or "_cash_outs" in history.fields
        compared += 1
    assert compared == hands.read and compared > 250


@needs_corpus
def test_pokerkit_replays_the_family_and_ggpoker_to_the_same_stacks() -> None:
    notation = pytest.importorskip("pokerkit.notation")
    compared: Counter[str] = Counter()
    unparsed = 0
    for folder in (STARS, SITES / "tour" / "GGPoker", SITES / "cash" / "GGPoker"):
        for loaded in load(folder):
            history = loaded.history
            # pokerkit 0.7.7 has no pot-limit hold'em, no board run twice, no rake field and a
            # short deck ranked otherwise: compare under its preset, the rake left out.
            if history.variant in ("PT", "NS") or "_runs" in history.fields:
                continue
            got = pokerkit_and_ours(notation, history)
            if got is None:  # a raise no one can call (PokerStars allows it, pokerkit not)
                unparsed += 1
                continue
            assert got[0] == got[1], loaded.hand.label
            compared[loaded.hand.site] += 1
    assert compared["PokerStars"] > 300 and compared["GGPoker"] > 50, compared
    assert unparsed <= 0.01 * sum(compared.values())
    assert min(compared[s] for s in ("Full Tilt", "Run It Once", "PokerBros")) > 0, compared


# -- GGPoker ----------------------------------------------------------------------------------


@needs_corpus
def test_ggpoker_reads_every_holdem_and_omaha_hand_of_its_files() -> None:
    folders = [SITES / "tour" / "GGPoker", SITES / "cash" / "GGPoker"]
    read, errors = [], []
    for folder in folders:
        hands = load(folder)
        read += list(hands)
        errors += hands.errors
    headers = [
        line
        for folder in folders
        for p in sorted(folder.rglob("*.txt"))
        for line in _text(p).splitlines()
        if _GG.match(line)
    ]
    errors = [e for e in errors if e.hand]  # (an empty file is no site's)
    assert len(read) + len(errors) == len(headers)
    assert {h.site for h in read} == {"GGPoker"}
    games = Counter(h.history.variant for h in read)
    plain = sum(" Hold'em No Limit" in line for line in headers)
    omaha = sum(bool(re.search(r"Omaha Pot Limit|: PLO \(", line)) for line in headers)
    assert games["NT"] == plain and games["NS"] > 0
    reasons = Counter(
        "no PHH code"
        if "PLO-5" in e.reason or "Omaha hand (" in e.reason
        else "cash drop"
        if "Cash Drop" in e.reason
        else e.reason
        for e in errors
    )
    # 5-card and no-limit-postflop Omaha (no PHH code) and a pot the site added money to: the
    # Omaha and short-deck boards run two and three times replay (a later run is dealt from the
    # game's deck, after each player's four hole cards)
    assert games["PO"] + reasons["cash drop"] == omaha
    assert set(reasons) <= {"no PHH code", "cash drop"}, reasons
    ran = [h for h in read if h.history.fields.get("_runs", 1) > 1]
    assert {h.history.variant for h in ran} >= {"PO", "NS"}
    assert max(h.history.fields["_runs"] for h in ran) == 3


@needs_corpus
def test_ggpoker_short_deck_straddles_anywhere_and_again_to_their_amount() -> None:
    # "27925b27: straddle $0.04" then "straddle $0.08": each to its amount (SD27208832: to
    # $0.16, then "Uncalled bet ($0.14)" of a $0.12 pot); from a seat left of the button (its
    # "blinds" in hold'em), or by the button over his button blind; the action starts left of
    # the straddle, which acts last. A player who folded and shows a card ("11294517: shows
    # [7s]") is no showdown.
    path = SITES / "cash" / "GGPoker" / "Flop" / "NL-ShortDeck-5max-USD-0.2-202103.txt"
    text = _text(path)
    assert "27925b27: straddle $0.08\n27925b27: straddle $0.16" in text.replace("\r", "")
    hands = load(path)
    forced = {h.hand.number: h.history.blinds_or_straddles for h in hands}
    assert hands.errors == []
    # (PHH order: left of the button first, the button last)
    assert forced == {
        "27208848": (0, 0, 4, 2),
        "27208838": (0, 0, 0, 8),
        "27208832": (16, 0, 0, 2),
        "27208824": (0, 4, 0, 2),
    }


@needs_corpus
def test_ggpoker_rake_is_the_rake_and_the_jackpot() -> None:
    path = SITES / "cash" / "GGPoker" / "Flop" / "NL-ShortDeck-5max-USD-0.2-202103.txt"
    text = _text(path)
    assert "Total pot $0.6 | Rake $0.02 | Jackpot $0.02 | Bingo $0" in text
    rakes = {h.hand.total_pot: h.hand.rake for h in load(path)}
    assert rakes[60] == 4  # in cents: the rake and the jackpot


def test_ggpoker_a_pot_that_does_not_add_up_is_refused(tmp_path: Path) -> None:
    gg = """Poker Hand #RC7: Hold'em No Limit ($0.01/$0.02) - 2021/01/01 00:00:00
Table 'RushAndCash1' 6-max Seat #1 is the button
Seat 1: Hero ($2 in chips)
Seat 2: a1 ($2 in chips)
Hero: posts small blind $0.01
a1: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Hero [Ah Kh]
Dealt to a1
Hero: raises $0.04 to $0.06
a1: calls $0.04
*** FLOP *** [2c 7d 9s]
a1: checks
Hero: bets $0.1
a1: folds
Uncalled bet ($0.1) returned to Hero
*** SHOWDOWN ***
Hero collected $0.11 from pot
*** SUMMARY ***
Total pot $0.12 | Rake $0.01 | Jackpot {jackpot} | Bingo $0
"""
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text(gg.format(jackpot="$0"))
    bad.write_text(gg.format(jackpot="$0.01"))
    (hand,) = list(load(good))
    # a1 (big blind, p1) put in 6; Hero (button) put in 6 and collected 11, the rake 1
    assert hand.history.finishing_stacks == (194, 205)
    hands = load(bad)
    assert list(hands) == []
    (error,) = hands.errors
    assert error.hand == "RC7" and "do not add up to the total pot" in error.reason


# -- files, folders, zips ---------------------------------------------------------------------


@needs_corpus
def test_a_zip_gives_the_hands_of_its_folder(tmp_path: Path) -> None:
    folder = STARS / "tour"
    archive = tmp_path / "hands.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for p in sorted(folder.rglob("*.txt")):
            z.write(p, p.relative_to(folder).as_posix())
    from_folder = [(h.hand.number, h.history.finishing_stacks) for h in load(folder)]
    zipped = load(archive)
    from_zip = [(h.hand.number, h.history.finishing_stacks) for h in zipped]
    assert from_zip == from_folder and len(from_zip) > 300
    assert all(e.file.startswith(f"{archive}/") for e in zipped.errors)


def test_hands_are_read_one_file_at_a_time(tmp_path: Path) -> None:
    for k in range(3):
        (tmp_path / f"{k}.txt").write_text(HAND.format(n=k + 1))
    hands = load(tmp_path)
    first = next(iter(hands))
    assert first.hand.number == "1" and hands.files == 1  # the others not opened yet
    assert [h.hand.number for h in hands] == ["2", "3"] and hands.files == 3
    assert list(hands) == []  # (an iterator, as a file is: read once)


def test_a_file_of_no_known_site_and_a_missing_path(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(HAND.format(n=5))
    (tmp_path / "b.bin").write_bytes(bytes(range(256)) * 4000)
    (tmp_path / "c.txt").write_text("x" * 3_000_000)  # one long line, no hand
    hands = load(tmp_path)
    assert [h.hand.number for h in hands] == ["5"]
    assert sorted((Path(e.file).name, e.hand, e.reason) for e in hands.errors) == [
        ("b.bin", "", "not a hand history of a known site"),
        ("c.txt", "", "not a hand history of a known site"),
    ]
    with pytest.raises(HistoryError, match="no such file or folder"):
        load(tmp_path / "nothing")


def test_a_hand_too_long_or_damaged_is_refused_and_the_file_goes_on(tmp_path: Path) -> None:
    long = HAND.format(n=2).replace(
        "*** HOLE CARDS ***", "*** HOLE CARDS ***\n" + "chat\n" * (MAX_HAND_CHARS // 5)
    )
    damaged = HAND.format(n=3).replace("Bob collected $0.02", "Bob collected $0.03")
    endless = HAND.format(n=4).replace("Ann: folds", "Ann: folds" + " " * 200_000 + "x")
    path = tmp_path / "hh.txt"
    path.write_text(HAND.format(n=1) + long + damaged + endless + HAND.format(n=5))
    hands = load(path)
    assert [h.hand.number for h in hands] == ["1", "5"]
    reasons = {e.hand: e.reason for e in hands.errors}
    assert set(reasons) == {"2", "3", "4"}
    assert "over" in reasons["2"] and "characters" in reasons["2"]
    assert "do not add up" in reasons["3"]
    assert isinstance(hands.errors[0], HoldemError) and isinstance(hands.errors[0], ValueError)


def test_encodings_and_indented_archives(tmp_path: Path) -> None:
    euro = HAND.format(n=9).replace("$", "€").replace(" USD", " EUR")
    (tmp_path / "16.txt").write_bytes(euro.encode("utf-16"))
    (tmp_path / "1252.txt").write_bytes(euro.replace("Ann", "Anné").encode("cp1252"))
    (tmp_path / "zoom.txt").write_text(
        "*********** # 1 **************\n" + "".join(f" {line}\n" for line in euro.splitlines())
    )
    hands = list(load(tmp_path))
    assert [h.history.fields["currency_symbol"] for h in hands] == ["€"] * 3
    assert "Anné" in hands[0].history.fields["players"]  # (1252.txt, 16.txt, zoom.txt)


def test_sniff() -> None:
    def name(text: str) -> str | None:
        site = sniff(text)
        return None if site is None else site.name

    assert name("Full Tilt Hand #1: ...") == "PokerStars"  # (the family's one reader)
    assert name("\ufeffPoker Hand #HD1: Hold'em") == "GGPoker"
    assert name("Winamax Poker - CashGame - HandId: #1-2-3") == "Winamax"
    assert name('<session sessioncode="1">') is None


def test_history_error_pickles_with_its_fields() -> None:
    error = HistoryError("f.txt", "TM1", "why")
    again = pickle.loads(pickle.dumps(error))
    assert (again.file, again.hand, again.reason, str(again)) == (
        "f.txt",
        "TM1",
        "why",
        "f.txt: hand #TM1: why",
    )


# -- holdem convert ---------------------------------------------------------------------------


@needs_corpus
def test_convert_a_folder_and_a_zip(tmp_path: Path) -> None:
    out = tmp_path / "out.phhs"
    archive = tmp_path / "gg.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for p in sorted((SITES / "tour" / "GGPoker").rglob("*.txt")):
            z.write(p, p.name)
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "holdem",
            "convert",
            str(STARS / "cash"),
            str(archive),
            "-o",
            str(out),
        ],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1  # some hands refused, each named
    m = re.search(r"holdem: (\d+) of (\d+) hands converted", run.stderr)
    assert m is not None, run.stderr[-500:]
    written = phh.load(out)
    assert len(written) == int(m[1]) and int(m[1]) > 0.95 * int(m[2])
    assert run.stderr.count("holdem: refused: ") == int(m[2]) - int(m[1])
    assert {h.fields["venue"] for h in written} >= {"PokerStars", "GGPoker", "Full Tilt"}
    assert len({h.key for h in written}) == len(written)
    for history in written[::25]:
        assert phh.replay(history, seed=0).matches is not False


# -- Winamax ----------------------------------------------------------------------------------

_WINAMAX = re.compile(r"^\ufeff?\s*Winamax Poker - .* - (Holdem|Omaha) (no|pot|fixed) limit", re.M)

WINAMAX = """Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€) - 2017/03/28 \
16:50:52 UTC
Table: 'Buzau' 3-max (real money) Seat #1 is the button
Seat 1: Ann (100€)
Seat 2: Bob B (100€)
Seat 3: Cy (100€)
*** ANTE/BLINDS ***
Bob B posts small blind 1€
Cy posts big blind 2€
*** PRE-FLOP ***
Ann calls 2€
Bob B calls 1€
Cy bets 4€
Ann folds
Bob B calls 4€
*** FLOP *** [Kc 2d 3d]
Bob B checks
Cy bets 6€
Bob B folds
Cy collected {won} from pot
*** SUMMARY ***
Total pot {pot} | Rake 0.50€
Board: [Kc 2d 3d]
"""


def test_winamax_pot_after_the_rake_and_a_raise_written_as_a_bet(tmp_path: Path) -> None:
    # Cy's pre-flop "bets 4€" facing two calls of 2€ is a raise by 4€ to 6€ (Bob B calls 4€):
    # the pot is 2 + 6 + 6 = 14€ with Cy's uncalled 6€ back; Winamax's total is after the rake.
    path = tmp_path / "w.txt"
    path.write_text(WINAMAX.format(won="13.50€", pot="13.50€"))
    (hand,) = list(load(path))
    assert hand.site == "Winamax" and hand.hand.number == "123"
    assert hand.hand.total_pot == 1400 and hand.hand.rake == 50
    # PHH order: Bob B (small blind) p1, Cy (big blind) p2, Ann (button) p3
    assert "p2 cbr 600" in hand.history.actions  # Cy raises to 6€
    assert hand.history.finishing_stacks == (9400, 10750, 9800)
    path.write_text(WINAMAX.format(won="13.50€", pot="14€"))
    hands = load(path)
    assert list(hands) == [] and "are not the summary's total pot" in hands.errors[0].reason


def test_winamax_a_pot_rounded_to_thousands(tmp_path: Path) -> None:
    text = WINAMAX.replace("€", "").replace("Rake 0.50", "No rake")
    for pot, read in (("14", 1), ("0.01k", 1), ("0.02k", 0)):
        path = tmp_path / f"{pot}.txt"
        path.write_text(text.format(won="14", pot=pot))
        hands = load(path)
        assert len(list(hands)) == read, (pot, hands.errors)


@needs_corpus
def test_winamax_reads_its_holdem_and_omaha_hands() -> None:
    folders = [SITES / "cash" / "Winamax", SITES / "tour" / "Winamax"]
    read, errors = [], []
    for folder in folders:
        hands = load(folder)
        read += list(hands)
        errors += [e for e in hands.errors if e.hand]
    playable = [
        line
        for folder in folders
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.startswith(".")
        for line in _text(p).splitlines()
        if _WINAMAX.match(line) and "Omaha Hi/Lo" not in line
    ]
    assert {h.site for h in read} == {"Winamax"}
    refused = [e for e in errors if "not a hold'em or Omaha" not in e.reason]
    refused = [e for e in refused if "not a game PHH writes" not in e.reason]
    assert len(read) + len(refused) == len(playable)
    assert len(read) >= 0.9 * len(playable), [e.reason[:60] for e in refused]
    # the rest: files fpdb keeps for their faults (side pots collected wrongly, a pot that
    # does not add up, half chips of a tournament rounded), each refused with its reason
    for error in refused:
        assert "award differs" in error.reason or "total pot" in error.reason, error


@needs_corpus
def test_winamax_a_raise_no_one_can_call_is_the_call_it_is() -> None:
    # "AXELEO bets 2380 and is all-in / besancon2500 raises 230 to 2610 and is all-in", then
    # "besancon2500 collected 230 from side pot 1": the 230 no one could call stays his (the
    # call leaves it behind), AXELEO's 6040 the pot; the cash game's river raise of 0.38€ over
    # an all-in of 0.38€ comes back in the 2.44€ Player5 collects, the pot 2.17€ with the rake.
    tour = (
        SITES
        / "tour"
        / "Winamax"
        / "Flop"
        / "20110305_Freeroll 150%80(5142226)_real_holdem_no-limit.txt"
    )
    cash = SITES / "cash" / "Winamax" / "Flop" / "PLO-FR-EUR-0.02-0.05-201009.Sample"
    assert "besancon2500 raises 230 to 2610 and is all-in" in _text(tour)
    assert "Player5 raises 0.38€ to 0.76€" in _text(cash)
    got = {h.hand.number: h for path in (tour, cash) for h in load(path)}
    freeroll = got["2208569249864124571299346692"]
    names = freeroll.history.fields["players"]
    stacks = dict(zip(names, freeroll.history.finishing_stacks or (), strict=True))
    assert stacks["besancon2500"] == 230 and stacks["AXELEO"] == 6040
    assert freeroll.hand.total_pot == 6040
    plo = got["2707772051284852281"]
    assert (plo.hand.total_pot, plo.hand.rake, plo.hand.collected) == (217, 11, {"Player5": 206})
    names = plo.history.fields["players"]
    start = dict(zip(names, plo.history.starting_stacks, strict=True))
    end = dict(zip(names, plo.history.finishing_stacks or (), strict=True))
    # (as written: 0.05€, 0.05€, 0.52€ and 0.76€ put in, 2.44€ collected)
    assert end["Player5"] - start["Player5"] == 244 - (5 + 5 + 52 + 76)


@needs_corpus
def test_hands_cut_across_the_pieces_of_a_file_read_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The files are read in pieces: pieces of 7 characters (every header cut somewhere) give
    # the hands that one piece per file gives.
    from holdem.histories import _sources

    folder = STARS / "tour"
    whole = [(h.hand.number, h.history.actions) for h in load(folder, check=False)]
    monkeypatch.setattr(_sources, "CHUNK_CHARS", 7)
    cut = load(folder, check=False)
    assert [(h.hand.number, h.history.actions) for h in cut] == whole and len(whole) > 300
