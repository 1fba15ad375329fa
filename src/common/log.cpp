#include "common/log.h"

#include <spdlog/logger.h>
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>

#include <algorithm>
#include <atomic>
#include <iostream>
#include <streambuf>
#include <cctype>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <vector>

namespace aiperf {
namespace {

// spdlog has six levels; NOTICE and SUCCESS are written as INFO lines with their own name.
spdlog::level::level_enum to_spdlog(LogLevel level) {
  switch (level) {
    case LogLevel::trace: return spdlog::level::trace;
    case LogLevel::debug: return spdlog::level::debug;
    case LogLevel::info:
    case LogLevel::notice:
    case LogLevel::success: return spdlog::level::info;
    case LogLevel::warning: return spdlog::level::warn;
    case LogLevel::error: return spdlog::level::err;
    case LogLevel::critical: return spdlog::level::critical;
  }
  return spdlog::level::info;
}

std::string console_line(LogLevel level, const std::string& text) {
  std::string name = log_level_name(level);
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return name + ": " + text;
}

std::string file_line(LogLevel level, const std::string& text) {
  return std::string(log_level_name(level)) + " " + text;
}

struct Logs {
  std::mutex mutex;  // the record thread and the main thread both log
  std::shared_ptr<spdlog::sinks::stderr_sink_st> console = std::make_shared<spdlog::sinks::stderr_sink_st>();
  std::shared_ptr<spdlog::sinks::basic_file_sink_st> file;
  LogLevel console_level = LogLevel::warning;
  ConsoleDiversion diversion;
  std::atomic<bool> diverting{false};  // diversion is set (read without the lock by notes)
  // Where a console line at `level` goes now: nowhere, stderr, or the diversion.
  bool diverted(LogLevel level) const { return diversion && level >= std::min(console_level, LogLevel::info); }
  LogLevel file_level = LogLevel::info;
  std::vector<std::string> secrets;
  // Messages from before the file was opened, with their times; bounded, as a run logs
  // little before its artifact directory exists.
  struct Pending {
    LogLevel level;
    std::string text;
    spdlog::log_clock::time_point time;
  };
  std::vector<Pending> pending;
  static constexpr size_t kMaxPending = 10000;

  Logs() { console->set_pattern("%v"); }

  std::string scrub(std::string_view message) const {
    std::string out(message);
    for (const std::string& s : secrets)
      for (size_t at = out.find(s); at != std::string::npos; at = out.find(s, at + 10)) out.replace(at, s.size(), "<redacted>");
    return out;
  }

  void write(spdlog::sinks::sink& sink, LogLevel level, const std::string& text,
             std::optional<spdlog::log_clock::time_point> time = std::nullopt) {
    spdlog::details::log_msg msg(spdlog::source_loc{}, "aiperf", to_spdlog(level), text);
    if (time) msg.time = *time;
    sink.log(msg);
  }

