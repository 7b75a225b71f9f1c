#include "issue_text.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <algorithm>
#include <vector>

#include "catalog/catalog.h"
#include "project/reader.h"

namespace raidadv::gui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("IssueText", text);
}

/// A place in the file the window shows: the page and field, and whether the file's value is a
/// fraction the window shows in percent.
struct FieldName {
    const char* pattern;  ///< regular expression over the issue's JSON path
    const char* where;    ///< "Workload page, Reads (%)"
    bool percent;
};

// The labels of the wizard pages (wizard_*_page.cpp) and the what-if panel (what_if_panel.cpp).
const FieldName kFields[] = {
    {R"(^workloads\[\d+\]\.read_fraction$)",
     QT_TRANSLATE_NOOP("IssueText", "Workload page, Reads (%)"), true},
    {R"(^workloads\[\d+\]\.sequential_fraction$)",
     QT_TRANSLATE_NOOP("IssueText", "Workload page, Sequential (%)"), true},
    {R"(^workloads\[\d+\]\.concurrency(\[\d+\])?$)",
     QT_TRANSLATE_NOOP("IssueText", "Workload page, Outstanding requests"), false},
    {R"(^workloads\[\d+\]\.arrival_rates?(\[\d+\])?$)",
     QT_TRANSLATE_NOOP("IssueText", "Workload page, Arrival rates (per s)"), false},
    {R"(^workloads\[\d+\]\.name$)", QT_TRANSLATE_NOOP("IssueText", "Workload page, Workload name"),
     false},
    {R"(^name$)", QT_TRANSLATE_NOOP("IssueText", "Workload page, Project name"), false},
    {R"(^advisor(\.constraints)?\.capacity_gb$)",
     QT_TRANSLATE_NOOP("IssueText", "Capacity page, Data stored now (GB)"), false},
    {R"(^advisor(\.constraints)?\.growth_percent_per_year$)",
     QT_TRANSLATE_NOOP("IssueText", "Capacity page, Growth per year (%)"), false},
    {R"(^advisor(\.constraints)?\.horizon_years$)",
     QT_TRANSLATE_NOOP("IssueText", "Capacity page, Planning horizon (years)"), false},
    {R"(^advisor(\.constraints)?\.budget$)", QT_TRANSLATE_NOOP("IssueText", "Budget page, Budget"),
     false},
    {R"(^advisor(\.constraints)?\.max_drive_bays$)",
     QT_TRANSLATE_NOOP("IssueText", "Budget page, Drive bays available"), false},
    {R"(^advisor(\.constraints)?\.max_power_w$)",
     QT_TRANSLATE_NOOP("IssueText", "Budget page, Drives' power limit (W)"), false},
    {R"(^advisor(\.constraints)?\.min_failures_tolerated$)",
     QT_TRANSLATE_NOOP("IssueText", "Budget page, Drive failures to survive"), false},
    {R"(^advisor(\.constraints)?\.max_rebuild_hours$)",
     QT_TRANSLATE_NOOP("IssueText", "Budget page, Longest rebuild (hours)"), false},
    {R"(^advisor\.weights(\.\w+)?$)",
     QT_TRANSLATE_NOOP("IssueText", "Budget page, What matters most"), false},
    {R"(^advisor(\.\w+)*\.drives(\[\d+\])?$)",
     QT_TRANSLATE_NOOP("IssueText", "Hardware page, drives"), false},
    {R"(^advisor(\.\w+)*\.controllers(\[\d+\])?$)",
     QT_TRANSLATE_NOOP("IssueText", "Hardware page, controllers"), false},
    {R"(^advisor(\.\w+)*\.host$)", QT_TRANSLATE_NOOP("IssueText", "Hardware page, Computer"),
     false},
};

/// Numbers in `message` (a fraction's range and value) as percentages: "from 0 to 1, got 1.5"
/// becomes "from 0 to 100 %, got 150 %".
QString fractionsAsPercent(const QString& message) {
    static const QRegularExpression number(QStringLiteral(R"((-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?))"));
    QString out;
    qsizetype from = 0;
    for (auto it = number.globalMatch(message); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += message.mid(from, m.capturedStart() - from);
        const double percent = m.captured(1).toDouble() * 100.0;
        out += QLocale::c().toString(percent, 'g', 6) + QStringLiteral(" %");
        from = m.capturedEnd();
    }
    return out + message.mid(from);
}

}  // namespace

QString closestDriveId(const std::string& id, const Catalog& catalog) {
    std::string best;
    std::size_t bestDistance = std::max<std::size_t>(3, id.size() / 4) + 1;
    for (const DriveSpec& drive : catalog.drives()) {
        const std::size_t d = raidadv::project_detail::edit_distance(id, drive.info.id);
        if (d < bestDistance) {
            bestDistance = d;
            best = drive.info.id;
        }
    }
    return QString::fromStdString(best);
}

QString userIssueText(const ProjectIssue& issue, const Catalog* catalog) {
    const QString path = QString::fromStdString(issue.path);
    QString message = QString::fromStdString(issue.message);
    // "no drive 'x' in the catalog" (advisor.constraints.drives): the core names no suggestion.
    static const QRegularExpression noDrive(QStringLiteral("^no drive '([^']*)' in the catalog$"));
    if (const QRegularExpressionMatch m = noDrive.match(message); m.hasMatch() && catalog) {
        const QString best = closestDriveId(m.captured(1).toStdString(), *catalog);
        if (!best.isEmpty()) {
            message += tr(" (did you mean '%1'?)").arg(best);
        }
    }
    for (const FieldName& field : kFields) {
        const QRegularExpression pattern(QString::fromLatin1(field.pattern));
        if (pattern.match(path).hasMatch()) {
            return QStringLiteral("%1: %2").arg(
                tr(field.where), field.percent ? fractionsAsPercent(message) : message);
        }
    }
    return path.isEmpty() ? message : path + QStringLiteral(": ") + message;
}

}  // namespace raidadv::gui
