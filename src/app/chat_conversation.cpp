#include "app/chat_conversation.h"

#include <utility>

#include <nlohmann/json.hpp>

namespace aiperf {

ChatConversation::ChatConversation(std::string model, std::string system_prompt, bool keep_history)
    : model_(std::move(model)), system_prompt_(std::move(system_prompt)), keep_history_(keep_history) {}

std::string ChatConversation::request_body(const std::string& user_text) const {
  nlohmann::json messages = nlohmann::json::array();
  if (!system_prompt_.empty()) messages.push_back({{"role", "system"}, {"content", system_prompt_}});
  for (const Message& m : history_) messages.push_back({{"role", m.role}, {"content", m.content}});
  messages.push_back({{"role", "user"}, {"content", user_text}});
  nlohmann::json body = {{"model", model_},
                         {"messages", std::move(messages)},
                         {"stream", true},
                         // The usage-only last event gives the server's own token count.
                         {"stream_options", {{"include_usage", true}}}};
  // A typed line need not be valid UTF-8 (a Latin-1 terminal); replace, don't throw.
  return body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void ChatConversation::add_turn(const std::string& user_text, const std::string& reply) {
  if (!keep_history_) return;
  history_.push_back({"user", user_text});
  history_.push_back({"assistant", reply});
}

}  // namespace aiperf
