// --custom-dataset-type baseten_trace (workloads-and-endpoints.md §3.6): Baseten's production
// request logs as Parquet, one request per row. Rows sharing a session id are one conversation
// in time order; every row's `prompt` already holds the expanded history, so each turn is sent
// on its own, literally, as a completions prompt. Recorded output lengths become max_tokens and
// min_tokens; KV-cache hints (total_hashes, block_size) ride along as body fields.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <numeric>

#include "common/rng_stream.h"
#include "config/dataset_size_limit.h"
#include "config/env_settings.h"
#include "dataset/conversation_id.h"
#include "dataset/loaders/input_file_dataset.h"
#include "io/parquet_reader.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

struct BasetenRow {
  size_t row = 0;  // 1-based, for messages
  double timestamp_ms = 0;
  double e2e_ms = 0;  // duration_e2e_ms when recorded: the closed loop's think time is the gap minus it
  std::string prompt;
  int64_t input_tokens = 0;
  int64_t output_tokens = 1;
  std::string extra_body;
};

// Required numeric cells: NULL, or a non-number column, is an error naming the row.
class Columns {
 public:
  Columns(const ParquetFile& file, const std::string& path) : file_(file), path_(path) {}

  ParquetColumnValues required(const char* name, bool text) const {
    if (!file_.has_column(name)) fail(0, "missing required column '" + std::string(name) + "'");
    ParquetColumnValues c = read(name);
    if (c.is_list || (text ? !c.is_text() : !(c.is_integer() || c.is_real())))
      fail(0, "column '" + std::string(name) + "' must be " + (text ? "text" : "a number") + ", not " +
                  (c.is_list ? "a list" : parquet_physical_name(c.type)));
    for (size_t r = 0; r < c.rows(); ++r)
      if (c.is_null(r)) fail(r + 1, "'" + std::string(name) + "' is NULL");
    return c;
  }
  std::optional<ParquetColumnValues> optional(const char* name) const {
    if (!file_.has_column(name)) return std::nullopt;
    return read(name);
  }
  [[noreturn]] void fail(size_t row, const std::string& what) const {
    throw ConfigError("--input-file " + path_ + (row ? ", row " + std::to_string(row) : "") + ": " + what);
  }

 private:
  ParquetColumnValues read(const char* name) const {
    try {
      return file_.read_column(name);
    } catch (const ParquetError& e) {
      throw ConfigError(std::string("--input-file ") + e.what());
    }
  }
  const ParquetFile& file_;
  const std::string& path_;
};

double number_at(const ParquetColumnValues& c, size_t slot) { return c.is_real() ? c.reals[slot] : double(c.ints[slot]); }

// A session id cell as text (string or integer columns), nullopt when NULL.
std::optional<std::string> id_at(const ParquetColumnValues& c, size_t r) {
  if (c.is_list || c.is_null(r)) return std::nullopt;
  if (c.is_text()) return c.texts[r];
  if (c.is_integer()) return std::to_string(c.ints[r]);
  return std::nullopt;
}

// min_tokens, hash_ids and block_size of one row, as a JSON object (empty string: none).
std::string row_extra(const DatasetBuildSettings& config, const Columns& cols, size_t r, int64_t output_tokens,
                      const std::optional<ParquetColumnValues>& hashes,
                      const std::optional<ParquetColumnValues>& block_size) {
  ojson extra = ojson::object();
  if (config.force_min_tokens) extra["min_tokens"] = output_tokens;
  if (!config.omit_kv_hints) {
    if (hashes && !hashes->is_null(r)) {
      if (!hashes->is_list || !hashes->is_integer())
        cols.fail(0, "column 'total_hashes' must be a list of integers");
      ojson ids = ojson::array();
      for (uint32_t i = hashes->offsets[r]; i < hashes->offsets[r + 1]; ++i) {
        if (!hashes->valid[i]) cols.fail(r + 1, "'total_hashes' holds a NULL element");
        ids.push_back(hashes->ints[i]);
      }
      extra["hash_ids"] = std::move(ids);
    }
    if (block_size && !block_size->is_null(r)) {
      if (block_size->is_list || !block_size->is_integer()) cols.fail(0, "column 'block_size' must be an integer");
      extra["block_size"] = block_size->ints[r];
    }
  }
  return extra.empty() ? std::string() : extra.dump();
}

