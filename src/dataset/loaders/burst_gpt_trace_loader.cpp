// --custom-dataset-type burst_gpt_trace (workloads-and-endpoints.md §3.7): the BurstGPT CSV.
// Each row is one single-turn request at `Timestamp` seconds, with a synthetic prompt of
// exactly `Request tokens` tokens and max_tokens = `Response tokens`; other columns are ignored.
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "common/log.h"
#include "common/rng_stream.h"
#include "common/uuid.h"
#include "config/dataset_size_limit.h"
#include "dataset/conversation_id.h"
#include "dataset/corpus_text.h"
#include "dataset/loaders/input_file_dataset.h"
#include "dataset/prompt_maker.h"

namespace aiperf {
namespace {

// Fields of one CSV line; a field may be double-quoted ("" inside is one quote).
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        out.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        out.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.emplace_back();
    } else if (c != '\r') {
      out.back() += c;
    }
  }
  return out;
}

std::string trimmed_field(const std::string& s) {
  size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::optional<double> parse_number(const std::string& field) {
  const std::string t = trimmed_field(field);
  double v = 0;
  auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || end != t.data() + t.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

// A token count: a whole number >= 1 ("412" or "412.0", as pandas may write it).
std::optional<int64_t> parse_count(const std::string& field) {
  std::optional<double> v = parse_number(field);
  if (!v || *v < 1 || *v != std::floor(*v) || *v > 1e12) return std::nullopt;
  return int64_t(*v);
}

FileDataset load_burst_gpt_rows(const DatasetBuildSettings& config, PromptSource& source) {
  const std::string& path = *config.input_file;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError("--input-file " + path + ": cannot open file");
  std::string text;
  size_t line = 0;
  while (std::getline(in, text) && text.find_first_not_of(" \t\r\n") == std::string::npos) ++line;
  if (!in) throw ConfigError("--input-file " + path + ": the file has no records");
  ++line;
  const std::vector<std::string> header = csv_fields(text);
  auto column = [&](const char* name) {
    for (size_t i = 0; i < header.size(); ++i)
      if (trimmed_field(header[i]) == name) return i;
    throw ConfigError("--input-file " + path + ", line " + std::to_string(line) + ": the CSV header has no '" +
                      name + "' column (burst_gpt_trace needs Timestamp, Request tokens, Response tokens)");
  };
  const size_t ts_col = column("Timestamp"), in_col = column("Request tokens"), out_col = column("Response tokens");

  PromptMaker prompts(source);
  std::mt19937_64 corpus_rng = make_rng_stream(config.random_seed, "dataset.trace.prompt.corpus");
  FileDataset out;
  size_t skipped = 0, first_skipped = 0;
  while (std::getline(in, text)) {
    ++line;
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) continue;
    const std::vector<std::string> f = csv_fields(text);
    std::optional<double> seconds;
    std::optional<int64_t> isl, osl;
    if (f.size() == header.size()) {
      seconds = parse_number(f[ts_col]);
      isl = parse_count(f[in_col]);
      osl = parse_count(f[out_col]);
    }
    // Upstream skips rows it cannot read (BurstGPT has failed requests with 0 response
    // tokens); they are counted and reported, never dropped silently.
    if (!seconds || *seconds < 0 || !isl || !osl) {
      if (skipped++ == 0) first_skipped = line;
      continue;
    }
    if (std::string problem = prompt_tokens_problem(*isl); !problem.empty())
      throw ConfigError("--input-file " + path + ", line " + std::to_string(line) + ": 'Request tokens' " +
                        std::to_string(*isl) + ": " + problem);
    DatasetEntry entry;
    entry.prompt = prompts.make(*isl, corpus_rng);
    entry.intended_input_tokens = *isl;
    entry.max_tokens = *osl;
    entry.model = config.model_names.front();
    entry.conversation_id = default_conversation_id(config, out.dataset.entries.size());
    out.dataset.entries.push_back(std::move(entry));
    out.timestamps_ms.push_back(*seconds * 1000.0);
    out.lines.push_back(line);
  }
  if (in.bad()) throw ConfigError("--input-file " + path + ": read error");
  if (skipped)
    console_notes() << "warning: --input-file " << path << ": skipped " << skipped
              << " row(s) without a readable Timestamp, Request tokens >= 1 and Response tokens >= 1 (first: line "
              << first_skipped << ")\n";
  if (out.dataset.entries.empty())
    throw ConfigError("--input-file " + path + ": the file has no usable records" +
                      (skipped ? " (every row was skipped, first at line " + std::to_string(first_skipped) + ")" : ""));
  return out;
}

}  // namespace

FileDataset load_burst_gpt_trace_file(const DatasetBuildSettings& config, const Tokenizer& tokenizer) {
  return build_with_prompt_source(prompt_corpus(config), tokenizer,
                                  [&](PromptSource& source) { return load_burst_gpt_rows(config, source); });
}

}  // namespace aiperf
