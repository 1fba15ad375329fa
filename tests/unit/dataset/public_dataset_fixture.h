#pragma once
// Tests of --public-dataset loaders: a temporary HOME and HF hub cache (the environment is
// restored afterwards), files written into the hub-cache layout, and load/error helpers.
// HF_HUB_OFFLINE=1, so a file missing from the cache is an error, never a download.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "config/profile_config.h"
#include "dataset/public/public_dataset.h"
#include "tokenizer/word_tokenizer.h"
#include "config/env_settings.h"

namespace aiperf {

class PublicDatasetFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/aiperf_public_XXXXXX";
    root_ = ::mkdtemp(tmpl);
    for (const char* v : kVars) {
      const char* old = std::getenv(v);
      saved_.emplace_back(v, old ? std::optional<std::string>(old) : std::nullopt);
      ::unsetenv(v);
    }
    ::setenv("HOME", (root_ / "home").c_str(), 1);
    ::setenv("HF_HUB_CACHE", (root_ / "hub").c_str(), 1);
    ::setenv("HF_HUB_OFFLINE", "1", 1);
    load_env_settings();
  }
  void TearDown() override {
    for (const auto& [v, old] : saved_) old ? (void)::setenv(v, old->c_str(), 1) : (void)::unsetenv(v);
    load_env_settings();
    std::filesystem::remove_all(root_);
  }

  void write(const std::filesystem::path& p, const std::string& bytes) {
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << bytes;
  }
  // A hub-cache snapshot of a dataset repo folder ("datasets--org--name"), refs/main pointing at it.
  std::filesystem::path snapshot(const std::string& folder) {
    std::filesystem::path repo = root_ / "hub" / folder;
    write(repo / "refs" / "main", "0123abc");
    std::filesystem::create_directories(repo / "snapshots" / "0123abc");
    return repo / "snapshots" / "0123abc";
  }
  // The same for a repo id "org/name".
  std::filesystem::path repo_snapshot(const std::string& repo) {
    const size_t slash = repo.find('/');
    return snapshot("datasets--" + repo.substr(0, slash) + "--" + repo.substr(slash + 1));
  }

  ProfileConfig config(const std::string& name) {
    ProfileConfig c;
    c.model_names = {"m"};
    c.random_seed = 1;
    c.public_dataset = name;
    return c;
  }
  Dataset load(const ProfileConfig& c) { return load_public_dataset(c, tok_, notes_); }
  std::string error(const ProfileConfig& c) {
    try {
      load(c);
    } catch (const ConfigError& e) {
      return e.what();
    }
    ADD_FAILURE() << "no ConfigError";
    return "";
  }

  static constexpr const char* kVars[] = {"HOME", "HF_HOME", "HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE",
                                          "XDG_CACHE_HOME", "AIPERF_DATASET_CACHE_DIR", "HF_HUB_OFFLINE",
                                          "HF_TOKEN", "HF_ENDPOINT"};
  std::filesystem::path root_;
  std::vector<std::pair<const char*, std::optional<std::string>>> saved_;
  WordTokenizer tok_{"w"};
  std::ostringstream notes_;
};

}  // namespace aiperf
