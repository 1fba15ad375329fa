#pragma once
// The `template` endpoint's request body (workloads-and-endpoints.md §7.3): a small engine for
// the Jinja2 subset such body templates use. docs/design.md ("Body templates") lists exactly
// what is understood; anything else is an error naming the template line, never a silent
// difference. Parsed once; rendering does not modify the template, so it may be shared.
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace aiperf {

// What went wrong and on which line of the template source (1-based).
class TemplateError : public std::runtime_error {
 public:
  TemplateError(int line, const std::string& message)
      : std::runtime_error("line " + std::to_string(line) + ": " + message), line_(line) {}
  int line() const { return line_; }

 private:
  int line_;
};

struct TemplateNode;

class BodyTemplate {
 public:
  // Throws TemplateError for a syntax error, an unknown filter or test.
  explicit BodyTemplate(std::string_view source);
  ~BodyTemplate();
  BodyTemplate(BodyTemplate&&) noexcept;
  BodyTemplate& operator=(BodyTemplate&&) noexcept;

  // `vars` is a JSON object of the template variables. Throws TemplateError (an undefined
  // variable printed, a filter applied to the wrong kind of value).
  std::string render(const nlohmann::json& vars) const;

 private:
  std::unique_ptr<TemplateNode> root_;
};

}  // namespace aiperf
