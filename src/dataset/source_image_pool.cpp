#include "dataset/source_image_pool.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>

#include "config/profile_config.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;

bool is_image_name(const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return ext == ".jpg" || ext == ".jpeg" || ext == ".png";
}

}  // namespace

SourceImagePool::SourceImagePool(const std::string& dir, ImageSourceSampling sampling, std::mt19937_64 rng)
    : sampling_(sampling), rng_(std::move(rng)) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw ConfigError("--image-source " + dir + ": not a directory");
  std::vector<fs::path> files;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec))
    if (e.is_regular_file(ec) && is_image_name(e.path())) files.push_back(e.path());
  if (files.empty()) throw ConfigError("--image-source " + dir + ": no .jpg, .jpeg or .png file in the directory");
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    if (!in) throw ConfigError("--image-source " + f.string() + ": cannot open file");
    std::ostringstream s;
    s << in.rdbuf();
    images_.push_back(decode_image(std::move(s).str(), "--image-source " + f.string()));
  }
}

const RgbImage& SourceImagePool::next() {
  if (sampling_ == ImageSourceSampling::random_with_replacement)
    return images_[std::uniform_int_distribution<size_t>(0, images_.size() - 1)(rng_)];
  if (at_ == order_.size()) {
    order_.resize(images_.size());
    std::iota(order_.begin(), order_.end(), size_t(0));
    if (sampling_ == ImageSourceSampling::shuffle_cycle) std::shuffle(order_.begin(), order_.end(), rng_);
    at_ = 0;
  }
  return images_[order_[at_++]];
}

}  // namespace aiperf
