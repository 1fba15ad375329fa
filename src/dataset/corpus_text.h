#pragma once
// The built-in filler text for synthetic prompts (upstream's "sonnet" corpus): a selection of
// Shakespeare's sonnets, which are in the public domain.
#include <string_view>

namespace aiperf {

std::string_view sonnet_corpus_text();

}  // namespace aiperf
