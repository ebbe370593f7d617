"""888poker's (Pacific Poker's) hand histories: PartyPoker's kind of text, read by its reader.

888 (Pacific Poker, and its regulated sites: 888poker.ca-on, 888.ro...) writes a text much like
PartyPoker's (see :mod:`holdem.histories.partypoker`, whose reader reads it); these are its
own ways:

* The header: ``***** Cassava Hand History for Game 361198949 *****`` (``888poker``,
  ``888poker.ca-on``, ``888.ro`` ... for ``Cassava``), after a ``#Game No : N`` line.
* The game: ``$0.12/$0.25 Blinds No Limit Holdem - *** 05 06 2022 23:06:24`` (``Fix Limit``,
  ``Pot Limit``; ``Omaha``; ``OmahaHL`` is Omaha hi-lo; ``Jackpot table`` after the game on
  some tables). The stakes are the blinds posted (fixed limit: the big blind and twice it),
  or those the game line states when the big blind is all in for less.
* A tournament's table line: ``Tournament #123 $1 + $0.10 - Table #4 (Real Money)``: its
  number.
* Amounts with the sign before or after (``[$0.62]``, ``[0,08 $]``, ``[1 €]``), a decimal
  comma in some, a comma between thousands in others (``1,283.15``), a space in others
  (``5 000 $``, ``1 123 698``).
* The clients in other languages write their own ranks: Dutch ``H``, ``V``, ``B`` (king,
  queen, jack), Swedish ``E``, ``Kn`` and ``D`` (ace, jack, queen), Russian the initials of
  Valet, Dama, Korol and Tuz in Cyrillic (the file in Windows-1251): read as the English ones
  (none of them is an English rank). German suits are words (``8Pik``: Pik, Herz, Karo and
  Kreuz, spades to clubs), Spanish ones letters (``7p``, ``8t``: picas, corazones, diamantes
  and tréboles, its ``c`` the hearts): a hand with a suit ``p`` or ``t`` is read as Spanish.
* ``X posts dead blind [$0.01 + $0.02]``: a dead small blind with a live big blind.
* ``** Dealing flop ** [ 5d, 5c, Jd ]`` (lower case); ``** Summary **`` then ``X shows [ Qc,
  Qd ]``, ``X mucks [ ... ]`` (cards known) and ``X collected [ 790 ]``: what each won from
  the pot, an uncalled bet returned not counted; but some hands (walks, tournaments of 2012)
  count it: amounts won that are more than the pot and, with the bet returned taken out, the
  pot exactly, or a bettor's ``collected`` that is his bet returned, are read so.

Games: hold'em of the three structures, pot-limit Omaha, fixed-limit Omaha hi-lo (Omaha hi-lo of
the other structures is refused as a game PHH does not write, before its play is read).
"""

from __future__ import annotations

import re

from holdem.errors import PokerStarsError
from holdem.histories.partypoker import PartyHand, lines_of
from holdem.pokerstars import StarsHand

__all__ = ["ID", "START", "read"]

#: The first line of a hand.
START = re.compile(r"[ \t\x00]*\*{5} (?:Cassava|888[\w.-]{0,20}) Hand History for Game \d")
#: The hand's id in its first line.
ID = re.compile(r"Game (\d{1,30})")

_HEADER = re.compile(r"^\*{5} (?:Cassava|888[\w.-]{0,20}) Hand History for Game (?P<id>\d{1,30})")
_GAME = re.compile(
    r"^(?P<stakes>.+?) Blinds (?P<limit>No Limit|Pot Limit|Fix Limit) "
    r"(?P<game>Holdem|OmahaHL|Omaha)(?: Jackpot table)? - "
)
_LIMITS = {"No Limit": "No Limit", "Pot Limit": "Pot Limit", "Fix Limit": "Limit"}
_GAMES = {"Holdem": "Hold'em", "Omaha": "Omaha", "OmahaHL": "Omaha Hi/Lo"}
_TOURNAMENT = re.compile(r"^Tournament #(?P<id>\d{1,20})")
# The ranks of the clients in other languages, none of them an English rank: Dutch (Heer,
# Vrouw, Boer), Swedish (Ess, Knekt, Dam) and Russian (Валет, Дама, Король, Туз, read as
# Windows-1252: the file is Windows-1251).
_LOCAL_RANKS = {
    "H": "K", "V": "Q", "B": "J", "E": "A", "Kn": "J", "D": "Q",
    "Â": "J", "Ä": "Q", "Ê": "K", "Ò": "A",
}  # fmt: skip
_LOCAL_CARD = re.compile(r"(?<!\w)(?:Kn|[HVBEDÂÄÊÒ])(?=(?:[shdcpt]|Pik|Herz|Karo|Kreuz)\b)")
_BRACKETS = re.compile(r"\[(?P<inside>[^\]]*)\]")
_CARD_LIST = re.compile(
    r"(?:\s*(?:Kn|10|[2-9TJQKAHVBEDÂÄÊÒ])(?:[shdcpt]|Pik|Herz|Karo|Kreuz),?)+\s*"
)
# The suits of the clients in other languages: German words (Pik, Herz, Karo, Kreuz) and
# Spanish letters (picas, corazones, diamantes, tréboles: its "c" is hearts, its "d" the
# diamonds), a hand being Spanish when one of its cards has a suit "p" or "t".
_GERMAN_SUITS = {"Pik": "s", "Herz": "h", "Karo": "d", "Kreuz": "c"}
_GERMAN_SUIT = re.compile(r"(?<=[\dA-Z])(?:Pik|Herz|Karo|Kreuz)\b")
_SPANISH_SUITS = {"p": "s", "c": "h", "d": "d", "t": "c"}
_SPANISH_CARD = re.compile(r"(?<=[\dA-Z])[pt]\b")
_SUIT_LETTER = re.compile(r"(?<=[\dA-Z])[shdcpt]\b")


