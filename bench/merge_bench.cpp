// Writes a synthetic sharded run for `aiperf merge` to join (bench/merge_cost.sh,
// docs/benchmarks.md): SHARDS shard directories of RECORDS raw records each, as shards of one
// closed-loop chat run would leave them (shard.json, sorted shard_records.bin, inputs.json).
// Usage: merge_bench OUT_DIR SHARDS RECORDS [EXPORT_LEVEL]
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "cluster/shard_manifest.h"
#include "records/record_file.h"

int main(int argc, char** argv) {
  using namespace aiperf;
  if (argc < 4) {
    std::fprintf(stderr, "usage: merge_bench OUT_DIR SHARDS RECORDS [EXPORT_LEVEL]\n");
    return 2;
  }
  const std::filesystem::path out = argv[1];
  const int shards = std::atoi(argv[2]);
  const long records = std::atol(argv[3]);
  const std::string level = argc > 4 ? argv[4] : "records";
  const int64_t t0 = 1'765'000'000'000'000'000;  // a wall clock in 2025, ns
  for (int s = 0; s < shards; ++s) {
    const std::filesystem::path dir = out / ("shard-" + std::to_string(s));
    std::filesystem::create_directories(dir);
    ShardManifest m;
    m.run_id = "bench";
    m.num_shards = shards;
    m.indices = {s};
    m.cli_args = {"--url", "http://127.0.0.1:9", "-m", "bench-model", "--endpoint-type", "chat",
                  "--tokenizer", "builtin", "--isl", "32", "--osl", "8", "--num-dataset-entries", "100",
                  "--concurrency", std::to_string(shards * 4), "--request-count", std::to_string(long(shards) * records),
                  "--random-seed", "1", "--export-level", level, "--num-shards", std::to_string(shards)};
    m.fingerprint = run_fingerprint(m.cli_args);
    m.random_seed = 1;
    m.profiling_start_wall_ns = t0;
    m.profiling_end_wall_ns = t0 + records * 1'000'000;
    m.start_wall_ns = t0;
    m.records = uint64_t(records);
    RecordFileWriter writer(dir / kRecordFileName, ClockAnchor{0, 0});
    RawRecord r;
    for (long k = 0; k < records; ++k) {
      r.clear();
      r.credit_id = r.session_num = uint64_t(k) * uint64_t(shards) + uint64_t(s);
      r.dataset_index = uint32_t(r.credit_id % 100);
      r.worker_id = uint32_t(k % 4);
      char id[40];
      std::snprintf(id, sizeof id, "%08x-0000-4000-8000-%012lx", unsigned(s), k);
      r.x_request_id = id;
      r.credit_issued_ns = t0 + k * 1'000'000 + s * 997;
      r.start_ns = r.credit_issued_ns + 20'000;
      r.ack_ns = r.start_ns + 5'000'000 + (k % 97) * 10'000;
      r.end_ns = r.ack_ns + 1'000'000;
      r.trace.send_start_ns = r.start_ns;
      r.trace.send_end_ns = r.start_ns + 10'000;
      r.trace.receive_start_ns = r.ack_ns;
      r.trace.receive_end_ns = r.end_ns;
      r.trace.bytes_sent = 400;
      r.trace.bytes_received = 300;
      r.trace.writes = r.trace.reads = 1;
      r.http_status = 200;
      r.reason = "OK";
      r.content_type = "application/json";
      r.body = R"({"id":"x","object":"chat.completion","model":"bench-model","choices":[{"index":0,"message":{"role":"assistant","content":"one two three four five six seven eight"},"finish_reason":"length"}],"usage":{"prompt_tokens":32,"completion_tokens":8,"total_tokens":40}})";
      r.chunks.push_back({0, uint32_t(r.body.size()), r.end_ns});
      writer.write(r);
    }
    if (!writer.close()) return 1;
    write_shard_manifest(dir, m);
    std::ofstream(dir / "inputs.json") << "{\"data\":[]}\n";
  }
  return 0;
}
