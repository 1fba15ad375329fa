#include "plot/swim_lane.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <queue>
#include <string_view>
#include <utility>

#include "plot/in_flight_curve.h"

namespace aiperf::plot {
namespace {

// Palette slots of theme.cpp, picked to hold in both themes: requests in the first colour,
// prefill in the second over them, failures in reddish purple (the one warm hue far from both),
// the in-flight curve in bluish green, the target in the foreground-like slot 6.
constexpr int kRequestColour = 0;
constexpr int kPrefillColour = 1;
constexpr int kInFlightColour = 2;
constexpr int kRampColour = 3;
constexpr int kFailedColour = 4;
constexpr int kEndColour = 5;
constexpr int kTargetColour = 6;

bool has_times(const RequestTable& t, std::size_t i) { return t.start_ns[i] > 0 && t.end_ns[i] >= t.start_ns[i]; }

std::string grouped(std::size_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string seconds_label(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g s", s);
  return buf;
}

// Request indices with start and end times, by start (then turn, then table order).
std::vector<std::size_t> timed_requests_by_start(const RequestTable& t) {
  std::vector<std::size_t> order;
  order.reserve(t.size());
  for (std::size_t i = 0; i < t.size(); ++i)
    if (has_times(t, i)) order.push_back(i);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (t.start_ns[a] != t.start_ns[b]) return t.start_ns[a] < t.start_ns[b];
    if (t.turn_index[a] != t.turn_index[b]) return t.turn_index[a] < t.turn_index[b];
    return a < b;
  });
  return order;
}

std::optional<double> number_at(const nlohmann::json& j) {
  if (j.is_number()) return j.get<double>();
  if (j.is_object()) {
    auto avg = j.find("avg");
    if (avg != j.end() && avg->is_number()) return avg->get<double>();
  }
  return std::nullopt;
}

const nlohmann::json* member(const nlohmann::json& j, const char* key) {
  if (!j.is_object()) return nullptr;
  auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

Series segments(std::string name, int colour) {
  Series s;
  s.name = std::move(name);
  s.kind = SeriesKind::segments;
  s.colour = colour;
  return s;
}

void add_segment(Series& s, double x, double x_end, double y, std::size_t request) {
  s.x.push_back(x);
  s.x_end.push_back(x_end);
  s.y.push_back(y);
  s.request.push_back(request);
}

Series vertical_line(std::string name, double x, double y_lo, double y_hi, int colour) {
  Series s;
  s.name = std::move(name);
  s.kind = SeriesKind::line;
  s.x = {x, x};
  s.y = {y_lo, y_hi};
  s.colour = colour;
  s.dashed = true;
  return s;
}

}  // namespace

SwimLaneLayout swim_lane_layout(const RequestTable& t) {
  SwimLaneLayout layout;
  layout.session_of.assign(t.size(), SwimLaneLayout::npos);
  // Open sessions waiting for their next turn, by (conversation, latest turn): the sessions
  // there and the end of their latest request.
  struct Waiting {
    std::size_t session;
    int64_t last_end_ns;
  };
  std::map<std::pair<std::string_view, int32_t>, std::vector<Waiting>> waiting;
  std::vector<int64_t> session_end;  // latest end of each session's requests
  std::vector<int64_t> session_start;
  for (std::size_t i : timed_requests_by_start(t)) {
    const std::string_view conversation = t.conversation_id[i];
    const int32_t turn = t.turn_index[i];
    std::size_t session = SwimLaneLayout::npos;
    if (!conversation.empty() && turn > 0) {
      auto it = waiting.find({conversation, turn - 1});
      if (it != waiting.end()) {
        std::vector<Waiting>& candidates = it->second;
        std::size_t best = candidates.size();
        for (std::size_t c = 0; c < candidates.size(); ++c)
          if (candidates[c].last_end_ns <= t.start_ns[i] &&
              (best == candidates.size() || candidates[c].last_end_ns < candidates[best].last_end_ns))
            best = c;
        if (best != candidates.size()) {
          session = candidates[best].session;
          candidates[best] = candidates.back();
          candidates.pop_back();
          if (candidates.empty()) waiting.erase(it);
        }
      }
    }
    if (session == SwimLaneLayout::npos) {
      session = session_start.size();
      session_start.push_back(t.start_ns[i]);
      session_end.push_back(t.end_ns[i]);
    }
    session_end[session] = std::max(session_end[session], t.end_ns[i]);
    layout.session_of[i] = session;
    if (!conversation.empty()) waiting[{conversation, turn}].push_back({session, t.end_ns[i]});
  }

  // Lowest free lane first, as a greedy first fit does, in O(log lanes) per session.
  using Busy = std::pair<int64_t, std::size_t>;  // (session end, lane)
  std::priority_queue<Busy, std::vector<Busy>, std::greater<>> busy;
  std::priority_queue<std::size_t, std::vector<std::size_t>, std::greater<>> free_lanes;
  layout.lane_of_session.resize(session_start.size());
  for (std::size_t s = 0; s < session_start.size(); ++s) {
    while (!busy.empty() && busy.top().first <= session_start[s]) {
      free_lanes.push(busy.top().second);
      busy.pop();
    }
    std::size_t lane;
    if (free_lanes.empty()) {
      lane = layout.lanes++;
    } else {
      lane = free_lanes.top();
      free_lanes.pop();
    }
    layout.lane_of_session[s] = lane;
    busy.push({session_end[s], lane});
  }
  return layout;
}

Chart swim_lane_chart(const RequestTable& t, const SwimLaneOptions& options) {
  Chart chart;
  chart.name = "swim_lane";
  chart.title = "Session swim lanes";
  chart.x.title = "Time since first request";
  chart.x.unit = "s";
  chart.x.min = 0.0;
  chart.y.title = "Session lane";
  chart.y.whole_numbers = true;
  chart.y2.emplace();
  chart.y2->title = "Requests in flight";
  chart.y2->min = 0.0;
  chart.y2->whole_numbers = true;

  const SwimLaneLayout layout = swim_lane_layout(t);
  const std::vector<std::size_t> order = timed_requests_by_start(t);
  const std::size_t sessions = layout.lane_of_session.size();
  if (order.empty()) {
    chart.subtitle = options.run_name;
    chart.notes.push_back("no request has both a start and an end time: nothing to draw");
    return chart;
  }
  const int64_t t0 = t.start_ns[order.front()];
  auto seconds = [t0](int64_t ns) { return double(ns - t0) / 1e9; };
  const std::size_t lanes_drawn = std::min(layout.lanes, options.max_lanes);
  auto drawn = [&](std::size_t i) { return layout.lane_of_session[layout.session_of[i]] < lanes_drawn; };

  Series idle = segments("Inter-turn delay", -1);
  idle.grey = true;
  Series requests = segments("Request", kRequestColour);
  Series prefill = segments("Prefill (TTFT)", kPrefillColour);
  Series failed = segments("Failed", kFailedColour);

  // Requests of one session come in start order here, so a start past the session's latest end
  // so far opens a gap: the session was alive (between turns) with nothing in flight. The gap is
  // drawn on the lane with the request that ends it.
  std::vector<int64_t> reach(sessions, 0);
  std::vector<double> in_flight_start, in_flight_end;
  std::size_t failures = 0;
  double t_max = 0;
  for (std::size_t i : order) {
    const std::size_t s = layout.session_of[i];
    const double start = seconds(t.start_ns[i]), end = seconds(t.end_ns[i]);
    t_max = std::max(t_max, end);
    in_flight_start.push_back(start);
    in_flight_end.push_back(end);
    if (reach[s] != 0 && t.start_ns[i] > reach[s] && drawn(i))
      add_segment(idle, seconds(reach[s]), start, double(layout.lane_of_session[s]), i);
    reach[s] = std::max(reach[s], t.end_ns[i]);
    if (t.failed(i)) ++failures;
    if (!drawn(i)) continue;
    const double lane = double(layout.lane_of_session[s]);
    if (t.failed(i)) {
      add_segment(failed, start, end, lane, i);
      continue;
    }
    add_segment(requests, start, end, lane, i);
    const double ttft_s = t.ttft_ms[i] / 1e3;
    if (std::isfinite(ttft_s) && ttft_s >= 0) add_segment(prefill, start, std::min(start + ttft_s, end), lane, i);
  }

  // The in-flight curve goes first, a translucent area behind the bars, where upstream draws it
  // in a panel of its own under the lanes.
  const StepCurve active = in_flight_curve(in_flight_start, in_flight_end);
  Series in_flight;
  in_flight.name = "Requests in flight (peak " + grouped(std::size_t(active.peak())) + ")";
  in_flight.kind = SeriesKind::area;
  in_flight.colour = kInFlightColour;
  in_flight.secondary_y = true;
  // Past a few steps per pixel the exact curve is a solid smear of rises and falls; its mean
  // per interval still shows the load (and the legend keeps the exact peak).
  if (active.t.size() > options.max_in_flight_steps) {
    const StepCurve mean = binned_mean(active, options.in_flight_bins);
    step_polyline(mean, in_flight.x, in_flight.y);
    chart.notes.push_back("requests in flight: time-weighted mean per " +
                          seconds_label((active.t.back() - active.t.front()) / double(options.in_flight_bins)) +
                          " interval (" + grouped(active.t.size()) + " changes in all)");
  } else {
    step_polyline(active, in_flight.x, in_flight.y);
  }
  chart.series.push_back(std::move(in_flight));
  chart.series.push_back(std::move(idle));
  chart.series.push_back(std::move(requests));
  chart.series.push_back(std::move(prefill));
  chart.series.push_back(std::move(failed));

  const double x_end = std::max(t_max, options.benchmark_duration_s.value_or(0.0));
  if (options.target_concurrency) {
    Series target;
    char label[64];
    std::snprintf(label, sizeof label, "Target concurrency (%g)", *options.target_concurrency);
    target.name = label;
    target.kind = SeriesKind::line;
    target.colour = kTargetColour;
    target.dashed = true;
    target.secondary_y = true;
    target.x = {0.0, x_end};
    target.y = {*options.target_concurrency, *options.target_concurrency};
    chart.series.push_back(std::move(target));
  }
  // Lanes sit on integers; the half-lane margins keep the first and last bars off the frame.
  const double y_lo = -0.5, y_hi = double(std::max<std::size_t>(lanes_drawn, 1)) - 0.5;
  chart.y.min = y_lo;
  chart.y.max = y_hi;
  if (options.ramp_s)
    chart.series.push_back(
        vertical_line("Ramp done (" + seconds_label(*options.ramp_s) + ")", *options.ramp_s, y_lo, y_hi, kRampColour));
  if (options.benchmark_duration_s)
    chart.series.push_back(vertical_line("Benchmark end (" + seconds_label(*options.benchmark_duration_s) + ")",
                                         *options.benchmark_duration_s, y_lo, y_hi, kEndColour));

  chart.subtitle = (options.run_name.empty() ? "" : options.run_name + ": ") + grouped(order.size()) + " requests" +
                   (failures ? " (" + grouped(failures) + " failed)" : "") + " in " + grouped(sessions) +
                   (sessions == 1 ? " session" : " sessions") + " on " + grouped(layout.lanes) +
                   (layout.lanes == 1 ? " lane" : " lanes");
  if (lanes_drawn < layout.lanes)
    chart.notes.push_back("first " + grouped(lanes_drawn) + " of " + grouped(layout.lanes) +
                          " lanes shown; the in-flight curve counts every request");
  if (const std::size_t untimed = t.size() - order.size())
    chart.notes.push_back(grouped(untimed) + (untimed == 1 ? " request has" : " requests have") +
                          " no start or end time and is not drawn");
  return chart;
}

SummaryTiming summary_timing(const nlohmann::json& summary) {
  SummaryTiming timing;
  const nlohmann::json* input = member(summary, "input_config");
  if (input) {
    if (const nlohmann::json* phases = member(*input, "phases"); phases && phases->is_array())
      for (const nlohmann::json& phase : *phases) {
        const nlohmann::json* excluded = member(phase, "exclude_from_results");
        if (excluded && excluded->is_boolean() && excluded->get<bool>()) continue;  // warm-up
        if (const nlohmann::json* ramp = member(phase, "concurrency_ramp"))
          if (const nlohmann::json* d = member(*ramp, "duration"); d && d->is_number()) {
            timing.ramp_s = d->get<double>();
            break;
          }
      }
    if (!timing.ramp_s)
      if (const nlohmann::json* loadgen = member(*input, "loadgen"))
        if (const nlohmann::json* d = member(*loadgen, "concurrency_ramp_duration"); d && d->is_number())
          timing.ramp_s = d->get<double>();
  }
  if (const nlohmann::json* d = member(summary, "benchmark_duration")) timing.benchmark_duration_s = number_at(*d);
  return timing;
}

}  // namespace aiperf::plot
