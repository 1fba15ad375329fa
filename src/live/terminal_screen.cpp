#include "live/terminal_screen.h"

#include <curses.h>
#include <langinfo.h>
#include <term.h>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

#include <atomic>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace aiperf {

namespace {

// What emergency_restore() needs, prepared while the screen opens (nothing is allocated in a
// signal handler).
struct termios g_shell_modes;
char g_leave_screen[128];
int g_saved_stderr = -1;  // the real fd 2 while it is redirected
std::atomic<bool> g_open{false};

short pair_of(CellStyle s) { return short(int(s) + 1); }

attr_t attributes(CellStyle s, bool color) {
  attr_t a = color ? COLOR_PAIR(pair_of(s)) : A_NORMAL;
  switch (s) {
    case CellStyle::title: return a | A_REVERSE | A_BOLD;
    case CellStyle::heading: return a | A_BOLD;
    case CellStyle::bar_done: return color ? a : (a | A_BOLD);
    case CellStyle::bar_todo: return color ? a : (a | A_DIM);
    case CellStyle::warning: return a | A_BOLD;
    case CellStyle::error: return a | A_BOLD;
    case CellStyle::dim: return a | A_DIM;
    default: return a;
  }
}

void init_colors() {
  start_color();
  use_default_colors();
  auto pair = [](CellStyle s, short fg) { init_pair(pair_of(s), fg, -1); };
  pair(CellStyle::normal, -1);
  init_pair(pair_of(CellStyle::title), COLOR_GREEN, -1);  // reversed: green bar
  pair(CellStyle::border, COLOR_GREEN);
  pair(CellStyle::heading, COLOR_GREEN);
  pair(CellStyle::label, COLOR_CYAN);
  pair(CellStyle::value, -1);
  pair(CellStyle::bar_done, COLOR_GREEN);
  pair(CellStyle::bar_todo, -1);
  pair(CellStyle::warning, COLOR_YELLOW);
  pair(CellStyle::error, COLOR_RED);
  pair(CellStyle::dim, -1);
}

bool capability(const char* name) {
  char* cap = tigetstr(const_cast<char*>(name));
  return cap != nullptr && cap != reinterpret_cast<char*>(-1);
}

}  // namespace

std::unique_ptr<TerminalScreen> TerminalScreen::open(bool color, std::string& why) {
  if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
    why = "stdin or stdout is not a terminal";
    return nullptr;
  }
  const char* term = std::getenv("TERM");
  if (!term || !*term || std::string_view(term) == "dumb") {
    why = std::string("TERM is ") + (term && *term ? term : "not set");
    return nullptr;
  }
  // Only the character type follows the user's locale: numbers keep the "C" formatting the
  // exports rely on.
  std::setlocale(LC_CTYPE, "");
  tcgetattr(STDIN_FILENO, &g_shell_modes);
  SCREEN* screen = newterm(nullptr, stdout, stdin);
  if (!screen) {
    why = std::string("the terminal type ") + term + " is unknown";
    return nullptr;
  }
  set_term(screen);
  if (!capability("cup")) {
    endwin();
    delscreen(screen);
    why = std::string("the terminal type ") + term + " cannot move the cursor";
    return nullptr;
  }
  std::unique_ptr<TerminalScreen> s(new TerminalScreen());
  s->screen_ = screen;
  const char* codeset = nl_langinfo(CODESET);
  s->utf8_ = codeset && std::string_view(codeset) == "UTF-8";
  const char* no_color = std::getenv("NO_COLOR");
  s->color_ = color && has_colors() && !(no_color && *no_color);
  if (s->color_) init_colors();
  cbreak();
  noecho();
  nodelay(stdscr, TRUE);
  keypad(stdscr, TRUE);
  set_escdelay(25);
  curs_set(0);
  // ctrl+s saves a screenshot: it must arrive as a key, not stop the output (XON/XOFF).
  struct termios modes;
  if (tcgetattr(STDIN_FILENO, &modes) == 0) {
    modes.c_iflag &= tcflag_t(~IXON);
    tcsetattr(STDIN_FILENO, TCSANOW, &modes);
    def_prog_mode();
  }
  std::string leave;
  if (capability("rmcup")) leave += tigetstr(const_cast<char*>("rmcup"));
  if (capability("cnorm")) leave += tigetstr(const_cast<char*>("cnorm"));
  leave += "\r\n";
  std::strncpy(g_leave_screen, leave.c_str(), sizeof g_leave_screen - 1);
  int fds[2];
  if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) == 0) {
    std::fflush(stderr);
    g_saved_stderr = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    // Writers block rather than lose a line when the pipe is full; only the reader is non-blocking.
    fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) & ~O_NONBLOCK);
    dup2(fds[1], STDERR_FILENO);
    close(fds[1]);
    s->stderr_pipe_ = fds[0];
  }
  g_open.store(true);
  return s;
}

