#include "app/tokenize_command.h"

#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>
#include <optional>
#include <iterator>
#include <memory>

#include "cli/subcommand_parse.h"
#include "tokenizer/tokenizer.h"

namespace aiperf {

int run_tokenize_command(const std::vector<std::string>& args) {
  CLI::App app("Print the token count (default) or token ids of TEXT ('-' reads stdin).", "aiperf tokenize");
  std::string tokenizer, revision = "main", text;
  bool ids = false, count = false, trust_remote_code = false;
  app.add_option("--tokenizer", tokenizer, "HuggingFace id, local path, or builtin")->required();
  app.add_option("--tokenizer-revision", revision, "Branch, tag or commit (default main)");
  app.add_flag("--tokenizer-trust-remote-code", trust_remote_code, "Accepted for compatibility");
  auto* ids_flag = app.add_flag("--ids", ids, "Print the token ids, space-separated");
  app.add_flag("--count", count, "Print the number of tokens (default)")->excludes(ids_flag);
  app.add_option("text", text, "Text to encode, or - for stdin")->required();
  if (std::optional<int> exit_code = parse_subcommand(app, args, "tokenize")) return *exit_code;
  if (text == "-") text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  try {
    std::unique_ptr<Tokenizer> t = make_tokenizer({tokenizer, true, revision, trust_remote_code}, &std::cerr);
    if (!ids) {
      std::cout << t->count(text) << "\n";
      return 0;
    }
    const char* sep = "";
    for (int32_t id : t->encode(text)) {
      std::cout << sep << id;
      sep = " ";
    }
    std::cout << "\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace aiperf
