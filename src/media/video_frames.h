#pragma once
// The pictures of synthetic video clips (--video-synth-type, workloads-and-endpoints.md §6.3),
// painted frame by frame into RGB24 buffers: moving_shapes (a red disc, a green square and a blue
// disc crossing a black frame), grid_clock (a grid, a clock face whose hands turn once per clip,
// and a "Frame N" counter), noise (uniform random bytes, incompressible). The geometry follows
// upstream's generator, so clips look alike; the pixels are not bit-identical to PIL's.
#include <cstdint>
#include <random>
#include <vector>

#include "config/media_config.h"

namespace aiperf {

struct RgbFrame {
  int width = 0, height = 0;
  // width * height * 3, rows top to bottom, then kRgbFramePadding spare bytes: libswscale's
  // converters may read a few bytes past the last row.
  std::vector<uint8_t> rgb;
};
constexpr size_t kRgbFramePadding = 64;

// Paints frame `index` of `total` (0 <= index < total). `noise_rng` is read by noise only.
void paint_video_frame(VideoSynthType type, int index, int total, RgbFrame& frame, std::mt19937_64& noise_rng);

}  // namespace aiperf
