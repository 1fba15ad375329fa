#pragma once
// The templates `aiperf config init` prints (templates/*.yaml, compiled in).
#include <span>
#include <string_view>

namespace aiperf {

struct BundledTemplate {
  std::string_view name;  // file name without .yaml
  std::string_view text;
};

std::span<const BundledTemplate> bundled_templates();

}  // namespace aiperf
