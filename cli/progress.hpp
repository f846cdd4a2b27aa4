// A one-line progress bar on stderr, drawn only when stderr is a terminal.
#pragma once
#include <chrono>
#include <cstdio>
#include <string>
#include <unistd.h>

namespace wce::cli {

class ProgressBar {
 public:
  explicit ProgressBar(bool enabled) : enabled_(enabled && isatty(fileno(stderr))) {}
  ~ProgressBar() { finish(); }
  bool enabled() const { return enabled_; }
  void set_total(size_t total) { total_ = total; }
  void update(size_t done, const std::string& label) {
    if (!enabled_) return;
    auto now = std::chrono::steady_clock::now();
    if (done < total_ && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    double elapsed = std::chrono::duration<double>(now - start_).count();
    double frac = total_ ? static_cast<double>(done) / total_ : 0;
    int width = 30, filled = static_cast<int>(frac * width);
    std::string bar(filled, '#');
    bar.resize(width, '-');
    double eta = done ? elapsed / done * (total_ - done) : 0;
    std::fprintf(stderr, "\r[%s] %zu/%zu pages  %3.0f%%  %.0fs left  %-24.24s", bar.c_str(), done,
                 total_, frac * 100, eta, label.c_str());
    std::fflush(stderr);
    drawn_ = true;
  }
  void finish() {
    if (drawn_) std::fprintf(stderr, "\r%100s\r", "");
    drawn_ = false;
  }

 private:
  bool enabled_;
  size_t total_ = 0;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_{};
};

}  // namespace wce::cli
