#include "cluster/kube_manifests.h"

#include <nlohmann/json.hpp>

#include "cluster/shard_environment.h"
#include "cluster/yaml_writer.h"
#include "config/profile_config.h"

namespace aiperf {

namespace {

using Json = nlohmann::ordered_json;

constexpr size_t kConfigMapLimit = 1 << 20;  // the API server's limit on a ConfigMap's data
constexpr int64_t kMaxShards = 10000;        // keeps <name>-<index> within a DNS label
constexpr int kRunAsUser = 1000;             // the image's `aiperf` user (docker/Dockerfile)

Json pod_labels(const KubePodSettings& s, const char* component) {
  return Json{{"app.kubernetes.io/name", "aiperf"},
              {"app.kubernetes.io/instance", s.name},
              {"app.kubernetes.io/component", component}};
}

Json object_metadata(const KubePodSettings& s, const std::string& name, const char* component) {
  Json m{{"name", name}};
  if (!s.namespace_.empty()) m["namespace"] = s.namespace_;
  m["labels"] = pod_labels(s, component);
  return m;
}

Json pairs_object(const std::vector<KubeLabel>& pairs) {
  Json out = Json::object();
  for (const auto& [k, v] : pairs) out[k] = v;
  return out;
}

// Non-root, no privilege escalation, no capabilities, read-only root, the runtime's seccomp
// profile: what the "restricted" Pod Security Standard asks for.
Json container_security_context() {
  return Json{{"allowPrivilegeEscalation", false},
              {"readOnlyRootFilesystem", true},
              {"runAsNonRoot", true},
              {"capabilities", {{"drop", Json::array({"ALL"})}}}};
}

// fsGroup makes a fresh volume writable by the non-root user.
Json pod_security_context() {
  return Json{{"runAsNonRoot", true},
              {"runAsUser", kRunAsUser},
              {"runAsGroup", kRunAsUser},
              {"fsGroup", kRunAsUser},
              {"fsGroupChangePolicy", "OnRootMismatch"},
              {"seccompProfile", {{"type", "RuntimeDefault"}}}};
}

// The fields the Job's pods and the reader pod share.
void common_pod_spec(Json& spec, const KubePodSettings& s) {
  if (!s.service_account.empty()) spec["serviceAccountName"] = s.service_account;
  else spec["automountServiceAccountToken"] = false;  // aiperf never talks to the API server
  if (!s.image_pull_secret.empty()) spec["imagePullSecrets"] = Json::array({{{"name", s.image_pull_secret}}});
  if (!s.node_selector.empty()) spec["nodeSelector"] = pairs_object(s.node_selector);
  spec["securityContext"] = pod_security_context();
}

Json results_volume(const KubeObjectNames& names, bool read_only) {
  Json claim{{"claimName", names.results_claim}};
  if (read_only) claim["readOnly"] = true;
  return Json{{"name", "results"}, {"persistentVolumeClaim", claim}};
}

Json config_map(const KubeJobSettings& s, const KubeObjectNames& names) {
  return Json{{"apiVersion", "v1"},
              {"kind", "ConfigMap"},
              {"metadata", object_metadata(s.pod, names.config_map, "benchmark")},
              {"data", {{"benchmark.yaml", s.benchmark_yaml}}}};
}

// ReadWriteMany when several pods, possibly on several nodes, write at once.
Json results_claim(const KubeJobSettings& s, const KubeObjectNames& names) {
  Json spec{{"accessModes", Json::array({s.shards > 1 ? "ReadWriteMany" : "ReadWriteOnce"})},
            {"resources", {{"requests", {{"storage", s.results_size}}}}}};
  if (!s.results_storage_class.empty()) spec["storageClassName"] = s.results_storage_class;
  return Json{{"apiVersion", "v1"},
              {"kind", "PersistentVolumeClaim"},
              {"metadata", object_metadata(s.pod, names.results_claim, "results")},
              {"spec", spec}};
}

// Headless, and publishing pods before they are ready: shard 0's DNS name must resolve as
// soon as the other shards start looking for it.
Json rendezvous_service(const KubeJobSettings& s, const KubeObjectNames& names) {
  Json selector = pod_labels(s.pod, "shard");
  return Json{{"apiVersion", "v1"},
              {"kind", "Service"},
              {"metadata", object_metadata(s.pod, names.service, "rendezvous")},
              {"spec",
               {{"clusterIP", "None"},
                {"publishNotReadyAddresses", true},
                {"selector", selector},
                {"ports", Json::array({{{"name", "rendezvous"},
                                        {"port", kDefaultShardPort},
                                        {"targetPort", kDefaultShardPort},
                                        {"protocol", "TCP"}}})}}}};
}

Json resources(const KubeJobSettings& s) {
  Json amounts = Json::object();
  if (!s.cpu.empty()) amounts["cpu"] = s.cpu;
  if (!s.memory.empty()) amounts["memory"] = s.memory;
  return Json{{"requests", amounts}, {"limits", amounts}};
}

Json near_pods_affinity(const KubeJobSettings& s) {
  // namespaceSelector {}: the model server usually lives in another namespace than the benchmark.
  Json term{{"labelSelector", {{"matchLabels", pairs_object(s.near_pods)}}},
            {"namespaceSelector", Json::object()},
            {"topologyKey", "kubernetes.io/hostname"}};
  return Json{{"podAffinity",
               {{"preferredDuringSchedulingIgnoredDuringExecution",
                 Json::array({{{"weight", 100}, {"podAffinityTerm", term}}})}}}};
}

Json shard_container(const KubeJobSettings& s, const KubeObjectNames& names) {
  Json env = Json::array();
  // JOB_COMPLETION_INDEX (the shard's index) is set by the Job controller.
  env.push_back({{"name", "AIPERF_SHARD_RENDEZVOUS"},
                 {"value", names.job + "-0." + names.service + ":" + std::to_string(kDefaultShardPort)}});
  env.push_back({{"name", "HOME"}, {"value", "/tmp"}});  // caches (tokenizers) on the writable volume
  if (s.api_key)
    env.push_back({{"name", kKubeApiKeyEnv},
                   {"valueFrom", {{"secretKeyRef", {{"name", s.api_key->name}, {"key", s.api_key->key}}}}}});
  Json mounts = Json::array();
  if (!s.benchmark_yaml.empty()) mounts.push_back({{"name", "config"}, {"mountPath", "/etc/aiperf"}, {"readOnly", true}});
  mounts.push_back({{"name", "results"}, {"mountPath", kKubeResultsPath}});
  mounts.push_back({{"name", "tmp"}, {"mountPath", "/tmp"}});
  Json c{{"name", "aiperf"},
         {"image", s.pod.image},
         {"command", Json::array({"aiperf"})},
         {"args", kube_profile_args(s)},
         {"env", env},
         {"ports", Json::array({{{"name", "rendezvous"}, {"containerPort", kDefaultShardPort}, {"protocol", "TCP"}}})}};
  if (!s.cpu.empty() || !s.memory.empty()) c["resources"] = resources(s);
  c["securityContext"] = container_security_context();
  c["volumeMounts"] = mounts;
  return c;
}

Json indexed_job(const KubeJobSettings& s, const KubeObjectNames& names) {
  Json pod_spec{{"restartPolicy", "Never"}, {"subdomain", names.service}};
  common_pod_spec(pod_spec, s.pod);
  if (!s.near_pods.empty()) pod_spec["affinity"] = near_pods_affinity(s);
  pod_spec["containers"] = Json::array({shard_container(s, names)});
  Json volumes = Json::array();
  if (!s.benchmark_yaml.empty()) volumes.push_back({{"name", "config"}, {"configMap", {{"name", names.config_map}}}});
  volumes.push_back(results_volume(names, false));
  volumes.push_back({{"name", "tmp"}, {"emptyDir", Json::object()}});
  pod_spec["volumes"] = volumes;
  return Json{{"apiVersion", "batch/v1"},
              {"kind", "Job"},
              {"metadata", object_metadata(s.pod, names.job, "benchmark")},
              {"spec",
               {{"completionMode", "Indexed"},
                {"completions", s.shards},
                {"parallelism", s.shards},
                {"backoffLimit", s.backoff_limit},
                {"template", {{"metadata", {{"labels", pod_labels(s.pod, "shard")}}}, {"spec", pod_spec}}}}}};
}

// `$` doubled: Kubernetes expands $(VAR) in args, and reads $$ as a literal $.
std::string literal_arg(const std::string& arg) {
  std::string out;
  for (char c : arg) out += c == '$' ? std::string("$$") : std::string(1, c);
  return out;
}

void check_pod_settings(const KubePodSettings& s) {
  check_kube_name("--name", s.name);
  if (!s.namespace_.empty()) check_dns_subdomain("--namespace", s.namespace_);
  if (s.image.empty() || s.image.find_first_of(" \t\r\n") != std::string::npos)
    throw ConfigError("--image: '" + s.image + "' is not an image reference");
  if (!s.service_account.empty()) check_dns_subdomain("--service-account", s.service_account);
  if (!s.image_pull_secret.empty()) check_dns_subdomain("--image-pull-secret", s.image_pull_secret);
  if (!s.results_pvc.empty()) check_dns_subdomain("--results-pvc", s.results_pvc);
}

}  // namespace

KubeObjectNames kube_object_names(const std::string& name, const std::string& results_pvc) {
  return {name, name, name + "-config", results_pvc.empty() ? name + "-results" : results_pvc, name + "-results-reader"};
}

void check_kube_job_settings(const KubeJobSettings& s) {
  check_pod_settings(s.pod);
  if (s.shards < 1 || s.shards > kMaxShards)
    throw ConfigError("--shards: " + std::to_string(s.shards) + " is out of range (1.." + std::to_string(kMaxShards) + ")");
  if (s.backoff_limit < 0) throw ConfigError("--backoff-limit: must be 0 or more");
  if (!s.cpu.empty()) check_quantity("--cpu", s.cpu);
  if (!s.memory.empty()) check_quantity("--memory", s.memory);
  check_quantity("--results-size", s.results_size);
  if (!s.results_storage_class.empty()) check_dns_subdomain("--results-storage-class", s.results_storage_class);
  if (s.benchmark_yaml.empty() && s.profile_args.empty())
    throw ConfigError("give the benchmark as --config FILE.yaml (or -f FILE) or as profile options after --");
  if (s.benchmark_yaml.size() > kConfigMapLimit)
    throw ConfigError("--config: " + std::to_string(s.benchmark_yaml.size()) +
                      " bytes do not fit a ConfigMap (1 MiB); move datasets out of the file");
  // The generator owns these: each pod's shard, the results volume and a headless console.
  for (const std::string& a : s.profile_args) {
    const std::string flag = a.substr(0, a.find('='));
    for (const char* owned : {"--num-shards", "--shard-index", "--shard-rendezvous", "--artifact-dir", "--ui-type", "--ui",
                              "--config", "-f"})
      if (flag == owned)
        throw ConfigError(flag + " after -- is set by aiperf kube itself; leave it out");
    if (flag == "--api-key")
      throw ConfigError("--api-key after -- would be stored in the Job in clear; use --api-key-secret NAME[:KEY]");
  }
}

std::vector<std::string> kube_profile_args(const KubeJobSettings& s) {
  std::vector<std::string> args{"profile"};
  if (!s.benchmark_yaml.empty()) args.insert(args.end(), {"--config", kKubeConfigPath});
  for (const std::string& a : s.profile_args) args.push_back(literal_arg(a));
  args.insert(args.end(), {"--num-shards", std::to_string(s.shards), "--artifact-dir",
                           std::string(kKubeResultsPath) + "/" + s.pod.name, "--ui-type", "none"});
  if (s.api_key) args.insert(args.end(), {"--api-key", std::string("$(") + kKubeApiKeyEnv + ")"});
  return args;
}

std::string kube_manifests(const KubeJobSettings& s) {
  check_kube_job_settings(s);
  const KubeObjectNames names = kube_object_names(s.pod.name, s.pod.results_pvc);
  std::vector<Json> docs;
  if (!s.benchmark_yaml.empty()) docs.push_back(config_map(s, names));
  if (s.pod.results_pvc.empty()) docs.push_back(results_claim(s, names));
  docs.push_back(rendezvous_service(s, names));
  docs.push_back(indexed_job(s, names));
  std::string out = "# aiperf-cpp " AIPERF_VERSION ": " + std::to_string(s.shards) + "-shard benchmark '" + s.pod.name +
                    "' (docs/cluster.md)\n";
  for (const Json& d : docs) out += "---\n" + yaml_document(d);
  return out;
}

std::string kube_reader_pod_manifest(const KubePodSettings& s) {
  check_pod_settings(s);
  const KubeObjectNames names = kube_object_names(s.name, s.results_pvc);
  Json spec{{"restartPolicy", "Never"}, {"activeDeadlineSeconds", 3600}};
  common_pod_spec(spec, s);
  spec["containers"] = Json::array({{{"name", "reader"},
                                     {"image", s.image},
                                     {"command", Json::array({"sleep", "3600"})},
                                     {"securityContext", container_security_context()},
                                     {"volumeMounts", Json::array({{{"name", "results"},
                                                                    {"mountPath", kKubeResultsPath},
                                                                    {"readOnly", true}}})}}});
  spec["volumes"] = Json::array({results_volume(names, true)});
  return "---\n" + yaml_document(Json{{"apiVersion", "v1"},
                                      {"kind", "Pod"},
                                      {"metadata", object_metadata(s, names.reader_pod, "results-reader")},
                                      {"spec", spec}});
}

}  // namespace aiperf