// Also fills `ids`: each row's session id (nullopt: a session of its own) from
// provided_session_id, or the column AIPERF_DATASET_BASETEN_SESSION_COLUMN names.
std::vector<BasetenRow> read_rows(const DatasetBuildSettings& config, const std::string& path,
                                  std::vector<std::optional<std::string>>& ids) {
  std::optional<ParquetFile> file;
  try {
    file.emplace(path);
  } catch (const ParquetError& e) {
    throw ConfigError(std::string("--input-file ") + e.what());
  }
  const Columns cols(*file, path);
  const ParquetColumnValues ts = cols.required("timestamp_start_unix_ms", false);
  const ParquetColumnValues prompt = cols.required("prompt", true);
  const ParquetColumnValues input_tokens = cols.required("input_tokens", false);
  const ParquetColumnValues output_tokens = cols.required("output_tokens", false);
  const std::optional<ParquetColumnValues> hashes = cols.optional("total_hashes");
  const std::optional<ParquetColumnValues> block_size = cols.optional("block_size");
  const std::optional<ParquetColumnValues> e2e = cols.optional("duration_e2e_ms");
  if (e2e && (e2e->is_list || !(e2e->is_integer() || e2e->is_real())))
    cols.fail(0, "column 'duration_e2e_ms' must be a number");
  std::vector<BasetenRow> rows(size_t(file->num_rows()));
  const std::string& env = env_settings().dataset_baseten_session_column;
  const std::string session_column = env.empty() ? "provided_session_id" : env;
  if (!env.empty() && !file->has_column(session_column))
    throw ConfigError("AIPERF_DATASET_BASETEN_SESSION_COLUMN=" + session_column + ": --input-file " + path +
                      " has no such column");
  ids.assign(rows.size(), std::nullopt);
  if (const std::optional<ParquetColumnValues> sessions = cols.optional(session_column.c_str()))
    for (size_t r = 0; r < rows.size(); ++r) ids[r] = id_at(*sessions, r);
  for (size_t r = 0; r < rows.size(); ++r) {
    BasetenRow& row = rows[r];
    row.row = r + 1;
    row.timestamp_ms = number_at(ts, r);
    if (!std::isfinite(row.timestamp_ms)) cols.fail(r + 1, "'timestamp_start_unix_ms' is not a finite number");
    row.prompt = prompt.texts[r];
    if (e2e && !e2e->is_null(r)) row.e2e_ms = std::max(0.0, number_at(*e2e, r));
    const double in = number_at(input_tokens, r), out = number_at(output_tokens, r);
    if (!std::isfinite(in) || !std::isfinite(out) || in > 1e15 || out > 1e15)
      cols.fail(r + 1, "'input_tokens' / 'output_tokens' is not a finite token count");
    row.input_tokens = std::max<int64_t>(0, int64_t(in));
    // The prompt comes with the row, but a count past any model's context is a broken trace,
    // refused as every other trace format refuses it.
    if (std::string problem = prompt_tokens_problem(row.input_tokens); !problem.empty())
      cols.fail(r + 1, "'input_tokens' " + std::to_string(row.input_tokens) + ": " + problem);
    // Upstream floors the recorded output length at 1: a zero-token request cannot be replayed.
    row.output_tokens = std::max<int64_t>(1, int64_t(out));
    row.extra_body = row_extra(config, cols, r, row.output_tokens, hashes, block_size);
  }
  return rows;
}

// --max-idle-gap-cap-seconds: every gap between consecutive send times (over the whole
// trace) longer than the cap is shortened to it, shifting everything after it earlier.
void cap_idle_gaps(std::vector<BasetenRow>& rows, double cap_ms) {
  std::vector<double> times;
  for (const BasetenRow& r : rows) times.push_back(r.timestamp_ms);
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  std::map<double, double> moved;
  double shift = 0;
  for (size_t i = 0; i < times.size(); ++i) {
    if (i && times[i] - times[i - 1] > cap_ms) shift += times[i] - times[i - 1] - cap_ms;
    moved[times[i]] = times[i] - shift;
  }
  for (BasetenRow& r : rows) r.timestamp_ms = moved[r.timestamp_ms];
}

}  // namespace

