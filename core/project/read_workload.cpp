// "workloads[i]": what the application asks of storage, and the load points to evaluate.

#include <cmath>
#include <set>

#include "project/keys.h"
#include "project/sections.h"
#include "units/units.h"
#include "workload/presets.h"

namespace raidadv::project_detail {
namespace {

constexpr double kMaxRequestBytes = units::GiB;
constexpr double kMaxFileBytes = units::TiB;
constexpr double kMaxSigma = 4.0;
constexpr double kMaxWeight = 1e9;
constexpr long long kMaxConcurrency = 1000000;
constexpr double kMaxArrivalRate = 1e9;
constexpr double kMaxThinkTimeMs = 3600e3;
constexpr double kMaxAlignmentBytes = 64 * units::MiB;

/// A single size under `base` (e.g. "fixed") in any of its units.
bool size_of(ObjectReader& r, std::string_view base, const Range& range, double& out) {
    return r.size(base, range, out, Need::Required);
}

/// `<base>_<unit>: [lo, hi]`.
void read_uniform(ObjectReader& r, const Range& range, SizeDistribution& d) {
    namespace k = project_keys::size_distribution;
    const auto keys = size_keys(k::uniform);
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const json* v = r.find(keys[i]);
        if (v == nullptr) {
            continue;
        }
        const std::string path = r.key_path(keys[i]);
        if (!v->is_array() || v->size() != 2) {
            r.issues().add(
                path, "must be an array of two sizes [smallest, largest], got " + describe(*v));
            return;
        }
        const auto lo =
            read_size((*v)[0], index_path(path, 0), size_units()[i], range, 0, r.issues());
        const auto hi =
            read_size((*v)[1], index_path(path, 1), size_units()[i], range, 0, r.issues());
        if (lo && hi) {
            if (*lo >= *hi) {
                r.issues().add(path, "the smallest size must be less than the largest, got " +
                                         describe(*v) + " (use " + size_keys(k::fixed)[i] +
                                         " for one size)");
            }
            d.min_bytes = *lo;
            d.max_bytes = *hi;
        }
        return;
    }
}

void read_lognormal(const json& value, const std::string& path, const Range& range,
                    SizeDistribution& d, Issues& issues) {
    namespace k = project_keys::lognormal;
    ObjectReader r(
        value, path, issues,
        concat_keys({size_keys(k::median), {k::sigma}, size_keys(k::min), size_keys(k::max)}),
        "an object like {\"median_kib\": 64, \"sigma\": 1.0}");
    if (!r.valid()) {
        return;
    }
    size_of(r, k::median, range, d.median_bytes);
    r.number(k::sigma, {0, kMaxSigma, true, false}, d.sigma, 1.0, Need::Required);
    d.min_bytes = range.lo;
    d.max_bytes = range.hi;
    const bool min_ok = r.size(k::min, range, d.min_bytes);
    const bool max_ok = r.size(k::max, range, d.max_bytes);
    if (d.median_bytes > 0 && !(d.min_bytes <= d.median_bytes && d.median_bytes <= d.max_bytes)) {
        issues.add(path, "the median (" + format_bytes(d.median_bytes) +
                             ") must lie between min (" + format_bytes(d.min_bytes) +
                             ") and max (" + format_bytes(d.max_bytes) + ")");
    } else if ((min_ok || max_ok) && d.min_bytes >= d.max_bytes) {
        issues.add(path, "min must be less than max");
    }
}

void read_histogram(const json& value, const std::string& path, const Range& range,
                    SizeDistribution& d, Issues& issues) {
    namespace k = project_keys::histogram_bin;
    if (!value.is_array() || value.empty() || value.size() > kMaxListLength) {
        issues.add(path, "must be an array of 1 to " + std::to_string(kMaxListLength) +
                             " bins like {\"size_kib\": 4, \"weight\": 60}, got " +
                             describe(value) +
                             (value.is_array() ? " of " + std::to_string(value.size()) : ""));
        return;
    }
    std::set<double> seen;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string bin_path = index_path(path, i);
        ObjectReader r(value[i], bin_path, issues, concat_keys({size_keys(k::size), {k::weight}}),
                       "an object like {\"size_kib\": 4, \"weight\": 60}");
        if (!r.valid()) {
            continue;
        }
        SizeDistribution::Bin bin{0, 0};
        const bool size_ok = size_of(r, k::size, range, bin.bytes);
        const bool weight_ok =
            r.number(k::weight, {0, kMaxWeight, true, false}, bin.weight, 1.0, Need::Required);
        if (size_ok && !seen.insert(bin.bytes).second) {
            issues.add(bin_path, "size " + format_bytes(bin.bytes) +
                                     " appears twice; give each size once with its total weight");
        }
        if (size_ok && weight_ok) {
            d.bins.push_back(bin);
        }
    }
}

