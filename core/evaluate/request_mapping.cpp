#include "evaluate/request_mapping.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <unordered_map>

#include "evaluate/request_merge.h"
#include "units/units.h"

namespace raidadv {

namespace {

/// A write-back cache gathers a sequential stream into full-stripe writes (no reads of old
/// data or parity): each request carries its share piece/row of one full-stripe write.
/// derived: Chen et al. 1994 large-write cost (G-1)/G of RAID 0.
ArrayRequest coalesced_full_stripe_share(const Geometry& geo, double piece) {
    const double row = row_bytes(geo);
    ArrayRequest full = map_write(geo, 0.0, row);
    const double share = piece / row;
    for (auto& phase : full.phases) {
        for (auto& io : phase.ios) {
            io.bytes *= share;
        }
        phase.pieces *= share;
    }
    full.parity_bytes *= share;
    return full;
}

/// Per phase of `r`: the file-system clusters merged into each of its disk I/Os.
/// The file system reads a file in clusters of max_io, each its own I/O, the next one issued as
/// read-ahead when the current one is consumed (McVoy & Kleiman, "Extent-like performance from
/// a UNIX file system", USENIX Winter 1991), and the RAID layer maps each cluster on its own: a
/// disk I/O of this window that holds pieces of several clusters is several commands, issued a
/// cluster apart (as the simulator issues them: core/sim/workload_gen.cpp). derived: commands
/// per disk I/O = disk I/Os of the clusters mapped one by one / disk I/Os of the window.
std::vector<double> host_ios_per_io(const MappingContext& ctx, const OsRequest& r, double offset,
                                    int read_copy) {
    const double max_io = std::max(units::sector, ctx.max_io_bytes);
    const double piece = r.user_bytes;
    std::vector<double> separate(r.array.phases.size(), 0.0);
    if (!r.write && r.pieces > 1) {  // (a single cluster is one command per disk I/O)
        for (double c = 0.0; c < piece - 1e-9; c += max_io) {
            const double b = std::min(max_io, piece - c);
            const ArrayRequest one = map_read(ctx.geo, offset + c, b, read_copy);
            for (std::size_t i = 0; i < one.phases.size() && i < separate.size(); ++i) {
                separate[i] += static_cast<double>(one.phases[i].ios.size());
            }
        }
    }
    std::vector<double> out;
    for (std::size_t i = 0; i < r.array.phases.size(); ++i) {
        const double merged = static_cast<double>(r.array.phases[i].ios.size());
        out.push_back(!r.write && merged > 0.0 && r.pieces > 1 ? std::max(1.0, separate[i] / merged)
                                                               : 1.0);
    }
    return out;
}

/// Per disk of the volume, what the transfer's previous windows left there.
struct DiskState {
    std::vector<char> touched;   ///< the transfer has used the disk (its head is on the stream)
    std::vector<char> previous;  ///< the previous window used the disk
    std::vector<double> ahead;   ///< bytes of this transfer the disk's read-ahead holds
};

/// Fills r.new_ios and (file reads on HDDs) r.unbuffered, and moves `disks` past `r`.
/// derived: a drive reads ahead (up to a cache segment) while the stream is on other disks; a
/// window that returns to a disk the previous window did not use finds a segment read ahead
/// there, a window that follows the previous one on the same disk finds what is left of it; the
/// rest of its bytes wait for the media.
void account_disks(const MappingContext& ctx, OsRequest& r, DiskState& disks) {
    for (const auto& phase : r.array.phases) {
        int fresh = 0;
        for (const auto& io : phase.ios) {
            if (phase.log_device) {  // the log devices are not the volume's disks
                ++fresh;
                continue;
            }
            fresh += disks.touched[static_cast<std::size_t>(io.disk)] ? 0 : 1;
        }
        r.new_ios.push_back(fresh);
    }
    std::vector<char> used(disks.previous.size(), 0);
    const bool pipelined = pipelined_window(r, ctx.hdd_file_reads);
    const bool on_media = pipelined || first_window(r, ctx.hdd_file_reads);
    for (const auto& phase : r.array.phases) {
        double bytes_all = 0.0, unbuffered = 0.0;
        for (const auto& io : phase.ios) {
            if (phase.log_device) {
                continue;
            }
            const auto d = static_cast<std::size_t>(io.disk);
            if (pipelined && disks.touched[d] && !disks.previous[d]) {
                disks.ahead[d] = ctx.read_ahead_segment_bytes;
            } else if (!disks.touched[d]) {
                disks.ahead[d] = 0.0;
            }
            const double buffered = std::min(io.bytes, disks.ahead[d]);
            disks.ahead[d] -= buffered;
            bytes_all += io.bytes;
            unbuffered += io.bytes - buffered;
            disks.touched[d] = 1;
            used[d] = 1;
        }
        if (on_media) {
            r.unbuffered.push_back(bytes_all > 0.0 ? unbuffered / bytes_all : 1.0);
        }
    }
    disks.previous = std::move(used);
}

}  // namespace

double row_bytes(const Geometry& geo) {
    return geo.unit * std::max(1, geo.data_units_per_row);
}

std::vector<double> sample_offsets(const MappingContext& ctx, double bytes, bool sequential) {
    const Geometry& geo = ctx.geo;
    const double align = std::max(units::sector, ctx.alignment_bytes);
    // A failed drive makes the rows of a parity layout differ (its units are data in some,
    // parity in another): degraded, the samples cover a whole rotation of the parity
    // (group_drives rows), as many per unit when they can.
    const int rotation =
        geo.failed_drives > 0 && geo.parity_per_group > 0 ? std::max(1, geo.group_drives) : 1;
    const double row = row_bytes(geo) * rotation;
    const double positions = std::max(1.0, std::floor(row / align));
    int samples = static_cast<int>(std::min(64.0, positions));
    std::vector<double> offsets;
    // Whether a request crosses a stripe unit depends on where in the unit it starts: the
    // samples cover the positions within a unit evenly and rotate over the row's units.
    const double in_unit = std::max(1.0, std::floor(geo.unit / align));
    const int units_per_rotation = std::max(1, geo.data_units_per_row) * rotation;
    if (rotation > 1 && units_per_rotation <= samples) {
        samples -= samples % units_per_rotation;
    }
    for (int j = 0; j < samples; ++j) {
        if (sequential) {
            offsets.push_back(std::fmod(j * bytes, row));
        } else if (in_unit >= samples) {
            const double within = std::floor(j * in_unit / samples) * align;
            offsets.push_back(std::fmod((j % units_per_rotation) * geo.unit + within, row));
        } else {
            offsets.push_back(std::floor(j * positions / samples) * align);
        }
    }
    return offsets;
}

std::vector<OsRequest> split_transfer(const MappingContext& ctx, double offset, double bytes,
                                      bool write, bool sequential, int read_copy, int window) {
    const Geometry& geo = ctx.geo;
    std::vector<OsRequest> out;
    const double max_io = std::max(units::sector, ctx.max_io_bytes);
    // A sequential stream in steady state has already passed every disk; a new transfer
    // (random request, or a file's first data) finds every head elsewhere.
    const auto drives = static_cast<std::size_t>(geo.drives);
    DiskState disks{std::vector<char>(drives, sequential ? 1 : 0), std::vector<char>(drives, 0),
                    std::vector<double>(drives, 0.0)};
    double done = 0.0;
    while (done < bytes) {
        const double piece = std::min(max_io * std::max(1, window), bytes - done);
        OsRequest r;
        r.write = write;
        r.sequential = sequential || done > 0.0;
        r.continues = done > 0.0;
        r.user_bytes = piece;
        r.pieces = static_cast<int>(std::ceil(piece / max_io - 1e-9));
        r.read_ahead = !write && window > 1;
        // (ZFS writes whole records copy-on-write anyway: map_write gives them as they are.)
        if (write && r.sequential && ctx.write_back && geo.parity_per_group > 0 &&
            !is_zfs(geo.level)) {
            r.array = coalesced_full_stripe_share(geo, piece);
        } else if (write && r.sequential && is_zfs(geo.level) && piece < geo.unit) {
            // A ZFS stream smaller than a record writes new data: its records are holes, so
            // dbuf_will_dirty reads nothing, the later writes find the record dirty in memory,
            // and the transaction group writes it whole: the request's share of whole-record
            // writes, as a write-back cache's full stripes. (Random partial writes overwrite
            // data: map_zfs_write reads the record first.)
            r.array = coalesced_full_stripe_share(geo, piece);
        } else if (!write && !r.sequential && ctx.read_to_row_end && piece < row_bytes(geo)) {
            // The controller reads on to the end of the row (system/read_cache.h); the host
            // gets its own bytes (user_bytes).
            const double start = offset + done;
            const double end = std::ceil((start + piece) / row_bytes(geo) - 1e-9) * row_bytes(geo);
            r.array = map_read(geo, start, std::max(piece, end - start), read_copy);
        } else {
            r.array = write ? map_write(geo, offset + done, piece)
                            : map_read(geo, offset + done, piece, read_copy);
        }
        if (write && ctx.zil && is_zfs(geo.level)) {
            // A synchronous write waits for its log block (zil.c; layout/zfs_mapping.cpp).
            add_zil_write(geo, piece, read_copy, ctx.log_devices, r.array);
        }
        r.host_ios_per_io = host_ios_per_io(ctx, r, offset + done, read_copy);
        account_disks(ctx, r, disks);
        out.push_back(std::move(r));
        done += piece;
    }
    return out;
}

const std::vector<std::pair<OsRequest, double>>& transfer_shapes(const MappingContext& ctx,
                                                                 double bytes, bool write,
                                                                 bool sequential, double count,
                                                                 int window) {
    using Shapes = std::vector<std::pair<OsRequest, double>>;
    using Key = std::array<double, 24>;
    struct KeyHash {
        std::size_t operator()(const Key& k) const {
            // FNV-1a over the bytes: equal keys have equal bytes (no NaN, no -0 among them; a
            // miss would only map the transfer again).
            std::uint64_t h = 1469598103934665603ULL;
            unsigned char bytes[sizeof(Key)];
            std::memcpy(bytes, k.data(), sizeof bytes);
            for (unsigned char b : bytes) {
                h = (h ^ b) * 1099511628211ULL;
            }
            return static_cast<std::size_t>(h);
        }
    };
    thread_local std::unordered_map<Key, Shapes, KeyHash> cache;
    const Geometry& geo = ctx.geo;
    const Key key{
        static_cast<double>(geo.level), static_cast<double>(geo.drives),
        static_cast<double>(geo.volumes), static_cast<double>(geo.copies),
        static_cast<double>(geo.groups), static_cast<double>(geo.group_drives),
        static_cast<double>(geo.parity_per_group), static_cast<double>(geo.data_units_per_row),
        geo.unit, static_cast<double>(geo.failed_drives),
        static_cast<double>(static_cast<int>(geo.placement)), ctx.alignment_bytes, ctx.max_io_bytes,
        // split_transfer() reads write-back only for writes to parity layouts.
        ctx.write_back && write && geo.parity_per_group > 0 ? 1.0 : 0.0, bytes, write ? 1.0 : 0.0,
        sequential ? 1.0 : 0.0, count, static_cast<double>(window),
        // account_disks() reads the drive's read-ahead segment only for the pipelined windows of
        // files on HDDs, so other workloads share shapes across drives.
        ctx.hdd_file_reads ? ctx.read_ahead_segment_bytes : 0.0, ctx.hdd_file_reads ? 1.0 : 0.0,
        // ZFS pools: the sector and dRAID's group (0 for every other level).
        geo.zfs.sector * (is_zfs(geo.level) ? 1.0 : 0.0),
        static_cast<double>(geo.zfs.draid_data + 1000 * geo.zfs.draid_spares),
        // ZFS synchronous writes: the log's place; random reads to the row's end.
        (ctx.zil && write ? 1.0 + ctx.log_devices : 0.0) +
            (ctx.read_to_row_end && !write ? 100.0 : 0.0)};
    if (const auto it = cache.find(key); it != cache.end()) {
        return it->second;
    }
    // bounds the memory (a few kB each); refilled on demand. An advisor search over the whole
    // catalog meets each geometry again and again, so it holds a whole search.
    constexpr std::size_t kMaxEntries = 32768;
    if (cache.size() >= kMaxEntries) {
        cache.clear();
    }
    Shapes requests;
    const auto offsets = sample_offsets(ctx, bytes, sequential);
    for (std::size_t j = 0; j < offsets.size(); ++j) {
        for (auto& r : split_transfer(ctx, offsets[j], bytes, write, sequential,
                                      static_cast<int>(j), window)) {
            requests.emplace_back(std::move(r), count / static_cast<double>(offsets.size()));
        }
    }
    return cache.emplace(key, merge_requests(requests)).first->second;
}

}  // namespace raidadv
