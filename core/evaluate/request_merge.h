#pragma once
// Merging OS requests of identical shape, so the network has one job step per distinct cost.

#include <utility>
#include <vector>

#include "evaluate/os_request.h"

namespace raidadv {

/// What makes two OS requests cost the same: flags, piece counts, sizes in sectors and the
/// shape of every phase (a vector key: cheaper than formatting a string).
std::vector<long long> request_signature(const OsRequest& r);

/// Merges the OS requests in `requests` (each weighted by its second) of identical shape into
/// one representative with the summed weight, in signature order.
std::vector<std::pair<OsRequest, double>> merge_requests(
    const std::vector<std::pair<OsRequest, double>>& requests);

}  // namespace raidadv