/// Strictly increasing list check.
template <typename T>
void require_increasing(const std::vector<T>& values, const std::string& path, Issues& issues) {
    for (std::size_t i = 1; i < values.size(); ++i) {
        if (!(values[i - 1] < values[i])) {
            issues.add(index_path(path, i),
                       "the list must be in increasing order without repeats, got " +
                           format_number(static_cast<double>(values[i])) + " after " +
                           format_number(static_cast<double>(values[i - 1])));
            return;
        }
    }
}

bool check_list(const json* v, const std::string& path, const std::string& element,
                Issues& issues) {
    if (!v->is_array() || v->empty() || v->size() > kMaxListLength) {
        issues.add(path,
                   "must be an array of 1 to " + std::to_string(kMaxListLength) + " " + element +
                       ", got " + describe(*v) +
                       (v->is_array() && !v->empty() ? " of " + std::to_string(v->size()) : ""));
        return false;
    }
    return true;
}

void read_points(ObjectReader& r, Workload& w, bool from_preset) {
    namespace k = project_keys::workload;
    Issues& issues = r.issues();
    if (r.has(k::concurrency) || r.has(k::arrival_rates_per_s)) {
        w.concurrency.clear();  // the file's points replace a preset's
        w.arrival_rates_per_s.clear();
    }
    if (const json* v = r.find(k::concurrency)) {
        const std::string path = r.key_path(k::concurrency);
        if (check_list(v, path,
                       "whole numbers from 1 to 1000000 (outstanding requests or processes)",
                       issues)) {
            for (std::size_t i = 0; i < v->size(); ++i) {
                if (auto n =
                        read_integer((*v)[i], index_path(path, i), 1, kMaxConcurrency, issues)) {
                    w.concurrency.push_back(static_cast<int>(*n));
                }
            }
            require_increasing(w.concurrency, path, issues);
        }
    }
    if (const json* v = r.find(k::arrival_rates_per_s)) {
        const std::string path = r.key_path(k::arrival_rates_per_s);
        if (check_list(v, path, "rates greater than 0 and less than 1e9 per second", issues)) {
            for (std::size_t i = 0; i < v->size(); ++i) {
                if (auto x = read_number((*v)[i], index_path(path, i),
                                         {0, kMaxArrivalRate, true, true}, issues)) {
                    w.arrival_rates_per_s.push_back(*x);
                }
            }
            require_increasing(w.arrival_rates_per_s, path, issues);
        }
    }
    if (!from_preset && !r.has(k::concurrency) && !r.has(k::arrival_rates_per_s)) {
        issues.add(r.path(),
                   "give the load points: 'concurrency' (a list of outstanding "
                   "requests, closed system) and/or 'arrival_rates_per_s' (a list of "
                   "rates, open system)");
    }
    if (r.number(k::think_time_ms, {0, kMaxThinkTimeMs}, w.think_time_s, units::ms) &&
        !r.has(k::concurrency)) {
        r.problem(k::think_time_ms,
                  "applies to closed points ('concurrency'), which this "
                  "workload does not have");
    }
}

