#include "export/adaptive_scale_export.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "config/enum_names.h"
#include "export/atomic_file.h"
#include "export/pretty_json.h"

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

// Whole-valued variables are written as integers.
ojson value_json(const AdaptiveScaleSettings& s, double v) {
  return s.integer() ? ojson(int64_t(std::llround(v))) : ojson(v);
}

ojson optional_value(const AdaptiveScaleSettings& s, const std::optional<double>& v) {
  return v ? value_json(s, *v) : ojson(nullptr);
}

ojson strategy_json(const AdaptiveScaleSettings& s) {
  ojson j = {{"type", "ramp_until_fail"}, {"step_policy", std::string(name_of(s.step_policy))}};
  if (s.step_policy == AdaptiveStepPolicy::fixed_percent_step) {
    j["step_percent"] = s.step_percent;
  } else {
    j["base_step"] = s.base_step;
    j["max_step_multiplier"] = s.max_step_multiplier;
  }
  return j;
}

}  // namespace

AdaptiveScaleExport::AdaptiveScaleExport(const std::filesystem::path& dir, AdaptiveScaleController controller,
                                         ClockAnchor anchor)
    : dir_(dir),
      events_partial_(dir / (std::string(kAdaptiveScaleEventsFile) + ".partial")),
      controller_(std::move(controller)),
      anchor_(anchor),
      events_(events_partial_, std::ios::binary | std::ios::trunc) {
  if (!events_) throw std::runtime_error("cannot create " + events_partial_.string() + ": " + std::strerror(errno));
}

void AdaptiveScaleExport::add(const RawRecord& raw, std::string_view, const RecordMetrics& metrics,
                              const std::optional<ErrorDetails>& error) {
  if (raw.phase != BenchmarkPhase::profiling) return;
  if (std::optional<AdaptiveWindowReport> r =
          controller_.add(raw.start_ns, raw.end_ns, error.has_value(), metrics, mono_ns()))
    write_event(*r);
}

// One line per window, written when it is judged (every few seconds, never per record).
void AdaptiveScaleExport::write_event(const AdaptiveWindowReport& r) {
  const AdaptiveScaleSettings& s = controller_.settings();
  ojson line = ojson::object();
  line["window"] = r.index;
  line["start_ns"] = anchor_.to_wall(r.open_ns);
  line["end_ns"] = anchor_.to_wall(r.close_ns);
  line["duration_s"] = double(r.close_ns - r.open_ns) / 1e9;
  line["extended"] = r.extended;
  line["variable"] = std::string(name_of(s.variable));
  line["value"] = value_json(s, r.value);
  line["completed_requests"] = r.completed;
  line["failed_requests"] = r.failed;
  ojson filters = ojson::array();
  for (size_t i = 0; i < r.filters.size(); ++i) {
    const WindowSlaFilter& f = s.sla[i];
    const WindowFilterVerdict& v = r.filters[i];
    filters.push_back({{"filter", f.text},
                       {"metric", f.metric_tag},
                       {"stat", f.stat},
                       {"op", std::string(name_of(f.op))},
                       {"threshold", f.threshold},
                       {"unit", std::string(controller_.unit(i))},
                       {"observed", v.observed ? ojson(*v.observed) : ojson(nullptr)},
                       {"margin", v.margin ? ojson(*v.margin) : ojson(nullptr)},
                       {"passed", v.passed}});
  }
  line["filters"] = std::move(filters);
  line["passed"] = r.passed;
  line["decision"] = adaptive_action_name(r.decision.action);
  line["next_value"] = value_json(s, r.decision.next_value);
  if (r.decision.stop_at_ns) line["stop_sending_at_ns"] = anchor_.to_wall(r.decision.stop_at_ns);
  events_ << line.dump(-1, ' ', false, ojson::error_handler_t::replace) << '\n';
  events_.flush();
}

bool AdaptiveScaleExport::close(int64_t sending_end_ns, int64_t issue_lead_ns) {
  if (closed_) return bool(events_);
  closed_ = true;
  events_.close();
  bool ok = bool(events_);
  std::error_code ec;
  std::filesystem::rename(events_partial_, dir_ / kAdaptiveScaleEventsFile, ec);
  ok = ok && !ec;

  const AdaptiveScaleSettings& s = controller_.settings();
  const RampUntilFail& p = controller_.policy();
  // The controller's reason stands when sending stopped at its stop time; else the phase's own
  // stop condition (count, duration, Ctrl-C, failed-request threshold) ended it first. The
  // issuer acts on sends due within its hand-off lead, so it stops that much early at most.
  const bool controller_stopped =
      p.holding() && sending_end_ns != 0 && sending_end_ns + issue_lead_ns >= p.stop_at_ns();
  stop_reason_ = controller_stopped ? std::string(p.stop_reason()) : std::string("phase_ended");
  ojson sla = ojson::array();
  for (const WindowSlaFilter& f : s.sla) sla.push_back(f.text);
  ojson summary = {
      {"enabled", true},
      {"control", {{"variable", std::string(name_of(s.variable))}, {"min", value_json(s, s.min)}, {"max", value_json(s, s.max)}}},
      {"strategy", strategy_json(s)},
      {"assessment_period_s", s.assessment_period_s},
      {"min_completed_requests", s.min_completed_requests},
      {"sustain_duration_s", s.sustain_duration_s},
      {"sla", std::move(sla)},
      {"final_value", value_json(s, p.value())},
      {"max_passing_value", optional_value(s, p.last_passing())},
      {"first_failing_value", optional_value(s, p.first_failing())},
      {"windows", controller_.windows()},
      {"hold_windows_failed", controller_.hold_windows_failed()},
      {"stop_reason", stop_reason_},
  };
  if (p.holding()) summary["stop_sending_at_ns"] = anchor_.to_wall(p.stop_at_ns());
  try {
    write_file_atomically(dir_ / kAdaptiveScaleSummaryFile, pretty_json_text(summary) + "\n");
  } catch (const std::runtime_error&) {
    ok = false;
  }
  return ok;
}

std::string AdaptiveScaleExport::console_line() const {
  const AdaptiveScaleSettings& s = controller_.settings();
  const RampUntilFail& p = controller_.policy();
  auto text = [&](const std::optional<double>& v) { return v ? value_json(s, *v).dump() : std::string("none"); };
  return "Adaptive scale (" + std::string(name_of(s.variable)) + "): highest passing " + text(p.last_passing()) +
         ", first failing " + text(p.first_failing()) + ", " + std::to_string(controller_.windows()) +
         " window(s), stop reason " + stop_reason_ + " (" + kAdaptiveScaleSummaryFile + ")";
}

}  // namespace aiperf
