// The metadata fields by their output names, in output order (the JSON keys
// of the CLI, Python and npm).
#include "wce/metadata.hpp"

namespace wce {

std::array<std::pair<const char*, const std::string*>, 10> metadata_fields(const Metadata& m) {
  return {{{"title", &m.title},
           {"author", &m.author},
           {"date", &m.date},
           {"modified", &m.modified},
           {"site", &m.site},
           {"lang", &m.lang},
           {"description", &m.description},
           {"url", &m.url},
           {"image", &m.image},
           {"page_type", &m.page_type}}};
}

}  // namespace wce
