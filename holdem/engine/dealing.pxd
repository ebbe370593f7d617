# The compiled deal of a hand's cards: a C call (dealing.py imports the same name).
from holdem.engine._fast cimport draw
