#include "app/merge_command.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <queue>
#include <set>

#include "app/profile_run.h"
#include "cli/profile_cli.h"
#include "cli/study.h"
#include "export/pretty_json.h"
#include "sweep/sla_filter.h"
#include "sweep/sweep_aggregate.h"
#include "cluster/shard_manifest.h"
#include "common/log.h"
#include "export/artifact_layout.h"
#include "export/exporter.h"
#include "export/record_files.h"
#include "metrics/metrics_settings.h"
#include "metrics/record_processor.h"
#include "records/record_file.h"

namespace aiperf {

namespace fs = std::filesystem;

namespace {

constexpr char kMergeUsage[] =
    "Usage: aiperf merge SHARD_DIR... --output DIR\n"
    "\n"
    "Joins the shards of a sharded run (aiperf profile --num-shards N) into one artifact set:\n"
    "profile_export_aiperf.json/.csv, profile_export.jsonl/.parquet, timeslices and the console\n"
    "tables, computed from every shard's raw records (shard_records.bin) on shard 0's clock.\n"
    "A SHARD_DIR may be a shard's directory, a directory holding shard-* directories, or the\n"
    "output of an earlier merge (merges can be nested). Given a sharded sweep's base directory,\n"
    "every cell is merged into DIR/<cell>/ and the sweep aggregate into DIR/sweep_aggregate/.\n"
    "Missing or unfinished shards make the result incomplete, and it says so.\n";

struct MergeShard {
  fs::path dir;
  ShardManifest manifest;
};

// A directory given: a shard (or merged) directory, or one holding shard-* directories.
std::vector<fs::path> expand(const fs::path& given) {
  if (fs::exists(given / kShardManifestFile)) return {given};
  std::vector<fs::path> out;
  std::error_code ec;
  if (fs::is_directory(given, ec))
    for (const auto& e : fs::directory_iterator(given, ec))
      if (e.is_directory() && e.path().filename().string().rfind("shard-", 0) == 0) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  if (out.empty()) out.push_back(given);  // read_shard_manifest says what is missing
  return out;
}

// The run's `aiperf profile` words for one process: no shard options, the copied --config
// file found beside the shard's records.
std::vector<std::string> unsharded_args(const MergeShard& s) {
  std::vector<std::string> out;
  const std::vector<std::string>& a = s.manifest.cli_args;
  for (size_t i = 0; i < a.size(); ++i) {
    const std::string& w = a[i];
    bool skip_value = false;
    for (const char* o : {"--num-shards", "--shard-index", "--shard-rendezvous", "--shard-timeout"}) {
      if (w == o) skip_value = true;
      if (w.rfind(std::string(o) + "=", 0) == 0) goto next;
    }
    if (skip_value) {
      ++i;
      continue;
    }
    if (!s.manifest.config_file.empty() && w == "--config" && i + 1 < a.size()) {
      out.push_back(w);
      out.push_back((s.dir / a[++i]).string());
      continue;
    }
    if (!s.manifest.config_file.empty() && w.rfind("--config=", 0) == 0) {
      out.push_back("--config=" + (s.dir / s.manifest.config_file).string());
      continue;
    }
    out.push_back(w);
  next:;
  }
  return out;
}

// A study's shards (docs/cluster.md, "Sweeps") recorded the study's words: the cell is the
// variation whose directory holds the shard directory.
std::optional<ProfileConfig> configuration_of(const MergeShard& s) {
  const std::vector<std::string> args = unsharded_args(s);
  std::optional<Study> study = parse_profile_study(args);
  if (!study) return std::nullopt;
  if (!study->needs_study_runner()) return study->variations.front().config;
  if (study->settings.search)
    throw ConfigError("aiperf merge: " + s.dir.string() + " is a shard of an SLA search point; merging those is "
                      "not supported (merge a sweep's or a plain run's shards)");
  for (fs::path p = fs::absolute(s.dir).lexically_normal(); p.has_relative_path(); p = p.parent_path())
    for (const StudyVariation& v : study->variations)
      if (!v.name.empty() && p.filename() == v.name) return v.config;
  throw ConfigError("aiperf merge: " + s.dir.string() + " is a shard of a sweep or search, but no directory above it "
                    "is one of its cells; merge the shards of one cell (<cell>/shard-*)");
}

// A sharded sweep's cells: the sub-directories of `root` that hold shard-* directories (none
// when `root` is itself a shard directory or holds shards directly).
std::vector<fs::path> sweep_cells(const fs::path& root) {
  std::vector<fs::path> cells;
  std::error_code ec;
  if (fs::exists(root / kShardManifestFile) || !fs::is_directory(root, ec)) return cells;
  for (const auto& e : fs::directory_iterator(root, ec)) {
    const std::string name = e.path().filename().string();
    if (!e.is_directory()) continue;
    if (name.rfind("shard-", 0) == 0) return {};
    for (const auto& f : fs::directory_iterator(e.path(), ec))
      if (f.is_directory() && f.path().filename().string().rfind("shard-", 0) == 0) {
        cells.push_back(e.path());
        break;
      }
  }
  std::sort(cells.begin(), cells.end());
  return cells;
}

int merge_command(const std::vector<std::string>& args);
int merge_shard_dirs(const std::vector<fs::path>& given, const fs::path& output);
int merge_sweep(const fs::path& root, const fs::path& output);

std::string index_list(const std::vector<int64_t>& v) {
  std::string out;
  for (int64_t i : v) out += (out.empty() ? "" : ", ") + std::to_string(i);
  return out;
}

}  // namespace

int run_merge_command(const std::vector<std::string>& args) {
  try {
    return merge_command(args);
  } catch (const std::exception& e) {  // bad arguments, unreadable shards: one line, exit 1
    log(LogLevel::error, e.what());
    return 1;
  }
}

namespace {

int merge_command(const std::vector<std::string>& args) {
  std::vector<fs::path> given;
  std::optional<fs::path> output;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "-h" || args[i] == "--help") {
      std::cout << kMergeUsage;
      return 0;
    }
    if (args[i] == "--output" || args[i] == "-o") {
      if (i + 1 >= args.size()) throw ConfigError("--output needs a directory");
      output = args[++i];
    } else if (args[i].rfind("--output=", 0) == 0) {
      output = args[i].substr(9);
    } else if (!args[i].empty() && args[i][0] == '-') {
      throw ConfigError("aiperf merge: unknown option " + args[i] + "\n" + kMergeUsage);
    } else {
      given.push_back(args[i]);
    }
  }
  if (!output) throw ConfigError("aiperf merge: --output DIR is required\n" + std::string(kMergeUsage));
  if (given.empty()) throw ConfigError("aiperf merge: no shard directory given\n" + std::string(kMergeUsage));
  if (given.size() == 1 && !sweep_cells(given.front()).empty()) return merge_sweep(given.front(), *output);
  return merge_shard_dirs(given, *output);
}

