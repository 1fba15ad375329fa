#include "cluster/aiperf_job_file.h"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <optional>
#include <sstream>

#include "config/profile_config.h"

namespace aiperf {

namespace {

std::string file_line(const std::string& path, const YAML::Mark& mark) {
  return mark.line < 0 ? path : path + ":" + std::to_string(mark.line + 1);
}

std::string lowered_key(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '-' || c == '_') continue;
    out += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return out;
}

// `${VAR}` alone is resolved from the pod's environment (a Secret through env), not a secret.
bool is_env_reference(const std::string& v) {
  return v.size() > 3 && v.rfind("${", 0) == 0 && v.back() == '}' && v.find('}') == v.size() - 1;
}

bool url_has_password(const std::string& v) {
  const size_t scheme = v.find("://");
  if (scheme == std::string::npos) return false;
  const size_t host_end = v.find_first_of("/?#", scheme + 3);
  const std::string authority = v.substr(scheme + 3, host_end == std::string::npos ? std::string::npos : host_end - scheme - 3);
  const size_t at = authority.rfind('@');
  return at != std::string::npos && authority.substr(0, at).find(':') != std::string::npos;
}

void reject_literal_secrets(const YAML::Node& node, const std::string& path) {
  const std::string hint = "; the file is stored in a ConfigMap, which is not a Secret: use --api-key-secret NAME[:KEY]";
  if (node.IsMap()) {
    for (const auto& entry : node) {
      const std::string key = entry.first.IsScalar() ? lowered_key(entry.first.Scalar()) : "";
      const bool secret_key = key == "apikey" || key == "xapikey" || key == "authorization";
      if (secret_key && entry.second.IsScalar() && !entry.second.Scalar().empty() &&
          !is_env_reference(entry.second.Scalar()))
        throw ConfigError(file_line(path, entry.first.Mark()) + ": '" + entry.first.Scalar() + "' holds a literal secret" + hint);
      reject_literal_secrets(entry.second, path);
    }
  } else if (node.IsSequence()) {
    for (const YAML::Node& item : node) reject_literal_secrets(item, path);
  } else if (node.IsScalar() && url_has_password(node.Scalar())) {
    throw ConfigError(file_line(path, node.Mark()) + ": a URL with a password" + hint);
  } else if (node.IsScalar()) {
    // `headers: ["Authorization: Bearer ..."]` and --header style strings.
    const std::string lower = lowered_key(node.Scalar().substr(0, node.Scalar().find(':')));
    const bool from_env = node.Scalar().find("${") != std::string::npos;
    if (node.Scalar().find(':') != std::string::npos && !from_env &&
        (lower == "authorization" || lower == "xapikey" || lower == "apikey"))
      throw ConfigError(file_line(path, node.Mark()) + ": a literal '" + node.Scalar().substr(0, node.Scalar().find(':')) +
                        "' header" + hint);
  }
}

// Re-emits a node keeping what a reader sees: a quoted scalar stays a string ("16" is not 16),
// a flow collection stays on one line. Comments of a custom resource are not kept.
void emit(YAML::Emitter& out, const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map:
      if (node.Style() == YAML::EmitterStyle::Flow) out << YAML::Flow;
      out << YAML::BeginMap;
      for (const auto& entry : node) {
        out << YAML::Key;
        emit(out, entry.first);
        out << YAML::Value;
        emit(out, entry.second);
      }
      out << YAML::EndMap;
      break;
    case YAML::NodeType::Sequence:
      if (node.Style() == YAML::EmitterStyle::Flow) out << YAML::Flow;
      out << YAML::BeginSeq;
      for (const YAML::Node& item : node) emit(out, item);
      out << YAML::EndSeq;
      break;
    case YAML::NodeType::Scalar: {
      // yaml-cpp tags a quoted or block scalar "!", a plain one "?"; an explicit !!str is a string too.
      const bool string_only = node.Tag() == "!" || node.Tag() == "tag:yaml.org,2002:str";
      if (node.Scalar().find('\n') != std::string::npos) out << YAML::Literal;
      else if (string_only) out << YAML::DoubleQuoted;
      out << node.Scalar();
      break;
    }
    default:
      out << YAML::Null;
  }
}

std::optional<YAML::Node> find_key(const YAML::Node& map, std::initializer_list<const char*> names) {
  for (const auto& entry : map)
    for (const char* n : names)
      if (entry.first.IsScalar() && entry.first.Scalar() == n) return entry.second;
  return std::nullopt;
}

std::string scalar_at(const YAML::Node& map, const char* key) {
  const YAML::Node value = map[key];
  return value && value.IsScalar() ? value.Scalar() : std::string();
}

