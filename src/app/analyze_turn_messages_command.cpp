#include "app/analyze_turn_messages_command.h"

#include <CLI/CLI.hpp>

#include <exception>
#include <filesystem>
#include <iostream>
#include <optional>

#include "cli/subcommand_parse.h"
#include "export/atomic_file.h"
#include "plot/turn_messages.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;

constexpr const char* kTurnMessagesCommand = "analyze turn-messages";

fs::path write_viewer(const fs::path& run_dir, const std::string& out, const plot::TurnMessagesOptions& options) {
  if (!fs::is_directory(run_dir)) throw std::runtime_error("not a directory");
  const std::vector<plot::ConversationView> conversations =
      plot::read_turn_messages(run_dir / "profile_export_raw.jsonl");
  if (conversations.empty()) throw std::runtime_error((run_dir / "profile_export_raw.jsonl").string() + " holds no request");
  const fs::path html = out.empty() ? run_dir / "turn_messages.html" : fs::path(out);
  if (html.has_parent_path()) fs::create_directories(html.parent_path());
  const std::string name = fs::absolute(run_dir).lexically_normal().filename().string();
  write_file_atomically(html, plot::render_turn_messages_html(conversations, name.empty() ? run_dir.string() : name, options));
  return html;
}

}  // namespace

int run_analyze_turn_messages_command(const std::vector<std::string>& args) {
  CLI::App app("Render a self-contained HTML viewer of the per-turn input messages a run sent (needs --export-level raw).",
               "aiperf analyze turn-messages");
  std::vector<std::string> run_dirs;
  std::string out;
  plot::TurnMessagesOptions options;
  app.add_option("--run-dirs,run_dirs", run_dirs, "One or more run directories holding profile_export_raw.jsonl")
      ->required();
  app.add_option("-o,--out", out, "Output HTML (one run directory only; default <run_dir>/turn_messages.html)");
  app.add_option("-n,--limit-conversations", options.limit_conversations,
                 "Conversations shown: roots first, then by earliest request (default 40)")
      ->check(CLI::PositiveNumber);
  app.add_option("--max-turns", options.max_turns, "Turns shown per conversation; the rest are counted (default 60)")
      ->check(CLI::PositiveNumber);
  app.add_option("--content-cap", options.content_cap,
                 "Characters kept of each message; longer ones say how many were left out (default 8000)")
      ->check(CLI::PositiveNumber);
  if (std::optional<int> exit_code = parse_subcommand(app, args, kTurnMessagesCommand)) return *exit_code;
  if (!out.empty() && run_dirs.size() > 1) {
    std::cerr << "error: " << kTurnMessagesCommand << ": --out only valid with a single run directory (got " << run_dirs.size()
              << ")\n";
    return 1;
  }
  size_t failures = 0;
  for (const std::string& dir : run_dirs) {
    try {
      const fs::path html = write_viewer(dir, out, options);
      std::cout << "saved " << html.string() << " (" << fs::file_size(html) / 1024 << " KB)\n";
    } catch (const std::exception& e) {
      std::cerr << "skip " << dir << ": " << e.what() << "\n";
      ++failures;
    }
  }
  return failures == run_dirs.size() ? 1 : 0;
}

}  // namespace aiperf
