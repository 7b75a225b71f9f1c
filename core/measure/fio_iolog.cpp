// fio iologs (--write_iolog), versions 2 and 3 (fio(1), "TRACE FILE FORMAT"): version 2 lines
// are "FILE ACTION [OFFSET LENGTH]" (ACTION wait: OFFSET microseconds since the previous wait);
// version 3 puts a timestamp first ("TIME FILE ACTION ...", microseconds since the start, as
// fio's iolog.c log_io_u writes utime_since_now) and has no wait.

#include <sstream>

#include "measure/importers.h"
#include "measure/trace_stats.h"

namespace raidadv::measure::detail {

namespace {

/// Reads the header line; the iolog version it names (2 or 3).
int read_version(LineReader& in) {
    std::string line;
    if (!in.next(line)) {
        throw ImportError(in.label() + ": the file is empty");
    }
    int version = 0;
    if (line.rfind("fio version 2 iolog", 0) == 0) {
        version = 2;
    } else if (line.rfind("fio version 3 iolog", 0) == 0) {
        version = 3;
    } else {
        throw ImportError(in.where() +
                          ": not a fio iolog (the first line must be \"fio version 2 iolog\" or "
                          "\"fio version 3 iolog\")");
    }
    return version;
}

/// The workload the log's reads and writes describe.
ImportedWorkload describe_log(const TraceStats& stats, int version, std::uint64_t syncs,
                              std::uint64_t trims, LineReader& in) {
    ImportedWorkload out;
    Workload& w = out.workload;
    w.name = "fio iolog";
    w.read_fraction = round_to(stats.read_fraction(), 4);
    w.sequential_fraction = round_to(stats.sequential_fraction(), 3);
    w.size = stats.sizes();
    w.alignment_bytes = stats.alignment_bytes();
    w.streams = w.sequential_fraction > 0 ? static_cast<int>(stats.targets()) : 0;
    out.source_format = "fio iolog v" + std::to_string(version);
    out.requests = stats.requests();
    const auto rates = stats.rates_per_second();
    if (!rates.empty() && stats.last_time_s() > stats.first_time_s()) {
        out.seconds = stats.last_time_s() - stats.first_time_s();
        w.arrival_rates_per_s = median_and_p95(rates);
    }
    if (w.arrival_rates_per_s.empty()) {
        // The log says nothing about how many requests were outstanding or when they came.
        w.concurrency = {1};
        out.notes.push_back(
            "the log has no timing: the load point is 1 outstanding request; "
            "replace it with the application's queue depth");
    }
    out.description = "fio iolog version " + std::to_string(version) + ": " +
                      short_number(stats.requests(), 4) + " requests on " +
                      std::to_string(stats.targets()) + " file(s), offsets spanning " +
                      short_number(stats.span_bytes() / 1e6, 4) + " MB";
    if (out.seconds > 0) {
        out.description += ", over " + short_number(out.seconds, 4) +
                           " s (load points: the median and 95th-percentile second)";
    }
    out.description += "; from " + in.label();
    if (syncs + trims > 0) {
        out.notes.push_back(std::to_string(syncs) + " syncs and " + std::to_string(trims) +
                            " trims are not counted (the model has neither)");
    }
    // derived: the requests fell over the offsets they spanned; taken as the working set,
    // the same bytes on whatever system the workload is tried on.
    if (stats.span_bytes() > 0.0) {
        w.working_set_bytes = stats.span_bytes();
        out.notes.push_back("working set: the " + short_number(stats.span_bytes() / 1e6, 4) +
                            " MB the offsets span (working_set_bytes)");
    }
    return out;
}

}  // namespace

std::vector<ImportedWorkload> import_fio_iolog(LineReader& in) {
    const int version = read_version(in);
    std::string line;
    TraceStats stats;
    double clock_s = 0;  // version 2: the sum of waits so far
    bool waits = false;
    std::uint64_t syncs = 0, trims = 0;
    std::string file, action;
    while (in.next(line)) {
        if (line.find_first_not_of(" \t") == std::string::npos) {
            continue;
        }
        std::istringstream fields(line);
        double time_us = -1;
        if (version == 3 && !(fields >> time_us)) {
            throw ImportError(in.where() + ": a version 3 line starts with a timestamp, got \"" +
                              line.substr(0, 60) + "\"");
        }
        if (!(fields >> file >> action)) {
            throw ImportError(in.where() + ": expected \"FILE ACTION\", got \"" +
                              line.substr(0, 60) + "\"");
        }
        if (action == "add" || action == "open" || action == "close") {
            continue;
        }
        if (action == "sync" || action == "datasync") {
            ++syncs;
            continue;
        }
        std::uint64_t offset = 0, length = 0;
        if (!(fields >> offset >> length) && action != "wait") {
            throw ImportError(in.where() + ": \"" + action +
                              "\" needs an offset and a length in bytes, got \"" +
                              line.substr(0, 60) + "\"");
        }
        if (action == "wait") {
            waits = true;
            clock_s += static_cast<double>(offset) * 1e-6;
            continue;
        }
        if (action == "trim") {
            ++trims;
            continue;
        }
        if (action != "read" && action != "write") {
            throw ImportError(in.where() + ": unknown action \"" + action +
                              "\" (fio iologs have add, open, close, read, write, sync, "
                              "datasync, trim, wait)");
        }
        if (length == 0) {
            continue;
        }
        const double t = version == 3 ? time_us * 1e-6 : (waits ? clock_s : -1.0);
        stats.add(file, t, action == "write", offset, length);
    }
    if (stats.requests() < 2) {
        throw ImportError(in.label() + ": " +
                          (stats.requests() == 0 ? std::string("no reads or writes")
                                                 : std::string("only one request")) +
                          " in the log: too little to describe a workload");
    }

    return {describe_log(stats, version, syncs, trims, in)};
}

}  // namespace raidadv::measure::detail
