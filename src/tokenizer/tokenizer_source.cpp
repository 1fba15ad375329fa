#include "tokenizer/tokenizer_source.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>

#include "tokenizer/hf_cache.h"
#include "tokenizer/hf_tokenizer.h"
#include "tokenizer/hub_client.h"
#include "tokenizer/tiktoken_bpe.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v == nullptr ? std::string() : std::string(v);
}

// huggingface_hub's truthy spellings.
bool env_flag(const char* name) {
  std::string v = env(name);
  std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return std::tolower(c); });
  return v == "1" || v == "on" || v == "yes" || v == "true";
}

fs::path home_dir() {
  std::string home = env("HOME");
  return home.empty() ? fs::path(".") : fs::path(home);
}

fs::path expand_user(const std::string& name) {
  if (name == "~" || name.rfind("~/", 0) == 0) return home_dir() / name.substr(std::min<size_t>(2, name.size()));
  return fs::path(name);
}

bool looks_like_path(const std::string& name) {
  return name.rfind('/', 0) == 0 || name.rfind("./", 0) == 0 || name.rfind("../", 0) == 0 ||
         name.rfind('~', 0) == 0 || name == "." || name == ".." || name.ends_with(".json") ||
         std::count(name.begin(), name.end(), '/') > 1;
}

// The hub's repo id rules: "name" or "org/name", letters, digits, '-', '_', '.', no "--" or "..".
bool is_repo_id(const std::string& name) {
  if (name.empty() || name.size() > 96 || std::count(name.begin(), name.end(), '/') > 1) return false;
  if (name.find("--") != std::string::npos || name.find("..") != std::string::npos) return false;
  if (name.front() == '/' || name.back() == '/') return false;
  return std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '/';
  });
}

std::string url_encode(const std::string& s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out.push_back(static_cast<char>(c));
    } else {
      out += {'%', hex[c >> 4], hex[c & 15]};
    }
  }
  return out;
}

std::string quoted(const TokenizerSpec& spec) {
  std::string s = "tokenizer '" + spec.name + "'";
  if (spec.revision != "main") s += " (revision '" + spec.revision + "')";
  return s;
}

std::string strip_slash(std::string endpoint) {
  while (!endpoint.empty() && endpoint.back() == '/') endpoint.pop_back();
  return endpoint;
}

HubResponse fetch(const TokenizerSpec& spec, const HubSettings& hub, const std::string& filename) {
  HubRequest req;
  req.url = strip_slash(hub.endpoint) + "/" + spec.name + "/resolve/" + url_encode(spec.revision) + "/" + filename;
  req.bearer_token = hub.token;
  req.timeout = hub.timeout;
  try {
    return hub_get(req);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error("cannot download " + quoted(spec) + " from " + strip_slash(hub.endpoint) + ": " + e.what());
  }
}

void check_status(const TokenizerSpec& spec, const HubSettings& hub, const HubResponse& res) {
  const std::string endpoint = strip_slash(hub.endpoint);
  const std::string code = " (HTTP " + std::to_string(res.status) + ")";
  if (res.status == 404) throw std::runtime_error(quoted(spec) + " not found on " + endpoint + code);
  if (res.status == 401 || res.status == 403) {
    throw std::runtime_error(quoted(spec) + ": access denied by " + endpoint + code +
                             (hub.token.empty() ? "; the repository may be gated or private: set HF_TOKEN to a token "
                                                  "that has access"
                                                : "; HF_TOKEN was sent but has no access to this repository"));
  }
  if (res.status != 200) {
    throw std::runtime_error("cannot download " + quoted(spec) + ": " + res.final_url + " answered" + code);
  }
}

fs::path download(const TokenizerSpec& spec, const HubSettings& hub, std::ostream* notes) {
  if (notes != nullptr) {
    *notes << "note: downloading " << quoted(spec) << " from " << strip_slash(hub.endpoint) << " into "
           << hub.cache_dir.string() << "\n";
  }
  HubResponse res = fetch(spec, hub, "tokenizer.json");
  check_status(spec, hub, res);
  // Never cache a file that cannot load: a later offline run would trust it.
  if (!nlohmann::json::accept(res.body)) {
    throw std::runtime_error(res.final_url + ": downloaded tokenizer.json for " + quoted(spec) + " is not valid JSON");
  }
  // The hub always names the commit; without it the revision itself names the snapshot folder.
  std::string commit = res.repo_commit;
  if (commit.empty()) {
    for (char c : spec.revision) commit += c == '/' ? std::string("--") : std::string(1, c);
  }
  fs::path path = hf_cache::store_file(hub.cache_dir, spec.name, spec.revision, commit, "tokenizer.json", res.body);
  // tokenizer_config.json is optional (nothing here needs it yet); a failure must not stop the
  // run. Asked for by commit, so both files come from the same snapshot even if the branch moves.
  TokenizerSpec same_snapshot = spec;
  if (!res.repo_commit.empty()) same_snapshot.revision = res.repo_commit;
  try {
    HubResponse config = fetch(same_snapshot, hub, "tokenizer_config.json");
    if (config.status == 200 && nlohmann::json::accept(config.body)) {
      hf_cache::store_file(hub.cache_dir, spec.name, spec.revision, commit, "tokenizer_config.json", config.body);
    }
  } catch (const std::runtime_error&) {
  }
  return path;
}

}  // namespace

