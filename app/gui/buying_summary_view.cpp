#include "buying_summary_view.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "advisor/buying_summary.h"
#include "format/format.h"
#include "size_units.h"

namespace raidadv::gui {

namespace {

QString esc(const std::string& text) {
    return QString::fromStdString(text).toHtmlEscaped();
}

format::SizeSystem sizeSystem() {
    return sizeUnits() == SizeUnits::Binary ? format::SizeSystem::Binary
                                            : format::SizeSystem::Decimal;
}

QString priceCell(const advisor::ShoppingLine& line, const advisor::Constraints& c) {
    if (line.owned) {
        return BuyingSummaryView::tr("you have it");
    }
    if (!line.price_known) {
        return BuyingSummaryView::tr("unknown");
    }
    if (line.user_price) {
        return esc(format::money(line.unit_usd, c.currency, c.usd_per_currency_unit)) +
               BuyingSummaryView::tr(" (your price)");
    }
    return esc(
        format::dated_price(line.unit_usd, line.price_date, c.currency, c.usd_per_currency_unit));
}

QString shoppingHtml(const advisor::BuyingSummary& s, const advisor::Constraints& c) {
    QString html = QStringLiteral(
                       "<h3>%1</h3><table border='1' cellspacing='0' cellpadding='3'>"
                       "<tr><th align='left'>%2</th><th align='left'>%3</th>"
                       "<th>%4</th><th>%5</th><th>%6</th></tr>")
                       .arg(BuyingSummaryView::tr("What to buy"), BuyingSummaryView::tr("Part"),
                            BuyingSummaryView::tr("Part number"), BuyingSummaryView::tr("Qty"),
                            BuyingSummaryView::tr("Unit price"), BuyingSummaryView::tr("Total"));
    for (const advisor::ShoppingLine& line : s.items) {
        const QString total =
            line.owned || line.free
                ? BuyingSummaryView::tr("nothing to pay")
                : (line.price_known
                       ? esc(format::money(line.total_usd, c.currency, c.usd_per_currency_unit))
                       : BuyingSummaryView::tr("unknown"));
        html += QStringLiteral(
                    "<tr><td>%1: %2</td><td>%3</td><td align='right'>%4</td>"
                    "<td align='right'>%5</td><td align='right'>%6</td></tr>")
                    .arg(esc(line.role), esc(line.part),
                         line.part_number.empty() ? QStringLiteral("-") : esc(line.part_number))
                    .arg(line.quantity)
                    .arg(priceCell(line, c), total);
    }
    QString dates;
    if (!s.oldest_price_date.empty()) {
        dates = s.oldest_price_date == s.newest_price_date
                    ? BuyingSummaryView::tr(" (prices of %1)").arg(esc(s.oldest_price_date))
                    : BuyingSummaryView::tr(" (prices of %1 to %2)")
                          .arg(esc(s.oldest_price_date), esc(s.newest_price_date));
    }
    html += QStringLiteral(
                "<tr><td colspan='4'><b>%1%2</b></td><td align='right'><b>%3%4</b>"
                "</td></tr></table>")
                .arg(BuyingSummaryView::tr("Total"), dates,
                     esc(format::money(s.total_usd, c.currency, c.usd_per_currency_unit)),
                     s.total_known ? QString() : BuyingSummaryView::tr(" or more"));
    return html;
}

QString achievesHtml(const advisor::BuyingSummary& s) {
    QString html =
        QStringLiteral(
            "<h3>%1</h3><table border='1' cellspacing='0' cellpadding='3'><tr>"
            "<th align='left'>%2</th><th>%3</th><th>%4</th><th>%5</th><th>%6</th></tr>")
            .arg(BuyingSummaryView::tr("What it achieves"), BuyingSummaryView::tr("Load"),
                 s.files ? BuyingSummaryView::tr("Files/s") : BuyingSummaryView::tr("IOPS"),
                 BuyingSummaryView::tr("Throughput"), BuyingSummaryView::tr("Mean response"),
                 BuyingSummaryView::tr("95th percentile"));
    for (const advisor::LoadPointResult& p : s.points) {
        html += QStringLiteral(
                    "<tr><td>%1</td><td align='right'>%2</td><td align='right'>%3</td>"
                    "<td align='right'>%4</td><td align='right'>%5</td></tr>")
                    .arg(esc(p.load), esc(format::per_second(p.per_second)),
                         esc(format::rate(p.bytes_per_second, sizeSystem())),
                         esc(format::duration(p.mean_response_s)),
                         esc(format::duration(p.p95_response_s)));
    }
    html += QStringLiteral("</table><p>%1</p>")
                .arg(BuyingSummaryView::tr("Usable capacity %1; survives %2 failed drive(s) per "
                                           "volume; chance of data loss over %3 years %4.")
                         .arg(esc(format::bytes(s.usable_bytes, sizeSystem())))
                         .arg(s.failures_tolerated)
                         .arg(esc(format::number(s.horizon_years)),
                              esc(format::probability(s.p_data_loss))));
    return html;
}

QString listHtml(const std::vector<std::string>& items, const char* tag) {
    QString html = QStringLiteral("<%1>").arg(QLatin1String(tag));
    for (const std::string& item : items) {
        html += QStringLiteral("<li>%1</li>").arg(esc(item));
    }
    return html + QStringLiteral("</%1>").arg(QLatin1String(tag));
}

QString methodHtml(const advisor::BuildMethod& m, const QString& title) {
    QString html =
        QStringLiteral("<h3>%1</h3>").arg(title.toHtmlEscaped()) + listHtml(m.steps, "ol");
    if (!m.commands.empty()) {
        QString code;
        for (const std::string& line : m.commands) {
            code += esc(line) + QStringLiteral("\n");
        }
        html += QStringLiteral("<pre>%1</pre>").arg(code);
    }
    for (const std::string& note : m.notes) {
        html += QStringLiteral("<p><small>%1</small></p>").arg(esc(note));
    }
    return html;
}

}  // namespace

BuyingSummaryView::BuyingSummaryView(QWidget* parent) : QWidget(parent) {
    text_ = new QTextBrowser(this);
    text_->setObjectName(QStringLiteral("buyingSummaryTextBrowser"));
    text_->setOpenLinks(false);
    copyButton_ = new QPushButton(tr("&Copy commands"), this);
    copyButton_->setObjectName(QStringLiteral("copyCommandsPushButton"));
    copyButton_->setToolTip(tr("Copy the commands that build this configuration to the clipboard"));
    copyButton_->setEnabled(false);
    connect(copyButton_, &QPushButton::clicked, this, &BuyingSummaryView::copyCommands);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(copyButton_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(text_);
    layout->addLayout(buttons);
}

void BuyingSummaryView::setCandidate(const advisor::Candidate& candidate,
                                     const advisor::Request& request) {
    const advisor::BuyingSummary s = advisor::buying_summary(candidate, request);
    QString html = QStringLiteral("<p><b>%1</b></p>").arg(esc(s.configuration));
    html += shoppingHtml(s, request.constraints);
    html += achievesHtml(s);
    html += QStringLiteral("<h3>%1</h3>").arg(tr("Risks")) + listHtml(s.risks, "ul");
    html += methodHtml(s.plan.primary,
                       tr("How to build it: %1").arg(QString::fromStdString(s.plan.primary.title)));
    for (const advisor::BuildMethod& other : s.plan.alternatives) {
        html += methodHtml(other, tr("Or: %1").arg(QString::fromStdString(other.title)));
    }
    text_->setHtml(html);
    commands_ = s.plan.primary.commands;
    copyButton_->setEnabled(!commands_.empty());
}

void BuyingSummaryView::clear() {
    text_->clear();
    commands_.clear();
    copyButton_->setEnabled(false);
}

QString BuyingSummaryView::commandsText() const {
    QStringList lines;
    for (const std::string& line : commands_) {
        lines << QString::fromStdString(line);
    }
    return lines.join(QLatin1Char('\n'));
}

void BuyingSummaryView::copyCommands() {
    QApplication::clipboard()->setText(commandsText() + QLatin1Char('\n'));
}

}  // namespace raidadv::gui
