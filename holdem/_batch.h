/* The batch evaluator of 7-card rows (holdem._core's evaluate_rows, behind evaluate_batch):
   several paths that give the same values, and the choice among them at run time.

   * HOLDEM_PATH_SCALAR: one row at a time, each card's key and mask summed and the hand looked
     up: the reference the other paths are tested against.
   * HOLDEM_PATH_INTERLEAVED: four rows at a time, their sums and then their lookups, so that
     the lookups of the four (independent chains) overlap in the processor; the check of the
     rows is folded into one value read at the end. Portable C (any compiler).
   * HOLDEM_PATH_AVX2 and HOLDEM_PATH_AVX512: 8 or 16 rows at a time in vector lanes, their
     table lookups made with gather instructions (see each). GCC and Clang on x86-64 only,
     compiled with function target attributes so that the module itself stays built for the
     baseline x86-64 (no -march flag): holdem_best_path() asks the processor at run time
     (__builtin_cpu_supports) which of them it runs. Elsewhere (MSVC, arm64) the interleaved
     path is the best one.

   Every path writes the same values for every row of valid cards, and says whether some row
   may hold a bad card (an unknown card byte or a repeated card): the caller then finds the
   first bad row with the scalar path. The SIMD paths read hold'em's tables, whose flush table
   lies just before the hash table in one array (see holdem_tables in holdem/_core.h). */
#ifndef HOLDEM_BATCH_H
#define HOLDEM_BATCH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "holdem/_core.h"

enum {
    HOLDEM_PATH_SCALAR = 0,
    HOLDEM_PATH_INTERLEAVED = 1,
    HOLDEM_PATH_AVX2 = 2,
    HOLDEM_PATH_AVX512 = 3,
    HOLDEM_N_PATHS = 4
};

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define HOLDEM_BATCH_X86 1
#include <immintrin.h>
#else
#define HOLDEM_BATCH_X86 0
#endif

/* ---------------------------------------------------------------------------------------- */
/* Scalar and interleaved                                                                   */
/* ---------------------------------------------------------------------------------------- */

/* The scalar path: rows [0, rows) one at a time; nonzero when some row is bad. */
static int holdem_rows7_scalar(const holdem_tables *t, const uint8_t *cards, size_t rows,
                               uint16_t *out) {
    uint64_t bad = 0;
    for (size_t r = 0; r < rows; r++) {
        const uint8_t *c = cards + 7 * r;
        uint64_t key = HOLDEM_KEY_INIT, mask = 0, sum = 0;
        for (int i = 0; i < 7; i++) {
            key += t->cards[c[i]].key;
            mask |= t->cards[c[i]].mask;
            sum += t->cards[c[i]].mask;
        }
        /* A repeated card carries into a neighbouring bit, so the sum differs from the OR; an
           invalid card byte has the (otherwise unused) top bit. */
        bad |= (mask ^ sum) | (mask & HOLDEM_INVALID_BIT);
        out[r] = holdem_lookup_hand(t->flush, t->offsets, t->hash, key, mask);
    }
    return bad != 0;
}

#define HOLDEM_CHAINS 4

/* The interleaved path: HOLDEM_CHAINS rows an iteration, their sums first (holdem_sum7: one
   16-byte load and two-lane add a card), then their lookups; nonzero when some row is bad. */
static int holdem_rows7_interleaved(const holdem_tables *t, const uint8_t *cards, size_t rows,
                                    uint16_t *out) {
    holdem_check check = holdem_check_new();
    uint64_t key[HOLDEM_CHAINS], mask[HOLDEM_CHAINS];
    size_t r = 0;
    for (; r + HOLDEM_CHAINS <= rows; r += HOLDEM_CHAINS) {
        for (int i = 0; i < HOLDEM_CHAINS; i++)
            holdem_sum7(t->cards, cards + 7 * (r + i), &key[i], &mask[i], &check);
        for (int i = 0; i < HOLDEM_CHAINS; i++)
            out[r + i] = holdem_lookup_hand(t->flush, t->offsets, t->hash,
                                            HOLDEM_KEY_INIT + key[i], mask[i]);
    }
    for (; r < rows; r++) {
        holdem_sum7(t->cards, cards + 7 * r, &key[0], &mask[0], &check);
        out[r] = holdem_lookup_hand(t->flush, t->offsets, t->hash, HOLDEM_KEY_INIT + key[0],
                                    mask[0]);
    }
    return holdem_check_bad(check);
}

