// The report on paper: a QTextDocument laid out on the PDF page's text area (it breaks pages
// between lines, table rows and figures), painted page by page with a header and page numbers,
// through a QSaveFile so that a failed export leaves no half-written file.

#include "report.h"

#include <QAbstractTextDocumentLayout>
#include <QElapsedTimer>
#include <QFont>
#include <QGuiApplication>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPalette>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextObjectInterface>
#include <algorithm>

#include "layout_painter.h"
#include "report_sections.h"

namespace raidadv::report {

namespace {

using detail::Figure;

constexpr int kResolution = 300;       ///< dots per inch of the page's coordinates
constexpr int kDiagramWidth = 760;     ///< the layout diagram is drawn at this width, then scaled
constexpr int kChartWidth = 820;       ///< charts are laid out at this width (fonts in pixels)
constexpr double kMarginMm = 18.0;     ///< left, right and bottom
constexpr double kTopMarginMm = 22.0;  ///< room for the header

double mm(double millimetres) {
    return millimetres / 25.4 * kResolution;
}

QFont diagram_font() {
    QFont font = QGuiApplication::font();
    font.setPixelSize(13);
    return font;
}

/// Paints the figures the document refers to (charts and the layout diagram) as vector graphics.
class FigureHandler : public QObject, public QTextObjectInterface {
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)

  public:
    explicit FigureHandler(const std::vector<Figure>& figures) : figures_(figures) {}

    QSizeF intrinsicSize(QTextDocument* doc, int, const QTextFormat& format) override {
        const Figure* f = figure(format);
        if (f == nullptr) {
            return {1, 1};
        }
        const double width =
            (doc->pageSize().width() - 2.0 * doc->documentMargin()) * f->width_fraction;
        if (f->kind == Figure::Kind::Diagram) {
            const int height = gui::layoutDiagramHeight(QFontMetrics(diagram_font()));
            return {width, width * height / kDiagramWidth};
        }
        return {width, width * f->aspect};
    }

    void drawObject(QPainter* painter, const QRectF& rect, QTextDocument*, int,
                    const QTextFormat& format) override {
        const Figure* f = figure(format);
        if (f == nullptr) {
            return;
        }
        switch (f->kind) {
            case Figure::Kind::Line: {
                charts::Chart chart = f->chart;
                chart.width = kChartWidth;
                chart.height = static_cast<int>(kChartWidth * f->aspect);
                charts::paint_chart(chart, *painter, rect);
                break;
            }
            case Figure::Kind::Bars:
                charts::paint_bars(f->bars, *painter, rect, kChartWidth,
                                   static_cast<int>(kChartWidth * f->aspect));
                break;
            case Figure::Kind::Diagram: {
                painter->save();
                painter->translate(rect.topLeft());
                const double scale = rect.width() / kDiagramWidth;
                painter->scale(scale, scale);
                QPalette palette;
                palette.setColor(QPalette::Text, Qt::black);
                palette.setColor(QPalette::Mid, QColor(0x80, 0x80, 0x80));
                palette.setColor(QPalette::Button, QColor(0xf4, 0xf4, 0xf4));
                const int height = static_cast<int>(rect.height() / scale);
                gui::paintLayoutDiagram(*painter, QRect(0, 0, kDiagramWidth, height), f->system,
                                        diagram_font(), palette, f->attached_as);
                painter->restore();
                break;
            }
        }
    }

  private:
    const Figure* figure(const QTextFormat& format) const {
        const int index = format.intProperty(detail::kFigureIndex);
        return index >= 0 && static_cast<std::size_t>(index) < figures_.size()
                   ? &figures_[static_cast<std::size_t>(index)]
                   : nullptr;
    }

    const std::vector<Figure>& figures_;
};

void header_and_footer(QPainter& painter, const QRectF& page, const ReportInput& in, int number,
                       int pages) {
    QFont font = QGuiApplication::font();
    font.setPointSizeF(8.0);
    painter.save();
    painter.setFont(font);
    painter.setPen(QColor(0x55, 0x55, 0x55));
    const QRectF header(page.left() + mm(kMarginMm), page.top() + mm(9.0),
                        page.width() - 2.0 * mm(kMarginMm), mm(6.0));
    if (number > 1) {
        painter.drawText(
            header, Qt::AlignLeft | Qt::AlignVCenter,
            QGuiApplication::translate("Report", "RAID Advisor report: %1").arg(in.project_name));
        painter.drawText(header, Qt::AlignRight | Qt::AlignVCenter,
                         in.created.toString(QStringLiteral("yyyy-MM-dd")));
        painter.setPen(QPen(QColor(0xaa, 0xaa, 0xaa), mm(0.2)));
        painter.drawLine(header.bottomLeft(), header.bottomRight());
        painter.setPen(QColor(0x55, 0x55, 0x55));
    }
    const QRectF footer(header.left(), page.bottom() - mm(12.0), header.width(), mm(6.0));
    painter.drawText(footer, Qt::AlignHCenter | Qt::AlignVCenter,
                     QGuiApplication::translate("Report", "Page %1 of %2").arg(number).arg(pages));
    painter.restore();
}

}  // namespace

