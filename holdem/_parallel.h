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
#if defined(_WIN32)
#include <windows.h>
#else
#include <sched.h>
#include <time.h>
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

/* *value set to x, atomically, seen by a thread that then loads it (holdem_load). */
static inline void holdem_store(int64_t *value, int64_t x) {
#if defined(_MSC_VER) && !defined(__clang__)
    _InterlockedExchange64((volatile __int64 *)value, x);
#else
    __atomic_store_n(value, x, __ATOMIC_RELEASE);
#endif
}

/* *value set to x if it is expected, atomically (what the threads wrote before it seen by the
   one whose load or swap sees x); whether it was. */
static inline int holdem_swap(int64_t *value, int64_t expected, int64_t x) {
#if defined(_MSC_VER) && !defined(__clang__)
    return _InterlockedCompareExchange64((volatile __int64 *)value, x, expected) == expected;
#else
    return __atomic_compare_exchange_n(value, &expected, x, 0, __ATOMIC_ACQ_REL,
                                       __ATOMIC_ACQUIRE);
#endif
}

/* Atomically add step to *value, what this thread wrote before seen by a thread whose load
   (holdem_load) sees the sum; returns the value before (a count of finished work). */
static inline int64_t holdem_finish(int64_t *value, int64_t step) {
#if defined(_MSC_VER) && !defined(__clang__)
    return _InterlockedExchangeAdd64((volatile __int64 *)value, step);
#else
    return __atomic_fetch_add(value, step, __ATOMIC_ACQ_REL);
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

/* Let another thread have this CPU (a thread that waits for one that may not be running). */
static inline void holdem_give_way(void) {
#if defined(_WIN32)
    SwitchToThread();
#else
    sched_yield();
#endif
}

/* A monotonic clock in nanoseconds (the bound of a helper's wait for its next job). */
static inline int64_t holdem_now_ns(void) {
#if defined(_WIN32)
    LARGE_INTEGER t, f;
    QueryPerformanceCounter(&t);
    QueryPerformanceFrequency(&f);
    return (int64_t)((double)t.QuadPart * 1e9 / (double)f.QuadPart);
#else
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
#endif
}

#endif /* HOLDEM_PARALLEL_H */
