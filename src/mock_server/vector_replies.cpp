#include "mock_server/vector_replies.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include <nlohmann/json.hpp>

#include "mock_server/error_injection.h"
#include "mock_server/prompt_tokens.h"

namespace aiperf::mock {
namespace {

using nlohmann::json;

// Reads a text or a list of texts into out.prompt_text; `member` names the text inside object
// entries (NIM passages). Each one is an item unless it is the rankings' query.
std::string read_texts(const json& body, const char* key, const char* member, VectorRequest& out,
                       bool items = true) {
  auto it = body.find(key);
  if (it == body.end()) return std::string("'") + key + "' is required";
  const json one = json::array({*it});
  for (const json& t : it->is_array() ? *it : one) {
    const json* text = &t;
    if (member && t.is_object()) {
      auto m = t.find(member);
      if (m == t.end()) return std::string("each entry of '") + key + "' needs '" + member + "'";
      text = &*m;
    }
    if (!text->is_string()) return std::string("'") + key + "' must hold strings";
    append_prompt_text(out.prompt_text, text->get_ref<const std::string&>());
    out.items += items;
  }
  return {};
}

// A value in [-1, 1) from the seed and two indices.
double unit_value(uint64_t seed, uint64_t a, uint64_t b) {
  return double(splitmix64(seed ^ (a * 0x9e3779b97f4a7c15ULL) ^ (b + 1)) >> 11) / double(1ULL << 53) * 2.0 - 1.0;
}

void append_number(std::string& out, double v) {
  char buf[32];
  int n = std::snprintf(buf, sizeof buf, "%.6f", v);
  out.append(buf, size_t(n));
}

void append_usage(std::string& out, const VectorRequest& req) {
  out += "\"usage\":{\"prompt_tokens\":" + std::to_string(req.prompt_tokens) +
         ",\"total_tokens\":" + std::to_string(req.prompt_tokens) + "}";
}

}  // namespace

std::string parse_vector_request(VectorApi api, std::string_view body, VectorRequest& out) {
  out = VectorRequest{};
  json doc = json::parse(body, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return "request body is not a JSON object";
  if (auto m = doc.find("model"); m != doc.end() && m->is_string()) out.model = m->get<std::string>();
  if (api == VectorApi::embeddings) {
    // chat_embeddings sends a chat body to the same path.
    if (doc.contains("messages")) {
      auto& messages = doc["messages"];
      if (!messages.is_array()) return "'messages' must be a list";
      out.items = 1;
      for (const json& m : messages)
        if (m.is_object() && m.contains("content")) append_content_text(out.prompt_text, m["content"]);
    } else if (std::string err = read_texts(doc, "input", nullptr, out); !err.empty()) {
      return err;
    }
    out.prompt_tokens = count_prompt_tokens(out.prompt_text);
    return {};
  }
  // aiperf counts the query, then every passage.
  std::string err = read_texts(doc, "query", "text", out, false);
  if (err.empty()) {
    switch (api) {
      case VectorApi::nim_rankings: err = read_texts(doc, "passages", "text", out); break;
      case VectorApi::cohere_rerank: err = read_texts(doc, "documents", "text", out); break;
      default: err = read_texts(doc, "texts", nullptr, out); break;
    }
  }
  out.prompt_tokens = count_prompt_tokens(out.prompt_text);
  return err;
}

void append_vector_body(std::string& out, VectorApi api, const VectorRequest& req, std::string_view model_json,
                        int64_t dimensions, uint64_t seed) {
  if (api == VectorApi::embeddings) {
    out += "{\"object\":\"list\",\"data\":[";
    for (int64_t i = 0; i < req.items; ++i) {
      if (i) out.push_back(',');
      out += "{\"object\":\"embedding\",\"index\":" + std::to_string(i) + ",\"embedding\":[";
      for (int64_t d = 0; d < dimensions; ++d) {
        if (d) out.push_back(',');
        append_number(out, unit_value(seed, uint64_t(i), uint64_t(d)));
      }
      out += "]}";
    }
    out += "],\"model\":\"";
    out += model_json;
    out += "\",";
    append_usage(out, req);
    out.push_back('}');
    return;
  }
  std::vector<std::pair<double, int64_t>> scores;
  for (int64_t i = 0; i < req.items; ++i) scores.emplace_back((unit_value(seed, uint64_t(i), 0) + 1) / 2, i);
  std::sort(scores.begin(), scores.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  const char* score_key = api == VectorApi::nim_rankings    ? "logit"
                          : api == VectorApi::cohere_rerank ? "relevance_score"
                                                            : "score";
  std::string list;
  for (const auto& [score, index] : scores) {
    if (!list.empty()) list.push_back(',');
    list += "{\"index\":" + std::to_string(index) + ",\"" + score_key + "\":";
    append_number(list, score);
    list.push_back('}');
  }
  switch (api) {
    case VectorApi::nim_rankings:
      out += "{\"rankings\":[" + list + "],";
      append_usage(out, req);
      out.push_back('}');
      break;
    case VectorApi::cohere_rerank:
      out += "{\"id\":\"rerank-mock\",\"results\":[" + list + "],\"meta\":{\"billed_units\":{\"search_units\":1}}}";
      break;
    default: out += "[" + list + "]"; break;  // TEI answers with a bare list
  }
}

}  // namespace aiperf::mock
