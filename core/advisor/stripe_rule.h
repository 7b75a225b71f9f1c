#pragma once
// Stripe unit from Chen & Patterson's rule of thumb, before the model checks its neighbours.

#include <string>
#include <vector>

#include "components/specs.h"

namespace raidadv::advisor {

struct StripeRule {
    double positioning_s = 0.0;  ///< average positioning time of one drive access
    double transfer_Bps = 0.0;   ///< sustained transfer rate of one drive
    double concurrency = 1.0;    ///< outstanding requests the array sees
    double unit_bytes = 0.0;     ///< the rule's unit, before rounding
    double rounded_bytes = 0.0;  ///< nearest allowed unit (power of two within the allowed set)
    std::string explanation;     ///< one sentence with the numbers
};

/// Chen & Patterson, "Maximizing Performance in a Striped Disk Array" (ISCA 1990): striping unit
/// = S x average positioning time x transfer rate x (concurrency - 1) + 1 sector, S = 1/4; with
/// concurrency 1 the unit is the smallest allowed (spread every request over all disks).
StripeRule chen_patterson_stripe_unit(const DriveSpec& drive, double concurrency,
                                      const std::vector<double>& allowed_units_bytes);

/// Average positioning time of a random access: HDD seek + half a revolution (Ruemmler & Wilkes
/// 1994); SSD: the 4 KiB read latency.
double average_positioning_s(const DriveSpec& drive);
/// Mean sustained transfer rate: HDD mean of the outer and inner zone rates; SSD sequential read.
double sustained_rate_Bps(const DriveSpec& drive);

/// 4 KiB .. 1 MiB in powers of two.
std::vector<double> default_stripe_units();

}  // namespace raidadv::advisor
