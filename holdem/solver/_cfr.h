/* Small float helpers of holdem/solver/_cfr.pyx, written in C so that the compiler sees one
 * expression it can vectorise (Cython spells a conditional expression as if/else statements). */
#ifndef HOLDEM_SOLVER_CFR_H
#define HOLDEM_SOLVER_CFR_H

#include <math.h>
#include <stdint.h>
#include <string.h>

/* x if positive, else 0 */
static inline float holdem_cfr_pos(float x) { return x > 0.0f ? x : 0.0f; }

/* the larger of a and b */
static inline float holdem_cfr_max(float a, float b) { return a > b ? a : b; }

/* x times a if x is positive, else x times b (a discount of regrets by sign) */
static inline float holdem_cfr_discount(float x, float a, float b) { return x * (x > 0.0f ? a : b); }

/* 1.0f if x is not zero, else 0.0f, for x >= 0 (from its bits: the compiler does not vectorise
 * a floating-point comparison that could raise an exception) */
static inline float holdem_cfr_nonzero(float x) {
    int32_t u;
    memcpy(&u, &x, sizeof u);
    u &= 0x7fffffff;
    return (float)(int32_t)((uint32_t)(u | -u) >> 31);
}

/* 1 / x if x is positive, else 0, for x >= 0 (arithmetic on the 0/1 mask: no branch) */
static inline float holdem_cfr_inverse(float x) {
    float m = holdem_cfr_nonzero(x);
    return m / (x + (1.0f - m));
}

/* u if x is zero, else 0, for x >= 0 */
static inline float holdem_cfr_unless(float x, float u) { return (1.0f - holdem_cfr_nonzero(x)) * u; }

/* the larger of two unsigned integers */
static inline uint32_t holdem_cfr_umax(uint32_t a, uint32_t b) { return a > b ? a : b; }

/* the bits of |x| as an unsigned integer: for floats that are not NaN, a larger magnitude has
 * larger bits, so the largest magnitude of an array is an integer maximum (which vectorises) */
static inline uint32_t holdem_cfr_abs_bits(float x) {
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u & 0x7fffffffu;
}

/* the float of bits that holdem_cfr_abs_bits gave */
static inline float holdem_cfr_from_bits(uint32_t u) {
    float x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* x rounded half away from zero to a 16-bit integer (|x| <= 32767.5) */
static inline int16_t holdem_cfr_q16(float x) { return (int16_t)(int32_t)(x + copysignf(0.5f, x)); }

/* x rounded half up to an unsigned 16-bit integer (0 <= x <= 65535.5), negatives to 0 */
static inline uint16_t holdem_cfr_u16(float x) {
    int32_t i = (int32_t)(x + 0.5f);
    return (uint16_t)(i > 0 ? i : 0);
}

/* The next ticket of a counter shared by threads: each call returns a number no other call
 * returns (0, 1, 2, ...), so that threads share out tasks as they become free. */
#if defined(_MSC_VER)
#include <intrin.h>
static inline long holdem_cfr_ticket(volatile long *counter) {
    return _InterlockedExchangeAdd(counter, 1);
}
#else
static inline long holdem_cfr_ticket(volatile long *counter) {
    return __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
}
#endif

#endif
