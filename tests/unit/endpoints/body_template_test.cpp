#include "endpoints/body_template.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

using json = nlohmann::json;

std::string render(const std::string& src, const json& vars = json::object()) {
  return BodyTemplate(src).render(vars);
}

// The message of the error a template raises, "" when none.
std::string error_of(const std::string& src, const json& vars = json::object()) {
  try {
    render(src, vars);
  } catch (const TemplateError& e) {
    return e.what();
  }
  return "";
}

TEST(BodyTemplate, NamedTemplateNvEmbedqa) {
  EXPECT_EQ(render(R"({"text": {{ texts|tojson }}})", {{"texts", {"a \"q\"", "b"}}}),
            R"({"text": ["a \"q\"","b"]})");
}

TEST(BodyTemplate, VariablesAttributesAndIndexes) {
  json vars = {{"model", "m"}, {"turn", {{"role", "user"}, {"texts", {"x", "y"}}}}, {"n", 3}, {"f", 0.5},
               {"b", true}, {"z", nullptr}};
  EXPECT_EQ(render("{{ model }}/{{ turn.role }}/{{ turn['texts'][1] }}/{{ turn.texts[-1] }}", vars), "m/user/y/y");
  EXPECT_EQ(render("{{ n }} {{ f }} {{ b }} {{ z }} {{ b|tojson }} {{ z|tojson }}", vars), "3 0.5 True None true null");
  EXPECT_EQ(render("{{ model|upper ~ '-' ~ n }} {{ 'A B'|lower }} {{ n + 2 }} {{ n * 2 - 1 }}", vars), "M-3 a b 5 5");
  EXPECT_EQ(render("{{ missing|default('d') }} {{ z|default('d', true) }} {{ turn.texts|length }}", vars), "d d 2");
  EXPECT_EQ(render("{{ turn.texts|join(', ') }} {{ turn.texts|first }} {{ {'a': [1, n]}|tojson }}", vars),
            R"(x, y x {"a":[1,3]})");
}

TEST(BodyTemplate, IfElifElseAndTests) {
  const std::string src = "{% if n > 5 %}big{% elif n == 3 and not b %}three{% elif missing is defined %}d"
                          "{% else %}other{% endif %}";
  EXPECT_EQ(render(src, {{"n", 9}}), "big");
  EXPECT_EQ(render(src, {{"n", 3}, {"b", false}}), "three");
  EXPECT_EQ(render(src, {{"n", 3}, {"b", true}}), "other");
  EXPECT_EQ(render("{% if z is none %}N{% endif %}{% if 'a' in s %}A{% endif %}{% if 'q' not in s %}Q{% endif %}",
                   {{"z", nullptr}, {"s", "abc"}}),
            "NAQ");
}

TEST(BodyTemplate, ForLoopsOverMessagesWithLoopVariable) {
  json vars = {{"turns", {{{"role", "user"}, {"text", "hi"}}, {{"role", "assistant"}, {"text", "yo"}}}}};
  const std::string src =
      "[{%- for t in turns -%}\n"
      "  {\"role\": {{ t.role|tojson }}, \"content\": {{ t.text|tojson }}}{% if not loop.last %},{% endif %}\n"
      "{%- endfor -%}]";
  EXPECT_EQ(render(src, vars),
            R"([{"role": "user", "content": "hi"},{"role": "assistant", "content": "yo"}])");
  EXPECT_EQ(render("{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}", {{"d", {{"a", 1}, {"b", 2}}}}),
            "a=1;b=2;");
  EXPECT_EQ(render("{% for x in [] %}x{% else %}empty{% endfor %}"), "empty");
  EXPECT_EQ(render("{% set k = 2 %}{{ k * loopless|default(3) }}{# a comment #}"), "6");
}

TEST(BodyTemplate, ErrorsNameTheLine) {
  EXPECT_EQ(error_of("{\n  \"a\": {{ x|frobnicate }}\n}"), "line 2: unknown filter 'frobnicate'");
  EXPECT_EQ(error_of("{\n{% if a %}\n  x\n"), "line 2: '{% if %}' is never closed with '{% endif %}'");
  EXPECT_EQ(error_of("a\nb\n{% endfor %}"), "line 3: unexpected '{% endfor %}'");
  EXPECT_EQ(error_of("{{ a +  }}"), "line 1: expected a value at the end of the tag");
  EXPECT_EQ(error_of("x\n{{ 1"), "line 2: '{{' is never closed");
  EXPECT_EQ(error_of("{% macro m() %}{% endmacro %}"), "line 1: unsupported tag '{% macro %}'");
  // Render-time errors: an undefined value printed, a filter on the wrong kind of value.
  EXPECT_EQ(error_of("{\n\n  {{ texts|tojson }} {{ nope }}", {{"texts", json::array()}}), "line 3: 'nope' is undefined");
  EXPECT_EQ(error_of("\n{{ n|lower }}", {{"n", 1}}), "line 2: filter 'lower' needs a string, not number");
  EXPECT_EQ(error_of("{{ a.b.c }}", {{"a", json::object()}}), "line 1: 'a.b' is undefined");
}

TEST(BodyTemplate, WhitespaceControlAndPlainBraces) {
  EXPECT_EQ(render("a  {{- 'b' -}}  \n c"), "abc");
  EXPECT_EQ(render(R"({"k": {"x": 1}})"), R"({"k": {"x": 1}})");  // JSON braces are text
}

}  // namespace
}  // namespace aiperf
