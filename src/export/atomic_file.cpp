#include "export/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <system_error>

namespace aiperf {

void write_file_atomically(const std::filesystem::path& path, std::string_view content) {
  std::filesystem::path partial = path;
  partial += ".partial";
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    if (out) out.write(content.data(), std::streamsize(content.size()));
    if (out) out.flush();
    if (!out) throw std::runtime_error("cannot write " + partial.string() + ": " + std::strerror(errno));
  }
  std::error_code ec;
  std::filesystem::rename(partial, path, ec);
  if (ec) throw std::runtime_error("cannot rename " + partial.string() + " to " + path.string() + ": " + ec.message());
}

}  // namespace aiperf
