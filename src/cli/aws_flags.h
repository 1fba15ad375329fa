#pragma once
// --auth-type sigv4, --aws-* and the SageMaker transport flags (workloads-and-endpoints.md
// §7.1, §7.5): checked together because they imply each other.
#include <optional>
#include <string>

#include "config/aws_credentials.h"
#include "config/profile_config.h"

namespace aiperf {

// Each flag's text; nullopt when not given.
struct AwsFlags {
  std::optional<std::string> auth_type;            // --auth-type: none | sigv4
  std::optional<std::string> region, service, profile;  // --aws-region, --aws-service, --aws-profile
  std::optional<std::string> transport;            // --transport/--transport-type: http | sagemaker
  std::optional<std::string> endpoint_name;        // --sagemaker-endpoint-name
  std::optional<std::string> target_model;         // --sagemaker-target-model
  std::optional<std::string> target_variant;       // --sagemaker-target-variant
  std::optional<std::string> inference_component;  // --sagemaker-inference-component-name
};

// Fills the AWS fields of `c`; call after --streaming, -H and --url are in `c`. `url_given`:
// without --url the SageMaker transport targets runtime.sagemaker.<region>.amazonaws.com.
// Throws ConfigError naming the flag.
void apply_aws_flags(const AwsFlags& f, bool url_given, ProfileConfig& c, const AwsEnvironment& env);

}  // namespace aiperf
