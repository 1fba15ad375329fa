#pragma once
// The terminal behind the dashboard, through ncursesw (Debian's libncurses-dev; docs/ui.md
// says why): the alternate screen, keys read without waiting, resizes, colours when the
// terminal has them and NO_COLOR is not set, UTF-8 box drawing when the locale is UTF-8 and
// ASCII otherwise. Only the UI thread touches it.
#include <memory>
#include <string>
#include <vector>

#include "live/canvas.h"

namespace aiperf {

class TerminalScreen {
 public:
  static constexpr int kNoKey = -1;
  static constexpr int kResized = -2;

  // Takes over the terminal, or returns null and says why it cannot: stdin or stdout is not a
  // terminal, TERM is unset or "dumb", or the terminal cannot address the cursor.
  static std::unique_ptr<TerminalScreen> open(bool color, std::string& why);
  ~TerminalScreen();  // gives the terminal back as it was
  TerminalScreen(const TerminalScreen&) = delete;
  TerminalScreen& operator=(const TerminalScreen&) = delete;

  int width() const;
  int height() const;
  bool utf8() const { return utf8_; }
  void draw(const Canvas& canvas);
  // The next key pressed, kResized after a resize (width() and height() are then new), or
  // kNoKey; never waits.
  int next_key();

  // Lines written straight to stderr (fd 2) while the screen is open: they would tear the
  // screen, so fd 2 goes into a pipe read here (the caller shows them in the logs panel).
  // Whatever is still unread when the screen closes is written to the real stderr then.
  std::vector<std::string> take_stderr_lines();

  // Async-signal-safe: leaves the alternate screen and restores the terminal's modes, for a
  // process about to _exit() with the screen still open (a second ctrl+c). No-op when closed.
  static void emergency_restore();

 private:
  TerminalScreen() = default;
  void* screen_ = nullptr;  // ncurses SCREEN*
  bool utf8_ = false;
  bool color_ = false;
  int stderr_pipe_ = -1;  // read end; fd 2 is its write end while open
  std::string stderr_partial_;
};

}  // namespace aiperf
