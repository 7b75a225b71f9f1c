// Near-identical candidates shown as one row with variants: RAID 10 with spans of 4, 6 or none,
// or 2 x RAID 10 of 4 against one RAID 10 of 8, cost the same and perform within the model's
// error band; a buyer needs one answer and the simplest way to build it.

#include <cmath>
#include <map>
#include <string>

#include "advisor/advisor.h"
#include "advisor/prune.h"

namespace raidadv::advisor {

namespace {

/// derived: the model agrees with the simulator within 10% on 97.5% of its grid (docs/model.md,
/// section 4), so candidates within 5% of each other are not told apart.
constexpr double kBand = 0.05;

bool within(double a, double b, double band) {
    return std::abs(a - b) <= band * std::max(std::abs(a), std::abs(b));
}

/// The layout part of describe(): after the drives, before the controller's name.
std::string layout_part(const Candidate& c) {
    const std::string& full = c.system.name;
    const std::string tail = ", " + array_builder_name(c.system);
    const auto first = full.find(", ");
    if (first == std::string::npos) {
        return full;
    }
    std::string part = full.substr(first + 2);
    if (part.size() > tail.size() &&
        part.compare(part.size() - tail.size(), tail.size(), tail) == 0) {
        part.resize(part.size() - tail.size());
    }
    return part;
}

/// What a variant row says: its layout, and its controller where that differs from the row's
/// (md and CPU-attached NVMe cost the same and build the same array).
std::string variant_name(const Candidate& variant, const Candidate& row) {
    std::string name = layout_part(variant);
    if (array_builder_name(variant.system) != array_builder_name(row.system)) {
        name += ", " + array_builder_name(variant.system);
    }
    return name;
}

std::string family_key(const Candidate& c) {
    return fold_family_key(c.system, c.assessment.failures_tolerated);
}

bool near_identical(const Candidate& a, const Candidate& b) {
    return within(a.assessment.total_usd, b.assessment.total_usd, 0.005) &&
           within(a.assessment.usable_bytes, b.assessment.usable_bytes, 0.005) &&
           a.assessment.price_known == b.assessment.price_known &&
           within(a.performance.mean_response_s, b.performance.mean_response_s, kBand) &&
           (within(a.assessment.p_data_loss, b.assessment.p_data_loss, kBand) ||
            std::abs(a.assessment.p_data_loss - b.assessment.p_data_loss) < 1e-6);
}

}  // namespace

std::string fold_family_key(const System& system, int failures_tolerated) {
    return system.drive.info.id + "|" + std::to_string(system.total_drives()) + "|" +
           std::to_string(static_cast<int>(system.layout.level)) + "|" +
           std::to_string(failures_tolerated);
}

void fold_variants(std::vector<Candidate>& candidates) {
    std::vector<Candidate> out;
    out.reserve(candidates.size());
    std::map<std::string, std::vector<std::size_t>> groups;  // family -> rows in `out`
    for (Candidate& c : candidates) {
        std::vector<std::size_t>& rows = groups[family_key(c)];
        bool folded = false;
        for (std::size_t row : rows) {
            Candidate& rep = out[row];
            if (!near_identical(rep, c)) {
                continue;
            }
            // A variant that reads as the row itself (an appliance's md row and its own ports:
            // one storage manager builds both) is folded without a line of its own.
            const auto add = [](Candidate& kept, std::string name) {
                if (name != layout_part(kept)) {
                    kept.variants.push_back(std::move(name));
                }
            };
            if (simpler_layout(c.system.layout, rep.system.layout)) {
                c.variants = std::move(rep.variants);
                add(c, variant_name(rep, c));
                rep = std::move(c);
            } else {
                add(rep, variant_name(c, rep));
            }
            folded = true;
            break;
        }
        if (!folded) {
            rows.push_back(out.size());
            out.push_back(std::move(c));
        }
    }
    candidates = std::move(out);
}

}  // namespace raidadv::advisor
