// Record-processor throughput for bench/sections/f_aggregation.sh: synthetic streaming chat
// records (~10 SSE chunks each) fed through RecordProcessor, as the record thread would.
//
//   aggregation_bench <records> <tokenizer: builtin|word> <outputs: none|jsonl|parquet|both> [out dir]
//
// Two stages of one run are timed apart, in batches of kBatch records so the clock reads
// cost nothing next to the work:
//   processing  = RecordProcessor::measure() (SSE/JSON parsing, token counts, per-record
//                 metrics, the per-request files) plus closing those files;
//   aggregation = RecordProcessor::accumulate() (per-record values into the sample columns)
//                 plus the final summarize() (statistics, percentiles, sweep line, goodput).
// Prints one JSON line: records, seconds (both stages) and records_per_second, the same per
// stage, the stages' CPU time (this thread's clock), generate_seconds (building the records, not counted), peak_rss_kb (getrusage) and
// peak_rss_before_summarize_kb, valid/error counts and the output files' sizes.
// AGGREGATION_BENCH_DUMP=<file> also writes every summary value as a hex float (%a), so two
// builds can be compared bit for bit.
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/block_file_stream.h"
#include "export/record_parquet.h"
#include "metrics/record_processor.h"
#include "tokenizer/tokenizer.h"
#include "tokenizer/word_tokenizer.h"

namespace {

using namespace aiperf;
using Clock = std::chrono::steady_clock;

constexpr const char* kWords[] = {"the", "whale", "ship", "sea", "captain", "white", "Ahab", "ocean", "deep",
                                  "harpoon", "crew", "storm", "wind", "sail", "night", "voyage"};
constexpr size_t kWordCount = sizeof kWords / sizeof kWords[0];
constexpr int kContentChunks = 9;  // + [DONE] = 10 chunks per record
constexpr uint32_t kPrompts = 100;
constexpr size_t kBatch = 256;

uint64_t mix(uint64_t x) {  // splitmix64: cheap, deterministic variety
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

void add_chunk(RawRecord& r, int64_t at, std::string_view bytes) {
  r.chunks.push_back(ResponseChunk{uint32_t(r.body.size()), uint32_t(bytes.size()), at});
  r.body.append(bytes);
}

// Record i: 1 in 50 is a 500 error; the rest stream 9 content chunks and [DONE].
void fill(RawRecord& r, uint64_t i, int64_t t0) {
  r.clear();
  const uint64_t h = mix(i);
  r.session_num = i;
  r.credit_id = i;
  r.dataset_index = uint32_t(i % kPrompts);
  r.worker_id = uint32_t(i % 2);
  r.x_request_id = "req-" + std::to_string(i);
  r.credit_issued_ns = t0;
  r.start_ns = t0 + 1000;
  r.ack_ns = r.start_ns + 200000 + int64_t(h % 100000);
  r.content_type = "text/event-stream";
  if (h % 50 == 0) {
    r.http_status = 500;
    r.reason = "Internal Server Error";
    r.event_stream = false;
    add_chunk(r, r.ack_ns + 1000, R"({"error":"engine overloaded"})");
    r.end_ns = r.ack_ns + 2000;
    return;
  }
  r.http_status = 200;
  r.reason = "OK";
  r.event_stream = true;
  int64_t at = r.ack_ns + 1000;
  for (int c = 0; c < kContentChunks; ++c) {
    std::string chunk = R"(data: {"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":")";
    chunk += ' ';
    chunk += kWords[(h >> (c * 4)) % kWordCount];
    chunk += ' ';
    chunk += kWords[(h >> (c * 4 + 2)) % kWordCount];
    chunk += "\"}}]}\n\n";
    add_chunk(r, at, chunk);
    at += 20000 + int64_t((h >> c) % 5000);
  }
  add_chunk(r, at, "data: [DONE]\n\n");
  r.end_ns = at + 500;
}

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

// This thread's CPU time: on a shared machine, wall time also counts waiting for a core.
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

long peak_rss_kb() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
}

