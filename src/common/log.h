#pragma once
// Leveled logs (cli-and-load.md §3.19: --log-level, -v, -vv): to stderr and, once a run has its
// artifact directory, to <artifact-dir>/logs/aiperf.log. Control and analytic planes only:
// a log line is formatted and written where it is made, so nothing on the hot path logs.
// Every line passes through the secrets registered with add_log_secret() first, so an API key
// or an Authorization value never reaches the console or the file, whoever wrote the message.
#include <filesystem>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace aiperf {

// Upstream's levels; NOTICE and SUCCESS sit between INFO and WARNING as they do there.
enum class LogLevel { trace, debug, info, notice, success, warning, error, critical };

// "TRACE", "DEBUG", ... (the option's names: config/enum_names.h).
const char* log_level_name(LogLevel level);

// Thresholds: messages at or above `console` go to stderr as "<level>: <message>", those at or
// above `file` to the log file. Until a run sets them: warnings and worse on the console, INFO
// for the file.
void set_log_levels(LogLevel console, LogLevel file);
// Also write the file's messages to `path` (its directory is made), each with a timestamp and
// its level; replaces an earlier file. Messages logged before the file was open (the dataset,
// the tokenizer: the artifact directory comes later) are written first, with their own times.
// Throws std::runtime_error when the file cannot be opened.
void open_log_file(const std::filesystem::path& path);
// Flushes and closes the file (the end of a run).
void close_log_file();
// Closes the log file when the run's scope ends, however it ends.
struct LogFileCloser {
  LogFileCloser() = default;
  LogFileCloser(const LogFileCloser&) = delete;
  LogFileCloser& operator=(const LogFileCloser&) = delete;
  ~LogFileCloser() { close_log_file(); }
};

// Text that must never be written: replaced by "<redacted>" in every message from now on.
// Values shorter than 4 bytes are ignored (they would blank out ordinary words).
void add_log_secret(std::string_view secret);

// While a full-screen view owns the terminal (the live dashboard, docs/ui.md), lines meant for
// stderr go to `diversion` instead, and so do INFO and above even when the console threshold
// is higher (the dashboard's logs panel shows them). The file is unchanged. It is called with
// the log lock held: it must not log. An empty function gives stderr back.
using ConsoleDiversion = std::function<void(LogLevel, const std::string&)>;
void divert_console_log(ConsoleDiversion diversion);

void log(LogLevel level, std::string_view message);
// Whether a message at `level` would be written anywhere (to skip building a costly one).
bool log_enabled(LogLevel level);
inline void log_trace(std::string_view m) { log(LogLevel::trace, m); }
inline void log_debug(std::string_view m) { log(LogLevel::debug, m); }
inline void log_info(std::string_view m) { log(LogLevel::info, m); }
inline void log_warning(std::string_view m) { log(LogLevel::warning, m); }

// A line the console has already shown (printed by code that writes to stderr itself): kept
// in the log file only, at `level`, so the file holds the whole story without doubling the
// console.
void log_file_only(LogLevel level, std::string_view message);

// A stream for code that writes its notes to an std::ostream (the tokenizer and dataset
// loaders): each line goes to stderr as it always did, and to the log file (log_file_only;
// WARNING when it starts "warning:", else INFO).
std::ostream& console_notes();

}  // namespace aiperf
