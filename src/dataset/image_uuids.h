#pragma once
// vLLM multimodal cache ids on images (workloads-and-endpoints.md §3.1, §6.4): a row's
// `image_uuids`, and --uuid-and-strip, which sends a session's repeated images as uuid-only
// references so the server reuses what it cached for the first one.
#include <string>
#include <string_view>

#include "dataset/dataset.h"

namespace aiperf {

// The id --uuid-and-strip gives an image that has none: the xxh3-64 of its URL or data URL as
// 16 lowercase hex digits, the way h_cua_perf's recorded image parts are named.
std::string content_image_uuid(std::string_view image);

// --uuid-and-strip for one conversation: every image gets an id (its own, else its content's),
// and an image whose id an earlier turn already sent loses its bytes (an empty slot, sent as
// `"image_url": null` with the uuid). Images repeated inside one turn are all sent: the server
// caches an item only once its request has been processed.
void strip_repeated_images(DatasetEntry& entry);

}  // namespace aiperf
