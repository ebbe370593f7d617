/* Work shared between threads without a lock (the C side of holdem/_parallel.py): the threads
   of one batch each claim the next chunk of rows from one counter until none is left, so that a
   thread that runs slower (its core shared with another process) takes fewer chunks and none
   waits for another; the first bad row any of them meets is kept as a minimum.

   A batch's state is three 64-bit integers the threads share: the next row to claim, the first
   bad row found (the number of rows while none is), the rows of a chunk. holdem/_team.pyx
   starts such a batch's calls on its helper threads. */
#ifndef HOLDEM_PARALLEL_H
#define HOLDEM_PARALLEL_H

#include <stdint.h>

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#endif

/* Atomically add step to *next; returns the value before (the first row of the claimed chunk). */
static inline int64_t holdem_claim(int64_t *next, int64_t step) {
#if defined(_MSC_VER) && !defined(__clang__)
    return _InterlockedExchangeAdd64((volatile __int64 *)next, step);
#else
    return __atomic_fetch_add(next, step, __ATOMIC_RELAXED);
#endif
}

/* Atomically lower *value to x if x is smaller. */
static inline void holdem_lower(int64_t *value, int64_t x) {
#if defined(_MSC_VER) && !defined(__clang__)
    int64_t seen = *(volatile int64_t *)value;
    while (x < seen) {
        int64_t was = _InterlockedCompareExchange64((volatile __int64 *)value, x, seen);
        if (was == seen)
            break;
        seen = was;
    }
#else
    int64_t seen = __atomic_load_n(value, __ATOMIC_RELAXED);
    while (x < seen &&
           !__atomic_compare_exchange_n(value, &seen, x, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
#endif
}

/* *value, read atomically (the helpers of a team still at work: holdem/_team.pyx). */
static inline int64_t holdem_load(int64_t *value) {
#if defined(_MSC_VER) && !defined(__clang__)
    return *(volatile int64_t *)value;
#else
    return __atomic_load_n(value, __ATOMIC_ACQUIRE);
#endif
}

/* A pause in a spin loop (the processor's hint that this thread waits). */
static inline void holdem_pause(void) {
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
    __builtin_ia32_pause();
#elif (defined(__GNUC__) || defined(__clang__)) && defined(__aarch64__)
    __asm__ __volatile__("yield");
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
    _mm_pause();
#endif
}

#endif /* HOLDEM_PARALLEL_H */
