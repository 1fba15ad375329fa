#include "cli/goodput_flag.h"

#include <sstream>

#include "cli/number_flags.h"

namespace aiperf {

std::vector<GoodputTarget> parse_goodput_flag(const std::vector<std::string>& items) {
  std::vector<GoodputTarget> out;
  for (const std::string& item : items) {
    std::istringstream words(item);
    for (std::string pair; words >> pair;) {
      const size_t colon = pair.find(':');
      if (colon == 0 || colon == std::string::npos || colon + 1 == pair.size())
        throw ConfigError("--goodput: '" + pair + "' is not TAG:VALUE (e.g. time_to_first_token:100)");
      GoodputTarget t{pair.substr(0, colon), 0.0};
      t.value = parse_float_flag("--goodput " + t.tag, pair.substr(colon + 1));
      require_at_least("--goodput " + t.tag, t.value, 0.0);
      for (const GoodputTarget& earlier : out)
        if (earlier.tag == t.tag) throw ConfigError("--goodput: metric '" + t.tag + "' is given twice");
      out.push_back(std::move(t));
    }
  }
  if (out.empty()) throw ConfigError("--goodput: no TAG:VALUE pair given");
  return out;
}

}  // namespace aiperf
