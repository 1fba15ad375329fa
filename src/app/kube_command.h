// `aiperf kube generate | profile | results | logs | cancel | delete`: a sharded benchmark as
// Kubernetes objects (cluster/kube_manifests.h, docs/cluster.md "Kubernetes"), driven with
// kubectl (on PATH, or --kubectl). Every command but generate prints what it would run with
// --dry-run and runs nothing; a failing kubectl's own message is shown and the exit is non-zero.
#pragma once

#include <string>
#include <vector>

namespace aiperf {

int run_kube_command(const std::vector<std::string>& args);

}  // namespace aiperf
