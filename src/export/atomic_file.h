#pragma once
// Artifact files appear whole or not at all: readers (and a crash) never see half a file.
#include <filesystem>
#include <string_view>

namespace aiperf {

// Writes `content` to `<path>.partial`, then renames it over `path`.
// Throws std::runtime_error naming the file when the disk refuses.
void write_file_atomically(const std::filesystem::path& path, std::string_view content);

}  // namespace aiperf
