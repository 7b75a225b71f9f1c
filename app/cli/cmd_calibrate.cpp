// `calibrate PROJECT --system NAME --measured FILE...`: fits the parameters the catalog marks as
// estimated to runs measured on the user's system and writes them as user catalog entries
// (core/measure/calibrate.h).

#include <unistd.h>

#include <chrono>
#include <ctime>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "measure/calibrate.h"
#include "units/units.h"

namespace raidadv::cli {
namespace {

using nlohmann::ordered_json;

struct CalibrateArgs {
    std::string project, system, user_catalog;
    std::vector<std::string> measured, parameters;
    bool json = false, dry_run = false;
};

CalibrateArgs parse_calibrate(const std::vector<std::string>& args, const Command& self) {
    CalibrateArgs a;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= args.size() || args[i + 1].rfind("--", 0) == 0) {
                throw UsageError{arg + " needs a value", self.synopsis};
            }
            return args[++i];
        };
        if (arg == "--system") {
            a.system = value();
        } else if (arg == "--user-catalog") {
            a.user_catalog = value();
        } else if (arg == "--parameters") {
            const std::string list = value();
            for (std::size_t pos = 0; pos <= list.size();) {
                const std::size_t end = std::min(list.find(',', pos), list.size());
                if (end > pos) {
                    a.parameters.push_back(list.substr(pos, end - pos));
                }
                pos = end + 1;
            }
        } else if (arg == "--measured") {
            while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
                a.measured.push_back(args[++i]);
            }
            if (a.measured.empty()) {
                throw UsageError{"--measured needs at least one FILE", self.synopsis};
            }
        } else if (arg == "--json") {
            a.json = true;
        } else if (arg == "--dry-run") {
            a.dry_run = true;
        } else if (arg.rfind("-", 0) == 0) {
            throw UsageError{"unknown option '" + arg + "'", self.synopsis};
        } else if (a.project.empty()) {
            a.project = arg;
        } else {
            throw UsageError{"calibrate takes one PROJECT; put measurement files after --measured",
                             self.synopsis};
        }
    }
    if (a.project.empty() || a.system.empty() || a.measured.empty()) {
        throw UsageError{"calibrate needs a PROJECT, --system NAME and --measured FILE...",
                         self.synopsis};
    }
    return a;
}

std::vector<const measure::CalibrationParameter*> chosen_parameters(const CalibrateArgs& a,
                                                                    const System& system,
                                                                    const Command& self) {
    if (a.parameters.empty()) {
        return measure::estimated_parameters(system);
    }
    std::vector<const measure::CalibrationParameter*> out;
    for (const auto& key : a.parameters) {
        const auto* p = measure::find_calibration_parameter(key);
        if (p == nullptr) {
            std::string keys;
            for (const auto& q : measure::calibration_parameters()) {
                keys += (keys.empty() ? "" : ", ") + q.key;
            }
            throw UsageError{"--parameters: unknown parameter '" + key + "'; use " + keys,
                             self.synopsis};
        }
        const std::string kind = system.drive.kind == DriveKind::Hdd ? "hdd" : "ssd";
        if (!p->only.empty() && p->only != kind) {
            throw UsageError{"--parameters: " + key + " applies to " + p->only +
                                 " drives; system '" + system.name + "' has " + kind + " drives",
                             self.synopsis};
        }
        out.push_back(p);
    }
    return out;
}

std::string percent(double error) {
    return std::isfinite(error) ? (error >= 0 ? "+" : "") + format_value(100 * error, 3) + "%"
                                : "saturated";
}

std::string today() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

std::string host_name() {
    char buf[256] = {};
    if (gethostname(buf, sizeof buf - 1) != 0 || buf[0] == '\0') {
        return "this host";
    }
    return buf;
}

void print_text(const measure::CalibrationResult& r, const System& system) {
    std::cout << "Calibration of system '" << system.name << "' on " << r.runs.size()
              << " measured run(s), " << r.parameters.size() << " parameter(s), " << r.iterations
              << " iteration(s)\n\nParameters (bounds):\n";
    for (std::size_t k = 0; k < r.parameters.size(); ++k) {
        const auto& p = *r.parameters[k];
        std::cout << "  " << p.key << ": " << format_value(r.before[k] * p.csv_scale) << " -> "
                  << format_value(r.after[k] * p.csv_scale) << "  ["
                  << format_value(p.lo * p.csv_scale) << " .. " << format_value(p.hi * p.csv_scale)
                  << "]" << (r.at_bound[k] ? "  at its bound" : "") << "\n";
    }
    std::cout << "\nMean response per run (ms): measured, before (error), after (error)\n";
    for (const auto& f : r.runs) {
        std::cout << "  " << f.run << ": " << format_value(f.measured_s / units::ms) << ", "
                  << (f.before_s > 0 ? format_value(f.before_s / units::ms) : "-") << " ("
                  << percent(f.error_before()) << "), "
                  << (f.after_s > 0 ? format_value(f.after_s / units::ms) : "-") << " ("
                  << percent(f.error_after()) << ")\n";
    }
    std::cout << "\nRMS of log(predicted/measured): before " << format_value(r.rms_log_before, 3)
              << ", after " << format_value(r.rms_log_after, 3) << "\n";
    for (const auto& g : r.indistinct) {
        std::cout << "Cannot tell apart:";
        for (const auto& k : g.keys) {
            std::cout << " " << k;
        }
        std::cout << ": " << g.why << "\n";
    }
}

