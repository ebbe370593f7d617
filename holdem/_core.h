/* The plain C of holdem's evaluator: the constants of a hand's key and mask, a card's key and
   mask as one 16-byte record, and the sum of a 7-card row.

   Declared for Cython in holdem/_kernels.pxd; every compiled module of holdem includes it
   through that file. It holds no storage of its own: the table of the cards' records lives in
   holdem._core (other modules reach it through eval_tables()).

   A hand's key is the sum of its cards' keys: the low 32 bits add up one rank key per card and
   bits 32-47 hold four 4-bit suit counters that start at 3 (HOLDEM_KEY_INIT), so a suit with
   five or more cards sets bit 3 of its counter (HOLDEM_FLUSH_BITS). A hand's mask is the OR of
   its cards' bits, 16 bits per suit; an invalid card byte (52..255) has the otherwise unused
   top bit (HOLDEM_INVALID_BIT). */
#ifndef HOLDEM_CORE_H
#define HOLDEM_CORE_H

#include <stdint.h>

#define HOLDEM_KEY_INIT    (0x3333ULL << 32)   /* four suit counters at 3 */
#define HOLDEM_SUIT_ONES   (0x1111ULL << 32)   /* one more card of every suit */
#define HOLDEM_FLUSH_BITS  (0x8888ULL << 32)   /* a counter at 8: five cards of a suit */
#define HOLDEM_INVALID_BIT (1ULL << 63)        /* the mask bit of an invalid card byte */

/* A card's key and mask side by side (the table is indexed by the card byte), so that one
   16-byte load brings both and one vector add sums both (GCC/Clang vector extensions: SSE2 on
   x86-64, NEON on arm64). Elsewhere (MSVC) the same sums are done with scalar loads.

   holdem_sum7 gives a 7-card row's key sum and mask OR, and folds into a holdem_check what
   tells a bad row: a repeated card makes the masks' sum differ from their OR, and an invalid
   card byte has the top mask bit. The check is kept across rows and read once at the end
   (holdem_check_bad), so the row loop has no test for it. */
#if defined(__GNUC__) || defined(__clang__)

typedef struct { uint64_t key, mask; } __attribute__((aligned(16))) holdem_card_bits;
typedef uint64_t holdem_v2 __attribute__((vector_size(16)));
typedef struct { holdem_v2 diff, seen; } holdem_check;

static inline holdem_check holdem_check_new(void) {
    holdem_check c = {{0, 0}, {0, 0}};
    return c;
}

static inline void holdem_sum7(const holdem_card_bits *cards, const uint8_t *c, uint64_t *key,
                               uint64_t *mask_or, holdem_check *check) {
    const holdem_v2 *t = (const holdem_v2 *)cards;
    holdem_v2 a = t[c[0]], b = t[c[1]], d = t[c[2]], e = t[c[3]];
    holdem_v2 f = t[c[4]], g = t[c[5]], h = t[c[6]];
    holdem_v2 sum = ((a + b) + (d + e)) + ((f + g) + h);
    holdem_v2 ors = ((a | b) | (d | e)) | ((f | g) | h);
    check->diff |= sum ^ ors;
    check->seen |= ors;
    *key = sum[0];
    *mask_or = ors[1];
}

static inline int holdem_check_bad(holdem_check c) {
    return c.diff[1] != 0 || (c.seen[1] >> 63) != 0;
}

#else

typedef struct { uint64_t key, mask; } holdem_card_bits;
typedef struct { uint64_t diff, seen; } holdem_check;

static inline holdem_check holdem_check_new(void) {
    holdem_check c = {0, 0};
    return c;
}

static inline void holdem_sum7(const holdem_card_bits *cards, const uint8_t *c, uint64_t *key,
                               uint64_t *mask_or, holdem_check *check) {
    uint64_t k = 0, o = 0, s = 0;
    for (int i = 0; i < 7; i++) {
        k += cards[c[i]].key;
        o |= cards[c[i]].mask;
        s += cards[c[i]].mask;
    }
    check->diff |= s ^ o;
    check->seen |= o;
    *key = k;
    *mask_or = o;
}

static inline int holdem_check_bad(holdem_check c) {
    return c.diff != 0 || (c.seen >> 63) != 0;
}

#endif

/* A hint to bring the cache line of p closer, ahead of a load whose address is known early
   (holdem._games' Omaha batch); nothing where the compiler has no such builtin. */
#if defined(__GNUC__) || defined(__clang__)
#define holdem_prefetch(p) __builtin_prefetch((const void *)(p))
#else
#define holdem_prefetch(p) ((void)(p))
#endif

#endif /* HOLDEM_CORE_H */
