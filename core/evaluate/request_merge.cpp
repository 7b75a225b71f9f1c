#include "evaluate/request_merge.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "units/units.h"

namespace raidadv {

std::vector<long long> request_signature(const OsRequest& r) {
    std::vector<long long> key{r.write, r.sequential, r.continues, r.pieces, r.read_ahead};
    key.insert(key.end(), r.new_ios.begin(), r.new_ios.end());
    key.push_back(-1);
    for (double u : r.unbuffered) {
        key.push_back(std::llround(u * 1000.0));
    }
    key.push_back(-1);
    for (double h : r.host_ios_per_io) {
        key.push_back(std::llround(h * 1000.0));
    }
    key.push_back(std::llround(r.user_bytes / units::sector));
    key.push_back(std::llround(r.array.parity_bytes / units::sector));
    for (const auto& phase : r.array.phases) {
        double sum = 0.0, mx = 0.0;
        for (const auto& io : phase.ios) {
            sum += io.bytes;
            mx = std::max(mx, io.bytes);
        }
        key.push_back(static_cast<long long>(phase.ios.size()));
        key.push_back(std::llround(sum / units::sector));
        key.push_back(std::llround(mx / units::sector));
        key.push_back(phase.ios.empty() ? 0 : phase.ios[0].write);
        key.push_back(std::llround(phase.pieces * 1000.0));
        key.push_back((phase.allocated ? 2 : 0) + (phase.before_ack ? 1 : 0) +  // ZFS
                      (phase.stable ? 4 : 0) + (phase.log_block ? 8 : 0) +
                      (phase.log_device ? 16 : 0));
    }
    return key;
}

std::vector<std::pair<OsRequest, double>> merge_requests(
    const std::vector<std::pair<OsRequest, double>>& requests) {
    std::map<std::vector<long long>, std::pair<const OsRequest*, double>> shapes;
    for (const auto& [req, weight] : requests) {
        auto [it, inserted] = shapes.try_emplace(request_signature(req), &req, 0.0);
        it->second.second += weight;
    }
    std::vector<std::pair<OsRequest, double>> out;
    for (const auto& [key, entry] : shapes) {
        out.emplace_back(*entry.first, entry.second);
    }
    return out;
}

}  // namespace raidadv
