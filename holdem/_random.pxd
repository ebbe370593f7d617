# cython: language_level=3
"""The random primitives of holdem's compiled modules: one copy, cimported by every kernel.

A header-like .pxd (no .pyx of its own): its inline functions are compiled into the modules
that cimport them; the plain C they need is in holdem/_random.h.

Two generators, each with its draws:

* splitmix64 (Steele, Lea and Flood, 2014): the generator's step ``splitmix64``, its finaliser
  ``fmix64`` and the hash ``mix64`` of two words; ``below_mod``, an integer below a bound by a
  modulo of one output (a bias below 2**-58 for a bound of 52), and ``unit_double``, a double
  in [0, 1); ``shuffle_step`` and ``partial_shuffle``, a partial Fisher-Yates shuffle of an
  array of indices by ``below_mod``; ``bounded_group``, several integers below their bounds
  from one output by Lemire's multiply-shift, without bias (Brackett-Rozinsky and Lemire,
  "Batched ranged random integer generation", 2024). The modulo draws' sequences are fixed: a
  seeded hand deals the same cards on every platform and in every version.
* xoshiro256** (Blackman and Vigna, 2018), seeded through splitmix64 from a seed and a stream
  (``Rng``, ``rng_seed``, ``rng_next64``, ``rng_next32``); Lemire's unbiased bounded integers
  ("Fast random integer generation in an interval", 2019: ``rng_below``, ``rng_below_from``);
  ``rng_shuffle_step``, a step of a partial Fisher-Yates shuffle by them; ``rng_draw_cards``,
  distinct cards from a set by rejection. The Monte Carlo equity kernels draw with these.
"""

from libc.stdint cimport uint8_t, uint32_t, uint64_t

cdef extern from "holdem/_random.h":
    uint64_t mul_step "holdem_mul_step"(uint64_t* left, uint64_t n) noexcept nogil


# ---------------------------------------------------------------------------------------------
# splitmix64
# ---------------------------------------------------------------------------------------------

cdef inline uint64_t fmix64(uint64_t z) noexcept nogil:
    """splitmix64's finaliser: a bijection of 64-bit words that mixes every bit into every bit."""
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef inline uint64_t splitmix64(uint64_t* state) noexcept nogil:
    """The next number of the splitmix64 generator: a golden-ratio step, then the finaliser."""
    state[0] += <uint64_t>0x9E3779B97F4A7C15
    return fmix64(state[0])


cdef inline uint64_t mix64(uint64_t a, uint64_t b) noexcept nogil:
    """A well-mixed 64-bit hash of two words: the finaliser of a * golden + b."""
    return fmix64(a * <uint64_t>0x9E3779B97F4A7C15 + b)


cdef inline uint64_t below_mod(uint64_t* state, uint64_t n) noexcept nogil:
    """An integer in [0, n) (n >= 1): the next splitmix64 number modulo n (a bias below
    n / 2**64)."""
    return splitmix64(state) % n


cdef inline double unit_double(uint64_t* state) noexcept nogil:
    """A double in [0, 1): the top 53 bits of the next splitmix64 number."""
    return <double>(splitmix64(state) >> 11) * (1.0 / 9007199254740992.0)


cdef inline uint8_t shuffle_step(uint64_t* state, uint8_t* order, Py_ssize_t i,
                                 Py_ssize_t n) noexcept nogil:
    """Step ``i`` of a partial Fisher-Yates shuffle of ``order[0 .. n - 1]``: swap item ``i``
    with item ``i + below_mod(n - i)``; returns the item now at ``i``."""
    cdef Py_ssize_t j = i + <Py_ssize_t>below_mod(state, <uint64_t>(n - i))
    cdef uint8_t t = order[j]
    order[j] = order[i]
    order[i] = t
    return t


cdef inline void partial_shuffle(uint64_t* state, uint8_t* order, Py_ssize_t n,
                                 Py_ssize_t k) noexcept nogil:
    """Move a uniform choice of ``k`` of ``order[0 .. n - 1]`` to ``order[0 .. k - 1]``, in the
    order drawn (``shuffle_step`` for ``i < k``)."""
    cdef Py_ssize_t i
    for i in range(k):
        shuffle_step(state, order, i, n)


cdef inline uint64_t group_threshold(uint64_t product) noexcept nogil:
    """``2**64 mod product``: the rejection threshold of ``bounded_group`` for bounds whose
    product is ``product`` (at most 2**64 - 1)."""
    return (<uint64_t>0 - product) % product


