// What would change the choice: the top candidates re-measured (workload changes) or re-filtered
// (budget, capacity) and re-ranked (all changes) under each perturbed request. The ranking's
// utility of a candidate does not depend on the other candidates (rank.cpp), so ranking the few
// re-examined candidates alone gives the order they would have in a full search.

#include "advisor/sensitivity.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "advisor/explain.h"
#include "units/units.h"

namespace raidadv::advisor {

namespace {

constexpr double kMinSizeBytes = units::sector;  ///< a sector: no request is smaller

std::string percent(double fraction) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f%%", 100.0 * fraction);
    return text;
}

std::string plain(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", value);
    return text;
}

std::string size_text(double bytes) {
    char text[32];
    if (bytes >= 1024.0 * 1024.0) {
        std::snprintf(text, sizeof text, "%.3g MiB", bytes / (1024.0 * 1024.0));
    } else if (bytes >= 1024.0) {
        std::snprintf(text, sizeof text, "%.3g KiB", bytes / 1024.0);
    } else {
        std::snprintf(text, sizeof text, "%.0f B", bytes);
    }
    return text;
}

std::string load_text(const Workload& w) {
    std::ostringstream s;
    const bool files = w.unit == Workload::Unit::File;
    if (!w.concurrency.empty()) {
        for (std::size_t i = 0; i < w.concurrency.size(); ++i) {
            s << (i ? ", " : "") << w.concurrency[i];
        }
        s << (files ? " processes" : " outstanding");
    }
    if (!w.arrival_rates_per_s.empty()) {
        s << (w.concurrency.empty() ? "" : "; ");
        for (std::size_t i = 0; i < w.arrival_rates_per_s.size(); ++i) {
            s << (i ? ", " : "") << plain(w.arrival_rates_per_s[i]);
        }
        s << (files ? " files/s" : " requests/s");
    }
    return s.str();
}

double scaled_size(double bytes, double factor) {
    return bytes > 0.0 ? std::max(kMinSizeBytes, bytes * factor) : bytes;
}

void scale_sizes(SizeDistribution& d, double factor) {
    d.fixed_bytes = scaled_size(d.fixed_bytes, factor);
    d.min_bytes = scaled_size(d.min_bytes, factor);
    d.max_bytes = scaled_size(d.max_bytes, factor);
    d.median_bytes = scaled_size(d.median_bytes, factor);
    for (SizeDistribution::Bin& bin : d.bins) {
        bin.bytes = scaled_size(bin.bytes, factor);
    }
}

const char* weight_name(Perturbation::Kind kind) {
    switch (kind) {
        case Perturbation::Kind::WeightCost:
            return "cost";
        case Perturbation::Kind::WeightPerformance:
            return "performance";
        default:
            return "reliability";
    }
}

double& weight_of(Weights& w, Perturbation::Kind kind) {
    switch (kind) {
        case Perturbation::Kind::WeightCost:
            return w.cost;
        case Perturbation::Kind::WeightPerformance:
            return w.performance;
        default:
            return w.reliability;
    }
}

double weight_value(const Weights& w, Perturbation::Kind kind) {
    Weights copy = w;
    return weight_of(copy, kind);
}

bool changes_workload(Perturbation::Kind kind) {
    return kind == Perturbation::Kind::ReadFraction || kind == Perturbation::Kind::Load ||
           kind == Perturbation::Kind::Size;
}

/// What the perturbation does, in words ("read share 70% -> 90%").
std::string change_text(const Request& before, const Request& after, const Perturbation& p) {
    const Workload& a = before.workload;
    const Workload& b = after.workload;
    const bool files = a.unit == Workload::Unit::File;
    switch (p.kind) {
        case Perturbation::Kind::ReadFraction:
            return "read share " + percent(a.read_fraction) + " -> " + percent(b.read_fraction);
        case Perturbation::Kind::Load:
            return std::string(p.amount >= 1.0 ? "load x" + plain(p.amount)
                                               : "load /" + plain(1.0 / p.amount)) +
                   " (" + load_text(a) + " -> " + load_text(b) + ")";
        case Perturbation::Kind::Size:
            return std::string(files ? "file size " : "request size ") +
                   (p.amount >= 1.0 ? "x" + plain(p.amount) : "/" + plain(1.0 / p.amount)) +
                   " (mean " + size_text(a.size.mean_bytes()) + " -> " +
                   size_text(b.size.mean_bytes()) + ")";
        case Perturbation::Kind::Budget:
            return (before.constraints.budget_usd > 0.0
                        ? "budget " +
                              format_money(before.constraints.budget_usd, before.constraints) +
                              " -> "
                        : std::string("a budget (none set) of ")) +
                   format_money(after.constraints.budget_usd, after.constraints);
        case Perturbation::Kind::Capacity:
            return "capacity needed " +
                   format_capacity(before.constraints.capacity_to_provide_bytes()) + " -> " +
                   format_capacity(after.constraints.capacity_to_provide_bytes());
        case Perturbation::Kind::WeightCost:
        case Perturbation::Kind::WeightPerformance:
        case Perturbation::Kind::WeightReliability: {
            return std::string(weight_name(p.kind)) + " weight " +
                   plain(weight_value(before.weights, p.kind)) + " -> " +
                   plain(weight_value(after.weights, p.kind));
        }
    }
    return {};
}

}  // namespace

