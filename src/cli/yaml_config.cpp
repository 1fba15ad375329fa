#include "cli/yaml_config.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>

#include "common/edit_distance.h"
#include "config/profile_config.h"
#include "config/template_expression.h"

namespace aiperf {
namespace {

const char* const kEnvelopeKeys[] = {"schema_version", "benchmark", "sweep",          "multi_run",
                                     "variables",      "random_seed", "no_sweep_table", "plot"};

// Sections and keys of upstream's body that aiperf-cpp knows but whose feature has not landed.
struct LaterKey {
  const char* path;
  const char* owner;
};
const LaterKey kLaterKeys[] = {
    {"metrics", "a metrics section is not built: metrics follow the endpoint, goodput is --goodput"},
    {"backend", "upstream's in-process simulator; not planned"},
    {"endpoint.template", "not built: give the template endpoint's body as --extra-inputs payload_template"},
    {"dataset.records", "inline records are not built: put them in a file named by dataset.path"},
    {"dataset.source", "not built: name the data with dataset.path or dataset.public_name"},
    {"dataset.augment", "dataset augmentation is not built"},
    {"artifacts.user_files", "issue 23: agentic benchmarks and server hooks"},
    {"runtime.workers_min", "a worker minimum: workers are threads sized by --workers-max"},
    {"runtime.record_processors", "upstream's record-processor services: one record thread per process here"},
    {"runtime.service_run_type", "upstream's service layout: shard with runtime.num_shards instead"},
    {"runtime.communication", "upstream's internal message bus, which aiperf-cpp does not have"},
    {"runtime.api_port", "the HTTP/WebSocket progress API is not built"},
    {"runtime.api_host", "the HTTP/WebSocket progress API is not built"},
    {"runtime.dataset_api_base_url", "issue 22: cluster runs"},
    {"runtime.workers_per_pod", "issue 22: cluster runs"},
    {"runtime.record_processors_per_pod", "issue 22: cluster runs"},
};

// Phase keys besides the options': the phase's identity and the ones checked here.
const char* const kPhaseKeys[] = {"name", "kind", "type", "exclude_from_results", "seamless", "sla", "dataset",
                                  "timing_mode"};
const char* const kPhaseTypes[] = {"concurrency", "poisson", "constant", "gamma", "user_centric", "fixed_schedule"};
const char* const kDatasetKeys[] = {"name", "type"};
// dataset_distribution_keys().
const char* const kDatasetDistributions[] = {"prompts.isl",  "prompts.osl",       "turns",
                                             "turn_delay",   "images.width",      "images.height",
                                             "audio.length", "rankings.passages", "rankings.query_tokens",
                                             "rankings.passage_tokens"};
// Maps whose keys are the user's own (header names, body fields, metric tags, variables).
const char* const kFreeMaps[] = {"endpoint.headers", "endpoint.extra", "slos"};

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// camelCase -> snake_case; snake_case is unchanged.
std::string snake(const std::string& key) {
  std::string out;
  for (size_t i = 0; i < key.size(); ++i) {
    const char c = key[i];
    if (std::isupper(static_cast<unsigned char>(c))) {
      if (i > 0 && key[i - 1] != '_') out += '_';
      out += char(std::tolower(static_cast<unsigned char>(c)));
    } else {
      out += c;
    }
  }
  return out;
}

// The nearest valid key: within three edits, or one that the key begins (bench -> benchmark).
std::string suggest(const std::string& key, const std::vector<std::string>& known) {
  std::string near = nearest_name(key, known, 3);
  if (near.empty() && key.size() >= 3)
    for (const std::string& k : known)
      if (k.rfind(key, 0) == 0) return k;
  return near;
}

bool is_free_map(const std::string& path) {
  for (const char* p : kFreeMaps)
    if (path == p) return true;
  return false;
}

bool is_body_key(const std::string& key);

class Loader {
 public:
  explicit Loader(YamlConfig& c) : c_(c) {}

  [[noreturn]] void fail(YamlMark at, const std::string& what) const {
    throw ConfigError(yaml_location(c_.file, at) + ": " + what);
  }

  // Rewrites every key to snake_case, except inside the user's own maps; two spellings of one
  // key are an error.
  void snake_keys(YamlNode& node, const std::string& path) {
    if (node.is_sequence()) {
      for (YamlNode& item : node.items) snake_keys(item, path);
      return;
    }
    if (!node.is_map() || is_free_map(path) || path == "variables") return;
    std::set<std::string> seen;
    for (YamlEntry& e : node.entries) {
      e.key = snake(e.key);
      if (!seen.insert(e.key).second) fail(e.key_mark, "key '" + e.key + "' is given twice (snake_case and camelCase)");
      // Paths are the body's: benchmark.endpoint.headers is endpoint.headers.
      snake_keys(e.value, path.empty() || path == "benchmark" ? e.key : path + "." + e.key);
    }
  }