HubSettings HubSettings::from_env() {
  HubSettings s;
  if (std::string e = env("HF_ENDPOINT"); !e.empty()) s.endpoint = e;
  fs::path hf_home = env("HF_HOME");
  if (hf_home.empty()) {
    std::string xdg = env("XDG_CACHE_HOME");
    hf_home = (xdg.empty() ? home_dir() / ".cache" : fs::path(xdg)) / "huggingface";
  }
  std::string cache = env("HF_HUB_CACHE");
  if (cache.empty()) cache = env("HUGGINGFACE_HUB_CACHE");  // the older spelling
  s.cache_dir = cache.empty() ? hf_home / "hub" : fs::path(cache);
  s.token = env("HF_TOKEN");
  if (s.token.empty()) s.token = env("HUGGING_FACE_HUB_TOKEN");
  if (s.token.empty()) {
    std::string token_path = env("HF_TOKEN_PATH");
    std::ifstream in(token_path.empty() ? hf_home / "token" : fs::path(token_path));
    in >> s.token;
  }
  s.offline = env_flag("HF_HUB_OFFLINE") || env_flag("TRANSFORMERS_OFFLINE");
  if (std::string t = env("HF_HUB_DOWNLOAD_TIMEOUT"); !t.empty()) {
    try {
      s.timeout = std::chrono::milliseconds(static_cast<long long>(std::stod(t) * 1000));
    } catch (const std::exception&) {
      throw std::runtime_error("HF_HUB_DOWNLOAD_TIMEOUT='" + t + "' is not a number of seconds");
    }
  }
  return s;
}

bool is_builtin_tokenizer(const std::string& name) { return name == "builtin" || name == "o200k_base"; }

fs::path resolve_tokenizer_json(const TokenizerSpec& spec, const HubSettings& hub, std::ostream* notes) {
  const std::string& name = spec.name;
  if (name.empty()) throw std::runtime_error("--tokenizer: empty tokenizer name");
  fs::path local = expand_user(name);
  std::error_code ec;
  if (fs::is_directory(local, ec)) {
    fs::path file = local / "tokenizer.json";
    if (fs::is_regular_file(file, ec)) return file;
    throw std::runtime_error("--tokenizer '" + name + "': directory has no tokenizer.json (only tokenizer.json " +
                             "tokenizers are supported)");
  }
  if (fs::is_regular_file(local, ec)) return local;
  if (looks_like_path(name)) throw std::runtime_error("--tokenizer '" + name + "': no such file or directory");
  if (!is_repo_id(name)) {
    throw std::runtime_error("--tokenizer '" + name +
                             "': neither a local tokenizer.json or directory nor a HuggingFace model id (org/name)");
  }
  if (spec.revision.empty()) throw std::runtime_error("--tokenizer-revision: empty revision");
  if (auto cached = hf_cache::find_file(hub.cache_dir, name, spec.revision, "tokenizer.json")) return *cached;
  if (hub.offline) {
    throw std::runtime_error(quoted(spec) + " is not in the HuggingFace cache " + hub.cache_dir.string() +
                             " and HF_HUB_OFFLINE=1 forbids downloading it");
  }
  return download(spec, hub, notes);
}

std::unique_ptr<Tokenizer> load_tokenizer(const TokenizerSpec& spec, const HubSettings& hub, std::ostream* notes) {
  if (spec.trust_remote_code && notes != nullptr) {
    *notes << "note: --tokenizer-trust-remote-code is accepted for compatibility and ignored: only tokenizer.json "
              "is read, no code from the hub is run\n";
  }
  if (is_builtin_tokenizer(spec.name)) return make_o200k_base();
  return HfTokenizer::load(resolve_tokenizer_json(spec, hub, notes));
}

}  // namespace aiperf
