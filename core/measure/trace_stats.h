#pragma once
// Statistics of a per-request trace (fio iolog, blkparse), gathered one request at a time in
// bounded memory: read share, request sizes, sequential share, offsets spanned, arrivals over
// time. Shared by the trace importers.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "workload/workload.h"

namespace raidadv::measure {

class TraceStats {
  public:
    /// One request on `target` (a file or a device) at `time_s` (negative: the trace has no
    /// timing), starting at byte `offset` for `bytes` bytes.
    void add(const std::string& target, double time_s, bool write, std::uint64_t offset,
             std::uint64_t bytes);

    double requests() const { return static_cast<double>(reads_ + writes_); }
    double read_fraction() const;
    /// Requests that start where the previous request on the same target ended.
    double sequential_fraction() const;
    /// The request sizes seen (at most kMaxSizes distinct ones; beyond that folded into
    /// power-of-two classes) as a size distribution: fixed if only one.
    SizeDistribution sizes() const;
    /// Largest power of two from 512 B to 1 MiB dividing every offset (512 if not all are
    /// multiples of 512).
    double alignment_bytes() const;
    /// Bytes between the lowest and the highest byte touched, summed over targets.
    double span_bytes() const;
    bool timed() const { return timed_ > 0; }
    double first_time_s() const { return first_time_; }
    double last_time_s() const { return last_time_; }
    /// Requests per second in each whole second of the trace (empty without timing).
    std::vector<double> rates_per_second() const;
    std::size_t targets() const { return targets_.size(); }

    static constexpr std::size_t kMaxSizes = 256;
    static constexpr std::size_t kMaxTargets = 100000;
    static constexpr std::size_t kMaxSeconds = 1u << 22;  ///< about 48 days of 1 s buckets

  private:
    struct Target {
        std::uint64_t next_offset = 0;                ///< where the last request ended
        std::uint64_t next_by_direction[2] = {0, 0};  ///< ... the last read, the last write
        bool seen = false;
        bool seen_direction[2] = {false, false};
        std::uint64_t lowest = UINT64_MAX, highest = 0;
    };
    std::uint64_t reads_ = 0, writes_ = 0, sequential_ = 0;
    std::map<double, double> size_counts_;
    bool folded_ = false;
    std::uint64_t offset_bits_ = 0;  ///< OR of all offsets: the lowest set bit gives alignment
    std::map<std::string, Target> targets_;
    std::uint64_t timed_ = 0;
    double first_time_ = 0, last_time_ = 0;
    double bucket_s_ = 1.0;
    std::vector<double> buckets_;
};

/// Median and 95th percentile (nearest rank) of `values`, which must not be empty.
double quantile(std::vector<double> values, double p);

}  // namespace raidadv::measure
