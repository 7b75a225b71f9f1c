// The report's page breaks (app/report/report_pagination.cpp, detail::keep_together) on small
// documents written the way the report writes them: a page is not left holding a line or two
// before a section that starts a new page (issue 28: the ZFS NAS example's buying summary left one
// note alone on page 2), and a short paragraph is not split with one line alone on a page. Each
// case slides the content down a pixel at a time (the first block's top margin) until the bad
// break happens without keep_together, then checks that keep_together removes it and keeps every
// line.
#include <QAbstractTextDocumentLayout>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextLayout>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "report_sections.h"
#include "report_writer.h"

namespace detail = raidadv::report::detail;

namespace {

constexpr double kPageWidth = 420.0;
constexpr double kPageHeight = 500.0;

using Build = std::function<void(detail::Writer&)>;

/// A document of one page size built by `build`, its content pushed `offset` pixels down.
std::unique_ptr<QTextDocument> document(const Build& build, double offset) {
    auto doc = std::make_unique<QTextDocument>();
    doc->setUndoRedoEnabled(false);
    QFont font = doc->defaultFont();
    font.setPointSizeF(9.5);
    doc->setDefaultFont(font);
    doc->setPageSize(QSizeF(kPageWidth, kPageHeight));
    std::vector<detail::Figure> figures;
    detail::Writer w(*doc, figures);
    build(w);
    detail::flatten_spacers(*doc);  // as keep_together lays it out
    // On the first block with text: keep_together flattens empty ones.
    QTextBlock first = doc->begin();
    while (first.isValid() && first.text().isEmpty()) {
        first = first.next();
    }
    QTextBlockFormat push;
    push.setTopMargin(offset);
    QTextCursor(first).mergeBlockFormat(push);
    doc->pageCount();  // lays it out
    return doc;
}

QTextBlock blockWith(const QTextDocument& doc, const QString& text) {
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
        if (b.text() == text) {
            return b;
        }
    }
    return {};
}

int page(double y) {
    return static_cast<int>(std::floor(y / kPageHeight));
}

/// The page of each line of the block that reads `text`.
std::vector<int> linePages(const QTextDocument& doc, const QString& text) {
    std::vector<int> pages;
    const QTextBlock block = blockWith(doc, text);
    const QTextLayout* lines = block.isValid() ? block.layout() : nullptr;
    for (int i = 0; lines != nullptr && i < lines->lineCount(); ++i) {
        pages.push_back(page(lines->position().y() + lines->lineAt(i).y()));
    }
    return pages;
}

/// Where the last line of the block that reads `text` ends.
double bottomOf(const QTextDocument& doc, const QString& text) {
    const QTextLayout* lines = blockWith(doc, text).layout();
    const QTextLine last = lines->lineAt(lines->lineCount() - 1);
    return lines->position().y() + last.y() + last.height();
}

/// The smallest offset (pixels) at which `bad` holds of the document as laid out without
/// keep_together; -1 if none up to a page.
double offsetWhere(const Build& build, const std::function<bool(const QTextDocument&)>& bad) {
    for (double offset = 0.0; offset < kPageHeight; offset += 1.0) {
        if (bad(*document(build, offset))) {
            return offset;
        }
    }
    return -1.0;
}

const QString kNoteOne = QStringLiteral("The device names are examples: use the names of yours.");
const QString kNoteTwo = QStringLiteral("Leave the drives' write caches on.");

/// A buying summary as report_summary.cpp writes it, ending with how to build the pick and two
/// notes, then the next section on a new page.
void summaryThenSection(detail::Writer& w) {
    w.section(QStringLiteral("Buying summary"));
    for (int i = 1; i <= 10; ++i) {
        w.block(QStringLiteral("<p>Shopping line %1</p>").arg(i));
    }
    w.heading(QStringLiteral("How to build it"));
    w.list({"Connect the drives to the HBA.", "Create the pool."},
           detail::Writer::ListStyle::Steps);
    w.code({"zpool create tank raidz2 sdb sdc sdd sde", "zfs set recordsize=1M tank"});
    w.block(QStringLiteral("<p style='font-size:8pt'>%1</p>").arg(kNoteOne));
    w.block(QStringLiteral("<p style='font-size:8pt'>%1</p>").arg(kNoteTwo));
    w.section(QStringLiteral("1. Inputs"), true);
    w.block(QStringLiteral("<p>The workload.</p>"));
}

