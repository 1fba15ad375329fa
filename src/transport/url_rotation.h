#pragma once
// Which --url a request goes to (cli-and-load.md §3.1, --url-strategy round_robin): the
// credit's id is its issue order across the whole run, so id modulo the URL count hands each
// credit the next URL at issue time without any counter shared between threads. Every turn
// of a multi-turn or agentic session follows its first credit (the session id), so its
// history and a sticky connection stay with one server (docs/design.md, "Several URLs").
#include <cstddef>
#include <cstdint>

#include "timing/credit.h"

namespace aiperf {

inline uint32_t url_index_for(const Credit& credit, bool in_session, size_t url_count) {
  if (url_count <= 1) return 0;
  const uint64_t key = in_session ? credit.session_id : credit.id;
  return uint32_t(key % url_count);
}

}  // namespace aiperf
