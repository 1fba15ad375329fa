#include "export/record_parquet.h"

#include <cmath>
#include <vector>

#include "metrics/json_text.h"
#include "metrics/record_jsonl.h"
#include "tokenizer/utf8.h"

namespace aiperf {
namespace {

// The metadata columns, in the order add() fills them; the JSONL's `metadata` keys.
enum Column : size_t {
  session_num,
  x_request_id,
  x_correlation_id,
  conversation_id,
  turn_index,
  credit_issued_ns,
  request_start_ns,
  request_ack_ns,
  request_end_ns,
  worker_id,
  record_processor_id,
  benchmark_phase,
  was_cancelled,
  cancellation_time_ns,
  first_metric,  // then one column per per-record metric, then the error columns
};

constexpr size_t kErrorColumns = 3;

const std::vector<MetricId>& exported_metrics() {
  static const std::vector<MetricId> ids = [] {
    std::vector<MetricId> out;
    // The http_req_* columns would be empty unless --show-trace-timing: kept out of the fixed schema.
    for (size_t i = 0; i < kRecordMetricCount; ++i)
      if (metric_info(MetricId(i)).per_record && !(metric_info(MetricId(i)).flags & kHttpTrace))
        out.push_back(MetricId(i));
    return out;
  }();
  return ids;
}

std::vector<ParquetColumnSpec> record_columns() {
  using S = ParquetColumnSpec;
  // Text with few distinct values per run (phases, workers, a dataset's conversations, error
  // kinds) is dictionary-encoded; request ids are unique per row and stay PLAIN text.
  std::vector<ParquetColumnSpec> cols = {
      S::int64("session_num", false),
      S::text("x_request_id", true),
      S::text("x_correlation_id", true),
      S::dictionary_text("conversation_id", true),
      S::int64("turn_index", false),
      S::int64("credit_issued_ns", true),
      S::int64("request_start_ns", true),
      S::int64("request_ack_ns", true),
      S::int64("request_end_ns", true),
      S::dictionary_text("worker_id", false),
      S::dictionary_text("record_processor_id", false),
      S::dictionary_text("benchmark_phase", false),
      S::boolean("was_cancelled", false),
      S::int64("cancellation_time_ns", true),
  };
  for (MetricId id : exported_metrics()) {
    const MetricInfo& info = metric_info(id);
    cols.push_back(info.integer ? S::int64(info.tag, true) : S::double_(info.tag, true));
  }
  cols.push_back(S::int64("error_code", true));
  cols.push_back(S::dictionary_text("error_type", true));
  cols.push_back(S::dictionary_text("error_message", true));
  return cols;
}

// {"<tag>":"<unit>",...}: the units the JSONL writes beside every value.
std::string metric_units_json() {
  std::string out = "{";
  for (MetricId id : exported_metrics()) {
    if (out.size() > 1) out.push_back(',');
    append_json_string(out, metric_info(id).tag);
    out.push_back(':');
    append_json_string(out, metric_info(id).unit);
  }
  out.push_back('}');
  return out;
}

}  // namespace

RecordParquetExport::RecordParquetExport(const std::filesystem::path& path, ClockAnchor anchor,
                                         size_t rows_per_group)
    : writer_(path, record_columns(), rows_per_group), anchor_(anchor) {
  writer_.add_metadata("aiperf.metric_units", metric_units_json());
}

void RecordParquetExport::add(const RawRecord& raw, std::string_view conversation, const RecordMetrics& metrics,
                              const std::optional<ErrorDetails>& error) {
  // STRING columns must hold UTF-8; foreign text (ids from input files, server error bodies)
  // gets U+FFFD replacements as in the JSONL.
  auto text = [&](size_t col, std::string_view v) {
    if (utf8::is_valid(v)) {
      writer_.column(col).string(v);
    } else {
      scratch_ = utf8::sanitize(v);
      writer_.column(col).string(scratch_);
    }
  };
  auto opt_text = [&](size_t col, std::string_view v) {
    if (v.empty()) writer_.column(col).null();
    else text(col, v);
  };
  auto opt_wall = [&](size_t col, int64_t mono) {
    if (mono == 0) writer_.column(col).null();
    else writer_.column(col).int64(anchor_.to_wall(mono));
  };

  writer_.column(session_num).int64(int64_t(raw.session_num));
  opt_text(x_request_id, raw.x_request_id);
  opt_text(x_correlation_id, raw.x_correlation_id);
  opt_text(conversation_id, conversation);
  writer_.column(turn_index).int64(raw.turn_index);
  opt_wall(credit_issued_ns, raw.credit_issued_ns);
  opt_wall(request_start_ns, raw.start_ns);
  opt_wall(request_ack_ns, raw.ack_ns);
  if (int64_t end = request_end_wall_ns(raw, anchor_, error.has_value())) writer_.column(request_end_ns).int64(end);
  else writer_.column(request_end_ns).null();
  scratch_ = "worker_" + std::to_string(raw.worker_id);
  writer_.column(worker_id).string(scratch_);
  writer_.column(record_processor_id).string("record_processor_0");
  writer_.column(benchmark_phase).string(phase_name(raw.phase));
  writer_.column(was_cancelled).boolean(raw.was_cancelled);
  opt_wall(cancellation_time_ns, raw.was_cancelled ? raw.cancellation_ns : 0);

  size_t col = first_metric;
  for (MetricId id : exported_metrics()) {
    const MetricInfo& info = metric_info(id);
    const std::optional<double>& v = metrics[id];
    ParquetColumn& c = writer_.column(col++);
    // Non-finite values are null, as they are in the JSONL.
    if (!v || !std::isfinite(*v)) c.null();
    else if (info.integer) c.int64(int64_t(*v));
    else c.double_(*v / info.display_divisor);
  }

  if (error) {
    if (error->code) writer_.column(col).int64(*error->code);
    else writer_.column(col).null();
    text(col + 1, error->type);
    text(col + 2, error->message);
  } else {
    for (size_t k = 0; k < kErrorColumns; ++k) writer_.column(col + k).null();
  }
  writer_.end_row();
}

}  // namespace aiperf
