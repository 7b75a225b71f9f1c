#pragma once
// The PDF report of an advisor run: the buying summary first (what to buy with dated prices, what
// it achieves, the risks, the commands that build it), then the inputs, the recommendation with
// its layout diagram and explanation, the ranked alternatives, the charts (vector graphics),
// reliability and cost, what would change the choice, assumptions and how far to trust the model;
// the validation studies only as an appendix when the caller ran them. The report formats what
// it is given: the caller runs the advisor and the sensitivity analysis.
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
#include "advisor/sensitivity.h"
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
    const advisor::Request* request = nullptr;
    const advisor::Result* result = nullptr;
    /// advisor::sensitivity() of the result; null: the section says it was not computed.
    const advisor::Sensitivity* sensitivity = nullptr;
    /// For the human names of the parts the request names by catalog id (allowed drives and
    /// controllers, interfaces); null: the names of the candidates found are used.
    const Catalog* catalog = nullptr;
    /// The validation run, printed as an appendix; null (the default): no appendix, a short
    /// paragraph says how far to trust the model.
    const validation::ValidationReport* validation = nullptr;
    QString validation_note;  ///< where the validation numbers come from (with `validation`)
    QString app_version;
    QDateTime created = QDateTime::currentDateTime();
    PageSize page_size = PageSize::A4;
};

struct ReportOutcome {
    QString error;  ///< empty on success; else names the file and the problem
    int pages = 0;
    double seconds = 0.0;
};

/// The report's sections, in order.
enum class Section {
    BuyingSummary,
    Inputs,
    Recommendation,
    Alternatives,
    Charts,
    ReliabilityCost,
    Sensitivity,
    Assumptions
};
/// A section's heading as printed.
QString section_title(Section section);
/// The section headings, in order, as printed; for tests and help.
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
