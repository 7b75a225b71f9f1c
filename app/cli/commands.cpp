// The command table. To add a command: write cmd_<name>.cpp with a run function, declare it
// here, and add a row.

#include <stdexcept>

#include "cli.h"

namespace raidadv::cli {

int run_evaluate(const std::vector<std::string>& args, const GlobalOptions& options);
int run_simulate(const std::vector<std::string>& args, const GlobalOptions& options);
int run_validate(const std::vector<std::string>& args, const GlobalOptions& options);
int run_recommend(const std::vector<std::string>& args, const GlobalOptions& options);
int run_catalog(const std::vector<std::string>& args, const GlobalOptions& options);
int run_report(const std::vector<std::string>& args, const GlobalOptions& options);
int run_target(const std::vector<std::string>& args, const GlobalOptions& options);
int run_workload(const std::vector<std::string>& args, const GlobalOptions& options);
int run_calibrate(const std::vector<std::string>& args, const GlobalOptions& options);

// One table of every command, in the order --help prints them; a row per command.
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
         "iops_ci, mb_per_s_ci, mean_response_ci_ms, jobs, truncated; md_bitmap where an md\n"
         "write-intent bitmap took writes). Deterministic for a given seed.\n\n"
         "Options:\n"
         "  --json          JSON output on stdout\n"
         "  --seed N        random seed (default 1)\n"
         "  --jobs N        jobs measured per load point after the warm-up (default 10000)\n"
         "  --catalog DB    hardware catalog database\n",
         run_simulate},
        {"validate", "validate [--json] [--report DIR] [--validation-dir DIR]",
         "check the model against published measurements and a rule of thumb",
         "Predicts every figure of the reference studies (resources/validation) from each\n"
         "study's hardware profile, next to the online-calculator rule of thumb, and prints per\n"
         "study the figures with their errors (calibration figures marked), the median absolute\n"
         "error, Kendall's tau and whether each of the study's conclusions is reproduced; then\n"
         "the overall numbers. Exits 0 whenever it ran: the numbers are the result.\n\n"
         "Options:\n"
         "  --json                JSON output on stdout ('studies' with 'figures' and\n"
         "                        'conclusions', and the overall statistics; null where a\n"
         "                        figure has no baseline)\n"
         "  --report DIR          also write DIR/validation.md and PNG charts into DIR\n"
         "                        (created if needed; needs no display)\n"
         "  --validation-dir DIR  the study inputs (default: <bin>/../share/raid-advisor/\n"
         "                        validation, else the source tree's resources/validation)\n"
         "  --catalog DB          hardware catalog database\n\n"
         "Exit status: 0 ran, 1 validation inputs missing or broken or report not written,\n"
         "2 bad usage.\n",
         run_validate},
        {"recommend", "recommend FILE [--top N] [--json] [--exhaustive]",
         "rank storage configurations for the project's question",
         "Reads the project FILE's \"advisor\" section (workload, capacity, budget, fault\n"
         "tolerance, allowed hardware, weights; docs/file-format.md), searches the catalog's\n"
         "drives x controllers x drive counts x RAID layouts x stripe units, evaluates each\n"
         "candidate that meets the constraints with the analytic model, and prints the best N\n"
         "with explanations, or with --json an object with 'recommendations' (ranked: system,\n"
         "metrics, cost, capacity, reliability, stripe, explanation), 'pareto' (the candidates\n"
         "no other beats on response time, cost, loss risk and capacity together), 'search'\n"
         "(counts, rejections by reason, seconds) and 'problems'. Candidates that cannot\n"
         "change the answer (their known cost, capacity and loss risk and a bound on their\n"
         "response time show it) are not evaluated: 'search' counts them as 'skipped'.\n\n"
         "Options:\n"
         "  --top N         how many to print (default 5)\n"
         "  --json          JSON output on stdout\n"
         "  --exhaustive    evaluate every candidate (slower; the same front and first rows)\n"
         "  --catalog DB    hardware catalog database\n",
         run_recommend},
        {"target",
         "target FILE [--p95-ms MS] [--load-factor F] [--capacity-tb TB] [--years Y] "
         "[--failures N] [--json]",
         "what would it take to meet a target: the cheapest change, and when today's pick runs out",
         "Takes the project FILE's \"advisor\" question, changes it by the target (the load\n"
         "points scaled by F; a 95th-percentile response under MS milliseconds at every load\n"
         "point; TB usable, or the project's capacity grown for Y years; N drive failures\n"
         "survived), lifts the budget, searches the catalog as 'recommend' does and prints\n"
         "the cheapest candidate that meets the target, what it changes against today's pick\n"
         "(the project's own recommendation), the cheapest of each kind of change (more\n"
         "drives, another RAID level, SSDs or other drives, another controller), and when\n"
         "today's pick and the answer run out as the data and the load grow at the project's\n"
         "growth rate. With --json: 'target', 'today', 'answer', 'options', 'meeting',\n"
         "'search', 'problems' and 'assumptions'.\n\n"
         "Options:\n"
         "  --p95-ms MS       95th-percentile response time limit in milliseconds\n"
         "  --load-factor F   scale every load point by F (default 1)\n"
         "  --capacity-tb TB  usable capacity needed, in TB (10^12 bytes)\n"
         "  --years Y         when the capacity is needed (without --capacity-tb: the\n"
         "                    project's capacity grown at its growth rate for Y years)\n"
         "  --failures N      drive failures to survive\n"
         "  --json            JSON output on stdout\n"
         "  --catalog DB      hardware catalog database\n\n"
         "Exit status: 0 answered (also when nothing meets the target), 1 catalog missing,\n"
         "2 bad usage, missing or invalid project, or a project without an advisor section.\n",
         run_target},
        {"report", "report FILE -o OUT.pdf [--page-size a4|letter] [--validation]",
         "write the advisor's answer as a PDF report",
         "Runs the advisor on the project FILE's \"advisor\" section and writes a PDF report to\n"
         "OUT.pdf: first the buying summary (what to buy with dated prices, what it achieves,\n"
         "the risks, the commands that build it), then the inputs (workload, size histogram,\n"
         "constraints), the recommendation with its layout diagram and explanation, the ranked\n"
         "alternatives, the charts (vector graphics), reliability and cost, what would change\n"
         "the choice (the top candidates re-examined under changed read share, load, sizes,\n"
         "budget, capacity and weights), assumptions and how far to trust the model. Pages are\n"
         "numbered; the file is replaced only once it is complete. Needs no display.\n\n"
         "Options:\n"
         "  -o, --output OUT.pdf   the PDF file to write (its folder must exist)\n"
         "  --page-size SIZE       a4 (default) or letter\n"
         "  --validation           run the validation studies and append them (about a second)\n"
         "  --catalog DB           hardware catalog database\n\n"
         "Exit status: 0 written, 1 catalog missing or the file could not be written,\n"
         "2 bad usage, missing or invalid project, or a project without an advisor section.\n",
         run_report},
        {"catalog",
         "catalog list|import|export [FILE.csv] [--kind K] [--json] [-o FILE.csv] [--all] "
         "[--user-catalog DB]",
         "browse the hardware catalog, import or export user entries as CSV",
         "The catalog is the bundled database with the user catalog layered over it (the\n"
         "user's own entries; ids never repeat bundled ones; resources/catalog/README.md).\n\n"
         "  catalog list [--kind K] [--json]      every entry, bundled or user\n"
         "  catalog import FILE.csv --kind K      add the rows of FILE.csv (the columns of\n"
         "                                        resources/catalog/K.csv) to the user catalog;\n"
         "                                        good rows are written, each rejected row is\n"
         "                                        printed as 'FILE:LINE column C: reason'\n"
         "  catalog export --kind K -o FILE.csv   the user entries (--all: every entry) as CSV\n"
         "                                        that import reads back unchanged\n\n"
         "Options:\n"
         "  --kind K            drives, controllers, links or hosts\n"
         "  --json              list as JSON (kind, id, origin, fields by CSV column)\n"
         "  --user-catalog DB   user catalog (default: $RAID_ADVISOR_USER_CATALOG, else\n"
         "                      ~/.local/share/RAID Advisor/user-catalog.db)\n"
         "  --catalog DB        bundled catalog database (before the command)\n\n"
         "A user catalog that fails its check is renamed to <name>.broken-<time> with a\n"
         "warning and the bundled catalog is used alone.\n"
         "Exit status: 0 done, 1 catalog unusable or file not written, 2 bad usage or rows\n"
         "rejected.\n",
         run_catalog},
        {"workload",
         "workload import FILE... [--format auto|fio|fio-iolog|iostat|blkparse] [--json]",
         "make workloads from fio, iostat or blktrace measurements",
         "Reads measurements a server already records and prints each as a workload object\n"
         "exactly as a project file's \"workloads\" list holds it (docs/file-format.md), ready\n"
         "to paste, with its provenance in \"description\" and the measured load points under\n"
         "\"measured\"; with --json, one object {\"workloads\": [...]}. What each format gives\n"
         "and lacks: docs/measurements.md. Notes on what was assumed go to stderr.\n\n"
         "Formats (--format, default auto: decided from the content):\n"
         "  fio          fio --output-format=json or json+ (fio 3.x): one workload per job group\n"
         "  fio-iolog    fio --write_iolog, versions 2 and 3: one per log\n"
         "  iostat       iostat -x text or -o JSON (sysstat 11, 12): one per device with I/O;\n"
         "               load points at the median and 95th-percentile busy intervals\n"
         "  blkparse     blkparse default text (blktrace): one per device\n\n"
         "Options:\n"
         "  --format F      the input format (auto, fio, fio-iolog, iostat, blkparse)\n"
         "  --json          one JSON object on stdout\n\n"
         "Exit status: 0 imported, 2 bad usage or a file that cannot be imported (the message\n"
         "names the file and what is wrong).\n",
         run_workload},
        {"calibrate",
         "calibrate PROJECT --system NAME --measured FILE... [--parameters P,...] [--user-catalog "
         "DB] [--dry-run] [--json]",
         "fit the parameters no datasheet gives to runs measured on your system",
         "Predicts each measured run (fio JSON or iostat of runs on an existing system that the\n"
         "project describes as system NAME), fits the component parameters the catalog marks as\n"
         "estimated (drive command overhead, SSD latencies, controller command rate, link\n"
         "command overhead, host per-request overhead) within stated bounds, prints each run's\n"
         "error before and after, names the parameters the runs cannot tell apart, and writes\n"
         "the fitted components as user catalog entries (\"measured on HOST, DATE\").\n"
         "Refuses to fit with fewer runs than parameters.\n\n"
         "Options:\n"
         "  --system NAME        the project's system the runs were measured on\n"
         "  --measured FILE...   measurement files (every argument after it until the next\n"
         "                       option)\n"
         "  --parameters P,...   fit these instead (e.g. drive.command_overhead_ms,\n"
         "                       controller.max_iops; see docs/measurements.md)\n"
         "  --user-catalog DB    user catalog to write (default: as 'catalog')\n"
         "  --dry-run            fit and print, write nothing\n"
         "  --json               JSON output on stdout\n"
         "  --catalog DB         bundled catalog database (before the command)\n\n"
         "Exit status: 0 fitted (and written), 1 catalog unusable or not written, 2 bad usage,\n"
         "bad measurements or too few runs.\n",
         run_calibrate},
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
