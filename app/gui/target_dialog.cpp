// "What would it take?" dialog (target_dialog.h).

#include "target_dialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <cmath>

#include "advisor/explain.h"
#include "project_run.h"
#include "user_catalog.h"

namespace raidadv::gui {

namespace {

namespace L = raidadv::advisor::target_limits;
using raidadv::advisor::TargetAnswer;
using raidadv::advisor::TargetOption;

QString html(const std::string& text) {
    return QString::fromStdString(text).toHtmlEscaped();
}

QString when(double years) {
    if (!std::isfinite(years)) {
        return TargetDialog::tr("not within %1 years").arg(L::kMaxYears);
    }
    if (years <= 0.0) {
        return TargetDialog::tr("already");
    }
    return TargetDialog::tr("in %1 years").arg(years, 0, 'f', 1);
}

QString runsOut(const raidadv::advisor::RunOut& r) {
    return TargetDialog::tr("Runs out: capacity %1, load %2.")
        .arg(when(r.capacity_year), when(r.load_year));
}

QString optionHtml(const TargetOption& o, const raidadv::advisor::Constraints& c) {
    const raidadv::advisor::Assessment& a = o.candidate.assessment;
    QString out = QStringLiteral("<p><b>%1</b><br>%2")
                      .arg(html(o.candidate.system.name),
                           html(raidadv::advisor::format_money(a.total_usd, c)));
    out += o.extra_usd >= 0.0 ? TargetDialog::tr(" (%1 more than today's pick)")
                                    .arg(html(raidadv::advisor::format_money(o.extra_usd, c)))
                              : TargetDialog::tr(" (%1 less than today's pick)")
                                    .arg(html(raidadv::advisor::format_money(-o.extra_usd, c)));
    if (!o.within_budget) {
        out += TargetDialog::tr(", over the budget");
    }
    out += QStringLiteral("</p>");
    if (!o.changes.empty()) {
        out += QStringLiteral("<ul>");
        for (const std::string& change : o.changes) {
            out += QStringLiteral("<li>%1</li>").arg(html(change));
        }
        out += QStringLiteral("</ul>");
    }
    out += QStringLiteral("<p>") +
           TargetDialog::tr(
               "95th percentile %1 at the target's load; %2 usable; survives %3 "
               "drive failure(s).")
               .arg(html(raidadv::advisor::format_time(o.p95_s)),
                    html(raidadv::advisor::format_capacity(a.usable_bytes)))
               .arg(a.failures_tolerated) +
           QStringLiteral(" ") + runsOut(o.runs_out) + QStringLiteral("</p>");
    return out;
}

QString answerHtml(const TargetAnswer& a, const raidadv::advisor::Constraints& c) {
    QString out;
    if (a.has_pick) {
        out += QStringLiteral("<h3>%1</h3><p>%2<br>%3 %4</p>")
                   .arg(TargetDialog::tr("Today's pick"), html(a.today.system.name),
                        a.today_meets
                            ? TargetDialog::tr("Meets the target.")
                            : TargetDialog::tr("Does not meet it: %1.").arg(html(a.today_problem)),
                        runsOut(a.today_runs_out));
    }
    if (a.found) {
        out += QStringLiteral("<h3>%1</h3>")
                   .arg(TargetDialog::tr("Cheapest that meets it: %1").arg(html(a.cheapest.kind)));
        out += optionHtml(a.cheapest, c);
        for (std::size_t i = 1; i < a.by_kind.size(); ++i) {
            out += QStringLiteral("<h4>%1</h4>").arg(html(a.by_kind[i].kind));
            out += optionHtml(a.by_kind[i], c);
        }
    }
    for (const std::string& p : a.problems) {
        out += QStringLiteral("<p>%1</p>").arg(html(p));
    }
    if (!a.assumptions.empty()) {
        out += QStringLiteral("<p><i>%1</i></p><ul>").arg(TargetDialog::tr("Assumptions"));
        for (const std::string& s : a.assumptions) {
            out += QStringLiteral("<li>%1</li>").arg(html(s));
        }
        out += QStringLiteral("</ul>");
    }
    out += QStringLiteral("<p>") +
           TargetDialog::tr("Searched %1 candidates; %2 meet the target.")
               .arg(a.stats.candidates)
               .arg(a.meeting) +
           QStringLiteral("</p>");
    return out;
}

}  // namespace

/// The target's fields, with the core's ranges (target_limits) and their labels.
QFormLayout* TargetDialog::createFields() {
    p95_ = new QDoubleSpinBox(this);
    p95_->setObjectName(QStringLiteral("targetP95SpinBox"));
    p95_->setRange(0.0, L::kMaxP95Ms);
    p95_->setDecimals(3);
    p95_->setSuffix(tr(" ms"));
    p95_->setSpecialValueText(tr("no limit"));
    p95_->setValue(0.0);
    loadFactor_ = new QDoubleSpinBox(this);
    loadFactor_->setObjectName(QStringLiteral("targetLoadFactorSpinBox"));
    loadFactor_->setRange(L::kMinLoadFactor, L::kMaxLoadFactor);
    loadFactor_->setDecimals(2);
    loadFactor_->setSuffix(tr(" x today's load"));
    loadFactor_->setValue(1.0);
    capacity_ = new QDoubleSpinBox(this);
    capacity_->setObjectName(QStringLiteral("targetCapacitySpinBox"));
    capacity_->setRange(0.0, L::kMaxCapacityTb);
    capacity_->setDecimals(3);
    capacity_->setSuffix(tr(" TB"));
    capacity_->setSpecialValueText(tr("the project's"));
    years_ = new QDoubleSpinBox(this);
    years_->setObjectName(QStringLiteral("targetYearsSpinBox"));
    years_->setRange(-1.0, L::kMaxYears);
    years_->setDecimals(1);
    years_->setSuffix(tr(" years"));
    years_->setSpecialValueText(tr("the project's horizon"));
    years_->setValue(-1.0);
    failures_ = new QSpinBox(this);
    failures_->setObjectName(QStringLiteral("targetFailuresSpinBox"));
    failures_->setRange(-1, L::kMaxFailures);
    failures_->setSpecialValueText(tr("the project's"));
    failures_->setValue(-1);

    auto* form = new QFormLayout;
    form->addRow(tr("95th percentile &under:"), p95_);
    form->addRow(tr("&Load:"), loadFactor_);
    form->addRow(tr("Usable &capacity:"), capacity_);
    form->addRow(tr("Capacity needed &by:"), years_);
    form->addRow(tr("Drive &failures to survive:"), failures_);
    return form;
}

TargetDialog::TargetDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("targetDialog"));
    setWindowTitle(tr("What would it take?"));
    question_ = new QLabel(this);
    question_->setObjectName(QStringLiteral("targetQuestionLabel"));
    question_->setWordWrap(true);

    QFormLayout* form = createFields();

    findButton_ = new QPushButton(tr("&Find the cheapest change"), this);
    findButton_->setObjectName(QStringLiteral("findTargetPushButton"));
    findButton_->setDefault(true);
    connect(findButton_, &QPushButton::clicked, this, [this] { find(); });
    cancelButton_ = new QPushButton(tr("Cancel search"), this);
    cancelButton_->setObjectName(QStringLiteral("cancelTargetPushButton"));
    cancelButton_->setEnabled(false);
    connect(cancelButton_, &QPushButton::clicked, this, &TargetDialog::cancel);
    progress_ = new QProgressBar(this);
    progress_->setObjectName(QStringLiteral("targetProgressBar"));
    progress_->setRange(0, 1000);
    progress_->setTextVisible(false);
    progress_->hide();
    auto* row = new QHBoxLayout;
    row->addWidget(findButton_);
    row->addWidget(cancelButton_);
    row->addWidget(progress_, 1);

    browser_ = new QTextBrowser(this);
    browser_->setObjectName(QStringLiteral("targetAnswerBrowser"));
    browser_->setOpenLinks(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(question_);
    layout->addLayout(form);
    layout->addLayout(row);
    layout->addWidget(browser_, 1);
    layout->addWidget(buttons);

    progressTimer_ = new QTimer(this);
    progressTimer_->setInterval(100);
    connect(progressTimer_, &QTimer::timeout, this, [this] {
        if (control_) {
            progress_->setValue(control_->permille.load());
        }
    });
    resize(fontMetrics().averageCharWidth() * 100, fontMetrics().height() * 44);
}