  void split_envelope(YamlNode& root) {
    if (root.is_null()) fail(root.mark, "the file is empty");
    if (!root.is_map()) fail(root.mark, "the top level must be a mapping (schemaVersion, benchmark, ...)");
    snake_keys(root, "");
    YamlNode body = YamlNode::make_map(root.mark);
    bool has_benchmark = root.find("benchmark") != nullptr;
    for (YamlEntry& e : root.entries) {
      const std::string& k = e.key;
      if (k == "benchmark") {
        if (!e.value.is_map()) fail(e.value.mark, "benchmark: must be a mapping");
        for (YamlEntry& b : e.value.entries) {
          if (body.find_entry(b.key)) fail(b.key_mark, "'" + b.key + "' is given both inside and outside benchmark:");
          body.entries.push_back(b);
        }
      } else if (k == "schema_version") {
        if (!e.value.is_scalar() || (e.value.scalar != "2.0" && e.value.scalar != "2"))
          fail(e.value.mark, "schemaVersion: only \"2.0\" is known (got '" + e.value.scalar + "')");
      } else if (k == "variables") {
        if (!e.value.is_map() && !e.value.is_null()) fail(e.value.mark, "variables: must be a mapping of name: value");
        c_.variables = e.value;
      } else if (k == "sweep") {
        c_.sweep = e.value;
      } else if (k == "multi_run") {
        c_.multi_run = e.value;
      } else if (k == "plot") {
        c_.plot = e.value;
      } else if (k == "random_seed") {
        c_.random_seed = e.value;
      } else if (k == "no_sweep_table") {
        if (!yaml_bool(e.value)) fail(e.value.mark, "no_sweep_table: expected true or false");
        c_.no_sweep_table = *yaml_bool(e.value);
      } else {
        // Upstream's legacy flat form puts the body at the top level (§6.1); a misspelt envelope
        // key is still named as one.
        std::vector<std::string> envelope(std::begin(kEnvelopeKeys), std::end(kEnvelopeKeys));
        if (!has_benchmark && !is_body_key(k) && !suggest(k, envelope).empty())
          fail(e.key_mark, "unknown key '" + k + "' (did you mean '" + suggest(k, envelope) + "'?)");
        if (has_benchmark) {
          std::vector<std::string> known(std::begin(kEnvelopeKeys), std::end(kEnvelopeKeys));
          const std::string near = suggest(k, known);
          fail(e.key_mark, "unknown key '" + k + "'" + (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                               "; the top level takes " + join(known));
        }
        if (body.find_entry(k)) fail(e.key_mark, "duplicate key '" + k + "'");
        body.entries.push_back(e);
      }
    }
    if (!has_benchmark && !body.entries.empty())
      c_.warnings.push_back(c_.file + ": no benchmark: section; reading the top level as the body (legacy flat form)");
    c_.body = std::move(body);
  }

  static std::string join(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) (out.empty() ? out : out += ", ") += n;
    return out;
  }

  void normalize(YamlNode& body, bool partial) {
    if (!body.is_map()) fail(body.mark, "benchmark: must be a mapping");
    normalize_models(body);
    if (YamlNode* t = body.find("tokenizer"); t && t->is_scalar()) {
      YamlNode name = *t;
      *t = YamlNode::make_map(name.mark);
      t->set("name", name);
    }
    if (YamlNode* e = body.find("endpoint"); e && e->is_map()) {
      if (const YamlEntry* url = e->find_entry("url")) {
        if (e->find("urls")) fail(url->key_mark, "endpoint: give url or urls, not both");
        YamlNode v = url->value;
        const YamlMark km = url->key_mark;
        e->erase("url");
        e->set("urls", v, km);
      }
    }
    normalize_dataset(body, partial);
    normalize_phases(body, partial);
  }

  void normalize_models(YamlNode& body) {
    if (const YamlEntry* m = body.find_entry("model")) {
      if (body.find("models")) fail(m->key_mark, "give model or models, not both");
      YamlNode v = m->value;
      const YamlMark km = m->key_mark;
      body.erase("model");
      body.set("models", v, km);
    }
    YamlNode* models = body.find("models");
    if (!models) return;
    if (models->is_scalar() || models->is_sequence()) {
      YamlNode items = *models;
      *models = YamlNode::make_map(items.mark);
      models->set("items", items, items.mark);
    }
    if (!models->is_map()) fail(models->mark, "models: expected a name, a list of names or {strategy, items}");
    if (YamlNode* items = models->find("items"); items && items->is_sequence())
      for (YamlNode& item : items->items) {
        if (!item.is_map()) continue;
        for (const YamlEntry& e : item.entries)
          if (e.key != "name")
            fail(e.key_mark, "models.items: '" + e.key + "' (per-model " + e.key +
                                 ") is not supported yet by aiperf-cpp; give the model name only");
        const YamlNode* name = item.find("name");
        if (!name) fail(item.mark, "models.items: an item needs a name");
        item = *name;
      }
  }

