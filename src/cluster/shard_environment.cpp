#include "cluster/shard_environment.h"

#include <cctype>
#include <charconv>
#include <cstdlib>

#include "config/profile_config.h"

namespace aiperf {

namespace {

int64_t parse_count(const std::string& text, const std::string& source) {
  int64_t v = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, v);
  if (ec != std::errc() || p != end || text.empty())
    throw ConfigError(source + ": '" + text + "' is not a whole number");
  return v;
}

}  // namespace

std::string first_slurm_host(const std::string& nodelist) {
  // Up to the first comma outside brackets.
  std::string first;
  int depth = 0;
  for (char c : nodelist) {
    if (c == '[') ++depth;
    if (c == ']') --depth;
    if (c == ',' && depth == 0) break;
    first += c;
  }
  // Every bracket group ("rack[1-2]-node[03-05]") yields its first entry; the lowest number
  // keeps its zero padding.
  std::string host;
  size_t pos = 0;
  while (pos < first.size()) {
    const size_t open = first.find('[', pos);
    if (open == std::string::npos) {
      host += first.substr(pos);
      break;
    }
    host += first.substr(pos, open - pos);
    const size_t close = first.find(']', open);
    const size_t stop = close == std::string::npos ? first.size() : close;
    std::string range = first.substr(open + 1, stop - open - 1);
    range = range.substr(0, range.find(','));
    host += range.substr(0, range.find('-'));
    pos = close == std::string::npos ? first.size() : close + 1;
  }
  return host;
}

std::string shard_directory_name(int64_t index) { return "shard-" + std::to_string(index); }

ShardIdentity resolve_shard_identity(const ShardSettings& settings, const EnvLookup& env) {
  ShardIdentity id;
  if (!(settings.shard_timeout_s > 0))
    throw ConfigError("--shard-timeout: must be more than 0 seconds, got " + std::to_string(settings.shard_timeout_s));
  id.timeout_s = settings.shard_timeout_s;
  // Only srun's steps: a batch script also has SLURM_PROCID=0 and SLURM_NTASKS, and aiperf run
  // there once must not wait for shards that were never started.
  const bool in_slurm_step = env("SLURM_STEP_ID").has_value() || env("SLURM_STEP_NUM_TASKS").has_value();
  std::string count_source = "--num-shards";
  if (settings.num_shards) {
    id.count = *settings.num_shards;
  } else if (auto v = env("AIPERF_NUM_SHARDS")) {
    count_source = "AIPERF_NUM_SHARDS";
    id.count = parse_count(*v, count_source);
  } else if (auto t = env("SLURM_STEP_NUM_TASKS"); t && in_slurm_step) {
    count_source = "SLURM_STEP_NUM_TASKS";
    id.count = parse_count(*t, count_source);
  } else if (auto n = env("SLURM_NTASKS"); n && in_slurm_step) {
    count_source = "SLURM_NTASKS";
    id.count = parse_count(*n, count_source);
  }
  if (id.count < 1) throw ConfigError(count_source + ": must be at least 1, got " + std::to_string(id.count));
  std::string index_source = "--shard-index";
  if (settings.shard_index) {
    id.index = *settings.shard_index;
  } else if (auto v = env("AIPERF_SHARD_INDEX")) {
    index_source = "AIPERF_SHARD_INDEX";
    id.index = parse_count(*v, index_source);
  } else if (auto k = env("JOB_COMPLETION_INDEX")) {
    index_source = "JOB_COMPLETION_INDEX";
    id.index = parse_count(*k, index_source);
  } else if (auto s = env("SLURM_PROCID"); s && in_slurm_step) {
    index_source = "SLURM_PROCID";
    id.index = parse_count(*s, index_source);
  } else if (id.count > 1) {
    throw ConfigError(count_source + " " + std::to_string(id.count) +
                      ": which shard this is was not given (--shard-index, AIPERF_SHARD_INDEX, "
                      "JOB_COMPLETION_INDEX or SLURM_PROCID)");
  }
  if (id.index < 0 || id.index >= id.count)
    throw ConfigError(index_source + ": shard " + std::to_string(id.index) + " is not one of 0 to " +
                      std::to_string(id.count - 1) + " (" + count_source + " " + std::to_string(id.count) + ")");
  if (!id.sharded()) return id;

  std::string address, address_source = "--shard-rendezvous";
  if (settings.rendezvous) {
    address = *settings.rendezvous;
  } else if (auto v = env("AIPERF_SHARD_RENDEZVOUS")) {
    address = *v;
    address_source = "AIPERF_SHARD_RENDEZVOUS";
  } else if (auto l = env("SLURM_STEP_NODELIST")) {
    address = first_slurm_host(*l);
    address_source = "SLURM_STEP_NODELIST";
  } else if (auto j = env("SLURM_JOB_NODELIST")) {
    address = first_slurm_host(*j);
    address_source = "SLURM_JOB_NODELIST";
  } else {
    throw ConfigError(count_source + " " + std::to_string(id.count) +
                      ": where shard 0 waits was not given (--shard-rendezvous HOST[:PORT], "
                      "AIPERF_SHARD_RENDEZVOUS, or a Slurm node list)");
  }
  int64_t port = kDefaultShardPort;
  std::string port_source = "the default port";
  if (auto p = env("AIPERF_SHARD_PORT")) {
    port_source = "AIPERF_SHARD_PORT";
    port = parse_count(*p, port_source);
  }
  // HOST, HOST:PORT, [v6]:PORT; a bare IPv6 address (two colons or more) has no port.
  std::string host = address;
  if (!address.empty() && address.front() == '[') {
    const size_t close = address.find(']');
    if (close == std::string::npos) throw ConfigError(address_source + ": '" + address + "' has no closing ']'");
    host = address.substr(1, close - 1);
    if (close + 1 < address.size()) {
      if (address[close + 1] != ':') throw ConfigError(address_source + ": '" + address + "' is not [HOST]:PORT");
      port_source = address_source + " port";
      port = parse_count(address.substr(close + 2), port_source);
    }
  } else if (const size_t colon = address.rfind(':'); colon != std::string::npos &&
                                                       address.find(':') == colon) {
    host = address.substr(0, colon);
    port_source = address_source + " port";
    port = parse_count(address.substr(colon + 1), port_source);
  }
  if (port < 1 || port > 65535)
    throw ConfigError(port_source + ": " + std::to_string(port) + " is not a port (1 to 65535)");
  if (host.empty()) throw ConfigError(address_source + ": '" + address + "' names no host");
  id.rendezvous_host = host;
  id.rendezvous_port = uint16_t(port);
  return id;
}

}  // namespace aiperf