TargetDialog::~TargetDialog() {
    if (control_) {
        control_->stop = true;  // a search still running ends at its next progress report
    }
}

void TargetDialog::setQuestion(const raidadv::advisor::Request& request,
                               const raidadv::advisor::Candidate* today,
                               const QString& catalogPath) {
    request_ = request;
    hasQuestion_ = !request.workload.name.empty() || !request.workload.concurrency.empty() ||
                   !request.workload.arrival_rates_per_s.empty();
    hasToday_ = today != nullptr;
    if (today != nullptr) {
        today_ = *today;
    }
    catalogPath_ = catalogPath;
    question_->setText(hasQuestion_ ? tr("State a target for the question the ranking answers; the "
                                         "advisor finds the cheapest configuration that meets it.")
                                    : tr("Open a project that asks the advisor a question first."));
    findButton_->setEnabled(hasQuestion_ && !running_);
}

raidadv::advisor::Target TargetDialog::target() const {
    raidadv::advisor::Target t;
    t.p95_s = p95_->value() / 1e3;
    t.load_factor = loadFactor_->value();
    t.capacity_bytes = capacity_->value() * 1e12;
    t.years = years_->value() < 0.0 ? -1.0 : years_->value();
    t.failures = failures_->value();
    return t;
}

bool TargetDialog::find() {
    if (!hasQuestion_ || running_) {
        return false;
    }
    const raidadv::advisor::Target t = target();
    raidadv::advisor::TargetFieldNames names;
    names.p95 = tr("95th percentile under").toStdString();
    names.load_factor = tr("Load").toStdString();
    names.capacity = tr("Usable capacity").toStdString();
    names.years = tr("Capacity needed by").toStdString();
    names.failures = tr("Drive failures to survive").toStdString();
    const std::vector<std::string> problems = raidadv::advisor::check_target(t, names);
    if (!problems.empty()) {
        QString text;
        for (const std::string& p : problems) {
            text += QStringLiteral("<p>%1</p>").arg(html(p));
        }
        browser_->setHtml(text);
        return false;
    }
    const quint64 generation = ++generation_;
    control_ = std::make_shared<SearchControl>();
    setRunning(true);
    auto* watcher = new QFutureWatcher<TargetAnswer>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        const TargetAnswer answer = watcher->result();
        watcher->deleteLater();
        if (generation != generation_) {
            return;  // cancelled
        }
        setRunning(false);
        showAnswer(answer);
    });
    const raidadv::advisor::Request request = request_;
    const std::optional<raidadv::advisor::Candidate> today =
        hasToday_ ? std::optional<raidadv::advisor::Candidate>(today_) : std::nullopt;
    const QString catalogPath = catalogPath_;
    const std::shared_ptr<SearchControl> control = control_;
    watcher->setFuture(QtConcurrent::run([request, today, catalogPath, control, t] {
        TargetAnswer answer;
        try {
            const raidadv::Catalog catalog = openLayeredCatalog(catalogPath);
            raidadv::advisor::TargetOptions options;
            options.today = today ? &*today : nullptr;
            options.progress = [control](double fraction) {
                control->permille.store(static_cast<int>(fraction * 1000.0));
                return !control->stop.load();
            };
            answer = raidadv::advisor::what_would_it_take(request, catalog, t, options);
        } catch (const std::exception& e) {
            answer.problems = {std::string("The search failed: ") + e.what()};
        }
        return answer;
    }));
    return true;
}

