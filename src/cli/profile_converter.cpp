// The converter's shared helpers and its entry point, convert().
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

bool ProfileConverter::given(const char* name) const { return sources_.contains(&spec(name)); }

// How the user spelled the option: the alias typed, or "file:line:column: yaml.path".
std::string ProfileConverter::name(const char* any_alias) const {
  const OptionSpec& o = spec(any_alias);
  auto it = sources_.find(&o);
  return it == sources_.end() ? o.canonical_name() : it->second.spelled;
}

// nullopt when the flag was not given; otherwise the checked value.
std::optional<int64_t> ProfileConverter::int_at_least(const char* flag, const std::string& text, int64_t min,
                                      SweepList sweep) const {
  if (!given(flag)) return std::nullopt;
  std::string n = name(flag);
  int64_t v = parse_int_flag(n, text, sweep);
  require_at_least(n, v, min);
  return v;
}

std::optional<double> ProfileConverter::float_at_least(const char* flag, const std::string& text, double min,
                                       SweepList sweep) const {
  if (!given(flag)) return std::nullopt;
  std::string n = name(flag);
  double v = parse_float_flag(n, text, false, sweep);
  require_at_least(n, v, min);
  return v;
}

std::optional<double> ProfileConverter::float_above(const char* flag, const std::string& text, double bound,
                                    SweepList sweep) const {
  if (!given(flag)) return std::nullopt;
  std::string n = name(flag);
  double v = parse_float_flag(n, text, false, sweep);
  require_greater_than(n, v, bound);
  return v;
}

ProfileConfig ProfileConverter::convert() const {
  ProfileConfig c;
  const RawFlags& r = raw_;
  const std::string url_credentials = convert_endpoint(c, r);
  convert_input(c, r);
  convert_aws(c, r);
  convert_server_hooks(c, r);
  add_url_credentials(c, url_credentials);
  convert_request_content_type(c, r);
  convert_load(c, r);
  convert_output(c, r);
  convert_telemetry(c, r);
  convert_accuracy(c, r);
  apply_scenario(c, r);
  if (c.prompt_batch_size > 1 && c.multi_turn())  // the conversation options are converted after the prompt ones
    throw ConfigError(name("--prompt-batch-size") + " " + std::to_string(c.prompt_batch_size) +
                      " cannot be combined with multi-turn conversations (the batch is the first turn's)");
  if (c.sampling_strategy && c.agentic.enabled)
    throw ConfigError(name("--dataset-sampling-strategy") + " cannot be combined with agentic replay (each lane takes "
                      "the next trace in order; docs/agentic.md)");
  require_synthetic_dataset_fits(c, available_memory_bytes());
  c.cli_command = reconstruct_cli_command(args_);
  c.cli_args = redact_cli_args(args_);
  return c;
}

const OptionSpec& ProfileConverter::spec(const char* any_alias) {
  const OptionSpec* o = find_profile_option(any_alias);
  if (!o) throw std::logic_error(std::string("option table has no ") + any_alias);
  return *o;
}

}  // namespace aiperf
