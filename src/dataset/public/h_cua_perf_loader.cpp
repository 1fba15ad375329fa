// --public-dataset h_cua_perf (workloads-and-endpoints.md §3.11): H Company's computer-use
// agent traces, h_cua.jsonl.zst (or an uncompressed h_cua.jsonl) beside the manifest
// h_cua.meta.json. Each line is one recorded chat request: session_id, delay (ms after the
// previous reply), messages (the complete history, screenshots as image_url parts), tools,
// output_length, extra (top-level body members such as tool_choice). The records of one
// session_id are one conversation whose turns are complete requests (upstream's
// message_array_with_responses): nothing is accumulated, live replies are not sent back.
//
// Each turn is built here, once, into the exact body it sends (RecordedRequest::raw_bodies): the
// recorded messages, tools and extra members stay byte for byte as in the file, around them
// go the run's model, stream flag, output cap and --extra-inputs. The file is decompressed
// and read a line at a time, and reading stops once --num-dataset-entries trajectories are in.
#include <simdjson.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <ostream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "config/user_json_nesting.h"
#include "dataset/public/h_cua_selection.h"
#include "dataset/loaders/input_file_dataset.h"
#include "dataset/public/public_dataset.h"
#include "dataset/screenshot_window.h"
#include "dataset/text_line_stream.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
namespace od = simdjson::ondemand;
using ojson = nlohmann::ordered_json;

const std::string kPrefix = "--public-dataset h_cua_perf: ";

struct Record {
  std::string messages;  // the JSON array as written in the file
  std::string tools;     // JSON array, or empty
  std::vector<std::pair<std::string, std::string>> extra;  // member name, raw JSON value
  std::optional<int64_t> output_length;
  double delay_ms = 0;
};

