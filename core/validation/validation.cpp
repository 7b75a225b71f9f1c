#include "validation/validation.h"

#include <cmath>

#include "validation/statistics.h"
#include "validation/studies.h"

namespace raidadv::validation {

double Figure::error_pct() const {
    return validation::error_pct(measured, predicted);
}

double Figure::baseline_error_pct() const {
    return has_baseline() ? validation::error_pct(measured, baseline) : 0.0;
}

void summarize(StudyResult& study) {
    std::vector<double> model, base;
    for (const auto& f : study.figures) {
        if (f.calibration) {
            continue;
        }
        model.push_back(std::abs(f.error_pct()));
        if (f.has_baseline()) {
            base.push_back(std::abs(f.baseline_error_pct()));
        }
    }
    study.median_abs_error_pct = median(model);
    study.baseline_median_abs_error_pct = median(base);
}

void summarize(ValidationReport& report) {
    std::vector<double> model, base;
    report.conclusions_reproduced = 0;
    report.conclusions_total = 0;
    report.figures = 0;
    report.calibration_figures = 0;
    for (auto& study : report.studies) {
        summarize(study);
        for (const auto& f : study.figures) {
            ++report.figures;
            report.calibration_figures += f.calibration ? 1 : 0;
            if (f.calibration) {
                continue;
            }
            model.push_back(std::abs(f.error_pct()));
            if (f.has_baseline()) {
                base.push_back(std::abs(f.baseline_error_pct()));
            }
        }
        for (const auto& c : study.conclusions) {
            report.conclusions_total++;
            report.conclusions_reproduced += c.reproduced ? 1 : 0;
        }
    }
    report.median_abs_error_pct = median(model);
    report.baseline_median_abs_error_pct = median(base);
}

ValidationReport run_validation(const Catalog& catalog, const std::filesystem::path& dir) {
    ValidationReport report;
    report.studies.push_back(run_hauser_1996(catalog, dir));
    report.studies.push_back(run_ou_2007(catalog, dir));
    report.studies.push_back(run_miller(catalog, dir));
    report.studies.push_back(run_hardwaresecrets(catalog, dir));
    report.studies.push_back(run_louwrentius_md_raid5(catalog, dir));
    report.studies.push_back(run_louwrentius_mx200(catalog, dir));
    report.studies.push_back(run_clemtibs_zfs(catalog, dir));
    report.studies.push_back(run_louwrentius_zfs(catalog, dir));
    report.studies.push_back(run_louwrentius_p420i_cache(catalog, dir));
    report.studies.push_back(run_louwrentius_sata_ssds(catalog, dir));
    report.studies.push_back(run_louwrentius_ahci_hdds(catalog, dir));
    report.studies.push_back(run_oberstet_md_nvme(catalog, dir));
    summarize(report);
    return report;
}

}  // namespace raidadv::validation
