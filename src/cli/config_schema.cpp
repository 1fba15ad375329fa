#include "cli/config_schema.h"

#include <set>

#include "cli/option_table.h"
#include "cli/yaml_config.h"

namespace aiperf {
namespace {

using Json = nlohmann::ordered_json;

// Keys the loader sets itself from a phase's or dataset's type: not written by users.
const std::set<std::string> kInternal = {"phases.profiling.arrival_pattern", "phases.warmup.arrival_pattern",
                                         "phases.profiling.user_centric_rate", "phases.profiling.fixed_schedule",
                                         "dataset.public_name"};

Json templated() {
  return {{"type", "string"}, {"pattern", "\\{\\{.*\\}\\}|\\$\\{[A-Za-z_][A-Za-z0-9_]*(:[^}]*)?\\}"}};
}

Json either(Json base) { return {{"anyOf", Json::array({std::move(base), templated()})}}; }

std::string camel(const std::string& snake) {
  std::string out;
  bool up = false;
  for (char c : snake) {
    if (c == '_') {
      up = true;
      continue;
    }
    out += up ? char(std::toupper(static_cast<unsigned char>(c))) : c;
    up = false;
  }
  return out;
}

Json scalar_schema(const OptionSpec& o) {
  if (std::holds_alternative<bool RawFlags::*>(o.sink)) return either({{"type", "boolean"}});
  if (o.choices)  // values match in any case with - and _ alike, so they are described, not enumerated
    return {{"type", "string"}, {"description", "One of: " + o.choices()}};
  const std::string_view m = o.metavar;
  if (m == "INT" || m == "PX" || m == "TOKENS") return either({{"type", "integer"}});
  if (m == "SECONDS" || m == "SEC")
    return either({{"anyOf", Json::array({{{"type", "number"}},
                                          {{"type", "string"},
                                           {"pattern", "^\\s*([0-9]+(\\.[0-9]+)?\\s*(s|sec|m|min|h|hr|hour)?|inf|infinity)\\s*$"}}})}});
  if (m == "FLOAT" || m == "REQ/S" || m == "MS" || m == "RATIO" || m == "PERCENT" || m == "K" || m == "KHZ" ||
      m == "BITS")
    return either({{"type", "number"}});
  return {{"type", "string"}};
}

// phases.profiling.adaptive_scale (cli-and-load.md §5.7; the keys adaptive_scale_conversion.cpp reads).
Json adaptive_scale_schema() {
  const Json number = either({{"type", "number"}});
  const Json duration = either({{"anyOf", Json::array({{{"type", "number"}}, {{"type", "string"}}})}});
  return {{"type", "object"},
          {"additionalProperties", false},
          {"properties",
           {{"enabled", either({{"type", "boolean"}})},
            {"control",
             {{"type", "object"},
              {"additionalProperties", false},
              {"required", Json::array({"variable", "max"})},
              {"properties",
               {{"variable", {{"enum", {"concurrency", "prefill_concurrency", "request_rate", "users"}}}},
                {"min", number},
                {"max", number}}}}},
            {"assessment_period", duration},
            {"min_completed_requests", either({{"type", "integer"}})},
            {"sustain_duration", duration},
            {"strategy",
             {{"type", "object"},
              {"additionalProperties", false},
              {"properties",
               {{"type", {{"enum", {"ramp_until_fail"}}}},
                {"step_policy", {{"enum", {"fixed_percent_step", "sla_margin"}}}},
                {"step_percent", number},
                {"base_step", number},
                {"max_step_multiplier", number}}}}}}}};
}

// phases.profiling.sla: "metric_tag:stat:op:threshold" strings or {metric, stat, op, threshold}.
Json phase_sla_schema() {
  const Json filter = {{"anyOf", Json::array({{{"type", "string"}},
                                              {{"type", "object"},
                                               {"additionalProperties", false},
                                               {"required", Json::array({"metric", "threshold"})},
                                               {"properties",
                                                {{"metric", {{"type", "string"}}},
                                                 {"stat", {{"type", "string"}}},
                                                 {"op", {{"enum", {"lt", "le", "gt", "ge"}}}},
                                                 {"threshold", either({{"type", "number"}})}}}}})}};
  return {{"anyOf", Json::array({filter, {{"type", "array"}, {"items", filter}}})}};
}

Json leaf_schema(const OptionSpec& o, const std::string& path) {
  Json s;
  if (path == "phases.profiling.adaptive_scale") {
    s = adaptive_scale_schema();
  } else if (path == "phases.profiling.sla") {
    s = phase_sla_schema();
  } else if (path == "endpoint.headers") {
    s = {{"type", "object"}, {"additionalProperties", {{"type", "string"}}}};
  } else if (path == "endpoint.extra") {
    s = {{"type", "object"}};
  } else if (path == "slos") {
    s = {{"type", "object"}, {"additionalProperties", either({{"type", "number"}})}};
  } else if (path == "dataset.prompts.sequence_distribution") {
    s = {{"type", "array"},
         {"items",
          {{"type", "object"},
           {"additionalProperties", false},
           {"required", Json::array({"isl", "osl", "probability"})},
           {"properties",
            {{"isl", either({{"type", "integer"}})},
             {"isl_stddev", either({{"type", "number"}})},
             {"osl", either({{"type", "integer"}})},
             {"osl_stddev", either({{"type", "number"}})},
             {"probability", either({{"type", "number"}})}}}}}};
  } else if (std::holds_alternative<std::vector<std::string> RawFlags::*>(o.sink)) {
    Json one = scalar_schema(o);
    s = {{"anyOf", Json::array({one, {{"type", "array"}, {"items", one}}})}};
  } else if (path.ends_with("_ramp")) {
    s = {{"anyOf", Json::array({scalar_schema(o),
                                {{"type", "object"},
                                 {"additionalProperties", false},
                                 {"required", Json::array({"duration"})},
                                 {"properties", {{"duration", scalar_schema(o)}, {"strategy", {{"enum", {"linear"}}}}}}}})}};
  } else {
    s = scalar_schema(o);
    // A list at a sweepable field is a sweep (cli-and-load.md §5.1): `aiperf config expand`.
    if (o.sweepable || path.ends_with(".mean") || path.ends_with("cancellation.rate"))
      s = {{"anyOf", Json::array({s, {{"type", "array"}, {"minItems", 2}, {"items", s}}})}};
  }
  s["description"] = std::string(o.help) + " (" + o.canonical_name() + ")";
  return s;
}

// Inserts `schema` at `path` (dots) under `root`, making objects on the way.
void insert(Json& root, const std::string& path, Json schema) {
  Json* node = &root;
  for (size_t start = 0;;) {
    const size_t dot = path.find('.', start);
    const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (!node->contains("properties")) {
      (*node)["type"] = "object";
      (*node)["additionalProperties"] = false;
      (*node)["properties"] = Json::object();
    }
    Json& child = (*node)["properties"][key];
    if (dot == std::string::npos) {
      child = std::move(schema);
      return;
    }
    node = &child;
    start = dot + 1;
  }
}

// Adds the camelCase spelling of every snake_case key (both are accepted, §6).
void add_camel_case(Json& node) {
  if (node.is_array()) {
    for (Json& item : node) add_camel_case(item);
    return;
  }
  if (!node.is_object()) return;
  for (auto& [k, v] : node.items()) add_camel_case(v);
  if (!node.contains("properties") || !node["properties"].is_object()) return;
  Json& props = node["properties"];
  std::vector<std::pair<std::string, Json>> extra;
  for (const auto& [k, v] : props.items())
    if (k.find('_') != std::string::npos && !props.contains(camel(k))) extra.emplace_back(camel(k), v);
  for (auto& [k, v] : extra) props[k] = v;
}

}  // namespace

nlohmann::ordered_json config_json_schema() {
  Json body = {{"type", "object"}, {"additionalProperties", false}, {"properties", Json::object()}};
  Json phase = {{"type", "object"}, {"additionalProperties", false}, {"properties", Json::object()}};
  for (const OptionGroup& g : profile_option_groups())
    for (const OptionSpec& o : g.options) {
      const std::string path(o.yaml);
      if (path.empty() || kInternal.contains(path) || path == "random_seed") continue;
      if (path.rfind("phases.", 0) == 0) {
        const std::string field = path.substr(path.find('.', 7) + 1);
        insert(phase, field, leaf_schema(o, path));
      } else {
        insert(body, path, leaf_schema(o, path));
      }
    }
  Json& props = body["properties"];
  // Distributions: a number, or {mean, stddev} ({value} and type: normal too).
  for (const char* key : dataset_distribution_keys()) {
    std::string path = std::string("dataset.") + key;
    Json* node = &body;
    for (size_t start = 0;;) {
      const size_t dot = path.find('.', start);
      node = &(*node)["properties"][path.substr(start, dot == std::string::npos ? std::string::npos : dot - start)];
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
    Json object = *node;
    object["properties"]["value"] = either({{"type", "number"}});
    object["properties"]["type"] = {{"enum", {"normal"}}};
    *node = {{"anyOf", Json::array({either({{"type", "number"}}), {{"type", "array"}, {"minItems", 2}}, object})}};
  }
  Json& phase_props = phase["properties"];
  phase_props["name"] = {{"type", "string"}, {"pattern", "^[A-Za-z_][A-Za-z0-9_-]*$"}};
  phase_props["kind"] = {{"enum", {"warmup", "profiling"}}};
  phase_props["type"] = {{"enum", {"concurrency", "poisson", "constant", "gamma", "user_centric", "fixed_schedule"}}};
  phase_props["exclude_from_results"] = {{"type", "boolean"}};
  phase_props["dataset"] = {{"type", "string"}};
  phase_props["seamless"] = {{"const", false}};
  // (Copies, not references: adding a key to an ordered map moves its other values.)
  Json dataset = props["dataset"];
  dataset["properties"]["name"] = {{"type", "string"},
                                   {"description", "The dataset's name; with type: public, the public dataset to load"}};
  dataset["properties"]["type"] = {{"enum", {"synthetic", "file", "public"}}};
  dataset["properties"]["random_seed"] = either({{"type", "integer"}, {"minimum", 0}});
  const Json isl = dataset["properties"]["prompts"]["properties"]["isl"];
  const Json osl = dataset["properties"]["prompts"]["properties"]["osl"];
  dataset["properties"]["isl"] = isl;
  dataset["properties"]["osl"] = osl;
  // Shorthands (§6): model, a one-item datasets list, a phase mapping, warmup/profiling siblings.
  Json models = props["models"];
  const Json names = {{"anyOf", Json::array({{{"type", "string"}}, {{"type", "array"}, {"minItems", 1}, {"items", {{"type", "string"}}}}})}};
  models["properties"]["items"] = {
      {"anyOf", Json::array({names, {{"type", "array"},
                                     {"items", {{"type", "object"},
                                                {"required", Json::array({"name"})},
                                                {"properties", {{"name", {{"type", "string"}}}}},
                                                {"additionalProperties", false}}}}})}};
  const Json tokenizer = props["tokenizer"];
  Json endpoint = props["endpoint"];
  const Json urls = endpoint["properties"]["urls"];
  endpoint["properties"]["url"] = urls;
  props["dataset"] = dataset;
  props["endpoint"] = endpoint;
  props["models"] = {{"anyOf", Json::array({names, models})}};
  props["model"] = {{"type", "string"}};
  props["tokenizer"] = {{"anyOf", Json::array({{{"type", "string"}}, tokenizer})}};
  props["datasets"] = {{"type", "array"}, {"minItems", 1}, {"maxItems", 1}, {"items", dataset}};
  const Json phase_copy = phase;
  props["phases"] = {{"anyOf", Json::array({{{"type", "array"}, {"minItems", 1}, {"items", phase_copy}}, phase_copy})}};
  props["warmup"] = phase_copy;
  props["profiling"] = phase_copy;
  props["random_seed"] = either({{"type", "integer"}, {"minimum", 0}});

  Json envelope = {
      {"$schema", "https://json-schema.org/draft/2020-12/schema"},
      {"$id", "https://github.com/aiperf-cpp/aiperf-cpp/schema/aiperf-config.schema.json"},
      {"title", "aiperf-cpp configuration (aiperf profile -f/--config)"},
      {"description", "What aiperf-cpp accepts in a YAML config (docs/config.md); generated from the option table."},
      {"type", "object"},
      {"additionalProperties", false},
      {"properties",
       {{"schema_version", {{"enum", {"2.0", "2"}}}},
        {"benchmark", body},
        {"sweep",
         {{"type", "object"},
          {"required", Json::array({"type"})},
          {"properties",
           {{"type", {{"enum", {"grid", "zip", "scenarios"}}}},
            {"parameters", {{"type", "object"}, {"additionalProperties", {{"type", "array"}, {"minItems", 1}}}}},
            {"variables", {{"type", "object"}, {"additionalProperties", {{"type", "array"}, {"minItems", 1}}}}},
            {"runs", {{"type", "array"}, {"minItems", 1}, {"items", {{"type", "object"}, {"required", Json::array({"name"})}}}}},
            {"cooldown_seconds", {{"type", "number"}, {"minimum", 0}}},
            {"iteration_order", {{"enum", {"repeated", "independent"}}}},
            {"same_seed", {{"type", "boolean"}}}}},
          {"additionalProperties", false}}},
        {"multi_run", {{"type", "object"}}},
        {"variables", {{"type", "object"}}},
        {"random_seed", either({{"type", "integer"}, {"minimum", 0}})},
        {"no_sweep_table", {{"type", "boolean"}}},
        {"plot", {{"type", {"boolean", "object"}}}}}}};
  // The legacy flat form puts the body's keys at the top level.
  const Json body_properties = body["properties"];
  for (const auto& [k, v] : body_properties.items())
    if (!envelope["properties"].contains(k)) envelope["properties"][k] = v;
  add_camel_case(envelope);
  return envelope;
}

}  // namespace aiperf
