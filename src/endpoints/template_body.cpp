#include "endpoints/template_body.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "config/user_json_nesting.h"
#include "endpoints/body_template.h"

namespace aiperf {

namespace {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

// Upstream's named templates.
const std::map<std::string, std::string>& named_templates() {
  static const std::map<std::string, std::string> names = {
      {"nv-embedqa", R"({"text": {{ texts|tojson }}})"},
  };
  return names;
}

std::string describe_source(const EndpointSettings& config) {
  const std::string value = config.extra_inputs.value(kPayloadTemplateKey, std::string());
  if (named_templates().count(value)) return "--extra-inputs payload_template '" + value + "'";
  if (value.size() < 256 && value.find('\n') == std::string::npos && std::filesystem::is_regular_file(value))
    return "--extra-inputs payload_template file " + value;
  return "--extra-inputs payload_template";
}

// Parsed once per thread and source: later turns are rendered on worker threads.
const BodyTemplate& parsed_template(const EndpointSettings& config) {
  thread_local std::map<std::string, BodyTemplate> cache;
  const std::string source = payload_template_source(config);
  auto it = cache.find(source);
  if (it == cache.end()) {
    try {
      it = cache.emplace(source, BodyTemplate(source)).first;
    } catch (const TemplateError& e) {
      throw ConfigError(describe_source(config) + " " + e.what());
    }
  }
  return it->second;
}

json turn_object(const EndpointSettings& config, const DatasetEntry& entry, uint32_t t) {
  json texts = json::array();
  const std::string prompt = (t == 0 ? entry.prompt : entry.later_turns.at(t - 1).prompt).str();
  if (!prompt.empty()) texts.push_back(prompt);
  if (t == 0)
    for (const std::string& s : entry.parts->more_texts) texts.push_back(s);
  const std::optional<int64_t>& max_tokens = t == 0 ? entry.max_tokens : entry.later_turns.at(t - 1).max_tokens;
  const std::string& model = t < entry.parts->turn_models.size() && !entry.parts->turn_models[t].empty() ? entry.parts->turn_models[t]
                             : entry.model.empty()                                           ? config.model_names.front()
                                                                                             : entry.model;
  json turn = {{"index", t},
               {"role", t == 0 ? entry.parts->role : entry.later_turns.at(t - 1).role},
               {"model", model},
               {"max_tokens", max_tokens ? json(*max_tokens) : json(nullptr)},
               {"texts", texts},
               {"images", json::array()},
               {"audios", json::array()},
               {"videos", json::array()}};
  return turn;
}

}  // namespace

std::string payload_template_source(const EndpointSettings& config) {
  auto it = config.extra_inputs.find(kPayloadTemplateKey);
  if (it == config.extra_inputs.end() || !it->is_string() || it->get<std::string>().empty())
    throw ConfigError("--endpoint-type template needs --extra-inputs payload_template:<name, file or template>");
  const std::string value = it->get<std::string>();
  if (auto named = named_templates().find(value); named != named_templates().end()) return named->second;
  if (value.size() < 256 && value.find('\n') == std::string::npos && std::filesystem::is_regular_file(value)) {
    std::ifstream in(value, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) throw ConfigError("--extra-inputs payload_template: cannot read " + value);
    return text.str();
  }
  return value;
}

json template_variables(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn) {
  json turns = json::array();
  for (uint32_t t = 0; t <= turn; ++t) turns.push_back(turn_object(config, entry, t));
  const json& current = turns.back();
  json texts = current["texts"];
  json vars = {{"turn", current},
               {"turns", turns},
               {"model", current["model"]},
               {"max_tokens", current["max_tokens"]},
               {"role", current["role"]},
               {"stream", config.streaming},
               {"images", json::array()}, {"image", nullptr},
               {"audios", json::array()}, {"audio", nullptr},
               {"videos", json::array()}, {"video", nullptr},
               {"images_by_name", json::object()}, {"audios_by_name", json::object()},
               {"videos_by_name", json::object()},
               {"request_info", {{"conversation_id", entry.conversation_id}, {"turn_index", turn}}}};
  json by_name = json::object();
  json queries = json::array(), passages = json::array();
  if (turn == 0 && !entry.parts->passages.empty()) {
    // Rankings data: the prompt is the query; the passages follow it among the texts.
    if (!entry.prompt.empty()) queries.push_back(entry.prompt.str());
    for (const std::string& p : entry.parts->passages) {
      passages.push_back(p);
      texts.push_back(p);
    }
    by_name["query"] = queries;
    by_name["passages"] = passages;
  } else {
    by_name["text"] = texts;
  }
  vars["texts"] = texts;
  vars["text"] = texts.empty() ? json(nullptr) : texts.front();
  vars["queries"] = queries;
  vars["query"] = queries.empty() ? json(nullptr) : queries.front();
  vars["passages"] = passages;
  vars["passage"] = passages.empty() ? json(nullptr) : passages.front();
  vars["texts_by_name"] = by_name;
  return vars;
}

std::string build_template_body(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn) {
  const BodyTemplate& tmpl = parsed_template(config);
  std::string rendered;
  try {
    rendered = tmpl.render(template_variables(config, entry, turn));
  } catch (const TemplateError& e) {
    throw ConfigError(describe_source(config) + " " + e.what());
  }
  require_json_nesting(rendered, describe_source(config) + ": the rendered body");
  ojson body = ojson::parse(rendered, nullptr, false);
  if (body.is_discarded())
    throw ConfigError(describe_source(config) + ": the rendered body is not valid JSON: " + rendered.substr(0, 200));
  const bool row_extra = turn < entry.parts->turn_extra_bodies.size() && !entry.parts->turn_extra_bodies[turn].empty();
  bool extras = row_extra;
  for (const auto& [key, value] : config.extra_inputs.items())
    extras |= key != kPayloadTemplateKey && key != kResponseFieldKey;
  if (extras && !body.is_object())
    throw ConfigError(describe_source(config) +
                      ": the rendered body must be a JSON object for --extra-inputs or row extras to merge into it");
  for (const auto& [key, value] : config.extra_inputs.items())
    if (key != kPayloadTemplateKey && key != kResponseFieldKey) body[key] = ojson(value);
  if (row_extra) {
    // Named: a range-for over a temporary's items() would iterate a destroyed object (the
    // temporary lives only until the range is initialised, C++20).
    ojson extra = ojson::parse(entry.parts->turn_extra_bodies[turn]);
    for (auto& [key, value] : extra.items()) body[key] = std::move(value);
  }
  return body.dump();
}

}  // namespace aiperf
