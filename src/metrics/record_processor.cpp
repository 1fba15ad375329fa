#include "metrics/record_processor.h"

#include <ostream>
#include <string>

#include "endpoints/multipart_form.h"
#include "endpoints/response_parser.h"
#include "metrics/audio_metrics.h"
#include "metrics/goodput.h"
#include "metrics/metric_accumulator.h"
#include "metrics/network_adjusted.h"
#include "metrics/record_jsonl.h"
#include "metrics/record_metrics.h"
#include "metrics/replay_lag.h"
#include "metrics/request_text.h"
#include "metrics/slice_records.h"
#include "metrics/steady_state.h"
#include "metrics/timeslices.h"
#include "metrics/token_counts.h"

namespace aiperf {
namespace {

// Distinct errors in first-seen order; a handful of kinds per run, so a linear scan wins.
void count_error(std::vector<ErrorSummaryEntry>& summary, const ErrorDetails& e) {
  for (auto& entry : summary) {
    if (entry.error == e) {
      ++entry.count;
      return;
    }
  }
  summary.push_back(ErrorSummaryEntry{e, 1});
}

}  // namespace

struct RecordProcessor::Impl {
  Impl(const MetricsSettings& c, const Tokenizer& t, const std::vector<PreparedRequest>& r,
       ClockAnchor a, std::ostream* out)
      : config(c), tokenizer(t), requests(r), anchor(a), jsonl(out),
        body_cache(r.size()), body_cached(r.size(), false), options(record_metric_options(c)),
        slos(resolve_goodput(c)), spill(spill_settings_from_env()), profiling(spill), warmup(spill),
        slice_records(spill) {
    configure(profiling);
    configure(warmup);
  }

  // Goodput and session counts, as the run asked; every accumulator of the run alike.
  void configure(MetricAccumulator& acc) const {
    if (!config.goodput.empty()) acc.enable_goodput();
    if (config.multi_turn) acc.enable_sessions();
  }

  // The profiling phase's metrics from `acc`: the run's, or a steady-state window's.
  std::vector<MetricResult> profiling_metrics(MetricAccumulator& acc) const {
    std::vector<MetricResult> out = acc.summarize();
    if (network_rtt_ms)
      for (MetricResult& m : network_adjusted_metrics(acc, *network_rtt_ms)) out.push_back(std::move(m));
    if (config.fixed_schedule)
      for (MetricResult& m : acc.with_ascending(MetricId::send_lag,
                                                [](const auto& sorted) { return replay_lag_metrics_sorted(sorted); }))
        out.push_back(std::move(m));
    return out;
  }

  bool keeps_slice_records() const { return config.slice_duration || config.steady_state; }

  const MetricsSettings config;  // a copy: the caller's may be a temporary
  const Tokenizer& tokenizer;
  const std::vector<PreparedRequest>& requests;
  ClockAnchor anchor;
  std::ostream* jsonl;

  // What a request body says about token counts: its ISL and the output length it asked for.
  struct BodyCounts {
    std::optional<int64_t> isl;
    std::optional<int64_t> requested_osl;
    std::optional<int64_t> images;  // image parts, for num_images
  };
  // Bodies repeat across the run (requests are drawn from a fixed set), so each one is
  // tokenised once. Indexed by dataset_index.
  std::vector<BodyCounts> body_cache;
  std::vector<bool> body_cached;
  RecordMetricOptions options;
  std::vector<GoodputSlo> slos;
  SpillSettings spill;

  MetricAccumulator profiling;
  MetricAccumulator warmup;  // never mixed into profiling statistics (§4)
  std::vector<ErrorSummaryEntry> errors;
  SliceRecords slice_records;  // profiling records, --slice-duration and --steady-state only
  int64_t warmup_records = 0;
  int64_t invalid_sse_messages = 0;          // every phase: the run's warning counts them all
  int64_t records_with_invalid_sse = 0;
  std::string line;  // reused for every JSONL line
  std::ostream* raw_out = nullptr;
  HeaderList raw_headers;
  std::vector<std::string> raw_correlation_headers;
  std::vector<RecordSink*> sinks;
  std::optional<double> network_rtt_ms;

