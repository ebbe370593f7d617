"""Hand abstraction: hands up to suit symmetry (:mod:`holdem.abstraction.isomorphism`), their
strength features (:mod:`holdem.abstraction.strength`) and buckets of them
(:mod:`holdem.abstraction.buckets`).

The public names are also at the top of the package (``holdem.HandIndexer``, ...).
"""
