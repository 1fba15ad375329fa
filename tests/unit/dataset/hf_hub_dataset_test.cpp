// --public-dataset files fetched from the hub: the split-file rules on listings, the hub URLs,
// and whole downloads from a fake hub on 127.0.0.1 (tests/unit/tokenizer/fake_hub_server.h)
// into a temporary cache: layout, CDN redirects, token, offline reuse, errors.
#include "dataset/public/hf_dataset_download.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "../tokenizer/fake_hub_server.h"
#include "config/profile_config.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::FakeHubServer;
using testing::FakeReply;
using testing::FakeRequest;

constexpr const char* kHubMain = "1111111111111111111111111111111111111111";
constexpr const char* kHubParquet = "2222222222222222222222222222222222222222";

std::string hub_test_sha256(const std::string& s) {
  unsigned char d[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  EVP_Digest(s.data(), s.size(), d, &n, EVP_sha256(), nullptr);
  std::string out;
  for (unsigned int i = 0; i < n; ++i) out += "0123456789abcdef"[d[i] >> 4], out += "0123456789abcdef"[d[i] & 15];
  return out;
}

std::string hub_test_slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(HubDatasetUrls, InfoAndResolveUrls) {
  EXPECT_EQ(hub_dataset_info_url("https://huggingface.co/", "openai/gsm8k", "main"),
            "https://huggingface.co/api/datasets/openai/gsm8k/revision/main?blobs=true");
  EXPECT_EQ(hub_dataset_info_url("http://127.0.0.1:9", "a/b", std::string(kParquetBranch)),
            "http://127.0.0.1:9/api/datasets/a/b/revision/refs%2Fconvert%2Fparquet?blobs=true");
  EXPECT_EQ(hub_dataset_file_url("https://hf.co", "a/b", kHubMain, "main/test 1+x.parquet"),
            std::string("https://hf.co/datasets/a/b/resolve/") + kHubMain + "/main/test%201%2Bx.parquet");
}

TEST(HubDatasetUrls, ParsesTheRevisionListing) {
  HubListing l = parse_hub_dataset_info(std::string(R"({"sha": ")") + kHubMain + R"(", "siblings": [
    {"rfilename": "README.md", "size": 12},
    {"rfilename": "data/train-00000-of-00001.parquet", "size": 5, "lfs": {"sha256": "ab", "size": 7}},
    {"rfilename": "x.json"}]})");
  EXPECT_EQ(l.commit, kHubMain);
  ASSERT_EQ(l.files.size(), 3u);
  EXPECT_EQ(l.files[0].size, 12u);
  EXPECT_EQ(l.files[1].size, 7u);
  EXPECT_EQ(l.files[1].sha256, "ab");
  EXPECT_FALSE(l.files[2].size.has_value());
  EXPECT_THROW(parse_hub_dataset_info("[]"), std::runtime_error);
  EXPECT_THROW(parse_hub_dataset_info(R"({"sha": "main", "siblings": []})"), std::runtime_error);
  EXPECT_THROW(parse_hub_dataset_info("<html>"), std::runtime_error);
}

TEST(HubDatasetSelection, SplitFilesOfAListing) {
  const std::vector<std::string> gsm8k = {"README.md", "main/train-00000-of-00001.parquet",
                                          "main/test-00000-of-00001.parquet", "socratic/test-00000-of-00001.parquet",
                                          ".cache/test.json"};
  EXPECT_THAT(select_hf_split_files(gsm8k, "main", false, "test"), ElementsAre("main/test-00000-of-00001.parquet"));
  EXPECT_THAT(select_hf_split_files(gsm8k, "socratic", true, "test"),
              ElementsAre("socratic/test-00000-of-00001.parquet"));
  EXPECT_TRUE(select_hf_split_files(gsm8k, "nope", true, "test").empty());
  // A default subset the repo has no folder for: the whole repo.
  EXPECT_THAT(select_hf_split_files({"data/train-00000-of-00002.parquet", "data/train-00001-of-00002.parquet"}, "x",
                                    false, "train"),
              ElementsAre("data/train-00000-of-00002.parquet", "data/train-00001-of-00002.parquet"));
  EXPECT_THAT(select_hf_split_files({"gsm8k_test.json", "gsm8k_train.json"}, "", false, "test"),
              ElementsAre("gsm8k_test.json"));
  // Files that name no split are every split; a train-only listing is not the test split.
  EXPECT_THAT(select_hf_split_files({"mmstar.parquet"}, "", false, "val"), ElementsAre("mmstar.parquet"));
  EXPECT_TRUE(select_hf_split_files({"data/train-0.parquet"}, "", false, "test").empty());
  EXPECT_TRUE(select_hf_split_files({"README.md", "script.py"}, "", false, "train").empty());
}