ordered_json result_json(const measure::CalibrationResult& r, const System& system) {
    ordered_json j;
    j["system"] = system.name;
    j["iterations"] = r.iterations;
    auto params = ordered_json::array();
    for (std::size_t k = 0; k < r.parameters.size(); ++k) {
        const auto& p = *r.parameters[k];
        params.push_back({{"key", p.key},
                          {"before", r.before[k] * p.csv_scale},
                          {"after", r.after[k] * p.csv_scale},
                          {"lower_bound", p.lo * p.csv_scale},
                          {"upper_bound", p.hi * p.csv_scale},
                          {"at_bound", static_cast<bool>(r.at_bound[k])}});
    }
    j["parameters"] = params;
    auto runs = ordered_json::array();
    for (const auto& f : r.runs) {
        ordered_json run{{"run", f.run}, {"measured_ms", f.measured_s / units::ms}};
        run["before_ms"] = f.before_s > 0 ? ordered_json(f.before_s / units::ms) : ordered_json();
        run["after_ms"] = f.after_s > 0 ? ordered_json(f.after_s / units::ms) : ordered_json();
        runs.push_back(run);
    }
    j["runs"] = runs;
    j["rms_log_error_before"] = r.rms_log_before;
    j["rms_log_error_after"] = r.rms_log_after;
    auto groups = ordered_json::array();
    for (const auto& g : r.indistinct) {
        groups.push_back({{"parameters", g.keys}, {"why", g.why}});
    }
    j["cannot_tell_apart"] = groups;
    return j;
}

/// The project's system named --system; nullptr (with the names it has on stderr) when none.
const System* find_system(const CommandProject& loaded, const CalibrateArgs& a) {
    const System* system = nullptr;
    std::string names;
    for (const System& s : loaded.project->systems) {
        names += (names.empty() ? "'" : ", '") + s.name + "'";
        if (s.name == a.system) {
            system = &s;
        }
    }
    if (system == nullptr) {
        std::cerr << kProgram << ": " << a.project << " has no system '" << a.system << "'"
                  << (names.empty() ? " (it has no systems)" : "; its systems are " + names)
                  << "\n";
        return nullptr;
    }
    return system;
}

/// Adds the fitted entries to the user catalog, listing each in written; kFailure when the
/// catalog refuses one.
int write_fitted_entries(const CalibrateArgs& a, const GlobalOptions& options,
                         const measure::CalibrationResult& result, std::size_t run_count,
                         ordered_json& written) {
    const std::filesystem::path bundled =
        options.catalog ? *options.catalog : Catalog::default_path();
    const std::filesystem::path user = a.user_catalog.empty()
                                           ? Catalog::default_user_path()
                                           : std::filesystem::path(a.user_catalog);
    CatalogOpenResult opened = Catalog::open(bundled, user);
    if (!opened.message.empty()) {
        std::cerr << kProgram << ": warning: " << opened.message << "\n";
    }
    const std::string evidence = std::to_string(run_count) + " measured run(s) (" +
                                 std::to_string(a.measured.size()) + " file(s))";
    for (auto& e :
         measure::fitted_entries(opened.catalog, result, host_name(), today(), evidence)) {
        const auto errors = opened.catalog.add_user_entry(e.kind, e.fields);
        if (!errors.empty()) {
            for (const auto& err : errors) {
                std::cerr << kProgram << ": " << e.fields["id"] << " column " << err.where << ": "
                          << err.message << "\n";
            }
            return kFailure;
        }
        written.push_back({{"kind", std::string(catalog_kind_name(e.kind))},
                           {"id", e.fields["id"]},
                           {"from", e.from_id}});
        if (!a.json) {
            std::cout << "Wrote user catalog entry " << e.fields["id"] << " ("
                      << catalog_kind_name(e.kind) << ", from " << e.from_id << ") to "
                      << user.string() << "\n";
        }
    }
    return kOk;
}

}  // namespace

int run_calibrate(const std::vector<std::string>& args, const GlobalOptions& options) {
    const Command& self = command_named("calibrate");
    const CalibrateArgs a = parse_calibrate(args, self);
    require_regular_file(a.project, self);
    const CommandProject loaded = load_command_project(a.project, options, self);
    if (!loaded.project) {
        return kBadInput;
    }
    const System* system = find_system(loaded, a);
    if (system == nullptr) {
        return kBadInput;
    }
    std::vector<measure::ImportedWorkload> imported;
    try {
        for (const auto& file : a.measured) {
            for (auto& w : measure::import_file(file)) {
                imported.push_back(std::move(w));
            }
        }
    } catch (const measure::ImportError& e) {
        std::cerr << kProgram << ": " << e.what() << "\n";
        return kBadInput;
    }
    const auto runs = measure::runs_from(imported);
    const auto params = chosen_parameters(a, *system, self);
    measure::CalibrationResult result;
    try {
        result = measure::calibrate(*system, runs, params);
    } catch (const measure::CalibrationError& e) {
        std::cerr << kProgram << ": " << e.what() << "\n";
        return kBadInput;
    }
    ordered_json out = result_json(result, *system);
    if (!a.json) {
        print_text(result, *system);
    }
    auto written = ordered_json::array();
    if (!a.dry_run) {
        if (write_fitted_entries(a, options, result, runs.size(), written) != kOk) {
            return kFailure;
        }
    }
    out["written"] = written;
    if (a.json) {
        std::cout << out.dump(2) << "\n";
    }
    return std::cout.good() ? kOk : kFailure;
}

}  // namespace raidadv::cli
