#include "mock_server/prompt_tokens.h"

#include <memory>

#include <nlohmann/json.hpp>

#include "tokenizer/tiktoken_bpe.h"

namespace aiperf::mock {
namespace {

const TiktokenTokenizer& tokenizer() {
  static const std::unique_ptr<TiktokenTokenizer> o200k = make_o200k_base();
  return *o200k;
}

bool counted_part(const std::string& type, PartTypes types) {
  if (type == "text") return true;
  return types == PartTypes::responses && (type == "input_text" || type == "output_text");
}

}  // namespace

void append_prompt_text(std::string& joined, std::string_view text) {
  if (text.empty()) return;
  if (!joined.empty()) joined.push_back(' ');
  joined.append(text);
}

void append_content_text(std::string& joined, const nlohmann::json& content, PartTypes types) {
  if (content.is_string()) return append_prompt_text(joined, content.get_ref<const std::string&>());
  if (!content.is_array()) return;
  for (const nlohmann::json& part : content) {
    if (!part.is_object()) continue;
    auto type = part.find("type");
    auto text = part.find("text");
    if (type == part.end() || !type->is_string() || text == part.end() || !text->is_string()) continue;
    if (counted_part(type->get_ref<const std::string&>(), types))
      append_prompt_text(joined, text->get_ref<const std::string&>());
  }
}

int64_t count_prompt_tokens(std::string_view text) { return text.empty() ? 0 : int64_t(tokenizer().count(text)); }

void load_prompt_tokenizer() { tokenizer(); }

}  // namespace aiperf::mock
