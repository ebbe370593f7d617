/* The plain C of holdem's random primitives (declared for Cython in holdem/_random.pxd, which
   holds the generators and draws themselves).

   holdem_mul_step: the 128-bit product of a 64-bit word and a bound, for Lemire's bounded
   integers drawn several from one word (holdem/_random.pxd: bounded_group). The high word is
   the draw; the low word is left in *left for the next draw. */
#ifndef HOLDEM_RANDOM_H
#define HOLDEM_RANDOM_H

#include <stdint.h>
#if defined(_MSC_VER) && defined(_M_X64)
#include <intrin.h>
#endif

/* The high word of the 128-bit product *left * n; the low word is left in *left. Every branch
   gives the same words (HOLDEM_PORTABLE_MUL forces the last one, to test it). */
static inline uint64_t holdem_mul_step(uint64_t *left, uint64_t n) {
#if defined(__SIZEOF_INT128__) && !defined(HOLDEM_PORTABLE_MUL)
    unsigned __int128 m = (unsigned __int128)*left * n;
    *left = (uint64_t)m;
    return (uint64_t)(m >> 64);
#elif defined(_MSC_VER) && defined(_M_X64) && !defined(HOLDEM_PORTABLE_MUL)
    uint64_t high;
    *left = _umul128(*left, n, &high);
    return high;
#else
    uint64_t a = *left, lo = a & 0xFFFFFFFFu, hi = a >> 32;
    uint64_t low = lo * n, mid = hi * n + (low >> 32);
    *left = a * n;
    return mid >> 32;  /* n < 2**32: the product of the high half carries the rest */
#endif
}

#endif /* HOLDEM_RANDOM_H */
