// `evaluate FILE [--json]`: every system under every workload.

#include <iostream>

#include "cli.h"
#include "evaluate/evaluator.h"
#include "evaluate_output.h"

namespace raidadv::cli {

int run_evaluate(const std::vector<std::string>& args, const GlobalOptions& options) {
    const Command& self = command_named("evaluate");
    const ParsedArgs parsed = parse_command_args(args, {"--json"}, self);
    if (parsed.positionals.size() != 1) {
        throw UsageError{parsed.positionals.empty() ? "evaluate needs a project FILE"
                                                    : "evaluate takes one project FILE",
                         self.synopsis};
    }
    const std::filesystem::path file = parsed.positionals.front();
    const CommandProject loaded = load_command_project(file, options, self);
    const std::optional<Project>& project = loaded.project;
    if (!project || !has_systems_or_report(*project, file, std::cerr)) {
        return kBadInput;
    }

    std::vector<SystemResult> results;
    for (const System& system : project->systems) {
        SystemResult r;
        r.system = &system;
        r.summary = summarize(system);
        for (const Workload& workload : project->workloads) {
            r.evaluations.push_back(evaluate(system, workload));
        }
        results.push_back(std::move(r));
    }

    if (parsed.has("--json")) {
        std::cout << results_json(*project, results).dump(2) << "\n";
    } else {
        print_text(std::cout, *project, results);
    }
    return std::cout.good() ? kOk : kFailure;
}

}  // namespace raidadv::cli
