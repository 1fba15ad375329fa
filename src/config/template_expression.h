#pragma once
// `{{ expr }}` in YAML configs (cli-and-load.md §6), over the `variables:` of the file. Upstream
// renders Jinja; aiperf-cpp evaluates a small, fixed subset (docs/config.md, "Expressions"):
//   numbers (42, 2.5), 'strings' / "strings", variable names, parentheses,
//   + - * / // % ** (Python meanings: / is true division, // floors), unary minus,
//   + on two strings concatenates, and the filters | int, | float, | string, | round.
// Anything else (an unknown name, a statement, a call) is an error naming it.
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

namespace aiperf {

using TemplateValue = std::variant<int64_t, double, std::string>;
using TemplateVariables = std::map<std::string, TemplateValue, std::less<>>;

struct TemplateError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

TemplateValue evaluate_template_expression(std::string_view expression, const TemplateVariables& variables);

// True when `text` holds "{{".
bool has_template(std::string_view text);

// Renders every {{ expr }} of `text`. When the whole text is one {{ expr }}, `whole` is set and
// the value keeps its type; otherwise the pieces are joined as text.
TemplateValue render_template(std::string_view text, const TemplateVariables& variables, bool& whole);

std::string template_value_text(const TemplateValue& value);

// A YAML scalar's own value: an integer, a float, else its text.
TemplateValue template_value_of_text(std::string_view text);

}  // namespace aiperf