  BodyCounts count_body(std::string_view body) const {
    BodyCounts c;
    // Images are counted on the wire payload itself: a form's file parts, a JSON body's parts.
    if (options.images == ImageCountSource::request)
      c.images = request_image_count(body, config.multipart ? config.multipart_boundary : "");
    // A form is read through its JSON view (its text fields), never as bytes.
    std::string form_json;
    if (config.multipart) {
      std::optional<nlohmann::ordered_json> form = form_body_as_json(body, config.multipart_boundary);
      form_json = form ? form->dump() : std::string();
      body = form_json;
    }
    c.requested_osl = request_max_tokens(body);
    if (config.use_server_token_count) return c;  // the tokenizer is never called then
    if (!endpoint_info(config.endpoint_type).tokenizes_input) return c;  // TOKENIZES_INPUT_ONLY (§0.1)
    if (auto text = request_input_text(config.endpoint_type, body)) c.isl = int64_t(tokenizer.count(*text));
    return c;
  }

  // The prepared turn's first audio clip (audio_duration, rtfx).
  std::optional<double> audio_seconds(const RawRecord& raw) const {
    if (raw.dataset_index >= requests.size()) return std::nullopt;
    const auto& seconds = requests[raw.dataset_index].turn_audio_seconds;
    return raw.turn_index < seconds.size() ? seconds[raw.turn_index] : std::nullopt;
  }

  BodyCounts prepared_body_counts(uint32_t index) {
    if (index >= requests.size()) return {};
    if (!body_cached[index]) {
      body_cache[index] = count_body(requests[index].body);
      body_cached[index] = true;
    }
    return body_cache[index];
  }

  TokenCounts token_counts(const RawRecord& raw, const ParsedRecord& parsed) {
    // A later turn's body (history included) is unique to its request: counted, not cached.
    const BodyCounts body = raw.request_body.empty() ? prepared_body_counts(raw.dataset_index)
                                                     : count_body(raw.request_body);
    TokenCounts t;
    if (config.use_server_token_count) {
      t = server_token_counts(parsed);
    } else {
      if (!parsed.error) t = count_output_tokens(tokenizer, parsed);
      t.input = body.isl;
    }
    t.requested_output = body.requested_osl;
    t.request_images = body.images;
    return t;
  }

  std::string_view conversation_id(const RawRecord& raw) const {
    if (raw.dataset_index < requests.size()) return requests[raw.dataset_index].conversation_id;
    return {};
  }

  void write_line(const RawRecord& raw, const RecordMetrics& m, const ParsedRecord& parsed) {
    if (!jsonl) return;
    line.clear();
    append_record_line(line, raw, conversation_id(raw), anchor, m, parsed.error, config.export_http_trace,
                       parsed.invalid_sse_messages);
    jsonl->write(line.data(), std::streamsize(line.size()));
  }

  void write_raw_line(const RawRecord& raw, const ParsedRecord& parsed) {
    if (!raw_out) return;
    std::string_view conversation_id, payload;
    if (raw.dataset_index < requests.size()) {
      conversation_id = requests[raw.dataset_index].conversation_id;
      payload = requests[raw.dataset_index].body;
    }
    if (!raw.request_body.empty()) payload = raw.request_body;
    std::string form_json;  // the raw export's payload is JSON: a form is written as its JSON view
    if (config.multipart && !payload.empty()) {
      std::optional<nlohmann::ordered_json> form = form_body_as_json(payload, config.multipart_boundary);
      form_json = form ? form->dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) : "null";
      payload = form_json;
    }
    line.clear();
    append_raw_export_line(line, raw, conversation_id, payload, raw_headers, anchor, parsed.error,
                           raw_correlation_headers);
    raw_out->write(line.data(), std::streamsize(line.size()));
  }
};

RecordProcessor::RecordProcessor(const MetricsSettings& config, const Tokenizer& tokenizer,
                                 const std::vector<PreparedRequest>& requests, ClockAnchor anchor,
                                 std::ostream* jsonl)
    : impl_(std::make_unique<Impl>(config, tokenizer, requests, anchor, jsonl)) {}

RecordProcessor::~RecordProcessor() = default;

void RecordProcessor::process(const RawRecord& raw) { accumulate(raw, measure(raw)); }