#if HOLDEM_BATCH_X86

/* ---------------------------------------------------------------------------------------- */
/* AVX-512: 16 rows a block                                                                 */
/* ---------------------------------------------------------------------------------------- */

/* The instruction sets of the AVX-512 path (Ice Lake, Zen 4 and later): F, BW and VL, VBMI
   (byte permutes), VPOPCNTDQ and BITALG (counts of set bits in 32- and 16-bit lanes). */
#define HOLDEM_TARGET_AVX512 \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vpopcntdq,avx512bitalg")))

/* A block of 16 rows is 112 bytes: one 64-byte load and one masked 48-byte load (no byte past
   the block is read). Each card byte is first mapped to a code (one byte permute of 64 bytes):
   code = rank + 16 * (suit & 1) + 32 * (suit >> 1), so that in a 32-bit lane
   * code & 15 is the rank: a permute of a 16-entry table gives the card's rank key;
   * 1 << code is the card's bit in suits 0 and 1 (codes 0..28), 1 << (code - 32) in suits 2
     and 3 (zero otherwise: shifts of 32 or more give 0): two 32-bit halves of the card's mask,
     16 bits a suit, as holdem_card_bits' mask.
   A permute of two registers then moves card j of each row into the lanes (one instruction a
   column), and the seven columns are summed (rank keys) and OR-ed (the mask halves).

   Per lane then: the seven cards are distinct and valid when the mask halves hold seven bits
   in all (bytes above 51 are caught by a byte maximum); a suit with five or more bits (16-bit
   bit counts) is a flush, whose 16-bit word of the mask is the rank mask that indexes the
   flush table. Otherwise the rank key's slot in the perfect hash is its row's displacement
   (a gather from the offsets) plus the key. As the flush table lies just before the hash
   table, the flush slot is rank mask - HOLDEM_FLUSH_SIZE from the hash table's start, and a
   second gather reads every lane's value, a flush or not: no branch. */
