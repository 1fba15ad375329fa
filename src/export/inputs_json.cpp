#include <algorithm>
#include <cstdint>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "common/stable_hash.h"
#include "endpoints/multipart_form.h"
#include "endpoints/request_builder.h"
#include "export/exporter.h"
#include "export/pretty_json.h"
#include "metrics/json_text.h"

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

// For each request, the next one of the same conversation (SIZE_MAX: none), and whether it is
// its conversation's first. Sorted 64-bit hashes rather than a map of strings: a million-row
// trace groups in 16 MB; requests with equal hashes are compared by their ids.
struct ConversationGroups {
  std::vector<size_t> next;
  std::vector<bool> first;
};

ConversationGroups group_by_conversation(const std::vector<PreparedRequest>& requests) {
  const size_t n = requests.size();
  ConversationGroups g{std::vector<size_t>(n, SIZE_MAX), std::vector<bool>(n, true)};
  std::vector<std::pair<uint64_t, size_t>> keys(n);
  for (size_t i = 0; i < n; ++i) keys[i] = {fnv1a64(requests[i].conversation_id), i};
  std::sort(keys.begin(), keys.end());
  for (size_t run = 0; run < n;) {
    size_t end = run + 1;
    while (end < n && keys[end].first == keys[run].first) ++end;
    for (size_t a = run; a < end; ++a) {
      const size_t i = keys[a].second;
      for (size_t b = a + 1; b < end; ++b) {
        const size_t j = keys[b].second;
        if (requests[j].conversation_id != requests[i].conversation_id) continue;
        g.next[i] = j;
        g.first[j] = false;
        break;
      }
    }
    run = end;
  }
  return g;
}

ojson payload_json(const PreparedRequest& request, const std::string& body, std::string_view multipart_boundary) {
  if (!multipart_boundary.empty()) {
    std::optional<ojson> form = form_body_as_json(body, multipart_boundary);
    if (!form)
      throw std::runtime_error("inputs.json: request body of conversation '" + request.conversation_id +
                               "' is not a well-formed multipart/form-data body");
    return std::move(*form);
  }
  ojson doc = ojson::parse(body, nullptr, false);
  if (doc.is_discarded())
    throw std::runtime_error("inputs.json: request body of conversation '" + request.conversation_id +
                             "' is not valid JSON");
  return doc;
}

// Written one payload at a time, so the file never sits whole in memory (a million-row
// trace's bodies are gigabytes); the text is what pretty_json_text gives for the whole document.
void write_to(const std::filesystem::path& file, const std::vector<PreparedRequest>& requests,
              std::string_view multipart_boundary, const std::function<std::vector<std::string>(size_t)>& built_at_send) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error("cannot write " + file.string());
  const ConversationGroups groups = group_by_conversation(requests);
  std::string text;
  bool first_payload = true;
  auto put = [&](const PreparedRequest& request, const std::string& body) {
    text = first_payload ? "\n        " : ",\n        ";
    first_payload = false;
    text += pretty_json_text(payload_json(request, body, multipart_boundary), 4);
    out.write(text.data(), std::streamsize(text.size()));
  };
  out << "{\n  \"data\": [";
  bool any = false;
  for (size_t i = 0; i < requests.size(); ++i) {
    if (!groups.first[i]) continue;
    text = any ? ",\n    {\n      \"session_id\": " : "\n    {\n      \"session_id\": ";
    any = true;
    append_json_string(text, requests[i].conversation_id);
    text += ",\n      \"payloads\": [";
    out.write(text.data(), std::streamsize(text.size()));
    first_payload = true;
    for (size_t k = i; k != SIZE_MAX; k = groups.next[k]) {
      const PreparedRequest& request = requests[k];
      if (request.built_at_send && built_at_send) {
        for (const std::string& body : built_at_send(k)) put(request, body);
        continue;
      }
      put(request, request.body);
      for (const std::string& later : request.later_turn_previews) put(request, later);
    }
    out << "\n      ]\n    }";
  }
  out << (any ? "\n  ]\n}" : "]\n}");
  out.close();
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

}  // namespace

// Through `<path>.partial`, renamed over `path` at the end: readers never see half a file.
void write_inputs_json(const std::filesystem::path& path, const std::vector<PreparedRequest>& requests,
                       std::string_view multipart_boundary,
                       const std::function<std::vector<std::string>(size_t)>& built_at_send) {
  const std::filesystem::path partial = path.string() + ".partial";
  try {
    write_to(partial, requests, multipart_boundary, built_at_send);
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(partial, ignored);
    throw;
  }
  std::error_code ec;
  std::filesystem::rename(partial, path, ec);
  if (ec) throw std::runtime_error("cannot write " + path.string() + ": " + ec.message());
}

}  // namespace aiperf