struct Trajectory {
  std::string id;
  size_t first_line = 0, length = 0;  // length: records in the file, kept or not
  std::vector<Record> records;        // the first ones, up to max_trace_length
};

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\r' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A value's JSON text as it appears in the line (simdjson 3.0 has raw_json() on arrays and
// objects only; scalars are one token).
simdjson::error_code raw_value(od::value v, std::string_view& out) {
  od::json_type type;
  if (auto e = v.type().get(type)) return e;
  if (type == od::json_type::array) {
    od::array a;
    if (auto e = v.get_array().get(a)) return e;
    return a.raw_json().get(out);
  }
  if (type == od::json_type::object) {
    od::object o;
    if (auto e = v.get_object().get(o)) return e;
    return o.raw_json().get(out);
  }
  out = trimmed(v.raw_json_token());
  return simdjson::SUCCESS;
}

class RecordParser {
 public:
  explicit RecordParser(const TextLineStream& lines) : lines_(lines) {}

  // Starts on a line: its session id (valid until the next line). rest() then reads the
  // other fields of the same line, when the record is kept.
  const std::string& begin(std::string_view line) {
    simdjson::padded_string_view json(line.data(), line.size(), line.size() + TextLineStream::kPadding);
    if (parser_.iterate(json).get(doc_) || doc_.get_object().get(row_)) fail("expected a JSON object");
    std::string_view id;
    auto sid = row_.find_field_unordered("session_id");
    if (sid.error() == simdjson::NO_SUCH_FIELD) fail("no 'session_id'");
    if (sid.get_string().get(id)) fail("'session_id' must be a string");
    id_.assign(id);  // the parser reuses its string buffer for later fields
    return id_;
  }

  void rest(Record& r) {
    od::object& row = row_;
    od::array messages;
    auto m = row.find_field_unordered("messages");
    if (m.error() == simdjson::NO_SUCH_FIELD) fail("no 'messages' list");
    if (m.get_array().get(messages)) fail("'messages' must be a list");
    std::string_view raw;
    if (messages.raw_json().get(raw)) fail("'messages' is not valid JSON");
    if (trimmed(raw) == "[]" || raw.find_first_not_of("[ \t\r\n]") == std::string_view::npos)
      fail("'messages' is empty");
    r.messages.assign(trimmed(raw));

    if (auto t = row.find_field_unordered("tools"); t.error() != simdjson::NO_SUCH_FIELD && !is_null(t)) {
      od::array tools;
      if (t.get_array().get(tools) || tools.raw_json().get(raw)) fail("'tools' must be a list");
      r.tools.assign(trimmed(raw));
    }
    if (auto o = row.find_field_unordered("output_length"); o.error() != simdjson::NO_SUCH_FIELD && !is_null(o)) {
      int64_t n = 0;
      if (o.get_int64().get(n) || n < 1) fail("'output_length' must be an integer >= 1");
      r.output_length = n;
    }
    if (auto d = row.find_field_unordered("delay"); d.error() != simdjson::NO_SUCH_FIELD && !is_null(d)) {
      double ms = 0;
      if (d.get_double().get(ms) || !(ms >= 0)) fail("'delay' must be a number >= 0 (ms)");
      r.delay_ms = ms;
    }
    if (auto x = row.find_field_unordered("extra"); x.error() != simdjson::NO_SUCH_FIELD && !is_null(x)) {
      od::object extra;
      if (x.get_object().get(extra)) fail("'extra' must be an object");
      for (auto field : extra) {
        std::string_view key;
        if (field.unescaped_key().get(key)) fail("'extra' is not valid JSON");
        std::string name(key);
        if (raw_value(field.value(), raw)) fail("'extra' is not valid JSON");
        r.extra.emplace_back(std::move(name), std::string(raw));
      }
    }
  }

 private:
  static bool is_null(simdjson::simdjson_result<od::value> v) {
    bool null = false;
    return !v.is_null().get(null) && null;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw ConfigError(kPrefix + lines_.path() + ", line " + std::to_string(lines_.line_number()) + ": " + what);
  }

  const TextLineStream& lines_;
  od::parser parser_;
  od::document doc_;
  od::object row_;
  std::string id_;
};

// h_cua.meta.json: only `session_turns` (session id -> its number of records) is read; it
// checks that trace and manifest belong together, at no cost (the sha256 would mean
// hashing 2.5 GB every run).
std::optional<nlohmann::json> read_manifest(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  require_json_nesting(text, kPrefix + path.string(), 1);
  const nlohmann::json meta = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  auto turns = meta.is_object() ? meta.find("session_turns") : meta.end();
  if (turns == meta.end() || !turns->is_object())
    throw ConfigError(kPrefix + path.string() + ": expected a JSON object with a 'session_turns' object");
  return *turns;
}

// One turn's body: the recorded parts verbatim, the run's settings around them. Members are
// set in order and a later one replaces an earlier one in place: built fields, then
// --extra-inputs, then the record's `extra` (per-turn fields merge last, §1).
std::string build_body(const DatasetBuildSettings& config, const Record& r, std::optional<int64_t> fallback_cap) {
  std::vector<std::pair<std::string, std::string>> members;
  auto set = [&](const std::string& key, std::string raw) {
    for (auto& [k, v] : members)
      if (k == key) return void(v = std::move(raw));
    members.emplace_back(key, std::move(raw));
  };
  set("messages", r.messages);
  if (!r.tools.empty()) set("tools", r.tools);
  set("model", ojson(config.model_names.front()).dump());
  set("stream", config.streaming ? "true" : "false");
  if (std::optional<int64_t> cap = r.output_length ? r.output_length : fallback_cap)
    set(config.use_legacy_max_tokens ? "max_tokens" : "max_completion_tokens", std::to_string(*cap));
  for (const auto& [key, value] : config.extra_inputs.items()) set(key, value.dump());
  for (const auto& [key, raw] : r.extra) set(key, raw);
  // Usage on a stream only comes when asked for (request_builder.cpp does the same).
  for (auto& [k, v] : members)
    if (k == "stream" && v == "true") {
      ojson options = ojson::object();
      for (auto& [k2, v2] : members)
        if (k2 == "stream_options") options = ojson::parse(v2, nullptr, false);
      if (options.is_null() || options.is_discarded()) options = ojson::object();
      if (options.is_object()) {
        options["include_usage"] = true;
        if (config.per_chunk_usage) options["continuous_usage_stats"] = true;
        set("stream_options", options.dump());
      }
      break;
    }
  std::string body = "{";
  for (const auto& [key, raw] : members) body += (body.size() > 1 ? "," : "") + ojson(key).dump() + ":" + raw;
  return body + "}";
}

struct Counts {
  size_t lines = 0, trajectories = 0, too_short = 0, requests_in_kept = 0;
  bool stopped_early = false;
};

std::vector<Trajectory> read_trajectories(const fs::path& trace, const std::optional<nlohmann::json>& manifest,
                                          const HCuaFilters& filters, std::optional<size_t> first_n, Counts& counts) {
  TextLineStream lines(trace.string(), kPrefix);
  RecordParser parser(lines);
  std::vector<Trajectory> kept;
  std::set<std::string, std::less<>> seen;
  Trajectory current;
  std::string ended_by_manifest;  // the last trajectory the manifest's count closed
  const size_t cap = filters.max_trace_length ? size_t(*filters.max_trace_length) : SIZE_MAX;

  auto finish = [&]() {
    if (current.length == 0) return;
    ++counts.trajectories;
    if (manifest) {
      auto it = manifest->find(current.id);
      if (it == manifest->end() || !it->is_number_integer() || it->get<int64_t>() != int64_t(current.length))
        throw ConfigError(kPrefix + trace.string() + ", line " + std::to_string(current.first_line) + ": session '" +
                          current.id + "' has " + std::to_string(current.length) + " records, the manifest " +
                          (it == manifest->end() ? "does not list it" : "says " + it->dump()) +
                          ": trace and h_cua.meta.json are not from the same release");
    }
    if (h_cua_kept_length(filters, current.length) == 0) {
      ++counts.too_short;
    } else {
      kept.push_back(std::move(current));
    }
    current = Trajectory{};
  };

  std::string_view line;
  while (lines.next(line)) {
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    ++counts.lines;
    const std::string& id = parser.begin(line);
    const bool starts = id != current.id || current.length == 0;
    if (starts) {
      finish();
      if (first_n && kept.size() == *first_n) {
        counts.stopped_early = true;
        return kept;
      }
      if (id == ended_by_manifest)
        throw ConfigError(kPrefix + trace.string() + ", line " + std::to_string(lines.line_number()) + ": session '" +
                          id + "' has more than the " + manifest->at(id).dump() +
                          " records the manifest says: trace and h_cua.meta.json are not from the same release");
      if (!seen.insert(id).second)
        throw ConfigError(kPrefix + trace.string() + ", line " + std::to_string(lines.line_number()) + ": session '" +
                          id + "' appeared before; the records of a trajectory must be consecutive");
      current.id = id;
      current.first_line = lines.line_number();
    }
    // Only the kept first records of a trajectory are read whole.
    if (current.records.size() < cap) {
      Record r;
      parser.rest(r);
      current.records.push_back(std::move(r));
    }
    ++current.length;
    // With the manifest a trajectory is known to be complete at its last record, so reading
    // stops there rather than one line later.
    if (manifest) {
      auto it = manifest->find(current.id);
      if (it != manifest->end() && it->is_number_integer() && it->get<int64_t>() == int64_t(current.length)) {
        ended_by_manifest = current.id;
        finish();
        if (first_n && kept.size() == *first_n) {
          counts.stopped_early = true;
          return kept;
        }
      }
    }
  }
  finish();
  if (first_n && kept.size() > *first_n) kept.resize(*first_n);
  return kept;
}

}  // namespace

