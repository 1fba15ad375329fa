#pragma once
// The messages `aiperf chat` sends: an optional system prompt, then the turns kept so far
// (all of them with --history, none without), then the new user message.
#include <string>
#include <vector>

namespace aiperf {

class ChatConversation {
 public:
  ChatConversation(std::string model, std::string system_prompt, bool keep_history);

  // The streaming request body for `user_text` after the turns kept so far.
  std::string request_body(const std::string& user_text) const;
  // A turn that succeeded; only then does it become history (a failed one is not resent).
  void add_turn(const std::string& user_text, const std::string& reply);

 private:
  struct Message {
    const char* role;
    std::string content;
  };
  std::string model_;
  std::string system_prompt_;
  bool keep_history_;
  std::vector<Message> history_;
};

}  // namespace aiperf
