// The Kubernetes manifests of a sharded benchmark: structure, quoting, the AIPerfJob reader and
// the errors bad options get. The same documents are checked against the real API schemas by
// tests/e2e/kube_manifests.sh.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "cluster/aiperf_job_file.h"
#include "cluster/kube_manifests.h"
#include "cluster/yaml_writer.h"
#include "config/profile_config.h"

namespace aiperf {
namespace {

KubeJobSettings kube_basic_job(int64_t shards = 4) {
  KubeJobSettings s;
  s.pod.name = "bench";
  s.pod.namespace_ = "perf";
  s.pod.image = "registry.example/aiperf-cpp:1.0";
  s.shards = shards;
  s.benchmark_yaml = "benchmark:\n  models: [m]\n  endpoint: {urls: [\"http://model:8000\"]}\n";
  return s;
}

std::vector<YAML::Node> kube_documents(const std::string& text) {
  std::vector<YAML::Node> out;
  for (const YAML::Node& d : YAML::LoadAll(text))
    if (d && !d.IsNull()) out.push_back(d);
  return out;
}

YAML::Node kube_find_kind(const std::vector<YAML::Node>& docs, const std::string& kind) {
  for (const YAML::Node& d : docs)
    if (d["kind"].as<std::string>() == kind) return d;
  ADD_FAILURE() << "no " << kind;
  return {};
}

TEST(KubeManifests, IndexedJobWithRendezvousService) {
  const std::vector<YAML::Node> docs = kube_documents(kube_manifests(kube_basic_job(64)));
  ASSERT_EQ(docs.size(), 4u);
  EXPECT_EQ(docs.back()["kind"].as<std::string>(), "Job");  // created last, after what it mounts
  const YAML::Node job = kube_find_kind(docs, "Job");
  EXPECT_EQ(job["metadata"]["namespace"].as<std::string>(), "perf");
  EXPECT_EQ(job["spec"]["completionMode"].as<std::string>(), "Indexed");
  EXPECT_EQ(job["spec"]["completions"].as<int>(), 64);
  EXPECT_EQ(job["spec"]["parallelism"].as<int>(), 64);
  EXPECT_EQ(job["spec"]["backoffLimit"].as<int>(), 0);
  const YAML::Node pod = job["spec"]["template"]["spec"];
  const YAML::Node service = kube_find_kind(docs, "Service");
  EXPECT_EQ(service["spec"]["clusterIP"].as<std::string>(), "None");
  EXPECT_EQ(pod["subdomain"].as<std::string>(), service["metadata"]["name"].as<std::string>());
  EXPECT_EQ(service["spec"]["ports"][0]["port"].as<int>(), 7450);
  // The Service selects exactly the Job's pods (not the reader pod).
  for (const auto& kv : service["spec"]["selector"])
    EXPECT_EQ(job["spec"]["template"]["metadata"]["labels"][kv.first.as<std::string>()].as<std::string>(),
              kv.second.as<std::string>());
  const YAML::Node c = pod["containers"][0];
  bool rendezvous = false;
  for (const YAML::Node& e : c["env"])
    if (e["name"].as<std::string>() == "AIPERF_SHARD_RENDEZVOUS") {
      EXPECT_EQ(e["value"].as<std::string>(), "bench-0.bench:7450");
      rendezvous = true;
    }
  EXPECT_TRUE(rendezvous);
  std::vector<std::string> args;
  for (const YAML::Node& a : c["args"]) args.push_back(a.as<std::string>());
  EXPECT_EQ(args, (std::vector<std::string>{"profile", "--config", "/etc/aiperf/benchmark.yaml", "--num-shards", "64",
                                            "--artifact-dir", "/results/bench", "--ui-type", "none"}));
  EXPECT_EQ(kube_find_kind(docs, "PersistentVolumeClaim")["spec"]["accessModes"][0].as<std::string>(), "ReadWriteMany");
  EXPECT_EQ(kube_find_kind(docs, "ConfigMap")["data"]["benchmark.yaml"].as<std::string>(), kube_basic_job().benchmark_yaml);
}

TEST(KubeManifests, RestrictedSecurityContext) {
  const YAML::Node pod = kube_find_kind(kube_documents(kube_manifests(kube_basic_job())), "Job")["spec"]["template"]["spec"];
  EXPECT_TRUE(pod["securityContext"]["runAsNonRoot"].as<bool>());
  EXPECT_EQ(pod["securityContext"]["seccompProfile"]["type"].as<std::string>(), "RuntimeDefault");
  const YAML::Node sc = pod["containers"][0]["securityContext"];
  EXPECT_FALSE(sc["allowPrivilegeEscalation"].as<bool>());
  EXPECT_TRUE(sc["readOnlyRootFilesystem"].as<bool>());
  EXPECT_EQ(sc["capabilities"]["drop"][0].as<std::string>(), "ALL");
  EXPECT_FALSE(pod["automountServiceAccountToken"].as<bool>());
}

TEST(KubeManifests, OptionsReachThePod) {
  KubeJobSettings s = kube_basic_job(1);
  s.cpu = "4";
  s.memory = "8Gi";
  s.backoff_limit = 2;
  s.pod.node_selector = {{"pool", "bench"}, {"kubernetes.io/arch", "amd64"}};
  s.near_pods = {{"app", "vllm"}};
  s.pod.service_account = "bench-sa";
  s.pod.image_pull_secret = "regcred";
  s.pod.results_pvc = "shared-results";
  s.api_key = SecretKeyRef{"openai", "token"};
  const std::string text = kube_manifests(s);
  const std::vector<YAML::Node> docs = kube_documents(text);
  ASSERT_EQ(docs.size(), 3u);  // no claim: --results-pvc names one
  const YAML::Node job = kube_find_kind(docs, "Job");
  EXPECT_EQ(job["spec"]["backoffLimit"].as<int>(), 2);
  const YAML::Node pod = job["spec"]["template"]["spec"];
  EXPECT_EQ(pod["nodeSelector"]["kubernetes.io/arch"].as<std::string>(), "amd64");
  EXPECT_EQ(pod["serviceAccountName"].as<std::string>(), "bench-sa");
  EXPECT_FALSE(pod["automountServiceAccountToken"]);
  EXPECT_EQ(pod["imagePullSecrets"][0]["name"].as<std::string>(), "regcred");
  const YAML::Node term = pod["affinity"]["podAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"][0];
  EXPECT_EQ(term["podAffinityTerm"]["labelSelector"]["matchLabels"]["app"].as<std::string>(), "vllm");
  EXPECT_EQ(term["podAffinityTerm"]["topologyKey"].as<std::string>(), "kubernetes.io/hostname");
  const YAML::Node c = pod["containers"][0];
  EXPECT_EQ(c["resources"]["requests"]["cpu"].as<std::string>(), "4");
  EXPECT_EQ(c["resources"]["limits"]["memory"].as<std::string>(), "8Gi");
  bool volume = false;
  for (const YAML::Node& v : pod["volumes"])
    if (v["persistentVolumeClaim"]) volume = v["persistentVolumeClaim"]["claimName"].as<std::string>() == "shared-results";
  EXPECT_TRUE(volume);
  const YAML::Node key = c["env"][c["env"].size() - 1];
  EXPECT_EQ(key["valueFrom"]["secretKeyRef"]["name"].as<std::string>(), "openai");
  EXPECT_EQ(key["valueFrom"]["secretKeyRef"]["key"].as<std::string>(), "token");
  const YAML::Node args = c["args"];
  EXPECT_EQ(args[args.size() - 2].as<std::string>(), "--api-key");
  EXPECT_EQ(args[args.size() - 1].as<std::string>(), std::string("$(") + kKubeApiKeyEnv + ")");
}

TEST(KubeManifests, ProfileArgsKeepTheirDollarsLiteral) {
  KubeJobSettings s = kube_basic_job(2);
  s.benchmark_yaml.clear();
  s.profile_args = {"-m", "my model", "--extra-inputs", "note:$(HOME) costs $5"};
  const std::vector<YAML::Node> docs = kube_documents(kube_manifests(s));
  ASSERT_EQ(docs.size(), 3u);  // no ConfigMap without --config
  const YAML::Node args = kube_find_kind(docs, "Job")["spec"]["template"]["spec"]["containers"][0]["args"];
  EXPECT_EQ(args[1].as<std::string>(), "-m");
  EXPECT_EQ(args[2].as<std::string>(), "my model");
  EXPECT_EQ(args[4].as<std::string>(), "note:$$(HOME) costs $$5");
}

TEST(KubeManifests, BadOptionsNameTheOption) {
  const auto manifest_error = [](KubeJobSettings s) -> std::string {
    try {
      kube_manifests(s);
    } catch (const ConfigError& e) {
      return e.what();
    }
    return "";
  };
  KubeJobSettings s = kube_basic_job();
  s.pod.name = "Bench_1";
  EXPECT_NE(manifest_error(s).find("--name"), std::string::npos);
  s = kube_basic_job();
  s.shards = 0;
  EXPECT_NE(manifest_error(s).find("--shards"), std::string::npos);
  s = kube_basic_job();
  s.cpu = "four";
  EXPECT_NE(manifest_error(s).find("--cpu"), std::string::npos);
  s = kube_basic_job();
  s.benchmark_yaml.clear();
  EXPECT_NE(manifest_error(s).find("--config"), std::string::npos);
  s = kube_basic_job();
  s.profile_args = {"--api-key", "sk-123"};
  EXPECT_NE(manifest_error(s).find("--api-key-secret"), std::string::npos);
  s = kube_basic_job();
  s.profile_args = {"--artifact-dir=/x"};
  EXPECT_NE(manifest_error(s).find("--artifact-dir"), std::string::npos);
  EXPECT_THROW(parse_kube_label("--node-selector", "novalue"), ConfigError);
  EXPECT_THROW(parse_kube_label("--node-selector", "a=b c"), ConfigError);
  EXPECT_EQ(parse_kube_label("--node-selector", "example.com/pool=").second, "");
  EXPECT_EQ(parse_secret_key_ref("--api-key-secret", "openai").key, "api-key");
  EXPECT_THROW(parse_secret_key_ref("--api-key-secret", "Bad_Name"), ConfigError);
}

TEST(KubeManifests, ReaderPodMountsTheClaimReadOnly) {
  KubePodSettings p = kube_basic_job().pod;
  const YAML::Node pod = kube_documents(kube_reader_pod_manifest(p)).at(0);
  EXPECT_EQ(pod["metadata"]["name"].as<std::string>(), "bench-results-reader");
  EXPECT_EQ(pod["metadata"]["labels"]["app.kubernetes.io/component"].as<std::string>(), "results-reader");
  EXPECT_TRUE(pod["spec"]["volumes"][0]["persistentVolumeClaim"]["readOnly"].as<bool>());
  EXPECT_EQ(pod["spec"]["volumes"][0]["persistentVolumeClaim"]["claimName"].as<std::string>(), "bench-results");
}

TEST(YamlWriter, StringsThatLookLikeOtherTypesAreQuoted) {
  nlohmann::ordered_json v{{"a", "true"}, {"b", "1"}, {"c", "on"}, {"d", "0755"}, {"e", "plain-word"},
                           {"f", "a: b"}, {"g", "-x"}, {"h", ""}, {"i", nlohmann::ordered_json::array()}};
  const YAML::Node n = YAML::Load(yaml_document(v));
  for (const char* k : {"a", "b", "c", "d", "f", "g"}) EXPECT_EQ(n[k].Tag(), "!") << k << " must be quoted";
  EXPECT_EQ(n["e"].Tag(), "?");
  EXPECT_EQ(n["f"].as<std::string>(), "a: b");
  EXPECT_EQ(n["h"].as<std::string>(), "");
  EXPECT_TRUE(n["i"].IsSequence());
}

TEST(YamlWriter, MultiLineTextRoundTrips) {
  for (const std::string text : {"a: 1\n  b: \"x\"\n\n# c\n", "no newline\nat end", "two\n\n", "x\n\tTab: '$y'\n   \n"}) {
    const YAML::Node n = YAML::Load(yaml_document(nlohmann::ordered_json{{"k", {{"text", text}}}}));
    EXPECT_EQ(n["k"]["text"].as<std::string>(), text);
  }
  const std::string leading = "  indented first line\nsecond\n";
  EXPECT_EQ(YAML::Load(yaml_document(nlohmann::ordered_json{{"t", leading}}))["t"].as<std::string>(), leading);
}

constexpr const char* kAIPerfJobText = R"(apiVersion: aiperf.nvidia.com/v1alpha1
kind: AIPerfJob
metadata:
  name: llama-bench
  namespace: perf
spec:
  image: nvcr.io/me/aiperf:1
  ttlSecondsAfterFinished: 600
  variables: {conc: 16}
  benchmark:
    models: [my-org/my-model]
    endpoint:
      urls: [http://frontend:8000]
      streaming: true
    phases:
      - {name: profiling, type: concurrency, concurrency: "{{ conc }}", requests: "100"}
)";

TEST(AiperfJobFile, AIPerfJobSpecBecomesTheEnvelope) {
  const BenchmarkFile f = parse_benchmark_file(kAIPerfJobText, "job.yaml");
  EXPECT_EQ(f.kind, "AIPerfJob");
  EXPECT_EQ(f.name, "llama-bench");
  EXPECT_EQ(f.namespace_, "perf");
  EXPECT_EQ(f.image, "nvcr.io/me/aiperf:1");
  EXPECT_EQ(f.ignored, std::vector<std::string>{"spec.ttlSecondsAfterFinished"});
  const YAML::Node y = YAML::Load(f.yaml);
  EXPECT_FALSE(y["kind"]);
  EXPECT_EQ(y["variables"]["conc"].as<int>(), 16);
  EXPECT_EQ(y["benchmark"]["models"][0].as<std::string>(), "my-org/my-model");
  const YAML::Node phase = y["benchmark"]["phases"][0];
  EXPECT_EQ(phase["concurrency"].as<std::string>(), "{{ conc }}");
  EXPECT_EQ(phase["requests"].Tag(), "!");  // "100" stays a string
}

TEST(AiperfJobFile, AIPerfSweepKeepsItsSweep) {
  std::string sweep = kAIPerfJobText;
  sweep.replace(sweep.find("kind: AIPerfJob"), 15, "kind: AIPerfSweep");
  sweep += "  sweep:\n    type: grid\n    variables: {conc: [1, 2]}\n";
  const YAML::Node y = YAML::Load(parse_benchmark_file(sweep, "s.yaml").yaml);
  EXPECT_EQ(y["sweep"]["type"].as<std::string>(), "grid");
  EXPECT_TRUE(y["benchmark"]);
}

TEST(AiperfJobFile, PlainConfigurationIsKeptByteForByte) {
  const std::string text = "# my run\nbenchmark:\n  models: [m]   # the model\n";
  const BenchmarkFile f = parse_benchmark_file(text, "run.yaml");
  EXPECT_EQ(f.kind, "aiperf");
  EXPECT_EQ(f.yaml, text);
}

std::string job_file_error(const std::string& text) {
  try {
    parse_benchmark_file(text, "f.yaml");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(AiperfJobFile, BadInputNamesFileAndLine) {
  EXPECT_NE(job_file_error("benchmark: [unclosed\n").find("f.yaml:"), std::string::npos);
  EXPECT_NE(job_file_error("apiVersion: batch/v1\nkind: Job\n").find("neither an aiperf configuration"), std::string::npos);
  EXPECT_NE(job_file_error("apiVersion: aiperf.nvidia.com/v1alpha1\nkind: AIPerfJob\nspec:\n  image: x\n").find(
                "f.yaml:4: AIPerfJob spec.benchmark is missing"),
            std::string::npos);
  std::string with_sweep = std::string(kAIPerfJobText) + "  sweep: {type: grid}\n";
  EXPECT_NE(job_file_error(with_sweep).find("make it an AIPerfSweep"), std::string::npos);
  EXPECT_NE(job_file_error("a: 1\n---\nb: 2\n").find("one YAML document expected"), std::string::npos);
  EXPECT_NE(job_file_error("- a\n").find("must be a mapping"), std::string::npos);
}

TEST(AiperfJobFile, LiteralSecretsAreRefused) {
  EXPECT_NE(job_file_error("benchmark:\n  endpoint:\n    api_key: sk-123\n").find("f.yaml:3: 'api_key' holds a literal secret"),
            std::string::npos);
  EXPECT_NE(job_file_error("benchmark:\n  endpoint:\n    headers: {Authorization: Bearer x}\n").find("literal secret"),
            std::string::npos);
  EXPECT_NE(job_file_error("benchmark:\n  endpoint:\n    urls: [\"http://u:pw@host:8000\"]\n").find("f.yaml:3: a URL with a password"),
            std::string::npos);
  EXPECT_NE(job_file_error("benchmark:\n  headers: [\"X-Api-Key: abc\"]\n").find("header"), std::string::npos);
  EXPECT_EQ(job_file_error("benchmark:\n  endpoint:\n    api_key: ${OPENAI_API_KEY}\n    urls: [\"http://u@h\"]\n"), "");
}

}  // namespace
}  // namespace aiperf
