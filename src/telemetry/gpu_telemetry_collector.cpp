#include "telemetry/gpu_telemetry_collector.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>

#include "common/log.h"
#include "common/url_credentials.h"
#include "config/env_settings.h"
#include "telemetry/dcgm_metrics.h"
#include "telemetry/dcgm_url.h"
#include "telemetry/gpu_telemetry_report.h"
#include "telemetry/http_client.h"

namespace aiperf {

namespace {

constexpr const char* kPynvmlSource = "pynvml://localhost";  // upstream's source name for NVML
constexpr const char* kAmdsmiSource = "amdsmi://localhost";

// UUID when the source reports one; DCGM without UUID labels and NVML fall back to the index.
std::string gpu_track_key(const std::string& source, const GpuIdentity& gpu) {
  return source + '\n' + (gpu.uuid.empty() ? "#" + std::to_string(gpu.index) : gpu.uuid);
}

HttpCall gpu_get(const std::string& url, double timeout_s) {
  HttpCall call;
  call.url = url;
  call.timeout_s = timeout_s;
  return call;
}

}  // namespace

double gpu_collection_interval_s() { return env_settings().gpu_collection_interval_s; }

GpuTelemetryCollector::GpuTelemetryCollector(const GpuTelemetrySettings& settings, std::filesystem::path jsonl_path,
                                             ClockAnchor anchor, GpuCollectorOptions options)
    : settings_(settings), jsonl_path_(std::move(jsonl_path)), options_(std::move(options)) {
  data_.anchor = anchor;
}

GpuTelemetryCollector::~GpuTelemetryCollector() {
  {
    std::lock_guard lock(wake_mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void GpuTelemetryCollector::start() {
  if (!settings_.enabled || running_) return;
  std::vector<GpuField> custom;
  if (!settings_.custom_fields_csv.empty()) {
    try {
      custom = load_gpu_field_csv(settings_.custom_fields_csv);
    } catch (const std::invalid_argument& e) {  // checked at the command line; the file changed since
      log_warning(std::string("GPU telemetry: custom fields ignored: ") + e.what());
    }
  }
  {
    std::lock_guard lock(mu_);  // dashboard_lines() may already be asking
    data_.fields = gpu_fields_with(custom);
  }
  switch (settings_.source) {
    case GpuTelemetrySource::dcgm: probe_dcgm(); break;
    case GpuTelemetrySource::pynvml: open_nvml(); break;
    case GpuTelemetrySource::amdsmi:
      log_warning("GPU telemetry: amdsmi (AMD GPUs) is not supported by this build; no GPU data is collected");
      add_source(kAmdsmiSource, false);
      break;
  }
  const bool any = nvml_ || std::any_of(endpoints_.begin(), endpoints_.end(), [](const Endpoint& e) { return e.reachable; });
  if (!any) return;
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

void GpuTelemetryCollector::probe_dcgm() {
  std::vector<std::string> urls;
  for (const std::string& u : options_.default_urls) urls.push_back(normalize_dcgm_url(u));
  const size_t defaults = urls.size();
  for (const std::string& u : settings_.extra_urls)
    if (std::string url = normalize_dcgm_url(u); std::find(urls.begin(), urls.end(), url) == urls.end())
      urls.push_back(url);
  for (size_t i = 0; i < urls.size(); ++i) endpoints_.push_back({urls[i], i >= defaults, false, {}});

  // In parallel: a filtered port costs the whole timeout, and only once.
  std::vector<HttpReply> replies(endpoints_.size());
  std::vector<std::thread> probes;
  for (size_t i = 0; i < endpoints_.size(); ++i)
    probes.emplace_back([&, i] {
      HttpClient client;
      replies[i] = client.call(gpu_get(endpoints_[i].url, options_.probe_timeout_s));
    });
  for (std::thread& t : probes) t.join();

  std::vector<size_t> order;  // reachable ones by reply time, so the first samples are in time order
  for (size_t i = 0; i < endpoints_.size(); ++i) {
    Endpoint& e = endpoints_[i];
    e.reachable = replies[i].ok();
    add_source(redact_url_credentials(e.url), e.reachable);
    if (e.reachable) {
      order.push_back(i);
    } else if (e.explicit_url) {
      log_warning("GPU telemetry: DCGM exporter " + redact_url_credentials(e.url) + " is unreachable (" +
                  replies[i].problem() + "); no GPU data from it");
    } else {
      log_debug("GPU telemetry: default DCGM exporter " + e.url + " not reachable: " + replies[i].problem());
    }
  }
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return replies[a].done_ns < replies[b].done_ns; });
  for (size_t i : order) {
    Endpoint& e = endpoints_[i];
    e.last_body = std::move(replies[i].body);
    std::vector<GpuReading> gpus = parse_dcgm_metrics(e.last_body, data_.fields);
    if (gpus.empty() && e.explicit_url)
      log_warning("GPU telemetry: " + redact_url_credentials(e.url) + " answers but reports no DCGM GPU fields");
    record(redact_url_credentials(e.url), replies[i].done_ns, std::move(gpus));
  }
  http_ = std::make_unique<HttpClient>();
}

void GpuTelemetryCollector::add_source(const std::string& url, bool reachable) {
  std::lock_guard lock(mu_);
  data_.sources.push_back({url, reachable});
}

void GpuTelemetryCollector::open_nvml() {
  std::string error;
  nvml_ = NvmlReader::open(options_.nvml_library, error);
  add_source(kPynvmlSource, nvml_ != nullptr);
  if (!nvml_) {
    log_warning("GPU telemetry: NVML (" + options_.nvml_library + ") is not available on this machine: " + error);
    return;
  }
  record(kPynvmlSource, mono_ns(), nvml_->read(data_.fields));
}

void GpuTelemetryCollector::run() {
  const auto interval = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(options_.interval_s > 0 ? options_.interval_s : gpu_collection_interval_s()));
  auto next = std::chrono::steady_clock::now();
  std::unique_lock lock(wake_mu_);
  for (;;) {
    next += interval;
    if (wake_.wait_until(lock, next, [&] { return stopping_; })) return;
    lock.unlock();
    sample_once();
    lock.lock();
    // A scrape slower than the interval skips the ticks it missed instead of bursting.
    if (const auto now = std::chrono::steady_clock::now(); now > next + interval) next = now;
  }
}

void GpuTelemetryCollector::sample_once() {
  for (Endpoint& e : endpoints_)
    if (e.reachable) scrape(e);
  if (nvml_) record(kPynvmlSource, mono_ns(), nvml_->read(data_.fields));
}

void GpuTelemetryCollector::scrape(Endpoint& e) {
  HttpReply reply = http_->call(gpu_get(e.url, options_.scrape_timeout_s));
  if (!reply.ok()) {
    log_debug("GPU telemetry: scrape of " + redact_url_credentials(e.url) + " failed: " + reply.problem());
    return;
  }
  if (reply.body == e.last_body) return;  // DCGM refreshes its values less often than we ask
  e.last_body = std::move(reply.body);
  record(redact_url_credentials(e.url), reply.done_ns, parse_dcgm_metrics(e.last_body, data_.fields));
}

void GpuTelemetryCollector::record(const std::string& source, int64_t mono, std::vector<GpuReading> readings) {
  if (readings.empty()) return;
  {
    std::lock_guard lock(mu_);
    for (const GpuReading& r : readings) {
      auto [it, added] = track_of_.emplace(gpu_track_key(source, r.gpu), data_.gpus.size());
      if (added) data_.gpus.push_back({source, r.gpu, std::vector<std::vector<GpuPoint>>(data_.fields.size()), {}});
      GpuTrack& t = data_.gpus[it->second];
      for (size_t f = 0; f < r.values.size() && f < t.series.size(); ++f)
        if (r.values[f]) t.series[f].push_back({mono, *r.values[f]});
      t.latest = r.values;
    }
  }
  write_jsonl(source, mono, readings);
}

void GpuTelemetryCollector::write_jsonl(const std::string& source, int64_t mono, const std::vector<GpuReading>& readings) {
  if (jsonl_path_.empty() || jsonl_failed_) return;
  if (!jsonl_.is_open()) {
    // Created with the first sample (§7.2: the file exists only when something was collected).
    jsonl_buffer_.resize(1 << 16);
    jsonl_.rdbuf()->pubsetbuf(jsonl_buffer_.data(), std::streamsize(jsonl_buffer_.size()));
    jsonl_.open(jsonl_path_, std::ios::binary | std::ios::trunc);
    if (!jsonl_) {
      jsonl_failed_ = true;
      log_warning("GPU telemetry: cannot write " + jsonl_path_.string() + "; the raw samples are not exported");
      return;
    }
  }
  const int64_t wall = data_.anchor.to_wall(mono);
  for (const GpuReading& r : readings) {
    nlohmann::ordered_json line;
    line["timestamp_ns"] = wall;
    line["dcgm_url"] = source;  // upstream's key, NVML samples included
    line["gpu_index"] = r.gpu.index;
    line["gpu_uuid"] = r.gpu.uuid;
    line["gpu_model_name"] = r.gpu.model_name;
    line["pci_bus_id"] = r.gpu.pci_bus_id;
    line["device"] = r.gpu.device;
    line["hostname"] = r.gpu.hostname;
    if (!r.gpu.k8s_namespace.empty()) line["namespace"] = r.gpu.k8s_namespace;
    if (!r.gpu.pod_name.empty()) line["pod_name"] = r.gpu.pod_name;
    nlohmann::ordered_json values = nlohmann::ordered_json::object();
    for (size_t f = 0; f < r.values.size(); ++f)
      if (r.values[f]) values[data_.fields[f].name] = *r.values[f];
    line["telemetry_data"] = std::move(values);
    jsonl_ << line.dump() << '\n';
  }
}

void GpuTelemetryCollector::set_profiling_window(int64_t start_mono_ns, int64_t end_mono_ns) {
  std::lock_guard lock(mu_);
  data_.window_start_ns = start_mono_ns;
  data_.window_end_ns = end_mono_ns;
}

void GpuTelemetryCollector::stop() {
  if (!running_) return;
  running_ = false;
  {
    std::lock_guard lock(wake_mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  sample_once();
  if (jsonl_.is_open()) {
    jsonl_.close();
    if (!jsonl_) log_warning("GPU telemetry: writing " + jsonl_path_.string() + " failed");
  }
}

GpuTelemetrySnapshot GpuTelemetryCollector::snapshot() const {
  std::lock_guard lock(mu_);
  return data_;
}

size_t GpuTelemetryCollector::gpu_count() const {
  std::lock_guard lock(mu_);
  return data_.gpus.size();
}

nlohmann::ordered_json GpuTelemetryCollector::telemetry_data() const { return gpu_telemetry_json(snapshot()); }

std::string GpuTelemetryCollector::csv_section() const { return gpu_telemetry_csv(snapshot()); }

std::string GpuTelemetryCollector::console_tables(int width, bool color) const {
  if (!settings_.enabled || !settings_.console) return "";
  return gpu_telemetry_console(snapshot(), width, color);
}

std::vector<std::string> GpuTelemetryCollector::dashboard_lines() const {
  if (!settings_.dashboard) return {};
  std::lock_guard lock(mu_);
  return gpu_dashboard_lines(data_);
}

}  // namespace aiperf
