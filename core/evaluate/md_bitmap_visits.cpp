#include "evaluate/md_bitmap_visits.h"

#include <algorithm>
#include <cmath>

#include "components/hdd_model.h"
#include "evaluate/hdd_service.h"
#include "evaluate/link_stages.h"
#include "evaluate/md_bitmap_in_step.h"
#include "queueing/order_statistics.h"
#include "system/md_bitmap.h"

namespace raidadv {

using queueing::Visit;

double MdBitmapVisits::add(const OsRequest& r, double count, double probability,
                           std::vector<Visit>& visits) const {
    const MdBitmapShape shape = md_bitmap_shape(sys);
    const double p =
        md_bitmap_clear_share(sys, load.writes_per_s, wl.span_fraction, r.sequential, r.user_bytes);
    if (!(p > 0.0)) {
        return 0.0;
    }
    // (a RAID 50/60's groups each have their bitmap and their updates)
    const double x = load.writes_per_s / shape.bitmaps;
    const Flush flush = this->flush(r, x);
    const double page = md_bitmap_page_s(sys, wl.span_fraction);
    const double b = page + std::max(flush.held_s, flush.first_s);
    // derived: the writes arriving while one update runs (x b of them) wait for the next and
    // share it; an update is needed if any of them needs a bit.
    // (a closed system gathers at most its own jobs)
    double batch = std::max(1.0, x * b);
    if (load.population > 0) {
        batch = std::min(batch, static_cast<double>(load.population));
    }
    // (a batch needs an update if any of its writes finds its bit clear)
    const auto needing = [p](double writes) {
        return 1.0 - std::pow(1.0 - std::min(1.0, p), writes);
    };
    const double needed = needing(batch);
    // derived: a write arriving while another's update runs waits for its rest, half on
    // average; updates run for the share x / batch * needed * b of the time, the other
    // n - 1 of n closed jobs' updates for (n - 1) / n of it.
    const double others =
        load.population > 0 ? static_cast<double>(load.population - 1) / load.population : 1.0;
    const double busy = std::min(0.95, x / batch * needed * b) * others;
    // The drives do one update per batch; each write of it waits the whole update: its
    // page (this visit), the updates before its batch's, and the destage its flush waits
    // for (the drives' work for it is counted with the writes that left it).
    double updates = needed / batch;  // per write
    double wait = ((batch - 1.0) + batch * busy / 2.0) * b + batch * flush.first_s;
    // Several closed jobs on disks that cache writes: where the batches need updates and the
    // jobs are back before the next update ends they fall in step with the updates
    // (md_bitmap_in_step.h): the share needed x q (a batch that needs one starts the next
    // update as the running one ends; q: a job out of an update is back within the next); the
    // rest keeps the account above (a job whose reads keep it away finds the updates at
    // random). Blended per write: its time at the gate and the updates it shares.
    // (Drives writing through keep the account above: not compared in step.)
    if (load.population > 1 && x > 0.0 && flush.access > 0.0 && needed > 1e-3) {
        const double n = static_cast<double>(load.population);
        const double b_step = in_step_update_s(r, x, page);
        const double batch_step = std::clamp(x * b_step, 1.0, std::max(1.0, n / 2.0));
        const double needed_step = needing(batch_step);
        const double busy_step = std::min(0.95, x / batch_step * needed_step * b_step) * others;
        const InStepWait running = md_bitmap_in_step_wait(
            {load.population, x, b_step, p, batch_step, needed_step, busy_step});
        const double gate_step = needed_step * b_step + running.wait_s;
        const double gate_random = updates * (page + wait);
        const double w = needed * running.back_in_time;
        const double blended = w * needed_step / batch_step + (1.0 - w) * updates;
        wait = std::max(0.0, (w * gate_step + (1.0 - w) * gate_random) / blended - page);
        updates = blended;
    }
    DriveAccess a;
    a.fork = shape.update_drives;
    a.mean_bytes = a.max_bytes = kMdBitmapPageBytes;
    a.write = true;
    a.stable = true;
    a.count = count * updates;
    a.probability = probability;
    std::vector<Visit> added;
    drives.add(a, added);
    // The page's seek: the drive visit positions it as a random seek within the working set;
    // a member whose head moved there since the last update seeks to the bitmap instead
    // (md_bitmap_seek_s), one still at the page does not seek (MdBitmapHeads).
    double far = 0.0, near = 0.0;
    if (sys.drive.kind == DriveKind::Hdd) {
        far = md_bitmap_seek_s(sys.drive.hdd, wl.span_fraction);
        near = hdd_mean_random_seek(sys.drive.hdd, wl.span_fraction);
    }
    const std::shared_ptr<const MdBitmapHeads> at_page = heads;
    const double first_share = flush.first_s > 0.0 ? 1.0 / shape.bitmaps : 0.0;
    drives.add_flushes(a.count * a.probability * a.fork);
    // derived: where one job's writes come faster than the drives destage them, its flush
    // finds more held than the previous write's destage (idle_held_writes), at most the
    // writes that came since the last flush, and waits for them all (flush.destage_s). With
    // more jobs `b` holds the flush's M/M/1 count and this is left out (docs/model.md
    // section 4: the two would need one account).
    const auto flushed = [flush, batch, bitmaps = shape.bitmaps](const DriveIoCounts& ios,
                                                                 const queueing::Arrival& found) {
        if (!flush.pos || !(flush.first_s > 0.0) || found.jobs != 1.0) {
            return 0.0;
        }
        const double window = static_cast<double>(flush.window);
        const double candidates = destage_candidates(ios, window);
        const double since = ios.flushes > 0.0 ? ios.cached_writes / ios.flushes : window;
        const double held =
            std::clamp(std::min(idle_held_writes(ios, found, candidates), since), 1.0, window);
        return held > 1.0 ? batch * std::max(0.0, flush.destage_s(held) / bitmaps - flush.first_s)
                          : 0.0;
    };
    for (Visit& v : added) {
        if (v.station != drive_station || v.detached) {
            continue;
        }
        if (flush.first_s > 0.0) {
            // (the wait for the job's own destages is first_s, in the delay: the solver is not
            // to find them again)
            v.own_low_priority_left = 0.0;
        }
        auto inner = v.service.at;
        const queueing::ServiceParts fixed = v.service.parts;
        // (the destage the flush waits for starts from the bitmap's page where the head came
        // back from it: MdBitmapHeads::returning)
        const double first_back =
            first_share > 0.0
                ? batch * first_share * md_bitmap_seek_back_s(sys.drive.hdd, wl.span_fraction)
                : 0.0;
        v.service.at = [inner, fixed, wait, at_page, far, near, first_back, flushed,
                        ios = drives.drive_ios()](const queueing::Arrival& found) {
            queueing::ServiceParts parts = inner ? inner(found) : fixed;
            parts.delay_s += wait + flushed(*ios, found);
            if (at_page && first_back > 0.0) {
                parts.delay_s += std::clamp(at_page->returning, 0.0, 1.0) * first_back;
            }
            if (at_page && far > 0.0) {
                // (a mixture: the seek from the working set on a share `moved` of the members,
                // none on the rest; its variance is what makes the fork's slowest member)
                const double moved = std::clamp(at_page->moved, 0.0, 1.0);
                parts.random.mean = std::max(0.0, parts.random.mean + moved * far - near);
                parts.random.var += moved * (1.0 - moved) * far * far;
            }
            return parts;
        };
        if (v.service.floor_at && near > 0.0) {
            // (a member at the page does not seek: the floor less the seek it may not pay)
            auto floor = v.service.floor_at;
            v.service.floor_at = [floor, near](double present) {
                queueing::ServiceFloor f = floor(present);
                f.busy_s = std::max(0.0, f.busy_s - near);
                f.foreground_s = std::max(0.0, f.foreground_s - near);
                return f;
            };
        }
        break;
    }
    for (Visit& v : added) {
        visits.push_back(std::move(v));
    }
    visits.push_back(drive_link_visit(link_station, sys, links, a, false));
    return a.count * a.probability;
}

double MdBitmapVisits::in_step_update_s(const OsRequest& r, double x, double page) const {
    const HddSpec& hdd = sys.drive.hdd;
    // (the jobs' I/O spreads over every drive of the volume, a RAID 50/60's groups too)
    const double volume_drives = static_cast<double>(geo.drives);
    MemberWork work;
    double busy = 0.0;
    for (const IoPhase& phase : r.array.phases) {
        for (const DiskIo& io : phase.ios) {
            work.write_ios += 1.0;
            busy += hdd_command_overhead(hdd, io.write) +
                    hdd_transfer_time(hdd, io.bytes, wl.span_fraction);
        }
    }
    work.per_io_s = busy / std::max(1.0, work.write_ios);
    work.write_ios /= volume_drives;
    work.sequential = r.sequential;
    work.pos = cached_positioning(hdd, wl.span_fraction, false);
    // (a mixed workload's reads between two writes: f / (1 - f) of them, one access each)
    const double f = std::clamp(wl.read_fraction, 0.0, 0.95);
    const double read = hdd_command_overhead(hdd, false) +
                        hdd_transfer_time(hdd, r.user_bytes, wl.span_fraction) +
                        (r.sequential ? 0.0 : work.pos->at(1.0).mean);
    work.read_busy = f / (1.0 - f) * read / volume_drives;
    const double member = md_bitmap_in_step_member_s(load.population, x, page, work);
    // (the update ends with the last member's page: its rotational wait spread over members)
    const double rev = hdd_revolution_time(hdd);
    return queueing::max_of_iid(md_bitmap_shape(sys).update_drives, member, rev * rev / 12.0).mean;
}

MdBitmapVisits::Flush MdBitmapVisits::flush(const OsRequest& r, double x) const {
    const DriveSpec& d = sys.drive;
    if (d.kind == DriveKind::Ssd || !drives.drive_cache()) {
        return {};
    }
    double writes = 0.0, bytes = 0.0;
    bool rewrite = false;
    for (const IoPhase& phase : r.array.phases) {
        rewrite = rewrite || phase.rewrites_previous;
        for (const DiskIo& io : phase.ios) {
            writes += io.write ? 1.0 : 0.0;
            bytes += io.write ? io.bytes : 0.0;
        }
    }
    if (!(writes > 0.0)) {
        return {};
    }
    const HddSpec& hdd = d.hdd;
    // A held write's destage: a random access, or for a stream's writes the transfer where
    // the stream goes on (derived: the drive destages them in address order, as it wrote them).
    const double transfer =
        hdd_transfer_time(hdd, std::max(kMdBitmapPageBytes, bytes / writes), wl.span_fraction);
    const double access = hdd_command_overhead(hdd, true) + transfer +
                          (r.sequential ? 0.0
                                        : hdd_mean_random_seek(hdd, wl.span_fraction) +
                                              hdd_revolution_time(hdd) / 2.0);
    // (the writes of one bitmap's array spread over its drives)
    const double array_drives = static_cast<double>(geo.drives) / md_bitmap_shape(sys).bitmaps;
    const double rho = std::min(0.95, x * writes / array_drives * access);
    // The flush makes the drive write what it holds, the quickest of those left first (its
    // destage order, hdd_service.cpp; Flush::destage_s); a stream's go on where it left off.
    Flush f;
    f.window = hdd_write_cache_window(hdd, kMdBitmapPageBytes);
    f.per_write = hdd_command_overhead(hdd, true) + transfer;
    f.access = access;
    if (!r.sequential) {
        f.pos = cached_positioning(hdd, wl.span_fraction, true, f.window);
    }
    const double held = std::min(static_cast<double>(f.window), rho / (1.0 - rho));
    f.held_s = f.destage_s(held);
    if (rewrite) {
        f.pos.reset();  // (no first destage: nothing for destage_s to add to)
        return f;
    }
    // The flush waits for the last of the drives holding the previous write's blocks
    // (derived: the largest of that many random accesses, order_statistics.h).
    const int holding = std::clamp(static_cast<int>(std::lround(writes)), 1,
                                   std::max(1, static_cast<int>(array_drives)));
    const double var =
        r.sequential ? 0.0 : cached_positioning(hdd, wl.span_fraction, true)->at(1.0).var;
    const double last = queueing::max_of_iid(holding, access, var).mean;
    // (a RAID 50/60's update goes to one group: the previous write's, 1 in bitmaps)
    f.first_s = last / md_bitmap_shape(sys).bitmaps;
    return f;
}

double MdBitmapVisits::Flush::destage_s(double held) const {
    if (!pos || held <= 1.0) {
        return std::max(0.0, held) * access;
    }
    return drain_quickest_first_s(pos.get(), per_write, held);
}

}  // namespace raidadv