def read(text: str, source: str = "<string>", index: int = 0) -> StarsHand:
    """One 888 hand's text read into the common record.

    :raises PokerStarsError: for a hand that cannot be read (the reason says why).

    >>> hand = read('''***** 888poker Hand History for Game 7 *****
    ... $0.12/$0.25 Blinds No Limit Holdem - *** 05 06 2022 23:06:24
    ... Table Saguenay 6 Max (Real Money)
    ... Seat 2 is the button
    ... Seat 2: Ann ( $50 )
    ... Seat 4: Bob ( $50 )
    ... Ann posts small blind [$0.12]
    ... Bob posts big blind [$0.25]
    ... ** Dealing down cards **
    ... Ann raises [$0.63]
    ... Bob folds
    ... ** Summary **
    ... Ann collected [ $0.50 ]''')
    >>> hand.site, hand.number, hand.total_pot, hand.rake, hand.collected
    ('888', '7', 50, 0, {'Ann': 50})
    """
    raw = lines_of(text)
    spanish = any(
        _SPANISH_CARD.search(b["inside"])
        for line in raw
        if "[" in line
        for b in _BRACKETS.finditer(line)
        if _CARD_LIST.fullmatch(b["inside"])
    )
    lines = [_BRACKETS.sub(lambda b: _english(b, spanish), line) for line in raw]
    head = _HEADER.match(lines[0]) if lines else None
    if head is None:
        raise PokerStarsError(f"{source}: hand {index + 1}: no 888 header")
    label = f"{source}: hand #{head['id']}"
    return PartyHand(lines, head["id"], label, source, index, "888", _game, "if over").read()


def _english(brackets: re.Match[str], spanish: bool = False) -> str:
    """A list of cards in brackets with its ranks and suits in English (anything else as it
    is); ``spanish``: its suit letters are Spanish."""
    inside = brackets["inside"]
    if not _CARD_LIST.fullmatch(inside):
        return brackets[0]
    inside = _LOCAL_CARD.sub(lambda card: _LOCAL_RANKS[card[0]], inside)
    inside = _GERMAN_SUIT.sub(lambda suit: _GERMAN_SUITS[suit[0]], inside)
    if spanish:
        inside = _SUIT_LETTER.sub(lambda suit: _SPANISH_SUITS.get(suit[0], "?"), inside)
    return "[" + inside + "]"


def _game(hand: PartyHand) -> tuple[str, str, str | None]:
    """The hand's game in PokerStars' words, the line that names it and the tournament's
    number (None at a cash table)."""
    for line in hand.lines[1:4]:
        m = _GAME.match(line)
        if m is None:
            continue
        tournament = next(
            (t["id"] for t in map(_TOURNAMENT.match, hand.lines[1:5]) if t is not None), None
        )
        if m["game"] == "OmahaHL" and m["limit"] != "Fix Limit":  # (before its arithmetic)
            structure = m["limit"].lower().replace(" ", "-")
            raise hand.fail(f"not a game PHH writes (omaha-hi-lo, {structure})")
        small, _, big = m["stakes"].partition("/")
        hand.chips = True  # (a point between groups of three digits separates thousands)
        hand.stated = (hand.amount(small), hand.amount(big))
        return f"{_GAMES[m['game']]} {_LIMITS[m['limit']]}", line, tournament
    raise hand.fail("no line names a hold'em or Omaha game")