  // To the file, or kept for it until it is opened.
  void to_file(LogLevel level, const std::string& text) {
    if (file) {
      if (level >= file_level) write(*file, level, file_line(level, text));
      if (level >= LogLevel::warning) file->flush();  // what went wrong survives a crash
    } else if (level >= file_level && pending.size() < kMaxPending) {
      pending.push_back({level, text, spdlog::log_clock::now()});
    }
  }
};

Logs& logs() {
  static Logs l;
  return l;
}

}  // namespace

const char* log_level_name(LogLevel level) {
  switch (level) {
    case LogLevel::trace: return "TRACE";
    case LogLevel::debug: return "DEBUG";
    case LogLevel::info: return "INFO";
    case LogLevel::notice: return "NOTICE";
    case LogLevel::success: return "SUCCESS";
    case LogLevel::warning: return "WARNING";
    case LogLevel::error: return "ERROR";
    case LogLevel::critical: return "CRITICAL";
  }
  return "INFO";
}

void set_log_levels(LogLevel console, LogLevel file) {
  std::lock_guard lock(logs().mutex);
  logs().console_level = console;
  logs().file_level = file;
}

void open_log_file(const std::filesystem::path& path) {
  std::filesystem::create_directories(path.parent_path());
  auto sink = std::make_shared<spdlog::sinks::basic_file_sink_st>(path.string(), true);
  // ISO-8601 local time with milliseconds, then the level and the message.
  sink->set_pattern("%Y-%m-%dT%H:%M:%S.%e %v");
  std::lock_guard lock(logs().mutex);
  Logs& l = logs();
  l.file = std::move(sink);
  for (const Logs::Pending& p : l.pending) l.write(*l.file, p.level, file_line(p.level, p.text), p.time);
  l.pending.clear();
  l.file->flush();
}

void close_log_file() {
  std::lock_guard lock(logs().mutex);
  if (logs().file) logs().file->flush();
  logs().file.reset();
  logs().pending.clear();
}

void add_log_secret(std::string_view secret) {
  if (secret.size() < 4) return;
  std::lock_guard lock(logs().mutex);
  for (const std::string& s : logs().secrets)
    if (s == secret) return;
  logs().secrets.emplace_back(secret);
  // Longest first: a secret that contains another is replaced whole.
  std::sort(logs().secrets.begin(), logs().secrets.end(),
            [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
}

void log(LogLevel level, std::string_view message) {
  Logs& l = logs();
  std::lock_guard lock(l.mutex);
  const std::string text = l.scrub(message);
  if (l.diversion) {
    if (l.diverted(level)) l.diversion(level, text);
  } else if (level >= l.console_level) {
    l.write(*l.console, level, console_line(level, text));
    l.console->flush();
  }
  l.to_file(level, text);
}

bool log_enabled(LogLevel level) {
  Logs& l = logs();
  std::lock_guard lock(l.mutex);
  return level >= l.console_level || level >= l.file_level || l.diverted(level);
}

void divert_console_log(ConsoleDiversion diversion) {
  Logs& l = logs();
  std::lock_guard lock(l.mutex);
  l.diversion = std::move(diversion);
  l.diverting.store(bool(l.diversion), std::memory_order_relaxed);
}

// A note line for the console: true when a diversion took it (stderr must not get it).
static bool divert_note_line(LogLevel level, const std::string& line) {
  Logs& l = logs();
  std::lock_guard lock(l.mutex);
  if (!l.diversion) return false;
  l.diversion(level, l.scrub(line));
  return true;
}

namespace {

// Writes through to stderr and hands each completed line to the log file, whole.
class NotesBuffer : public std::streambuf {
 protected:
  int_type overflow(int_type ch) override {
    if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
    const char c = traits_type::to_char_type(ch);
    // Written through as it comes, unless a full-screen view owns the terminal: then whole lines
    // go to it.
    const bool diverting = logs().diverting.load(std::memory_order_relaxed);
    if (!diverting) std::cerr.put(c);
    if (c == '\n') {
      const bool warning = line_.rfind("warning:", 0) == 0 || line_.find(": warning:") != std::string::npos;
      const LogLevel level = warning ? LogLevel::warning : LogLevel::info;
      if (diverting && !divert_note_line(level, line_)) std::cerr << line_ << '\n';
      std::cerr.flush();
      log_file_only(level, line_);
      line_.clear();
    } else {
      line_ += c;
    }
    return ch;
  }

 private:
  // Per thread: a worker may warn once while the main thread writes a note.
  static thread_local std::string line_;
};

thread_local std::string NotesBuffer::line_;

}  // namespace

std::ostream& console_notes() {
  static NotesBuffer buffer;
  static std::ostream stream(&buffer);
  return stream;
}

void log_file_only(LogLevel level, std::string_view message) {
  Logs& l = logs();
  std::lock_guard lock(l.mutex);
  l.to_file(level, l.scrub(message));
}

}  // namespace aiperf