void dump(const RunSummary& summary, const char* path) {
  FILE* f = std::fopen(path, "w");
  if (!f) throw std::runtime_error(std::string("cannot write ") + path);
  auto opt = [&](const std::optional<double>& v) { v ? std::fprintf(f, " %a", *v) : std::fprintf(f, " -"); };
  for (const MetricResult& m : summary.metrics) {
    std::fprintf(f, "%s %lld %a %a", m.tag.c_str(), (long long)m.count, m.sum, m.avg);
    for (const auto* v : {&m.min, &m.max, &m.p1, &m.p5, &m.p10, &m.p25, &m.p50, &m.p75, &m.p90, &m.p95, &m.p99, &m.std})
      opt(*v);
    std::fprintf(f, "\n");
  }
  std::fclose(f);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: aggregation_bench <records> <builtin|word> <none|jsonl|parquet|both> [out dir]\n";
    return 2;
  }
  try {
    const uint64_t n = std::stoull(argv[1]);
    const std::string tokenizer_name = argv[2], outputs = argv[3];
    const std::filesystem::path dir = argc > 4 ? argv[4] : ".";
    const bool want_jsonl = outputs == "jsonl" || outputs == "both";
    const bool want_parquet = outputs == "parquet" || outputs == "both";

    ProfileConfig config;
    config.model_names = {"mock-model"};
    config.endpoint_type = EndpointType::chat;
    config.streaming = true;
    std::unique_ptr<Tokenizer> tokenizer =
        tokenizer_name == "word" ? std::make_unique<WordTokenizer>("word")
                                 : make_tokenizer({"builtin", true, "main", false}, nullptr);
    std::vector<PreparedRequest> requests;
    for (uint32_t p = 0; p < kPrompts; ++p) {
      std::string prompt;
      for (int w = 0; w < 100; ++w) (prompt += kWords[mix(p * 1000 + uint64_t(w)) % kWordCount]) += ' ';
      requests.push_back({"conv-" + std::to_string(p),
                          R"({"messages":[{"role":"user","content":")" + prompt + R"("}],"model":"mock-model","stream":true})"});
    }
    // Fixed, so two runs (two builds) produce the same timestamps and summaries.
    const ClockAnchor anchor{1'700'000'000'000'000'000, 1'000'000'000};
    std::optional<BlockFileStream> jsonl;
    if (want_jsonl) jsonl.emplace(dir / "profile_export.jsonl");
    std::optional<RecordParquetExport> parquet;
    RecordProcessor processor(metrics_settings(config), *tokenizer, requests, anchor, jsonl ? &*jsonl : nullptr);
    if (want_parquet) {
      parquet.emplace(dir / "profile_export.parquet", anchor);
      processor.add_sink(&*parquet);
    }

    std::vector<RawRecord> batch(kBatch);
    std::vector<RecordProcessor::Measured> measured(kBatch);
    Clock::duration processing{}, accumulating{}, generating{};
    double processing_cpu = 0, aggregation_cpu = 0;
    const int64_t t_base = anchor.mono;
    for (uint64_t first = 0; first < n; first += kBatch) {
      const size_t count = size_t(std::min<uint64_t>(kBatch, n - first));
      const auto g0 = Clock::now();
      for (size_t k = 0; k < count; ++k) fill(batch[k], first + k, t_base + int64_t(first + k) * 50000);
      const auto p0 = Clock::now();
      const double c0 = cpu_seconds();
      for (size_t k = 0; k < count; ++k) measured[k] = processor.measure(batch[k]);
      const auto a0 = Clock::now();
      const double c1 = cpu_seconds();
      for (size_t k = 0; k < count; ++k) processor.accumulate(batch[k], measured[k]);
      const auto a1 = Clock::now();
      const double c2 = cpu_seconds();
      processing_cpu += c1 - c0;
      aggregation_cpu += c2 - c1;
      generating += p0 - g0;
      processing += a0 - p0;
      accumulating += a1 - a0;
    }
    const long rss_before_summarize = peak_rss_kb();
    const auto s0 = Clock::now();
    const double c0 = cpu_seconds();
    const RunSummary summary = processor.summarize();
    const auto s1 = Clock::now();
    const double c1 = cpu_seconds();
    bool ok = true;
    if (jsonl) ok = (jsonl->close(), bool(*jsonl)) && ok;
    if (parquet) ok = parquet->close() && ok;
    processing += Clock::now() - s1;
    aggregation_cpu += c1 - c0;
    processing_cpu += cpu_seconds() - c1;
    if (const char* path = std::getenv("AGGREGATION_BENCH_DUMP")) dump(summary, path);

    auto size_of = [&](const char* name) {
      std::error_code ec;
      auto s = std::filesystem::file_size(dir / name, ec);
      return ec ? 0 : int64_t(s);
    };
    const double proc = seconds(processing), acc = seconds(accumulating), summ = seconds(s1 - s0);
    const double total = proc + acc + summ, aggr = acc + summ;
    std::printf("{\"records\":%llu,\"tokenizer\":\"%s\",\"outputs\":\"%s\",\"seconds\":%.3f,"
                "\"records_per_second\":%.0f,\"processing_seconds\":%.3f,\"processing_records_per_second\":%.0f,"
                "\"aggregation_seconds\":%.3f,\"aggregation_records_per_second\":%.0f,"
                "\"accumulate_seconds\":%.3f,\"summarize_seconds\":%.3f,\"processing_cpu_seconds\":%.3f,"
                "\"aggregation_cpu_seconds\":%.3f,\"generate_seconds\":%.3f,"
                "\"peak_rss_kb\":%ld,\"peak_rss_before_summarize_kb\":%ld,"
                "\"valid\":%lld,\"errors\":%lld,\"jsonl_bytes\":%lld,\"parquet_bytes\":%lld}\n",
                (unsigned long long)n, tokenizer_name.c_str(), outputs.c_str(), total, double(n) / total, proc,
                double(n) / proc, aggr, double(n) / aggr, acc, summ, processing_cpu, aggregation_cpu, seconds(generating), peak_rss_kb(),
                rss_before_summarize, (long long)summary.valid_count, (long long)summary.error_count,
                (long long)(want_jsonl ? size_of("profile_export.jsonl") : 0),
                (long long)(want_parquet ? size_of("profile_export.parquet") : 0));
    return ok ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "aggregation_bench: " << e.what() << "\n";
    return 1;
  }
}
