// Anthropic Messages API payloads (workloads-and-endpoints.md §7.4 "messages").
#include <string>
#include <string_view>

#include "endpoints/payload_fields.h"
#include "endpoints/vendor_payloads.h"

namespace aiperf {
namespace {

using simdjson::dom::array;
using simdjson::dom::element;

// Upstream keeps one kind of data per reply: thinking (with the text), else text, else the
// tool_use blocks' name + input JSON.
void read_whole_message(element root, ParsedResponse& out) {
  std::string text, reasoning, tool;
  array blocks;
  if (root["content"].get_array().get(blocks)) return;
  for (element block : blocks) {
    const std::string_view type = payload_string(block, "type");
    if (type == "text") {
      text.append(payload_string(block, "text"));
    } else if (type == "thinking") {
      reasoning.append(payload_string(block, "thinking"));
    } else if (type == "tool_use") {
      tool.append(payload_string(block, "name"));
      element input;
      if (!block["input"].get(input)) tool.append(simdjson::to_string(input));
    }
  }
  out.reasoning.append(reasoning);
  out.text.append(!text.empty() || !reasoning.empty() ? text : tool);
}

void read_delta(element delta, ParsedResponse& out) {
  const std::string_view type = payload_string(delta, "type");
  if (type == "text_delta") out.text.append(payload_string(delta, "text"));
  else if (type == "thinking_delta") out.reasoning.append(payload_string(delta, "thinking"));
  else if (type == "input_json_delta") out.text.append(payload_string(delta, "partial_json"));
}

}  // namespace

void read_anthropic_payload(element root, ParsedResponse& out, OpenAiMessage& result) {
  std::string_view type;
  if (root["type"].get_string().get(type)) return;
  if (type == "content_block_delta") {
    element delta;
    if (!root["delta"].get(delta)) read_delta(delta, out);
  } else if (type == "message_start") {
    element usage;
    if (!root["message"]["usage"].get(usage)) result.usage = read_token_usage(usage);
  } else if (type == "message") {
    read_whole_message(root, out);
  }
}

}  // namespace aiperf
