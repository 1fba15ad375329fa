// Record-processor throughput for bench/sections/f_aggregation.sh: synthetic streaming chat
// records (~10 SSE chunks each) fed through RecordProcessor, as the record thread would.
//
//   aggregation_bench <records> <tokenizer: builtin|word> <outputs: none|jsonl|parquet|both> [out dir]
//
// Prints one JSON line: records, seconds (process() calls plus the final summarize()),
// records_per_second, generate_seconds (building the records, not counted), peak_rss_kb
// (getrusage), valid/error counts and the output files' sizes.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
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
    const ClockAnchor anchor = ClockAnchor::now();
    std::optional<BlockFileStream> jsonl;
    if (want_jsonl) jsonl.emplace(dir / "profile_export.jsonl");
    std::optional<RecordParquetExport> parquet;
    RecordProcessor processor(config, *tokenizer, requests, anchor, jsonl ? &*jsonl : nullptr);
    if (want_parquet) {
      parquet.emplace(dir / "profile_export.parquet", anchor);
      processor.add_sink(&*parquet);
    }

    RawRecord record;
    Clock::duration in_process{}, generating{};
    const int64_t t_base = anchor.mono;
    for (uint64_t i = 0; i < n; ++i) {
      const auto g0 = Clock::now();
      fill(record, i, t_base + int64_t(i) * 50000);
      const auto p0 = Clock::now();
      processor.process(record);
      const auto p1 = Clock::now();
      generating += p0 - g0;
      in_process += p1 - p0;
    }
    const auto s0 = Clock::now();
    const RunSummary summary = processor.summarize();
    bool ok = true;
    if (jsonl) ok = (jsonl->close(), bool(*jsonl)) && ok;
    if (parquet) ok = parquet->close() && ok;
    in_process += Clock::now() - s0;

    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    auto size_of = [&](const char* name) {
      std::error_code ec;
      auto s = std::filesystem::file_size(dir / name, ec);
      return ec ? 0 : int64_t(s);
    };
    const double secs = seconds(in_process);
    std::printf("{\"records\":%llu,\"tokenizer\":\"%s\",\"outputs\":\"%s\",\"seconds\":%.3f,"
                "\"records_per_second\":%.0f,\"generate_seconds\":%.3f,\"peak_rss_kb\":%ld,"
                "\"valid\":%lld,\"errors\":%lld,\"jsonl_bytes\":%lld,\"parquet_bytes\":%lld}\n",
                (unsigned long long)n, tokenizer_name.c_str(), outputs.c_str(), secs, double(n) / secs,
                seconds(generating), ru.ru_maxrss, (long long)summary.valid_count, (long long)summary.error_count,
                (long long)(want_jsonl ? size_of("profile_export.jsonl") : 0),
                (long long)(want_parquet ? size_of("profile_export.parquet") : 0));
    return ok ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "aggregation_bench: " << e.what() << "\n";
    return 1;
  }
}
