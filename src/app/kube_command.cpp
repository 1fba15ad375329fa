#include "app/kube_command.h"

#include <CLI/CLI.hpp>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <thread>

#include "cli/subcommand_parse.h"
#include "cluster/aiperf_job_file.h"
#include "cluster/kube_manifests.h"
#include "common/shell_words.h"
#include "common/log.h"
#include "config/profile_config.h"

extern char** environ;

namespace aiperf {

namespace {

namespace fs = std::filesystem;

struct ProcessResult {
  int exit_code = 0;
  std::string output;  // stdout, when captured
};

// Runs argv[0] (searched on PATH) with `input` on its stdin when given, its stdout captured
// when asked (else shared with ours), its stderr always ours: kubectl's errors reach the user.
ProcessResult run_process(const std::vector<std::string>& argv, const std::optional<std::string>& input, bool capture) {
  int in_pipe[2] = {-1, -1}, out_pipe[2] = {-1, -1};
  if ((input && pipe(in_pipe) != 0) || (capture && pipe(out_pipe) != 0))
    throw std::runtime_error(std::string("cannot create a pipe: ") + std::strerror(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (input) {
    posix_spawn_file_actions_adddup2(&actions, in_pipe[0], STDIN_FILENO);
    posix_spawn_file_actions_addclose(&actions, in_pipe[1]);
  }
  if (capture) {
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, out_pipe[0]);
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  std::cout.flush();
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (input) close(in_pipe[0]);
  if (capture) close(out_pipe[1]);
  if (rc != 0) {
    if (input) close(in_pipe[1]);
    if (capture) close(out_pipe[0]);
    throw std::runtime_error("cannot run " + argv[0] + ": " + std::strerror(rc) +
                             (rc == ENOENT ? " (install it, put it on PATH, or give --kubectl PATH)" : ""));
  }
  if (input) {  // never both: a manifest fits the pipe's reader, which reads it all before answering
    size_t done = 0;
    while (done < input->size()) {
      const ssize_t n = write(in_pipe[1], input->data() + done, input->size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += size_t(n);
    }
    close(in_pipe[1]);
  }
  ProcessResult result;
  if (capture) {
    char buffer[4096];
    ssize_t n = 0;
    while ((n = read(out_pipe[0], buffer, sizeof buffer)) != 0) {
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) break;
      result.output.append(buffer, size_t(n));
    }
    close(out_pipe[0]);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  return result;
}

// kubectl with the namespace every command shares; --dry-run prints instead of running.
struct Kubectl {
  std::string path = "kubectl";
  std::string namespace_;
  bool dry_run = false;

  std::vector<std::string> command(std::vector<std::string> args) const {
    std::vector<std::string> argv{path};
    if (!namespace_.empty()) argv.insert(argv.end(), {"--namespace", namespace_});
    argv.insert(argv.end(), args.begin(), args.end());
    return argv;
  }

  // The exit status; a failure is reported as "kubectl ... exited N".
  int run(const std::vector<std::string>& args, const std::optional<std::string>& input = std::nullopt) const {
    const std::vector<std::string> argv = command(args);
    if (dry_run) {
      std::cout << shell_join(argv);
      if (input) std::cout << " <<'AIPERF_MANIFESTS'\n" << *input << "AIPERF_MANIFESTS";
      std::cout << "\n";
      return 0;
    }
    const int rc = run_process(argv, input, false).exit_code;
    if (rc != 0) log(LogLevel::error, shell_join(argv) + " exited " + std::to_string(rc));
    return rc;
  }

  ProcessResult capture(const std::vector<std::string>& args) const {
    const std::vector<std::string> argv = command(args);
    if (dry_run) {
      std::cout << shell_join(argv) << "\n";
      return {};
    }
    return run_process(argv, std::nullopt, true);
  }
};

void add_common(CLI::App& app, Kubectl& k, std::string& name, bool with_dry_run = true) {
  app.add_option("--name", name, "The benchmark's name: Job, Service, ConfigMap <name>-config (default aiperf)");
  app.add_option("--namespace,-n", k.namespace_, "Namespace (default kubectl's current one)");
  app.add_option("--kubectl", k.path, "kubectl to run (default: kubectl on PATH)");
  if (with_dry_run) app.add_flag("--dry-run", k.dry_run, "Print the kubectl command lines instead of running them");
}

struct GenerateOptions {
  KubeJobSettings job;
  std::string config, output, name;
  std::vector<std::string> node_selector, near_pods;
  std::string api_key_secret;
  Kubectl kubectl;
  bool wait = false;
  double timeout_s = 0;
};

void add_generate_options(CLI::App& app, GenerateOptions& o) {
  add_common(app, o.kubectl, o.name, false);
  app.add_option("-f,--config", o.config, "The benchmark: an aiperf YAML, or an upstream AIPerfJob or AIPerfSweep");
  app.add_option("--shards", o.job.shards, "Pods, each one shard of the benchmark (default 1)");
  app.add_option("--image", o.job.pod.image, "Container image (default aiperf-cpp:" AIPERF_VERSION ", or spec.image)");
  app.add_option("--backoff-limit", o.job.backoff_limit, "Job backoffLimit (default 0: a failed shard fails the run)");
  app.add_option("--cpu", o.job.cpu, "CPU request and limit per shard (e.g. 4 or 500m)");
  app.add_option("--memory", o.job.memory, "Memory request and limit per shard (e.g. 4Gi)");
  app.add_option("--node-selector", o.node_selector, "KEY=VALUE a node must carry (repeatable)");
  app.add_option("--near-pods-with-label", o.near_pods,
                 "KEY=VALUE of the pods to run next to (the model server): preferred, same node (repeatable)");
  app.add_option("--service-account", o.job.pod.service_account, "The pods' service account");
  app.add_option("--image-pull-secret", o.job.pod.image_pull_secret, "Secret for pulling the image");
  app.add_option("--api-key-secret", o.api_key_secret, "NAME[:KEY] of a Secret holding the API key (key default api-key)");
  app.add_option("--results-pvc", o.job.pod.results_pvc, "An existing claim for /results (default: create <name>-results)");
  app.add_option("--results-size", o.job.results_size, "Size of the created results claim (default 1Gi)");
  app.add_option("--results-storage-class", o.job.results_storage_class, "Storage class of the created results claim");
  app.add_option("profile_args", o.job.profile_args, "aiperf profile options, after --");
}

// Fills the job settings from the options and the benchmark file; the file's own name,
// namespace and image are defaults the options override.
void resolve_generate(CLI::App& app, GenerateOptions& o) {
  if (!o.config.empty()) {
    const BenchmarkFile file = read_benchmark_file(o.config);
    o.job.benchmark_yaml = file.yaml;
    for (const std::string& key : file.ignored)
      log_warning(o.config + ": " + key + " of the " + file.kind + " has no meaning for aiperf kube; it is ignored");
    if (!app.count("--name") && !file.name.empty()) o.name = file.name;
    if (!app.count("--namespace") && !file.namespace_.empty()) o.kubectl.namespace_ = file.namespace_;
    if (!app.count("--image") && !file.image.empty()) o.job.pod.image = file.image;
  }
  o.job.pod.name = o.name;
  o.job.pod.namespace_ = o.kubectl.namespace_;
  for (const std::string& s : o.node_selector) o.job.pod.node_selector.push_back(parse_kube_label("--node-selector", s));
  for (const std::string& s : o.near_pods) o.job.near_pods.push_back(parse_kube_label("--near-pods-with-label", s));
  if (!o.api_key_secret.empty()) o.job.api_key = parse_secret_key_ref("--api-key-secret", o.api_key_secret);
}

GenerateOptions default_generate_options() {
  GenerateOptions o;
  o.name = "aiperf";
  o.job.pod.image = "aiperf-cpp:" AIPERF_VERSION;
  return o;
}

int generate(const std::vector<std::string>& args) {
  CLI::App app("Write the Kubernetes manifests of a sharded benchmark: ConfigMap, results claim, headless Service and "
               "an Indexed Job (docs/cluster.md).",
               "aiperf kube generate");
  GenerateOptions o = default_generate_options();
  add_generate_options(app, o);
  app.add_option("--output,-o", o.output, "Write the manifests here (default stdout)");
  if (std::optional<int> exit_code = parse_subcommand(app, args, "kube generate")) return *exit_code;
  resolve_generate(app, o);
  const std::string manifests = kube_manifests(o.job);
  if (o.output.empty()) {
    std::cout << manifests;
    return 0;
  }
  std::ofstream out(o.output, std::ios::binary);
  out << manifests;
  if (!out.flush()) throw std::runtime_error("--output: cannot write " + o.output);
  return 0;
}

// Polls the Job's conditions: `kubectl wait` waits for one condition, and a Job ends in either
// of two (Complete, Failed) or stops when suspended.
int wait_for_job(const Kubectl& k, const std::string& job, double timeout_s) {
  const std::vector<std::string> args{"get", "job/" + job, "-o",
                                      "jsonpath={range .status.conditions[?(@.status==\"True\")]}{.type}{\"\\n\"}{end}"};
  if (k.dry_run) {
    k.capture(args);
    return 0;
  }
  const auto start = std::chrono::steady_clock::now();
  while (true) {
    const ProcessResult r = k.capture(args);
    if (r.exit_code != 0) {
      log(LogLevel::error, shell_join(k.command(args)) + " exited " + std::to_string(r.exit_code));
      return r.exit_code;
    }
    for (const char* end : {"Complete", "Failed", "Suspended"}) {
      if (r.output.find(end) == std::string::npos) continue;
      std::cout << "Job " << job << ": " << end << "\n";
      if (std::string(end) == "Complete") return 0;
      log(LogLevel::error, "job " + job + " " + (std::string(end) == "Failed" ? "failed" : "was suspended") +
                               "; its logs: aiperf kube logs --name " + job);
      return 1;
    }
    const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (timeout_s > 0 && waited >= timeout_s) {
      log(LogLevel::error, "--timeout: job " + job + " did not finish in " + std::to_string(int(timeout_s)) + " s");
      return 1;
    }
    std::this_thread::sleep_for(std::chrono::seconds(5));
  }
}

int profile(const std::vector<std::string>& args) {
  CLI::App app("Create the benchmark's objects with kubectl apply (the manifests of aiperf kube generate); --wait "
               "waits until the Job completes or fails.",
               "aiperf kube profile");
  GenerateOptions o = default_generate_options();
  add_generate_options(app, o);
  app.add_flag("--dry-run", o.kubectl.dry_run, "Print the kubectl command lines instead of running them");
  app.add_flag("--wait", o.wait, "Wait for the Job to complete (exit 0) or fail (exit 1)");
  app.add_option("--timeout", o.timeout_s, "With --wait: give up after this many seconds (default: no limit)");
  if (std::optional<int> exit_code = parse_subcommand(app, args, "kube profile")) return *exit_code;
  resolve_generate(app, o);
  const std::string manifests = kube_manifests(o.job);
  if (const int rc = o.kubectl.run({"apply", "-f", "-"}, manifests)) return rc;
  if (!o.kubectl.dry_run)
    std::cout << "Started " << o.job.shards << " shard(s) of " << o.name << "; results: aiperf kube results --name "
              << o.name << (o.kubectl.namespace_.empty() ? "" : " -n " + o.kubectl.namespace_) << "\n";
  return o.wait ? wait_for_job(o.kubectl, o.name, o.timeout_s) : 0;
}

// The shard-* directories directly in `dir`, sorted.
std::vector<std::string> shard_dirs(const fs::path& dir) {
  std::vector<std::string> shards;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec))
    if (e.is_directory() && e.path().filename().string().rfind("shard-", 0) == 0) shards.push_back(e.path().string());
  std::sort(shards.begin(), shards.end());
  return shards;
}

// The run's shards into <dir>/merged, or a sweep's: each cell's into <cell>/merged.
int merge_shards(const fs::path& dir, bool dry_run) {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) throw std::runtime_error("this binary's path is unknown (/proc/self/exe); run aiperf merge yourself");
  std::vector<std::string> argv{self.string(), "merge"};
  if (dry_run) {
    std::cout << shell_join(argv) << " " << shell_quote(dir.string()) << "/shard-* --output "
              << shell_quote((dir / "merged").string()) << "\n";
    return 0;
  }
  // The run's shards, or a sweep's: `aiperf merge DIR` merges every cell and the aggregate.
  std::vector<std::string> shards = shard_dirs(dir);
  bool sweep = false;
  if (shards.empty())
    for (const fs::directory_entry& e : fs::directory_iterator(dir, ec))
      if (e.is_directory() && !shard_dirs(e.path()).empty()) sweep = true;
  if (shards.empty() && !sweep) {
    std::cout << "Results in " << dir.string() << " (one unsharded run: nothing to merge)\n";
    return 0;
  }
  if (sweep) argv.push_back(dir.string());
  else argv.insert(argv.end(), shards.begin(), shards.end());
  argv.insert(argv.end(), {"--output", (dir / "merged").string()});
  const int rc = run_process(argv, std::nullopt, false).exit_code;
  if (rc != 0) log(LogLevel::error, "aiperf merge of " + dir.string() + " exited " + std::to_string(rc));
  else std::cout << "Merged into " << (dir / "merged").string() << "\n";
  return rc;
}

int results(const std::vector<std::string>& args) {
  CLI::App app("Copy every shard's results from the results claim (through a short-lived reader pod and kubectl cp) "
               "to --output and merge them into <output>/merged.",
               "aiperf kube results");
  KubePodSettings pod;
  pod.image = "aiperf-cpp:" AIPERF_VERSION;
  Kubectl k;
  std::string output;
  double ready_timeout_s = 300;
  add_common(app, k, pod.name);
  app.add_option("--output,-o", output, "Local directory for the shards and merged/ (default artifacts/<name>)");
  app.add_option("--results-pvc", pod.results_pvc, "The claim given to profile (default <name>-results)");
  app.add_option("--image", pod.image, "Image of the reader pod: needs sh, sleep and tar (default aiperf-cpp:" AIPERF_VERSION ")");
  app.add_option("--image-pull-secret", pod.image_pull_secret, "Secret for pulling the image");
  app.add_option("--ready-timeout", ready_timeout_s, "Seconds to wait for the reader pod to start (default 300)");
  if (std::optional<int> exit_code = parse_subcommand(app, args, "kube results")) return *exit_code;
  pod.namespace_ = k.namespace_;
  if (output.empty()) output = "artifacts/" + pod.name;
  if (output.find(':') != std::string::npos)
    throw ConfigError("--output: kubectl cp reads a path with ':' as POD:PATH; choose a directory without one");
  const KubeObjectNames names = kube_object_names(pod.name, pod.results_pvc);
  const std::string reader = kube_reader_pod_manifest(pod);
  if (const int rc = k.run({"apply", "-f", "-"}, reader)) return rc;
  int rc = k.run({"wait", "--for=condition=Ready", "pod/" + names.reader_pod,
                  "--timeout=" + std::to_string(int64_t(ready_timeout_s)) + "s"});
  if (rc == 0) {
    if (!k.dry_run) fs::create_directories(output);
    rc = k.run({"cp", "-c", "reader", names.reader_pod + ":" + kKubeResultsPath + "/" + pod.name, output});
  }
  // The reader goes whatever happened; its own deadline removes it if this fails too.
  const int deleted = k.run({"delete", "pod/" + names.reader_pod, "--ignore-not-found", "--wait=false"});
  if (rc != 0) return rc;
  if (deleted != 0) log_warning("the reader pod " + names.reader_pod + " is left; it ends within an hour");
  if (!k.dry_run && !fs::is_directory(output)) throw std::runtime_error("kubectl cp wrote nothing to " + output);
  return merge_shards(output, k.dry_run);
}

int logs(const std::vector<std::string>& args) {
  CLI::App app("Every shard's log, each line prefixed with its pod (kubectl logs).", "aiperf kube logs");
  Kubectl k;
  std::string name = "aiperf";
  bool follow = false;
  int64_t tail = -1;
  add_common(app, k, name);
  app.add_flag("--follow,-f", follow, "Keep streaming new lines");
  app.add_option("--tail", tail, "Last lines per pod (default all)");
  if (std::optional<int> exit_code = parse_subcommand(app, args, "kube logs")) return *exit_code;
  check_kube_name("--name", name);
  // With a selector kubectl shows 10 lines per pod unless told otherwise.
  std::vector<std::string> cmd{"logs", "-l", "job-name=" + name, "--prefix", "--all-containers",
                               "--tail=" + std::to_string(tail)};
  if (follow) cmd.insert(cmd.end(), {"--follow", "--max-log-requests=10000"});
  return k.run(cmd);
}

int cancel(const std::vector<std::string>& args) {
  CLI::App app("Stop the benchmark: suspend its Job, so its pods end (SIGTERM) and the results written stay.",
               "aiperf kube cancel");
  Kubectl k;
  std::string name = "aiperf";
  add_common(app, k, name);
  if (std::optional<int> exit_code = parse_subcommand(app, args, "kube cancel")) return *exit_code;
  check_kube_name("--name", name);
  return k.run({"patch", "job/" + name, "--type=merge", "-p", "{\"spec\":{\"suspend\":true}}"});
}

int remove(const std::vector<std::string>& args) {
  CLI::App app("Delete the benchmark's Job (and its pods), Service, ConfigMap and reader pod; the results claim only "
               "with --results.",
               "aiperf kube delete");
  Kubectl k;
  std::string name = "aiperf";
  bool with_results = false;
  add_common(app, k, name);
  app.add_flag("--results", with_results, "Also delete the claim <name>-results that profile created");
  if (std::optional<int> exit_code = parse_subcommand(app, args, "kube delete")) return *exit_code;
  check_kube_name("--name", name);
  const KubeObjectNames names = kube_object_names(name);
  std::vector<std::string> cmd{"delete", "--ignore-not-found", "job/" + names.job, "service/" + names.service,
                               "configmap/" + names.config_map, "pod/" + names.reader_pod};
  if (with_results) cmd.push_back("persistentvolumeclaim/" + names.results_claim);
  return k.run(cmd);
}

const char* const kUsage =
    "Usage: aiperf kube <command> [options]\n"
    "  generate   Write the manifests (ConfigMap, results claim, headless Service, Indexed Job)\n"
    "  profile    Apply them with kubectl (--wait: until the Job completes or fails)\n"
    "  results    Copy every shard's results to --output and merge them\n"
    "  logs       Every shard's log, prefixed with its pod\n"
    "  cancel     Suspend the Job: running shards stop, written results stay\n"
    "  delete     Delete the Job, Service, ConfigMap and reader pod (--results: the claim too)\n"
    "Run 'aiperf kube <command> --help' for its options (docs/cluster.md).\n";

}  // namespace

int run_kube_command(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "-h" || args[0] == "--help") {
    std::cout << kUsage;
    return args.empty() ? 1 : 0;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  try {
    if (args[0] == "generate") return generate(rest);
    if (args[0] == "profile") return profile(rest);
    if (args[0] == "results") return results(rest);
    if (args[0] == "logs") return logs(rest);
    if (args[0] == "cancel") return cancel(rest);
    if (args[0] == "delete") return remove(rest);
  } catch (const std::exception& e) {
    std::cerr << "error: kube " << args[0] << ": " << e.what() << "\n";
    return 1;
  }
  std::cerr << "error: kube: unknown command '" << args[0]
            << "' (supported: generate, profile, results, logs, cancel, delete)\n";
  return 1;
}

}  // namespace aiperf