int merge_shard_dirs(const std::vector<fs::path>& given, const fs::path& output) {
  std::vector<MergeShard> shards;
  std::vector<std::string> problems;
  for (const fs::path& g : given)
    for (const fs::path& d : expand(g)) {
      if (fs::is_directory(d) && !fs::exists(d / kShardManifestFile) && fs::exists(d / kRecordFileName)) {
        problems.push_back(d.string() + " has no " + kShardManifestFile + " (its shard never met the others)");
        continue;
      }
      shards.push_back({d, read_shard_manifest(d)});
    }
  if (shards.empty()) throw ConfigError("aiperf merge: no shard directory with a " + std::string(kShardManifestFile));
  const ShardManifest& first = shards.front().manifest;
  std::set<int64_t> covered;
  for (const MergeShard& s : shards) {
    if (s.manifest.run_id != first.run_id || s.manifest.num_shards != first.num_shards)
      throw ConfigError("aiperf merge: " + s.dir.string() + " belongs to another run (run " + s.manifest.run_id + " of " +
                        std::to_string(s.manifest.num_shards) + " shards, not " + first.run_id + " of " +
                        std::to_string(first.num_shards) + ")");
    if (s.manifest.fingerprint != first.fingerprint)
      throw ConfigError("aiperf merge: " + s.dir.string() + " ran another configuration than " +
                        shards.front().dir.string());
    for (int64_t i : s.manifest.indices)
      if (!covered.insert(i).second)
        throw ConfigError("aiperf merge: shard " + std::to_string(i) + " is given twice (again in " + s.dir.string() + ")");
    if (!s.manifest.complete)
      problems.push_back("shard(s) " + index_list(s.manifest.indices) + " incomplete: " + s.manifest.incomplete_reason);
  }
  // A shard's own trouble travels with it into the merged shard.json; a missing shard is
  // recounted at every merge (a partial merge joined with the rest is complete).
  const std::vector<std::string> shard_problems = problems;
  std::vector<int64_t> missing;
  for (int64_t i = 0; i < first.num_shards; ++i)
    if (!covered.count(i)) missing.push_back(i);
  if (!missing.empty())
    problems.insert(problems.begin(), "shard(s) " + index_list(missing) + " of " + std::to_string(first.num_shards) +
                                          " missing");

  // The configuration every shard ran, as one process.
  std::optional<ProfileConfig> parsed = configuration_of(shards.front());
  if (!parsed) return 0;
  ProfileConfig config = std::move(*parsed);
  config.random_seed = first.random_seed;
  config.auto_plot = false;
  set_log_levels(LogLevel::warning, LogLevel::warning);

  std::error_code ec;
  fs::create_directories(output, ec);
  if (ec) throw ConfigError("--output " + output.string() + ": " + ec.message());
  const ArtifactNames names = artifact_names(config);
  if (fs::exists(output / names.summary_json))
    throw ConfigError("--output " + output.string() + " already holds a run (" + names.summary_json + " exists)");

  RunTokenizer tokenizer = load_run_tokenizer(config);
  RunRequests run = build_run_requests(config, *tokenizer.tokenizer);
  const std::vector<PreparedRequest>& requests = run.requests;
  // Stamps are read back on shard 0's wall clock: monotonic == wall in the merge.
  const ClockAnchor anchor{0, 0};
  RecordFiles record_files(config, output, anchor, /*raw=*/false);
  RecordProcessor processor(metrics_settings(config), *tokenizer.tokenizer, requests, anchor, record_files.records_jsonl());
  record_files.attach(processor);
  // An accuracy run is graded again here, from the shards' responses, as one run.
  std::optional<AccuracyGrading> grading;
  if (run.answer_key) {
    grading.emplace(std::move(*run.answer_key));
    processor.add_sink(&*grading);
  }
  RecordFileWriter merged_records(output / kRecordFileName, anchor);

  // k-way merge in RecordOrderKey order: each shard's file is sorted, so memory holds one
  // record per shard and the summary state, whatever the record count.
  std::vector<std::unique_ptr<RecordFileReader>> readers;
  std::vector<RawRecord> heads(shards.size());
  using Item = std::pair<RecordOrderKey, size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
  std::vector<fs::path> sorted_copies;  // a killed shard's records, sorted here (its own files stay untouched)
  for (size_t i = 0; i < shards.size(); ++i) {
    fs::path file = shards[i].dir / kRecordFileName;
    if (!shards[i].manifest.sorted) {
      const fs::path copy = output / (".unsorted-shard-" + std::to_string(i) + ".bin");
      bool torn = false;
      shards[i].manifest.records = copy_sorted_record_file(file, copy, torn);
      if (torn) problems.push_back(file.string() + ": its last record was cut off when the shard stopped");
      sorted_copies.push_back(copy);
      file = copy;
    }
    readers.push_back(std::make_unique<RecordFileReader>(file, shards[i].manifest.clock.offset_ns));
    if (readers[i]->next(heads[i])) queue.emplace(record_order_key(heads[i]), i);
  }
  uint64_t records = 0;
  while (!queue.empty()) {
    const size_t i = queue.top().second;
    queue.pop();
    processor.process(heads[i]);
    merged_records.write(heads[i]);
    ++records;
    if (readers[i]->next(heads[i])) queue.emplace(record_order_key(heads[i]), i);
  }
  for (size_t i = 0; i < shards.size(); ++i)
    if (readers[i]->records_read() != shards[i].manifest.records)
      problems.push_back(shards[i].dir.string() + ": " + std::to_string(readers[i]->records_read()) +
                         " records read, shard.json says " + std::to_string(shards[i].manifest.records));

  for (const fs::path& p : sorted_copies) fs::remove(p, ec);
  RunSummary summary = processor.summarize();
  RunInfo info;
  info.benchmark_id = first.run_id;
  info.start_wall_ns = INT64_MAX;
  info.end_wall_ns = 0;
  for (const MergeShard& s : shards) {
    if (s.manifest.profiling_start_wall_ns) info.start_wall_ns = std::min(info.start_wall_ns, s.manifest.profiling_start_wall_ns);
    info.end_wall_ns = std::max(info.end_wall_ns, s.manifest.profiling_end_wall_ns);
  }
  if (info.start_wall_ns == INT64_MAX) info.start_wall_ns = info.end_wall_ns;
  for (const std::string& p : problems) info.incomplete_reason += (info.incomplete_reason.empty() ? "" : "; ") + p;
  info.was_cancelled = !problems.empty();

  bool ok = record_files.close();
  if (!merged_records.close()) {
    log(LogLevel::error, "writing " + (output / kRecordFileName).string() + " failed; it is incomplete");
    ok = false;
  }
  fs::copy_file(shards.front().dir / "inputs.json", output / "inputs.json", fs::copy_options::overwrite_existing, ec);

  // The merged directory is itself a shard directory of the run, on shard 0's clock.
  ShardManifest merged = first;
  merged.indices.assign(covered.begin(), covered.end());
  merged.clock = ShardClock{};
  merged.records = records;
  merged.complete = shard_problems.empty();
  merged.incomplete_reason.clear();
  for (const std::string& p : shard_problems) merged.incomplete_reason += (merged.incomplete_reason.empty() ? "" : "; ") + p;
  merged.start_wall_ns = INT64_MAX;
  for (const MergeShard& s : shards) {
    merged.start_wall_ns = std::min(merged.start_wall_ns, s.manifest.start_wall_ns);
    if (s.manifest.shard_clocks.size() > merged.shard_clocks.size()) merged.shard_clocks = s.manifest.shard_clocks;
  }
  merged.profiling_start_wall_ns = info.start_wall_ns;
  merged.profiling_end_wall_ns = info.end_wall_ns;
  if (!first.config_file.empty())
    fs::copy_file(shards.front().dir / first.config_file, output / first.config_file, fs::copy_options::overwrite_existing, ec);
  write_shard_manifest(output, merged);

  std::cout << "Merged " << shards.size() << " shard director" << (shards.size() == 1 ? "y" : "ies") << " (shards "
            << index_list(merged.indices) << " of " << first.num_shards << ", run " << first.run_id << "): " << records
            << " records" << std::endl;
  // Shard 0's clock is the timeline; each other shard's records were moved by its offset.
  for (size_t i = 1; i < merged.shard_clocks.size(); ++i) {
    char line[128];
    std::snprintf(line, sizeof line, "  shard %zu: clock %+.3f ms from shard 0's, ± %.3f ms\n", i,
                  double(merged.shard_clocks[i].offset_ns) / 1e6, double(merged.shard_clocks[i].uncertainty_ns) / 1e6);
    std::cout << line;
  }
  export_run(config, summary, info, output);
  if (grading && !report_accuracy(config, *grading, output)) ok = false;
  if (!problems.empty()) {
    log(LogLevel::error, "the merged run is incomplete: " + info.incomplete_reason);
    return 1;
  }
  return ok ? 0 : 1;
}