BenchmarkFile from_custom_resource(const YAML::Node& root, const std::string& kind, const std::string& path) {
  BenchmarkFile out;
  out.kind = kind;
  const YAML::Node metadata = root["metadata"];
  if (metadata && metadata.IsMap()) {
    out.name = scalar_at(metadata, "name");
    out.namespace_ = scalar_at(metadata, "namespace");
  }
  const YAML::Node spec = root["spec"];
  if (!spec || !spec.IsMap()) throw ConfigError(file_line(path, root.Mark()) + ": " + kind + " has no spec mapping");
  const YAML::Node benchmark = spec["benchmark"];
  if (!benchmark || !benchmark.IsMap())
    throw ConfigError(file_line(path, spec.Mark()) + ": " + kind + " spec.benchmark is missing (the benchmark body, as under "
                      "benchmark: in an aiperf YAML)");
  const YAML::Node sweep = spec["sweep"];
  if (kind == "AIPerfJob" && sweep)
    throw ConfigError(file_line(path, sweep.Mark()) + ": an AIPerfJob has no spec.sweep (upstream rejects it too); make it an "
                      "AIPerfSweep");
  if (kind == "AIPerfSweep" && (!sweep || !sweep.IsMap()))
    throw ConfigError(file_line(path, spec.Mark()) + ": an AIPerfSweep needs a spec.sweep mapping");
  out.image = scalar_at(spec, "image");

  // The envelope `aiperf profile --config` reads, in its usual order.
  YAML::Emitter emitter;
  emitter << YAML::BeginMap;
  const auto copy = [&](std::initializer_list<const char*> names, const char* as) {
    if (const std::optional<YAML::Node> v = find_key(spec, names)) {
      emitter << YAML::Key << as << YAML::Value;
      emit(emitter, *v);
    }
  };
  copy({"schemaVersion", "schema_version"}, "schemaVersion");
  copy({"randomSeed", "random_seed"}, "random_seed");
  copy({"variables"}, "variables");
  copy({"benchmark"}, "benchmark");
  copy({"sweep"}, "sweep");
  copy({"multiRun", "multi_run"}, "multi_run");
  emitter << YAML::EndMap;
  if (!emitter.good()) throw ConfigError(path + ": could not write its spec back as YAML: " + emitter.GetLastError());

  const std::initializer_list<const char*> used = {"schemaVersion", "schema_version", "randomSeed", "random_seed",
                                                   "variables",     "benchmark",      "sweep",      "multiRun",
                                                   "multi_run",     "image"};
  for (const auto& entry : spec) {
    bool known = false;
    for (const char* u : used) known = known || entry.first.Scalar() == u;
    if (!known) out.ignored.push_back("spec." + entry.first.Scalar());
  }
  out.yaml = "# " + kind + " " + (out.name.empty() ? std::string("(unnamed)") : out.name) + " from " + path +
             ": its spec as an aiperf configuration\n" + std::string(emitter.c_str()) + "\n";
  return out;
}

}  // namespace

BenchmarkFile parse_benchmark_file(const std::string& text, const std::string& path) {
  std::vector<YAML::Node> documents;
  try {
    documents = YAML::LoadAll(text);
  } catch (const YAML::Exception& e) {
    throw ConfigError(file_line(path, e.mark) + ": not valid YAML: " + e.msg);
  }
  std::vector<YAML::Node> present;
  for (const YAML::Node& d : documents)
    if (d && !d.IsNull()) present.push_back(d);
  if (present.empty()) throw ConfigError(path + ": the file is empty");
  if (present.size() > 1)
    throw ConfigError(file_line(path, present[1].Mark()) + ": one YAML document expected, found " +
                      std::to_string(present.size()));
  const YAML::Node& root = present.front();
  if (!root.IsMap()) throw ConfigError(file_line(path, root.Mark()) + ": the top level must be a mapping");
  reject_literal_secrets(root, path);

  const std::string kind = scalar_at(root, "kind");
  const std::string api_version = scalar_at(root, "apiVersion");
  if (kind.empty() && api_version.empty()) return {"aiperf", text, "", "", "", {}};
  if (api_version.rfind("aiperf.nvidia.com/", 0) != 0 || (kind != "AIPerfJob" && kind != "AIPerfSweep"))
    throw ConfigError(file_line(path, root.Mark()) + ": kind '" + kind + "' (apiVersion '" + api_version +
                      "') is neither an aiperf configuration nor an aiperf.nvidia.com AIPerfJob or AIPerfSweep");
  return from_custom_resource(root, kind, path);
}

BenchmarkFile read_benchmark_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path + ": cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_benchmark_file(text.str(), path);
}

}  // namespace aiperf