HOLDEM_TARGET_AVX512
static int holdem_rows7_avx512(const holdem_tables *t, const uint8_t *cards, size_t rows,
                               uint16_t *out) {
    uint8_t code[64], index[7][64];
    uint32_t keys[16];
    for (int b = 0; b < 64; b++) {
        code[b] = (uint8_t)((b >> 2) + 16 * (b & 1) + 32 * ((b >> 1) & 1));
        for (int j = 0; j < 7; j++)
            index[j][b] = (uint8_t)(7 * (b >> 2) + j); /* row b / 4, card j: lane b / 4 */
    }
    for (int r = 0; r < 16; r++)
        keys[r] = r < 13 ? t->rank_keys[r] : 0;
    const __m512i CODE = _mm512_loadu_si512(code), RANK_KEYS = _mm512_loadu_si512(keys);
    __m512i column[7];
    for (int j = 0; j < 7; j++)
        column[j] = _mm512_loadu_si512(index[j]);
    const __m512i ONE = _mm512_set1_epi32(1), C32 = _mm512_set1_epi32(32);
    const __m512i SEVEN = _mm512_set1_epi32(7), FIVE = _mm512_set1_epi16(5);
    const __m512i RANK_MASK = _mm512_set1_epi32(HOLDEM_RANK_KEY_MASK);
    const __m512i LOW13 = _mm512_set1_epi32(0x1FFF);
    const __m512i FLUSH_BASE = _mm512_set1_epi32(-HOLDEM_FLUSH_SIZE);
    const __mmask64 LANE_BYTE0 = 0x1111111111111111ULL, REST = 0x0000FFFFFFFFFFFFULL;
    __m512i top = _mm512_setzero_si512();
    __mmask16 bad = 0;
    size_t r = 0;
    for (; r + 16 <= rows; r += 16) {
        const uint8_t *p = cards + 7 * r;
        _mm_prefetch((const char *)p + 1024, _MM_HINT_T0);
        _mm_prefetch((const char *)p + 1088, _MM_HINT_T0);
        __m512i a = _mm512_loadu_si512(p);
        __m512i b = _mm512_maskz_loadu_epi8(REST, p + 64);
        top = _mm512_max_epu8(top, _mm512_max_epu8(a, b));
        a = _mm512_permutexvar_epi8(a, CODE);
        b = _mm512_permutexvar_epi8(b, CODE);
        __m512i rank_sum = _mm512_setzero_si512(), low = rank_sum, high = rank_sum;
        for (int j = 0; j < 7; j++) {
            __m512i w = _mm512_maskz_permutex2var_epi8(LANE_BYTE0, a, column[j], b);
            rank_sum = _mm512_add_epi32(rank_sum, _mm512_permutexvar_epi32(w, RANK_KEYS));
            low = _mm512_or_si512(low, _mm512_sllv_epi32(ONE, w));
            high = _mm512_or_si512(high, _mm512_sllv_epi32(ONE, _mm512_sub_epi32(w, C32)));
        }
        __m512i bits = _mm512_add_epi32(_mm512_popcnt_epi32(low), _mm512_popcnt_epi32(high));
        bad |= _mm512_cmpneq_epi32_mask(bits, SEVEN);
        __mmask32 flush_low = _mm512_cmpge_epu16_mask(_mm512_popcnt_epi16(low), FIVE);
        __mmask32 flush_high = _mm512_cmpge_epu16_mask(_mm512_popcnt_epi16(high), FIVE);
        __m512i suit = _mm512_or_si512(_mm512_maskz_mov_epi16(flush_low, low),
                                       _mm512_maskz_mov_epi16(flush_high, high));
        __mmask16 flush = _mm512_test_epi32_mask(suit, suit);
        __m512i ranks = _mm512_and_si512(_mm512_or_si512(suit, _mm512_srli_epi32(suit, 16)), LOW13);
        __m512i rk = _mm512_and_si512(rank_sum, RANK_MASK);
        __m512i offset = _mm512_i32gather_epi32(_mm512_srli_epi32(rk, HOLDEM_HASH_SHIFT),
                                                (const void *)t->offsets, 4);
        __m512i slot = _mm512_mask_add_epi32(_mm512_add_epi32(rk, offset), flush, ranks,
                                             FLUSH_BASE);
        /* 32-bit reads of 16-bit entries: the low half is the entry (the table has room for
           the read past its last entry) */
        __m512i value = _mm512_i32gather_epi32(slot, (const void *)t->hash, 2);
        _mm256_storeu_si256((__m256i *)(out + r), _mm512_cvtepi32_epi16(value));
    }
    int found = bad != 0 || _mm512_cmpgt_epu8_mask(top, _mm512_set1_epi8(51)) != 0;
    return found | holdem_rows7_interleaved(t, cards + 7 * r, rows - r, out + r);
}

/* ---------------------------------------------------------------------------------------- */
/* AVX2: 8 rows a block                                                                     */
/* ---------------------------------------------------------------------------------------- */

#define HOLDEM_TARGET_AVX2 __attribute__((target("avx2")))

/* A block of 8 rows is 56 bytes: bytes 0..31 and 24..55 in two loads. A dword permute puts two
   whole rows in each 128-bit half of each (rows 0-1 | 2-3 and 4-5 | 6-7), and per column two
   byte shuffles (within the halves) and an OR put card j of the 8 rows in the 32-bit lanes,
   rows in the order 0, 1, 4, 5, 2, 3, 6, 7. Per card: its rank key from two 8-entry permutes
   (ranks 0-7 and 8-12), its suit's counter (1 << 4 * suit) from an 8-entry permute, its bit
   (card index c) in two 32-bit halves; repeated cards show as a difference between the sum
   and the OR of the bits. The hash lookups are two gathers; flush rows (about one in 33) are
   looked up again one at a time. */
