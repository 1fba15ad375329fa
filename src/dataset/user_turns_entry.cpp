#include "dataset/user_turns_entry.h"

#include "dataset/conversation_id.h"

namespace aiperf {

DatasetEntry user_turns_entry(const std::vector<std::string>& texts, const DatasetBuildSettings& config,
                              FallbackOutputLength& osl, size_t index, size_t& unsent) {
  DatasetEntry e;
  e.conversation_id = default_conversation_id(config, index);
  e.model = config.model_names.front();
  const bool history = carries_roles(config.endpoint_type);
  for (size_t i = 0; i < texts.size(); ++i) {
    if (i == 0) {
      e.prompt = texts[0];
      e.max_tokens = osl.next();
    } else if (history) {
      DatasetTurn t;
      t.prompt = texts[i];
      t.max_tokens = osl.next();
      e.later_turns.push_back(std::move(t));
    } else {
      ++unsent;
    }
  }
  return e;
}

}  // namespace aiperf
