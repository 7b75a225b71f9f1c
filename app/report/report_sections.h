#pragma once
// Inside app/report only: the report's body as a QTextDocument (HTML blocks), with the figures
// (charts, the layout diagram) inserted as custom text objects that report.cpp paints.

#include <QTextDocument>
#include <QTextFormat>
#include <vector>

#include "charts.h"
#include "report.h"
#include "system/system.h"

namespace raidadv::report::detail {

/// A picture in the text: a line chart, a bar chart or a layout diagram.
struct Figure {
    enum class Kind { Line, Bars, Diagram };
    Kind kind = Kind::Line;
    charts::Chart chart;
    charts::BarChart bars;
    System system;
    QString attached_as;          ///< diagram: Assessment::attached_as
    double width_fraction = 0.9;  ///< of the text width (two charts fit a page, A4 or Letter)
    double aspect = 0.58;         ///< height / width (charts)
};

/// QTextFormat object type of a figure; its index into the figures is property kFigureIndex.
inline constexpr int kFigureObjectType = QTextFormat::UserObject + 1;
inline constexpr int kFigureIndex = QTextFormat::UserProperty + 1;
/// Block property: a heading, kept on the page of the block or table that follows it.
inline constexpr int kKeepWithNext = QTextFormat::UserProperty + 2;

/// Fills `doc` with the title page and every section; appends the figures it refers to.
void build_document(QTextDocument& doc, const ReportInput& input, std::vector<Figure>& figures);

/// Gives the empty blocks Qt leaves around tables no height (keep_together does it first).
void flatten_spacers(QTextDocument& doc);

/// After layout on the page size: keeps headings with what follows them, moves short tables
/// whole to the next page and leaves at least two body rows of a split table on each page
/// (report_pagination.cpp); moves a short paragraph whole rather than leave one of its lines
/// alone on a page, and moves the group (from its heading) whose last line or two would be alone
/// on a page before a section that starts a new page or the end.
void keep_together(QTextDocument& doc);

}  // namespace raidadv::report::detail
