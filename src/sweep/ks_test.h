#pragma once
// Two-sample Kolmogorov-Smirnov test (two-sided), for the `distribution` convergence mode
// (cli-and-load.md §5.5): are the latest trial's per-request values drawn from the same
// distribution as the earlier trials' pooled values?
//
// Statistic: D = sup_x |F_a(x) - F_b(x)| over the two empirical CDFs. Ties (within a sample
// or across the two) are handled by stepping both CDFs past every copy of a value before
// comparing, so D is the statistic of the step functions, as scipy.stats.ks_2samp computes it.
// D is found in integers: at each step |i*n - j*m| (i of m and j of n values consumed), so
// D = h / (m*n) for the integer maximum h, and the exact p-value below compares integers.
//
// p-value = P(D' >= D) under H0 (both samples from one continuous distribution):
//  * exact (Hodges' lattice-path count): the m+n sorted values are a path of m "a" steps
//    and n "b" steps from (0,0) to (m,n), all C(m+n, m) paths equally likely under H0;
//    p is the fraction whose deviation |i*n - j*m| reaches h somewhere. Computed as that
//    fraction directly (c(i,j) = [i*c(i-1,j) + j*c(i,j-1)] / (i+j), c = 1 on and beyond the
//    boundary), so every term is a probability in [0, 1]: no factorial overflow and no
//    1 - (1 - p) cancellation for tiny p. O(m*n) time, O(n) memory.
//  * asymptotic: the limiting Kolmogorov distribution with effective size en = m*n/(m+n),
//    p = Q_KS(sqrt(en) * D) = 2 * sum_k (-1)^(k-1) exp(-2 k^2 en D^2), via Boost.Math's
//    kolmogorov_smirnov_distribution(en). scipy's `asymp` mode instead evaluates the exact
//    one-sample distribution at n = round(en); the two agree to about 1e-4 in the bulk for
//    en in the thousands (see ks_test_test.cpp), which is what the asymptotic path serves.
//  * automatic (default): exact when m*n <= kKsExactMaxCells, else asymptotic.
// With ties the exact no-ties distribution is used as is (as scipy does); it overstates p
// (conservative), since tied data can deviate less than continuous data.
#include <cstdint>
#include <span>

namespace aiperf {

enum class KsMethod { automatic, exact, asymptotic };

// The largest m*n the automatic method computes exactly: about 0.1-0.3 s of arithmetic, run
// once per trial, against trials that last minutes.
inline constexpr std::int64_t kKsExactMaxCells = 100'000'000;

struct KsResult {
  double statistic = 0;  // D in [0, 1]
  double p_value = 1;    // two-sided, in [0, 1]
  bool exact = false;    // which method produced p_value
};

// NaN values are dropped (they have no place in an order); +-inf are ordinary extremes.
// Throws std::invalid_argument when either sample is empty after that.
KsResult ks_2samp(std::span<const double> a, std::span<const double> b, KsMethod method = KsMethod::automatic);

}  // namespace aiperf
