/* Small float helpers of holdem/solver/_cfr.pyx, written in C so that the compiler sees one
 * expression it can vectorise (Cython spells a conditional expression as if/else statements). */
#ifndef HOLDEM_SOLVER_CFR_H
#define HOLDEM_SOLVER_CFR_H

/* x if positive, else 0 */
static inline float holdem_cfr_pos(float x) { return x > 0.0f ? x : 0.0f; }

/* the larger of a and b */
static inline float holdem_cfr_max(float a, float b) { return a > b ? a : b; }

/* x times a if x is positive, else x times b (a discount of regrets by sign) */
static inline float holdem_cfr_discount(float x, float a, float b) { return x * (x > 0.0f ? a : b); }

/* 1 / x if x is positive, else 0 */
static inline float holdem_cfr_inverse(float x) { return x > 0.0f ? 1.0f / x : 0.0f; }

/* u if x is not positive, else 0 */
static inline float holdem_cfr_unless(float x, float u) { return x > 0.0f ? 0.0f : u; }

/* |x| */
static inline float holdem_cfr_abs(float x) { return x > 0.0f ? x : -x; }

/* x rounded half away from zero, before a conversion that truncates */
static inline float holdem_cfr_half_away(float x) { return x > 0.0f ? x + 0.5f : x - 0.5f; }

#endif
