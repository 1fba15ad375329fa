#include "dataset/image_uuids.h"

#include <cstdio>
#include <unordered_set>

#include <xxhash.h>

namespace aiperf {

std::string content_image_uuid(std::string_view image) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(XXH3_64bits(image.data(), image.size())));
  return hex;
}

void strip_repeated_images(DatasetEntry& entry) {
  if (!entry.parts) return;
  std::unordered_set<std::string> sent;
  for (TurnMedia& media : entry.parts.edit().turn_media) {
    media.image_uuids.resize(media.images.size());
    std::vector<std::string> first_sent_here;
    for (size_t i = 0; i < media.images.size(); ++i) {
      std::string& uuid = media.image_uuids[i];
      if (uuid.empty()) uuid = content_image_uuid(media.images[i]);
      if (sent.contains(uuid))
        media.images[i].clear();
      else
        first_sent_here.push_back(uuid);
    }
    sent.insert(first_sent_here.begin(), first_sent_here.end());
  }
}

}  // namespace aiperf