  void normalize_dataset(YamlNode& body, bool partial) {
    if (const YamlEntry* d = body.find_entry("dataset")) {
      if (body.find("datasets")) fail(d->key_mark, "give dataset or datasets, not both");
      if (!d->value.is_map()) fail(d->value.mark, "dataset: must be a mapping");
    }
    if (const YamlEntry* ds = body.find_entry("datasets")) {
      YamlNode list = ds->value;
      const YamlMark km = ds->key_mark;
      YamlNode one;
      if (list.is_sequence()) {
        if (list.items.size() != 1)
          fail(list.mark, "datasets: exactly one dataset is supported (got " + std::to_string(list.items.size()) + ")");
        one = list.items.front();
      } else if (list.is_map()) {  // older form: {name: {...}}
        if (list.entries.size() != 1) fail(list.mark, "datasets: exactly one dataset is supported");
        one = list.entries.front().value;
        if (one.is_map() && !one.find("name"))
          one.set("name", YamlNode::make_scalar(list.entries.front().key, list.entries.front().key_mark));
      } else {
        fail(list.mark, "datasets: expected a list of datasets");
      }
      body.erase("datasets");
      body.set("dataset", one, km);
    }
    YamlNode* d = body.find("dataset");
    if (!d) return;
    if (!d->is_map()) fail(d->mark, "dataset: must be a mapping");
    for (const char* shorthand : {"isl", "osl"})
      if (const YamlEntry* e = d->find_entry(shorthand)) {
        YamlNode v = e->value;
        const YamlMark km = e->key_mark;
        d->erase(shorthand);
        YamlNode* prompts = d->find("prompts");
        if (!prompts) prompts = &d->set("prompts", YamlNode::make_map(km), km);
        if (prompts->find(shorthand)) fail(km, std::string("dataset: ") + shorthand + " is given twice");
        prompts->set(shorthand, v, km);
      }
    // A public dataset's own name: `name` is the dataset's identifier in the list form, so the
    // public name is read from `name` only for type: public (docs/config.md).
    if (const YamlNode* type = d->find("type"); type && type->is_scalar() && type->scalar == "public") {
      if (const YamlEntry* n = d->find_entry("name")) {
        YamlNode v = n->value;
        d->set("public_name", v, n->key_mark);
      }
    }
    for (const char* path : kDatasetDistributions) normalize_distribution(*d, path);
    (void)partial;
  }