std::vector<Perturbation> standard_perturbations() {
    using K = Perturbation::Kind;
    return {{K::ReadFraction, 0.2},
            {K::ReadFraction, -0.2},
            {K::Load, 2.0},
            {K::Load, 0.5},
            {K::Size, 2.0},
            {K::Size, 0.5},
            {K::Budget, 0.75},
            {K::Capacity, 1.5},
            {K::WeightCost, 2.0},
            {K::WeightPerformance, 2.0},
            {K::WeightReliability, 2.0}};
}

Request perturbed_request(const Request& request, const Perturbation& p, double pick_usd,
                          bool& applicable) {
    Request r = request;
    Workload& w = r.workload;
    applicable = true;
    switch (p.kind) {
        case Perturbation::Kind::ReadFraction:
            w.read_fraction = std::clamp(w.read_fraction + p.amount, 0.0, 1.0);
            applicable = w.read_fraction != request.workload.read_fraction;
            break;
        case Perturbation::Kind::Load: {
            for (int& c : w.concurrency) {
                c = std::max(1, static_cast<int>(std::lround(c * p.amount)));
            }
            std::sort(w.concurrency.begin(), w.concurrency.end());
            w.concurrency.erase(std::unique(w.concurrency.begin(), w.concurrency.end()),
                                w.concurrency.end());
            for (double& rate : w.arrival_rates_per_s) {
                rate *= p.amount;
            }
            applicable = w.concurrency != request.workload.concurrency ||
                         w.arrival_rates_per_s != request.workload.arrival_rates_per_s;
            break;
        }
        case Perturbation::Kind::Size:
            scale_sizes(w.size, p.amount);
            if (p.amount < 1.0) {
                w.alignment_bytes = std::max(kMinSizeBytes, w.alignment_bytes * p.amount);
            }
            applicable = w.size.mean_bytes() != request.workload.size.mean_bytes();
            break;
        case Perturbation::Kind::Budget: {
            const double base =
                request.constraints.budget_usd > 0.0 ? request.constraints.budget_usd : pick_usd;
            r.constraints.budget_usd = base * p.amount;
            applicable = base > 0.0 && p.amount != 1.0;
            break;
        }
        case Perturbation::Kind::Capacity:
            r.constraints.capacity_bytes *= p.amount;
            applicable = request.constraints.capacity_bytes > 0.0 && p.amount != 1.0;
            break;
        case Perturbation::Kind::WeightCost:
        case Perturbation::Kind::WeightPerformance:
        case Perturbation::Kind::WeightReliability: {
            double& weight = weight_of(r.weights, p.kind);
            weight = weight > 0.0 ? weight * p.amount : 1.0;
            applicable = weight != weight_value(request.weights, p.kind);
            break;
        }
    }
    return r;
}