void TargetDialog::cancel() {
    if (!running_) {
        return;
    }
    ++generation_;  // the running search's answer is dropped
    control_->stop = true;
    setRunning(false);
    browser_->setHtml(QStringLiteral("<p>%1</p>").arg(tr("The search was cancelled.")));
}

void TargetDialog::setRunning(bool running) {
    running_ = running;
    findButton_->setEnabled(!running && hasQuestion_);
    cancelButton_->setEnabled(running);
    progress_->setVisible(running);
    progress_->setValue(0);
    if (running) {
        progressTimer_->start();
        browser_->setHtml(QStringLiteral("<p>%1</p>").arg(tr("Searching the catalog...")));
    } else {
        progressTimer_->stop();
    }
}

void TargetDialog::showAnswer(const TargetAnswer& answer) {
    answer_ = answer;
    browser_->setHtml(answerHtml(answer, request_.constraints));
    emit answered(answer.found);
}

TargetDialog* showTargetDialog(QWidget* window, const raidadv::advisor::Request& request,
                               const raidadv::advisor::Candidate* today,
                               const QString& catalogPath) {
    auto* dialog = window->findChild<TargetDialog*>(QStringLiteral("targetDialog"));
    if (dialog == nullptr) {
        dialog = new TargetDialog(window);
    }
    dialog->setQuestion(request, today, catalogPath);
    if (dialog->isVisible()) {
        dialog->raise();  // opened before: bring it to the front
        dialog->activateWindow();
    } else {
        dialog->show();
    }
    return dialog;
}

}  // namespace raidadv::gui
