// `report FILE -o OUT.pdf [--page-size a4|letter] [--validation]`: the advisor's answer as a PDF
// report (app/report): the search and the sensitivity run (and the validation studies if asked
// for), then the pages.

#include <iomanip>
#include <iostream>
#include <map>

#include "advisor/advisor.h"
#include "advisor/sensitivity.h"
#include "cli.h"
#include "qt_scope.h"
#include "report.h"

namespace raidadv::cli {

int run_report(const std::vector<std::string>& args, const GlobalOptions& options) {
    const Command& self = command_named("report");
    std::map<std::string, std::string> values;
    const std::vector<std::string> rest =
        take_valued(args, {"-o", "--output", "--page-size"}, values, self);
    const ParsedArgs parsed = parse_command_args(rest, {"--validation"}, self);
    if (parsed.positionals.size() != 1) {
        throw UsageError{parsed.positionals.empty() ? "report needs a project FILE"
                                                    : "report takes one project FILE",
                         self.synopsis};
    }
    std::string output = values.count("-o") ? values["-o"] : values["--output"];
    if (output.empty()) {
        throw UsageError{"report needs the output file: -o FILE.pdf", self.synopsis};
    }
    report::PageSize page = report::PageSize::A4;
    if (values.count("--page-size")) {
        const auto size =
            report::page_size_from_string(QString::fromStdString(values["--page-size"]));
        if (!size) {
            throw UsageError{"--page-size takes a4 or letter, got '" + values["--page-size"] + "'",
                             self.synopsis};
        }
        page = *size;
    }
    const std::filesystem::path out_path = std::filesystem::absolute(output);
    std::error_code error;
    if (!std::filesystem::is_directory(out_path.parent_path(), error)) {
        throw UsageError{"cannot write '" + output + "': the folder " +
                             out_path.parent_path().string() + " does not exist",
                         self.synopsis};
    }
    if (std::filesystem::is_directory(out_path, error)) {
        throw UsageError{"cannot write '" + output + "': it is a folder", self.synopsis};
    }
    const std::filesystem::path file = parsed.positionals.front();
    const CommandProject loaded = load_command_project(file, options, self);
    const Catalog& catalog = loaded.catalog;
    const std::optional<Project>& project = loaded.project;
    if (!project || !has_advisor_or_report(*project, file, std::cerr,
                                           "; the report presents the advisor's answer")) {
        return kBadInput;
    }
    const advisor::Result result = advisor::recommend(*project->advisor, catalog);

    // The number of top candidates the sensitivity analysis re-examines (its documented default).
    constexpr int kSensitivityExamined = 8;
    const advisor::Sensitivity sensitivity = advisor::sensitivity(
        result, *project->advisor, advisor::standard_perturbations(), kSensitivityExamined);

    QtScope app(QtScope::Platform::OffscreenUnlessChosen);
    QString note;
    std::optional<validation::ValidationReport> validation;
    if (parsed.has("--validation")) {
        validation = report::run_validation_for_report(catalog, note);
    }
    report::ReportInput input;
    input.project_name = QString::fromStdString(project->name);
    input.project_description = QString::fromStdString(project->description);
    input.request = &*project->advisor;
    input.result = &result;
    input.sensitivity = &sensitivity;
    input.catalog = &catalog;
    input.validation = validation ? &*validation : nullptr;
    input.validation_note = note;
    input.app_version = QStringLiteral(RAID_ADVISOR_VERSION);
    input.page_size = page;
    const report::ReportOutcome outcome =
        report::write_report(input, QString::fromStdString(out_path.string()));
    if (!outcome.error.isEmpty()) {
        std::cerr << kProgram << ": " << outcome.error.toStdString() << "\n";
        return kFailure;
    }
    std::cout << "Report written to " << output << " (" << outcome.pages << " pages, "
              << (page == report::PageSize::A4 ? "A4" : "Letter") << ") in " << std::setprecision(2)
              << outcome.seconds << " s; the search took " << result.stats.seconds << " s\n";
    return std::cout.good() ? kOk : kFailure;
}

}  // namespace raidadv::cli
