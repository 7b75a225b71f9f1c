#pragma once
// SSD wear: the bytes each drive writes per day under the workload and the layout, against the
// drive's rated endurance (datasheet TBW).

#include "advisor/advisor.h"

namespace raidadv::advisor {

/// Bytes the drives write per byte the user writes with writes of `write_bytes`, as the model's
/// mapping (layout/geometry.h, map_write) issues them: the mean over four start offsets across
/// one row, rounded down to `alignment_bytes`. 1 for RAID 0 and simple volumes, the copies for
/// mirrors, 2 (RAID 5) or 3 (RAID 6) for small parity writes, (k+p)/k for full-stripe writes.
double write_amplification(const Layout& layout, double write_bytes, double alignment_bytes);

/// User bytes written per second at `point`: jobs per second x write share x mean size (derived).
double user_write_Bps(const PointMetrics& point, const Workload& workload);

/// Wear of `system`'s drives at `point` (the heaviest load point) for `busy_hours_per_day` a day
/// (derived: bytes/day per drive = user write rate x amplification x busy seconds / drives;
/// years to wear out = endurance / (bytes/day x 365.25)), or, where the user states the bytes
/// written a day (`writes_per_day_bytes` > 0), those x amplification / drives. `applies` is false
/// unless the drive is an SSD with an endurance rating.
Wear ssd_wear(const System& system, const Workload& workload, const PointMetrics& point,
              double busy_hours_per_day, double writes_per_day_bytes = 0.0);

/// The most jobs per second at the heaviest load point with which `system`'s drives last
/// `horizon_years` (ssd_wear solved for the point's iops: endurance x drives / (365.25 x
/// horizon x write share x mean size x amplification x busy seconds a day)); infinity where
/// wear does not apply or nothing is written. The search rejects a candidate beyond it, so a
/// candidate it keeps has at most this throughput there (advisor/prune.h uses that). Infinity
/// too where the user states the bytes written a day: the wear then does not grow with speed.
double wear_throughput_limit(const System& system, const Workload& workload,
                             double busy_hours_per_day, double horizon_years,
                             double writes_per_day_bytes = 0.0);

}  // namespace raidadv::advisor
