// Streaming statistics of a per-request trace: counters and small maps only, so a trace of any
// length is read in bounded memory (sizes: at most kMaxSizes classes; targets: kMaxTargets;
// arrivals: per-second buckets that widen when the trace outgrows kMaxSeconds).

#include "measure/trace_stats.h"

#include <algorithm>
#include <cmath>

#include "units/units.h"

namespace raidadv::measure {
namespace {

/// The power-of-two class a size falls in (derived: folds many distinct sizes into log2 bins,
/// each bin's size the class's lower bound).
double size_class(double bytes) {
    return std::exp2(std::floor(std::log2(std::max(bytes, 1.0))));
}

}  // namespace

void TraceStats::add(const std::string& target, double time_s, bool write, std::uint64_t offset,
                     std::uint64_t bytes) {
    (write ? writes_ : reads_) += 1;
    const double size = static_cast<double>(bytes);
    size_counts_[folded_ ? size_class(size) : size] += 1;
    if (!folded_ && size_counts_.size() > kMaxSizes) {
        std::map<double, double> folded;
        for (const auto& [s, n] : size_counts_) {
            folded[size_class(s)] += n;
        }
        size_counts_ = std::move(folded);
        folded_ = true;
    }
    offset_bits_ |= offset;

    auto it = targets_.find(target);
    if (it == targets_.end() && targets_.size() < kMaxTargets) {
        it = targets_.emplace(target, Target{}).first;
    }
    if (it != targets_.end()) {
        Target& t = it->second;
        // Sequential: it starts where the last request on the target ended, or where the last
        // one in the same direction did (fio keeps a position per direction, io_u.c
        // get_next_seq_offset; an application reading one file while writing another region
        // interleaves two sequential streams).
        const int dir = write ? 1 : 0;
        if ((t.seen && offset == t.next_offset) ||
            (t.seen_direction[dir] && offset == t.next_by_direction[dir])) {
            ++sequential_;
        }
        t.seen = true;
        t.seen_direction[dir] = true;
        t.next_offset = offset + bytes;
        t.next_by_direction[dir] = offset + bytes;
        t.lowest = std::min(t.lowest, offset);
        t.highest = std::max(t.highest, offset + bytes);
    }

    if (time_s >= 0) {
        if (timed_ == 0) {
            first_time_ = time_s;
        }
        ++timed_;
        last_time_ = std::max(last_time_, time_s);
        const double since = std::max(0.0, time_s - first_time_);
        auto index = static_cast<std::size_t>(since / bucket_s_);
        while (index >= kMaxSeconds) {  // widen the buckets: merge pairs
            for (std::size_t i = 0; i < buckets_.size() / 2; ++i) {
                buckets_[i] = buckets_[2 * i] + buckets_[2 * i + 1];
            }
            if (buckets_.size() % 2 == 1) {
                buckets_[buckets_.size() / 2] = buckets_.back();
            }
            buckets_.resize((buckets_.size() + 1) / 2);
            bucket_s_ *= 2;
            index = static_cast<std::size_t>(since / bucket_s_);
        }
        if (index >= buckets_.size()) {
            buckets_.resize(index + 1, 0.0);
        }
        buckets_[index] += 1;
    }
}

double TraceStats::read_fraction() const {
    const double n = requests();
    return n > 0 ? static_cast<double>(reads_) / n : 0.0;
}

double TraceStats::sequential_fraction() const {
    // The first request on each target has no predecessor: count it as not sequential.
    const double n = requests();
    return n > 0 ? static_cast<double>(sequential_) / n : 0.0;
}

SizeDistribution TraceStats::sizes() const {
    SizeDistribution d;
    if (size_counts_.size() == 1) {
        d.kind = SizeDistribution::Kind::Fixed;
        d.fixed_bytes = std::max(units::sector, size_counts_.begin()->first);
        return d;
    }
    d.kind = SizeDistribution::Kind::Histogram;
    std::map<double, double> clamped;  // the project format takes 512 B..1 GiB
    for (const auto& [s, n] : size_counts_) {
        clamped[std::clamp(s, units::sector, units::GiB)] += n;
    }
    for (const auto& [s, n] : clamped) {
        d.bins.push_back({s, n});
    }
    if (d.bins.size() == 1) {
        d.kind = SizeDistribution::Kind::Fixed;
        d.fixed_bytes = d.bins.front().bytes;
        d.bins.clear();
    }
    return d;
}

double TraceStats::alignment_bytes() const {
    double a = units::MiB;
    while (a > units::sector && (offset_bits_ & (static_cast<std::uint64_t>(a) - 1)) != 0) {
        a /= 2;
    }
    return a;
}

double TraceStats::span_bytes() const {
    double span = 0;
    for (const auto& [name, t] : targets_) {
        if (t.seen) {
            span += static_cast<double>(t.highest - t.lowest);
        }
    }
    return span;
}

std::vector<double> TraceStats::rates_per_second() const {
    std::vector<double> rates;
    if (buckets_.empty()) {
        return rates;
    }
    if (buckets_.size() == 1) {  // shorter than a bucket: the mean rate over the span
        const double span = last_time_ - first_time_;
        if (span > 0) {
            rates.push_back(buckets_.front() / span);
        }
        return rates;
    }
    // The last bucket is usually cut short by the end of the trace: leave it out unless it is
    // the only one.
    const std::size_t n = buckets_.size() > 1 ? buckets_.size() - 1 : 1;
    rates.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        rates.push_back(buckets_[i] / bucket_s_);
    }
    return rates;
}

double quantile(std::vector<double> values, double p) {
    std::sort(values.begin(), values.end());
    // Nearest rank (Hyndman & Fan 1996, definition 1).
    const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(values.size())));
    return values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
}

}  // namespace raidadv::measure
