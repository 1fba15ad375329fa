#include "cli/sweep_expansion.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "config/profile_config.h"
#include "sweep/latin_hypercube.h"
#include "sweep/sobol_sequence.h"

namespace aiperf {
namespace {

// Bare names that mean phases.profiling.<name> (§5.1).
const char* const kSugar[] = {"concurrency", "prefill_concurrency", "rate",        "requests",
                              "duration",    "sessions",            "users",       "smoothness",
                              "grace_period", "concurrency_ramp",   "prefill_ramp", "rate_ramp"};

class Expander {
 public:
  explicit Expander(const YamlConfig& c) : c_(c) {}

  [[noreturn]] void fail(YamlMark at, const std::string& what) const {
    throw ConfigError(yaml_location(c_.file, at) + ": " + what);
  }

  // The canonical path of a parameter as the user wrote it.
  std::string canonical(const std::string& written, YamlMark at) const {
    if (std::find(std::begin(kSugar), std::end(kSugar), written) != std::end(kSugar))
      return "phases.profiling." + written;
    std::vector<std::string> parts;
    for (size_t start = 0;;) {
      const size_t dot = written.find('.', start);
      parts.push_back(written.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
    if (parts.size() >= 3 && parts[0] == "phases") {
      std::string kind;
      if (!parts[1].empty() && std::all_of(parts[1].begin(), parts[1].end(), ::isdigit)) {
        const size_t i = std::stoul(parts[1]);
        if (i >= c_.phase_order.size()) fail(at, "'" + written + "': the file has " + std::to_string(c_.phase_order.size()) + " phases");
        kind = c_.phase_order[i];
      } else {
        std::string lower = parts[1];
        std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
        auto it = c_.phase_kind_by_name.find(lower);
        if (it != c_.phase_kind_by_name.end()) kind = it->second;
        else if (lower == "profiling" || lower == "warmup") kind = lower;
        else fail(at, "'" + written + "': no phase is named " + parts[1]);
      }
      parts[1] = kind;
    } else if (parts.size() >= 3 && parts[0] == "datasets") {
      parts.erase(parts.begin() + 1);  // the one dataset, by name or index
      parts[0] = "dataset";
    } else if (parts.size() >= 2 && parts[0] == "benchmark") {
      fail(at, "'" + written + "': parameter paths start at the body (drop 'benchmark.')");
    }
    std::string out;
    for (const std::string& p : parts) (out.empty() ? out : out += ".") += p;
    return out;
  }

  static void set_path(YamlNode& root, const std::string& path, const YamlNode& value) {
    YamlNode* node = &root;
    for (size_t start = 0;;) {
      const size_t dot = path.find('.', start);
      const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
      if (dot == std::string::npos) {
        node->set(key, value);
        return;
      }
      YamlNode* next = node->find(key);
      if (!next || !next->is_map()) next = &node->set(key, YamlNode::make_map());
      node = next;
      start = dot + 1;
    }
  }

  static void deep_merge(YamlNode& base, const YamlNode& over) {
    if (!base.is_map() || !over.is_map()) {
      base = over;
      return;
    }
    for (const YamlEntry& e : over.entries) {
      if (YamlNode* b = base.find(e.key)) deep_merge(*b, e.value);
      else base.set(e.key, e.value, e.key_mark);
    }
  }

  Variation apply(const std::vector<SweepParameter>& params) const {
    Variation v;
    v.body = c_.body;
    v.variables = c_.variables.is_map() ? c_.variables : YamlNode::make_map();
    for (const SweepParameter& p : params) {
      if (p.path.rfind("variables.", 0) == 0) v.variables.set(p.path.substr(10), p.value);
      else set_path(v.body, p.path, p.value);
    }
    v.parameters = params;
    v.name = variation_dir_name(params);
    return v;
  }

  // Lists written directly at a sweepable field become grid dimensions.
  void collect_lists(const YamlNode& node, const std::string& path, std::vector<std::pair<std::string, YamlNode>>& out) const {
    if (node.is_map()) {
      for (const YamlEntry& e : node.entries) collect_lists(e.value, path.empty() ? e.key : path + "." + e.key, out);
      return;
    }
    if (!node.is_sequence()) return;
    const OptionSpec* spec = find_profile_option_by_yaml(path);
    const bool sweepable = (spec && spec->sweepable && !std::holds_alternative<std::vector<std::string> RawFlags::*>(spec->sink)) ||
                           (path.ends_with(".mean") && path.rfind("dataset.", 0) == 0) || path.ends_with("cancellation.rate");
    if (sweepable) out.emplace_back(path, node);
  }

  std::vector<std::pair<std::string, YamlNode>> dimensions_of(const YamlNode& map) const {
    std::vector<std::pair<std::string, YamlNode>> dims;
    if (!map.is_map() || map.entries.empty()) fail(map.mark, "sweep: parameters must map paths to lists of values");
    for (const YamlEntry& e : map.entries) {
      if (!e.value.is_sequence() || e.value.items.empty())
        fail(e.value.mark, "sweep parameter '" + e.key + "' needs a non-empty list of values");
      for (const YamlNode& item : e.value.items)
        if (!item.is_scalar()) fail(item.mark, "sweep parameter '" + e.key + "': values must be single values");
        else if (const std::string& s = item.scalar; !item.quoted && (s == ".nan" || s == ".inf" || s == "-.inf" || s == "nan"))
          fail(item.mark, "sweep parameter '" + e.key + "': NaN and infinity are not values to sweep");
      dims.emplace_back(canonical(e.key, e.key_mark), e.value);
    }
    return dims;
  }

  SweepPlan grid(std::vector<std::pair<std::string, YamlNode>> dims) const {
    // Paths sorted alphabetically; the last one varies fastest (§5.1).
    std::stable_sort(dims.begin(), dims.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    SweepPlan plan;
    plan.type = "grid";
    size_t total = 1;
    for (const auto& [path, list] : dims) {
      plan.dimensions.push_back(path);
      total *= list.items.size();
      if (total > 100000) fail(list.mark, "the sweep has more than 100000 variations");
    }
    for (size_t n = 0; n < total; ++n) {
      std::vector<SweepParameter> params(dims.size());
      size_t rest = n;
      for (size_t d = dims.size(); d-- > 0;) {
        const auto& items = dims[d].second.items;
        params[d] = {dims[d].first, items[rest % items.size()]};
        rest /= items.size();
      }
      plan.variations.push_back(apply(params));
    }
    return plan;
  }

  SweepPlan zip(const std::vector<std::pair<std::string, YamlNode>>& dims) const {
    SweepPlan plan;
    plan.type = "zip";
    const size_t n = dims.front().second.items.size();
    for (const auto& [path, list] : dims) {
      plan.dimensions.push_back(path);
      if (list.items.size() != n)
        fail(list.mark, "zip sweep: '" + path + "' has " + std::to_string(list.items.size()) + " values, '" +
                            dims.front().first + "' has " + std::to_string(n) + " (they must be equal)");
    }
    for (size_t i = 0; i < n; ++i) {
      std::vector<SweepParameter> params;
      for (const auto& [path, list] : dims) params.push_back({path, list.items[i]});
      plan.variations.push_back(apply(params));
    }
    return plan;
  }

  SweepPlan scenarios(const YamlNode& runs) const {
    if (!runs.is_sequence() || runs.items.empty()) fail(runs.mark, "sweep: scenarios needs runs: a non-empty list");
    SweepPlan plan;
    plan.type = "scenarios";
    std::map<std::string, YamlMark> names;
    for (const YamlNode& run : runs.items) {
      if (!run.is_map()) fail(run.mark, "a scenario run must be a mapping with a name");
      const YamlNode* name = run.find("name");
      if (!name || !name->is_scalar() || name->scalar.empty()) fail(run.mark, "a scenario run needs a name");
      if (!names.emplace(name->scalar, name->mark).second)
        fail(name->mark, "scenario name '" + name->scalar + "' is used twice");
      YamlNode partial = YamlNode::make_map(run.mark);
      YamlNode variables;
      for (const YamlEntry& e : run.entries) {
        if (e.key == "name") continue;
        if (e.key == "variables") variables = e.value;
        else if (e.key == "benchmark") deep_merge(partial, e.value);
        else partial.set(e.key, e.value, e.key_mark);  // older form: body keys in the run
      }
      YamlConfig scratch = c_;
      normalize_yaml_body(partial, scratch, true);
      Variation v;
      v.body = c_.body;
      deep_merge(v.body, partial);
      v.variables = c_.variables.is_map() ? c_.variables : YamlNode::make_map();
      if (!variables.is_null()) deep_merge(v.variables, variables);
      v.name = name->scalar;
      for (const char c : std::string("/\\<>:\"|?*")) std::erase(v.name, c);
      plan.variations.push_back(std::move(v));
    }
    return plan;
  }

  // sobol / latin_hypercube: `samples` points over `parameters: {path: {min, max, type: int|real}}`
  // (or `[min, max]`), quasi-random in the unit cube and mapped onto each range.
  SweepPlan sampled(const YamlNode& sweep, const std::string& t) const {
    const YamlNode* params = sweep.find("parameters");
    const YamlNode* samples = sweep.find("samples");
    if (!params || !params->is_map() || params->entries.empty())
      fail(sweep.mark, "sweep: " + t + " needs parameters: {path: {min: LO, max: HI, type: int|real}}");
    if (!samples || !samples->is_scalar()) fail(sweep.mark, "sweep: " + t + " needs samples: N");
    char* end = nullptr;
    const long n = std::strtol(samples->scalar.c_str(), &end, 10);
    if (*end != '\0' || n < 1 || n > 10000) fail(samples->mark, "sweep.samples: expected a whole number from 1 to 10000");
    std::optional<uint64_t> seed;
    if (const YamlNode* sd = sweep.find("seed")) seed = std::strtoull(sd->scalar.c_str(), nullptr, 10);
    struct Range {
      std::string path;
      double lo, hi;
      bool integer;
    };
    std::vector<Range> ranges;
    for (const YamlEntry& e : params->entries) {
      Range r{canonical(e.key, e.key_mark), 0, 0, false};
      const YamlNode* lo = nullptr;
      const YamlNode* hi = nullptr;
      if (e.value.is_sequence() && e.value.items.size() == 2) {
        lo = &e.value.items[0];
        hi = &e.value.items[1];
      } else if (e.value.is_map()) {
        lo = e.value.find("min");
        hi = e.value.find("max");
        if (const YamlNode* k = e.value.find("type")) r.integer = k->scalar == "int";
      }
      if (!lo || !hi) fail(e.value.mark, "sweep parameter '" + e.key + "': expected {min: LO, max: HI} or [LO, HI]");
      r.lo = std::strtod(lo->scalar.c_str(), &end);
      if (*end != '\0') fail(lo->mark, "sweep parameter '" + e.key + "': min is not a number");
      r.hi = std::strtod(hi->scalar.c_str(), &end);
      if (*end != '\0') fail(hi->mark, "sweep parameter '" + e.key + "': max is not a number");
      if (!(r.lo < r.hi)) fail(e.value.mark, "sweep parameter '" + e.key + "': min must be below max");
      if (!e.value.is_map() || !e.value.find("type")) {
        const bool whole = std::floor(r.lo) == r.lo && std::floor(r.hi) == r.hi;
        r.integer = whole && lo->scalar.find('.') == std::string::npos && hi->scalar.find('.') == std::string::npos;
      }
      ranges.push_back(r);
    }
    const std::vector<std::vector<double>> unit =
        t == "sobol" ? sobol_samples(int(n), int(ranges.size()), seed) : latin_hypercube(int(n), int(ranges.size()), seed.value_or(0));
    SweepPlan plan;
    plan.type = t;
    for (const Range& r : ranges) plan.dimensions.push_back(r.path);
    for (const std::vector<double>& u : unit) {
      std::vector<SweepParameter> point;
      for (size_t d = 0; d < ranges.size(); ++d) {
        const double v = ranges[d].lo + u[d] * (ranges[d].hi - ranges[d].lo);
        char buf[40];
        if (ranges[d].integer) std::snprintf(buf, sizeof buf, "%lld", std::llround(v));
        else std::snprintf(buf, sizeof buf, "%.6g", v);
        point.push_back({ranges[d].path, YamlNode::make_scalar(buf)});
      }
      plan.variations.push_back(apply(point));
    }
    return plan;
  }

  SweepPlan expand() const {
    std::vector<std::pair<std::string, YamlNode>> lists;
    collect_lists(c_.body, "", lists);
    for (auto& [path, list] : lists)
      for (const YamlNode& item : list.items)
        if (!item.is_scalar()) fail(item.mark, path + ": sweep values must be single values");
    const YamlNode& sweep = c_.sweep;
    if (sweep.is_null()) {
      if (!lists.empty()) {
        // The lists themselves are the base's values: replace them per variation.
        return grid(lists);
      }
      SweepPlan plan;
      plan.type = "none";
      plan.variations.push_back(apply({}));
      plan.variations.back().name = "base";
      return plan;
    }
    if (!sweep.is_map()) fail(sweep.mark, "sweep: must be a mapping with a type");
    if (!lists.empty())
      fail(lists.front().second.mark, lists.front().first + ": a list here and a sweep: block; move it into the sweep");
    const YamlNode* type = sweep.find("type");
    if (!type || !type->is_scalar()) fail(sweep.mark, "sweep: needs type: grid, zip or scenarios");
    for (const YamlEntry& e : sweep.entries)
      if (e.key != "type" && e.key != "parameters" && e.key != "variables" && e.key != "runs" &&
          e.key != "cooldown_seconds" && e.key != "iteration_order" && e.key != "same_seed" && e.key != "sla_filters" &&
          e.key != "max_failed_trials" && e.key != "samples" && e.key != "seed" && e.key != "planner" &&
          e.key != "space" && e.key != "objective" && e.key != "max_iterations" && e.key != "initial_points")
        fail(e.key_mark, "sweep: unknown key '" + e.key +
                             "' (type, parameters, runs, samples, seed, planner, space, objective, max_iterations, "
                             "initial_points, sla_filters, cooldown_seconds, iteration_order, same_seed, max_failed_trials)");
    const std::string& t = type->scalar;
    if (t == "grid" || t == "zip") {
      const YamlNode* params = sweep.find("parameters");
      if (!params) params = sweep.find("variables");  // older spelling
      if (!params) fail(sweep.mark, "sweep: " + t + " needs parameters: {path: [values]}");
      const auto dims = dimensions_of(*params);
      return t == "grid" ? grid(dims) : zip(dims);
    }
    if (t == "scenarios") {
      const YamlNode* runs = sweep.find("runs");
      if (!runs) fail(sweep.mark, "sweep: scenarios needs runs: [...]");
      return scenarios(*runs);
    }
    if (t == "sobol" || t == "latin_hypercube") return sampled(sweep, t);
    if (t == "adaptive_search") {
      SweepPlan plan;  // the planner chooses the points as the search runs (cli/study_builder.cpp)
      plan.type = t;
      return plan;
    }
    fail(type->mark, "sweep type '" + t + "' is unknown (grid, zip, scenarios, sobol, latin_hypercube, adaptive_search)");
  }

 private:
  const YamlConfig& c_;
};

}  // namespace

std::string variation_dir_name(const std::vector<SweepParameter>& parameters) {
  std::string out;
  for (const SweepParameter& p : parameters) {
    std::string path = p.path;
    // A distribution's mean is named by the distribution (prompts.isl.mean -> isl), as upstream
    // sweeps the distribution itself.
    if (path.ends_with(".mean")) path.resize(path.size() - 5);
    const std::string last = path.substr(path.rfind('.') + 1);
    std::string part = last + "_" + p.value.scalar;
    std::string clean;
    for (size_t i = 0; i < part.size(); ++i) {
      if (part.compare(i, 2, "..") == 0) {
        ++i;
        continue;
      }
      if (std::string_view("/\\<>:\"|?*").find(part[i]) == std::string_view::npos) clean += part[i];
    }
    (out.empty() ? out : out += "__") += clean;
  }
  return out;
}

SweepPlan expand_sweep(const YamlConfig& config) { return Expander(config).expand(); }

}  // namespace aiperf
