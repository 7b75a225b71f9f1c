// The buyer's rules on single parts (sources in buyer_rules.h).

#include "advisor/buyer_rules.h"

namespace raidadv::advisor {

bool comes_free(const CatalogInfo& info) {
    return info.costs_nothing();
}

bool in_era(const CatalogInfo& info, const Constraints& c) {
    if (comes_free(info)) {
        return true;
    }
    return (c.min_year == 0 || info.year == 0 || info.year >= c.min_year) &&
           (c.max_year == 0 || info.year == 0 || info.year <= c.max_year);
}

std::string drive_refused(const DriveSpec& drive, const Constraints& c) {
    if (c.power_loss_safe_writes && drive.kind == DriveKind::Ssd && !drive.power_loss_protection) {
        return "SSD without power-loss protection (writes must survive a power cut)";
    }
    return {};
}

}  // namespace raidadv::advisor
