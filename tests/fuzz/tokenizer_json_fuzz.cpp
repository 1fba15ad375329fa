// tokenizer.json (tokenizer/tokenizer_json.h, tokenizer/hf_tokenizer.h) from a hostile download:
// parsed, then the tokenizer it describes run on a fixed text and on text from the input, and
// its ids decoded back. Input: the length of the text to encode (one byte), the text, then the
// tokenizer.json.
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_input.h"
#include "tokenizer/hf_tokenizer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  aiperf::fuzz::FuzzInput in(data, size);
  const size_t text_length = in.take_byte();
  const std::string_view rest = in.rest();
  const std::string_view text = rest.substr(0, text_length);
  const std::string_view json = rest.substr(text.size());

  std::unique_ptr<aiperf::HfTokenizer> tokenizer;
  try {
    tokenizer = aiperf::HfTokenizer::from_json(json, "fuzz");
  } catch (const std::exception&) {
    return 0;  // refused: unsupported or malformed, with a message naming the component
  }
  for (std::string_view sample : {text, std::string_view("Hello, world! 123 <s> \xe2\x96\x81x  \n\t caf\xc3\xa9")}) {
    try {
      const std::vector<int32_t> ids = tokenizer->encode(sample, true);
      (void)tokenizer->decode(ids);
    } catch (const std::exception&) {
      // decode throws std::out_of_range on an id the file's own tables cannot map back.
    }
  }
  return 0;
}
