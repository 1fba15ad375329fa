#pragma once
// The OpenSSL client context shared (read-only) by every worker's TLS connections.
#include <boost/asio/ssl/context.hpp>

namespace aiperf {

// --ssl-verify (default): verify the chain against the system store and the host name.
// --no-ssl-verify: accept any certificate, as upstream does.
boost::asio::ssl::context make_tls_context(bool verify);

}  // namespace aiperf
