/* The plain C of holdem's evaluator: the constants of a hand's key and mask and of the tables,
   a card's key and mask as one 16-byte record, the tables' pointers, the lookup of a hand's
   value from its key and mask, and the sum of a 7-card row.

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

/* The tables' sizes (holdem/_tables.pyx builds them). A hand that is not a flush has its value
   at hash[rk + offsets[rk >> HOLDEM_HASH_SHIFT]], rk = key & HOLDEM_RANK_KEY_MASK: a perfect
   hash with one displacement per row of 1,024 rank keys. */
#define HOLDEM_N_VALUES 7462        /* distinct hand values */
#define HOLDEM_N_CLASSES 73775      /* rank multisets of 5, 6 or 7 cards, at most four of a rank */
#define HOLDEM_RANK_KEY_MASK 0xFFFFFF  /* rank keys are 24-bit */
#define HOLDEM_HASH_MIX 12180741    /* odd multiplier that spreads the rank keys */
#define HOLDEM_HASH_SHIFT 10        /* a row of the perfect hash is 1,024 rank keys */
#define HOLDEM_HASH_COL_MASK 1023
#define HOLDEM_HASH_ROWS 16384      /* 2**24 >> HOLDEM_HASH_SHIFT */
#define HOLDEM_HASH_SPREAD 78000    /* where the rows' searches for a free displacement start */
#define HOLDEM_HASH_CAP 79872       /* room for the hash table (the builder checks it fits) */
#define HOLDEM_FLUSH_SIZE 8192      /* the flush table: one value per 13-bit rank mask */

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

/* The evaluator's tables, for kernels of any module (holdem._core's eval_tables() gives
   hold'em's). cards[c] is card byte c's key and mask (52..255 are invalid cards); a 5-7 card
   hand's value is flush[(mask >> (16 * suit)) & 0x1FFF] when a suit counter of the key sum
   (started at HOLDEM_KEY_INIT) reaches 8, else the perfect hash's entry of its rank key.
   rank_keys[r] is the rank part of the key of a card of rank r. In hold'em's tables (not
   another game's) flush + HOLDEM_FLUSH_SIZE == hash: one array holds both, so that one lookup
   serves a flush and a hash entry alike (holdem/_batch.h). */
typedef struct {
    const holdem_card_bits *cards;
    const uint16_t *flush;
    const uint32_t *offsets;
    const uint16_t *hash;
    const uint32_t *rank_keys;
} holdem_tables;

/* Where the perfect hash keeps a key's rank part: its row's displacement plus the key. */
static inline uint32_t holdem_rank_slot(const uint32_t *offsets, uint32_t key) {
    uint32_t rk = key & HOLDEM_RANK_KEY_MASK;
    return rk + offsets[rk >> HOLDEM_HASH_SHIFT];
}

/* Value of a 5-7 card hand without a flush, from its key's rank part. */
static inline uint16_t holdem_lookup_rank(const uint32_t *offsets, const uint16_t *hash,
                                          uint32_t key) {
    return hash[holdem_rank_slot(offsets, key)];
}

/* Value of a 5-7 card hand from its key (started at HOLDEM_KEY_INIT) and mask. */
static inline uint16_t holdem_lookup_hand(const uint16_t *flush, const uint32_t *offsets,
                                          const uint16_t *hash, uint64_t key, uint64_t mask) {
    uint64_t f = key & HOLDEM_FLUSH_BITS;
    if (f) {
        /* Exactly one suit can hold five of seven cards: its flag is bit 35, 39, 43 or 47. */
        int suit = (int)(((f >> 39) & 1) + ((f >> 43) & 1) * 2 + ((f >> 47) & 1) * 3);
        return flush[(mask >> (16 * suit)) & 0x1FFF];
    }
    return holdem_lookup_rank(offsets, hash, (uint32_t)key);
}

/* A hint to bring the cache line of p closer, ahead of a load whose address is known early
   (holdem._games' Omaha batch); nothing where the compiler has no such builtin. */
#if defined(__GNUC__) || defined(__clang__)
#define holdem_prefetch(p) __builtin_prefetch((const void *)(p))
#else
#define holdem_prefetch(p) ((void)(p))
#endif

#endif /* HOLDEM_CORE_H */