namespace {

/// A top candidate under the changed request: with its performance re-measured when the change
/// is to the workload, or the reason it drops out ("is over the budget").
struct Reexamined {
    Candidate candidate;
    std::string dropped;  ///< empty: the candidate still qualifies
};

Reexamined reexamine(Candidate c, const Request& changed, Perturbation::Kind kind) {
    const Constraints& k = changed.constraints;
    std::string dropped;
    if (k.budget_usd > 0.0 && c.assessment.total_usd > k.budget_usd) {
        dropped = "is over the budget";
    } else if (c.assessment.usable_bytes < k.capacity_to_provide_bytes()) {
        dropped = "has too little capacity";
    } else if (changes_workload(kind)) {
        PerformanceOutcome outcome = measure(c.system, changed.workload);
        if (!outcome.feasible) {
            dropped =
                outcome.problem.rfind("saturated", 0) == 0 ? "saturates" : "cannot be evaluated";
        } else {
            c.performance = std::move(outcome.performance);
        }
    }
    return {std::move(c), std::move(dropped)};
}

/// The first `examined` candidates that still qualify under the changed request, re-ranked.
struct Trial {
    Result result;
    std::vector<int> original_rank;  ///< 1-based rank of each candidate, in the order kept
    std::vector<std::string> names;  ///< name of each candidate, in the order kept
    std::string pick_dropped;        ///< why the pick dropped out, empty if it did not
};

Trial rerank(const Result& result, std::size_t examined, const Request& changed,
             Perturbation::Kind kind) {
    Trial trial;
    for (std::size_t i = 0; i < examined; ++i) {
        Reexamined r = reexamine(result.ranked[i], changed, kind);
        if (!r.dropped.empty()) {
            if (i == 0) {
                trial.pick_dropped = r.dropped;
            }
            continue;
        }
        trial.result.ranked.push_back(std::move(r.candidate));
        trial.original_rank.push_back(static_cast<int>(i) + 1);
    }
    // rank() reorders: remember the original ranks by name.
    for (const Candidate& c : trial.result.ranked) {
        trial.names.push_back(c.system.name);
    }
    rank(trial.result, changed);
    return trial;
}

/// `entry` with what the re-ranked trial says: the pick stays, another takes its place, or none
/// of the candidates examined is left.
SensitivityEntry judged(SensitivityEntry entry, const Trial& trial, const Candidate& pick,
                        std::size_t examined) {
    if (trial.result.ranked.empty()) {
        entry.pick_changes = true;
        entry.any_left = false;
        entry.note = "none of the top " + std::to_string(examined) +
                     " candidates meets it (the pick " + trial.pick_dropped +
                     "); a new search is needed";
    } else if (trial.result.ranked.front().system.name != pick.system.name) {
        const Candidate& now = trial.result.ranked.front();
        entry.pick_changes = true;
        entry.new_pick = now.system.name;
        for (std::size_t i = 0; i < trial.names.size(); ++i) {
            if (trial.names[i] == now.system.name) {
                entry.new_pick_rank = trial.original_rank[i];
            }
        }
        entry.note = trial.pick_dropped.empty()
                         ? "rank " + std::to_string(entry.new_pick_rank) + " overtakes the pick"
                         : "the pick " + trial.pick_dropped + "; rank " +
                               std::to_string(entry.new_pick_rank) + " takes its place";
    } else {
        entry.note = "the pick stays first";
    }
    return entry;
}

/// The entry for one perturbation: the first `examined` candidates re-examined under it.
SensitivityEntry examine(const Result& result, const Request& request, const Perturbation& p,
                         const Candidate* pick, std::size_t examined) {
    SensitivityEntry entry;
    entry.perturbation = p;
    const Request changed =
        perturbed_request(request, p, pick ? pick->assessment.total_usd : 0.0, entry.applicable);
    entry.change = change_text(request, changed, p);
    if (pick == nullptr || !entry.applicable) {
        entry.applicable = false;
        entry.note = pick == nullptr ? "no pick to re-examine" : "does not apply here";
        return entry;
    }
    const Trial trial = rerank(result, examined, changed, p.kind);
    return judged(std::move(entry), trial, *pick, examined);
}

}  // namespace

Sensitivity sensitivity(const Result& result, const Request& request,
                        const std::vector<Perturbation>& perturbations, int top) {
    const auto start = std::chrono::steady_clock::now();
    Sensitivity out;
    const std::size_t examined =
        std::min(result.ranked.size(), static_cast<std::size_t>(std::max(1, top)));
    out.examined = static_cast<int>(examined);
    const Candidate* pick = result.ranked.empty() ? nullptr : &result.ranked.front();
    if (pick != nullptr) {
        out.pick = pick->system.name;
    }
    for (const Perturbation& p : perturbations) {
        out.entries.push_back(examine(result, request, p, pick, examined));
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

}  // namespace raidadv::advisor
