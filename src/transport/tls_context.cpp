#include "transport/tls_context.h"

namespace aiperf {

boost::asio::ssl::context make_tls_context(bool verify) {
  namespace ssl = boost::asio::ssl;
  ssl::context ctx(ssl::context::tls_client);
  ctx.set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 |
                  ssl::context::no_sslv3);
  if (verify) {
    ctx.set_default_verify_paths();
    ctx.set_verify_mode(ssl::verify_peer);
  } else {
    ctx.set_verify_mode(ssl::verify_none);
  }
  return ctx;
}

}  // namespace aiperf
