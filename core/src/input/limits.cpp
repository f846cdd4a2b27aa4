// The page limits and the time budget (wce/limits.hpp, ParseOptions in html.hpp).
#include <cstdio>
#include <string>

#include "wce/html.hpp"
#include "wce/limits.hpp"

namespace wce {
namespace {

std::string amount(const std::string& limit, uint64_t v) {
  if (limit == "nodes") return std::to_string(v) + " nodes";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f MB", static_cast<double>(v) / (1 << 20));
  return buf;
}

const char* what_of(const std::string& limit) {
  if (limit == "input_bytes") return "input";
  if (limit == "text_bytes") return "text";
  return "Document";
}

}  // namespace

void check_limit(const char* limit, uint64_t value, uint64_t max) {
  if (max == 0 || value <= max) return;
  std::string l = limit;
  throw PageLimitError(l, "page over the " + l + " limit: " + what_of(l) + " of more than " + amount(l, max) +
                              " (at least " + amount(l, value) + ")");
}

Deadline Deadline::after_ms(double ms, Clock::time_point from) {
  Deadline d;
  if (ms > 0) {
    d.active_ = true;
    d.budget_ms_ = ms;
    d.at_ = from + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(ms));
  }
  return d;
}

void Deadline::fail(const char* stage) const {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%g ms", budget_ms_);
  throw PageLimitError("time", std::string("page over the time budget of ") + buf + " (stopped in " + stage + ")");
}

}  // namespace wce