TEST(HubDatasetSelection, ParquetBranchConfigAndTextPreference) {
  const std::vector<std::string> branch = {"default/train/0000.parquet", "default/test/0000.parquet"};
  EXPECT_EQ(parquet_branch_config(branch, ""), "default");
  EXPECT_EQ(parquet_branch_config(branch, "main"), "");
  EXPECT_EQ(parquet_branch_config({"main/test/0000.parquet", "socratic/test/0000.parquet"}, "socratic"), "socratic");
  EXPECT_EQ(parquet_branch_config({"plain_text/train/0000.parquet"}, ""), "plain_text");
  EXPECT_EQ(parquet_branch_config({"a/train/0.parquet", "b/train/0.parquet"}, ""), "");
  std::vector<std::string> dropped;
  EXPECT_THAT(prefer_text_files({"a.parquet", "a.jsonl"}, dropped), ElementsAre("a.jsonl"));
  EXPECT_THAT(dropped, ElementsAre("a.parquet"));
  EXPECT_THAT(prefer_text_files({"a.parquet"}, dropped), ElementsAre("a.parquet"));
  EXPECT_TRUE(dropped.empty());
}

// A dataset hub: org/rows has JSONL splits (the test split LFS-style, behind two redirects to
// a CDN); org/script has only a loading script and a Parquet branch; org/gated needs "Bearer
// secret"; org/corrupt lists a size its CDN does not deliver.
struct HubDatasetRoutes {
  std::string self;
  std::string train = "{\"q\": \"t1\"}\n";
  std::string test = "{\"q\": \"a\"}\n{\"q\": \"b\"}\n";
  std::string parquet_bytes = "not really parquet";

  std::string listing(const char* commit, const std::vector<std::pair<std::string, std::string>>& files) const {
    nlohmann::json siblings = nlohmann::json::array();
    for (const auto& [path, body] : files)
      siblings.push_back({{"rfilename", path}, {"size", body.size()}, {"lfs", {{"sha256", hub_test_sha256(body)}}}});
    return nlohmann::json{{"sha", commit}, {"siblings", siblings}}.dump();
  }

  FakeReply operator()(const FakeRequest& r) const {
    const std::string& t = r.target;
    const std::string main = kHubMain;
    if (t == "/api/datasets/org/rows/revision/main?blobs=true")
      return {200, listing(kHubMain, {{"README.md", "# rows"}, {"data/train.jsonl", train}, {"data/test.jsonl", test}}), {}};
    if (t == "/datasets/org/rows/resolve/" + main + "/data/train.jsonl") return {200, train, {}};
    if (t == "/datasets/org/rows/resolve/" + main + "/data/test.jsonl")
      return {302, "", {{"Location", "/api/resolve-cache/datasets/org/rows/test.jsonl"}}};
    if (t == "/api/resolve-cache/datasets/org/rows/test.jsonl") return {302, "", {{"Location", self + "/cdn/test?sig=1"}}};
    if (t == "/cdn/test?sig=1") return {200, test, {}};
    if (t == "/api/datasets/org/script/revision/main?blobs=true")
      return {200, listing(kHubMain, {{"script.py", "print()"}}), {}};
    if (t == "/api/datasets/org/script/revision/refs%2Fconvert%2Fparquet?blobs=true")
      return {200, listing(kHubParquet, {{"default/train/0000.parquet", parquet_bytes}}), {}};
    if (t == "/datasets/org/script/resolve/" + std::string(kHubParquet) + "/default/train/0000.parquet")
      return {200, parquet_bytes, {}};
    if (t.starts_with("/api/datasets/org/gated/") || t.starts_with("/datasets/org/gated/")) {
      if (r.authorization != "Bearer secret") return {401, "gated", {}};
      if (t.starts_with("/api/")) return {200, listing(kHubMain, {{"train.jsonl", train}}), {}};
      return {200, train, {}};
    }
    if (t == "/api/datasets/org/corrupt/revision/main?blobs=true")
      return {200, listing(kHubMain, {{"train.jsonl", train}}), {}};
    if (t == "/datasets/org/corrupt/resolve/" + main + "/train.jsonl") return {200, train.substr(1), {}};
    return {404, "Repository not found", {}};
  }
};

