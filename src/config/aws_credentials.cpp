#include "config/aws_credentials.h"

#include <cstdlib>
#include <fstream>

extern char** environ;

namespace aiperf {

namespace {

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

// The key = value pairs of section `section` in an INI file; nullopt when the file cannot be
// read, an empty map when the section is absent.
std::optional<std::map<std::string, std::string>> read_ini_section(const std::string& path,
                                                                   const std::string& section) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::map<std::string, std::string> out;
  bool inside = false;
  std::string line;
  while (std::getline(in, line)) {
    line = trim(line);
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line.front() == '[' && line.back() == ']') {
      inside = trim(line.substr(1, line.size() - 2)) == section;
      continue;
    }
    const size_t eq = line.find('=');
    if (inside && eq != std::string::npos) out[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
  }
  return out;
}

std::string home_file(const AwsEnvironment& env, const char* override_var, const char* relative) {
  if (const std::string* v = env.get(override_var)) return *v;
  const std::string* home = env.get("HOME");
  return (home ? *home : std::string()) + relative;
}

std::string profile_name(const std::optional<std::string>& flag, const AwsEnvironment& env) {
  if (flag) return *flag;
  if (const std::string* v = env.get("AWS_PROFILE")) return *v;
  return "default";
}

}  // namespace

AwsEnvironment AwsEnvironment::from_process() {
  AwsEnvironment env;
  for (char** e = environ; e && *e; ++e) {
    std::string_view entry(*e);
    const size_t eq = entry.find('=');
    if (eq == std::string_view::npos) continue;
    std::string_view name = entry.substr(0, eq);
    if (name.starts_with("AWS_") || name == "HOME") env.vars.emplace(name, entry.substr(eq + 1));
  }
  return env;
}

const std::string* AwsEnvironment::get(const std::string& name) const {
  auto it = vars.find(name);
  return it == vars.end() || it->second.empty() ? nullptr : &it->second;
}

AwsCredentials load_aws_credentials(const std::optional<std::string>& profile, const AwsEnvironment& env) {
  std::string searched;
  if (!profile) {
    const std::string* id = env.get("AWS_ACCESS_KEY_ID");
    const std::string* secret = env.get("AWS_SECRET_ACCESS_KEY");
    if (id && secret) {
      const std::string* token = env.get("AWS_SESSION_TOKEN");
      return {*id, *secret, token ? *token : "", "environment"};
    }
    if (id || secret)
      throw ConfigError(std::string("--auth-type sigv4: ") + (id ? "AWS_ACCESS_KEY_ID" : "AWS_SECRET_ACCESS_KEY") +
                        " is set but " + (id ? "AWS_SECRET_ACCESS_KEY" : "AWS_ACCESS_KEY_ID") + " is not");
    searched = "AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY in the environment, ";
  }
  const std::string name = profile_name(profile, env);
  const std::string path = home_file(env, "AWS_SHARED_CREDENTIALS_FILE", "/.aws/credentials");
  std::optional<std::map<std::string, std::string>> section = read_ini_section(path, name);
  if (section) {
    auto id = section->find("aws_access_key_id"), secret = section->find("aws_secret_access_key");
    if (id != section->end() && secret != section->end() && !id->second.empty() && !secret->second.empty()) {
      auto token = section->find("aws_session_token");
      return {id->second, secret->second, token != section->end() ? token->second : "",
              path + " [" + name + "]"};
    }
  }
  searched += "profile [" + name + "] in " + path + (section ? "" : " (not readable)");
  throw ConfigError("--auth-type sigv4: no AWS credentials found (searched " + searched +
                    "); set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY or give --aws-profile");
}

std::string resolve_aws_region(const std::optional<std::string>& flag, const std::optional<std::string>& profile,
                               const AwsEnvironment& env) {
  if (flag) return *flag;
  for (const char* var : {"AWS_REGION", "AWS_DEFAULT_REGION"})
    if (const std::string* v = env.get(var)) return *v;
  const std::string name = profile_name(profile, env);
  const std::string path = home_file(env, "AWS_CONFIG_FILE", "/.aws/config");
  // The config file names its sections "profile NAME", except "default".
  const std::string section_name = name == "default" ? name : "profile " + name;
  std::optional<std::map<std::string, std::string>> section = read_ini_section(path, section_name);
  if (section)
    if (auto it = section->find("region"); it != section->end() && !it->second.empty()) return it->second;
  throw ConfigError("--aws-region: no AWS region given (searched --aws-region, AWS_REGION, AWS_DEFAULT_REGION, "
                    "region in [" + section_name + "] of " + path + ")");
}

}  // namespace aiperf
