// The buying summary (buying_summary.h): the shopping list from the catalog prices the cost model
// used (core/cost), the results from the candidate's measured performance, the risks from its
// assessment, the build plan from build_plan.cpp. Nothing here runs the model again.

#include "advisor/buying_summary.h"

#include <algorithm>
#include <cctype>

#include "advisor/explain.h"
#include "format/format.h"
#include "layout/geometry.h"
#include "system/raid_software.h"
#include "units/units.h"

namespace raidadv::advisor {

namespace {

/// Headroom below which the summary warns: a component this busy at the heaviest load point
/// leaves little room for growth (derived: M/M/1 response grows 1/(1-u), 5x at 80%).
constexpr double kBusyWarning = 0.8;
/// Chance of an unreadable sector during a rebuild worth a sentence.
constexpr double kUreWarning = 0.01;

ShoppingLine catalog_line(const CatalogInfo& info, const std::string& role, int quantity) {
    ShoppingLine line;
    line.part = info.name.empty() ? info.id : info.name;
    line.part_number = part_number(info.name);
    if (!line.part_number.empty()) {  // the number has its own column
        const auto at = line.part.rfind(" (" + line.part_number + ")");
        if (at != std::string::npos) {
            line.part.erase(at, line.part_number.size() + 3);
        }
    }
    line.role = role;
    line.quantity = quantity;
    line.unit_usd = info.price_usd;
    line.price_date = info.price_date;
    line.price_known = info.price_known();
    line.free = line.price_known && info.price_usd == 0.0;
    line.total_usd = info.price_usd * quantity;
    return line;
}

std::string load_words(const PointMetrics& p, bool files) {
    if (p.concurrency > 0) {
        return std::to_string(p.concurrency) +
               (files ? (p.concurrency == 1 ? " process" : " concurrent processes")
                      : (p.concurrency == 1 ? " outstanding request" : " outstanding requests"));
    }
    return format::number(p.arrival_rate_per_s) + (files ? " files/s" : " requests/s");
}

std::vector<std::string> risks(const Candidate& pick, const Request& request) {
    const Assessment& a = pick.assessment;
    const System& s = pick.system;
    std::vector<std::string> out;
    if (a.failures_tolerated == 0) {
        out.push_back(
            "No redundancy: one failed drive loses the data on its volume. Keep a "
            "backup.");
    } else {
        // derived: with one drive failed, a volume that tolerates n failures tolerates n - 1.
        const int left = a.failures_tolerated - 1;
        out.push_back("Survives " + std::to_string(a.failures_tolerated) + " failed drive" +
                      (a.failures_tolerated == 1 ? "" : "s") +
                      " per volume; a rebuild takes about " + format::duration(a.rebuild_time_s) +
                      (left == 0
                           ? ", and a further failure in that window loses data."
                           : ", during which the volume still survives " + std::to_string(left) +
                                 " more failed drive" + (left == 1 ? "." : "s.")));
    }
    if (a.p_ure_during_rebuild >= kUreWarning) {
        out.push_back("An unreadable sector during a rebuild has a " +
                      format::probability(a.p_ure_during_rebuild) +
                      " chance; that block is lost unless another copy or parity survives.");
    }
    out.push_back("Chance of losing data over " +
                  format::number(request.constraints.horizon_years) +
                  " years: " + format::probability(a.p_data_loss) +
                  " (independent failures assumed; not a substitute for backups).");
    if (!pick.performance.points.empty()) {
        const PointMetrics& heavy = pick.performance.points.back();
        const auto busiest = heavy.utilization.find(heavy.bottleneck);
        if (busiest != heavy.utilization.end() && busiest->second >= kBusyWarning) {
            out.push_back("At the heaviest load the busiest part (" +
                          component_name(heavy.bottleneck) + ") is " +
                          format::percent(busiest->second) + " busy: little room for more load.");
        }
    }
    if (const int data = storage_spaces_data_columns(s.host, s.controller, s.layout);
        data > 0 && storage_spaces_cluster_bytes(s.host, s.controller, s.layout) <= 0.0) {
        // (system/raid_software.h parity_space_max_interleave_bytes: the sources)
        out.push_back("Storage Spaces parity over " + std::to_string(data) +
                      " data columns: no NTFS cluster is a whole stripe of data, and users "
                      "report such spaces writing far slower than the model gives (20-40 MB/s "
                      "from disks).");
    }
    if (s.drive.smr) {
        out.push_back(
            "Shingled (SMR) drives: rebuilds and sustained random writes can be much "
            "slower than the model predicts.");
    }
    if (s.write_back_cache && s.controller.cache_bytes > 0.0 && !s.controller.battery_backed) {
        out.push_back(
            "The controller's write-back cache has no battery or flash backup: "
            "acknowledged writes can be lost on a power cut.");
    }
    if (!a.price_known) {
        out.push_back("Some prices are unknown: the total is a lower bound.");
    }
    return out;
}

/// The step that wires the attachment plan's parts (advisor/topology.h) before the drives go
/// in, in the order they are fitted (cards, expanders, brackets, JBODs), or empty when the
/// controller's own ports take every drive.
std::string cabling_step(std::vector<TopologyPart> parts, const std::string& controller) {
    const auto order = [](const TopologyPart& p) {
        return p.card                              ? 0
               : p.kind == EnclosureKind::Expander ? 1
               : p.kind == EnclosureKind::Bracket  ? 2
                                                   : 3;
    };
    std::stable_sort(parts.begin(), parts.end(), [&](const TopologyPart& a, const TopologyPart& b) {
        return order(a) < order(b);
    });
    bool bracket = false;
    for (const TopologyPart& p : parts) {
        bracket = bracket || order(p) == 2;
    }
    std::string step;
    for (const TopologyPart& p : parts) {
        const std::string units = std::to_string(p.count) + " x " + p.info.name;
        std::string sentence;
        switch (order(p)) {
            case 0:
                sentence = "Fit " + std::to_string(p.count) + " more " + controller +
                           " in free PCIe slots; each takes the drives of its own ports.";
                break;
            case 1:
                sentence = "Fit " + units + ": cable the controller's ports to its uplink " +
                           "connectors and the drive bays to its drive connectors.";
                break;
            case 2:
                sentence = "Fit " + units + " in a free slot opening and cable the controller's " +
                           "internal ports to it.";
                break;
            default:
                sentence = "Cable " + units + " to the controller's external ports" +
                           (bracket ? " (on the bracket)" : "") +
                           ", one x4 SAS cable each, and put the drives beyond the host's own " +
                           "bays in " + (p.count > 1 ? "them." : "it.");
        }
        step += (step.empty() ? "" : " ") + sentence;
    }
    return step;
}

}  // namespace

std::string part_number(const std::string& catalog_name) {
    std::size_t close = catalog_name.rfind(')');
    while (close != std::string::npos) {
        const std::size_t open = catalog_name.rfind('(', close);
        if (open == std::string::npos) {
            break;
        }
        const std::string inside = catalog_name.substr(open + 1, close - open - 1);
        const bool digit = std::any_of(inside.begin(), inside.end(),
                                       [](unsigned char c) { return std::isdigit(c) != 0; });
        const bool upper = std::any_of(inside.begin(), inside.end(),
                                       [](unsigned char c) { return std::isupper(c) != 0; });
        if (!inside.empty() && digit && upper && inside.find(' ') == std::string::npos) {
            return inside;
        }
        close = open == 0 ? std::string::npos : catalog_name.rfind(')', open - 1);
    }
    return {};
}

BuyingSummary buying_summary(const Candidate& pick, const Request& request) {
    BuyingSummary out;
    const System& s = pick.system;
    const Assessment& a = pick.assessment;
    out.configuration = describe(s);

    out.items.push_back(catalog_line(s.drive.info, "Drives", s.total_drives()));
    if (a.spare_drives > 0) {  // hot spares (Request::hot_spares), priced in spares_usd
        out.items.push_back(catalog_line(s.drive.info, "Spare drives", a.spare_drives));
    }
    // The attachment plan's parts (advisor/topology.h): more cards of the controller, SAS
    // expanders, JBOD enclosures; the cost model priced them already (Assessment).
    int cards = 1;
    for (const TopologyPart& p : a.attached_parts) {
        cards += p.card ? p.count : 0;
    }
    ShoppingLine controller = catalog_line(s.controller.info, "Controller", cards);
    if (const std::string appliance = appliance_array_name(s.host, s.controller);
        !appliance.empty()) {
        controller.role = "RAID";  // the unit's own storage manager on its own ports
        controller.part = appliance;
        controller.part_number.clear();
    }
    controller.owned = !request.constraints.owned_controller.empty() &&
                       s.controller.info.id == request.constraints.owned_controller;
    if (controller.owned) {
        controller.total_usd = 0.0;
    }
    out.items.push_back(controller);
    if (a.raid_software_usd > 0.0) {
        ShoppingLine licence = catalog_line(s.controller.info, "RAID software licence", 1);
        licence.part = "RAID software for " + licence.part;
        licence.part_number.clear();
        licence.unit_usd = licence.total_usd = a.raid_software_usd;
        licence.free = false;
        out.items.push_back(licence);
    }
    for (const TopologyPart& p : a.attached_parts) {
        if (!p.card) {
            const char* role = p.kind == EnclosureKind::Jbod      ? "Drive enclosure (JBOD)"
                               : p.kind == EnclosureKind::Bracket ? "SAS port bracket (to the JBOD)"
                                                                  : "SAS expander";
            out.items.push_back(catalog_line(p.info, role, p.count));
        }
    }
    // As core/cost and the spares' share of advisor/assess: every drive the system holds (ZFS
    // log devices and hot spares too) beyond the owned bays.
    const int bays = std::max(0, s.all_drives() + a.spare_drives - request.bays_owned);
    if (bays > 0 && request.enclosure_cost_per_bay_usd > 0.0) {
        ShoppingLine line;
        line.part = "Drive bays (enclosure or backplane) beyond the " +
                    std::to_string(request.bays_owned) + " owned";
        line.role = "Drive bays";
        line.quantity = bays;
        line.unit_usd = request.enclosure_cost_per_bay_usd;
        line.price_known = true;
        line.user_price = true;
        line.total_usd = bays * request.enclosure_cost_per_bay_usd;
        out.items.push_back(line);
    }
    out.total_known = true;
    for (const ShoppingLine& line : out.items) {
        if (line.owned) {
            continue;
        }
        out.total_usd += line.total_usd;
        out.total_known = out.total_known && line.price_known;
        if (!line.price_date.empty() && !line.free) {
            out.newest_price_date = std::max(out.newest_price_date, line.price_date);
            out.oldest_price_date = out.oldest_price_date.empty()
                                        ? line.price_date
                                        : std::min(out.oldest_price_date, line.price_date);
        }
    }

    out.files = request.workload.unit == Workload::Unit::File;
    for (const PointMetrics& p : pick.performance.points) {
        out.points.push_back({load_words(p, out.files), p.iops, p.mb_per_s * units::MB,
                              p.mean_response_s, p.p95_response_s});
    }
    out.usable_bytes = a.usable_bytes;
    out.capacity_needed_bytes = request.constraints.capacity_needed_bytes();
    out.horizon_years = request.constraints.horizon_years;
    out.failures_tolerated = a.failures_tolerated;
    out.p_data_loss = a.p_data_loss;
    out.power_usd = request.include_power_cost ? a.power_usd : 0.0;
    out.risks = risks(pick, request);
    const bool cache_off = request.constraints.power_loss_safe_writes &&
                           !(s.controller.battery_backed && s.write_back_cache);
    out.plan = build_plan(s, cache_off, controller_read_ahead(request.workload), a.spare_drives);
    if (const std::string step = cabling_step(a.attached_parts, s.controller.info.name);
        !step.empty()) {
        out.plan.primary.steps.insert(out.plan.primary.steps.begin(), step);
    }
    return out;
}

}  // namespace raidadv::advisor