  void normalize_distribution(YamlNode& dataset, const std::string& path) {
    YamlNode* node = &dataset;
    size_t start = 0;
    while (true) {
      const size_t dot = path.find('.', start);
      node = node->find(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
      if (!node) return;
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
    if (node->is_scalar() || node->is_sequence()) {  // a number (or a sweep list of numbers) is the mean
      YamlNode mean = *node;
      *node = YamlNode::make_map(mean.mark);
      node->set("mean", mean, mean.mark);
      return;
    }
    if (!node->is_map()) return;
    if (const YamlEntry* v = node->find_entry("value")) {
      YamlNode value = v->value;
      const YamlMark km = v->key_mark;
      node->erase("value");
      node->set("mean", value, km);
    }
    if (const YamlNode* type = node->find("type")) {
      if (!type->is_scalar() || type->scalar != "normal")
        fail(type->mark, "dataset." + path + ": only the normal distribution (mean, stddev) is supported by aiperf-cpp");
      node->erase("type");
    }
    for (const YamlEntry& e : node->entries)
      if (e.key != "mean" && e.key != "stddev")
        fail(e.key_mark, "dataset." + path + "." + e.key +
                             ": only {mean, stddev} distributions are supported by aiperf-cpp (not median, peaks "
                             "or points)");
  }

  static bool is_phase_field_map(const YamlNode& m) {
    for (const YamlEntry& e : m.entries)
      if (e.key == "type" || e.key == "concurrency" || e.key == "requests" || e.key == "duration" || e.key == "rate")
        return true;
    return false;
  }

  void normalize_phases(YamlNode& body, bool partial) {
    std::vector<std::pair<YamlNode, YamlMark>> phases;  // in file order
    const YamlEntry* warm = body.find_entry("warmup");
    const YamlEntry* prof = body.find_entry("profiling");
    if (warm || prof) {  // body-level warmup: / profiling: siblings
      if (const YamlEntry* p = body.find_entry("phases"))
        fail(p->key_mark, "give phases: or warmup:/profiling:, not both");
      if (warm && !prof && !partial) fail(warm->key_mark, "warmup: needs a profiling: phase");
      for (const YamlEntry* e : {warm, prof}) {
        if (!e) continue;
        YamlNode phase = e->value;
        if (!phase.is_map()) fail(phase.mark, e->key + ": must be a mapping");
        if (!phase.find("name")) phase.set("name", YamlNode::make_scalar(e->key, e->key_mark));
        phases.emplace_back(phase, e->key_mark);
      }
      body.erase("warmup");
      body.erase("profiling");
    } else if (const YamlEntry* p = body.find_entry("phases")) {
      const YamlNode& v = p->value;
      if (v.is_sequence()) {
        for (const YamlNode& item : v.items) phases.emplace_back(item, item.mark);
      } else if (v.is_map() && is_phase_field_map(v)) {  // one phase: the profiling phase
        YamlNode phase = v;
        if (!phase.find("name")) phase.set("name", YamlNode::make_scalar("profiling", p->key_mark));
        phases.emplace_back(phase, p->key_mark);
      } else if (v.is_map()) {  // older form: {name: {...}}
        for (const YamlEntry& e : v.entries) {
          YamlNode phase = e.value;
          if (!phase.is_map()) fail(phase.mark, "phases." + e.key + ": must be a mapping");
          if (!phase.find("name")) phase.set("name", YamlNode::make_scalar(e.key, e.key_mark));
          phases.emplace_back(phase, e.key_mark);
        }
      } else {
        fail(v.mark, "phases: expected a list of phases");
      }
      body.erase("phases");
    } else {
      return;
    }
    YamlNode canonical = YamlNode::make_map();
    std::set<std::string> names;
    for (auto& [phase, at] : phases) {
      if (!phase.is_map()) fail(phase.mark, "a phase must be a mapping");
      const YamlNode* name = phase.find("name");
      if (!name || !name->is_scalar()) fail(phase.mark, "a phase needs a name");
      static const std::regex kName("^[A-Za-z_][A-Za-z0-9_-]*$");
      if (!std::regex_match(name->scalar, kName))
        fail(name->mark, "phase name '" + name->scalar + "' must match ^[A-Za-z_][A-Za-z0-9_-]*$");
      static const std::regex kReserved("^(con|prn|aux|nul|com[1-9]|lpt[1-9])$", std::regex::icase);
      if (std::regex_match(name->scalar, kReserved))
        fail(name->mark, "phase name '" + name->scalar + "' is a reserved file name on Windows");
      if (!names.insert(lower(name->scalar)).second)
        fail(name->mark, "phase name '" + name->scalar + "' is used twice (names are compared ignoring case)");
      std::string kind;
      if (const YamlNode* k = phase.find("kind")) {
        if (!k->is_scalar() || (k->scalar != "warmup" && k->scalar != "profiling"))
          fail(k->mark, "phase kind must be warmup or profiling");
        kind = k->scalar;
      } else if (lower(name->scalar) == "warmup" || lower(name->scalar) == "profiling") {
        kind = lower(name->scalar);
      } else if (const YamlNode* x = phase.find("exclude_from_results"); x && yaml_bool(*x)) {
        kind = *yaml_bool(*x) ? "warmup" : "profiling";
      } else if (auto known = c_.phase_kind_by_name.find(lower(name->scalar));
                 partial && known != c_.phase_kind_by_name.end()) {
        kind = known->second;  // a scenario names a phase of the base file
      } else {
        fail(name->mark, "phase '" + name->scalar + "' needs kind: warmup or profiling");
      }
      if (const YamlNode* x = phase.find("exclude_from_results")) {
        const std::optional<bool> b = yaml_bool(*x);
        if (!b) fail(x->mark, "exclude_from_results: expected true or false");
        if (*b != (kind == "warmup"))
          fail(x->mark, "exclude_from_results: " + std::string(*b ? "true" : "false") + " contradicts kind " + kind);
      }
      if (canonical.find(kind))
        fail(name->mark, "a second " + kind + " phase ('" + name->scalar +
                             "'): aiperf-cpp runs at most one warmup and one profiling phase");
      if (kind == "warmup" && canonical.find("profiling"))
        fail(name->mark, "the warmup phase must come before the profiling phase");
      c_.phase_kind_by_name[lower(name->scalar)] = kind;
      c_.phase_order.push_back(kind);
      canonical.set(kind, phase, at);
    }
    if (!partial && !canonical.find("profiling")) fail(body.mark, "phases: at least one profiling phase is needed");
    body.set("phases", canonical);
  }

 private:
  YamlConfig& c_;
};

// ---- settings -------------------------------------------------------------------------------

struct PathIndex {
  std::set<std::string> prefixes;  // every valid key path and its parents
  PathIndex() {
    for (const OptionGroup& g : profile_option_groups())
      for (const OptionSpec& o : g.options)
        if (!o.yaml.empty()) add(std::string(o.yaml));
    for (const char* kind : {"phases.profiling.", "phases.warmup."})
      for (const char* k : kPhaseKeys) add(std::string(kind) + k);
    for (const char* k : kDatasetKeys) add(std::string("dataset.") + k);
    add("random_seed");
    for (const LaterKey& l : kLaterKeys) add(l.path);
  }
  void add(const std::string& path) {
    for (size_t dot = path.find('.'); dot != std::string::npos; dot = path.find('.', dot + 1))
      prefixes.insert(path.substr(0, dot));
    prefixes.insert(path);
  }
  std::vector<std::string> children(const std::string& parent) const {
    std::vector<std::string> out;
    const std::string prefix = parent.empty() ? "" : parent + ".";
    for (const std::string& p : prefixes)
      if (p.size() > prefix.size() && p.compare(0, prefix.size(), prefix) == 0 &&
          p.find('.', prefix.size()) == std::string::npos)
        out.push_back(p.substr(prefix.size()));
    return out;
  }
};

const PathIndex& path_index() {
  static const PathIndex kIndex;
  return kIndex;
}

bool is_body_key(const std::string& key) {
  return key == "model" || key == "dataset" || key == "datasets" || key == "warmup" || key == "profiling" ||
         path_index().prefixes.contains(key);
}

const LaterKey* later_key(const std::string& path) {
  for (const LaterKey& l : kLaterKeys)
    if (path == l.path) return &l;
  return nullptr;
}

// A rate phase whose rate adaptive scale sets needs no rate of its own.
bool adapts_rate(const YamlNode& phase) {
  const YamlNode* a = phase.find("adaptive_scale");
  const YamlNode* control = a && a->is_map() ? a->find("control") : nullptr;
  const YamlNode* variable = control && control->is_map() ? control->find("variable") : nullptr;
  return variable && variable->is_scalar() && variable->scalar == "request_rate";
}

class Flattener {
 public:
  Flattener(const YamlConfig& c, std::vector<YamlSetting>& out) : c_(c), out_(out) {}

  [[noreturn]] void fail(YamlMark at, const std::string& path, const std::string& what) const {
    throw ConfigError(yaml_location(c_.file, at) + ": " + path + ": " + what);
  }

  void walk(const YamlNode& node, const std::string& path, YamlMark key_mark) {
    if (const OptionSpec* spec = find_profile_option_by_yaml(path)) return emit(*spec, node, path, key_mark);
    if (const LaterKey* l = later_key(path)) {
      if (node.is_null() || (yaml_bool(node) && !*yaml_bool(node))) return;  // "off" asks for nothing
      fail(key_mark, path, std::string("not supported yet by aiperf-cpp (") + l->owner + ")");
    }
    if (node.is_null()) return;
    if (!node.is_map()) fail(node.mark, path, "expected a mapping with keys " + join(path_index().children(path)));
    for (const YamlEntry& e : node.entries) {
      const std::string child = path.empty() ? e.key : path + "." + e.key;
      if (!path_index().prefixes.contains(child)) {
        const std::vector<std::string> known = path_index().children(path);
        const std::string near = suggest(e.key, known);
        fail(e.key_mark, path.empty() ? std::string("benchmark") : path,
             "unknown key '" + e.key + "'" + (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                 "; valid keys: " + join(known));
      }
      walk(e.value, child, e.key_mark);
    }
  }

  void phase(const YamlNode& node, const std::string& kind, YamlMark key_mark) {
    const std::string base = "phases." + kind;
    YamlNode p = node;
    // `type` picks the load mode (§6): the options it stands for are set from it.
    std::string type = "concurrency";
    if (const YamlNode* t = p.find("type")) {
      if (!t->is_scalar() || std::find(std::begin(kPhaseTypes), std::end(kPhaseTypes), t->scalar) == std::end(kPhaseTypes))
        fail(t->mark, base + ".type", "expected one of concurrency, poisson, constant, gamma, user_centric, fixed_schedule");
      type = t->scalar;
      const YamlMark at = t->mark;
      p.erase("type");
      if (type == "poisson" || type == "constant" || type == "gamma") {
        if (!p.find("rate") && !p.find("rate_series") && !adapts_rate(p))
          fail(at, base, "type " + type + " needs rate (requests per second) or rate_series");
        p.set("arrival_pattern", YamlNode::make_scalar(type, at), at);
      } else if (type == "user_centric") {
        if (kind == "warmup") fail(at, base + ".type", "a warmup phase cannot be user_centric");
        if (const YamlEntry* r = p.find_entry("rate")) {
          YamlNode v = r->value;
          const YamlMark km = r->key_mark;
          p.erase("rate");
          p.set("user_centric_rate", v, km);
        }
      } else if (type == "fixed_schedule") {
        if (kind == "warmup") fail(at, base + ".type", "a warmup phase cannot replay a fixed schedule");
        p.set("fixed_schedule", YamlNode::make_scalar("true", at), at);
      }
    }
    for (const char* rate_only : {"rate", "rate_ramp", "rate_series"})
      if (const YamlEntry* e = p.find_entry(rate_only); e && type != "poisson" && type != "constant" && type != "gamma")
        fail(e->key_mark, base + "." + rate_only, "needs a rate phase (type: poisson, constant or gamma), not " + type);
    if (const YamlEntry* e = p.find_entry("smoothness"); e && type != "gamma")
      fail(e->key_mark, base + ".smoothness", "needs type: gamma");
    if (const YamlEntry* e = p.find_entry("users"); e && type != "user_centric")
      fail(e->key_mark, base + ".users", "needs type: user_centric");
    for (const char* fixed : {"auto_offset", "start_offset", "end_offset"})
      if (const YamlEntry* e = p.find_entry(fixed); e && type != "fixed_schedule")
        fail(e->key_mark, base + "." + fixed, "needs type: fixed_schedule");
    if (const YamlEntry* e = p.find_entry("grace_period"); e && !p.find("duration"))
      fail(e->key_mark, base + ".grace_period", "needs duration (the grace period follows it)");
    if (const YamlEntry* e = p.find_entry("seamless"); e && yaml_bool(e->value).value_or(true))
      fail(e->key_mark, base + ".seamless", "not supported yet by aiperf-cpp (phases run one after the other)");
    // Adaptive scale and its SLA filters (§5.7) belong to the profiling phase (option rows).
    if (kind == "warmup")
      for (const char* key : {"adaptive_scale", "sla"})
        if (const YamlEntry* e = p.find_entry(key); e && !(e->value.is_sequence() && e->value.items.empty()))
          fail(e->key_mark, base + "." + key, "applies to the profiling phase only");
    if (const YamlEntry* e = p.find_entry("dataset"); e && e->value.is_scalar()) {
      const YamlNode* d = c_.body.find("dataset");
      const YamlNode* dn = d ? d->find("name") : nullptr;
      if (!dn || dn->scalar != e->value.scalar)
        fail(e->value.mark, base + ".dataset", "names no dataset of this file");
    }
    if (const YamlEntry* e = p.find_entry("timing_mode"); e && kind == "warmup")
      fail(e->key_mark, base + ".timing_mode", "applies to the profiling phase only");
    for (const char* identity : {"name", "kind", "exclude_from_results", "seamless", "dataset"}) p.erase(identity);
    if (kind == "warmup") p.erase("sla");
    walk(p, base, key_mark);
  }

  void body(const YamlNode& b) {
    for (const YamlEntry& e : b.entries) {
      if (e.key == "phases") {
        for (const YamlEntry& ph : e.value.entries) phase(ph.value, ph.key, ph.key_mark);
        continue;
      }
      if (e.key == "dataset" && e.value.is_map()) {
        YamlNode d = e.value;
        std::string type = "synthetic";
        if (const YamlNode* t = d.find("type")) {
          if (!t->is_scalar() || (t->scalar != "synthetic" && t->scalar != "file" && t->scalar != "public" &&
                                  t->scalar != "composed"))
            fail(t->mark, "dataset.type", "expected synthetic, file, public or composed");
          type = t->scalar;
          if (type == "composed")
            fail(t->mark, "dataset.type", "composed datasets are not supported yet by aiperf-cpp (one dataset per run)");
        }
        if (type == "file" && !d.find("path")) fail(d.mark, "dataset", "type: file needs path");
        if (type == "public" && !d.find("public_name")) fail(d.mark, "dataset", "type: public needs name");
        d.erase("type");
        d.erase("name");
        if (const YamlEntry* seed = d.find_entry("random_seed")) {  // a dataset's own seed is the run's seed
          if (c_.random_seed || b.find("random_seed"))
            fail(seed->key_mark, "dataset.random_seed", "the seed is also given at the top level");
          walk(seed->value, "random_seed", seed->key_mark);
          d.erase("random_seed");
        }
        walk(d, "dataset", e.key_mark);
        continue;
      }
      if (e.key == "random_seed" && c_.random_seed)
        fail(e.key_mark, "random_seed", "given both in the envelope and in the body");
      const std::string path = e.key;
      if (!path_index().prefixes.contains(path)) {
        std::vector<std::string> known = path_index().children("");
        const std::string near = suggest(e.key, known);
        fail(e.key_mark, "benchmark", "unknown key '" + e.key + "'" + (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                                          "; valid keys: " + join(known));
      }
      walk(e.value, path, e.key_mark);
    }
    if (c_.random_seed) walk(*c_.random_seed, "random_seed", c_.random_seed->mark);
  }

 private:
  static std::string join(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) (out.empty() ? out : out += ", ") += n;
    return out;
  }

  std::string scalar_value(const OptionSpec& spec, const YamlNode& n, const std::string& path) const {
    if (!n.is_scalar()) fail(n.mark, path, "expected a single value");
    std::string text = n.scalar;
    // Durations may carry a unit (§6: "30s", "2m", "1h").
    if (spec.metavar == "SECONDS" || spec.metavar == "SEC") {
      std::optional<std::string> seconds = yaml_duration_seconds(text);
      if (!seconds) fail(n.mark, path, "'" + text + "' is not a duration (seconds, or a number with s, m or h)");
      text = *seconds;
    }
    return text;
  }

  void emit(const OptionSpec& spec, const YamlNode& node, const std::string& path, YamlMark key_mark) {
    if (node.is_null()) return;  // null: not set
    YamlSetting s;
    s.option = &spec;
    s.where = yaml_location(c_.file, node.mark.line ? node.mark : key_mark) + ": " + path;
    const std::string canonical = spec.canonical_name();
    if (std::holds_alternative<bool RawFlags::*>(spec.sink)) {
      const std::optional<bool> b = yaml_bool(node);
      if (!b) fail(node.mark, path, "expected true or false");
      s.flag = *b;
    } else if (canonical == "--goodput") {
      if (!node.is_map()) fail(node.mark, path, "expected a mapping of metric tag: threshold");
      for (const YamlEntry& e : node.entries) {
        if (!e.value.is_scalar()) fail(e.value.mark, path + "." + e.key, "expected a number");
        s.values.push_back(e.key + ":" + e.value.scalar);
      }
    } else if (canonical == "--seq-dist") {
      if (!node.is_sequence()) fail(node.mark, path, "expected a list of {isl, osl, probability}");
      nlohmann::ordered_json pairs = nlohmann::ordered_json::array();
      for (const YamlNode& item : node.items) {
        if (!item.is_map()) fail(item.mark, path, "expected {isl, isl_stddev, osl, osl_stddev, probability}");
        nlohmann::ordered_json p = nlohmann::ordered_json::object();
        for (const YamlEntry& e : item.entries) {
          if (e.key != "isl" && e.key != "isl_stddev" && e.key != "osl" && e.key != "osl_stddev" && e.key != "probability")
            fail(e.key_mark, path, "unknown key '" + e.key + "' (isl, isl_stddev, osl, osl_stddev, probability)");
          p[e.key == "probability" ? "prob" : e.key] = yaml_to_json(e.value);
        }
        pairs.push_back(p);
      }
      s.values.push_back(nlohmann::ordered_json{{"pairs", pairs}}.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
    } else if (std::holds_alternative<std::vector<std::string> RawFlags::*>(spec.sink)) {
      if (node.is_map()) {
        s.values.push_back(yaml_to_json(node).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));  // -H / --extra-inputs take one JSON object
      } else if (node.is_sequence()) {
        for (const YamlNode& item : node.items)
          s.values.push_back(item.is_scalar() ? scalar_value(spec, item, path) : yaml_to_json(item).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
      } else {
        s.values.push_back(scalar_value(spec, node, path));
      }
    } else if (node.is_sequence()) {
      if (spec.sweepable || path.ends_with(".mean") || path.ends_with("cancellation.rate"))
        fail(node.mark, path,
             "a list of values defines a sweep, run one variation per value (`aiperf config expand` shows them)");
      fail(node.mark, path, "expected a single value, not a list");
    } else if (node.is_map()) {
      // A ramp may be {duration, strategy}; only the linear strategy exists here.
      if (spec.metavar == "MAPPING") {  // adaptive_scale: the conversion reads the whole block
        s.values.push_back(yaml_to_json(node).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
      } else if (path.ends_with("_ramp")) {
        const YamlNode* d = node.find("duration");
        if (!d) fail(node.mark, path, "a ramp needs duration");
        if (const YamlNode* st = node.find("strategy"); st && st->scalar != "linear")
          fail(st->mark, path + ".strategy", "only the linear ramp is supported by aiperf-cpp");
        for (const YamlEntry& e : node.entries)
          if (e.key != "duration" && e.key != "strategy")
            fail(e.key_mark, path, "unknown key '" + e.key + "' (duration, strategy)");
        s.values.push_back(scalar_value(spec, *d, path + ".duration"));
      } else {
        fail(node.mark, path, "expected a single value, not a mapping");
      }
    } else {
      s.values.push_back(scalar_value(spec, node, path));
    }
    out_.push_back(std::move(s));
  }

  const YamlConfig& c_;
  std::vector<YamlSetting>& out_;
};

void render(YamlNode& node, const TemplateVariables& vars, const std::string& file) {
  switch (node.kind) {
    case YamlNode::Kind::scalar:
      if (has_template(node.scalar)) {
        bool whole = false;
        try {
          const TemplateValue v = render_template(node.scalar, vars, whole);
          node.scalar = template_value_text(v);
          // "{{ expr }}" alone takes the expression's type, as a number or a string (§6).
          if (whole) node.quoted = std::holds_alternative<std::string>(v);
        } catch (const TemplateError& e) {
          throw ConfigError(yaml_location(file, node.mark) + ": " + e.what());
        }
      }
      break;
    case YamlNode::Kind::sequence:
      for (YamlNode& item : node.items) render(item, vars, file);
      break;
    case YamlNode::Kind::map:
      for (YamlEntry& e : node.entries) render(e.value, vars, file);
      break;
    case YamlNode::Kind::null:
      break;
  }
}

// Variables may use earlier ones ({{ }} inside a variable's value).
TemplateVariables template_variables(const YamlNode& variables, const std::string& file) {
  TemplateVariables vars;
  if (!variables.is_map()) return vars;
  for (const YamlEntry& e : variables.entries) {
    YamlNode v = e.value;
    render(v, vars, file);
    if (v.is_null()) {  // `name:` or an empty ${VAR:}: the empty string
      vars[e.key] = std::string();
      continue;
    }
    if (!v.is_scalar()) throw ConfigError(yaml_location(file, v.mark) + ": variables." + e.key + ": expected a single value");
    vars[e.key] = v.quoted ? TemplateValue(v.scalar) : template_value_of_text(v.scalar);
  }
  return vars;
}

}  // namespace

void render_yaml_templates(YamlNode& node, const YamlNode& variables, const std::string& file) {
  render(node, template_variables(variables, file), file);
}

std::optional<std::string> yaml_duration_seconds(const std::string& text) {
  static const std::regex kDuration(R"(^\s*([0-9]+(?:\.[0-9]+)?)\s*(s|sec|m|min|h|hr|hour)?\s*$)");
  std::smatch m;
  if (text == "inf" || text == "infinity") return text;
  if (!std::regex_match(text, m, kDuration)) {
    // Let the option's own parser judge anything else that looks numeric (1e3, -1).
    if (!text.empty() && (std::isdigit(static_cast<unsigned char>(text[0])) || text[0] == '-' || text[0] == '.'))
      return text;
    return std::nullopt;
  }
  const std::string unit = m[2].str();
  if (unit.empty() || unit == "s" || unit == "sec") return m[1].str();
  const double factor = (unit == "m" || unit == "min") ? 60 : 3600;
  return template_value_text(std::stod(m[1].str()) * factor);
}

void normalize_yaml_body(YamlNode& body, YamlConfig& config, bool partial) { Loader(config).normalize(body, partial); }

YamlConfig parse_yaml_config(std::string_view text, const std::string& file, const EnvLookup& env) {
  YamlConfig c;
  c.file = file;
  YamlNode root = parse_yaml(text, file, env);
  Loader loader(c);
  loader.split_envelope(root);
  loader.normalize(c.body, false);
  apply_plot_envelope(c);
  return c;
}

std::span<const char* const> dataset_distribution_keys() { return kDatasetDistributions; }

YamlConfig load_yaml_config(const std::string& path, const EnvLookup& env) {
  YamlConfig c;
  c.file = path;
  YamlNode root = read_yaml_file(path, env);
  Loader loader(c);
  loader.split_envelope(root);
  loader.normalize(c.body, false);
  apply_plot_envelope(c);
  return c;
}

std::vector<YamlSetting> yaml_settings(const YamlConfig& config, const YamlNode& body, const YamlNode& variables) {
  YamlNode rendered = body;
  render_yaml_templates(rendered, variables, config.file);
  YamlConfig view = config;
  view.body = rendered;
  if (view.random_seed) render_yaml_templates(*view.random_seed, variables, config.file);
  std::vector<YamlSetting> out;
  Flattener(view, out).body(rendered);
  return out;
}

void apply_yaml_settings(const std::vector<YamlSetting>& settings, RawFlags& raw, OptionSources& sources) {
  for (const YamlSetting& s : settings) {
    const OptionSpec* spec = s.option;
    // `x: false` for a switch with a --no-x partner sets the partner (force_min_tokens: false).
    if (s.flag && !*s.flag) {
      if (const OptionSpec* negation = find_profile_option("--no-" + spec->canonical_name().substr(2));
          negation && negation != spec && std::holds_alternative<bool RawFlags::*>(negation->sink)) {
        if (sources.contains(negation) || sources.contains(spec)) continue;
        raw.*std::get<bool RawFlags::*>(negation->sink) = true;
        sources[negation] = {s.where, true};
        continue;
      }
    }
    if (sources.contains(spec)) continue;  // the command line wins
    std::visit(
        [&](auto member) {
          using Member = decltype(member);
          if constexpr (std::is_same_v<Member, std::string RawFlags::*>) {
            raw.*member = s.values.empty() ? std::string() : s.values.back();
          } else if constexpr (std::is_same_v<Member, std::vector<std::string> RawFlags::*>) {
            raw.*member = s.values;
          } else if constexpr (std::is_same_v<Member, bool RawFlags::*>) {
            raw.*member = s.flag.value_or(true);
          }
        },
        spec->sink);
    sources[spec] = {s.where, true};
  }
}

// The envelope's `plot:` (its shape upstream is not pinned down; ours, docs/config.md): `true`
// or `{enabled: bool, required: bool}`, the same as artifacts.auto_plot / artifacts.plot_required,
// which win when the body also sets them.
void apply_plot_envelope(YamlConfig& config) {
  if (config.plot.is_null()) return;
  auto fail = [&](const YamlMark& at, const std::string& why) {
    throw ConfigError(yaml_location(config.file, at) + ": plot: " + why);
  };
  std::optional<bool> enabled, required;
  if (config.plot.is_scalar()) {
    enabled = yaml_bool(config.plot);
    if (!enabled) fail(config.plot.mark, "expected true, false or {enabled: bool, required: bool}");
  } else if (config.plot.is_map()) {
    for (const YamlEntry& e : config.plot.entries) {
      std::optional<bool> v = yaml_bool(e.value);
      if (e.key != "enabled" && e.key != "required") fail(e.key_mark, "unknown key '" + e.key + "' (keys: enabled, required)");
      if (!v) fail(e.value.mark, e.key + ": expected true or false");
      (e.key == "enabled" ? enabled : required) = v;
    }
  } else {
    fail(config.plot.mark, "expected true, false or {enabled: bool, required: bool}");
  }
  if (!config.body.is_map()) return;
  YamlNode* artifacts = config.body.find("artifacts");
  if (!artifacts) artifacts = &config.body.set("artifacts", YamlNode::make_map(config.plot.mark));
  if (!artifacts->is_map()) return;  // the body's own check names it
  if (enabled && !artifacts->find("auto_plot"))
    artifacts->set("auto_plot", YamlNode::make_scalar(*enabled ? "true" : "false", config.plot.mark));
  if (required && !artifacts->find("plot_required"))
    artifacts->set("plot_required", YamlNode::make_scalar(*required ? "true" : "false", config.plot.mark));
}


}  // namespace aiperf