Dataset load_h_cua_perf_files(const fs::path& trace, const DatasetBuildSettings& config, std::ostream& notes) {
  if (config.endpoint_type != EndpointType::chat)
    throw ConfigError(kPrefix + "the recorded requests are chat messages: it needs --endpoint-type chat");
  const auto start = std::chrono::steady_clock::now();
  const HCuaFilters filters = parse_h_cua_filters(config.dataset_filters);
  const fs::path manifest_path = trace.parent_path() / "h_cua.meta.json";
  const std::optional<nlohmann::json> manifest = read_manifest(manifest_path);
  // Only an explicit --num-dataset-entries bounds the selection (its default of 100 is for
  // synthetic prompts).
  const std::optional<size_t> first_n =
      config.num_dataset_entries_given ? std::optional<size_t>(size_t(config.num_dataset_entries)) : std::nullopt;
  Counts counts;
  std::vector<Trajectory> kept = read_trajectories(trace, manifest, filters, first_n, counts);
  if (kept.empty())
    throw ConfigError(kPrefix + trace.string() + ": no trajectory has " + std::to_string(filters.min_trace_length) +
                      "+ requests (" + std::to_string(counts.trajectories) + " read)");

  std::vector<size_t> lengths;
  for (const Trajectory& t : kept) lengths.push_back(t.records.size());
  lengths = fit_h_cua_lengths(filters, std::move(lengths));

  FallbackOutputLength osl(config);
  Dataset out;
  size_t requests = 0;
  for (size_t i = 0; i < kept.size(); ++i) {
    Trajectory& t = kept[i];
    t.records.resize(lengths[i]);
    if (filters.n_screenshots) {
      std::vector<ojson> histories;
      for (const Record& r : t.records) histories.push_back(ojson::parse(r.messages));
      apply_screenshot_window(histories, *filters.n_screenshots);
      for (size_t k = 0; k < t.records.size(); ++k) t.records[k].messages = histories[k].dump();
    }
    DatasetEntry e;
    e.conversation_id = t.id;
    e.model = config.model_names.front();
    e.resend_history = false;  // every body holds the whole history
    for (size_t k = 0; k < t.records.size(); ++k) {
      const std::optional<int64_t> fallback = t.records[k].output_length ? std::nullopt : osl.next();
      e.recorded.edit().raw_bodies.push_back(build_body(config, t.records[k], fallback));
      // The first record's delay follows no reply of this replay: the session starts when the
      // load generator starts it.
      if (k > 0) e.later_turns.emplace_back().delay_ms = t.records[k].delay_ms;
    }
    requests += t.records.size();
    out.entries.push_back(std::move(e));
  }

  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char took[32];
  std::snprintf(took, sizeof took, "%.2f", seconds);
  notes << kPrefix << trace.string() << ": kept " << out.entries.size() << " trajectories (" << requests
        << " requests) of " << counts.trajectories << " read";
  if (manifest) notes << " (" << manifest->size() << " in the manifest)";
  if (counts.too_short) notes << "; skipped " << counts.too_short << " shorter than min_trace_length";
  if (counts.stopped_early || (first_n && out.entries.size() == *first_n))
    notes << "; stopped at --num-dataset-entries " << *first_n;
  if (!manifest) notes << "; no " << manifest_path.string() << ", record counts not checked";
  notes << "; loaded in " << took << " s\n";
  return out;
}

}  // namespace aiperf
