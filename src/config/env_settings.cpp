#include "config/env_settings.h"

#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <variant>

#include "common/edit_distance.h"
#include "config/profile_config.h"

extern char** environ;

namespace aiperf {
namespace {

// How a variable's text becomes its value: the field it fills and the range it must lie in.
struct WholeNumber {
  uint64_t EnvSettings::*field;
  uint64_t lowest, highest;
  const char* unit;  // "of bytes", or ""
};
struct Number {
  double EnvSettings::*field;
  double lowest;
  bool lowest_excluded;  // > lowest rather than >=
  std::optional<double> highest;
  const char* unit;  // "seconds", "milliseconds", "percent", ...
};
struct Switch {
  bool EnvSettings::*field;
};
struct Text {
  std::string EnvSettings::*field;
};
using Kind = std::variant<WholeNumber, Number, Switch, Text>;

struct EnvVariable {
  const char* name;
  Kind kind;
  const char* meaning;
};

const EnvSettings kDefaults{};

// Every AIPERF_* variable aiperf-cpp reads. Defaults are EnvSettings' initialisers.
const std::vector<EnvVariable>& table() {
  using S = EnvSettings;
  static const std::vector<EnvVariable> rows = {
      {"AIPERF_HTTP_MAX_RESPONSE_BYTES", WholeNumber{&S::http_max_response_bytes, 1, kHighestMaxResponseBytes, "of bytes"},
       "Most body bytes one response may bring; a larger one becomes that request's ResponseTooLargeError."},
      {"AIPERF_HTTP_VIDEO_POLL_INTERVAL", Number{&S::http_video_poll_interval_s, 0, true, 86400, "seconds"},
       "video_generation: time between polls of a video job."},
      {"AIPERF_HTTP_X_SESSION_AFFINITY_FROM_CORRELATION_ID", Switch{&S::http_x_session_affinity},
       "Send the conversation id as X-Session-Affinity as well."},
      {"AIPERF_HTTP_X_DYNAMO_SESSION_ID_FROM_CORRELATION_ID", Switch{&S::http_x_dynamo_session_id},
       "Send the conversation id as X-Dynamo-Session-ID as well."},
      {"AIPERF_HTTP_X_SMG_ROUTING_KEY_FROM_CORRELATION_ID", Switch{&S::http_x_smg_routing_key},
       "Send the conversation id as X-SMG-Routing-Key as well."},
      {"AIPERF_HTTP_X_SESSION_ID_FROM_CORRELATION_ID", Switch{&S::http_x_session_id},
       "Send the conversation id as X-Session-ID as well."},
      {"AIPERF_METRICS_SPILL_DIR", Text{&S::metrics_spill_dir},
       "Directory of the statistics spill file (default: $TMPDIR, else /tmp)."},
      {"AIPERF_METRICS_SPILL_SAMPLES", WholeNumber{&S::metrics_spill_samples, 1, SIZE_MAX / 2, "of samples"},
       "Samples per metric held in memory before they are sorted and spilled (request lives: a quarter, "
       "slice records: a sixty-fourth)."},
      {"AIPERF_METRICS_OSL_MISMATCH_PCT_THRESHOLD", Number{&S::metrics_osl_mismatch_pct, 0, false, {}, "percent"},
       "osl_mismatch_count: an output off the requested length by more than this share of it, or by the "
       "token cap below when that is smaller, counts."},
      {"AIPERF_METRICS_OSL_MISMATCH_MAX_TOKEN_THRESHOLD",
       Number{&S::metrics_osl_mismatch_max_tokens, 0, false, {}, "tokens"},
       "osl_mismatch_count: the most tokens the tolerance may be."},
      {"AIPERF_METRICS_USAGE_PCT_DIFF_THRESHOLD", Number{&S::metrics_usage_pct_diff, 0, false, {}, "percent"},
       "Server usage counts off the client's by more than this count in usage_discrepancy_count."},
      {"AIPERF_DEV_MODE", Switch{&S::dev_mode}, "Developer mode: needed by the two switches below."},
      {"AIPERF_DEV_SHOW_EXPERIMENTAL_METRICS", Switch{&S::dev_show_experimental_metrics},
       "With AIPERF_DEV_MODE: compute and show experimental metrics."},
      {"AIPERF_DEV_SHOW_INTERNAL_METRICS", Switch{&S::dev_show_internal_metrics},
       "With AIPERF_DEV_MODE: compute and show internal metrics."},
      {"AIPERF_TIMING_MAX_CATCHUP_SECONDS", Number{&S::timing_max_catchup_s, 0, false, {}, "seconds"},
       "Open loop: arrivals overdue by more than this after a client stall are dropped, not sent in a burst."},
      {"AIPERF_DAG_FAIL_FAST", Switch{&S::dag_fail_fast},
       "Agentic (DAG) traces: stop the run, exit 1, at the first failed child request instead of going on."},
      {"AIPERF_DATASET_CACHE_DIR", Text{&S::dataset_cache_dir},
       "Directory searched first for public dataset files (docs/datasets.md)."},
      {"AIPERF_DATASET_TRACELAB_MIN_SPAWN_MS", Number{&S::dataset_tracelab_min_spawn_ms, 0, false, {}, "milliseconds"},
       "tracelab: the shortest wait of a parent session inside which another session counts as its sub-agent."},
      {"AIPERF_DATASET_TRACELAB_SUBAGENT_JOIN", Switch{&S::dataset_tracelab_subagent_join},
       "tracelab: link sub-agent sessions to their parents (false: every session is a root)."},
      {"AIPERF_DATASET_BASETEN_SESSION_COLUMN", Text{&S::dataset_baseten_session_column},
       "baseten_trace: the Parquet column holding session ids (default provided_session_id)."},
      {"AIPERF_SERVER_METRICS_COLLECTION_INTERVAL",
       Number{&S::server_metrics_interval_s, 0.01, false, 3600.0, "seconds"},
       "Seconds between scrapes of each server's Prometheus /metrics."},
      {"AIPERF_GPU_COLLECTION_INTERVAL", Number{&S::gpu_collection_interval_s, 0.01, false, 3600.0, "seconds"},
       "Seconds between GPU telemetry samples (DCGM exporters, NVML)."},
      {"AIPERF_UI_CONSOLE_EXPORT_WIDTH", WholeNumber{&S::ui_console_export_width, 1, 100000, "of columns"},
       "Width of profile_export_console.txt."},
      {"AIPERF_RECORD_BACKLOG_LIMIT", WholeNumber{&S::record_backlog_limit, 1, uint64_t(1) << 20, "of records"},
       "Records a worker may have waiting for the record thread before it holds its next sends."},
  };
  return rows;
}

std::string number_text(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

std::string accepts(const Kind& kind) {
  if (const auto* w = std::get_if<WholeNumber>(&kind)) {
    std::string unit = *w->unit ? std::string(w->unit) + " " : "";
    return "a whole number " + unit + "from " + std::to_string(w->lowest) + " to " + std::to_string(w->highest);
  }
  if (const auto* n = std::get_if<Number>(&kind)) {
    std::string text = std::string(n->unit) + (n->lowest_excluded ? " > " : " >= ") + number_text(n->lowest);
    if (n->highest) text += " (at most " + number_text(*n->highest) + ")";
    return text;
  }
  if (std::holds_alternative<Switch>(kind)) return "1/true/yes/on or 0/false/no/off";
  return "any text";
}

std::string default_text(const Kind& kind) {
  if (const auto* w = std::get_if<WholeNumber>(&kind)) return std::to_string(kDefaults.*(w->field));
  if (const auto* n = std::get_if<Number>(&kind)) return number_text(kDefaults.*(n->field));
  if (const auto* s = std::get_if<Switch>(&kind)) return kDefaults.*(s->field) ? "true" : "false";
  return "";
}

[[noreturn]] void refuse(const EnvVariable& v, const std::string& text) {
  throw ConfigError(std::string(v.name) + ": expected " + accepts(v.kind) + ", got '" + text + "'");
}

void apply(const EnvVariable& v, const std::string& text, EnvSettings& s) {
  if (const auto* w = std::get_if<WholeNumber>(&v.kind)) {
    char* end = nullptr;
    errno = 0;
    const unsigned long long n = std::strtoull(text.c_str(), &end, 10);
    // strtoull takes a sign and leading blanks; a setting takes digits only.
    if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno == ERANGE || n < w->lowest || n > w->highest)
      refuse(v, text);
    s.*(w->field) = n;
  } else if (const auto* n = std::get_if<Number>(&v.kind)) {
    char* end = nullptr;
    const double d = std::strtod(text.c_str(), &end);
    const bool low_ok = n->lowest_excluded ? d > n->lowest : d >= n->lowest;
    if (end == text.c_str() || *end != '\0' || !std::isfinite(d) || !low_ok || (n->highest && d > *n->highest))
      refuse(v, text);
    s.*(n->field) = d;
  } else if (const auto* b = std::get_if<Switch>(&v.kind)) {
    s.*(b->field) = parse_env_switch(v.name, text);
  } else {
    s.*(std::get<Text>(v.kind).field) = text;
  }
}

// The subsystems the table reads: an unknown name under one of them is worth a warning.
std::vector<std::string> known_prefixes() {
  std::vector<std::string> out;
  for (const EnvVariable& v : table()) {
    std::string name = v.name;
    const size_t second = name.find('_', name.find('_') + 1);
    std::string prefix = name.substr(0, second + 1);
    bool seen = false;
    for (const std::string& p : out) seen = seen || p == prefix;
    if (!seen) out.push_back(prefix);
  }
  return out;
}


EnvSettings& current() {
  static EnvSettings settings = read_env_settings(process_environment());
  return settings;
}

}  // namespace

bool parse_env_switch(std::string_view name, std::string_view text) {
  std::string v(text);
  for (char& c : v) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (v == "1" || v == "true" || v == "yes" || v == "on") return true;
  if (v == "0" || v == "false" || v == "no" || v == "off") return false;
  throw ConfigError(std::string(name) + ": expected 1/true/yes/on or 0/false/no/off, got '" + std::string(text) + "'");
}

const std::vector<EnvVariableInfo>& env_variable_reference() {
  static const std::vector<EnvVariableInfo> rows = [] {
    std::vector<EnvVariableInfo> out;
    for (const EnvVariable& v : table()) out.push_back({v.name, accepts(v.kind), default_text(v.kind), v.meaning});
    return out;
  }();
  return rows;
}

EnvSettings read_env_settings(const EnvLookup& lookup) {
  EnvSettings s;
  for (const EnvVariable& v : table()) {
    const std::optional<std::string> text = lookup(v.name);
    if (text && !text->empty()) apply(v, *text, s);
  }
  return s;
}

const EnvSettings& env_settings() { return current(); }

void load_env_settings() {
  EnvSettings& s = current();  // the first call reads, and throws, here
  s = read_env_settings(process_environment());
}

std::vector<UnknownEnvVariable> unknown_env_variables(const std::vector<std::string>& names_set) {
  std::vector<std::string> known;
  for (const EnvVariable& v : table()) known.emplace_back(v.name);
  const std::vector<std::string> prefixes = known_prefixes();
  std::vector<UnknownEnvVariable> out;
  for (const std::string& name : names_set) {
    bool under_known = false, is_known = false;
    for (const std::string& p : prefixes) under_known = under_known || name.rfind(p, 0) == 0;
    for (const std::string& k : known) is_known = is_known || k == name;
    if (under_known && !is_known) out.push_back({name, nearest_name(name, known, 3)});
  }
  return out;
}

std::vector<std::string> environment_names() {
  std::vector<std::string> out;
  for (char** e = environ; e && *e; ++e) {
    std::string_view entry(*e);
    out.emplace_back(entry.substr(0, entry.find('=')));
  }
  return out;
}

EnvLookup process_environment() {
  return [](const std::string& name) -> std::optional<std::string> {
    const char* v = std::getenv(name.c_str());
    return v ? std::optional<std::string>(v) : std::nullopt;
  };
}

}  // namespace aiperf
