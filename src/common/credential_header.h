#pragma once
// Which header names carry credentials, so that their values are redacted wherever headers are
// shown or written (console, logs, the recorded command line, inputs and raw exports).
// Broad on purpose: a name that merely looks like a credential is hidden too, since showing one
// real secret costs far more than hiding a harmless value.
#include <string_view>

namespace aiperf {

inline constexpr const char* kRedacted = "<redacted>";

// True when `name` (any case) contains auth, token, secret, key, password, passwd, session,
// cookie or credential: Authorization, Proxy-Authorization, X-Api-Key, Cookie, Set-Cookie,
// X-Auth-Token, X-Amz-Security-Token, ... Given a text holding several names (a -H JSON
// object), true when any of them is one.
bool is_credential_header(std::string_view name);

}  // namespace aiperf
