// fio --output-format=json / json+ (fio 3.x): one workload per job group (jobs of one group run
// at the same time). Field meanings: fio(1) HOWTO, sections "Job file parameters" and
// "Interpreting the output" (fio 3.33), and stat.c's JSON writer (show_thread_status_json).

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "measure/importers.h"
#include "units/units.h"

namespace raidadv::measure::detail {
namespace {

using nlohmann::json;

/// A fio size ("8k", "64K", "1m", "4096", "4KiB"): fio's default kb_base is 1024, so every
/// prefix is binary (fio(1) "Parameter types: int").
std::optional<double> fio_size(std::string text) {
    if (text.empty()) {
        return std::nullopt;
    }
    std::size_t used = 0;
    double value = 0;
    try {
        value = std::stod(text, &used);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    std::string unit = text.substr(used);
    std::transform(unit.begin(), unit.end(), unit.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    double scale = 1;
    if (!unit.empty()) {
        const char prefix = unit.front();
        if (prefix == 'k') {
            scale = units::KiB;
        } else if (prefix == 'm') {
            scale = units::MiB;
        } else if (prefix == 'g') {
            scale = units::GiB;
        } else if (prefix != 'b') {
            return std::nullopt;
        }
    }
    if (!(value > 0) || !std::isfinite(value)) {
        return std::nullopt;
    }
    return value * scale;
}

/// Size weights of one direction: "4k/50:16k/30:64k" (bssplit; a size without a share takes
/// what is left, shared equally) or one size.
std::optional<std::map<double, double>> size_split(const std::string& text) {
    std::map<double, double> split;
    std::vector<double> open;
    double given = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t end = std::min(text.find(':', pos), text.size());
        const std::string item = text.substr(pos, end - pos);
        const std::size_t slash = item.find('/');
        const auto size = fio_size(item.substr(0, slash));
        if (!size) {
            return std::nullopt;
        }
        if (slash == std::string::npos || slash + 1 == item.size()) {
            open.push_back(*size);
        } else {
            const auto share = fio_size(item.substr(slash + 1));
            if (!share) {
                return std::nullopt;
            }
            split[*size] += *share;
            given += *share;
        }
        pos = end + 1;
    }
    for (const double s : open) {
        split[s] += std::max(0.0, 100.0 - given) / static_cast<double>(open.size());
    }
    return split;
}

/// Read and write size weights from `bssplit` or `bs` ("4k,16k": reads, writes).
struct JobSizes {
    std::map<double, double> read, write;
    bool from_options = false;
};

JobSizes job_sizes(const std::map<std::string, std::string>& opt) {
    JobSizes sizes;
    std::string spec;
    if (auto it = opt.find("bssplit"); it != opt.end()) {
        spec = it->second;
    } else if (auto bs = opt.find("bs"); bs != opt.end()) {
        spec = bs->second;
    } else if (auto bs2 = opt.find("blocksize"); bs2 != opt.end()) {
        spec = bs2->second;
    } else {
        spec = "4k";  // fio's default bs
    }
    const std::size_t comma = spec.find(',');
    const std::string rd = spec.substr(0, comma);
    std::string wr = comma == std::string::npos ? rd : spec.substr(comma + 1);
    if (wr.find(',') != std::string::npos) {
        wr = wr.substr(0, wr.find(','));  // a third part is for trims
    }
    if (wr.empty()) {
        wr = rd;
    }
    auto r = size_split(rd);
    auto w = size_split(wr);
    if (r && w) {
        sizes.read = *r;
        sizes.write = *w;
        sizes.from_options = true;
    }
    return sizes;
}

std::string option(const std::map<std::string, std::string>& opt, const std::string& key,
                   const std::string& fallback) {
    auto it = opt.find(key);
    return it != opt.end() ? it->second : fallback;
}

double option_number(const std::map<std::string, std::string>& opt, const std::string& key,
                     double fallback) {
    auto it = opt.find(key);
    if (it == opt.end()) {
        return fallback;
    }
    try {
        return std::stod(it->second);
    } catch (const std::exception&) {
        return fallback;
    }
}

double number_at(const json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : 0.0;
}

/// Engines that complete each I/O before issuing the next: iodepth has no effect (fio(1),
/// "iodepth": "synchronous engines ... always use 1").
bool synchronous_engine(const std::string& engine) {
    static const std::set<std::string> sync = {"sync",       "psync",    "vsync",     "pvsync",
                                               "pvsync2",    "mmap",     "splice",    "ftruncate",
                                               "filecreate", "filestat", "filedelete"};
    return sync.count(engine) > 0;
}

/// The share of sequential requests: rw's pattern, unless percentage_random says otherwise.
double sequential_share(const std::map<std::string, std::string>& opt) {
    std::string rw = option(opt, "rw", option(opt, "readwrite", "read"));
    rw = rw.substr(0, rw.find(':'));
    const bool random = rw.rfind("rand", 0) == 0;
    if (opt.count("percentage_random") > 0) {
        return std::clamp(1.0 - option_number(opt, "percentage_random", 100) / 100.0, 0.0, 1.0);
    }
    return random ? 0.0 : 1.0;
}

/// A direction's latency percentiles (ns) as (fraction, seconds) pairs, increasing.
std::vector<std::pair<double, double>> percentiles(const json& dir) {
    std::vector<std::pair<double, double>> out;
    for (const char* key : {"lat_ns", "clat_ns"}) {
        auto it = dir.find(key);
        if (it == dir.end() || !it->contains("percentile")) {
            continue;
        }
        for (const auto& [p, v] : (*it)["percentile"].items()) {
            if (v.is_number()) {
                out.emplace_back(std::stod(p) / 100.0, v.get<double>() * 1e-9);
            }
        }
        std::sort(out.begin(), out.end());
        // clat excludes the submission latency: add its mean (fio(1) "slat", "clat", "lat").
        if (std::string(key) == "clat_ns" && dir.contains("slat_ns")) {
            const double slat = number_at(dir["slat_ns"], "mean") * 1e-9;
            for (auto& e : out) {
                e.second += slat;
            }
        }
        return out;
    }
    return out;
}

/// The fraction of requests of a direction completing within `t`, from its percentile table.
double cdf_at(const std::vector<std::pair<double, double>>& table, double t) {
    double below = 0;
    for (const auto& [p, v] : table) {
        if (v <= t) {
            below = p;
        }
    }
    return below;
}

/// The p95 of several directions together: the smallest listed latency where the request-
/// weighted share completed reaches 95% (derived: the mixture's distribution function).
double mixed_p95(
    const std::vector<std::pair<double, std::vector<std::pair<double, double>>>>& dirs) {
    std::vector<double> candidates;
    double total = 0;
    for (const auto& [weight, table] : dirs) {
        total += weight;
        for (const auto& e : table) {
            candidates.push_back(e.second);
        }
    }
    std::sort(candidates.begin(), candidates.end());
    for (const double t : candidates) {
        double share = 0;
        for (const auto& [weight, table] : dirs) {
            share += weight / total * cdf_at(table, t);
        }
        if (share >= 0.95 - 1e-9) {
            return t;
        }
    }
    return 0;
}

struct GroupTotals {
    std::vector<std::string> names, descriptions;
    double reads = 0, writes = 0, trims = 0, bytes_per_s = 0, iops = 0;
    double latency_sum_s = 0;  ///< sum over requests of their mean latency
    double runtime_s = 0;
    double processes = 0, outstanding = 0, sequential_requests = 0, streams = 0;
    std::map<double, double> sizes;  ///< size -> requests
    bool sizes_measured_only = false;
    std::vector<std::pair<double, std::vector<std::pair<double, double>>>> tails;
    std::map<std::string, int> entries;  ///< job name -> entries in the report
    /// Bytes the jobs' I/O spreads over (fio `size`): each job's own files, and the largest
    /// region of a file or device the jobs share (`filename`); unknown once a job has no
    /// `size` in bytes.
    double own_files_bytes = 0, shared_bytes = 0;
    bool working_set_known = true;
    /// Every job seeks before each request on a block device: the sync engine (engines/sync.c
    /// fio_syncio_prep: lseek, then read or write) on a /dev/ file.
    bool all_seek_on_device = true;
};

/// The working set of one report entry standing for `processes` jobs: fio lays out one file of
/// `size` bytes per job unless `filename` names one they share (fio(1), "size", "filename").
void add_working_set(GroupTotals& g, const std::map<std::string, std::string>& opt,
                     double processes) {
    const auto it = opt.find("size");
    const auto bytes = it != opt.end() ? fio_size(it->second) : std::nullopt;
    if (!bytes || !(*bytes > 0.0)) {
        g.working_set_known = false;  // absent (the whole device or file) or a percentage
        return;
    }
    if (opt.count("filename") > 0) {
        g.shared_bytes = std::max(g.shared_bytes, *bytes);
    } else {
        g.own_files_bytes += *bytes * processes;
    }
}

void add_job(GroupTotals& g, const json& job, const std::map<std::string, std::string>& opt,
             int entries_of_name) {
    const json& rd = job.at("read");
    const json& wr = job.at("write");
    const double reads = number_at(rd, "total_ios");
    const double writes = number_at(wr, "total_ios");
    g.reads += reads;
    g.writes += writes;
    if (job.contains("trim")) {
        g.trims += number_at(job["trim"], "total_ios");
    }
    g.iops += number_at(rd, "iops") + number_at(wr, "iops");
    g.bytes_per_s += number_at(rd, "bw_bytes") + number_at(wr, "bw_bytes");
    for (const json* dir : {&rd, &wr}) {
        const double n = number_at(*dir, "total_ios");
        if (n > 0 && dir->contains("lat_ns")) {
            g.latency_sum_s += n * number_at((*dir)["lat_ns"], "mean") * 1e-9;
        }
        auto table = percentiles(*dir);
        if (n > 0 && !table.empty()) {
            g.tails.emplace_back(n, std::move(table));
        }
    }
    // Each direction's runtime is the wall time of the run (job_runtime sums the clones').
    g.runtime_s =
        std::max({g.runtime_s, number_at(rd, "runtime") * 1e-3, number_at(wr, "runtime") * 1e-3});

    // With group_reporting one entry stands for all numjobs clones; without, each clone has
    // its own entry.
    const double numjobs = std::max(1.0, option_number(opt, "numjobs", 1));
    const double processes = std::max(1.0, numjobs / std::max(1, entries_of_name));
    const std::string engine = option(opt, "ioengine", "psync");
    const double depth =
        synchronous_engine(engine) ? 1.0 : std::max(1.0, option_number(opt, "iodepth", 1));
    g.processes += processes;
    g.outstanding += processes * depth;
    g.all_seek_on_device = g.all_seek_on_device && engine == "sync" &&
                           option(opt, "filename", "").rfind("/dev/", 0) == 0;
    add_working_set(g, opt, processes);
    const double seq = sequential_share(opt);
    g.sequential_requests += seq * (reads + writes);
    if (seq > 0) {
        g.streams += processes;  // each sequential job walks its own file region
    }

    JobSizes sizes = job_sizes(opt);
    if (!sizes.from_options) {
        g.sizes_measured_only = true;
        for (const json* dir : {&rd, &wr}) {
            const double n = number_at(*dir, "total_ios");
            if (n > 0) {
                g.sizes[number_at(*dir, "io_bytes") / n] += n;
            }
        }
    } else {
        for (const auto& [split, n] : {std::pair{&sizes.read, reads}, {&sizes.write, writes}}) {
            double total = 0;
            for (const auto& [s, w] : *split) {
                total += w;
            }
            for (const auto& [s, w] : *split) {
                if (total > 0 && n > 0) {
                    g.sizes[s] += n * w / total;
                }
            }
        }
    }
    std::string d = std::string("job '") + job.value("jobname", "?") + "'";
    for (const char* key : {"rw", "rwmixread", "percentage_random", "bs", "bssplit", "iodepth",
                            "numjobs", "ioengine", "direct"}) {
        if (auto it = opt.find(key); it != opt.end()) {
            d += " " + std::string(key) + "=" + it->second;
        }
    }
    if (std::find(g.descriptions.begin(), g.descriptions.end(), d) == g.descriptions.end()) {
        g.descriptions.push_back(d);
        g.names.push_back(job.value("jobname", "job"));
    }
}

ImportedWorkload make_workload(const GroupTotals& g, const std::string& version,
                               const std::string& time, int group, const std::string& label,
                               bool json_plus) {
    ImportedWorkload out;
    Workload& w = out.workload;
    const double n = g.reads + g.writes;
    std::string name = "fio";
    for (const auto& job : g.names) {
        name += " " + job;
    }
    w.name = name.substr(0, 200);
    w.read_fraction = round_to(g.reads / n, 4);
    w.sequential_fraction = round_to(g.sequential_requests / n, 3);
    w.streams = w.sequential_fraction > 0 ? static_cast<int>(g.streams) : 0;
    // Jobs with an asynchronous engine keep iodepth requests each in flight from one thread.
    w.threads = g.outstanding > g.processes ? static_cast<int>(std::lround(g.processes)) : 0;
    w.lseek_per_request = g.all_seek_on_device;
    double total = 0;
    for (const auto& [s, c] : g.sizes) {
        total += c;
    }
    if (g.sizes.size() == 1) {
        w.size.kind = SizeDistribution::Kind::Fixed;
        w.size.fixed_bytes =
            std::clamp(std::round(g.sizes.begin()->first), units::sector, units::GiB);
    } else {
        w.size.kind = SizeDistribution::Kind::Histogram;
        for (const auto& [s, c] : g.sizes) {
            w.size.bins.push_back({std::clamp(std::round(s), units::sector, units::GiB),
                                   round_to(100.0 * c / total, 4)});
        }
    }
    const double working_set = g.own_files_bytes + g.shared_bytes;
    if (g.working_set_known && working_set > 0.0) {
        w.working_set_bytes = working_set;
        out.notes.push_back("working set: " + short_number(working_set / units::MiB, 6) +
                            " MiB, from the jobs' size (each job's own file unless they name "
                            "one)");
    } else {
        out.notes.push_back(
            "working set: a job gives no size in bytes, so the requests are taken to cover the "
            "whole volume (span_fraction 1); set working_set_mib to the file or region tested");
    }
    const int outstanding = static_cast<int>(std::lround(g.outstanding));
    w.concurrency = {std::max(1, outstanding)};
    MeasuredPoint m;
    m.concurrency = w.concurrency.front();
    m.iops = round_to(g.iops, 5);
    m.mb_per_s = round_to(g.bytes_per_s / 1e6, 5);
    m.mean_response_s = round_to(g.latency_sum_s / n, 4);
    m.p95_response_s = round_to(mixed_p95(g.tails), 4);
    out.measured.push_back(m);

    out.source_format = json_plus ? "fio JSON+" : "fio JSON";
    out.requests = n;
    out.seconds = g.runtime_s;
    out.description = "Measured with " + version +
                      " (--output-format=" + (json_plus ? "json+" : "json") + "), group " +
                      std::to_string(group) + ": ";
    for (std::size_t i = 0; i < g.descriptions.size(); ++i) {
        out.description += (i > 0 ? "; " : "") + g.descriptions[i];
    }
    out.description += "; " + short_number(n, 4) + " I/Os in " + short_number(g.runtime_s, 3) +
                       " s" + (time.empty() ? "" : " on " + time) + "; from " + label;
    if (g.trims > 0) {
        out.notes.push_back(short_number(g.trims) +
                            " trims are not counted (the model has no "
                            "trims)");
    }
    if (g.sizes_measured_only) {
        out.notes.push_back(
            "request sizes: the job's bs is not a list fio documents (bsrange?); "
            "each direction's mean size (io_bytes / total_ios) is used");
    }
    return out;
}

std::map<std::string, std::string> options_of(const json& object) {
    std::map<std::string, std::string> opt;
    if (object.is_object()) {
        for (const auto& [k, v] : object.items()) {
            opt[k] = v.is_string() ? v.get<std::string>() : v.dump();
        }
    }
    return opt;
}

}  // namespace

std::vector<ImportedWorkload> import_fio_json(const std::string& text, const std::string& label) {
    const std::size_t brace = text.find('{');
    json doc;
    try {
        doc = json::parse(text.begin() + static_cast<std::ptrdiff_t>(
                                             brace == std::string::npos ? text.size() : brace),
                          text.end());
    } catch (const json::parse_error& e) {
        throw ImportError(label + ": not complete fio JSON (" + e.what() +
                          "); was fio stopped before it finished writing?");
    }
    if (!doc.is_object() || !doc.contains("jobs") || !doc["jobs"].is_array()) {
        throw ImportError(label + ": JSON without fio's \"jobs\" array: not fio output");
    }
    if (doc["jobs"].empty()) {
        throw ImportError(label + ": fio ran no jobs");
    }
    const std::string version = doc.value("fio version", std::string("fio (version unknown)"));
    const std::string time = doc.value("time", std::string());
    const auto global = options_of(doc.value("global options", json::object()));
    std::map<int, GroupTotals> groups;
    std::map<std::pair<int, std::string>, int> entries;
    for (const json& job : doc["jobs"]) {
        if (!job.is_object() || !job.contains("read") || !job.contains("write")) {
            throw ImportError(label + ": a job without \"read\" and \"write\" statistics");
        }
        entries[{job.value("groupid", 0), job.value("jobname", "")}] += 1;
    }
    bool json_plus = false;
    for (const json& job : doc["jobs"]) {
        auto opt = global;
        for (const auto& [k, v] : options_of(job.value("job options", json::object()))) {
            opt[k] = v;
        }
        const int group = job.value("groupid", 0);
        json_plus = json_plus ||
                    (job["read"].contains("clat_ns") && job["read"]["clat_ns"].contains("bins")) ||
                    (job["write"].contains("clat_ns") && job["write"]["clat_ns"].contains("bins"));
        add_job(groups[group], job, opt, entries[{group, job.value("jobname", "")}]);
    }
    std::vector<ImportedWorkload> out;
    for (const auto& [group, g] : groups) {
        if (g.reads + g.writes <= 0) {
            throw ImportError(label + ": fio group " + std::to_string(group) +
                              " did no reads or writes (failed or zero-length run?)");
        }
        out.push_back(make_workload(g, version, time, group, label, json_plus));
    }
    return out;
}

}  // namespace raidadv::measure::detail
