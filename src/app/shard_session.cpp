#include "app/shard_session.h"

#include <charconv>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "cluster/shard_manifest.h"
#include "common/log.h"

namespace aiperf {

namespace {

// The --config file is copied beside the records, so the merge needs no path of the run's machine.
constexpr char kCopiedConfigFile[] = "benchmark.yaml";

std::string ms(int64_t ns) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3f", double(ns) / 1e6);
  return b;
}

}  // namespace

uint64_t shared_shard_seed(const ProfileConfig& config) {
  // 48 bits of the fingerprint: a seed every shard derives alike.
  return std::stoull(run_fingerprint(config.cli_args).substr(0, 12), nullptr, 16);
}

ShardSession::ShardSession(const ProfileConfig& config, ShardIdentity shard, std::filesystem::path dir)
    : config_(config), shard_(std::move(shard)), dir_(std::move(dir)) {
  if (const char* skew = std::getenv("AIPERF_SHARD_CLOCK_SKEW_NS")) {
    const std::string_view text(skew);
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), skew_ns_);
    if (ec != std::errc() || p != text.data() + text.size())
      throw ConfigError("AIPERF_SHARD_CLOCK_SKEW_NS: '" + std::string(text) + "' is not a whole number of ns");
  }
}

void ShardSession::open_records(const ClockAnchor& anchor) { writer_.emplace(dir_ / kRecordFileName, anchor); }

void ShardSession::meet_and_wait() {
  RendezvousRequest request;
  request.shard = shard_;
  request.fingerprint = run_fingerprint(config_.cli_args);
  request.clock = [this] { return now_wall(); };
  std::cout << "Shard " << shard_.index << " of " << shard_.count << ": meeting the other shards at "
            << shard_.rendezvous_host << ":" << shard_.rendezvous_port << "..." << std::endl;
  meeting_ = rendezvous(request);
  met_ = true;
  const ShardClock& c = meeting_.clock;
  log_info("shard rendezvous: run " + meeting_.run_id + ", clock offset to shard 0 " + ms(c.offset_ns) + " ms ± " +
           ms(c.uncertainty_ns) + " ms (best round trip " + ms(c.round_trip_ns) + " ms of " +
           std::to_string(c.samples) + " pings)");
  if (shard_.index == 0)
    for (size_t i = 1; i < meeting_.shards.size(); ++i)
      log_info("shard " + std::to_string(i) + ": clock offset " + ms(meeting_.shards[i].offset_ns) + " ms ± " +
               ms(meeting_.shards[i].uncertainty_ns) + " ms");
  // Until the run ends, shard.json says the shard has not finished: if it is killed, the
  // merge still finds its records and its clock, and reports the run incomplete.
  write_shard_manifest(dir_, manifest(0, 0, false, "shard " + std::to_string(shard_.index) +
                                                       " stopped before its run ended (killed or crashed); "
                                                       "its records are those it had written"));
  const int64_t wait = meeting_.start_wall_ns - now_wall();
  if (wait > 0) std::this_thread::sleep_for(std::chrono::nanoseconds(wait));
}

ShardManifest ShardSession::manifest(int64_t profiling_start_wall_ns, int64_t profiling_end_wall_ns, bool complete,
                                     const std::string& incomplete_reason) const {
  ShardManifest m;
  m.run_id = meeting_.run_id;
  m.num_shards = shard_.count;
  m.indices = {shard_.index};
  m.fingerprint = run_fingerprint(config_.cli_args);
  m.random_seed = config_.random_seed.value_or(0);
  m.cli_args = config_.cli_args;
  for (size_t i = 0; i < m.cli_args.size(); ++i) {
    std::string& a = m.cli_args[i];
    if (a == "--config" && i + 1 < m.cli_args.size()) {
      m.cli_args[++i] = kCopiedConfigFile;
      m.config_file = kCopiedConfigFile;
    } else if (a.rfind("--config=", 0) == 0) {
      a = std::string("--config=") + kCopiedConfigFile;
      m.config_file = kCopiedConfigFile;
    }
  }
  const int64_t offset = meeting_.clock.offset_ns;
  m.clock = meeting_.clock;
  m.shard_clocks = meeting_.shards;
  m.start_wall_ns = meeting_.start_wall_ns - offset;
  m.profiling_start_wall_ns = profiling_start_wall_ns ? profiling_start_wall_ns - offset : 0;
  m.profiling_end_wall_ns = profiling_end_wall_ns ? profiling_end_wall_ns - offset : 0;
  m.records = writer_->records();
  m.sorted = complete;
  m.complete = complete;
  m.incomplete_reason = incomplete_reason;
  return m;
}

void ShardSession::copy_config_file() const {
  const std::vector<std::string>& a = config_.cli_args;
  for (size_t i = 0; i < a.size(); ++i) {
    std::string source;
    if (a[i] == "--config" && i + 1 < a.size()) source = a[i + 1];
    else if (a[i].rfind("--config=", 0) == 0) source = a[i].substr(9);
    if (source.empty()) continue;
    std::error_code ec;
    std::filesystem::copy_file(source, dir_ / kCopiedConfigFile, std::filesystem::copy_options::overwrite_existing, ec);
    if (ec) log(LogLevel::error, "copying --config " + source + " beside the shard's records failed: " + ec.message());
  }
}

void ShardSession::finish(int64_t profiling_start_wall_ns, int64_t profiling_end_wall_ns, bool cancelled,
                          const std::string& incomplete_reason) {
  copy_config_file();
  ShardManifest m = manifest(profiling_start_wall_ns, profiling_end_wall_ns, met_ && !cancelled,
                             !met_ ? "the shards never met" : incomplete_reason);
  bool ok = writer_->close();
  ok = ok && sort_record_file(dir_ / kRecordFileName);
  m.sorted = ok;
  if (!ok) {
    m.complete = false;
    m.incomplete_reason = "writing " + (dir_ / kRecordFileName).string() + " failed";
    log(LogLevel::error, m.incomplete_reason);
  }
  write_shard_manifest(dir_, m);
  std::cout << "Shard " << shard_.index << " of " << shard_.count << ": " << m.records << " records in "
            << (dir_ / kRecordFileName).string() << "; join the shards with: aiperf merge "
            << dir_.parent_path().string() << "/shard-* --output " << (dir_.parent_path() / "merged").string()
            << std::endl;
}

}  // namespace aiperf
