#pragma once
// The benchmark a cluster run executes, read from the file given to `aiperf kube` (-f/--config):
//   - an aiperf YAML configuration (schemaVersion/benchmark/sweep/... or the legacy flat body):
//     kept byte for byte, comments included;
//   - an upstream `AIPerfJob` (apiVersion aiperf.nvidia.com/*): spec.benchmark is the body;
//     spec.variables, spec.randomSeed, spec.multiRun and spec.schemaVersion join it in the
//     envelope; metadata.name/namespace and spec.image are taken as defaults for our options;
//   - an upstream `AIPerfSweep`: the same plus spec.sweep. Upstream's operator fans a sweep out
//     into child jobs; here the whole sweep runs as the usual sequence of runs inside one Job.
// Either way the text must hold no literal secret (an API key, an Authorization header, a URL
// with a password): it is stored in a ConfigMap, which is not a Secret.
#include <string>
#include <vector>

namespace aiperf {

struct BenchmarkFile {
  std::string kind;        // "aiperf", "AIPerfJob" or "AIPerfSweep"
  std::string yaml;        // what `aiperf profile --config` reads in the pod
  std::string name;        // metadata.name of a custom resource, else empty
  std::string namespace_;  // metadata.namespace of a custom resource, else empty
  std::string image;       // spec.image of a custom resource, else empty
  std::vector<std::string> ignored;  // spec keys of a custom resource that have no meaning here
};

// Throws ConfigError "FILE:LINE: ..." for unreadable or malformed files, a custom resource
// without spec.benchmark, an AIPerfJob with spec.sweep, an AIPerfSweep without one, and
// literal secrets.
BenchmarkFile parse_benchmark_file(const std::string& text, const std::string& path);
BenchmarkFile read_benchmark_file(const std::string& path);

}  // namespace aiperf
