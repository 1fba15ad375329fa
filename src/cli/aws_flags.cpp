#include "cli/aws_flags.h"

#include <strings.h>

#include "cli/request_head_text.h"
#include "config/enum_names.h"

namespace aiperf {

namespace {

// SageMaker's rule for endpoint names; it also keeps the name safe inside the URL path.
bool valid_endpoint_name(const std::string& name) {
  if (name.empty() || name.size() > 63 || name.front() == '-' || name.back() == '-') return false;
  for (unsigned char ch : name)
    if (!std::isalnum(ch) && ch != '-') return false;
  return true;
}

void require_value(const char* flag, const std::optional<std::string>& v) {
  if (v && v->empty()) throw ConfigError(std::string(flag) + ": empty value");
  if (v) require_no_control_bytes(flag, *v);  // the SageMaker values travel as header values
}

// Region and service name the host and the signature scope: letters, digits, '-' and '_'.
void require_aws_name(const char* what, const std::string& value) {
  for (unsigned char ch : value)
    if (!std::isalnum(ch) && ch != '-' && ch != '_')
      throw ConfigError(std::string(what) + ": '" + (is_control_byte(ch) ? std::string("<not printable>") : value) +
                        "' is not an AWS name (letters, digits, '-' and '_')");
}

}  // namespace

void apply_aws_flags(const AwsFlags& f, bool url_given, ProfileConfig& c, const AwsEnvironment& env) {
  for (const auto& [flag, v] : {std::pair{"--aws-region", &f.region}, {"--aws-service", &f.service},
                                {"--aws-profile", &f.profile}, {"--sagemaker-endpoint-name", &f.endpoint_name},
                                {"--sagemaker-target-model", &f.target_model},
                                {"--sagemaker-target-variant", &f.target_variant},
                                {"--sagemaker-inference-component-name", &f.inference_component}})
    require_value(flag, *v);

  bool sagemaker = f.endpoint_name.has_value();
  if (f.transport) {
    if (parse_choice<TransportType>("--transport", *f.transport) == TransportType::sagemaker) {
      if (!f.endpoint_name) throw ConfigError("--transport sagemaker requires --sagemaker-endpoint-name");
    } else if (sagemaker) {
      throw ConfigError("--sagemaker-endpoint-name requires --transport sagemaker (got http)");
    }
  }
  if (!sagemaker && (f.target_model || f.target_variant || f.inference_component))
    throw ConfigError(std::string(f.target_model ? "--sagemaker-target-model" : f.target_variant
                                                       ? "--sagemaker-target-variant"
                                                       : "--sagemaker-inference-component-name") +
                      " requires --sagemaker-endpoint-name");

  bool sigv4 = sagemaker;
  if (f.auth_type) {
    if (parse_choice<AuthType>("--auth-type", *f.auth_type) == AuthType::sigv4) {
      sigv4 = true;
    } else if (sagemaker) {
      throw ConfigError("--auth-type none: the SageMaker transport always signs with SigV4");
    }
  }
  if (!sigv4) {
    for (const auto& [flag, v] : {std::pair{"--aws-region", &f.region}, {"--aws-service", &f.service},
                                  {"--aws-profile", &f.profile}})
      if (v->has_value()) throw ConfigError(std::string(flag) + " requires --auth-type sigv4 or --sagemaker-endpoint-name");
    return;
  }

  if (!sagemaker && !f.service)
    throw ConfigError("--auth-type sigv4 requires --aws-service (the signing name, e.g. execute-api)");
  // The signature covers these; a second copy from -H would break it or shadow ours.
  for (const auto& [name, value] : c.headers)
    for (const char* ours : {"Authorization", "X-Amz-Date", "X-Amz-Security-Token"})
      if (strcasecmp(name.c_str(), ours) == 0)
        throw ConfigError("--header " + name + ": conflicts with --auth-type sigv4, which sets it per request");

  c.sigv4 = true;
  c.aws_profile = f.profile;
  c.aws_service = f.service.value_or("sagemaker");
  c.aws_region = resolve_aws_region(f.region, f.profile, env);
  require_aws_name("--aws-service", c.aws_service);
  require_aws_name("AWS region", c.aws_region);
  c.api_key.reset();  // §7.1: SigV4 replaces bearer auth
  if (!sagemaker) return;

  if (!valid_endpoint_name(*f.endpoint_name))
    throw ConfigError("--sagemaker-endpoint-name: '" + *f.endpoint_name +
                      "' is not a SageMaker endpoint name (letters, digits and inner hyphens, at most 63)");
  // §7.5: multi-model endpoints cannot stream.
  if (f.target_model && c.streaming)
    throw ConfigError("--sagemaker-target-model cannot be used with --streaming (SageMaker multi-model "
                      "endpoints do not stream)");
  c.sagemaker_endpoint_name = f.endpoint_name;
  c.sagemaker_target_model = f.target_model;
  c.sagemaker_target_variant = f.target_variant;
  c.sagemaker_inference_component = f.inference_component;
  if (!url_given) c.urls = {"https://runtime.sagemaker." + c.aws_region + ".amazonaws.com"};
}

}  // namespace aiperf