RecordProcessor::Measured RecordProcessor::measure(const RawRecord& raw) {
  Impl& s = *impl_;
  Measured out{parse_record(s.config.endpoint_type, raw), {}};
  const ParsedRecord& parsed = out.parsed;
  if (parsed.invalid_sse_messages != 0) {
    s.invalid_sse_messages += parsed.invalid_sse_messages;
    ++s.records_with_invalid_sse;
  }
  const TokenCounts tokens = s.token_counts(raw, parsed);
  RecordMetrics& m = out.metrics;
  m = compute_record_metrics(raw, parsed, tokens, s.options);
  add_audio_metrics(s.audio_seconds(raw), m);
  if (!s.slos.empty() && !parsed.error) m.good = meets_slos(m, s.slos);
  s.write_line(raw, m, parsed);
  s.write_raw_line(raw, parsed);
  for (RecordSink* sink : s.sinks) sink->add_parsed(raw, s.conversation_id(raw), m, parsed);
  return out;
}

void RecordProcessor::accumulate(const RawRecord& raw, const Measured& measured) {
  Impl& s = *impl_;
  const ParsedRecord& parsed = measured.parsed;
  const RecordMetrics& m = measured.metrics;
  const bool warmup = raw.phase == BenchmarkPhase::warmup;
  MetricAccumulator& acc = warmup ? s.warmup : s.profiling;
  if (warmup) ++s.warmup_records;
  if (!warmup && s.keeps_slice_records()) {
    SliceRecord r{0, request_end_wall_ns(raw, s.anchor, parsed.error.has_value()), parsed.error.has_value(), m};
    // A request that failed before its first byte went out has no start: it counts where it ended.
    r.start_wall_ns = raw.start_ns != 0 ? s.anchor.to_wall(raw.start_ns) : r.end_wall_ns;
    if (r.start_wall_ns == 0) r.start_wall_ns = s.anchor.wall;  // no time at all: the run's start
    if (r.end_wall_ns == 0) r.end_wall_ns = r.start_wall_ns;
    s.slice_records.push_back(std::move(r));
  }
  const int64_t start_wall = raw.start_ns != 0 ? s.anchor.to_wall(raw.start_ns) : 0;
  const int64_t end_wall = raw.end_ns != 0 ? s.anchor.to_wall(raw.end_ns) : 0;
  if (parsed.error) {
    acc.add_error(m, start_wall, end_wall);
    if (!warmup) count_error(s.errors, *parsed.error);
  } else {
    acc.add_valid(m, s.anchor.to_wall(raw.start_ns), end_wall);
  }
}

int64_t RecordProcessor::profiling_records() const {
  return impl_->profiling.valid_count() + impl_->profiling.error_count();
}

int64_t RecordProcessor::profiling_errors() const { return impl_->profiling.error_count(); }

void RecordProcessor::enable_raw_export(std::ostream* out, HeaderList request_headers,
                                        std::vector<std::string> correlation_headers) {
  impl_->raw_out = out;
  impl_->raw_headers = std::move(request_headers);
  impl_->raw_correlation_headers = std::move(correlation_headers);
}

void RecordProcessor::add_sink(RecordSink* sink) { impl_->sinks.push_back(sink); }

void RecordProcessor::set_network_rtt_ms(double rtt_ms) { impl_->network_rtt_ms = rtt_ms; }

RunSummary RecordProcessor::summarize() {
  Impl& s = *impl_;
  RunSummary out;
  out.metrics = s.profiling_metrics(s.profiling);
  if (s.warmup_records > 0) out.warmup_metrics = s.warmup.summarize();
  out.errors = s.errors;
  if (s.config.slice_duration)
    out.timeslices = s.slice_records.summarize(int64_t(*s.config.slice_duration * 1e9));
  if (s.config.steady_state) {
    MetricAccumulator window(s.spill);
    s.configure(window);
    SteadyStateSummary steady;
    steady.window = find_steady_state(s.slice_records, *s.config.steady_state, s.config.steady_state_seed, window);
    steady.metrics = s.profiling_metrics(window);
    out.steady_state = std::move(steady);
  }
  out.valid_count = s.profiling.valid_count();
  out.error_count = s.profiling.error_count();
  out.warmup_count = s.warmup_records;
  out.invalid_sse_messages = s.invalid_sse_messages;
  out.records_with_invalid_sse = s.records_with_invalid_sse;
  return out;
}

}  // namespace aiperf
