// Hard limits per page and the cooperative time budget (docs/ARCHITECTURE.md,
// "Limits"). A page past a limit is rejected with a PageLimitError that says
// which limit and by how much, instead of taking the memory or time it asks for.
#pragma once
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace wce {

// Thrown by parse_html / decode_flat_dom (sizes) and by Deadline::check (time).
class PageLimitError : public std::runtime_error {
 public:
  PageLimitError(std::string limit, const std::string& message)
      : std::runtime_error(message), limit_(std::move(limit)) {}
  // "input_bytes", "nodes", "text_bytes" or "time".
  const std::string& limit() const { return limit_; }

 private:
  std::string limit_;
};

// A point in time after which the work on a page stops: the work checks it
// at its stages and inside its long loops (parse, decode, shared features,
// between extractors) and throws PageLimitError("time") once it has passed.
// Cooperative: a single step between two checks is not interrupted.
// Default-constructed: no deadline.
class Deadline {
 public:
  using Clock = std::chrono::steady_clock;
  Deadline() = default;
  // `ms` milliseconds after `from` (default: now); ms <= 0: no deadline.
  static Deadline after_ms(double ms, Clock::time_point from = Clock::now());
  bool active() const { return active_; }
  bool passed() const { return active_ && Clock::now() >= at_; }
  // Throws PageLimitError("time") naming `stage` when the deadline has passed.
  void check(const char* stage) const {
    if (passed()) fail(stage);
  }
  double budget_ms() const { return budget_ms_; }

 private:
  [[noreturn]] void fail(const char* stage) const;
  Clock::time_point at_{};
  double budget_ms_ = 0;
  bool active_ = false;
};

}  // namespace wce
