#pragma once
// The files of adaptive scale (cli-and-load.md §5.7), written on the record-processor thread:
//   adaptive_scale_events.jsonl   one line per judged window, appended (and flushed) as it is
//                                 judged, under `.partial` until the run ends
//   adaptive_scale_summary.json   written once at the end
// It feeds AdaptiveScaleController with the profiling records; the run copies value() and
// stop_at_ns() into the timing plane's LoadKnob after each record. docs/sweeps.md describes
// both files.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "common/clock.h"
#include "metrics/adaptive_scale.h"
#include "metrics/record_sink.h"

namespace aiperf {

inline constexpr const char* kAdaptiveScaleEventsFile = "adaptive_scale_events.jsonl";
inline constexpr const char* kAdaptiveScaleSummaryFile = "adaptive_scale_summary.json";

class AdaptiveScaleExport : public RecordSink {
 public:
  // Throws std::runtime_error naming the path when the event log cannot be created.
  AdaptiveScaleExport(const std::filesystem::path& dir, AdaptiveScaleController controller, ClockAnchor anchor);

  void add(const RawRecord& raw, std::string_view conversation_id, const RecordMetrics& metrics,
           const std::optional<ErrorDetails>& error) override;

  double value() const { return controller_.value(); }
  int64_t stop_at_ns() const { return controller_.stop_at_ns(); }

  // Writes the summary and renames the event log into place. `sending_end_ns`: when the
  // profiling phase stopped sending (monotonic; 0 when it never ran). `issue_lead_ns`: how far
  // ahead of a send's due time the issuer acts, so a stop at the controller's time may be
  // recorded up to that much earlier. False when a write failed.
  bool close(int64_t sending_end_ns, int64_t issue_lead_ns);
  // One line for the console after close(): the value found and why the phase stopped.
  std::string console_line() const;

 private:
  void write_event(const AdaptiveWindowReport& r);

  std::filesystem::path dir_, events_partial_;
  AdaptiveScaleController controller_;
  ClockAnchor anchor_;
  std::ofstream events_;
  bool closed_ = false;
  std::string stop_reason_;  // the summary's, once closed
};

}  // namespace aiperf
