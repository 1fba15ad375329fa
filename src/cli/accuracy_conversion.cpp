// --accuracy-* (cli-and-load.md §3.18, docs/accuracy.md): checked here, once; the accuracy
// plane then trusts the names it is given.
#include <string_view>

#include "cli/profile_converter.h"
#include "common/trim.h"
#include "config/accuracy_benchmarks.h"

namespace aiperf {

namespace {

constexpr const char* kAccuracyCompanions[] = {
    "--accuracy-tasks",  "--accuracy-n-shots",       "--accuracy-enable-cot", "--accuracy-no-enable-cot",
    "--accuracy-grader", "--accuracy-system-prompt", "--accuracy-verbose"};

// Upstream caps few-shot prompts at 32 examples.
constexpr int64_t kMaxShots = 32;

// "a,b" and repeated flags alike; a task name may hold spaces ("computer science").
std::vector<std::string> accuracy_task_items(const std::vector<std::string>& values) {
  std::vector<std::string> out;
  for (const std::string& v : values) {
    std::string_view rest = v;
    while (true) {
      const size_t comma = rest.find(',');
      const std::string_view item = trim_whitespace(rest.substr(0, comma));
      if (!item.empty()) out.emplace_back(item);
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
  }
  return out;
}

std::string joined_tasks(std::span<const std::string_view> tasks) {
  std::string out;
  for (std::string_view t : tasks) (out.empty() ? out : out += ", ") += t;
  return out;
}

}  // namespace

void ProfileConverter::convert_accuracy(ProfileConfig& c, const RawFlags& r) const {
  if (!given("--accuracy-benchmark")) {
    for (const char* flag : kAccuracyCompanions)
      if (given(flag)) throw ConfigError(name(flag) + " requires --accuracy-benchmark");
    return;
  }
  const BenchmarkInfo* info = find_accuracy_benchmark(r.accuracy_benchmark);
  if (!info)
    throw ConfigError(name("--accuracy-benchmark") + ": unknown benchmark '" + r.accuracy_benchmark +
                      "' (expected one of " + accuracy_benchmark_names() + ")");
  AccuracySettings a;
  a.benchmark = std::string(info->name);

  GraderKind grader = info->grader;
  if (given("--accuracy-grader")) {
    if (!parse_grader(r.accuracy_grader, grader))
      throw ConfigError(name("--accuracy-grader") + ": unknown grader '" + r.accuracy_grader + "' (expected one of " +
                        accuracy_grader_names() + ")");
    a.grader = r.accuracy_grader;
  }
  if (grader == GraderKind::code_execution)
    throw ConfigError((given("--accuracy-grader") ? name("--accuracy-grader") : name("--accuracy-benchmark")) +
                      ": the code_execution grader" +
                      (info->format == ProblemFormat::lcb ? " (lcb_codegeneration's)" : "") +
                      " would run model-written code on this machine, and aiperf-cpp has no sandbox to run it in; "
                      "not supported");
  if (info->format == ProblemFormat::lcb)
    throw ConfigError(name("--accuracy-benchmark") +
                      ": lcb_codegeneration is graded only by running the generated code (code_execution), "
                      "which aiperf-cpp does not do without a sandbox; not supported");

  for (std::string& task : accuracy_task_items(r.accuracy_tasks)) {
    if (task == "all") continue;
    if (info->tasks.empty() && info->format != ProblemFormat::hellaswag)
      throw ConfigError(name("--accuracy-tasks") + ": " + a.benchmark + " has no tasks to choose from");
    bool known = info->tasks.empty();  // hellaswag: checked against its data's labels when loaded
    for (std::string_view t : info->tasks) known = known || t == task;
    if (!known)
      throw ConfigError(name("--accuracy-tasks") + ": unknown " + a.benchmark + " task '" + task +
                        "' (valid: " + joined_tasks(info->tasks) + ")");
    a.tasks.push_back(std::move(task));
  }

  if (const auto shots = int_at_least("--accuracy-n-shots", r.accuracy_n_shots, 0)) {
    if (*shots > kMaxShots)
      throw ConfigError(name("--accuracy-n-shots") + ": " + std::to_string(*shots) + " is above 32");
    if (*shots > info->max_n_shots)
      throw ConfigError(name("--accuracy-n-shots") + ": " + a.benchmark +
                        (info->max_n_shots == 0
                             ? " is zero-shot (its reference has no few-shot examples)"
                             : " takes at most " + std::to_string(info->max_n_shots) + " few-shot examples"));
    a.n_shots = int(*shots);
  }
  if (given("--accuracy-enable-cot") && given("--accuracy-no-enable-cot"))
    throw ConfigError(name("--accuracy-enable-cot") + " and " + name("--accuracy-no-enable-cot") +
                      " exclude each other");
  if (given("--accuracy-enable-cot")) a.enable_cot = r.accuracy_enable_cot;
  if (given("--accuracy-no-enable-cot")) a.enable_cot = !r.accuracy_no_enable_cot;
  if (given("--accuracy-system-prompt")) a.system_prompt = r.accuracy_system_prompt;
  a.verbose = r.accuracy_verbose;

  // The benchmark's problems are the dataset: nothing else may claim that role.
  for (const char* flag : {"--input-file", "--public-dataset"})
    if (given(flag)) throw ConfigError(name(flag) + " and " + name("--accuracy-benchmark") + " exclude each other");
  if (c.endpoint_type != EndpointType::chat && c.endpoint_type != EndpointType::completions)
    throw ConfigError(name("--accuracy-benchmark") + " needs --endpoint-type chat or completions (got " +
                      std::string(endpoint_type_name(c.endpoint_type)) + ")");
  c.accuracy = std::move(a);
}

}  // namespace aiperf
