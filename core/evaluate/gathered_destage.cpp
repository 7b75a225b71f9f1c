#include "evaluate/gathered_destage.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>

namespace raidadv {

namespace {

/// What the network builder reads of a destage (network_builder.cpp, add_round): per phase the
/// I/Os' count, bytes and direction, and whether it rewrites what the previous phase read.
std::vector<double> shape_of(const ArrayRequest& a) {
    std::vector<double> s;
    for (const IoPhase& phase : a.phases) {
        // The drives are alike (one station group): only the multiset of I/Os matters.
        std::vector<double> sizes;
        for (const DiskIo& io : phase.ios) {
            sizes.push_back(io.bytes * (io.write ? 1.0 : -1.0));
        }
        std::sort(sizes.begin(), sizes.end());
        s.push_back(static_cast<double>(sizes.size()));
        s.push_back(phase.rewrites_previous ? 1.0 : 0.0);
        s.insert(s.end(), sizes.begin(), sizes.end());
    }
    s.push_back(a.parity_bytes);
    return s;
}

}  // namespace

std::vector<std::pair<OsRequest, double>> gathered_destages(const Geometry& geo, double block_bytes,
                                                            double blocks_per_destage) {
    constexpr int kRows = 16;
    const double row = gather_row_bytes(geo);
    const int per_row = std::max(1, static_cast<int>(std::floor(row / block_bytes)));
    const double m = std::clamp(blocks_per_destage, 1.0, static_cast<double>(per_row));
    const int base = static_cast<int>(std::floor(m));
    const int plus_one = static_cast<int>(std::lround((m - base) * kRows));
    std::mt19937 rng(20050101u);  // fixed: the same samples on every call
    std::vector<int> order(static_cast<std::size_t>(per_row));
    std::vector<std::pair<std::vector<double>, std::pair<OsRequest, double>>> found;
    for (int s = 0; s < kRows; ++s) {
        const int n = std::min(per_row, base + (s < plus_one ? 1 : 0));
        std::iota(order.begin(), order.end(), 0);
        std::shuffle(order.begin(), order.end(), rng);
        std::vector<std::pair<double, double>> extents;
        for (int i = 0; i < n; ++i) {
            extents.emplace_back(s * row + order[static_cast<std::size_t>(i)] * block_bytes,
                                 block_bytes);
        }
        OsRequest r;
        r.write = true;
        r.user_bytes = n * block_bytes;
        r.array = map_gathered_write(geo, extents);
        for (const IoPhase& phase : r.array.phases) {
            r.new_ios.push_back(static_cast<int>(phase.ios.size()));  // every head elsewhere
            r.host_ios_per_io.push_back(1.0);
        }
        auto shape = shape_of(r.array);
        const auto it = std::find_if(found.begin(), found.end(),
                                     [&](const auto& f) { return f.first == shape; });
        if (it != found.end()) {
            it->second.second += 1.0 / kRows;
        } else {
            found.push_back({std::move(shape), {std::move(r), 1.0 / kRows}});
        }
    }
    std::vector<std::pair<OsRequest, double>> out;
    for (auto& f : found) {
        out.push_back(std::move(f.second));
    }
    return out;
}

}  // namespace raidadv
