// Job generator (see workload_gen.h). Follows the analytic model's reading of the workload
// (evaluate/network_builder.cpp): OS requests split at host.max_io_bytes, pieces after the first
// continue sequentially; file jobs = per-file CPU + metadata reads + the file's data.
#include "sim/workload_gen.h"

#include <algorithm>
#include <cmath>

#include "units/units.h"

namespace raidadv::sim {

namespace {

constexpr double kSector = units::sector;

}  // namespace

JobGenerator::JobGenerator(const System& system, const Workload& workload, const ArrayMap& map)
    : wl_(workload), host_(system.host) {
    volumes_ = std::max(1, map.geometry().volumes);
    span_bytes_ = std::clamp(workload.span_fraction, 1e-9, 1.0) * map.volume_bytes();
    align_ = std::max(kSector, std::round(workload.alignment_bytes / kSector) * kSector);
}

double JobGenerator::sample_size(Rng& rng) const {
    const SizeDistribution& d = wl_.size;
    double b = d.fixed_bytes;
    switch (d.kind) {
        case SizeDistribution::Kind::Fixed:
            break;
        case SizeDistribution::Kind::Uniform:
            // Inversion of the uniform CDF.
            b = d.min_bytes + (d.max_bytes - d.min_bytes) * rng.uniform();
            break;
        case SizeDistribution::Kind::Lognormal:
            // ln(size) ~ N(ln median, sigma^2), clamped as SizeDistribution::discretize does.
            b = d.median_bytes * std::exp(d.sigma * rng.normal());
            if (d.max_bytes > 0.0) {
                b = std::clamp(b, std::max(1.0, d.min_bytes), d.max_bytes);
            }
            break;
        case SizeDistribution::Kind::Histogram: {
            // A bin with probability weight / total weight.
            double total = 0.0;
            for (const auto& bin : d.bins) {
                total += std::max(0.0, bin.weight);
            }
            double u = rng.uniform() * total;
            for (const auto& bin : d.bins) {
                b = bin.bytes;
                u -= std::max(0.0, bin.weight);
                if (u < 0.0) {
                    break;
                }
            }
            break;
        }
    }
    return std::max(kSector, std::round(b / kSector) * kSector);
}

double JobGenerator::random_offset(Rng& rng, double bytes) const {
    // Uniform over the working set (span_fraction of the volume), aligned.
    const double room = std::max(0.0, span_bytes_ - bytes);
    const double positions = std::floor(room / align_) + 1.0;
    return std::floor(rng.uniform() * positions) * align_;
}

void JobGenerator::add_transfer(JobPlan& plan, int volume, double offset, double bytes, bool write,
                                bool sequential, int group, int window) const {
    const double max_io = std::max(kSector, std::round(host_.max_io_bytes / kSector) * kSector);
    double done = 0.0;
    while (done < bytes) {
        Step s;
        s.volume = volume;
        s.offset = offset + done;
        s.bytes = std::min(max_io, bytes - done);
        s.write = write;
        s.sequential = sequential || done > 0.0;
        s.continues = done > 0.0;
        s.group = group;
        s.window = window;
        plan.steps.push_back(s);
        done += s.bytes;
    }
}

JobPlan JobGenerator::next(Rng& rng, int stream) {
    JobPlan plan;
    const bool write = !rng.bernoulli(wl_.read_fraction);
    if (wl_.unit == Workload::Unit::File) {
        const double size = sample_size(rng);
        const int volume = rng.index(volumes_);
        if (host_.per_file_overhead_s > 0.0) {
            Step cpu;
            cpu.cpu_only = true;
            cpu.cpu_s = host_.per_file_overhead_s;
            plan.steps.push_back(cpu);
        }
        // Metadata: floor(m) reads, one more with probability frac(m), each random.
        const double m = std::max(0.0, host_.metadata_reads_per_file);
        int reads = static_cast<int>(std::floor(m));
        if (rng.bernoulli(m - std::floor(m))) {
            ++reads;
        }
        const double meta =
            std::max(kSector, std::round(host_.metadata_read_bytes / kSector) * kSector);
        for (int i = 0; i < reads; ++i) {
            add_transfer(plan, volume, random_offset(rng, meta), meta, false, false);
        }
        // The file's data: host.file_read_ahead_ios pieces in flight (network_builder.cpp).
        add_transfer(plan, volume, random_offset(rng, size), size, write,
                     wl_.sequential_fraction >= 1.0, 1, std::max(1, host_.file_read_ahead_ios));
        plan.user_bytes = size;
        return plan;
    }
    const double size = sample_size(rng);
    const bool sequential = rng.bernoulli(wl_.sequential_fraction);
    if (stream >= static_cast<int>(streams_.size())) {
        streams_.resize(static_cast<std::size_t>(stream) + 1);
    }
    Stream& st = streams_[static_cast<std::size_t>(stream)];
    int volume = 0;
    double offset = 0.0;
    if (sequential && st.next >= 0.0) {
        volume = st.volume;
        offset = st.next + size <= span_bytes_ ? st.next : 0.0;  // wraps at the working set end
    } else if (sequential) {
        // A new stream starts at a multiple of its request size (IOMeter-style sequential
        // access; the analytic model samples streams at offsets j * size).
        volume = rng.index(volumes_);
        const double step = std::ceil(size / align_) * align_;
        offset = std::floor(random_offset(rng, size) / step) * step;
    } else {
        volume = rng.index(volumes_);
        offset = random_offset(rng, size);
    }
    st.volume = volume;
    st.next = offset + size;
    add_transfer(plan, volume, offset, size, write, sequential);
    plan.user_bytes = size;
    return plan;
}

}  // namespace raidadv::sim
