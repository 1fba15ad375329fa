// --public-dataset speed_bench_* (workloads-and-endpoints.md §4, §3.14): nvidia/SPEED-Bench, config
// `qualitative` (11 domains) or `throughput_<size>` (3 entropy tiers), split `test`. A row's user
// texts come from its `turns` list (the HF schema) or its chat `messages` ({role, content}: user
// texts are the turns, a system text the system message, recorded assistant texts are replaced by
// live replies). The public repo ships placeholder text in place of many prompts (they must be
// rebuilt from their sources): any placeholder row stops the run, since timing a server on
// placeholder prompts would measure nothing real. The rule is in is_speed_bench_placeholder.
#include <algorithm>
#include <cctype>
#include <map>

#include "dataset/public/hf_rows.h"
#include "dataset/public/public_dataset.h"
#include "dataset/user_turns_entry.h"

namespace aiperf {
namespace {

using json = nlohmann::json;

struct Row {
  std::string where;
  std::vector<std::string> texts;
  std::optional<std::string> system;
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string field(const json& row, const char* key) {
  auto it = row.find(key);
  return it != row.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

bool is_speed_bench_placeholder(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return true;  // empty
  // A short text that calls itself a placeholder; real prompts that merely mention the word are
  // long (RAG passages, code).
  return text.size() < 512 && lower(text).find("placeholder") != std::string::npos;
}

Dataset load_speed_bench_files(const std::vector<std::filesystem::path>& files, const SpeedBenchVariant& variant,
                               const DatasetBuildSettings& config, size_t& unsent_turns) {
  const std::string name = config.public_dataset.value_or("");
  auto fail = [&](const std::string& where, const std::string& what) {
    throw ConfigError("--public-dataset " + name + ": " + where + ": " + what);
  };
  std::vector<Row> rows;
  std::map<std::string, size_t> seen;  // category / sub_category values, for a selection that matches nothing
  size_t read = 0;
  for_each_hf_row(files, {"turns", "category", "sub_category"}, name, [&](const json& row, const std::string& where) {
    ++read;
    const std::string category = field(row, "category"), sub = field(row, "sub_category");
    ++seen[category];
    if (!sub.empty()) ++seen[sub];
    if (!variant.category.empty() && category != variant.category) return;
    if (!variant.tier.empty() && category != variant.tier && sub != variant.tier) return;
    Row r{where, {}, std::nullopt};
    if (auto turns = row.find("turns"); turns != row.end() && !turns->is_null()) {
      if (!turns->is_array() || turns->empty() ||
          std::any_of(turns->begin(), turns->end(), [](const json& t) { return !t.is_string(); }))
        fail(where, "'turns' must be a non-empty list of strings");
      r.texts = turns->get<std::vector<std::string>>();
    } else if (auto messages = row.find("messages"); messages != row.end() && messages->is_array()) {
      for (const json& m : *messages) {
        if (!m.is_object() || !m.contains("role") || !m["role"].is_string() || !m.contains("content") ||
            !m["content"].is_string())
          fail(where, "every 'messages' item must be {\"role\": string, \"content\": string}");
        const std::string role = m["role"];
        if (role == "user") r.texts.push_back(m["content"]);
        else if (role == "system") r.system = m["content"];
      }
      if (r.texts.empty()) fail(where, "'messages' has no user message");
    } else {
      fail(where, "no 'turns' list and no chat 'messages' list");
    }
    rows.push_back(std::move(r));
  });
  if (rows.empty() && read > 0) {
    std::string values;
    for (const auto& [v, n] : seen) values += (values.empty() ? "" : ", ") + (v.empty() ? "\"\"" : v);
    throw ConfigError("--public-dataset " + name + ": none of the " + std::to_string(read) + " rows has " +
                      (variant.tier.empty() ? "category '" + variant.category + "'"
                                            : "category or sub_category '" + variant.tier + "'") +
                      " (values seen: " + values + ")");
  }
  // The same text in every row is a placeholder too, whatever it says.
  size_t placeholders = 0;
  const Row* first = nullptr;
  const bool all_same =
      rows.size() > 1 && std::all_of(rows.begin(), rows.end(), [&](const Row& r) { return r.texts == rows[0].texts; });
  for (const Row& r : rows)
    if (all_same || std::any_of(r.texts.begin(), r.texts.end(), is_speed_bench_placeholder)) {
      ++placeholders;
      if (!first) first = &r;
    }
  if (first) {
    std::string sample = first->texts.empty() ? "" : first->texts[0].substr(0, 80);
    std::replace(sample.begin(), sample.end(), '\n', ' ');
    throw ConfigError("--public-dataset " + name + ": " + std::to_string(placeholders) + " of " +
                      std::to_string(rows.size()) + " rows hold placeholder text, not prompts (first: " + first->where +
                      ": \"" + sample + "\"). The public nvidia/SPEED-Bench files ship placeholders; rebuild the "
                      "prompts from their sources (src_id) and put those files in the hub cache snapshot");
  }
  Dataset out;
  FallbackOutputLength osl(config);
  for (const Row& r : rows) {
    out.entries.push_back(user_turns_entry(r.texts, config, osl, out.entries.size(), unsent_turns));
    if (r.system) out.entries.back().parts.edit().system_message = r.system;
  }
  return out;
}

}  // namespace aiperf
