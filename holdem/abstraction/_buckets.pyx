# cython: language_level=3
"""The compiled step of k-means: each point's nearest center, rows at a time without the GIL.

Two distances: the squared Euclidean one (k-means over features) and the L1 distance, which
between cumulative histograms is the earth mover's distance of the histograms over equally
spaced bins (Johanson et al. 2013's k-means over strength histograms).
"""

from libc.stdint cimport int64_t, uint32_t


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef int64_t nearest_rows(const float* points, int64_t lo, int64_t hi, int d,
                          const double* centers, int k, bint l1, uint32_t* labels,
                          double* dist) noexcept nogil:
    """For rows lo..hi - 1 of points (n x d): the nearest center's number and the distance to
    it (squared Euclidean, or L1 when l1); the first center wins a tie. -1."""
    cdef int64_t row
    cdef int c, j, best
    cdef double s, x, best_s
    cdef const float* p
    for row in range(lo, hi):
        p = points + row * d
        best = 0
        best_s = -1.0
        for c in range(k):
            s = 0.0
            if l1:
                for j in range(d):
                    x = p[j] - centers[c * d + j]
                    s += x if x >= 0 else -x
                    if best_s >= 0 and s >= best_s:
                        break
            else:
                for j in range(d):
                    x = p[j] - centers[c * d + j]
                    s += x * x
                    if best_s >= 0 and s >= best_s:
                        break
            if best_s < 0 or s < best_s:
                best_s = s
                best = c
        labels[row] = <uint32_t>best
        dist[row] = best_s
    return -1


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

def nearest(const float[:, ::1] points, int64_t lo, int64_t hi, const double[:, ::1] centers,
            bint l1, uint32_t[::1] labels, double[::1] dist) -> int:
    """nearest_rows without the GIL (shapes checked by the caller); -1."""
    cdef int64_t r
    cdef int d = <int>points.shape[1]
    cdef int k = <int>centers.shape[0]
    if hi <= lo:
        return -1
    with nogil:
        r = nearest_rows(&points[0, 0], lo, hi, d, &centers[0, 0], k, l1, &labels[0],
                         &dist[0])
    return r
