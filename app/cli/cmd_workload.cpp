// `workload import FILE... [--format F] [--json]`: workloads from fio, iostat and block traces,
// printed as project-file `workloads[]` objects (core/measure).

#include <iostream>
#include <map>

#include "cli.h"
#include "measure/measure.h"
#include "measure/workload_json.h"

namespace raidadv::cli {
namespace {

/// Progress of a long read on stderr, one line rewritten in place.
measure::Progress progress_on_stderr(const std::string& file) {
    return [file](std::uint64_t done, std::uint64_t total) {
        if (total < 64ull * 1024 * 1024) {
            return;  // small files: no progress lines
        }
        std::cerr << "\r" << file << ": read " << format_value(static_cast<double>(done) / 1e6, 4)
                  << " of " << format_value(static_cast<double>(total) / 1e6, 4) << " MB ("
                  << (100 * done / total) << "%)" << (done >= total ? "\n" : "") << std::flush;
    };
}

}  // namespace

int run_workload(const std::vector<std::string>& args, const GlobalOptions& /*options*/) {
    const Command& self = command_named("workload");
    std::map<std::string, std::string> values;
    const auto rest = take_valued(args, {"--format"}, values, self);
    const ParsedArgs parsed = parse_command_args(rest, {"--json"}, self);
    if (parsed.positionals.empty() || parsed.positionals.front() != "import") {
        throw UsageError{"the workload command has one action: 'workload import FILE...'",
                         self.synopsis};
    }
    if (parsed.positionals.size() < 2) {
        throw UsageError{"workload import needs at least one measurement FILE", self.synopsis};
    }
    measure::ImportOptions import;
    if (auto it = values.find("--format"); it != values.end()) {
        const auto format = measure::format_from_name(it->second);
        if (!format) {
            throw UsageError{"--format must be auto, fio, fio-iolog, iostat or blkparse, got '" +
                                 it->second + "'",
                             self.synopsis};
        }
        import.format = *format;
    }
    std::vector<measure::ImportedWorkload> all;
    for (std::size_t i = 1; i < parsed.positionals.size(); ++i) {
        const std::string& file = parsed.positionals[i];
        import.progress = progress_on_stderr(file);
        try {
            for (auto& w : measure::import_file(file, import)) {
                std::cerr << file << ": " << w.source_format << ", workload \"" << w.workload.name
                          << "\"\n";
                for (const auto& note : w.notes) {
                    std::cerr << "  note: " << note << "\n";
                }
                all.push_back(std::move(w));
            }
        } catch (const measure::ImportError& e) {
            std::cerr << kProgram << ": " << e.what() << "\n";
            return kBadInput;
        }
    }
    measure::make_names_unique(all);
    auto list = nlohmann::ordered_json::array();
    for (const auto& w : all) {
        list.push_back(measure::workload_json(w));
    }
    if (parsed.has("--json")) {
        std::cout << nlohmann::ordered_json{{"workloads", list}}.dump(2) << "\n";
    } else {
        // Ready to paste into a project's "workloads": [ ... ], comma separated.
        for (std::size_t i = 0; i < list.size(); ++i) {
            std::cout << list[i].dump(2) << (i + 1 < list.size() ? ",\n" : "\n");
        }
    }
    return std::cout.good() ? kOk : kFailure;
}

}  // namespace raidadv::cli
