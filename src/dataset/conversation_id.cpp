#include "dataset/conversation_id.h"

#include <cstdio>

#include "common/uuid.h"

namespace aiperf {

std::string default_conversation_id(const DatasetSettings& config, size_t index) {
  if (!config.random_seed) return uuid4();
  char buf[32];
  std::snprintf(buf, sizeof buf, "session_%06zu", index);
  return buf;
}

}  // namespace aiperf
