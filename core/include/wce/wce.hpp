// The public API of the wce core: the only header other folders include.
#pragma once
#include "wce/aggregate.hpp"
#include "wce/align.hpp"
#include "wce/bench.hpp"
#include "wce/complexity.hpp"
#include "wce/context.hpp"
#include "wce/document.hpp"
#include "wce/ensemble.hpp"
#include "wce/eval.hpp"
#include "wce/extractor.hpp"
#include "wce/html.hpp"
#include "wce/limits.hpp"
#include "wce/metadata.hpp"
#include "wce/page_type.hpp"
#include "wce/render.hpp"
#include "wce/run.hpp"

#define WCE_VERSION "0.1.0"