HOLDEM_TARGET_AVX2
static int holdem_rows7_avx2(const holdem_tables *t, const uint8_t *cards, size_t rows,
                             uint16_t *out) {
    static const uint8_t ROW_OF_LANE[8] = {0, 1, 4, 5, 2, 3, 6, 7};
    uint8_t shuffle_a[7][32], shuffle_b[7][32];
    uint32_t keys_low[8], keys_high[8], suits[8];
    for (int j = 0; j < 7; j++) {
        memset(shuffle_a[j], 0x80, 32); /* 0x80: a zero byte */
        memset(shuffle_b[j], 0x80, 32);
        shuffle_a[j][0] = (uint8_t)j;           /* row 0 -> lane 0 */
        shuffle_a[j][4] = (uint8_t)(7 + j);     /* row 1 -> lane 1 */
        shuffle_a[j][16] = (uint8_t)(2 + j);    /* row 2 -> lane 4 */
        shuffle_a[j][20] = (uint8_t)(9 + j);    /* row 3 -> lane 5 */
        shuffle_b[j][8] = (uint8_t)j;           /* row 4 -> lane 2 */
        shuffle_b[j][12] = (uint8_t)(7 + j);    /* row 5 -> lane 3 */
        shuffle_b[j][24] = (uint8_t)(2 + j);    /* row 6 -> lane 6 */
        shuffle_b[j][28] = (uint8_t)(9 + j);    /* row 7 -> lane 7 */
    }
    for (int i = 0; i < 8; i++) {
        keys_low[i] = t->rank_keys[i];
        keys_high[i] = i < 5 ? t->rank_keys[8 + i] : 0;
        suits[i] = 1u << (4 * (i & 3));
    }
    __m256i col_a[7], col_b[7];
    for (int j = 0; j < 7; j++) {
        col_a[j] = _mm256_loadu_si256((const __m256i *)shuffle_a[j]);
        col_b[j] = _mm256_loadu_si256((const __m256i *)shuffle_b[j]);
    }
    const __m256i KEYS_LOW = _mm256_loadu_si256((const __m256i *)keys_low);
    const __m256i KEYS_HIGH = _mm256_loadu_si256((const __m256i *)keys_high);
    const __m256i SUITS = _mm256_loadu_si256((const __m256i *)suits);
    const __m256i SPREAD_A = _mm256_setr_epi32(0, 1, 2, 3, 3, 4, 5, 6);
    const __m256i SPREAD_B = _mm256_setr_epi32(1, 2, 3, 4, 4, 5, 6, 7);
    const __m256i IN_ROW_ORDER = _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7);
    const __m256i ONE = _mm256_set1_epi32(1), C32 = _mm256_set1_epi32(32);
    const __m256i SEVEN = _mm256_set1_epi32(7), LOW16 = _mm256_set1_epi32(0xFFFF);
    const __m256i SUIT_INIT = _mm256_set1_epi32(0x3333), FLUSH = _mm256_set1_epi32(0x8888);
    const __m256i RANK_MASK = _mm256_set1_epi32(HOLDEM_RANK_KEY_MASK);
    __m256i top = _mm256_setzero_si256(), diff = top;
    size_t r = 0;
    for (; r + 8 <= rows; r += 8) {
        const uint8_t *p = cards + 7 * r;
        __m256i a = _mm256_loadu_si256((const __m256i *)p);
        __m256i b = _mm256_loadu_si256((const __m256i *)(p + 24));
        top = _mm256_max_epu8(top, _mm256_max_epu8(a, b));
        a = _mm256_permutevar8x32_epi32(a, SPREAD_A);
        b = _mm256_permutevar8x32_epi32(b, SPREAD_B);
        __m256i rank_sum = _mm256_setzero_si256(), suit_sum = SUIT_INIT;
        __m256i low = rank_sum, high = rank_sum, low_sum = rank_sum, high_sum = rank_sum;
        for (int j = 0; j < 7; j++) {
            __m256i c = _mm256_or_si256(_mm256_shuffle_epi8(a, col_a[j]),
                                        _mm256_shuffle_epi8(b, col_b[j]));
            __m256i rank = _mm256_srli_epi32(c, 2);
            __m256i key = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(KEYS_LOW, rank),
                                             _mm256_permutevar8x32_epi32(KEYS_HIGH, rank),
                                             _mm256_cmpgt_epi32(rank, SEVEN));
            rank_sum = _mm256_add_epi32(rank_sum, key);
            suit_sum = _mm256_add_epi32(suit_sum, _mm256_permutevar8x32_epi32(SUITS, c));
            __m256i bit_low = _mm256_sllv_epi32(ONE, c);
            __m256i bit_high = _mm256_sllv_epi32(ONE, _mm256_sub_epi32(c, C32));
            low = _mm256_or_si256(low, bit_low);
            low_sum = _mm256_add_epi32(low_sum, bit_low);
            high = _mm256_or_si256(high, bit_high);
            high_sum = _mm256_add_epi32(high_sum, bit_high);
        }
        diff = _mm256_or_si256(diff, _mm256_or_si256(_mm256_xor_si256(low, low_sum),
                                                     _mm256_xor_si256(high, high_sum)));
        __m256i rk = _mm256_and_si256(rank_sum, RANK_MASK);
        __m256i offset = _mm256_i32gather_epi32((const int *)t->offsets,
                                                _mm256_srli_epi32(rk, HOLDEM_HASH_SHIFT), 4);
        __m256i value = _mm256_i32gather_epi32((const int *)t->hash,
                                               _mm256_add_epi32(rk, offset), 2);
        value = _mm256_and_si256(_mm256_permutevar8x32_epi32(value, IN_ROW_ORDER), LOW16);
        __m256i packed = _mm256_packus_epi32(value, value);
        _mm_storeu_si128((__m128i *)(out + r),
                         _mm256_castsi256_si128(_mm256_permute4x64_epi64(packed, 0x08)));
        int flush = _mm256_movemask_ps(_mm256_castsi256_ps(
            _mm256_cmpgt_epi32(_mm256_and_si256(suit_sum, FLUSH), _mm256_setzero_si256())));
        while (flush) {
            size_t row = r + ROW_OF_LANE[__builtin_ctz((unsigned)flush)];
            holdem_rows7_scalar(t, cards + 7 * row, 1, out + row);
            flush &= flush - 1;
        }
    }
    __m256i valid = _mm256_cmpeq_epi8(_mm256_max_epu8(top, _mm256_set1_epi8(51)),
                                      _mm256_set1_epi8(51));
    int found = !_mm256_testz_si256(diff, diff) || _mm256_movemask_epi8(valid) != -1;
    return found | holdem_rows7_interleaved(t, cards + 7 * r, rows - r, out + r);
}

