#pragma once
// Output of `evaluate`: readable tables or JSON.

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <vector>

#include "project/project.h"
#include "system/metrics.h"

namespace raidadv::cli {

/// Everything evaluated for one system.
struct SystemResult {
    const System* system = nullptr;
    SystemSummary summary;
    std::vector<Evaluation> evaluations;  ///< one per workload, in project order
};

/// "raid5, 4 drives, stripe 64 KiB" style description of a layout.
std::string describe_layout(const Layout& layout);

void print_text(std::ostream& out, const Project& project,
                const std::vector<SystemResult>& results);

/// A point's 80% prediction intervals as `evaluate --json` writes them (null where none).
nlohmann::json band_json(const PointBand& band);

/// {"project": ..., "systems": [...], "results": [...]} (see `evaluate --help`).
nlohmann::json results_json(const Project& project, const std::vector<SystemResult>& results);

}  // namespace raidadv::cli