const QString kLong = QStringLiteral(
    "A paragraph of three lines or so at this page width: the advisor's explanation of why the "
    "pick is the pick, long enough to wrap twice but short enough to move to the next page.");

void paragraphInText(detail::Writer& w) {
    w.section(QStringLiteral("Recommendation"));
    for (int i = 1; i <= 4; ++i) {
        w.block(QStringLiteral("<p>Line %1 of the text before</p>").arg(i));
    }
    w.block(QStringLiteral("<p>%1</p>").arg(kLong));
    for (int i = 1; i <= 12; ++i) {
        w.block(QStringLiteral("<p>Line %1 of the text after</p>").arg(i));
    }
}

}  // namespace

class ReportPaginationTest : public QObject {
    Q_OBJECT

  private slots:
    void shortTailBeforeANewSectionMovesWithItsGroup() {
        // The second note alone at the top of the page before "1. Inputs" (the first note on
        // the page before): what the ZFS NAS example's report did.
        const double offset = offsetWhere(summaryThenSection, [](const QTextDocument& doc) {
            const std::vector<int> one = linePages(doc, kNoteOne);
            const std::vector<int> two = linePages(doc, kNoteTwo);
            return !one.empty() && !two.empty() && one.back() + 1 == two.front() && two.size() == 1;
        });
        QVERIFY2(offset >= 0.0, "no offset leaves the second note alone on its page");
        const std::unique_ptr<QTextDocument> doc = document(summaryThenSection, offset);
        const QString text = doc->toPlainText();
        const int pagesBefore = doc->pageCount();

        detail::keep_together(*doc);

        QCOMPARE(doc->toPlainText(), text);  // breaks only: no text lost or added
        const int notePage = linePages(*doc, kNoteTwo).front();
        QVERIFY(notePage >= 1);
        // The page holds at least three lines before the section's new page...
        const double lineHeight = QFontMetricsF(doc->defaultFont()).lineSpacing();
        QVERIFY2(bottomOf(*doc, kNoteTwo) - notePage * kPageHeight >= 3.0 * lineHeight,
                 qPrintable(QStringLiteral("%1 px on page %2")
                                .arg(bottomOf(*doc, kNoteTwo) - notePage * kPageHeight)
                                .arg(notePage + 1)));
        // ...because the whole group under "How to build it" moved there, heading first.
        QCOMPARE(linePages(*doc, QStringLiteral("How to build it")).front(), notePage);
        QCOMPARE(linePages(*doc, kNoteOne).front(), notePage);
        // The shopping lines stay where they were, and the section still starts the next page.
        QCOMPARE(linePages(*doc, QStringLiteral("Shopping line 10")).front(), notePage - 1);
        QCOMPARE(linePages(*doc, QStringLiteral("1. Inputs")).front(), notePage + 1);
        QCOMPARE(doc->pageCount(), pagesBefore);
    }

    void shortParagraphIsNotSplitWithOneLineAlone() {
        QVERIFY(linePages(*document(paragraphInText, 0.0), kLong).size() >= 3);
        for (const bool alone_at_top : {true, false}) {
            // One line at the top of the next page (a widow), or at the foot of this one (an
            // orphan).
            const double offset =
                offsetWhere(paragraphInText, [alone_at_top](const QTextDocument& doc) {
                    const std::vector<int> pages = linePages(doc, kLong);
                    const auto first = std::count(pages.begin(), pages.end(), pages.front());
                    const auto size = static_cast<long>(pages.size());
                    return pages.front() != pages.back() &&
                           (alone_at_top ? size - first == 1 : first == 1);
                });
            QVERIFY2(offset >= 0.0, alone_at_top ? "no widow" : "no orphan");
            const std::unique_ptr<QTextDocument> doc = document(paragraphInText, offset);
            const QString text = doc->toPlainText();

            detail::keep_together(*doc);

            QCOMPARE(doc->toPlainText(), text);
            const std::vector<int> pages = linePages(*doc, kLong);
            QCOMPARE(pages.front(), pages.back());  // moved to the next page whole
            // The text before it stays on the page before.
            QCOMPARE(linePages(*doc, QStringLiteral("Line 4 of the text before")).front(),
                     pages.front() - 1);
        }
    }
};

int main(int argc, char** argv) {
    QGuiApplication app(argc, argv);
    ReportPaginationTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_report_pagination.moc"
