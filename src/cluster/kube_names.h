#pragma once
// Kubernetes' rules for the values `aiperf kube` puts into manifests, checked once when the
// options are read so that a typo is an error naming the option, not an API rejection later.
#include <string>
#include <utility>

namespace aiperf {

using KubeLabel = std::pair<std::string, std::string>;

struct SecretKeyRef {
  std::string name;
  std::string key = "api-key";
};

// --name: a DNS-1035 label short enough that `<name>-results-reader` and the pods' host names
// `<name>-<index>` stay valid labels.
void check_kube_name(const std::string& option, const std::string& name);
// --namespace, --service-account, --image-pull-secret, --results-pvc: DNS-1123 names.
void check_dns_subdomain(const std::string& option, const std::string& name);
// "k=v" (a qualified label key and a label value).
KubeLabel parse_kube_label(const std::string& option, const std::string& text);
// --cpu / --memory / --results-size: a resource quantity ("500m", "2", "4Gi", "1.5G").
void check_quantity(const std::string& option, const std::string& text);
// --api-key-secret NAME[:KEY].
SecretKeyRef parse_secret_key_ref(const std::string& option, const std::string& text);

}  // namespace aiperf
