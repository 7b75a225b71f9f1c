// Write-back cache and full-stripe gathering (sources in write_cache.h).
#include "sim/write_cache.h"

#include <algorithm>
#include <cmath>

namespace raidadv::sim {

void StripeCoalescer::flush(Open& o, std::vector<DestageWork>& out) const {
    if (o.row >= 0.0 && o.dirty > 0.0) {
        out.push_back({o.volume, o.row * row_bytes_ + o.lo, o.hi - o.lo, o.dirty});
    }
    o = Open{};
}

void StripeCoalescer::add(int stream, int volume, double offset, double bytes,
                          std::vector<DestageWork>& out) {
    if (stream >= static_cast<int>(open_.size())) {
        open_.resize(static_cast<std::size_t>(stream) + 1);
    }
    Open& o = open_[static_cast<std::size_t>(stream)];
    double pos = offset;
    const double stop = offset + bytes;
    while (pos < stop) {
        const double row = std::floor(pos / row_bytes_);
        const double row_start = row * row_bytes_;
        const double end = std::min(stop, row_start + row_bytes_);
        if (o.row != row || o.volume != volume) {
            flush(o, out);
            o.volume = volume;
            o.row = row;
            o.lo = pos - row_start;
            o.hi = o.lo;
        }
        o.lo = std::min(o.lo, pos - row_start);
        o.hi = std::max(o.hi, end - row_start);
        o.dirty += end - pos;
        if (o.dirty >= row_bytes_ - 0.5) {
            // A row's worth is dirty: one full-stripe write, no reads (Chen et al. 1994).
            out.push_back({volume, row_start, row_bytes_, o.dirty});
            o = Open{};
        }
        pos = end;
    }
}

}  // namespace raidadv::sim