class HubDatasetDownloadTest : public ::testing::Test {
 protected:
  HubDatasetDownloadTest()
      : root_(fs::temp_directory_path() / ("aiperf-hubds-" + std::to_string(::getpid()))),
        server_([this](const FakeRequest& r) { return routes_(r); }) {
    routes_.self = server_.endpoint();
    fs::remove_all(root_);
    hub_.endpoint = server_.endpoint();
    hub_.cache_dir = root_ / "hub";
    hub_.timeout = std::chrono::milliseconds(5000);
  }
  ~HubDatasetDownloadTest() override { fs::remove_all(root_); }

  std::vector<fs::path> split(const std::string& repo, const std::string& split, const std::string& subset = "") {
    return hf_dataset_split_files("--public-dataset t", repo, subset, false, split, hub_, notes_);
  }
  std::string error_of(const std::string& repo, const std::string& s) {
    try {
      split(repo, s);
    } catch (const ConfigError& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
      return e.what();
    }
    ADD_FAILURE() << "no ConfigError for " << repo;
    return "";
  }

  fs::path root_;
  HubDatasetRoutes routes_;
  FakeHubServer server_;
  HubSettings hub_;
  std::ostringstream notes_;
};

TEST_F(HubDatasetDownloadTest, DownloadsOnlyTheSplitIntoTheHubCacheLayout) {
  std::vector<fs::path> files = split("org/rows", "test");
  const fs::path repo = root_ / "hub" / "datasets--org--rows";
  const fs::path file = repo / "snapshots" / kHubMain / "data" / "test.jsonl";
  EXPECT_THAT(files, ElementsAre(file));
  ASSERT_TRUE(fs::is_symlink(file));
  EXPECT_EQ(fs::read_symlink(file), fs::path("../../../blobs") / hub_test_sha256(routes_.test));
  EXPECT_EQ(hub_test_slurp(file), routes_.test);
  EXPECT_EQ(hub_test_slurp(repo / "refs" / "main"), kHubMain);
  EXPECT_FALSE(fs::exists(repo / "snapshots" / kHubMain / "data" / "train.jsonl"));
  for (const auto& e : fs::recursive_directory_iterator(repo))
    EXPECT_EQ(e.path().string().find(".incomplete"), std::string::npos) << e.path();
  EXPECT_THAT(notes_.str(), HasSubstr("note: --public-dataset t: downloading the HuggingFace dataset org/rows (split "
                                      "'test': 1 file, 0.0 MB) from " + server_.endpoint()));
  const auto seen = server_.requests();
  ASSERT_EQ(seen.size(), 4u);
  EXPECT_EQ(seen[3].target, "/cdn/test?sig=1");

  // The cache answers on its own now, offline too; another split is downloaded beside it.
  server_.stop();
  hub_.offline = true;
  EXPECT_THAT(split("org/rows", "test"), ElementsAre(file));
  EXPECT_THAT(error_of("org/rows", "train"), HasSubstr("no .json, .jsonl, .csv or .parquet file for the split 'train' in " +
                                                       (repo / "snapshots" / kHubMain).string()));
  EXPECT_THAT(error_of("org/other", "train"),
              HasSubstr("--public-dataset t: the HuggingFace dataset org/other is not in the cache; searched " +
                        (root_ / "hub" / "datasets--org--other" / "snapshots").string()));
  EXPECT_THAT(error_of("org/other", "train"), HasSubstr("HF_HUB_OFFLINE=1 forbids downloading it"));
}

