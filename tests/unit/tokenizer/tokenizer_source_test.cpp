// Where tokenizers come from: local paths, the HuggingFace cache, and downloads from a hub
// served by a local fake (tests/unit/tokenizer/fake_hub_server.h) in the hub's URL layout.
#include "tokenizer/tokenizer_source.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <unistd.h>

#include "fake_hub_server.h"
#include "self_signed_cert.h"
#include "tokenizer/hf_cache.h"
#include "tokenizer/hub_client.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using testing::FakeHubServer;
using testing::FakeReply;
using testing::FakeRequest;

// A complete byte-level BPE tokenizer.json small enough to read: "ab" merges, space is "Ġ".
constexpr const char* kTinyTokenizer = R"({
  "version": "1.0", "truncation": null, "padding": null,
  "added_tokens": [{"id": 6, "content": "<|end|>", "single_word": false, "lstrip": false, "rstrip": false,
                    "normalized": false, "special": true}],
  "normalizer": null,
  "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": true},
  "post_processor": null,
  "decoder": {"type": "ByteLevel", "add_prefix_space": true, "trim_offsets": true, "use_regex": true},
  "model": {"type": "BPE", "dropout": null, "unk_token": null, "continuing_subword_prefix": null,
            "end_of_word_suffix": null, "fuse_unk": false, "byte_fallback": false, "ignore_merges": false,
            "vocab": {"a": 0, "b": 1, "Ġ": 2, "ab": 3, "Ġab": 4, "c": 5},
            "merges": ["a b", "Ġ ab"]}
})";

