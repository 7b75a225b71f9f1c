// libFuzzer target: project-file text -> parse_project (JSON syntax, validation, catalog lookups).
// Any input must give either a Project or a ProjectError with at least one issue naming a path;
// a parsed project must hold only values the format allows (finite, in range).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "catalog/catalog.h"
#include "evaluate/evaluator.h"
#include "project/project.h"

namespace {

std::unique_ptr<raidadv::Catalog> g_catalog;

[[noreturn]] void violated(const char* what) {
    __builtin_trap();
    (void)what;
}

void check(bool ok, const char* what) {
    if (!ok) {
        violated(what);
    }
}

void check_project(const raidadv::Project& project) {
    for (const auto& w : project.workloads) {
        check(w.read_fraction >= 0.0 && w.read_fraction <= 1.0, "read_fraction in [0, 1]");
        check(w.sequential_fraction >= 0.0 && w.sequential_fraction <= 1.0,
              "sequential_fraction in [0, 1]");
        check(std::isfinite(w.size.mean_bytes()) && w.size.mean_bytes() > 0.0,
              "mean request size finite and positive");
        check(!w.concurrency.empty() || !w.arrival_rates_per_s.empty(), "load points");
        for (int n : w.concurrency) {
            check(n >= 1, "concurrency >= 1");
        }
        for (double rate : w.arrival_rates_per_s) {
            check(std::isfinite(rate) && rate > 0.0, "arrival rate finite and positive");
        }
    }
    for (const auto& s : project.systems) {
        check(s.layout.drives >= 1, "drives >= 1");
        check(std::isfinite(s.drive.capacity_bytes) && s.drive.capacity_bytes > 0.0,
              "capacity finite and positive");
        const raidadv::SystemSummary summary = raidadv::summarize(s);
        check(std::isfinite(summary.usable_bytes) && summary.usable_bytes > 0.0,
              "usable capacity finite and positive");
        check(summary.failures_tolerated >= 0, "failures tolerated >= 0");
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
    const char* path = std::getenv("RAID_ADVISOR_CATALOG");
    g_catalog = std::make_unique<raidadv::Catalog>(
        raidadv::Catalog::open(path != nullptr && *path != '\0' ? path : RAID_CATALOG_DB));
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        check_project(raidadv::parse_project(text, *g_catalog));
    } catch (const raidadv::ProjectError& error) {
        check(!error.issues.empty(), "a ProjectError carries at least one issue");
        for (const auto& issue : error.issues) {
            check(!issue.path.empty() && !issue.message.empty(), "issue names a path and a reason");
        }
    }
    return 0;
}