// A sharded sweep's base directory: the cells (sub-directories holding shard-* directories),
// merged one by one into OUT/<cell>/, then the sweep aggregate over the merged cells, as the
// study writes it for an unsharded sweep (docs/cluster.md, "Sweeps").
int merge_sweep(const fs::path& root, const fs::path& output) {
  const std::vector<fs::path> cells = sweep_cells(root);
  std::vector<std::string> incomplete;
  for (const fs::path& cell : cells) {
    std::cout << "== cell " << cell.filename().string() << std::endl;
    if (merge_shard_dirs({cell}, output / cell.filename()) != 0) incomplete.push_back(cell.filename().string());
  }
  const std::vector<fs::path> first_shards = expand(cells.front());
  const MergeShard first{first_shards.front(), read_shard_manifest(first_shards.front())};
  std::optional<Study> study = parse_profile_study(unsharded_args(first));
  if (!study || !study->is_sweep()) return incomplete.empty() ? 0 : 1;
  SweepAggregateInput sweep;
  sweep.sweep_type = study->sweep_type;
  sweep.dimensions = study->dimensions;
  sweep.num_trials_per_value = 1;
  sweep.sweep_mode = "independent";
  sweep.confidence_level = study->settings.multi_run.confidence_level;
  sweep.sla_filters = study->settings.sla_filters;
  for (const StudyVariation& v : study->variations) {
    const fs::path summary_path = output / v.name / artifact_names(v.config).summary_json;
    if (!fs::exists(summary_path)) {
      incomplete.push_back(v.name + " (not run)");
      continue;
    }
    std::ifstream in(summary_path);
    const nlohmann::json summary = nlohmann::json::parse(in);
    SweepCell cell;
    cell.name = v.name;
    cell.parameters = v.parameters;
    const bool ok = !summary.value("was_cancelled", false);
    (ok ? cell.successful_trials : cell.failed_trials) = 1;
    if (ok)
      for (const auto& [tag, m] : summary.items()) {
        if (!m.is_object() || !m.contains("unit")) continue;
        for (const auto& [stat, value] : m.items())
          if (stat != "unit" && value.is_number()) cell.metrics[tag + "_" + stat] = {{"mean", value}, {"unit", m["unit"]}};
      }
    if (!sweep.sla_filters.empty() && ok) {
      const std::vector<nlohmann::json> summaries{summary};
      cell.feasible = probe_from_summaries({}, summaries, sweep.sla_filters, std::nullopt).feasible;
    }
    sweep.cells.push_back(std::move(cell));
  }
  for (const std::string& c : incomplete) sweep.incomplete_reason += (sweep.incomplete_reason.empty() ? "cells incomplete: " : ", ") + c;
  const fs::path dir = output / "sweep_aggregate";
  fs::create_directories(dir);
  std::ofstream(dir / "profile_export_aiperf_sweep.json") << pretty_json_text(sweep_aggregate_json(sweep)) << "\n";
  std::ofstream(dir / "profile_export_aiperf_sweep.csv") << sweep_aggregate_csv(sweep);
  std::cout << "\nSweep aggregate of the merged cells: " << (dir / "profile_export_aiperf_sweep.json").string() << std::endl;
  if (!incomplete.empty()) {
    log(LogLevel::error, "the merged sweep is incomplete: " + sweep.incomplete_reason);
    return 1;
  }
  return 0;
}

}  // namespace

}  // namespace aiperf
