#pragma once
// Reads a text file one line at a time, decompressing a .zst file on the fly: h_cua_perf's
// h_cua.jsonl.zst is 2.5 GB compressed and ~9 GB of JSON Lines, so neither is ever held whole.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace aiperf {

class TextLineStream {
 public:
  // `error_prefix` starts every error ("--public-dataset h_cua_perf: "); errors are ConfigError
  // naming the file and, once it is open, the line being read. A path ending in .zst is read as zstd (one or more frames).
  TextLineStream(std::string path, std::string error_prefix);
  ~TextLineStream();
  TextLineStream(const TextLineStream&) = delete;
  TextLineStream& operator=(const TextLineStream&) = delete;

  // The next line without its '\n' (a trailing '\r' is kept); false at the end of the file.
  // The view stays valid until the next call, and is followed in memory by at least
  // kPadding readable bytes (so simdjson can parse it in place).
  bool next(std::string_view& line);
  size_t line_number() const { return line_; }  // 1-based number of the last line returned
  const std::string& path() const { return path_; }

  static constexpr size_t kPadding = 64;

 private:
  // Appends more decompressed bytes to buf_; false at the end of the input.
  bool fill();
  [[noreturn]] void fail(const std::string& what) const;

  std::string path_, error_prefix_;
  std::FILE* file_ = nullptr;
  bool zstd_ = false;
  struct Zstd;
  std::unique_ptr<Zstd> z_;
  std::string buf_;        // decompressed bytes; [begin_, end_) not yet returned
  size_t chunk_ = 0;       // the next read's size: grows with the file
  size_t begin_ = 0, end_ = 0;
  size_t scanned_ = 0;     // bytes after begin_ already known to hold no '\n'
  size_t line_ = 0;
  bool eof_ = false;
};

}  // namespace aiperf
