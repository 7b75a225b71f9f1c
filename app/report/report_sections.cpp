// The report's body, section by section (report_summary.cpp, report_inputs.cpp,
// report_results.cpp, report_risk.cpp). Nothing here computes: the advisor's result, the
// sensitivity run and, if asked for, the validation run come in with the ReportInput.

#include "report_sections.h"

#include "report_writer.h"

namespace raidadv::report::detail {

void build_document(QTextDocument& doc, const ReportInput& in, std::vector<Figure>& figures) {
    Writer w(doc, figures);
    buying_summary_section(w, in);
    inputs_section(w, in);
    recommendation_section(w, in);
    alternatives_section(w, in);
    chart_section(w, in);
    reliability_cost_section(w, in);
    sensitivity_section(w, in);
    assumptions_section(w, in);
    validation_appendix(w, in);
}

}  // namespace raidadv::report::detail
