#include "publish/artifact_files.h"

#include <fnmatch.h>

#include <algorithm>
#include <system_error>

#include "export/artifact_layout.h"

namespace aiperf {

std::vector<std::string> artifact_files(const std::filesystem::path& dir, const std::vector<std::string>& globs,
                                        const std::string& skip) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    const std::string relative = it->path().lexically_relative(dir).generic_string();
    const std::string name = it->path().filename().string();
    if (name.ends_with(".partial") || name == kRunClaimFile || relative == skip) continue;
    const bool wanted =
        globs.empty() || std::any_of(globs.begin(), globs.end(), [&](const std::string& g) {
          return fnmatch(g.c_str(), relative.c_str(), 0) == 0 || fnmatch(g.c_str(), name.c_str(), 0) == 0;
        });
    if (wanted) files.push_back(relative);
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace aiperf
