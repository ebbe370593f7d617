/* Sums of cards' keys and masks as one two-lane value, for the Monte Carlo kernels of
   holdem.analysis._montecarlo (declared for Cython there).

   A set of distinct cards has for key the sum of its cards' keys and for mask the OR of their
   masks; as no two of the cards share a mask bit, the OR is also the sum. So one two-lane add
   combines both (a card's record, holdem_card_bits of holdem/_core.h, holds key and mask side
   by side), as OMPEval's Hand does: GCC/Clang vector extensions (SSE2 on x86-64, NEON on
   arm64), two scalar adds elsewhere. */
#ifndef HOLDEM_SUMS_H
#define HOLDEM_SUMS_H

#include "holdem/_core.h"

/* The kernels' hot loops start on 32-byte boundaries (GCC's -falign-loops=32 for the module
   that includes this header): where a short loop happens to fall otherwise can cost a
   noticeable share of its speed on some processors, and changes with unrelated code. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("align-loops=32")
#endif

#if defined(__GNUC__) || defined(__clang__)

typedef uint64_t holdem_sums_v2 __attribute__((vector_size(16), may_alias));

/* *acc += *x, both lanes. */
static inline void holdem_sums_add(holdem_card_bits *acc, const holdem_card_bits *x) {
    *(holdem_sums_v2 *)acc += *(const holdem_sums_v2 *)x;
}

/* *out = *a + *b, both lanes. */
static inline void holdem_sums_add2(holdem_card_bits *out, const holdem_card_bits *a,
                                    const holdem_card_bits *b) {
    *(holdem_sums_v2 *)out = *(const holdem_sums_v2 *)a + *(const holdem_sums_v2 *)b;
}

#else

static inline void holdem_sums_add(holdem_card_bits *acc, const holdem_card_bits *x) {
    acc->key += x->key;
    acc->mask += x->mask;
}

static inline void holdem_sums_add2(holdem_card_bits *out, const holdem_card_bits *a,
                                    const holdem_card_bits *b) {
    out->key = a->key + b->key;
    out->mask = a->mask + b->mask;
}

#endif

#endif /* HOLDEM_SUMS_H */