/// `measured`: load points measured on a real system (workload import), kept in the file as
/// references; checked here, kept in the workload, not used by the model (docs/measurements.md).
void read_measured(ObjectReader& r, std::vector<MeasuredPoint>& out) {
    namespace k = project_keys::measured_point;
    const json* v = r.find(project_keys::workload::measured);
    if (v == nullptr) {
        return;
    }
    const std::string path = r.key_path(project_keys::workload::measured);
    if (!check_list(v, path,
                    "measured points like {\"concurrency\": 8, \"iops\": 950, "
                    "\"mean_response_ms\": 8.4}",
                    r.issues())) {
        return;
    }
    for (std::size_t i = 0; i < v->size(); ++i) {
        ObjectReader p((*v)[i], index_path(path, i), r.issues(),
                       {k::concurrency, k::arrival_rate_per_s, k::iops, k::mb_per_s,
                        k::mean_response_ms, k::p95_response_ms},
                       "a measured point like {\"concurrency\": 8, \"iops\": 950, "
                       "\"mean_response_ms\": 8.4}");
        if (!p.valid()) {
            continue;
        }
        MeasuredPoint m;
        if (p.has(k::concurrency) == p.has(k::arrival_rate_per_s)) {
            p.problem(k::concurrency,
                      "give exactly one of 'concurrency' (closed) and "
                      "'arrival_rate_per_s' (open)");
        }
        p.integer(k::concurrency, 1, kMaxConcurrency, m.concurrency);
        p.number(k::arrival_rate_per_s, {0, kMaxArrivalRate, true, true}, m.arrival_rate_per_s);
        p.number(k::iops, {0, kMaxArrivalRate, true, true}, m.iops, 1.0, Need::Required);
        p.number(k::mb_per_s, {0, 1e9}, m.mb_per_s);
        p.number(k::mean_response_ms, {0, kMaxThinkTimeMs, true, false}, m.mean_response_s,
                 units::ms, Need::Required);
        p.number(k::p95_response_ms, {0, kMaxThinkTimeMs}, m.p95_response_s, units::ms);
        out.push_back(m);
    }
}

}  // namespace

SizeDistribution read_size_distribution(const json& value, const std::string& path,
                                        const Range& range, Issues& issues) {
    namespace k = project_keys::size_distribution;
    SizeDistribution d;
    const std::vector<std::string> kinds =
        concat_keys({size_keys(k::fixed), size_keys(k::uniform), {k::lognormal, k::histogram}});
    ObjectReader r(value, path, issues, kinds,
                   "an object with one of fixed_kib, uniform_kib, lognormal, histogram");
    if (!r.valid()) {
        return d;
    }
    std::vector<std::string> present;
    for (const auto& key : kinds) {
        if (r.has(key)) {
            present.push_back(key);
        }
    }
    if (present.size() != 1) {
        issues.add(path, present.empty()
                             ? "give one of fixed_kib (or fixed_bytes/fixed_mib), uniform_kib, "
                               "lognormal, histogram"
                             : "give only one distribution, got '" + present[0] + "' and '" +
                                   present[1] + "'");
        return d;
    }
    const std::string& key = present.front();
    if (key.rfind(k::fixed, 0) == 0) {
        d.kind = SizeDistribution::Kind::Fixed;
        size_of(r, k::fixed, range, d.fixed_bytes);
    } else if (key.rfind(k::uniform, 0) == 0) {
        d.kind = SizeDistribution::Kind::Uniform;
        read_uniform(r, range, d);
    } else if (key == k::lognormal) {
        d.kind = SizeDistribution::Kind::Lognormal;
        read_lognormal(*r.find(key), r.key_path(key), range, d, issues);
    } else {
        d.kind = SizeDistribution::Kind::Histogram;
        read_histogram(*r.find(key), r.key_path(key), range, d, issues);
    }
    return d;
}

/// Independent sequential streams a workload may declare (0 = one per outstanding request).
constexpr long long kMaxStreams = 1'000'000;
/// Largest working set a workload may give in bytes: 1 EiB.
constexpr double kMaxWorkingSetBytes = 1024.0 * 1024 * 1024 * 1024 * 1024 * 1024;

