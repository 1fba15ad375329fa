// The hub's dataset listing (dataset/public/hf_dataset_download.h): the body of
// GET /api/datasets/{repo}/revision/{rev} comes from the network, and its file names choose
// what is downloaded and where it is linked in the cache. Any body must be parsed or refused
// with std::runtime_error; a parsed listing's names then go through the split selection, which
// must never pick a path that climbs out of the snapshot. Input: one selector byte (split and
// subset), then the body.
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "dataset/public/hf_dataset_download.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  aiperf::fuzz::FuzzInput in(data, size);
  const uint8_t selector = in.take_byte();
  aiperf::HubListing listing;
  try {
    listing = aiperf::parse_hub_dataset_info(std::string(in.rest()));
  } catch (const std::runtime_error&) {
    return 0;
  }
  std::vector<std::string> paths;
  for (const aiperf::HubFile& f : listing.files) paths.push_back(f.path);
  const char* splits[] = {"train", "test", "validation", "dev"};
  const std::string subset = selector & 4 ? "main" : "";
  std::vector<std::string> dropped;
  for (const std::string& p : aiperf::prefer_text_files(
           aiperf::select_hf_split_files(paths, subset, (selector & 8) != 0, splits[selector % 4]), dropped))
    if (p.find("..") != std::string::npos && (p.rfind("../", 0) == 0 || p.find("/../") != std::string::npos ||
                                              p == ".." || p.ends_with("/..")))
      std::abort();  // a selected file must stay inside the snapshot
  (void)aiperf::parquet_branch_config(paths, subset);
  return 0;
}
