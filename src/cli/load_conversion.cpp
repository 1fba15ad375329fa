// Load generator, warm-up, prefill, user-centric and cancellation options (§3.10-§3.14).
#include "cli/profile_converter.h"

#include <strings.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <limits>
#include <string_view>

#include "cli/aws_flags.h"
#include "cli/cli_command.h"
#include "cli/goodput_flag.h"
#include "cli/input_file_peek.h"
#include "cli/key_value_flags.h"
#include "cli/number_flags.h"
#include "cli/rate_series_flag.h"
#include "cli/request_head_text.h"
#include "cli/sequence_distribution_flag.h"
#include "cli/option_table.h"
#include "cli/sweep_expansion.h"
#include "cli/yaml_config.h"
#include "cli/url_flags.h"
#include "common/base64.h"
#include "common/edit_distance.h"
#include "common/log.h"
#include "common/multipart_boundary.h"
#include "config/dataset_size_limit.h"
#include "config/enum_names.h"
#include "config/public_datasets.h"

namespace aiperf {

void ProfileConverter::convert_load(ProfileConfig& c, const RawFlags& r) const {
  constexpr auto sweep = SweepList::one_value_of_a_sweep;
  c.concurrency = int_at_least("--concurrency", r.concurrency, 1, sweep);
  c.request_count = int_at_least("--request-count", r.request_count, 1, sweep);
  c.benchmark_duration = float_above("--benchmark-duration", r.benchmark_duration, 0, sweep);
  if (given("--benchmark-grace-period")) {
    if (!c.benchmark_duration)
      throw ConfigError("--benchmark-grace-period requires --benchmark-duration");
    c.benchmark_grace_period =
        parse_float_flag("--benchmark-grace-period", r.grace_period, /*allow_inf=*/true);
    require_at_least("--benchmark-grace-period", c.benchmark_grace_period, 0.0);
  }
  c.workers_max = int_at_least("--workers-max", r.workers_max, 1);
  c.num_shards = int_at_least("--num-shards", r.num_shards, 1);
  c.shard_index = int_at_least("--shard-index", r.shard_index, 0);
  if (c.num_shards && c.shard_index && *c.shard_index >= *c.num_shards)
    throw ConfigError(name("--shard-index") + " " + r.shard_index + " must be below --num-shards " + r.num_shards);
  if (!r.shard_rendezvous.empty()) c.rendezvous = r.shard_rendezvous;
  if (auto t = float_above("--shard-timeout", r.shard_timeout, 0)) c.shard_timeout_s = *t;
  // Upstream's process layout: scripts pass these; here they change nothing, and say so once.
  int_at_least("--record-processors", r.record_processors, 1);
  for (const char* flag : {"--record-processors", "--zmq-host", "--zmq-ipc-path", "--zmq-dual-bind"})
    if (given(flag))
      std::cerr << "aiperf: note: " << name(flag) << " has no effect in aiperf-cpp (no internal services or "
                << "message bus; one record thread per process, scale out with --num-shards)\n";
  c.failed_request_threshold = float_at_least("--failed-request-threshold", r.failed_request_threshold, 0);
  if (c.failed_request_threshold && *c.failed_request_threshold > 1)
    throw ConfigError(name("--failed-request-threshold") + " must be <= 1 (got " +
                      r.failed_request_threshold + ")");
  c.concurrency_ramp_duration = float_above("--concurrency-ramp-duration", r.concurrency_ramp, 0);
  c.warmup_concurrency_ramp_duration =
      float_above("--warmup-concurrency-ramp-duration", r.warmup_concurrency_ramp, 0);
  convert_adaptive_scale(c, r);
  convert_conversations(c, r);
  convert_user_centric(c, r);
  convert_request_rate(c, r);
  convert_warmup(c, r);
  convert_agentic(c, r);
  convert_prefill_concurrency(c, r);
  apply_adaptive_scale(c);
  convert_request_cancellation(c, r);
}

ArrivalPattern ProfileConverter::arrival_pattern(const char* flag, const std::string& text) const {
  if (enum_key(text) == "concurrency_burst")
    throw ConfigError(name(flag) +
                      " concurrency_burst is not supported yet by aiperf-cpp (omit "
                      "--request-rate for the closed loop)");
  return parse_choice<ArrivalPattern>(name(flag), text);
}

// cli-and-load.md §3.12, §4.10.
void ProfileConverter::convert_warmup(ProfileConfig& c, const RawFlags& r) const {
  c.warmup_request_count = int_at_least("--warmup-request-count", r.warmup_request_count, 1);
  c.warmup_duration = float_above("--warmup-duration", r.warmup_duration, 0);
  if (given("--warmup-grace-period")) {
    if (!c.has_warmup() && !given("--num-warmup-sessions"))
      throw ConfigError("--warmup-grace-period requires a warm-up (--warmup-request-count, --warmup-duration or "
                        "--num-warmup-sessions)");
    double grace = parse_float_flag("--warmup-grace-period", r.warmup_grace, /*allow_inf=*/true);
    require_at_least("--warmup-grace-period", grace, 0.0);
    c.warmup_grace_period = grace;
  }
  c.warmup_concurrency = int_at_least("--warmup-concurrency", r.warmup_concurrency, 1);
  c.warmup_request_rate = float_above("--warmup-request-rate", r.warmup_rate, 0);
  c.warmup_request_rate_ramp_duration =
      float_above("--warmup-request-rate-ramp-duration", r.warmup_rate_ramp, 0);
  if (given("--warmup-arrival-pattern"))
    c.warmup_arrival_pattern = arrival_pattern("--warmup-arrival-pattern", r.warmup_pattern);
  const bool warmup_rate = c.warmup_request_rate || c.rate_mode() || adaptive_rate(c);
  for (const char* flag : {"--warmup-arrival-pattern", "--warmup-request-rate-ramp-duration"})
    if (given(flag) && !warmup_rate)
      throw ConfigError(name(flag) + " requires --warmup-request-rate or --request-rate");
}

// cli-and-load.md §4.6, §4.12.
void ProfileConverter::convert_prefill_concurrency(ProfileConfig& c, const RawFlags& r) const {
  constexpr auto sweep = SweepList::one_value_of_a_sweep;
  c.prefill_concurrency = int_at_least("--prefill-concurrency", r.prefill_concurrency, 1, sweep);
  c.prefill_concurrency_ramp_duration =
      float_above("--prefill-concurrency-ramp-duration", r.prefill_ramp, 0);
  c.warmup_prefill_concurrency =
      int_at_least("--warmup-prefill-concurrency", r.warmup_prefill_concurrency, 1);
  c.warmup_prefill_concurrency_ramp_duration =
      float_above("--warmup-prefill-concurrency-ramp-duration", r.warmup_prefill_ramp, 0);
  auto check = [&](const char* flag, const std::optional<int64_t>& value) {
    if (!value) return;
    // Without a stream there is no first token: a slot would only free at the end.
    if (!c.streaming) throw ConfigError(std::string(flag) + " requires --streaming");
    if (c.adaptive_scale && c.adaptive_scale->variable == AdaptiveVariable::concurrency) {
      if (double(*value) > c.adaptive_scale->max)
        throw ConfigError(std::string(flag) + " " + std::to_string(*value) +
                          " must be <= adaptive_scale control.max " + std::to_string(int64_t(c.adaptive_scale->max)));
    } else if (c.concurrency && *value > *c.concurrency) {
      throw ConfigError(std::string(flag) + " " + std::to_string(*value) + " must be <= --concurrency " +
                        std::to_string(*c.concurrency));
    }
  };
  check("--prefill-concurrency", c.prefill_concurrency);
  check("--warmup-prefill-concurrency", c.warmup_prefill_concurrency);
  // A ramp of a limit that does not exist would silently do nothing.
  if (c.prefill_concurrency_ramp_duration && !c.prefill_concurrency)
    throw ConfigError("--prefill-concurrency-ramp-duration requires --prefill-concurrency");
  if (c.warmup_prefill_concurrency_ramp_duration && !c.prefill_concurrency && !c.warmup_prefill_concurrency)
    throw ConfigError(
        "--warmup-prefill-concurrency-ramp-duration requires --warmup-prefill-concurrency or "
        "--prefill-concurrency");
}

// cli-and-load.md §3.14, §4.7.
void ProfileConverter::convert_request_cancellation(ProfileConfig& c, const RawFlags& r) const {
  c.request_cancellation_rate = float_above("--request-cancellation-rate", r.cancellation_rate, 0);
  if (c.request_cancellation_rate && *c.request_cancellation_rate > 100)
    throw ConfigError("--request-cancellation-rate must be <= 100 (got " + r.cancellation_rate + ")");
  if (auto v = float_at_least("--request-cancellation-delay", r.cancellation_delay, 0)) {
    if (!c.request_cancellation_rate)
      throw ConfigError("--request-cancellation-delay requires --request-cancellation-rate");
    c.request_cancellation_delay = *v;
  }
}

// cli-and-load.md §3.13, §4.4, §4.12.
void ProfileConverter::convert_user_centric(ProfileConfig& c, const RawFlags& r) const {
  c.user_centric_rate = float_above("--user-centric-rate", r.user_centric_rate, 0);
  c.num_users = int_at_least("--num-users", r.num_users, 1, SweepList::one_value_of_a_sweep);
  if (!c.user_centric_rate) {
    if (c.num_users) throw ConfigError("--num-users requires --user-centric-rate");
    return;
  }
  for (const char* other : {"--request-rate", "--request-rate-series", "--arrival-pattern", "--arrival-smoothness",
                            "--request-rate-ramp-duration", "--concurrency-ramp-duration"})
    if (given(other)) throw ConfigError("--user-centric-rate cannot be combined with " + name(other));
  if (!c.num_users) throw ConfigError("--user-centric-rate requires --num-users");
  if (c.conversation_turn_mean < 2)
    throw ConfigError("--user-centric-rate needs multi-turn conversations: --conversation-turn-mean >= 2 (got " +
                      std::to_string(c.conversation_turn_mean) + ")");
  const int64_t users = *c.num_users;
  if (c.request_count && *c.request_count < users)
    throw ConfigError(name("--request-count") + " " + std::to_string(*c.request_count) +
                      " is less than --num-users " + std::to_string(users));
  if (c.conversation_num && *c.conversation_num < users)
    throw ConfigError(name("--conversation-num") + " " + std::to_string(*c.conversation_num) +
                      " is less than --num-users " + std::to_string(users));
}

// cli-and-load.md §2.1 (mode selection) and §4.12 (validation).
void ProfileConverter::convert_request_rate(ProfileConfig& c, const RawFlags& r) const {
  constexpr auto sweep = SweepList::one_value_of_a_sweep;
  c.request_rate = float_above("--request-rate", r.request_rate, 0, sweep);
  c.arrival_smoothness = float_above("--arrival-smoothness", r.arrival_smoothness, 0);
  c.request_rate_ramp_duration = float_above("--request-rate-ramp-duration", r.rate_ramp, 0);
  if (given("--request-rate-series")) {
    if (c.request_rate)
      throw ConfigError(name("--request-rate") + " cannot be combined with --request-rate-series");
    if (r.rate_series.empty()) throw ConfigError("--request-rate-series: empty path");
    c.request_rate_series = load_rate_series("--request-rate-series", r.rate_series);
    c.request_rate_series_file = r.rate_series;
    if (c.request_rate_ramp_duration)
      throw ConfigError(name("--request-rate-ramp-duration") + " cannot be combined with --request-rate-series");
  }
  if (given("--arrival-pattern")) {
    c.arrival_pattern = arrival_pattern("--arrival-pattern", r.arrival_pattern);
    if (c.arrival_smoothness && c.arrival_pattern != ArrivalPattern::gamma)
      throw ConfigError(name("--arrival-smoothness") + " only applies to --arrival-pattern gamma, not " +
                        arrival_pattern_name(c.arrival_pattern));
  } else if (c.arrival_smoothness) {
    c.arrival_pattern = ArrivalPattern::gamma;  // upstream: smoothness alone selects gamma
  }
  // Upstream documents these as needing a rate; silently running a closed loop instead
  // would misstate the benchmark.
  for (const char* flag : {"--arrival-pattern", "--arrival-smoothness", "--request-rate-ramp-duration"})
    if (given(flag) && !c.rate_mode() && !adaptive_rate(c))
      throw ConfigError(name(flag) + " requires --request-rate");
  if (c.rate_mode() && c.concurrency_ramp_duration && !c.concurrency)
    throw ConfigError(name("--concurrency-ramp-duration") +
                      " with a request rate ramps the --concurrency ceiling, but no --concurrency was given");
}

}  // namespace aiperf