Workload read_workload(const json& value, const std::string& path, Issues& issues) {
    namespace k = project_keys::workload;
    Workload w;
    ObjectReader r(
        value, path, issues,
        concat_keys({{k::name, k::description, k::preset, k::unit, k::read_fraction, k::pattern,
                      k::sequential_fraction, k::request_size, k::file_size, k::span_fraction,
                      k::streams, k::threads, k::sync_writes, k::lseek_per_request, k::concurrency,
                      k::arrival_rates_per_s, k::think_time_ms, k::measured},
                     size_keys(k::alignment),
                     size_keys(k::working_set)}),
        "a workload object");
    if (!r.valid()) {
        return w;
    }
    // A preset (core/workload/presets.h) supplies every field; keys in the file override it.
    const WorkloadPreset* preset = nullptr;
    std::string preset_id;
    if (r.text(k::preset, preset_id, kMaxIdLength)) {
        preset = find_workload_preset(preset_id);
        if (preset == nullptr) {
            std::string ids;
            for (const WorkloadPreset& p : workload_presets()) {
                ids += (ids.empty() ? "\"" : ", \"") + p.id + "\"";
            }
            r.problem(k::preset, "unknown preset \"" + preset_id + "\"; use one of " + ids);
        } else {
            w = preset->workload;
        }
    }
    const Need need = preset != nullptr ? Need::Optional : Need::Required;
    std::string ignored;
    r.text(k::name, w.name, kMaxNameLength, Need::Required);
    r.text(k::description, ignored, kMaxDescriptionLength, Need::Optional, true);
    std::string unit = w.unit == Workload::Unit::File ? "file" : "request";
    r.choice(k::unit, {"request", "file"}, unit);
    const bool unit_changed = (unit == "file") != (w.unit == Workload::Unit::File);
    w.unit = unit == "file" ? Workload::Unit::File : Workload::Unit::Request;
    r.number(k::read_fraction, {0, 1}, w.read_fraction, 1.0, need);

    if (r.has(k::pattern) && r.has(k::sequential_fraction)) {
        r.problem(k::sequential_fraction,
                  "give either 'pattern' or 'sequential_fraction', not both");
    } else if (r.has(k::sequential_fraction)) {
        r.number(k::sequential_fraction, {0, 1}, w.sequential_fraction);
    } else if (r.has(k::pattern) || preset == nullptr) {
        std::string pattern = "random";
        r.choice(k::pattern, {"random", "sequential"}, pattern);
        w.sequential_fraction = pattern == "sequential" ? 1.0 : 0.0;
    }

    const bool files = w.unit == Workload::Unit::File;
    const char* size_key = files ? k::file_size : k::request_size;
    const char* other_key = files ? k::request_size : k::file_size;
    if (r.has(other_key)) {
        r.problem(other_key, std::string("applies to workloads with unit '") +
                                 (files ? "request" : "file") + "'; this one has unit '" + unit +
                                 "', use '" + size_key + "'");
    }
    if (const json* v = r.find(size_key)) {
        const Range range =
            files ? Range{1.0, kMaxFileBytes} : Range{units::sector, kMaxRequestBytes};
        w.size = read_size_distribution(*v, r.key_path(size_key), range, issues);
    } else if (preset == nullptr || unit_changed) {
        r.missing(size_key, "e.g. {\"fixed_kib\": 4}");
    }
    r.size(k::alignment, {units::sector, kMaxAlignmentBytes}, w.alignment_bytes, Need::Optional,
           units::sector);
    if (r.has(k::span_fraction) && r.has_size(k::working_set)) {
        r.problem(k::span_fraction,
                  "give either 'span_fraction' (a share of each volume) or "
                  "'working_set_bytes', '_kib' or '_mib' (bytes), not both");
    } else if (r.has_size(k::working_set)) {
        // (the same bytes on every system; a preset's span is replaced)
        r.size(k::working_set, {units::sector, kMaxWorkingSetBytes}, w.working_set_bytes);
        w.span_fraction = 1.0;
    } else {
        r.number(k::span_fraction, {0, 1, true, false}, w.span_fraction);
        w.working_set_bytes = r.has(k::span_fraction) ? 0.0 : w.working_set_bytes;
    }
    r.integer(k::streams, 0, kMaxStreams, w.streams);
    r.integer(k::threads, 0, kMaxStreams, w.threads);
    r.boolean(k::sync_writes, w.sync_writes);
    r.boolean(k::lseek_per_request, w.lseek_per_request);
    read_points(r, w, preset != nullptr);
    read_measured(r, w.measured);
    return w;
}

}  // namespace raidadv::project_detail