#endif /* HOLDEM_BATCH_X86 */

/* ---------------------------------------------------------------------------------------- */
/* The choice                                                                               */
/* ---------------------------------------------------------------------------------------- */

/* The paths this build runs on this processor, as bits (1 << HOLDEM_PATH_...). */
static int holdem_batch_paths(void) {
    int paths = (1 << HOLDEM_PATH_SCALAR) | (1 << HOLDEM_PATH_INTERLEAVED);
#if HOLDEM_BATCH_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        paths |= 1 << HOLDEM_PATH_AVX2;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi") &&
        __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("avx512bitalg"))
        paths |= 1 << HOLDEM_PATH_AVX512;
#endif
    return paths;
}

/* The fastest of the paths this processor runs. */
static int holdem_best_path(void) {
    int paths = holdem_batch_paths();
    if (paths & (1 << HOLDEM_PATH_AVX512))
        return HOLDEM_PATH_AVX512;
    if (paths & (1 << HOLDEM_PATH_AVX2))
        return HOLDEM_PATH_AVX2;
    return HOLDEM_PATH_INTERLEAVED;
}

/* Evaluate rows of 7 card bytes on a path (one that holdem_batch_paths() gives: anything else
   runs the scalar path); nonzero when some row may hold a bad card (the values are then
   meaningless, and the caller looks for the first bad row). */
static int holdem_rows7(const holdem_tables *t, const uint8_t *cards, size_t rows,
                        uint16_t *out, int path) {
    switch (path) {
    case HOLDEM_PATH_INTERLEAVED:
        return holdem_rows7_interleaved(t, cards, rows, out);
#if HOLDEM_BATCH_X86
    case HOLDEM_PATH_AVX2:
        return holdem_rows7_avx2(t, cards, rows, out);
    case HOLDEM_PATH_AVX512:
        return holdem_rows7_avx512(t, cards, rows, out);
#endif
    default:
        return holdem_rows7_scalar(t, cards, rows, out);
    }
}

#endif /* HOLDEM_BATCH_H */
