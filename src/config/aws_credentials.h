#pragma once
// AWS credentials and region for SigV4 signing, found the way AWS SDKs look for them (the
// subset that needs no network): environment variables, then the shared credentials file.
// Read once before the run; never part of ProfileConfig, so never exported.
#include <map>
#include <optional>
#include <string>

#include "config/profile_config.h"

namespace aiperf {

struct AwsCredentials {
  std::string access_key_id;
  std::string secret_access_key;
  std::string session_token;  // empty: long-term credentials
  std::string source;         // where they came from, for messages ("environment", "<file> [profile]")
};

// Where to look; tests fill this instead of touching the process environment.
struct AwsEnvironment {
  std::map<std::string, std::string> vars;  // AWS_* and HOME
  static AwsEnvironment from_process();
  const std::string* get(const std::string& name) const;
};

// `profile` is --aws-profile. Order: AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY (+ AWS_SESSION_TOKEN)
// unless --aws-profile is given (an explicit profile wins over the environment, as in botocore);
// then the profile (--aws-profile, else AWS_PROFILE, else "default") of the shared credentials
// file (AWS_SHARED_CREDENTIALS_FILE, else ~/.aws/credentials). Throws ConfigError naming every
// place searched.
AwsCredentials load_aws_credentials(const std::optional<std::string>& profile, const AwsEnvironment& env);

// --aws-region, else AWS_REGION, else AWS_DEFAULT_REGION, else `region` of the profile in the
// config file (AWS_CONFIG_FILE, else ~/.aws/config). Throws ConfigError naming what was searched.
std::string resolve_aws_region(const std::optional<std::string>& flag, const std::optional<std::string>& profile,
                               const AwsEnvironment& env);

}  // namespace aiperf
