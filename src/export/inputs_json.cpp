#include <map>

#include <nlohmann/json.hpp>

#include "endpoints/multipart_form.h"
#include "endpoints/request_builder.h"
#include "export/atomic_file.h"
#include "export/exporter.h"
#include "export/json_summary.h"

namespace aiperf {

void write_inputs_json(const std::filesystem::path& path, const std::vector<PreparedRequest>& requests,
                       std::string_view multipart_boundary) {
  using ojson = nlohmann::ordered_json;
  ojson sessions = ojson::array();
  std::map<std::string, size_t> index_of;  // conversation_id -> position in `sessions`
  for (const auto& request : requests) {
    auto [it, inserted] = index_of.try_emplace(request.conversation_id, sessions.size());
    if (inserted) {
      ojson session = ojson::object();
      session["session_id"] = request.conversation_id;
      session["payloads"] = ojson::array();
      sessions.push_back(std::move(session));
    }
    auto add = [&](const std::string& text) {
      if (!multipart_boundary.empty()) {
        std::optional<ojson> form = form_body_as_json(text, multipart_boundary);
        if (!form)
          throw std::runtime_error("inputs.json: request body of conversation '" + request.conversation_id +
                                   "' is not a well-formed multipart/form-data body");
        sessions[it->second]["payloads"].push_back(std::move(*form));
        return;
      }
      ojson body = ojson::parse(text, nullptr, false);
      if (body.is_discarded())
        throw std::runtime_error("inputs.json: request body of conversation '" + request.conversation_id +
                                 "' is not valid JSON");
      sessions[it->second]["payloads"].push_back(std::move(body));
    };
    add(request.body);
    for (const std::string& later : request.later_turn_previews) add(later);
  }
  ojson doc = ojson::object();
  doc["data"] = std::move(sessions);
  write_file_atomically(path, dump_pretty(doc));
}

}  // namespace aiperf
