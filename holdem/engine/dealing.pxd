# The compiled deal of a hand's cards: C calls (dealing.py and hand.py import the same names).
from holdem.engine._fast cimport draw


cpdef tuple hand_cards(object n, object deck, object seed, object rng, object hole_cards,
                       object board, object runs)