TerminalScreen::~TerminalScreen() {
  g_open.store(false);
  endwin();
  delscreen(static_cast<SCREEN*>(screen_));
  if (stderr_pipe_ >= 0) {
    std::fflush(stderr);
    dup2(g_saved_stderr, STDERR_FILENO);  // the pipe's last write end closes: reads end
    close(g_saved_stderr);
    g_saved_stderr = -1;
    std::string rest = stderr_partial_;
    char buf[4096];
    for (ssize_t n; (n = read(stderr_pipe_, buf, sizeof buf)) > 0;) rest.append(buf, size_t(n));
    close(stderr_pipe_);
    if (!rest.empty()) [[maybe_unused]] ssize_t w = write(STDERR_FILENO, rest.data(), rest.size());
  }
}

std::vector<std::string> TerminalScreen::take_stderr_lines() {
  std::vector<std::string> taken;
  if (stderr_pipe_ < 0) return taken;
  char buf[4096];
  for (ssize_t n; (n = read(stderr_pipe_, buf, sizeof buf)) > 0;) stderr_partial_.append(buf, size_t(n));
  for (size_t nl; (nl = stderr_partial_.find('\n')) != std::string::npos;) {
    taken.push_back(stderr_partial_.substr(0, nl));
    stderr_partial_.erase(0, nl + 1);
  }
  return taken;
}

void TerminalScreen::emergency_restore() {
  if (!g_open.exchange(false)) return;
  [[maybe_unused]] ssize_t w = write(STDOUT_FILENO, g_leave_screen, std::strlen(g_leave_screen));
  tcsetattr(STDIN_FILENO, TCSANOW, &g_shell_modes);
  if (g_saved_stderr >= 0) dup2(g_saved_stderr, STDERR_FILENO);
}

int TerminalScreen::width() const { return COLS; }
int TerminalScreen::height() const { return LINES; }

void TerminalScreen::draw(const Canvas& canvas) {
  erase();
  const int h = std::min(canvas.height(), LINES), w = std::min(canvas.width(), COLS);
  std::wstring run;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w;) {
      const CellStyle style = canvas.at(x, y).style;
      const int start = x;
      run.clear();
      for (; x < w && canvas.at(x, y).style == style; ++x) {
        const char32_t ch = canvas.at(x, y).ch;
        run.push_back(utf8_ ? wchar_t(ch) : wchar_t(ascii_fallback(ch)));
      }
      // The bottom-right cell cannot be written without scrolling on some terminals.
      if (y == LINES - 1 && start + int(run.size()) >= COLS) run.pop_back();
      attrset(attributes(style, color_));
      mvaddnwstr(y, start, run.c_str(), int(run.size()));
    }
  }
  attrset(A_NORMAL);
  refresh();
}

int TerminalScreen::next_key() {
  const int key = getch();
  if (key == ERR) return kNoKey;
  if (key == KEY_RESIZE) return kResized;
  return key;
}

}  // namespace aiperf
