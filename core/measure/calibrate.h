#pragma once
// Calibration on the user's own machine: fits the component parameters no datasheet gives (those
// the catalog lists as estimated) so that the analytic model predicts runs measured on that
// machine, within stated bounds, and says which parameters the runs cannot tell apart.
// Method: Levenberg-Marquardt on the logarithms of the parameters (Nocedal & Wright, "Numerical
// Optimization", 2nd ed., 2006, section 10.3), residuals log(predicted / measured) mean response.

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog_table.h"
#include "evaluate/evaluator.h"
#include "measure/measure.h"

namespace raidadv::measure {

/// A parameter calibrate can fit: one field of one component of a System.
struct CalibrationParameter {
    std::string key;     ///< "drive.command_overhead_ms" (component.column)
    std::string column;  ///< catalog CSV column, "command_overhead_ms"
    CatalogKind kind;    ///< the catalog table of the component
    std::string only;    ///< "hdd" / "ssd": drives of that kind only; else empty
    double lo, hi;       ///< bounds, SI units
    double csv_scale;    ///< CSV unit per SI unit (1e3 for ms, 1e6 for us, 1 for IOPS)
    std::vector<std::string> aliases;  ///< how a catalog source may name it after "estimated"
    double (*get)(const System&);
    void (*set)(System&, double);
};

/// Every parameter calibrate knows, with its bounds.
const std::vector<CalibrationParameter>& calibration_parameters();
/// The parameter called `key`; nullptr if there is none.
const CalibrationParameter* find_calibration_parameter(std::string_view key);
/// The parameters of `system` whose component's catalog source lists them as estimated
/// (components given inline, without a catalog id, have no source and are skipped).
std::vector<const CalibrationParameter*> estimated_parameters(const System& system);

/// One measured run: a workload with exactly one load point and what was measured there.
struct MeasuredRun {
    std::string name;
    Workload workload;
    MeasuredPoint measured;
};

/// One run per measured point of the imported workloads.
std::vector<MeasuredRun> runs_from(const std::vector<ImportedWorkload>& workloads);

struct CalibrationError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct RunFit {
    std::string run;
    double measured_s = 0;
    double before_s = 0, after_s = 0;  ///< predicted mean response; <0 = saturated
    double error_before() const;       ///< (predicted - measured) / measured
    double error_after() const;
};

/// Parameters the runs cannot tell apart (or do not depend on at all).
struct Indistinct {
    std::vector<std::string> keys;
    std::string why;
    bool no_effect = false;  ///< the runs do not depend on the (one) parameter at all
};

struct CalibrationResult {
    System fitted;
    std::vector<const CalibrationParameter*> parameters;
    std::vector<double> before, after;  ///< SI
    std::vector<bool> at_bound;
    std::vector<RunFit> runs;
    double rms_log_before = 0, rms_log_after = 0;
    std::vector<Indistinct> indistinct;
    int iterations = 0;
};

/// Fits `parameters` of `system` to `runs`. Throws CalibrationError with fewer runs than
/// parameters, with no parameters, or if a run's measured response is not positive.
CalibrationResult calibrate(const System& system, const std::vector<MeasuredRun>& runs,
                            const std::vector<const CalibrationParameter*>& parameters);

/// The predicted mean response of a run (seconds; negative if the point is saturated).
double predict_run(const System& system, const MeasuredRun& run);

}  // namespace raidadv::measure

namespace raidadv {
class Catalog;
}

namespace raidadv::measure {

/// A user catalog entry holding fitted values: a copy of the component's catalog row with a new
/// id, the fitted columns replaced and the source saying where they come from.
struct FittedEntry {
    CatalogKind kind;
    std::string from_id;  ///< the catalog entry it was copied from
    CatalogFields fields;
};

/// The fitted components as user catalog entries, ids "<id>-measured-<host>-<yyyymmdd>" (made
/// unique against `catalog`), sources "measured on <host>, <date>: ...". Parameters the runs did
/// not depend on are not written.
std::vector<FittedEntry> fitted_entries(const Catalog& catalog, const CalibrationResult& result,
                                        const std::string& host, const std::string& date,
                                        const std::string& evidence);

}  // namespace raidadv::measure
