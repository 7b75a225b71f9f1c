#pragma once
// The PDF report of an advisor run: title page, the inputs, the recommendation with its layout
// diagram and explanation, the ranked alternatives, the charts (vector graphics), reliability and
// cost, what would change the choice, assumptions and model limits, and the validation summary.
// Used by `raid-advisor-cli report` and the desktop app's File > Export report. Needs a
// QApplication (the charts are Qt Charts); any platform works, offscreen included.

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <filesystem>
#include <optional>
#include <vector>

#include "advisor/advisor.h"
#include "advisor/request.h"
#include "validation/validation.h"

namespace raidadv {
class Catalog;
}

namespace raidadv::report {

enum class PageSize { A4, Letter };

/// "a4" or "letter" (any case); nullopt otherwise.
std::optional<PageSize> page_size_from_string(const QString& text);

struct ReportInput {
    QString project_name;
    QString project_description;
    QString source_file;  ///< the project file, shown on the title page; may be empty
    const advisor::Request* request = nullptr;
    const advisor::Result* result = nullptr;
    /// The validation run summarized at the end; null: the section says why it is missing.
    const validation::ValidationReport* validation = nullptr;
    QString validation_note;  ///< where the validation numbers come from, or why they are missing
    QString app_version;
    QDateTime created = QDateTime::currentDateTime();
    PageSize page_size = PageSize::A4;
};

struct ReportOutcome {
    QString error;  ///< empty on success; else names the file and the problem
    int pages = 0;
    double seconds = 0.0;
};

/// The section headings, in order, as printed (the title page has none); for tests and help.
QStringList section_titles();

/// Writes the report to `path` (through a temporary file that replaces `path` only when
/// complete). Never leaves a half-written file.
ReportOutcome write_report(const ReportInput& input, const QString& path);

/// Where the validation study inputs are looked for: next to the program
/// (<exe>/../share/raid-advisor/validation), then the source tree's resources/validation.
std::vector<std::filesystem::path> default_validation_dirs();

/// Runs the validation studies from the first directory of default_validation_dirs() that
/// exists; nullopt (and `note` says why) if none does or the inputs are broken. `note` also says
/// how long the run took.
std::optional<validation::ValidationReport> run_validation_for_report(const Catalog& catalog,
                                                                      QString& note);

}  // namespace raidadv::report
