// --prompt-corpus coding (workloads-and-endpoints.md §2.2): code-like filler text for agentic
// coding workloads, where a prose corpus would tokenize unlike the prompts it stands in for.
// Blocks from 22 procedural families (source in several languages, logs, tool output, diffs,
// configs, short chats), shuffled and joined by blank lines. A fixed generator seed: the text is
// the same in every run, so prompts differ by the run's seed only through where windows start.
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "dataset/corpus_text.h"

namespace aiperf {
namespace {

constexpr uint64_t kCodingCorpusSeed = 0x636f64696e67ULL;  // "coding"
constexpr int kCodingBlocks = 660;

class BlockWriter {
 public:
  explicit BlockWriter(std::mt19937_64& rng) : rng_(rng) {}

  template <size_t N>
  const char* pick(const char* const (&words)[N]) { return words[rng_() % N]; }
  int num(int lo, int hi) { return lo + int(rng_() % uint64_t(hi - lo + 1)); }
  std::string ident() { return std::string(pick(kVerbs)) + "_" + pick(kNouns); }
  std::string camel() {
    std::string a = pick(kVerbs), b = pick(kNouns);
    b[0] = char(b[0] - 'a' + 'A');
    return a + b;
  }
  std::string type_name() {
    std::string a = pick(kNouns), b = pick(kSuffixes);
    a[0] = char(a[0] - 'a' + 'A');
    return a + b;
  }
  std::string path() {
    return std::string(pick(kDirs)) + "/" + pick(kNouns) + "_" + pick(kNouns) + pick(kExtensions);
  }
  std::string hex(int digits) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string s;
    for (int i = 0; i < digits; ++i) s += kHex[rng_() % 16];
    return s;
  }
  std::string time_of_day() {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%02d:%02d:%02d", num(0, 23), num(0, 59), num(0, 59));
    return buf;
  }

  static constexpr const char* kVerbs[] = {"load", "parse", "build", "fetch", "update", "resolve", "validate",
                                           "merge", "flush", "encode", "decode", "schedule", "render", "compute",
                                           "normalize", "dispatch", "collect", "retry", "split", "index"};
  static constexpr const char* kNouns[] = {"config", "request", "batch", "token", "cache", "session", "record",
                                           "metric", "worker", "buffer", "graph", "schema", "payload", "tensor",
                                           "checkpoint", "manifest", "queue", "index", "shard", "router"};
  static constexpr const char* kSuffixes[] = {"Manager", "Client", "Config", "Store", "Handler", "Builder",
                                              "Result", "Options", "State", "Error"};
  static constexpr const char* kDirs[] = {"src", "lib", "pkg/core", "internal/api", "tests", "scripts",
                                          "app/services", "crates/engine/src", "web/components", "tools"};
  static constexpr const char* kExtensions[] = {".py", ".go", ".rs", ".ts", ".cpp", ".yaml", ".json", ".sql"};
  static constexpr const char* kTypes[] = {"int", "str", "float", "bool", "bytes", "list[str]", "dict[str, int]"};
  static constexpr const char* kWords[] = {"the", "handler", "returns", "an", "error", "when", "input", "is",
                                           "empty", "and", "retries", "after", "timeout", "with", "backoff",
                                           "so", "callers", "never", "block", "on", "slow", "disks", "while",
                                           "holding", "lock", "each", "row", "gets", "its", "own", "id"};

  std::string sentence(int words) {
    std::string s;
    for (int i = 0; i < words; ++i) (s.empty() ? s : s += ' ') += pick(kWords);
    s[0] = char(std::toupper(static_cast<unsigned char>(s[0])));
    return s + ".";
  }

