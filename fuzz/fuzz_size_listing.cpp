// libFuzzer target: file-size listing text -> import_size_listing -> histogram_from_sizes.
// Sizes must come out sorted, finite and >= 0, every problem with a line number, and the
// histogram's weights must sum to 1 with its mean equal to the listing's mean.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "workload/size_import.h"

namespace {

void check(bool ok) {
    if (!ok) {
        __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    raidadv::SizeListingOptions options;
    options.max_lines = 5000;  // the limit itself is exercised too
    const raidadv::SizeImportResult r = raidadv::import_size_listing(in, options);
    check(r.summary.count == r.sizes.size());
    check(r.problems.size() <= r.problem_count);
    for (std::size_t i = 0; i < r.sizes.size(); ++i) {
        check(std::isfinite(r.sizes[i]) && r.sizes[i] >= 0.0);
        check(i == 0 || r.sizes[i - 1] <= r.sizes[i]);
    }
    for (const auto& p : r.problems) {
        check(p.line >= 1 && p.line <= r.lines + 1 && !p.message.empty());
    }
    check(std::isfinite(r.summary.mean_bytes) && r.summary.mean_bytes >= 0.0);
    const int bins = 1 + static_cast<int>(size % 40);
    const raidadv::SizeDistribution h = raidadv::histogram_from_sizes(r.sizes, bins);
    check(h.bins.size() <= static_cast<std::size_t>(bins));
    if (!r.sizes.empty()) {
        double weight = 0.0;
        for (const auto& b : h.bins) {
            check(std::isfinite(b.bytes) && b.bytes >= 0.0 && b.weight > 0.0);
            weight += b.weight;
        }
        check(std::abs(weight - 1.0) < 1e-9);
        if (std::isfinite(r.summary.total_bytes) && r.summary.mean_bytes > 0.0) {
            check(std::abs(h.mean_bytes() - r.summary.mean_bytes) <=
                  1e-6 * r.summary.mean_bytes + 1e-9);
        }
    }
    return 0;
}