TEST_F(HubDatasetDownloadTest, FallsBackToTheParquetBranch) {
  std::vector<fs::path> files = split("org/script", "train");
  const fs::path repo = root_ / "hub" / "datasets--org--script";
  EXPECT_THAT(files, ElementsAre(repo / "snapshots" / kHubParquet / "default" / "train" / "0000.parquet"));
  EXPECT_EQ(hub_test_slurp(repo / "refs" / "refs" / "convert" / "parquet"), kHubParquet);
  EXPECT_THAT(notes_.str(), HasSubstr("HF's Parquet conversion refs/convert/parquet"));
  server_.stop();
  hub_.offline = true;
  EXPECT_EQ(split("org/script", "train"), files);
}

TEST_F(HubDatasetDownloadTest, TokenErrorsAndCorruptDownloads) {
  const std::string denied = error_of("org/gated", "train");
  EXPECT_THAT(denied, HasSubstr("--public-dataset t: access to the HuggingFace dataset org/gated denied by"));
  EXPECT_THAT(denied, HasSubstr("(HTTP 401)"));
  EXPECT_THAT(denied, HasSubstr("set HF_TOKEN"));
  hub_.token = "wrong";
  EXPECT_THAT(error_of("org/gated", "train"), HasSubstr("HF_TOKEN was sent but has no access"));
  hub_.token = "secret";
  EXPECT_EQ(split("org/gated", "train").size(), 1u);
  EXPECT_EQ(server_.requests().back().authorization, "Bearer secret");

  const std::string corrupt = error_of("org/corrupt", "train");
  EXPECT_THAT(corrupt, HasSubstr("the download of train.jsonl from "));
  EXPECT_THAT(corrupt, HasSubstr("is corrupt: 11 bytes where the hub lists 12"));
  EXPECT_FALSE(fs::exists(root_ / "hub" / "datasets--org--corrupt" / "snapshots"));
  EXPECT_TRUE(fs::is_empty(root_ / "hub" / "datasets--org--corrupt" / "blobs"));

  EXPECT_THAT(error_of("org/missing", "train"),
              HasSubstr("the HuggingFace dataset org/missing not found on " + server_.endpoint() + " (HTTP 404)"));
  EXPECT_THAT(error_of("org/rows", "validation"),
              HasSubstr("org/rows on " + server_.endpoint() + " has no .json, .jsonl, .csv or .parquet file for the "
                        "split 'validation'; its data files: data/train.jsonl, data/test.jsonl"));
}

TEST_F(HubDatasetDownloadTest, NamedFilesAndTheirOfflineMessage) {
  std::vector<fs::path> got = hf_dataset_download_named("--public-dataset s", "org/rows", {"data/train.jsonl", "nope"},
                                                        "x not found", hub_, notes_);
  EXPECT_THAT(got, ElementsAre(root_ / "hub" / "datasets--org--rows" / "snapshots" / kHubMain / "data" / "train.jsonl"));
  hub_.offline = true;
  try {
    hf_dataset_download_named("--public-dataset s", "org/rows", {"a.json"}, "a.json not found; searched d", hub_, notes_);
    ADD_FAILURE();
  } catch (const ConfigError& e) {
    EXPECT_THAT(e.what(), HasSubstr("--public-dataset s: a.json not found; searched d, and HF_HUB_OFFLINE=1 forbids "
                                    "downloading it from " + server_.endpoint() + "/datasets/org/rows/resolve/main/a.json"));
  }
}

}  // namespace
}  // namespace aiperf
