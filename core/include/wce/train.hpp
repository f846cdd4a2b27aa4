// Training access to the core: the learned models' inputs and weights
// (features, tree models, the ensemble's split of the datasets). Only the
// training tools (lab/) and the tests that check the models include it; the
// front ends (cli/, wasm/, python/, io/) use wce/wce.hpp alone.
#pragma once
#include "wce/wce.hpp"
#include "wce/train/complexity_model.hpp"
#include "wce/train/ensemble_model.hpp"
#include "wce/train/learned.hpp"
#include "wce/train/page_type_model.hpp"
