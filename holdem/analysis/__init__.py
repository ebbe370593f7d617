"""Analysis: equity (exact and Monte Carlo), ranges, starting hands and their preflop tables
(:mod:`holdem.analysis.preflop`), outs and pot odds, ICM.

The public names are also at the top of the package (``holdem.equity``, ``holdem.parse_range``,
``holdem.outs``, ``holdem.icm``, ...).
"""
