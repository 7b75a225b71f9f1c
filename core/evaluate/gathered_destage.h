#pragma once
// The destages of a write-back controller that writes a row's held random writes back
// together (system/write_cache.h: write_back_gathers, write_back_hold): sampled rows of dirty
// blocks, each mapped by layout/geometry.h's map_gathered_write, as OS requests of the drive
// work alone.

#include <utility>
#include <vector>

#include "evaluate/os_request.h"
#include "layout/geometry.h"

namespace raidadv {

/// The distinct destages of rows holding `blocks_per_destage` dirty blocks of `block_bytes`
/// on average (m, write_back_hold), each with its share of the samples (the shares add to 1).
/// derived: the dirty blocks of a row are distinct and uniform over its blocks (uniform random
/// writes); 16 sampled rows, floor(m) or floor(m) + 1 blocks each so that their mean is m
/// (to 1/16), over successive rows (the parity's rotation). Deterministic.
std::vector<std::pair<OsRequest, double>> gathered_destages(const Geometry& geo, double block_bytes,
                                                            double blocks_per_destage);

}  // namespace raidadv
