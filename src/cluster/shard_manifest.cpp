#include "cluster/shard_manifest.h"

#include <cstdio>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace aiperf {

namespace {

nlohmann::json clock_json(const ShardClock& c) {
  return {{"offset_ns", c.offset_ns},
          {"uncertainty_ns", c.uncertainty_ns},
          {"round_trip_ns", c.round_trip_ns},
          {"samples", c.samples}};
}

ShardClock clock_from(const nlohmann::json& j) {
  ShardClock c;
  c.offset_ns = j.at("offset_ns").get<int64_t>();
  c.uncertainty_ns = j.at("uncertainty_ns").get<int64_t>();
  c.round_trip_ns = j.at("round_trip_ns").get<int64_t>();
  c.samples = j.at("samples").get<int>();
  return c;
}

}  // namespace

void write_shard_manifest(const std::filesystem::path& dir, const ShardManifest& m) {
  nlohmann::json j;
  j["format"] = 1;
  j["run_id"] = m.run_id;
  j["num_shards"] = m.num_shards;
  j["indices"] = m.indices;
  j["fingerprint"] = m.fingerprint;
  j["random_seed"] = m.random_seed;
  j["cli_args"] = m.cli_args;
  j["config_file"] = m.config_file;
  j["clock"] = clock_json(m.clock);
  j["shard_clocks"] = nlohmann::json::array();
  for (const ShardClock& c : m.shard_clocks) j["shard_clocks"].push_back(clock_json(c));
  j["start_wall_ns"] = m.start_wall_ns;
  j["profiling_start_wall_ns"] = m.profiling_start_wall_ns;
  j["profiling_end_wall_ns"] = m.profiling_end_wall_ns;
  j["records"] = m.records;
  j["sorted"] = m.sorted;
  j["complete"] = m.complete;
  j["incomplete_reason"] = m.incomplete_reason;
  const std::filesystem::path path = dir / kShardManifestFile;
  std::ofstream out(path);
  out << j.dump(2) << '\n';
  out.close();
  if (!out) throw std::runtime_error("writing " + path.string() + " failed");
}

ShardManifest read_shard_manifest(const std::filesystem::path& dir) {
  const std::filesystem::path path = dir / kShardManifestFile;
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error(path.string() + " is missing: " + dir.string() +
                             " is not a shard directory, or its shard never finished");
  try {
    const nlohmann::json j = nlohmann::json::parse(in);
    if (j.at("format").get<int>() != 1) throw std::runtime_error("unknown format " + j.at("format").dump());
    ShardManifest m;
    m.run_id = j.at("run_id").get<std::string>();
    m.num_shards = j.at("num_shards").get<int64_t>();
    m.indices = j.at("indices").get<std::vector<int64_t>>();
    m.fingerprint = j.at("fingerprint").get<std::string>();
    m.random_seed = j.at("random_seed").get<uint64_t>();
    m.cli_args = j.at("cli_args").get<std::vector<std::string>>();
    m.config_file = j.at("config_file").get<std::string>();
    m.clock = clock_from(j.at("clock"));
    for (const auto& c : j.at("shard_clocks")) m.shard_clocks.push_back(clock_from(c));
    m.start_wall_ns = j.at("start_wall_ns").get<int64_t>();
    m.profiling_start_wall_ns = j.at("profiling_start_wall_ns").get<int64_t>();
    m.profiling_end_wall_ns = j.at("profiling_end_wall_ns").get<int64_t>();
    m.records = j.at("records").get<uint64_t>();
    m.sorted = j.at("sorted").get<bool>();
    m.complete = j.at("complete").get<bool>();
    m.incomplete_reason = j.at("incomplete_reason").get<std::string>();
    return m;
  } catch (const std::exception& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
}

std::string run_fingerprint(const std::vector<std::string>& cli_args) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&h](const std::string& s) {
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    h = (h ^ 0xff) * 1099511628211ull;  // word separator
  };
  for (size_t i = 0; i < cli_args.size(); ++i) {
    const std::string& a = cli_args[i];
    if (a == "--shard-index" || a == "--shard-rendezvous") {
      ++i;  // and its value
      continue;
    }
    if (a.rfind("--shard-index=", 0) == 0 || a.rfind("--shard-rendezvous=", 0) == 0) continue;
    mix(a);
  }
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

}  // namespace aiperf
