// The validation summary's numbers: the studies run live (about a second's work), from the
// inputs installed next to the program or, in a build tree, the source tree's.

#include <QCoreApplication>
#include <chrono>
#include <system_error>

#include "catalog/data_dirs.h"
#include "report.h"

#ifndef RAID_SOURCE_RESOURCES_DIR
#define RAID_SOURCE_RESOURCES_DIR ""
#endif

namespace raidadv::report {

namespace fs = std::filesystem;

std::vector<fs::path> default_validation_dirs() {
    return bundled_data_dirs("validation", RAID_SOURCE_RESOURCES_DIR);
}

std::optional<validation::ValidationReport> run_validation_for_report(const Catalog& catalog,
                                                                      QString& note) {
    std::error_code error;
    fs::path dir;
    QStringList looked;
    for (const fs::path& candidate : default_validation_dirs()) {
        looked << QString::fromStdString(candidate.string());
        if (fs::is_directory(candidate, error)) {
            dir = candidate;
            break;
        }
    }
    if (dir.empty()) {
        note = QCoreApplication::translate("Report",
                                           "The validation study inputs were not found (looked "
                                           "in %1); run raid-advisor-cli validate for the numbers.")
                   .arg(looked.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    const auto start = std::chrono::steady_clock::now();
    try {
        validation::ValidationReport report = validation::run_validation(catalog, dir);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        note = QCoreApplication::translate("Report",
                                           "Computed for this report from the study inputs in %1 "
                                           "(%2 s), with the catalog the advice used.")
                   .arg(QString::fromStdString(dir.string()))
                   .arg(seconds, 0, 'f', 2);
        return report;
    } catch (const std::exception& e) {
        note = QCoreApplication::translate("Report", "The validation inputs in %1 are broken: %2")
                   .arg(QString::fromStdString(dir.string()), QString::fromUtf8(e.what()));
        return std::nullopt;
    }
}

}  // namespace raidadv::report
