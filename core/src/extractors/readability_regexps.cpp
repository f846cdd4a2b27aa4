// The compiled Readability REGEXPS (readability_regexps.hpp), shared by the
// ports that use them.
#include "extractors/readability_regexps.hpp"

namespace wce::readability_regexps {

const Compiled& compiled() {
  static const Compiled c;
  return c;
}

}  // namespace wce::readability_regexps
