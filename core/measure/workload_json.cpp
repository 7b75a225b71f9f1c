// Imported workloads written as project-file JSON, in the key order of docs/file-format.md.

#include "measure/workload_json.h"

#include <set>

#include "measure/importers.h"
#include "units/units.h"

namespace raidadv::measure {

namespace {

nlohmann::ordered_json size_json(const SizeDistribution& d) {
    nlohmann::ordered_json j;
    if (d.kind == SizeDistribution::Kind::Histogram) {
        auto bins = nlohmann::ordered_json::array();
        for (const auto& b : d.bins) {
            bins.push_back({{"size_bytes", b.bytes}, {"weight", b.weight}});
        }
        j["histogram"] = bins;
    } else {
        j["fixed_bytes"] = d.fixed_bytes;
    }
    return j;
}

}  // namespace

nlohmann::ordered_json workload_json(const ImportedWorkload& imported) {
    const Workload& w = imported.workload;
    nlohmann::ordered_json j;
    j["name"] = w.name;
    j["description"] = imported.description;
    j["unit"] = "request";
    j["read_fraction"] = w.read_fraction;
    j["sequential_fraction"] = w.sequential_fraction;
    j["request_size"] = size_json(w.size);
    j["alignment_bytes"] = w.alignment_bytes;
    if (w.streams > 0) {
        j["streams"] = w.streams;
    }
    if (!w.concurrency.empty()) {
        j["concurrency"] = w.concurrency;
    }
    if (!w.arrival_rates_per_s.empty()) {
        j["arrival_rates_per_s"] = w.arrival_rates_per_s;
    }
    if (!imported.measured.empty()) {
        auto points = nlohmann::ordered_json::array();
        for (const MeasuredPoint& m : imported.measured) {
            nlohmann::ordered_json p;
            if (m.concurrency > 0) {
                p["concurrency"] = m.concurrency;
            } else {
                p["arrival_rate_per_s"] = m.arrival_rate_per_s;
            }
            p["iops"] = m.iops;
            if (m.mb_per_s > 0) {
                p["mb_per_s"] = m.mb_per_s;
            }
            p["mean_response_ms"] = detail::round_to(m.mean_response_s / units::ms, 4);
            if (m.p95_response_s > 0) {
                p["p95_response_ms"] = detail::round_to(m.p95_response_s / units::ms, 4);
            }
            points.push_back(p);
        }
        j["measured"] = points;
    }
    return j;
}

void make_names_unique(std::vector<ImportedWorkload>& workloads) {
    std::set<std::string> taken;
    for (auto& w : workloads) {
        const std::string base = w.workload.name;
        std::string name = base;
        for (int k = 2; taken.count(name) > 0; ++k) {
            name = base + " (" + std::to_string(k) + ")";
        }
        taken.insert(name);
        w.workload.name = name;
    }
}

}  // namespace raidadv::measure
