#include "dataset/row_entry.h"

#include "dataset/conversation_id.h"

namespace aiperf {

DatasetEntry& add_row_entry(Dataset& out, const DatasetBuildSettings& config, FallbackOutputLength& osl,
                            std::string prompt) {
  DatasetEntry& e = out.entries.emplace_back();
  e.prompt = std::move(prompt);
  e.max_tokens = osl.next();
  e.conversation_id = default_conversation_id(config, out.entries.size() - 1);
  e.model = config.model_names.front();
  return e;
}

}  // namespace aiperf
