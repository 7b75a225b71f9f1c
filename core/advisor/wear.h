#pragma once
// SSD wear: the bytes each drive writes per day under the workload and the layout, against the
// drive's rated endurance (datasheet TBW).

#include <string>

#include "advisor/advisor.h"

namespace raidadv::advisor {

/// Bytes the drives write per byte the user writes with writes of `write_bytes`, as the model's
/// mapping (layout/geometry.h, map_write) issues them: the mean over four start offsets across
/// one row, rounded down to `alignment_bytes`. 1 for RAID 0 and simple volumes, the copies for
/// mirrors, 2 (RAID 5) or 3 (RAID 6) for small parity writes, (k+p)/k for full-stripe writes.
double write_amplification(const Layout& layout, double write_bytes, double alignment_bytes);

/// User bytes written per second at `point`: jobs per second x write share x mean size (derived).
double user_write_Bps(const PointMetrics& point, const Workload& workload);

/// Where the day's user writes come from at `point` (derived): stated where the user states
/// them; else the point's own rate where the load gives one (an open point's arrival rate, or
/// a closed point whose users pause between requests, so at most jobs / think time); else, for
/// a closed point with requests kept outstanding and no pause (a benchmark's stance: it runs as
/// fast as the storage goes, so its rate is no property of the work), the data written once a
/// day (estimated: the turnover of the "read-intensive" class vendors sell for ordinary server
/// work, "usually defined as <= 1 DWPD" in HPE's SSD product text as quoted by a reseller,
/// iteg.ge/open_product.php?id=546), the same for every candidate.
WearBasis wear_basis(const Workload& workload, const PointMetrics& point, const Constraints& c);

/// How the wear check counts a day's writes where the user states none, for sentences that
/// follow "taking ...": "the data (4 TB) written once a day" or "the heaviest load point's rate
/// for 8 busy hours a day".
std::string unstated_writes_basis(const Workload& workload, const Constraints& c);

/// Wear of `system`'s drives at `point` (the heaviest load point; derived: bytes/day per drive
/// = user bytes a day x amplification / drives; years to wear out = endurance / (bytes/day x
/// 365.25)); the user bytes a day as wear_basis says: stated, the point's user write rate x
/// `busy_hours_per_day`, or the data: the capacity needed at the horizon (the system's usable
/// bytes x the fill limit where no capacity is asked for). `applies` is false unless the drive
/// is an SSD with an endurance rating.
Wear ssd_wear(const System& system, const Workload& workload, const PointMetrics& point,
              const Constraints& c);

/// The most jobs per second at the heaviest load point with which `system`'s drives last
/// `horizon_years` (ssd_wear solved for the point's iops: endurance x drives / (365.25 x
/// horizon x write share x mean size x amplification x busy seconds a day)); infinity where
/// wear does not apply or nothing is written. The search rejects a candidate beyond it, so a
/// candidate it keeps has at most this throughput there (advisor/prune.h uses that). Infinity
/// too where the day's writes do not grow with speed: stated, or the data once a day (a closed
/// load with no think time).
double wear_throughput_limit(const System& system, const Workload& workload, const Constraints& c);

}  // namespace raidadv::advisor