cdef inline void bounded_group(uint64_t* state, uint64_t n, int count, uint64_t threshold,
                               uint64_t* index) noexcept nogil:
    """``index[t]`` uniform in ``[0, n - t)`` for ``t < count``, all from one splitmix64 number.

    Lemire's method batched: each index is the high word of ``left * (n - t)`` and its low word
    the ``left`` of the next. The indices are uniform over the product of their ranges (so
    unbiased) when the whole group is drawn again from the next number while the last low word
    is below ``threshold`` (``group_threshold`` of that product, which must be below 2**64)."""
    cdef uint64_t left
    cdef int t
    while True:
        left = splitmix64(state)
        for t in range(count):
            index[t] = mul_step(&left, n - <uint64_t>t)
        if left >= threshold:
            return


# ---------------------------------------------------------------------------------------------
# xoshiro256**
# ---------------------------------------------------------------------------------------------

ctypedef struct Rng:
    uint64_t s[4]
    uint64_t buf       # a 64-bit output whose high half is still to be used (rng_next32)
    int have


cdef inline uint64_t _rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline void rng_seed(Rng* g, uint64_t seed, uint64_t stream) noexcept nogil:
    """Seed xoshiro256** from (seed, stream) through splitmix64: distinct streams of one seed
    are independent sequences."""
    cdef uint64_t x = seed ^ mix64(stream, 0x5EED)
    cdef int i
    for i in range(4):
        x += <uint64_t>0x9E3779B97F4A7C15
        g.s[i] = mix64(x, 0)
    g.have = 0
    g.buf = 0


cdef inline uint64_t rng_next64(Rng* g) noexcept nogil:
    """The next 64 bits of xoshiro256**."""
    cdef uint64_t result = _rotl(g.s[1] * 5, 7) * 9
    cdef uint64_t t = g.s[1] << 17
    g.s[2] ^= g.s[0]
    g.s[3] ^= g.s[1]
    g.s[1] ^= g.s[2]
    g.s[0] ^= g.s[3]
    g.s[2] ^= t
    g.s[3] = _rotl(g.s[3], 45)
    return result


cdef inline uint32_t rng_next32(Rng* g) noexcept nogil:
    """The next 32 bits: the low half of a new 64-bit output, then its high half."""
    if g.have:
        g.have = 0
        return <uint32_t>(g.buf >> 32)
    g.buf = rng_next64(g)
    g.have = 1
    return <uint32_t>g.buf


cdef inline uint32_t rng_below_from(Rng* g, uint32_t x, uint32_t n) noexcept nogil:
    """Uniform integer in [0, n) from 32 random bits ``x``, without bias (Lemire's method: more
    bits come from g in the rare case that x falls in the rejected part)."""
    cdef uint64_t m = <uint64_t>x * n
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t floor
    if low < n:
        floor = (0u - n) % n
        while low < floor:
            m = <uint64_t>rng_next32(g) * n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef inline uint32_t rng_below(Rng* g, uint32_t n) noexcept nogil:
    """Uniform integer in [0, n), without bias."""
    return rng_below_from(g, rng_next32(g), n)


cdef inline uint32_t rng_shuffle_step(Rng* g, uint32_t* deck, int i, int nd,
                                      uint64_t r) noexcept nogil:
    """Step i of a partial Fisher-Yates shuffle of deck[0:nd]: swap a uniform choice of
    deck[i:nd] into place i and return it. One 64-bit draw r (made by the caller before each
    even step, and passed by value so that it stays in a register) serves two steps: its low
    half step i (even), its high half step i + 1."""
    cdef uint32_t bits = <uint32_t>r if (i & 1) == 0 else <uint32_t>(r >> 32)
    cdef int j = i + <int>rng_below_from(g, bits, <uint32_t>(nd - i))
    cdef uint32_t x = deck[j]
    deck[j] = deck[i]
    deck[i] = x
    return x


cdef inline void rng_draw_cards(Rng* g, uint64_t avail, uint32_t* out, int need,
                                const uint64_t* bits) noexcept nogil:
    """Draw ``need`` distinct cards from the set ``avail`` (bit c: card index c) into
    out[0:need] (out has room for need + 9 cards: what is written past need is scratch).
    ``bits[c]`` (c < 64) is the bit of card index c, 0 from 52 on (not a card): a table the
    caller keeps, which costs the hot loop fewer instructions than making the bit.

    Each try takes six random bits and keeps the card they name when it is still in ``avail``:
    every kept card is uniform over the cards left, as a shuffle deals them. A round is the ten
    tries of one 64-bit draw, with no branch on their outcomes (out[k] is written on every try
    and k moves on only when the card is kept), so that the processor seldom guesses wrong:
    one round usually deals a board.
    """
    cdef uint64_t r, bit, c
    cdef Py_ssize_t k = 0
    cdef int i
    while k < need:
        r = rng_next64(g)
        for i in range(10):
            c = (r >> (6 * i)) & 63
            bit = avail & bits[c]
            avail ^= bit
            out[k] = <uint32_t>c
            k += bit != 0
