#include "export/warning_panels.h"

#include <cmath>
#include <string>

#include "export/number_format.h"
#include "metrics/record_metrics.h"

namespace aiperf {
namespace {

// How many requests a count metric says, 0 when it is absent.
int64_t count_of(const RunSummary& summary, const char* tag) {
  const MetricResult* m = summary.find(tag);
  return m && std::isfinite(m->avg) ? int64_t(std::llround(m->avg)) : 0;
}

std::string requests(int64_t n) { return format_grouped_int(n) + (n == 1 ? " request" : " requests"); }

// Thresholds print as Python would print a short float: "5", "12.5".
std::string threshold_text(double v) {
  std::string s = format_fixed_2f(v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

ConsolePanel osl_mismatch(int64_t n, const RecordMetricOptions& o) {
  return {"OSL Mismatch",
          requests(n) + " ended with an output length more than min(" + threshold_text(o.osl_mismatch_pct) + "%, " +
              threshold_text(o.osl_mismatch_max_tokens) +
              " tokens) away from the max tokens sent: the server stopped early (end of sequence) or ran past "
              "the cap, so OSL and the throughput figures do not describe the length asked for.\n"
              "To make the server generate exactly the requested length, add --extra-inputs ignore_eos:true, "
              "or --extra-inputs min_tokens:<OSL> where the server supports it."};
}

ConsolePanel token_count_discrepancy(int64_t n, const RecordMetricOptions& o) {
  return {"Token Count Discrepancy",
          requests(n) + " reported usage token counts (prompt, completion or reasoning) more than " +
              threshold_text(o.usage_diff_pct) +
              "% away from this client's own count.\n"
              "The token metrics use the client's tokenizer: check that --tokenizer matches the served model, "
              "or pass --use-server-token-count to take the server's counts instead."};
}

// Pydantic's rejection of an unknown field, as OpenAI-compatible servers built on it word it.
bool rejects_max_completion_tokens(const std::string& message) {
  return message.find("extra_forbidden") != std::string::npos &&
         message.find("max_completion_tokens") != std::string::npos &&
         message.find("Extra inputs are not permitted") != std::string::npos;
}

ConsolePanel unsupported_max_completion_tokens(int64_t n) {
  return {"Unsupported Parameter: max_completion_tokens",
          "The server rejected " + requests(n) +
              " because of the max_completion_tokens field (\"Extra inputs are not permitted\"). It follows the "
              "older OpenAI API, which only knows max_tokens.\n"
              "Rerun with --use-legacy-max-tokens to send max_tokens instead."};
}

}  // namespace

std::vector<ConsolePanel> warning_panels(const ProfileConfig& config, const RunSummary& summary) {
  std::vector<ConsolePanel> panels;
  const RecordMetricOptions options = record_metric_options(metrics_settings(config));
  if (int64_t n = count_of(summary, "osl_mismatch_count"); n > 0) panels.push_back(osl_mismatch(n, options));
  if (int64_t n = count_of(summary, "usage_discrepancy_count"); n > 0)
    panels.push_back(token_count_discrepancy(n, options));
  int64_t rejected = 0;
  for (const auto& e : summary.errors)
    if (rejects_max_completion_tokens(e.error.message)) rejected += e.count;
  if (rejected > 0) panels.push_back(unsupported_max_completion_tokens(rejected));
  return panels;
}

}  // namespace aiperf
