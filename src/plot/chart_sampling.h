// Charts for report.html: a run of a million requests gives series of a million points, far more
// than a page can embed and draw, so each long series keeps a sample of about `max_points`
// (with the highest and lowest point of every stretch, so spikes stay visible) and the chart
// says so in a note. The PNG renderer does not sample: it thins in pixel space (point_thinning.h).
#pragma once

#include <cstddef>
#include <cstdint>

#include "plot/chart.h"

namespace aiperf::plot {

// Whether `key` (a request index) belongs to the sample of rate `rate` (0..1): a hash of the key
// against the rate, so the samples are nested (a rate's sample holds every lower rate's) and the
// series of one run keep the same requests, whose hover details the page then embeds once.
bool in_sample(uint64_t key, double rate);

// `chart` with every series of more than `max_points` points thinned and a note added; per-point
// fields (labels, request, run, x_end) stay aligned. Lines and areas keep each stretch's first,
// lowest, highest and last point instead (a drawn line looks the same).
Chart sample_chart(const Chart& chart, std::size_t max_points);

}  // namespace aiperf::plot