std::optional<PageSize> page_size_from_string(const QString& text) {
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("a4")) {
        return PageSize::A4;
    }
    if (t == QLatin1String("letter")) {
        return PageSize::Letter;
    }
    return std::nullopt;
}

QString section_title(Section section) {
    switch (section) {
        case Section::BuyingSummary:
            return QGuiApplication::translate("Report", "Buying summary");
        case Section::Inputs:
            return QGuiApplication::translate("Report", "1. Inputs");
        case Section::Recommendation:
            return QGuiApplication::translate("Report", "2. Recommendation");
        case Section::Alternatives:
            return QGuiApplication::translate("Report", "3. Ranked alternatives");
        case Section::Charts:
            return QGuiApplication::translate("Report", "4. Charts");
        case Section::ReliabilityCost:
            return QGuiApplication::translate("Report", "5. Reliability and cost");
        case Section::Sensitivity:
            return QGuiApplication::translate("Report",
                                              "6. Sensitivity: what would change the choice");
        case Section::Assumptions:
            return QGuiApplication::translate("Report",
                                              "7. Assumptions and how far to trust "
                                              "the model");
    }
    return {};
}

QStringList section_titles() {
    QStringList titles;
    for (Section s :
         {Section::BuyingSummary, Section::Inputs, Section::Recommendation, Section::Alternatives,
          Section::Charts, Section::ReliabilityCost, Section::Sensitivity, Section::Assumptions}) {
        titles << section_title(s);
    }
    return titles;
}

ReportOutcome write_report(const ReportInput& input, const QString& path) {
    QElapsedTimer timer;
    timer.start();
    ReportOutcome out;
    if (input.request == nullptr || input.result == nullptr) {
        out.error =
            QGuiApplication::translate("Report", "cannot write %1: no advice to report").arg(path);
        return out;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        out.error = QGuiApplication::translate("Report", "cannot write %1: %2")
                        .arg(path, file.errorString());
        return out;
    }
    {
        QPdfWriter writer(&file);
        writer.setResolution(kResolution);
        writer.setPageSize(
            QPageSize(input.page_size == PageSize::Letter ? QPageSize::Letter : QPageSize::A4));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setTitle(QGuiApplication::translate("Report", "RAID Advisor report: %1")
                            .arg(input.project_name));
        writer.setCreator(QStringLiteral("RAID Advisor %1").arg(input.app_version));
        const QRectF page(0, 0, writer.width(), writer.height());
        const QRectF body =
            page.adjusted(mm(kMarginMm), mm(kTopMarginMm), -mm(kMarginMm), -mm(kMarginMm + 4.0));

        std::vector<Figure> figures;
        QTextDocument doc;
        doc.setUndoRedoEnabled(false);
        doc.documentLayout()->setPaintDevice(&writer);
        QFont font = QGuiApplication::font();
        font.setPointSizeF(9.5);
        doc.setDefaultFont(font);
        doc.setPageSize(body.size());
        FigureHandler handler(figures);
        doc.documentLayout()->registerHandler(detail::kFigureObjectType, &handler);
        detail::build_document(doc, input, figures);
        detail::keep_together(doc);
        out.pages = doc.pageCount();

        QPainter painter;
        if (!painter.begin(&writer)) {
            file.cancelWriting();
            out.error = QGuiApplication::translate("Report", "cannot write %1: PDF output failed")
                            .arg(path);
            return out;
        }
        for (int p = 0; p < out.pages; ++p) {
            if (p > 0) {
                writer.newPage();
            }
            painter.save();
            painter.translate(body.left(), body.top() - p * body.height());
            const QRectF clip(0, p * body.height(), body.width(), body.height());
            painter.setClipRect(clip);
            QAbstractTextDocumentLayout::PaintContext context;
            context.clip = clip;
            context.palette.setColor(QPalette::Text, Qt::black);
            doc.documentLayout()->draw(&painter, context);
            painter.restore();
            header_and_footer(painter, page, input, p + 1, out.pages);
        }
        painter.end();
    }
    if (!file.commit()) {
        out.error = QGuiApplication::translate("Report", "cannot write %1: %2")
                        .arg(path, file.errorString());
        return out;
    }
    out.seconds = static_cast<double>(timer.elapsed()) / 1000.0;
    return out;
}

}  // namespace raidadv::report

#include "report.moc"
