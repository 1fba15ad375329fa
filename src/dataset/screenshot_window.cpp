#include "dataset/screenshot_window.h"

#include <map>
#include <string>

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

// How the agent's context cleaning wrote the placeholder into a text part.
const std::string kOmittedText = std::string("\n\n") + kImageOmittedPlaceholder + "\n\n\n\n";

struct Slot {
  size_t message = 0, part = 0;
};

bool is_image(const ojson& part) { return part.is_object() && part.value("type", "") == "image_url"; }

const std::string* text_of(const ojson& part) {
  if (!part.is_object() || part.value("type", "") != "text") return nullptr;
  auto t = part.find("text");
  return t != part.end() && t->is_string() ? t->get_ptr<const std::string*>() : nullptr;
}

bool is_placeholder(const ojson& part) {
  const std::string* t = text_of(part);
  return t && t->find(kImageOmittedPlaceholder) != std::string::npos;
}

// Screenshots are observations: user messages (GUI agents) or tool results.
std::vector<Slot> slots_of(const ojson& messages) {
  std::vector<Slot> slots;
  if (!messages.is_array()) return slots;
  for (size_t m = 0; m < messages.size(); ++m) {
    const ojson& msg = messages[m];
    if (!msg.is_object()) continue;
    const std::string role = msg.value("role", "");
    auto content = msg.find("content");
    if ((role != "user" && role != "tool") || content == msg.end() || !content->is_array()) continue;
    for (size_t p = 0; p < content->size(); ++p)
      if (is_image((*content)[p]) || is_placeholder((*content)[p])) slots.push_back({m, p});
  }
  return slots;
}

ojson text_part(std::string text) { return ojson{{"type", "text"}, {"text", std::move(text)}}; }

// The screenshot at parts[at] becomes the placeholder, joined with the text parts beside it.
void drop_screenshot(ojson& parts, size_t at) {
  size_t first = at, last = at;
  std::string text = kOmittedText;
  if (at > 0)
    if (const std::string* before = text_of(parts[at - 1])) {
      text = *before + text;
      first = at - 1;
    }
  if (at + 1 < parts.size())
    if (const std::string* after = text_of(parts[at + 1])) {
      text += *after;
      last = at + 1;
    }
  parts.erase(parts.begin() + std::ptrdiff_t(first), parts.begin() + std::ptrdiff_t(last) + 1);
  parts.insert(parts.begin() + std::ptrdiff_t(first), text_part(std::move(text)));
}

// The placeholder text at parts[at] becomes text, image, text; an empty side is left out
// (a zero-length text part is malformed on the wire).
void restore_screenshot(ojson& parts, size_t at, const ojson& image) {
  const std::string text = *text_of(parts[at]);
  const std::string& marker = text.find(kOmittedText) != std::string::npos ? kOmittedText
                                                                            : std::string(kImageOmittedPlaceholder);
  const size_t pos = text.find(marker);
  const std::string before = text.substr(0, pos), after = text.substr(pos + marker.size());
  ojson replacement = ojson::array();
  if (!before.empty()) replacement.push_back(text_part(before));
  replacement.push_back(image);
  if (!after.empty()) replacement.push_back(text_part(after));
  parts.erase(parts.begin() + std::ptrdiff_t(at));
  parts.insert(parts.begin() + std::ptrdiff_t(at), replacement.begin(), replacement.end());
}

void window_segment(std::vector<ojson>& requests, std::vector<std::vector<Slot>>& slots, size_t begin, size_t end,
                    size_t n) {
  std::map<size_t, ojson> image_at;  // slot number -> the first screenshot seen there
  for (size_t r = begin; r < end; ++r)
    for (size_t s = 0; s < slots[r].size(); ++s) {
      const ojson& part = requests[r][slots[r][s].message]["content"][slots[r][s].part];
      if (is_image(part)) image_at.try_emplace(s, part);
    }
  for (size_t r = begin; r < end; ++r) {
    const size_t first_kept = slots[r].size() > n ? slots[r].size() - n : 0;
    // Back to front, so editing a part never moves the parts of slots still to visit.
    for (size_t s = slots[r].size(); s-- > 0;) {
      ojson& parts = requests[r][slots[r][s].message]["content"];
      const size_t at = slots[r][s].part;
      if (is_image(parts[at]) && s < first_kept) {
        drop_screenshot(parts, at);
      } else if (!is_image(parts[at]) && s >= first_kept) {
        if (auto image = image_at.find(s); image != image_at.end()) restore_screenshot(parts, at, image->second);
      }
    }
  }
}

}  // namespace

void apply_screenshot_window(std::vector<ojson>& requests, int64_t n) {
  std::vector<std::vector<Slot>> slots;
  for (const ojson& r : requests) slots.push_back(slots_of(r));
  size_t begin = 0;
  for (size_t r = 1; r <= requests.size(); ++r) {
    const bool reset = r < requests.size() && (slots[r].size() < slots[r - 1].size() ||
                                               requests[r].size() < requests[r - 1].size());
    if (r == requests.size() || reset) {
      window_segment(requests, slots, begin, r, size_t(n));
      begin = r;
    }
  }
}

}  // namespace aiperf
