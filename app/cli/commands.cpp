// The command table. To add a command: write cmd_<name>.cpp with a run function, declare it
// here, and add a row.

#include <stdexcept>

#include "cli.h"

namespace raidadv::cli {

int run_evaluate(const std::vector<std::string>& args, const GlobalOptions& options);
int run_simulate(const std::vector<std::string>& args, const GlobalOptions& options);

const std::vector<Command>& commands() {
    static const std::vector<Command> table = {
        {"evaluate", "evaluate FILE [--json]",
         "predict every system of a project under every workload",
         "Reads the project FILE (docs/file-format.md), evaluates every system under every\n"
         "workload at every load point, and prints one table per system (text) or, with\n"
         "--json, one JSON object with a 'systems' array and a 'results' array (one element\n"
         "per system x workload x load point; response times of saturated points are null).\n\n"
         "Options:\n"
         "  --json          JSON output on stdout\n"
         "  --catalog DB    hardware catalog database\n",
         run_evaluate},
        {"simulate", "simulate FILE [--json] [--seed N] [--jobs N]",
         "cross-check with the request-level discrete-event simulator",
         "Simulates every system of the project FILE under every workload, request by request\n"
         "(disk heads and platters, queues, caches, links: core/sim), and prints the same\n"
         "table or JSON as 'evaluate' plus the 95% confidence interval of each mean (JSON keys\n"
         "iops_ci, mb_per_s_ci, mean_response_ci_ms, jobs, truncated). Deterministic for a\n"
         "given seed.\n\n"
         "Options:\n"
         "  --json          JSON output on stdout\n"
         "  --seed N        random seed (default 1)\n"
         "  --jobs N        jobs measured per load point after the warm-up (default 10000)\n"
         "  --catalog DB    hardware catalog database\n",
         run_simulate},
    };
    return table;
}

const Command& command_named(const std::string& name) {
    for (const Command& c : commands()) {
        if (name == c.name) {
            return c;
        }
    }
    throw std::logic_error("no command " + name);
}

}  // namespace raidadv::cli