FileDataset load_baseten_trace_file(const DatasetBuildSettings& config, const Tokenizer&) {
  const std::string& path = *config.input_file;
  const std::string ext = fs::path(path).extension().string();
  if (ext == ".arrow" || ext == ".ipc" || ext == ".feather")
    throw ConfigError("--input-file " + path + ": Arrow IPC baseten traces are not supported by aiperf-cpp; "
                      "convert the file to Parquet (docs/datasets.md)");
  if (config.endpoint_type != EndpointType::completions)
    throw ConfigError("--custom-dataset-type baseten_trace replays each row's prompt as a completions prompt: "
                      "pass --endpoint-type completions");
  std::vector<std::optional<std::string>> ids;
  std::vector<BasetenRow> rows = read_rows(config, path, ids);
  if (rows.empty()) throw ConfigError("--input-file " + path + ": the trace has no rows");

  // Milliseconds since the first event, then replay speed, then idle-gap capping (§3.6 order).
  const double first = std::min_element(rows.begin(), rows.end(), [](auto& a, auto& b) {
                         return a.timestamp_ms < b.timestamp_ms;
                       })->timestamp_ms;
  for (BasetenRow& r : rows) r.timestamp_ms = (r.timestamp_ms - first) / config.replay_speedup.value_or(1.0);
  if (config.max_idle_gap_cap_seconds) cap_idle_gaps(rows, *config.max_idle_gap_cap_seconds * 1000.0);

  // Sessions in order of first appearance; rows without an id (or with --open-loop-strict)
  // are sessions of their own.
  std::vector<std::vector<size_t>> sessions;
  std::vector<std::string> names;
  std::map<std::string, size_t> by_id;
  for (size_t r = 0; r < rows.size(); ++r) {
    if (!ids[r] || config.open_loop_strict) {
      sessions.push_back({r});
      names.emplace_back();
      continue;
    }
    auto [it, fresh] = by_id.try_emplace(*ids[r], sessions.size());
    if (fresh) {
      sessions.emplace_back();
      names.push_back(*ids[r]);
    }
    sessions[it->second].push_back(r);
  }

  std::vector<size_t> kept(sessions.size());
  std::iota(kept.begin(), kept.end(), 0);
  if (config.trace_session_sample_ratio) {
    // Whole sessions: a shuffled pick of round(ratio * sessions) (at least one), kept in trace order.
    std::mt19937_64 rng = make_rng_stream(config.random_seed, "dataset.baseten.session_sample");
    std::shuffle(kept.begin(), kept.end(), rng);
    const size_t n = std::max<size_t>(1, size_t(std::llround(*config.trace_session_sample_ratio * double(kept.size()))));
    kept.resize(std::min(n, kept.size()));
    std::sort(kept.begin(), kept.end());
  }

  FileDataset out;
  for (size_t s : kept) {
    std::vector<size_t>& m = sessions[s];
    std::stable_sort(m.begin(), m.end(), [&](size_t a, size_t b) { return rows[a].timestamp_ms < rows[b].timestamp_ms; });
    BasetenRow& head = rows[m.front()];
    DatasetEntry entry;
    entry.conversation_id = names[s].empty() ? default_conversation_id(config, out.dataset.entries.size()) : names[s];
    entry.model = config.model_names.front();
    entry.prompt = std::move(head.prompt);
    entry.intended_input_tokens = head.input_tokens;
    entry.max_tokens = head.output_tokens;
    entry.parts.edit().turn_extra_bodies.push_back(std::move(head.extra_body));
    entry.resend_history = false;  // each prompt already holds the expanded history
    for (size_t k = 1; k < m.size(); ++k) {
      BasetenRow& r = rows[m[k]];
      DatasetTurn t;
      t.prompt = std::move(r.prompt);
      t.intended_input_tokens = r.input_tokens;
      t.max_tokens = r.output_tokens;
      if (config.open_loop_replay) {
        t.timestamp_ms = r.timestamp_ms;
      } else {
        // Closed loop (§3.6): the recorded gap between the two starts, less the previous
        // request's recorded duration, waited after the live reply.
        const BasetenRow& prev = rows[m[k - 1]];
        t.delay_ms = std::max(0.0, r.timestamp_ms - prev.timestamp_ms - prev.e2e_ms);
        if (config.inter_turn_delay_cap_s) t.delay_ms = std::min(t.delay_ms, *config.inter_turn_delay_cap_s * 1000.0);
      }
      entry.parts.edit().turn_extra_bodies.push_back(std::move(r.extra_body));
      entry.later_turns.push_back(std::move(t));
    }
    out.dataset.entries.push_back(std::move(entry));
    out.timestamps_ms.push_back(head.timestamp_ms);
    out.lines.push_back(head.row);
  }
  return out;
}

}  // namespace aiperf
