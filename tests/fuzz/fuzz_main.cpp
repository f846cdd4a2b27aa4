// libFuzzer entry point of one harness; WCE_FUZZ_TARGET names its function
// (tests/fuzz/CMakeLists.txt builds one executable per target).
#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return wce::fuzz::WCE_FUZZ_TARGET(data, size);
}
