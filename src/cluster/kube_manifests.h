#pragma once
// The Kubernetes objects of a sharded benchmark (docs/cluster.md, "Kubernetes"), as text:
//   ConfigMap <name>-config      the benchmark YAML, mounted at /etc/aiperf/benchmark.yaml
//   PersistentVolumeClaim <name>-results   unless --results-pvc names an existing claim
//   Service <name>               headless: gives pod I the DNS name <name>-I.<name>
//   Job <name>                   Indexed, completions = parallelism = shards; each pod runs
//                                one shard into /results/<name>/shard-<I>
// and the short-lived Pod <name>-results-reader that `aiperf kube results` copies them from.
// Pure text generation; the options are checked here, once (ConfigError names the option).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cluster/kube_names.h"

namespace aiperf {

constexpr const char* kKubeConfigPath = "/etc/aiperf/benchmark.yaml";
constexpr const char* kKubeResultsPath = "/results";
// Outside AIPERF_*: aiperf warns about AIPERF_ variables it does not read as settings.
constexpr const char* kKubeApiKeyEnv = "BENCHMARK_API_KEY";

struct KubeObjectNames {
  std::string job, service, config_map, results_claim, reader_pod;
};
// `results_pvc` empty: the generated claim.
KubeObjectNames kube_object_names(const std::string& name, const std::string& results_pvc = "");

// Where the pods run and what they may use; shared by the Job and the reader pod.
struct KubePodSettings {
  std::string name = "aiperf";
  std::string namespace_;  // empty: kubectl's current namespace
  std::string image;
  std::string service_account;
  std::string image_pull_secret;
  std::string results_pvc;  // empty: generate <name>-results
  std::vector<KubeLabel> node_selector;
};

struct KubeJobSettings {
  KubePodSettings pod;
  int64_t shards = 1;
  int64_t backoff_limit = 0;
  std::string cpu, memory;                 // requests = limits (Guaranteed QoS when both)
  std::vector<KubeLabel> near_pods;        // preferred podAffinity on these labels, per node
  std::optional<SecretKeyRef> api_key;     // --api-key-secret
  std::string results_size = "1Gi";        // the generated claim's request
  std::string results_storage_class;       // empty: the cluster's default class
  std::string benchmark_yaml;              // empty: no ConfigMap, the profile args say it all
  std::vector<std::string> profile_args;   // after `--`, passed to `aiperf profile` as given
};

// Throws ConfigError naming the option for anything Kubernetes would reject.
void check_kube_job_settings(const KubeJobSettings& settings);

// The aiperf command line each shard runs (the container's args after `aiperf`).
std::vector<std::string> kube_profile_args(const KubeJobSettings& settings);

// The documents, `---` separated, in the order `kubectl apply` should create them.
std::string kube_manifests(const KubeJobSettings& settings);

// A pod that mounts the results claim read-only and sleeps (for at most an hour) so that
// `kubectl cp` can read it after the Job's pods have ended.
std::string kube_reader_pod_manifest(const KubePodSettings& settings);

}  // namespace aiperf
