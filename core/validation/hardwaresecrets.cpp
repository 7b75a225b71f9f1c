// Hardware Secrets: two Samsung HD080HJ in RAID 0 on the Intel D975XBX2's ICH7R against one
// drive, stripe 4 to 128 KB, HD Tach average (sequential read) transfer rate.

#include <algorithm>
#include <limits>
#include <sstream>

#include "validation/baseline.h"
#include "validation/statistics.h"
#include "validation/studies.h"
#include "validation/study_inputs.h"

namespace raidadv::validation {

StudyResult run_hardwaresecrets(const Catalog& catalog, const std::filesystem::path& dir) {
    const StudyInputs in = load_study(catalog, dir, "hardwaresecrets");
    StudyResult study = begin_study(in, "hardwaresecrets");
    study.profile =
        "Catalog profile: samsung-hd080hj drives on sata-3g lanes, intel-ich7r host RAID, "
        "intel-dmi, intel-core2-x6800-xp host. Nothing calibrated. HD Tach's average rate is "
        "taken as one stream of 64 KiB sequential reads, one outstanding, over the whole disk.";
    const Workload& w = in.project.workloads.front();
    const double single =
        evaluate(system_named(in.project, "Single drive"), w).points.front().mb_per_s;
    std::vector<double> ratios;
    Series line{"RAID 0 (2 drives) over one drive: average transfer rate",
                "RAID 0 / one drive",
                "stripe (KiB)",
                "ratio",
                {},
                {},
                {}};
    for (const System& s : in.project.systems) {
        if (s.layout.level != RaidLevel::Raid0) {
            continue;
        }
        const double r = evaluate(s, w).points.front().mb_per_s / single;
        ratios.push_back(r);
        line.x.push_back(s.layout.stripe_unit_bytes / 1024.0);
        line.predicted.push_back(r);
    }
    study.series.push_back(line);
    const System& pair = in.project.systems.back();
    const double baseline =
        baseline_bytes_per_s(pair) / (baseline_bytes_per_s(pair) / pair.total_drives());
    const auto [lo, hi] = std::minmax_element(ratios.begin(), ratios.end());
    classify(add_figure(study, in, "lowest|ratio",
                        "RAID 0 / one drive, average rate, lowest over stripes", *lo, baseline),
             pair, w);
    classify(add_figure(study, in, "highest|ratio",
                        "RAID 0 / one drive, average rate, highest over stripes", *hi, baseline),
             pair, w);
    const double spread = 100.0 * (*hi / *lo - 1.0);
    study.conclusions.push_back(
        {"RAID 0 of two drives about doubles the average transfer rate", *lo > 1.8 && *hi < 2.2,
         "predicted ratios " + significant(*lo, 4) + " to " + significant(*hi, 4)});
    study.conclusions.push_back(
        {"The stripe size changes the average transfer rate only a little (best vs worst under 5%)",
         spread < 5.0,
         "predicted best vs worst " + significant(spread, 4) + "% (measured " +
             significant(in.measured.value("stripe_spread_pct", 0.0), 4) + "%)"});
    study.kendall_tau = std::numeric_limits<double>::quiet_NaN();  // no ranking given
    study.kendall_basis = "none: the article gives only the extremes over stripe sizes";
    summarize(study);
    return study;
}

}  // namespace raidadv::validation