constexpr const char* kCommitMain = "0123456789abcdef0123456789abcdef01234567";
constexpr const char* kCommitV1 = "fedcba9876543210fedcba9876543210fedcba98";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class TempDir {
 public:
  TempDir() {
    path_ = fs::temp_directory_path() / ("aiperf-tokB-" + std::to_string(::getpid()) + "-" + std::to_string(next_++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  static inline int next_ = 0;
  fs::path path_;
};

// The hub's layout: /{repo}/resolve/{rev}/{file}; LFS-style files redirect (relative Location)
// to a resolve-cache path, which redirects (absolute Location) to a "CDN" path.
FakeReply hub_routes(const FakeRequest& req, const std::string& self, const std::string& body) {
  const std::string& t = req.target;
  if (t == "/org/tiny/resolve/main/tokenizer.json") {
    return {302, "", {{"Location", "/api/resolve-cache/models/org/tiny/main/tokenizer.json"}, {"X-Repo-Commit", kCommitMain}}};
  }
  if (t == "/api/resolve-cache/models/org/tiny/main/tokenizer.json") {
    return {302, "", {{"Location", self + "/cdn/tokenizer.json?sig=1"}}};
  }
  if (t == "/cdn/tokenizer.json?sig=1") return {200, body, {}};
  if (t == std::string("/org/tiny/resolve/") + kCommitMain + "/tokenizer_config.json") {
    return {200, R"({"model_max_length": 128})", {{"X-Repo-Commit", kCommitMain}}};
  }
  if (t == "/org/tiny/resolve/v1.0/tokenizer.json") return {200, body, {{"X-Repo-Commit", kCommitV1}}};
  if (t == "/org/tiny/resolve/refs%2Fpr%2F1/tokenizer.json") return {200, body, {}};  // no X-Repo-Commit
  if (t == "/org/gated/resolve/main/tokenizer.json") {
    if (req.authorization == "Bearer secret") return {200, body, {{"X-Repo-Commit", kCommitMain}}};
    return {401, "Access to model org/gated is restricted", {}};
  }
  if (t == "/org/private/resolve/main/tokenizer.json") return {403, "", {}};
  if (t == "/org/corrupt/resolve/main/tokenizer.json") return {200, "{\"model\": ", {}};
  if (t == "/org/slow/resolve/main/tokenizer.json") return {200, body, {}, std::chrono::milliseconds(600)};
  if (t == "/org/loop/resolve/main/tokenizer.json") return {302, "", {{"Location", "/org/loop/resolve/main/tokenizer.json"}}};
  return {404, "Repository not found", {}};
}

class TokenizerSourceTest : public ::testing::Test {
 protected:
  TokenizerSourceTest()
      : server_([this](const FakeRequest& r) { return hub_routes(r, server_.endpoint(), kTinyTokenizer); }) {
    hub_.endpoint = server_.endpoint() + "/";
    hub_.cache_dir = cache_.path() / "hub";
    hub_.timeout = std::chrono::milliseconds(5000);
  }

  std::string error_of(const TokenizerSpec& spec) {
    try {
      resolve_tokenizer_json(spec, hub_);
    } catch (const std::runtime_error& e) {
      std::string what = e.what();
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
      return what;
    }
    ADD_FAILURE() << "no error for " << spec.name;
    return "";
  }

  TempDir cache_;
  FakeHubServer server_;
  HubSettings hub_;
};

TEST_F(TokenizerSourceTest, DownloadFollowsRedirectsIntoTheHfCacheLayout) {
  std::ostringstream notes;
  auto tok = load_tokenizer({"org/tiny", "main", false}, hub_, &notes);
  EXPECT_EQ(tok->encode("ab ab"), (std::vector<int32_t>{3, 4}));
  EXPECT_NE(notes.str().find("downloading tokenizer 'org/tiny'"), std::string::npos) << notes.str();

  fs::path repo = hub_.cache_dir / "models--org--tiny";
  EXPECT_EQ(slurp(repo / "refs" / "main"), kCommitMain);
  fs::path file = repo / "snapshots" / kCommitMain / "tokenizer.json";
  ASSERT_TRUE(fs::is_symlink(file));
  EXPECT_EQ(fs::read_symlink(file).parent_path(), fs::path("../../blobs"));
  EXPECT_EQ(slurp(file), kTinyTokenizer);
  EXPECT_EQ(slurp(repo / "snapshots" / kCommitMain / "tokenizer_config.json"), R"({"model_max_length": 128})");
  for (const auto& entry : fs::recursive_directory_iterator(repo)) {
    EXPECT_EQ(entry.path().string().find(".incomplete"), std::string::npos) << entry.path();
  }

  auto seen = server_.requests();
  ASSERT_GE(seen.size(), 3u);
  EXPECT_EQ(seen[2].target, "/cdn/tokenizer.json?sig=1");

  // The cache now answers on its own: no server, and offline mode too.
  server_.stop();
  EXPECT_EQ(resolve_tokenizer_json({"org/tiny", "main", false}, hub_), file);
  hub_.offline = true;
  EXPECT_EQ(load_tokenizer({"org/tiny", "main", false}, hub_, nullptr)->encode("ab"), (std::vector<int32_t>{3}));
}

TEST_F(TokenizerSourceTest, RevisionsMapToRefsAndCommitHashesToSnapshots) {
  fs::path v1 = resolve_tokenizer_json({"org/tiny", "v1.0", false}, hub_);
  fs::path repo = hub_.cache_dir / "models--org--tiny";
  EXPECT_EQ(v1, repo / "snapshots" / kCommitV1 / "tokenizer.json");
  EXPECT_EQ(slurp(repo / "refs" / "v1.0"), kCommitV1);
  server_.stop();
  // A commit hash names the snapshot itself, with no ref involved.
  EXPECT_EQ(resolve_tokenizer_json({"org/tiny", kCommitV1, false}, hub_), v1);
  hub_.offline = true;
  EXPECT_NE(error_of({"org/tiny", "main", false}).find("HF_HUB_OFFLINE=1"), std::string::npos);
}

TEST_F(TokenizerSourceTest, RevisionWithoutCommitHeaderFallsBackToItsName) {
  fs::path pr = resolve_tokenizer_json({"org/tiny", "refs/pr/1", false}, hub_);
  fs::path repo = hub_.cache_dir / "models--org--tiny";
  EXPECT_EQ(pr, repo / "snapshots" / "refs--pr--1" / "tokenizer.json");
  EXPECT_EQ(slurp(repo / "refs" / "refs" / "pr" / "1"), "refs--pr--1");
  server_.stop();
  EXPECT_EQ(resolve_tokenizer_json({"org/tiny", "refs/pr/1", false}, hub_), pr);
}

TEST_F(TokenizerSourceTest, HubErrorsAreOneClearLine) {
  EXPECT_EQ(error_of({"org/missing", "main", false}),
            "tokenizer 'org/missing' not found on " + server_.endpoint() + " (HTTP 404)");
  EXPECT_EQ(error_of({"org/missing", "v2", false}),
            "tokenizer 'org/missing' (revision 'v2') not found on " + server_.endpoint() + " (HTTP 404)");
  std::string gated = error_of({"org/gated", "main", false});
  EXPECT_NE(gated.find("HTTP 401"), std::string::npos) << gated;
  EXPECT_NE(gated.find("set HF_TOKEN"), std::string::npos) << gated;
  std::string denied = error_of({"org/private", "main", false});
  EXPECT_NE(denied.find("HTTP 403"), std::string::npos) << denied;
  EXPECT_NE(denied.find("HF_TOKEN"), std::string::npos) << denied;
  std::string corrupt = error_of({"org/corrupt", "main", false});
  EXPECT_NE(corrupt.find("/org/corrupt/resolve/main/tokenizer.json: downloaded tokenizer.json"), std::string::npos)
      << corrupt;
  EXPECT_NE(corrupt.find("not valid JSON"), std::string::npos) << corrupt;
  EXPECT_FALSE(fs::exists(hub_.cache_dir / "models--org--corrupt" / "snapshots")) << "corrupt files are not cached";
  std::string loop = error_of({"org/loop", "main", false});
  EXPECT_NE(loop.find("more than 10 redirects"), std::string::npos) << loop;
}

TEST_F(TokenizerSourceTest, BearerTokenOpensGatedRepositories) {
  hub_.token = "secret";
  EXPECT_NO_THROW(resolve_tokenizer_json({"org/gated", "main", false}, hub_));
  EXPECT_EQ(server_.requests().back().authorization, "Bearer secret");
  hub_.token = "wrong";
  fs::remove_all(hub_.cache_dir);
  std::string bad = error_of({"org/gated", "main", false});
  EXPECT_NE(bad.find("HF_TOKEN was sent but has no access"), std::string::npos) << bad;
}

TEST_F(TokenizerSourceTest, OfflineCacheMissSaysSoWithoutNetwork) {
  hub_.offline = true;
  std::string msg = error_of({"org/tiny", "main", false});
  EXPECT_EQ(msg, "tokenizer 'org/tiny' is not in the HuggingFace cache " + hub_.cache_dir.string() +
                     " and HF_HUB_OFFLINE=1 forbids downloading it");
  EXPECT_TRUE(server_.requests().empty());
}

TEST_F(TokenizerSourceTest, SlowServerTimesOut) {
  hub_.timeout = std::chrono::milliseconds(150);
  std::string msg = error_of({"org/slow", "main", false});
  EXPECT_NE(msg.find("cannot download tokenizer 'org/slow'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("timed out"), std::string::npos) << msg;
}

TEST_F(TokenizerSourceTest, HttpsToAPlainServerFailsTheHandshake) {
  hub_.endpoint = "https://127.0.0.1:" + std::to_string(server_.port());
  std::string msg = error_of({"org/tiny", "main", false});
  EXPECT_NE(msg.find("cannot download tokenizer 'org/tiny' from https://127.0.0.1:"), std::string::npos) << msg;
}

TEST_F(TokenizerSourceTest, PlainHttpOnlyForLoopbackEndpoints) {
  hub_.endpoint = "http://hub.example.invalid";
  std::string msg = error_of({"org/tiny", "main", false});
  EXPECT_NE(msg.find("refusing plain http://"), std::string::npos) << msg;
  EXPECT_TRUE(server_.requests().empty());
}

TEST_F(TokenizerSourceTest, ExistingHuggingFaceCacheIsUsedAsIs) {
  // Laid out by hand the way huggingface_hub does it: bare hash in refs, symlink into blobs.
  fs::path repo = hub_.cache_dir / "models--meta-llama--Llama-3.2-1B";
  fs::create_directories(repo / "refs");
  fs::create_directories(repo / "blobs");
  fs::create_directories(repo / "snapshots" / kCommitMain);
  std::ofstream(repo / "refs" / "main") << kCommitMain;
  std::ofstream(repo / "blobs" / "etag123") << kTinyTokenizer;
  fs::create_symlink("../../blobs/etag123", repo / "snapshots" / kCommitMain / "tokenizer.json");
  hub_.offline = true;
  EXPECT_EQ(load_tokenizer({"meta-llama/Llama-3.2-1B", "main", false}, hub_, nullptr)->encode("ab"),
            (std::vector<int32_t>{3}));
  EXPECT_EQ(resolve_tokenizer_json({"meta-llama/Llama-3.2-1B", kCommitMain, false}, hub_),
            repo / "snapshots" / kCommitMain / "tokenizer.json");
}

TEST_F(TokenizerSourceTest, LocalFilesAndDirectories) {
  TempDir dir;
  std::ofstream(dir.path() / "tokenizer.json") << kTinyTokenizer;
  EXPECT_EQ(resolve_tokenizer_json({dir.path().string(), "main", false}, hub_), dir.path() / "tokenizer.json");
  EXPECT_EQ(resolve_tokenizer_json({(dir.path() / "tokenizer.json").string(), "main", false}, hub_),
            dir.path() / "tokenizer.json");
  std::ostringstream notes;
  EXPECT_EQ(load_tokenizer({dir.path().string(), "main", true}, hub_, &notes)->encode("ab"), (std::vector<int32_t>{3}));
  EXPECT_NE(notes.str().find("--tokenizer-trust-remote-code is accepted"), std::string::npos);

  TempDir empty;
  EXPECT_NE(error_of({empty.path().string(), "main", false}).find("directory has no tokenizer.json"), std::string::npos);
  EXPECT_NE(error_of({"./no/such/tokenizer.json", "main", false}).find("no such file or directory"), std::string::npos);
  EXPECT_NE(error_of({"not a model id!", "main", false}).find("neither a local tokenizer.json"), std::string::npos);
  EXPECT_TRUE(server_.requests().empty());
}

TEST_F(TokenizerSourceTest, CorruptLocalTokenizerNamesTheFile) {
  TempDir dir;
  fs::path file = dir.path() / "tokenizer.json";
  std::ofstream(file) << "{\"model\": [1, 2";
  try {
    load_tokenizer({file.string(), "main", false}, hub_, nullptr);
    FAIL() << "corrupt tokenizer.json loaded";
  } catch (const std::runtime_error& e) {
    std::string what = e.what();
    EXPECT_NE(what.find(file.string()), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST(TokenizerSource, BuiltinNeedsNoNetwork) {
  HubSettings hub;
  hub.offline = true;
  hub.cache_dir = "/nonexistent";
  auto tok = load_tokenizer({"builtin", "main", false}, hub, nullptr);
  EXPECT_EQ(tok->name(), "o200k_base");
  EXPECT_EQ(tok->encode("hello world"), (std::vector<int32_t>{24912, 2375}));
}

// Restores the variables a test changes, so later tests in this process see the real ones.
class SavedEnvironment {
 public:
  explicit SavedEnvironment(std::vector<std::string> names) {
    for (auto& n : names) {
      const char* v = std::getenv(n.c_str());
      saved_.emplace_back(n, v == nullptr ? std::nullopt : std::optional<std::string>(v));
    }
  }
  ~SavedEnvironment() {
    for (const auto& [n, v] : saved_) v ? ::setenv(n.c_str(), v->c_str(), 1) : ::unsetenv(n.c_str());
  }

 private:
  std::vector<std::pair<std::string, std::optional<std::string>>> saved_;
};

TEST(HubSettings, CacheDirectoryFollowsHuggingFaceEnvironment) {
  SavedEnvironment saved({"HOME", "XDG_CACHE_HOME", "HF_HOME", "HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE", "HF_ENDPOINT",
                          "HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_TOKEN"});
  ::setenv("HOME", "/home/u", 1);
  ::unsetenv("XDG_CACHE_HOME");
  ::unsetenv("HF_HOME");
  ::unsetenv("HF_HUB_CACHE");
  ::unsetenv("HUGGINGFACE_HUB_CACHE");
  ::unsetenv("HF_ENDPOINT");
  ::unsetenv("HF_HUB_OFFLINE");
  ::unsetenv("TRANSFORMERS_OFFLINE");
  ::setenv("HF_TOKEN", "tok", 1);
  HubSettings s = HubSettings::from_env();
  EXPECT_EQ(s.cache_dir, fs::path("/home/u/.cache/huggingface/hub"));
  EXPECT_EQ(s.endpoint, "https://huggingface.co");
  EXPECT_EQ(s.token, "tok");
  EXPECT_FALSE(s.offline);
  ::setenv("HF_HOME", "/data/hf", 1);
  ::setenv("HF_HUB_OFFLINE", "1", 1);
  ::setenv("HF_ENDPOINT", "http://127.0.0.1:9", 1);
  s = HubSettings::from_env();
  EXPECT_EQ(s.cache_dir, fs::path("/data/hf/hub"));
  EXPECT_TRUE(s.offline);
  EXPECT_EQ(s.endpoint, "http://127.0.0.1:9");
  ::setenv("HF_HUB_CACHE", "/fast/cache", 1);
  EXPECT_EQ(HubSettings::from_env().cache_dir, fs::path("/fast/cache"));
}

// HTTPS end to end: the certificate is checked against the CA set OpenSSL reads from
// SSL_CERT_FILE (the system store otherwise), and against the host (here an IP literal).
TEST(HubClientTls, VerifiesCertificatesAndDownloadsOverHttps) {
  auto pem = testing::make_self_signed_loopback_cert();
  boost::asio::ssl::context tls(boost::asio::ssl::context::tls_server);
  tls.use_certificate_chain(boost::asio::buffer(pem.certificate));
  tls.use_private_key(boost::asio::buffer(pem.private_key), boost::asio::ssl::context::pem);
  FakeHubServer server(
      [](const FakeRequest& r) {
        return r.target == "/org/tiny/resolve/main/tokenizer.json" ? FakeReply{200, kTinyTokenizer, {{"X-Repo-Commit", kCommitMain}}}
                                                                   : FakeReply{404, "", {}};
      },
      &tls);
  TempDir dir;
  HubSettings hub;
  hub.endpoint = server.endpoint();
  hub.cache_dir = dir.path() / "hub";
  hub.timeout = std::chrono::milliseconds(5000);

  SavedEnvironment saved({"SSL_CERT_FILE", "SSL_CERT_DIR"});
  ::setenv("SSL_CERT_DIR", (dir.path() / "no-such-dir").c_str(), 1);
  ::setenv("SSL_CERT_FILE", (dir.path() / "no-such-file.pem").c_str(), 1);
  try {
    resolve_tokenizer_json({"org/tiny", "main", false}, hub);
    ADD_FAILURE() << "an untrusted certificate was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("certificate verify failed"), std::string::npos) << e.what();
  }

  std::ofstream(dir.path() / "ca.pem") << pem.certificate;
  ::setenv("SSL_CERT_FILE", (dir.path() / "ca.pem").c_str(), 1);
  EXPECT_EQ(resolve_tokenizer_json({"org/tiny", "main", false}, hub),
            hub.cache_dir / "models--org--tiny" / "snapshots" / kCommitMain / "tokenizer.json");
}

TEST(HttpUrl, ParsesHostsPortsAndRedirects) {
  HttpUrl u = HttpUrl::parse("https://huggingface.co/org/m/resolve/main/tokenizer.json");
  EXPECT_TRUE(u.https);
  EXPECT_EQ(u.host, "huggingface.co");
  EXPECT_EQ(u.port, "443");
  EXPECT_EQ(u.target, "/org/m/resolve/main/tokenizer.json");
  HttpUrl v6 = HttpUrl::parse("http://[::1]:8080");
  EXPECT_EQ(v6.host, "::1");
  EXPECT_EQ(v6.port, "8080");
  EXPECT_EQ(v6.target, "/");
  EXPECT_TRUE(v6.is_loopback());
  EXPECT_EQ(v6.origin(), "http://[::1]:8080");
  EXPECT_THROW(HttpUrl::parse("ftp://x/y"), std::runtime_error);
  EXPECT_THROW(HttpUrl::parse("https://:443/"), std::runtime_error);
  EXPECT_EQ(resolve_redirect(u, "https://cdn.example/x?y=1"), "https://cdn.example/x?y=1");
  EXPECT_EQ(resolve_redirect(u, "//cdn.example/x"), "https://cdn.example/x");
  EXPECT_EQ(resolve_redirect(u, "/api/resolve-cache/x"), "https://huggingface.co/api/resolve-cache/x");
  EXPECT_EQ(resolve_redirect(u, "other.json"), "https://huggingface.co/org/m/resolve/main/other.json");
}

TEST(HfCache, RepoFoldersAndCommitHashes) {
  EXPECT_EQ(hf_cache::repo_dir("/c", "org/name"), fs::path("/c/models--org--name"));
  EXPECT_EQ(hf_cache::repo_dir("/c", "gpt2"), fs::path("/c/models--gpt2"));
  EXPECT_TRUE(hf_cache::is_commit_hash(kCommitMain));
  EXPECT_FALSE(hf_cache::is_commit_hash("main"));
  EXPECT_FALSE(hf_cache::is_commit_hash("0123456789ABCDEF0123456789abcdef01234567"));
}

}  // namespace
}  // namespace aiperf
