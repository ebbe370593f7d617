"""The end of a hand: the showdown (who shows first, who shows or mucks) and the pots' award.

The showdown starts with the last player to bet or raise in the last betting round (Wikipedia,
"Texas hold 'em": "The last player to bet is the first player to show their hand"), else with
the first seat left of the button (or that round's first to act, under
``Rules.showdown_from_opener``), and goes clockwise. In the ``auto`` mode a hand is shown when
it can still win a pot (for some board, hand type and pot it may win, it is at least as good as
the best hand shown so far for it), else mucked, unless every hand is to be shown (the ``all``
mode; no more than one player with chips left; or an all-in under
``Rules.all_in_shows_all``, TDA rule 16). In the ``manual`` mode the seat to act calls
:meth:`holdem.Hand.show` or :meth:`holdem.Hand.muck`.

Then every pot goes to the best hands shown that are eligible for it (see
:func:`holdem.engine.pots.award`), less the house's rake: split by board when the board was
run more than once or there are two boards (:mod:`holdem.engine.runout`), in halves between
the best high hand and the best qualifying low in a hi-lo game (:mod:`holdem.engine.variants`).
The hand kernel does both (:mod:`holdem.engine._state`).

>>> from holdem import Hand, Street
>>> hand = Hand([100, 100], blinds=(1, 2), board="As Ks Qs Js Ts", seed=2, showdown="manual")
>>> while hand.street < Street.SHOWDOWN:  # call, then check down
...     hand.check_or_call()
>>> hand.actor, hand.pots
(0, (Pot(amount=4, eligible=(0, 1)),))
>>> hand.show()
>>> hand.show()  # both play the royal flush on the board: a split pot
>>> hand.payoffs
[0, 0]
"""

from __future__ import annotations

from typing import Literal

__all__ = ["ShowdownMode"]

#: How hands are shown: 'auto' (a hand that can still win shows, the others muck), 'all' (every
#: hand shows) or 'manual' (the seat to act calls show() or muck()).
ShowdownMode = Literal["auto", "all", "manual"]
