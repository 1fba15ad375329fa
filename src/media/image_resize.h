#pragma once
// Resizing RGB images for --image-source <dir> (workloads-and-endpoints.md §6.1): bilinear
// interpolation with pixel centres aligned (PIL's BILINEAR without its antialiasing when
// shrinking, so a large downscale is sharper and noisier than PIL's; docs/datasets.md).
#include <cstdint>

#include "media/image_decoder.h"

namespace aiperf {

// `width`, `height` >= 1.
RgbImage resize_bilinear(const RgbImage& source, uint32_t width, uint32_t height);

}  // namespace aiperf