 private:
  std::mt19937_64& rng_;
};

using Family = std::function<std::string(BlockWriter&)>;

std::string python_function(BlockWriter& w) {
  const std::string name = w.ident(), arg = w.pick(BlockWriter::kNouns);
  std::string s = "def " + name + "(" + arg + ": " + w.pick(BlockWriter::kTypes) + ", *, retries: int = " +
                  std::to_string(w.num(1, 5)) + ") -> " + w.type_name() + ":\n";
  s += "    \"\"\"" + w.sentence(w.num(6, 12)) + "\"\"\"\n";
  s += "    result = " + w.type_name() + "()\n";
  s += "    for attempt in range(retries):\n";
  s += "        try:\n            value = " + w.ident() + "(" + arg + ", attempt=attempt)\n";
  s += "        except " + w.type_name() + " as exc:\n            logger.warning(\"" + w.ident() +
       " failed: %s\", exc)\n            continue\n";
  s += "        result." + std::string(w.pick(BlockWriter::kNouns)) + " = value\n        break\n";
  s += "    return result\n";
  return s;
}

std::string go_function(BlockWriter& w) {
  const std::string t = w.type_name();
  std::string s = "func (s *" + t + ") " + w.camel() + "(ctx context.Context, id string) (*" + w.type_name() +
                  ", error) {\n";
  s += "\tif id == \"\" {\n\t\treturn nil, fmt.Errorf(\"" + w.ident() + ": empty id\")\n\t}\n";
  s += "\ts.mu.Lock()\n\tdefer s.mu.Unlock()\n";
  s += "\titem, ok := s." + std::string(w.pick(BlockWriter::kNouns)) + "s[id]\n";
  s += "\tif !ok {\n\t\treturn nil, ErrNotFound\n\t}\n\treturn item, nil\n}\n";
  return s;
}

std::string rust_function(BlockWriter& w) {
  std::string s = "pub fn " + w.ident() + "(input: &[u8], limit: usize) -> Result<Vec<" + w.type_name() +
                  ">, Error> {\n";
  s += "    let mut out = Vec::with_capacity(limit.min(" + std::to_string(w.num(8, 512)) + "));\n";
  s += "    for chunk in input.chunks(" + std::to_string(w.num(4, 64)) + ") {\n";
  s += "        let item = " + w.type_name() + "::try_from(chunk).map_err(|e| Error::" + w.type_name() + "(e))?;\n";
  s += "        if out.len() >= limit {\n            break;\n        }\n        out.push(item);\n    }\n    Ok(out)\n}\n";
  return s;
}

std::string typescript_interface(BlockWriter& w) {
  std::string s = "export interface " + w.type_name() + " {\n";
  for (int i = 0, n = w.num(3, 7); i < n; ++i)
    s += "  " + w.camel() + (i % 3 == 2 ? "?" : "") + ": " +
         (i % 2 ? "string" : w.num(0, 1) ? "number" : w.type_name() + "[]") + ";\n";
  s += "}\n\nexport async function " + w.camel() + "(id: string): Promise<" + w.type_name() + "> {\n";
  s += "  const res = await fetch(`/api/" + std::string(w.pick(BlockWriter::kNouns)) + "s/${id}`);\n";
  s += "  if (!res.ok) throw new Error(`" + w.ident() + " failed: ${res.status}`);\n  return res.json();\n}\n";
  return s;
}

std::string sql_query(BlockWriter& w) {
  const std::string a = w.pick(BlockWriter::kNouns), b = w.pick(BlockWriter::kNouns);
  return "SELECT " + a + ".id, " + a + ".created_at, COUNT(" + b + ".id) AS " + b + "_count\nFROM " + a + "s AS " +
         a + "\nLEFT JOIN " + b + "s AS " + b + " ON " + b + "." + a + "_id = " + a + ".id\nWHERE " + a +
         ".status = '" + w.pick(BlockWriter::kVerbs) + "ed' AND " + a + ".created_at > NOW() - INTERVAL '" +
         std::to_string(w.num(1, 30)) + " days'\nGROUP BY 1, 2\nORDER BY " + b + "_count DESC\nLIMIT " +
         std::to_string(w.num(10, 500)) + ";\n";
}

std::string training_log(BlockWriter& w) {
  std::string s;
  int step = w.num(100, 90000);
  double loss = 1.0 + w.num(0, 3000) / 1000.0;
  for (int i = 0, n = w.num(4, 9); i < n; ++i, step += 50) {
    loss *= 0.97 + w.num(0, 40) / 1000.0;
    char buf[200];
    std::snprintf(buf, sizeof buf, "[%s] step %d | loss %.4f | lr %.2e | grad_norm %.3f | tokens/s %d\n",
                  w.time_of_day().c_str(), step, loss, 3e-4 * (1.0 - i * 0.01), 0.2 + w.num(0, 900) / 1000.0,
                  w.num(20000, 180000));
    s += buf;
  }
  return s;
}

std::string shell_listing(BlockWriter& w) {
  std::string s = "$ ls -la " + std::string(w.pick(BlockWriter::kDirs)) + "\n";
  for (int i = 0, n = w.num(4, 9); i < n; ++i)
    s += std::string(i % 3 ? "-rw-r--r--" : "drwxr-xr-x") + "  1 dev dev " + std::to_string(w.num(96, 90000)) +
         " Nov " + std::to_string(w.num(1, 30)) + " " + w.time_of_day().substr(0, 5) + " " +
         w.pick(BlockWriter::kNouns) + "_" + w.pick(BlockWriter::kNouns) + w.pick(BlockWriter::kExtensions) + "\n";
  return s;
}

std::string json_payload(BlockWriter& w) {
  std::string s = "{\n  \"id\": \"" + w.hex(8) + "-" + w.hex(4) + "-" + w.hex(12) + "\",\n";
  s += "  \"type\": \"" + w.ident() + "\",\n  \"attributes\": {\n";
  for (int i = 0, n = w.num(2, 6); i < n; ++i)
    s += "    \"" + w.ident() + "\": " + (i % 2 ? std::to_string(w.num(0, 10000)) : "\"" + w.ident() + "\"") +
         (i + 1 < n ? ",\n" : "\n");
  s += "  },\n  \"tags\": [\"" + std::string(w.pick(BlockWriter::kNouns)) + "\", \"" + w.pick(BlockWriter::kNouns) +
       "\"]\n}\n";
  return s;
}

std::string python_traceback(BlockWriter& w) {
  std::string s = "Traceback (most recent call last):\n";
  for (int i = 0, n = w.num(2, 5); i < n; ++i)
    s += "  File \"/workspace/" + w.path() + "\", line " + std::to_string(w.num(10, 900)) + ", in " + w.ident() +
         "\n    " + w.ident() + "(" + w.pick(BlockWriter::kNouns) + ")\n";
  s += std::string(w.num(0, 1) ? "KeyError: '" + std::string(w.pick(BlockWriter::kNouns)) + "'"
                               : "ValueError: " + w.sentence(w.num(4, 8))) + "\n";
  return s;
}

std::string cuda_error(BlockWriter& w) {
  return "RuntimeError: CUDA out of memory. Tried to allocate " + std::to_string(w.num(20, 900)) +
         ".00 MiB (GPU " + std::to_string(w.num(0, 7)) + "; 79.15 GiB total capacity; " +
         std::to_string(w.num(40, 78)) + ".12 GiB already allocated; " + std::to_string(w.num(10, 900)) +
         ".44 MiB free; " + std::to_string(w.num(60, 79)) +
         ".00 GiB reserved in total by PyTorch)\nIf reserved memory is >> allocated memory try setting "
         "max_split_size_mb to avoid fragmentation.\n";
}

std::string git_diff(BlockWriter& w) {
  const std::string file = w.path();
  const int line = w.num(10, 400);
  std::string s = "diff --git a/" + file + " b/" + file + "\nindex " + w.hex(7) + ".." + w.hex(7) +
                  " 100644\n--- a/" + file + "\n+++ b/" + file + "\n@@ -" + std::to_string(line) + ",6 +" +
                  std::to_string(line) + ",7 @@\n";
  s += "     " + w.ident() + "(" + w.pick(BlockWriter::kNouns) + ")\n";
  s += "-    if " + std::string(w.pick(BlockWriter::kNouns)) + " is None:\n";
  s += "+    if not " + std::string(w.pick(BlockWriter::kNouns)) + ":\n";
  s += "+        logger.debug(\"" + w.ident() + " skipped\")\n";
  s += "         return\n     " + w.ident() + "()\n";
  return s;
}

std::string ci_log(BlockWriter& w) {
  std::string s;
  const char* steps[] = {"Checkout", "Set up toolchain", "Restore cache", "Build", "Run unit tests", "Lint",
                         "Upload artifacts"};
  for (const char* step : steps)
    s += "##[group]" + std::string(step) + "\n" + w.time_of_day() + " " + w.sentence(w.num(4, 9)) +
         "\n##[endgroup]\n";
  s += "Error: Process completed with exit code " + std::to_string(w.num(0, 2)) + ".\n";
  return s;
}

std::string yaml_config(BlockWriter& w) {
  std::string s = std::string(w.pick(BlockWriter::kNouns)) + ":\n";
  for (int i = 0, n = w.num(3, 7); i < n; ++i)
    s += "  " + w.ident() + ": " + (i % 3 == 0 ? std::to_string(w.num(1, 4096)) : i % 3 == 1 ? "true" : w.ident()) +
         "\n";
  s += "  " + std::string(w.pick(BlockWriter::kNouns)) + "s:\n    - name: " + w.ident() + "\n      replicas: " +
       std::to_string(w.num(1, 16)) + "\n";
  return s;
}

std::string markdown_doc(BlockWriter& w) {
  return "## " + w.type_name() + "\n\n" + w.sentence(w.num(8, 16)) + " " + w.sentence(w.num(6, 12)) +
         "\n\n- `" + w.ident() + "`: " + w.sentence(w.num(4, 8)) + "\n- `" + w.ident() + "`: " +
         w.sentence(w.num(4, 8)) + "\n";
}

std::string pytest_output(BlockWriter& w) {
  std::string s = "============================= test session starts ==============================\n";
  const int passed = w.num(5, 300), failed = w.num(0, 3);
  s += "collected " + std::to_string(passed + failed) + " items\n\n";
  for (int i = 0, n = w.num(2, 5); i < n; ++i)
    s += "tests/test_" + std::string(w.pick(BlockWriter::kNouns)) + ".py " + std::string(size_t(w.num(3, 30)), '.') +
         (i == 0 && failed ? "F" : "") + "\n";
  s += "==== " + std::to_string(failed) + " failed, " + std::to_string(passed) + " passed in " +
       std::to_string(w.num(1, 90)) + ".42s ====\n";
  return s;
}

std::string coding_chat(BlockWriter& w) {
  return "User: Why does `" + w.ident() + "` return an empty " + w.pick(BlockWriter::kNouns) + " after `" +
         w.ident() + "`?\nAssistant: " + w.sentence(w.num(8, 14)) + " Check `" + w.path() + "` around line " +
         std::to_string(w.num(10, 400)) + ".\n";
}

std::string user_prompt(BlockWriter& w) {
  return "Refactor `" + w.ident() + "` in " + w.path() + " so that " + w.sentence(w.num(6, 12)) +
         " Keep the public API and add a test.\n";
}

std::string cpp_class(BlockWriter& w) {
  const std::string t = w.type_name();
  return "class " + t + " {\n public:\n  explicit " + t + "(std::size_t capacity) : items_(capacity) {}\n  bool " +
         w.ident() + "(const " + w.type_name() + "& item);\n  std::size_t size() const { return size_; }\n\n"
         " private:\n  std::vector<" + w.type_name() + "> items_;\n  std::size_t size_ = 0;\n};\n";
}

std::string dockerfile(BlockWriter& w) {
  return "FROM debian:12-slim\nRUN apt-get update && apt-get install -y --no-install-recommends " +
         std::string(w.pick(BlockWriter::kNouns)) + "-tools ca-certificates\nWORKDIR /app\nCOPY " +
         w.pick(BlockWriter::kDirs) + " ./\nENV " + w.ident() + "=" + std::to_string(w.num(1, 64)) +
         "\nEXPOSE " + std::to_string(w.num(3000, 9000)) + "\nCMD [\"./" + w.ident() + "\"]\n";
}

std::string http_log(BlockWriter& w) {
  std::string s;
  const char* methods[] = {"GET", "POST", "PUT", "DELETE"};
  for (int i = 0, n = w.num(4, 8); i < n; ++i)
    s += "127.0.0.1 - - [02/Dec/2026:" + w.time_of_day() + " +0000] \"" + methods[w.num(0, 3)] + " /api/v1/" +
         w.pick(BlockWriter::kNouns) + "s/" + std::to_string(w.num(1, 99999)) + " HTTP/1.1\" " +
         std::to_string(w.num(0, 9) ? 200 : 503) + " " + std::to_string(w.num(80, 40000)) + "\n";
  return s;
}

std::string toml_config(BlockWriter& w) {
  return "[package]\nname = \"" + w.ident() + "\"\nversion = \"0." + std::to_string(w.num(1, 30)) + "." +
         std::to_string(w.num(0, 9)) + "\"\nedition = \"2021\"\n\n[dependencies]\n" + w.pick(BlockWriter::kNouns) +
         " = \"1." + std::to_string(w.num(0, 40)) + "\"\n" + w.pick(BlockWriter::kNouns) + " = { version = \"0." +
         std::to_string(w.num(1, 9)) + "\", features = [\"" + w.pick(BlockWriter::kVerbs) + "\"] }\n";
}

std::string compiler_error(BlockWriter& w) {
  return w.path() + ":" + std::to_string(w.num(1, 500)) + ":" + std::to_string(w.num(1, 80)) +
         ": error: no member named '" + w.ident() + "' in '" + w.type_name() + "'\n    " + w.ident() + "(" +
         w.pick(BlockWriter::kNouns) + "." + w.ident() + "());\n    ^~~~~~~~\n1 error generated.\n";
}

std::string build_corpus() {
  const Family families[] = {python_function, go_function,  rust_function, typescript_interface, sql_query,
                             training_log,    shell_listing, json_payload, python_traceback,     cuda_error,
                             git_diff,        ci_log,        yaml_config,  markdown_doc,         pytest_output,
                             coding_chat,     user_prompt,   cpp_class,    dockerfile,           http_log,
                             toml_config,     compiler_error};
  std::mt19937_64 rng(kCodingCorpusSeed);
  BlockWriter w(rng);
  std::vector<std::string> blocks;
  blocks.reserve(kCodingBlocks);
  for (int i = 0; i < kCodingBlocks; ++i) blocks.push_back(families[size_t(i) % std::size(families)](w));
  for (size_t i = blocks.size(); i > 1; --i) std::swap(blocks[i - 1], blocks[rng() % i]);  // Fisher-Yates
  std::string text;
  for (const std::string& b : blocks) (text.empty() ? text : text += "\n\n") += b;
  return text;
}

}  // namespace

std::string_view coding_corpus_text() {
  static const std::string text = build_corpus();
  return text;
}

PromptCorpusSource prompt_corpus(const DatasetSettings& settings, PromptCorpus loader_default) {
  switch (settings.prompt_corpus.value_or(loader_default)) {
    case PromptCorpus::coding: return {coding_corpus_text(), std::nullopt};
    case PromptCorpus::random: return {{}, settings.random_corpus_style};
    case PromptCorpus::sonnet: break;
  }
  return {synthetic_corpus_text(), std::nullopt};
}

}  // namespace aiperf
