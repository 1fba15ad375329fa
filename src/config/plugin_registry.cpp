#include "config/plugin_registry.h"

#include <algorithm>

#include "config/endpoint_catalog.h"
#include "config/enum_names.h"
#include "config/public_datasets.h"

namespace aiperf {
namespace {

std::string endpoint_detail(const EndpointInfo& e) {
  std::string d = *e.path ? std::string(e.path) : std::string("(no path: give it in --url)");
  if (e.streaming_path) d += ", streaming " + std::string(e.streaming_path);
  d += e.supports_streaming ? "; streams" : "; never streamed";
  if (e.tokenizes_input) d += "; input tokens";
  if (e.produces_tokens) d += "; output tokens";
  return d;
}

template <class E>
PluginCategory from_table(std::string name, std::string description) {
  PluginCategory c{std::move(name), std::move(description), {}};
  for (const EnumName<E>& n : names_of(E{})) c.entries.push_back({std::string(n.name), ""});
  return c;
}

}  // namespace

std::vector<PluginCategory> plugin_categories() {
  std::vector<PluginCategory> out;
  PluginCategory endpoints{"endpoint", "--endpoint-type", {}};
  for (const EndpointInfo& e : kEndpointCatalog) endpoints.entries.push_back({e.name, endpoint_detail(e)});
  out.push_back(std::move(endpoints));
  PluginCategory custom = from_table<CustomDatasetType>("custom_dataset_loader", "--custom-dataset-type");
  for (PluginEntry& e : custom.entries) {
    const CustomDatasetType t = *enum_by_name<CustomDatasetType>(e.name);
    if (is_trace_dataset_type(t)) e.detail = "trace (a timestamped first row turns on the fixed schedule)";
    if (is_verbatim_dataset_type(t)) e.detail = "verbatim bodies (--endpoint-type raw)";
  }
  out.push_back(std::move(custom));
  PluginCategory pub{"public_dataset_loader", "--public-dataset", {}};
  for (const PublicDatasetInfo& d : public_datasets())
    pub.entries.push_back({std::string(d.name), d.repo.empty() ? "" : "HuggingFace " + std::string(d.repo)});
  out.push_back(std::move(pub));
  out.push_back(from_table<ArrivalPattern>("arrival_pattern", "--arrival-pattern (with --request-rate)"));
  out.push_back(from_table<UiType>("ui", "--ui-type"));
  out.push_back(from_table<ConnectionReuse>("connection_reuse", "--connection-reuse-strategy"));
  out.push_back(from_table<ModelSelection>("model_selection", "--model-selection-strategy"));
  out.push_back(from_table<ExportLevel>("export_level", "--export-level"));
  out.push_back(from_table<TransportType>("transport", "--transport"));
  out.push_back(from_table<AuthType>("auth", "--auth-type"));
  out.push_back(from_table<UrlStrategy>("url_selection_strategy", "--url-strategy"));
  std::sort(out.begin(), out.end(), [](const PluginCategory& a, const PluginCategory& b) { return a.name < b.name; });
  return out;
}

}  // namespace aiperf
