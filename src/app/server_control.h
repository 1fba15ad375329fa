#pragma once
// The server control hooks of one run (telemetry/server_hooks.h, docs/server-hooks.md), fed from
// its configuration: each --url's origin and endpoint URL, the credentials the run sends, and
// the readiness probe's 1-token request, made by the run's own request builder.
#include <string>

#include "config/profile_config.h"
#include "telemetry/server_hooks.h"

namespace aiperf {

// `first_body`: the run's first prepared request, the probe of endpoints that take no plain
// text prompt (multipart forms, verbatim payloads, image retrieval). Throws ConfigError on a bad --url.
ServerHookTargets server_hook_targets(const ProfileConfig& config, const std::string& first_body);

// Before anything is sent: --wait-for-model-*, then (when `reset`) --reset-kv-cache. Throws
// ServerHookError. A sharded run resets from shard 0 only: the others would reset the cache
// again after shard 0 had met its peers.
void prepare_server(const ProfileConfig& config, const ServerHookTargets& targets, bool reset);

}  // namespace aiperf
