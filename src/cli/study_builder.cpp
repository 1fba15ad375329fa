#include "cli/study_builder.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <iostream>
#include <set>

#include "cli/number_flags.h"
#include "cli/option_table.h"
#include "cli/sweep_expansion.h"
#include "config/profile_config.h"
#include "sweep/search_planner.h"
#include "sweep/sla_filter.h"

namespace aiperf {
namespace {

struct Override {
  const OptionSpec* spec;
  std::string value;
};

std::string RawFlags::* text_member(const OptionSpec& spec) {
  auto* member = std::get_if<std::string RawFlags::*>(&spec.sink);
  return member ? *member : nullptr;
}

std::string trim(std::string s) {
  while (!s.empty() && s.front() == ' ') s.erase(s.begin());
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  for (size_t start = 0;;) {
    const size_t at = text.find(sep, start);
    out.push_back(trim(text.substr(start, at == std::string::npos ? std::string::npos : at - start)));
    if (at == std::string::npos) return out;
    start = at + 1;
  }
}

// "phases.profiling.concurrency" -> "concurrency"; a distribution is named by itself (isl).
std::string parameter_name(const OptionSpec& spec) {
  std::string path(spec.yaml);
  if (path.ends_with(".mean")) path.resize(path.size() - 5);
  return path.empty() ? spec.canonical_name().substr(2) : path.substr(path.rfind('.') + 1);
}

// Bare names that mean phases.profiling.<name> (§5.1), as the YAML sweep accepts them.
const OptionSpec* option_at_path(const std::string& path) {
  if (const OptionSpec* spec = find_profile_option_by_yaml(path)) return spec;
  if (path.find('.') == std::string::npos) {
    if (const OptionSpec* spec = find_profile_option_by_yaml("phases.profiling." + path)) return spec;
    if (const OptionSpec* spec = find_profile_option_by_yaml("dataset.prompts." + path + ".mean")) return spec;
  }
  if (path.rfind("--", 0) == 0) return find_profile_option(path);
  return nullptr;
}

std::string number_text(double v, SearchKind kind) {
  if (kind == SearchKind::integer) return std::to_string(std::llround(v));
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

// What the search's config_at keeps: the parse is long gone when the planner asks for a point.
struct OwnedInputs {
  RawFlags raw;
  OptionSources sources;
  std::vector<std::string> args;
  std::optional<YamlConfig> yaml;
  std::function<ProfileConfig(const RawFlags&, const OptionSources&)> convert;
};

ProfileConfig convert_with(const RawFlags& base_raw, const OptionSources& base_sources, const YamlConfig* yaml,
                           const std::function<ProfileConfig(const RawFlags&, const OptionSources&)>& to_config,
                           const std::vector<Override>& overrides, const YamlNode* body, const YamlNode* variables) {
  RawFlags raw = base_raw;
  OptionSources sources = base_sources;
  for (const Override& o : overrides) {  // as if typed: the file's value does not replace it
    raw.*text_member(*o.spec) = o.value;
    if (!sources.contains(o.spec)) sources[o.spec] = {o.spec->canonical_name(), false};
  }
  if (yaml)
    apply_yaml_settings(yaml_settings(*yaml, body ? *body : yaml->body, variables ? *variables : yaml->variables), raw,
                        sources);
  return to_config(raw, sources);
}

class Builder {
 public:
  explicit Builder(const StudyInputs& in) : in_(in) {}

  Study build() {
    Study study;
    study.settings = convert_study_settings(in_.raw, in_.sources, in_.yaml);
    const std::vector<Dimension> lists = command_line_lists();
    const bool variants = !in_.raw.variants.empty();
    const bool search = given("--search-space") || given("--search-recipe") || given("--search-planner") ||
                        given("--search-metric");
    std::optional<SweepPlan> yaml_plan;
    if (in_.yaml) {
      SweepPlan plan = expand_sweep(*in_.yaml);
      if (plan.type != "none") yaml_plan = std::move(plan);
    }
    const int sources = int(!lists.empty()) + int(variants) + int(search) + int(yaml_plan.has_value());
    if (sources > 1)
      throw ConfigError(std::string("a study is defined one way at a time: ") +
                        (lists.empty() ? "" : "comma lists (" + lists.front().spelled + "), ") +
                        (variants ? "--variant, " : "") + (search ? "--search-* / --search-recipe, " : "") +
                        (yaml_plan ? "the file's sweep, " : "") + "were all given");
    if (given("--sweep-type") && in_.raw.sweep_type != "grid" && in_.raw.sweep_type != "zip")
      throw ConfigError(typed("--sweep-type") + ": '" + in_.raw.sweep_type + "' is not one of grid, zip");
    if (!lists.empty()) sweep_lists(study, lists);
    else if (variants) sweep_variants(study);
    else if (yaml_plan) sweep_yaml(study, *yaml_plan);
    else if (search) plan_search(study);
    else study.variations.push_back({"", {}, convert({})});
    if (!study.settings.sla_tiers.empty() && !study.settings.search)
      throw ConfigError("--search-sla-tier tiers a search: add --search-space and --search-planner (or a search recipe)");
    unique_names(study);
    check(study);
    return study;
  }

 private:
  struct Dimension {
    const OptionSpec* spec;
    std::string spelled;
    std::string name;
    std::vector<std::string> values;
    size_t position;  // on the command line
  };

  bool given(const char* flag) const { return in_.sources.contains(find_profile_option(flag)); }
  std::string typed(const char* flag) const {
    auto it = in_.sources.find(find_profile_option(flag));
    return it == in_.sources.end() ? flag : it->second.spelled;
  }

  ProfileConfig convert(const std::vector<Override>& overrides, const YamlNode* body = nullptr,
                        const YamlNode* variables = nullptr) const {
    return convert_with(in_.raw, in_.sources, in_.yaml, in_.convert, overrides, body, variables);
  }

  ProfileConfig convert_variation(const std::string& name, const std::vector<Override>& overrides,
                                  const YamlNode* body = nullptr, const YamlNode* variables = nullptr) const {
    try {
      return convert(overrides, body, variables);
    } catch (const ConfigError& e) {
      throw ConfigError("sweep variation " + name + ": " + e.what());
    }
  }

  // Upstream's "magic lists" (§5.1): a comma list on one of the twelve sweepable options.
  std::vector<Dimension> command_line_lists() const {
    std::vector<Dimension> dims;
    for (const auto& [spec, source] : in_.sources) {
      if (source.from_yaml) continue;
      std::string RawFlags::*member = text_member(*spec);
      if (!member || (in_.raw.*member).find(',') == std::string::npos) continue;
      const std::string& text = in_.raw.*member;
      if (!spec->sweepable) {
        const std::string_view m = spec->metavar;
        if (m == "INT" || m == "FLOAT" || m == "SECONDS" || m == "MS" || m == "REQ/S" || m == "TOKENS" ||
            m == "PX" || m == "RATIO" || m == "PERCENT" || m == "FRACTION")
          throw ConfigError(source.spelled + " '" + text + "': " + source.spelled +
                            " cannot be swept; comma lists are sweeps only on --concurrency, --prefill-concurrency, "
                            "--request-rate, --request-count, --benchmark-duration, --num-conversations, --num-users, "
                            "--conversation-turn-mean, --isl, --isl-stddev, --osl and --osl-stddev");
        continue;
      }
      Dimension d{spec, source.spelled, parameter_name(*spec), split(text, ','), 0};
      for (const std::string& v : d.values)
        if (v.empty()) throw ConfigError(source.spelled + " '" + text + "': an empty value in the list");
      for (size_t i = 0; i < in_.args.size(); ++i)
        if (in_.args[i] == source.spelled || in_.args[i].rfind(source.spelled + "=", 0) == 0) d.position = i;
      dims.push_back(std::move(d));
    }
    std::sort(dims.begin(), dims.end(), [](const Dimension& a, const Dimension& b) { return a.position < b.position; });
    return dims;
  }

  void add_variation(Study& study, std::vector<Override> overrides, std::vector<std::pair<std::string, std::string>> params,
                     std::string name = "") {
    if (name.empty()) {
      std::vector<SweepParameter> sp;
      for (const auto& [k, v] : params) sp.push_back({k, YamlNode::make_scalar(v)});
      name = variation_dir_name(sp);
    }
    ProfileConfig config = convert_variation(name, overrides);
    study.variations.push_back({std::move(name), std::move(params), std::move(config)});
  }

  void sweep_lists(Study& study, const std::vector<Dimension>& dims) {
    const bool zip = given("--sweep-type") && in_.raw.sweep_type == "zip";
    study.sweep_type = zip ? "zip" : "grid";
    for (const Dimension& d : dims) study.dimensions.push_back(d.name);
    size_t total = 1;
    for (const Dimension& d : dims) {
      if (zip && d.values.size() != dims.front().values.size())
        throw ConfigError(typed("--sweep-type") + " zip: " + d.spelled + " has " + std::to_string(d.values.size()) +
                          " values and " + dims.front().spelled + " has " + std::to_string(dims.front().values.size()) +
                          " (zip pairs them one to one; they must be equal)");
      total = zip ? d.values.size() : total * d.values.size();
      if (total > 10000) throw ConfigError(d.spelled + ": the sweep has more than 10000 variations");
    }
    for (size_t n = 0; n < total; ++n) {
      std::vector<Override> overrides(dims.size());
      std::vector<std::pair<std::string, std::string>> params(dims.size());
      size_t rest = n;
      for (size_t i = dims.size(); i-- > 0;) {  // the last list varies fastest
        const size_t at = zip ? n : rest % dims[i].values.size();
        if (!zip) rest /= dims[i].values.size();
        overrides[i] = {dims[i].spec, dims[i].values[at]};
        params[i] = {dims[i].name, dims[i].values[at]};
      }
      add_variation(study, overrides, params);
    }
  }

  // --variant "[name:] key=value, key=value" (keys are flag names without --).
  void sweep_variants(Study& study) {
    if (in_.raw.variants.size() < 2)
      throw ConfigError(typed("--variant") + " defines a scenario sweep: give it at least twice");
    study.sweep_type = "scenarios";
    std::set<std::string> names;
    for (const std::string& text : in_.raw.variants) {
      std::string body = text, name;
      const size_t colon = text.find(':');
      if (colon != std::string::npos && text.substr(0, colon).find('=') == std::string::npos) {
        name = trim(text.substr(0, colon));
        body = text.substr(colon + 1);
      }
      std::vector<Override> overrides;
      std::vector<std::pair<std::string, std::string>> params;
      for (const std::string& pair : split(body, ',')) {
        const size_t eq = pair.find('=');
        if (eq == std::string::npos || eq == 0)
          throw ConfigError(typed("--variant") + " '" + text + "': expected key=value pairs, got '" + pair + "'");
        const std::string key = trim(pair.substr(0, eq)), value = trim(pair.substr(eq + 1));
        const OptionSpec* spec = find_profile_option("--" + key);
        if (!spec || !spec->supported() || !text_member(*spec))
          throw ConfigError(typed("--variant") + " '" + text + "': '" + key +
                            "' is not an option that takes a value (keys are flag names without --, e.g. concurrency)");
        overrides.push_back({spec, value});
        params.emplace_back(key, value);
      }
      if (name.empty()) {
        std::vector<SweepParameter> sp;
        for (const auto& [k, v] : params) sp.push_back({k, YamlNode::make_scalar(v)});
        name = variation_dir_name(sp);
      }
      for (const char c : std::string("/\\<>:\"|?*")) std::erase(name, c);
      if (!names.insert(name).second) throw ConfigError(typed("--variant") + ": the name '" + name + "' is used twice");
      add_variation(study, overrides, params, name);
    }
  }

  void sweep_yaml(Study& study, const SweepPlan& plan) {
    add_yaml_sla_filters(study);
    if (plan.type == "adaptive_search") return yaml_search(study);
    study.sweep_type = plan.type;
    for (const std::string& d : plan.dimensions) {
      std::string path = d;
      if (path.ends_with(".mean")) path.resize(path.size() - 5);
      study.dimensions.push_back(path.substr(path.rfind('.') + 1));
    }
    for (const Variation& v : plan.variations) {
      std::vector<std::pair<std::string, std::string>> params;
      for (const SweepParameter& p : v.parameters) {
        std::string path = p.path;
        if (path.ends_with(".mean")) path.resize(path.size() - 5);
        params.emplace_back(path.substr(path.rfind('.') + 1), p.value.scalar);
      }
      ProfileConfig config = convert_variation(v.name, {}, &v.body, &v.variables);
      study.variations.push_back({v.name, std::move(params), std::move(config)});
    }
    apply_yaml_sweep_settings(study);
  }

  // sweep.sla_filters: ["tag:stat:op:value", ...] or [{metric, stat, op, threshold}, ...].
  void add_yaml_sla_filters(Study& study) const {
    const YamlConfig& y = *in_.yaml;
    const YamlNode* list = y.sweep.find("sla_filters");
    if (!list) return;
    if (!list->is_sequence()) throw ConfigError(yaml_location(y.file, list->mark) + ": sweep.sla_filters: expected a list");
    for (const YamlNode& f : list->items) {
      const std::string where = yaml_location(y.file, f.mark) + ": sweep.sla_filters";
      if (f.is_scalar()) {
        study.settings.sla_filters.push_back(parse_sla_filter(f.scalar, where));
        continue;
      }
      const YamlNode* metric = f.find("metric");
      const YamlNode* stat = f.find("stat");
      const YamlNode* op = f.find("op");
      const YamlNode* threshold = f.find("threshold");
      if (!f.is_map() || !metric || !op || !threshold)
        throw ConfigError(where + ": expected \"tag:stat:op:value\" or {metric, stat, op, threshold}");
      study.settings.sla_filters.push_back(parse_sla_filter(
          metric->scalar + ":" + (stat ? stat->scalar : std::string("avg")) + ":" + op->scalar + ":" + threshold->scalar, where));
    }
  }

  // sweep: {type: adaptive_search, planner, space: {path: {min, max, type}}, objective: {metric,
  // stat, direction}, max_iterations, initial_points, sla_filters}.
  void yaml_search(Study& study) {
    const YamlConfig& y = *in_.yaml;
    auto where = [&](const YamlNode& n, const std::string& key) { return yaml_location(y.file, n.mark) + ": sweep." + key; };
    SearchSettings se = convert_search_flags(in_.raw, in_.sources);
    if (const YamlNode* n = y.sweep.find("planner")) se.planner = n->scalar;
    const YamlNode* space = y.sweep.find("space");
    if (!space) space = y.sweep.find("parameters");
    if (!space || !space->is_map() || space->entries.empty())
      throw ConfigError(yaml_location(y.file, y.sweep.mark) + ": sweep: adaptive_search needs space: {path: {min, max, type}}");
    for (const YamlEntry& e : space->entries) {
      SearchDimension d{e.key, 0, 0, SearchKind::real};
      const YamlNode* lo = e.value.is_map() ? e.value.find("min") : nullptr;
      const YamlNode* hi = e.value.is_map() ? e.value.find("max") : nullptr;
      if (!lo || !hi) throw ConfigError(where(e.value, "space." + e.key) + ": expected {min: LO, max: HI, type: int|real}");
      d.lo = parse_float_flag(where(*lo, "space." + e.key + ".min"), lo->scalar);
      d.hi = parse_float_flag(where(*hi, "space." + e.key + ".max"), hi->scalar);
      if (const YamlNode* k = e.value.find("type"); k && k->scalar == "int") d.kind = SearchKind::integer;
      if (!(d.lo < d.hi)) throw ConfigError(where(e.value, "space." + e.key) + ": min must be below max");
      se.space.push_back(d);
    }
    if (const YamlNode* o = y.sweep.find("objective"); o && o->is_map()) {
      if (const YamlNode* m = o->find("metric")) se.metric = m->scalar;
      if (const YamlNode* st = o->find("stat")) se.stat = st->scalar;
      if (const YamlNode* d = o->find("direction")) {
        if (d->scalar == "maximize") se.direction = SearchDirection::maximize;
        else if (d->scalar == "minimize") se.direction = SearchDirection::minimize;
        else throw ConfigError(where(*d, "objective.direction") + ": '" + d->scalar + "' is not one of maximize, minimize");
      }
    }
    if (const YamlNode* n = y.sweep.find("max_iterations"))
      se.max_iterations = int(parse_int_flag(where(*n, "max_iterations"), n->scalar));
    if (const YamlNode* n = y.sweep.find("initial_points"))
      se.initial_points = int(parse_int_flag(where(*n, "initial_points"), n->scalar));
    if (se.max_iterations < 2 || se.max_iterations > 200) throw ConfigError("sweep.max_iterations must be between 2 and 200");
    apply_yaml_sweep_settings(study);
    finish_search(study, std::move(se));
  }

  // The sweep: block's shared keys (§5.1): cooldown_seconds, iteration_order, same_seed, sla_filters.
  void apply_yaml_sweep_settings(Study& study) const {
    const YamlConfig& y = *in_.yaml;
    auto where = [&](const YamlNode& n, const std::string& key) { return yaml_location(y.file, n.mark) + ": sweep." + key; };
    if (const YamlNode* n = y.sweep.find("cooldown_seconds"); n && !given("--parameter-sweep-cooldown-seconds"))
      study.settings.sweep.cooldown_seconds = parse_float_flag(where(*n, "cooldown_seconds"), n->scalar);
    if (const YamlNode* n = y.sweep.find("iteration_order"); n && !given("--parameter-sweep-mode")) {
      if (n->scalar == "independent") study.settings.sweep.order = SweepOrder::independent;
      else if (n->scalar != "repeated")
        throw ConfigError(where(*n, "iteration_order") + ": '" + n->scalar + "' is not one of repeated, independent");
    }
    if (const YamlNode* n = y.sweep.find("same_seed"); n && !given("--parameter-sweep-same-seed")) {
      if (!yaml_bool(*n)) throw ConfigError(where(*n, "same_seed") + ": expected true or false");
      study.settings.sweep.same_seed = *yaml_bool(*n);
    }
    if (const YamlNode* n = y.sweep.find("max_failed_trials")) {
      const int64_t v = parse_int_flag(where(*n, "max_failed_trials"), n->scalar);
      require_at_least(where(*n, "max_failed_trials"), v, 1);
      study.settings.sweep.max_failed_trials = int(v);
    }
  }

  // A log-spaced integer grid (banker's rounding, de-duplicated), as the grid recipes use.
  static std::vector<int64_t> log_grid(double lo, double hi, int steps) {
    std::vector<int64_t> out;
    for (int i = 0; i < steps; ++i) {
      const double x = steps == 1 ? lo : std::exp(std::log(lo) + (std::log(hi) - std::log(lo)) * i / (steps - 1));
      const int64_t v = int64_t(std::nearbyint(x));  // the default rounding mode: half to even
      if (out.empty() || out.back() != v) out.push_back(v);
    }
    return out;
  }

  int64_t int_flag(const char* flag, const std::string& text, int64_t fallback, int64_t min) const {
    if (!given(flag)) return fallback;
    const int64_t v = parse_int_flag(typed(flag), text);
    require_at_least(typed(flag), v, min);
    return v;
  }

  void grid_recipe(Study& study, const std::string& recipe) {
    const RawFlags& r = in_.raw;
    std::vector<Dimension> dims;
    auto dim = [&](const char* flag, std::vector<int64_t> values) {
      Dimension d{find_profile_option(flag), flag, parameter_name(*find_profile_option(flag)), {}, dims.size()};
      for (int64_t v : values) d.values.push_back(std::to_string(v));
      dims.push_back(std::move(d));
    };
    if (recipe == "concurrency-ramp") {
      dim("--concurrency", log_grid(double(int_flag("--concurrency-min", r.concurrency_min, 1, 1)),
                                    double(int_flag("--concurrency-max", r.concurrency_max, 1000, 1)),
                                    int(int_flag("--concurrency-steps", r.concurrency_steps, 8, 1))));
    } else if (recipe == "prefill-ttft-curve") {
      dim("--isl", log_grid(double(int_flag("--isl-min", r.isl_min, 256, 1)), double(int_flag("--isl-max", r.isl_max, 32768, 1)),
                            int(int_flag("--isl-steps", r.isl_steps, 8, 1))));
    } else if (recipe == "decode-itl-curve") {
      dim("--concurrency", log_grid(double(int_flag("--concurrency-min", r.concurrency_min, 1, 1)),
                                    double(int_flag("--concurrency-max", r.concurrency_max, 200, 1)),
                                    int(int_flag("--concurrency-steps", r.concurrency_steps, 6, 1))));
      dim("--osl", log_grid(double(int_flag("--osl-min", r.osl_min, 64, 1)), double(int_flag("--osl-max", r.osl_max, 1024, 1)),
                            int(int_flag("--osl-steps", r.osl_steps, 4, 1))));
    } else {  // pareto-sweep: the prompt shapes, each at every concurrency
      std::vector<std::pair<std::string, std::string>> shapes;
      const std::string pairs = r.isl_osl_pairs.empty() ? "128/128,512/256,2048/512" : r.isl_osl_pairs;
      for (const std::string& p : split(pairs, ',')) {
        const size_t slash = p.find('/');
        if (slash == std::string::npos)
          throw ConfigError(typed("--isl-osl-pairs") + " '" + pairs + "': expected ISL/OSL pairs such as 128/128,512/256");
        parse_int_flag(typed("--isl-osl-pairs"), p.substr(0, slash));
        parse_int_flag(typed("--isl-osl-pairs"), p.substr(slash + 1));
        shapes.emplace_back(p.substr(0, slash), p.substr(slash + 1));
      }
      std::vector<int64_t> concurrencies = {1, 4, 16, 64, 256};
      if (given("--concurrency-min") || given("--concurrency-max") || given("--concurrency-steps"))
        concurrencies = log_grid(double(int_flag("--concurrency-min", r.concurrency_min, 1, 1)),
                                 double(int_flag("--concurrency-max", r.concurrency_max, 256, 1)),
                                 int(int_flag("--concurrency-steps", r.concurrency_steps, 5, 1)));
      if (shapes.size() * concurrencies.size() < 2)
        throw ConfigError("--search-recipe pareto-sweep needs at least two points (shapes x concurrencies)");
      study.sweep_type = "grid";
      study.dimensions = {"isl", "osl", "concurrency"};
      for (const auto& [isl, osl] : shapes)
        for (int64_t c : concurrencies)
          add_variation(study,
                        {{find_profile_option("--isl"), isl}, {find_profile_option("--osl"), osl},
                         {find_profile_option("--concurrency"), std::to_string(c)}},
                        {{"isl", isl}, {"osl", osl}, {"concurrency", std::to_string(c)}});
      return;
    }
    if (recipe == "prefill-ttft-curve" && !given("--concurrency"))
      for (Dimension& d : dims) d.position = 0;  // at concurrency 1 (the default)
    sweep_lists(study, dims);
  }

  void plan_search(Study& study) {
    SearchSettings se = convert_search_flags(in_.raw, in_.sources);
    std::vector<SlaFilter>& filters = study.settings.sla_filters;
    const std::string recipe = in_.raw.search_recipe;
    se.recipe = recipe;
    if (!recipe.empty()) {
      if (given("--search-space") || given("--search-planner") || given("--search-metric") || given("--search-direction"))
        throw ConfigError(typed("--search-recipe") + " " + recipe +
                          " chooses the search itself; it cannot be combined with --search-space, --search-planner, "
                          "--search-metric or --search-direction");
      const SearchDimension concurrency{"phases.profiling.concurrency",
                                        double(int_flag("--concurrency-min", in_.raw.concurrency_min, 1, 1)),
                                        double(int_flag("--concurrency-max", in_.raw.concurrency_max, 1000, 2)),
                                        SearchKind::integer};
      se.metric = "output_token_throughput";
      se.direction = SearchDirection::maximize;
      if (recipe == "max-concurrency-under-sla") {
        const std::string style = given("--search-style") ? in_.raw.search_style : "smooth_isotonic";
        if (style == "smooth_isotonic") se.planner = "smooth_isotonic";
        else if (style == "monotonic") se.planner = "monotonic_sla";
        else if (style == "bo" || style == "optuna") se.planner = "bayesian";
        else if (style == "grid") se.planner = "grid";
        else
          throw ConfigError(typed("--search-style") + ": '" + style +
                            "' is not one of smooth_isotonic, monotonic, bo, optuna, grid");
        se.space = {concurrency};
        if (filters.empty() && study.settings.sla_tiers.empty())
          throw ConfigError("--search-recipe max-concurrency-under-sla needs an SLA: --search-sla TAG:STAT:OP:VALUE, or "
                            "--ttft-sla-ms / --itl-sla-ms / --e2e-sla-ms / --error-rate-sla");
      } else if (recipe == "max-throughput-ttft-sla" || recipe == "max-throughput-itl-sla") {
        const bool ttft = recipe == "max-throughput-ttft-sla";
        const bool has = ttft ? given("--ttft-sla-ms") : given("--itl-sla-ms") || given("--tpot-sla-ms");
        if (!has)
          throw ConfigError("--search-recipe " + recipe + " needs " + (ttft ? "--ttft-sla-ms" : "--itl-sla-ms (or --tpot-sla-ms)"));
        se.planner = "bayesian";
        se.space = {concurrency};
        if (!given("--search-max-iterations")) se.max_iterations = 30;
      } else if (recipe == "max-goodput-under-slo") {
        if (!given("--ttft-sla-ms") && !given("--itl-sla-ms") && !given("--tpot-sla-ms") && !given("--e2e-sla-ms"))
          throw ConfigError("--search-recipe max-goodput-under-slo needs per-request SLOs: --ttft-sla-ms, --itl-sla-ms "
                            "and/or --e2e-sla-ms");
        se.planner = "bayesian";
        se.space = {concurrency};
        se.metric = "goodput";
        // The SLOs become per-request goodput targets; the SLA is the fraction meeting them all.
        double fraction = 0.95;
        if (given("--slo-attainment-fraction")) {
          fraction = parse_float_flag(typed("--slo-attainment-fraction"), in_.raw.slo_attainment_fraction);
          if (!(fraction > 0 && fraction <= 1))
            throw ConfigError(typed("--slo-attainment-fraction") + " must be in (0, 1]");
        }
        goodput_targets_ = goodput_from_slas(filters);
        filters = {{"slo_attainment", "avg", SlaOp::ge, fraction}};
      } else if (recipe == "concurrency-ramp" || recipe == "prefill-ttft-curve" || recipe == "decode-itl-curve" ||
                 recipe == "pareto-sweep") {
        if (given("--degradation-threshold")) {
          const double v = parse_float_flag(typed("--degradation-threshold"), in_.raw.degradation_threshold);
          if (!(v > 0 && v < 1)) throw ConfigError(typed("--degradation-threshold") + " must be between 0 and 1 (exclusive)");
          study.recipe_options.degradation_threshold = v;
        }
        if (given("--degradation-metric-tag")) study.recipe_options.degradation_metric = in_.raw.degradation_metric_tag;
        if (given("--degradation-stat")) study.recipe_options.degradation_stat = in_.raw.degradation_stat;
        grid_recipe(study, recipe);
        study.settings.search.reset();
        recipe_ = recipe;
        return;
      } else {
        throw ConfigError(typed("--search-recipe") + ": '" + recipe +
                          "' is not a recipe (max-throughput-ttft-sla, max-throughput-itl-sla, max-concurrency-under-sla, "
                          "max-goodput-under-slo, concurrency-ramp, prefill-ttft-curve, decode-itl-curve, pareto-sweep)");
      }
    }
    finish_search(study, std::move(se));
  }

  void finish_search(Study& study, SearchSettings se) {
    // With tiers each runs its own search; the first tier's filters stand for them in the checks.
    const std::vector<SlaFilter>& filters =
        study.settings.sla_tiers.empty() ? study.settings.sla_filters : study.settings.sla_tiers.front().filters;
    if (!study.settings.sla_tiers.empty() && se.space.size() != 1)
      throw ConfigError("--search-sla-tier needs a search over one dimension (one --search-space)");
    if (se.space.empty()) throw ConfigError("the search needs --search-space PATH:LO,HI[:int|real] (or --search-recipe)");
    std::vector<const OptionSpec*> specs;
    for (const SearchDimension& d : se.space) {
      const OptionSpec* spec = option_at_path(d.path);
      if (!spec || !text_member(*spec) || spec->yaml.empty())
        throw ConfigError("--search-space " + d.path + ": not a numeric option's path (e.g. phases.profiling.concurrency, "
                          "concurrency, rate, dataset.prompts.isl.mean)");
      specs.push_back(spec);
    }
    const bool needs_objective = se.planner == "bayesian" || se.planner == "optuna";
    if (needs_objective && (se.metric.empty() || !se.direction))
      throw ConfigError("the " + se.planner + " planner needs --search-metric and --search-direction");
    if ((se.planner == "monotonic_sla" || se.planner == "smooth_isotonic" || se.planner == "grid") && filters.empty())
      throw ConfigError("the " + se.planner + " planner needs at least one --search-sla (or an --*-sla-ms)");
    {  // the planner checks what it needs (dimensions, filters, objective) before anything is sent
      PlannerSettings ps;
      ps.name = se.planner;
      ps.dims = se.space;
      ps.filters = filters;
      ps.direction = se.direction;
      ps.max_iterations = se.max_iterations;
      ps.initial_points = se.initial_points;
      make_search_planner(ps);
    }
    study.settings.search = se;
    auto owned = std::make_shared<OwnedInputs>(
        OwnedInputs{in_.raw, in_.sources, in_.args, in_.yaml ? std::optional<YamlConfig>(*in_.yaml) : std::nullopt,
                    in_.convert});
    const std::vector<GoodputTarget> goodput = goodput_targets_;
    study.config_at = [owned, specs, se, goodput](const std::vector<double>& point) {
      std::vector<Override> overrides;
      for (size_t i = 0; i < specs.size(); ++i) overrides.push_back({specs[i], number_text(point[i], se.space[i].kind)});
      ProfileConfig c = convert_with(owned->raw, owned->sources, owned->yaml ? &*owned->yaml : nullptr, owned->convert,
                                     overrides, nullptr, nullptr);
      if (!goodput.empty()) c.goodput = goodput;
      return c;
    };
    // The base, and both ends of the space, must be valid benchmarks before anything is sent.
    std::vector<double> lo, hi;
    for (const SearchDimension& d : se.space) lo.push_back(d.lo), hi.push_back(d.hi);
    study.variations.push_back({"", {}, study.config_at(lo)});
    study.config_at(hi);
  }

  // max-goodput-under-slo: each SLO as a per-request goodput threshold (the metric's own unit).
  static std::vector<GoodputTarget> goodput_from_slas(const std::vector<SlaFilter>& filters) {
    std::vector<GoodputTarget> out;
    for (const SlaFilter& f : filters)
      if (f.metric_tag == "time_to_first_token" || f.metric_tag == "inter_token_latency" || f.metric_tag == "request_latency")
        out.push_back({f.metric_tag, f.threshold});
    return out;
  }

  // Two variations never share a directory (sampled sweeps can round to the same point).
  static void unique_names(Study& study) {
    std::set<std::string> seen;
    for (StudyVariation& v : study.variations) {
      if (v.name.empty()) continue;
      std::string name = v.name;
      for (int n = 2; !seen.insert(name).second; ++n) name = v.name + "-" + std::to_string(n);
      v.name = name;
    }
  }

  void check(Study& study) const {
    const ProfileConfig& base = study.variations.front().config;
    if (study.is_sweep() || study.settings.search || !recipe_.empty()) {
      // workloads-and-endpoints.md §5.4: the scenario locks one configuration (no sweeps).
      if (!base.scenario.name.empty() && !base.scenario.unsafe_override)
        throw ConfigError("--scenario " + base.scenario.name +
                          " locks one configuration: it cannot be swept or searched (drop the comma lists / "
                          "--variant / --search-* / --search-recipe, or pass --unsafe-override)");
      if (!base.scenario.name.empty()) {
        std::cerr << "aiperf: warning: --unsafe-override: a sweep or search of --scenario " << base.scenario.name
                  << " (submission_valid: false)\n";
        for (StudyVariation& v : study.variations) v.config.scenario.overridden.push_back("sweep: the scenario locks one configuration");
      }
    }
    if (study.is_sweep() || study.settings.search) {
      if (base.fixed_schedule)
        throw ConfigError("a fixed schedule replays one trace as recorded: it cannot be swept or searched "
                          "(drop the comma lists / --variant / --search-*, or --fixed-schedule)");
    }
    if (study.settings.sweep.same_seed && !base.random_seed)
      throw ConfigError(typed("--parameter-sweep-same-seed") + " needs --random-seed");
    if (!recipe_.empty()) {
      study.settings.search.reset();
      study.recipe = recipe_;
    }
  }

  const StudyInputs& in_;
  std::vector<GoodputTarget> goodput_targets_;
  std::string recipe_;
};

}  // namespace

Study build_study(const StudyInputs& in) { return Builder(in).build(); }

}  // namespace aiperf
