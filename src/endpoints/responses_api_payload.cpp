// OpenAI Responses API payloads (workloads-and-endpoints.md §7.4 "responses").
#include <string>
#include <string_view>

#include "endpoints/payload_fields.h"
#include "endpoints/vendor_payloads.h"

namespace aiperf {
namespace {

using simdjson::dom::array;
using simdjson::dom::element;

void append_typed_texts(element list, std::string_view type, std::string& out) {
  array parts;
  if (list.get_array().get(parts)) return;
  for (element part : parts)
    if (payload_string(part, "type") == type) out.append(payload_string(part, "text"));
}

// Upstream keeps one kind of data per reply: reasoning (with its text), else text, else the
// tool calls' name + arguments.
void read_whole_response(element root, ParsedResponse& out) {
  std::string text, reasoning, tool;
  array output;
  if (!root["output"].get_array().get(output)) {
    for (element item : output) {
      const std::string_view type = payload_string(item, "type");
      if (type == "reasoning") {
        element parts;
        if (!item["summary"].get(parts)) append_typed_texts(parts, "summary_text", reasoning);
        if (!item["content"].get(parts)) append_typed_texts(parts, "reasoning_text", reasoning);
      } else if (type == "message") {
        element content;
        if (!item["content"].get(content)) append_typed_texts(content, "output_text", text);
      } else if (type == "function_call") {
        tool.append(payload_string(item, "name"));
        tool.append(payload_string(item, "arguments"));
      }
    }
  }
  if (text.empty() && reasoning.empty() && tool.empty()) text = payload_string(root, "output_text");
  out.reasoning.append(reasoning);
  out.text.append(!text.empty() || !reasoning.empty() ? text : tool);
}

void read_event(std::string_view type, element root, ParsedResponse& out, OpenAiMessage& result) {
  if (type == "response.output_text.delta" || type == "response.function_call_arguments.delta") {
    out.text.append(payload_string(root, "delta"));
  } else if (type == "response.reasoning_text.delta" || type == "response.reasoning_summary_text.delta") {
    out.reasoning.append(payload_string(root, "delta"));
  } else if (type == "response.completed" || type == "response.incomplete") {
    element usage;
    if (!root["response"]["usage"].get(usage)) result.usage = read_token_usage(usage);
  } else if (type == "response.failed") {
    element err;
    if (!root["response"]["error"].get(err) && !err.is_null()) result.error = read_payload_error(err);
    else result.error = ErrorDetails{502, "SSEResponseError", "Error occurred in SSE response: response.failed"};
  } else if (type == "error") {
    result.error = read_payload_error(root);  // the event itself carries code and message
  }
  // output_text.done repeats the deltas' text: ignored (see docs/metrics.md).
}

}  // namespace

void read_responses_api_payload(element root, ParsedResponse& out, OpenAiMessage& result) {
  std::string_view type;
  if (!root["type"].get_string().get(type)) {
    read_event(type, root, out, result);
    return;
  }
  std::string_view object_name;
  if (!root["object"].get_string().get(object_name) && object_name == "response") read_whole_response(root, out);
}

}  // namespace aiperf
