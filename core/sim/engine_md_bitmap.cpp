// Linux md's write-intent bitmap in the simulator's engine (system/md_bitmap.h,
// sim/md_bitmap_gate.h): which bitmap and bit a write counts on, the gate it waits at, and the
// update that writes the page to the array's drives.
#include "sim/engine.h"
#include "system/md_bitmap.h"

namespace raidadv::sim {

bool Engine::pass_md_bitmap(int id, double now) {
    OsReq& r = os_[id];
    if (!r.write || r.job < 0) {
        return true;
    }
    // Which bitmap and bit: raid5/6 (and each group of a raid50/60) count the member sector
    // of the row (raid5.c: sh->sector), raid1/10/01 the array's.
    int group = 0;
    double address = r.offset;
    if (bitmap_shape_.data_drives > 1 || bitmap_shape_.bitmaps > 1) {
        const SimIo& first = r.array.phases.front().ios.front();
        group = first.disk / bitmap_shape_.update_drives;
        address = first.offset;
    }
    r.bitmap = r.volume * bitmap_shape_.bitmaps + group;
    MdBitmapGate& gate = bitmap_gates_[static_cast<std::size_t>(r.bitmap)];
    r.bitmap_chunk = static_cast<std::int64_t>(address / bitmap_chunk_bytes_);
    const bool clear = gate.start_write(r.bitmap_chunk, now);
    if (r.continues) {
        return true;  // a later piece of a transfer goes with its first (the model's one update)
    }
    ++bitmap_counts_.writes;
    bitmap_counts_.clear += clear ? 1 : 0;
    if (gate.admit(id, clear)) {
        return true;
    }
    if (gate.update_to_start()) {
        start_md_bitmap_update(r.bitmap, now);
    }
    return false;
}

void Engine::start_md_bitmap_update(int bitmap, double now) {
    // md_bitmap_unplug -> write_sb_page: the dirty page to every member of the array holding
    // the bitmap, written through (a raid01's raid1 writes its sides' first drives).
    bitmap_gates_[static_cast<std::size_t>(bitmap)].update_started();
    bitmap_update_start_[static_cast<std::size_t>(bitmap)] = now;
    const int id = os_.alloc();
    OsReq& u = os_[id];
    u = OsReq{};
    u.job = kMdBitmap;
    u.volume = bitmap / bitmap_shape_.bitmaps;
    u.bitmap = bitmap;
    u.write = true;
    const Geometry& g = map_.geometry();
    const int group = bitmap % bitmap_shape_.bitmaps;
    SimPhase phase;
    for (int k = 0; k < bitmap_shape_.update_drives; ++k) {
        const int disk = g.level == RaidLevel::Raid01 ? k * g.group_drives
                                                      : group * bitmap_shape_.update_drives + k;
        phase.ios.push_back({disk, bitmap_offset_bytes_, kMdBitmapPageBytes, true, true});
    }
    u.array.phases.push_back(std::move(phase));
    start_phase(id, now);
}

void Engine::md_bitmap_update_done(int id, double now) {
    const int bitmap = os_[id].bitmap;
    os_.release(id);
    ++bitmap_counts_.updates;
    bitmap_counts_.update_s += now - bitmap_update_start_[static_cast<std::size_t>(bitmap)];
    MdBitmapGate& gate = bitmap_gates_[static_cast<std::size_t>(bitmap)];
    const std::vector<int> released = gate.update_done();
    if (gate.update_to_start()) {
        start_md_bitmap_update(bitmap, now);
    }
    for (int w : released) {
        start_phase(w, now);
    }
}

}  // namespace raidadv::sim
