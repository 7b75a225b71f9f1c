// MainWindow's advice: the ranking with the pick selected, the detail of the selected
// candidate (explanation, charts, layout), pins, re-ranking when the weights change, and the
// what-if searches with their progress and cancel. Background work goes through the session's
// newest-wins runs (project_session.h).

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <algorithm>
#include <exception>
#include <utility>

#include "advice_charts.h"
#include "advisor/explain.h"
#include "buying_summary_view.h"
#include "candidate_detail.h"
#include "chart_widget.h"
#include "compare_view.h"
#include "layout/raid_level.h"
#include "layout_diagram.h"
#include "main_window.h"
#include "pool_what_if.h"
#include "recommendations_model.h"
#include "risk_charts.h"
#include "what_if_panel.h"

namespace raidadv::gui {

// ---- copy to the clipboard ----------------------------------------------------------------

void MainWindow::createCopyActions(QMenu* editMenu) {
    editMenu->addSeparator();
    QAction* ranking = editMenu->addAction(tr("&Copy Ranking"), this, [this] { copyRanking(); });
    ranking->setObjectName(QStringLiteral("copyRankingAction"));
    ranking->setToolTip(tr("The ranking as shown, tab-separated (pastes into a spreadsheet)"));
    QAction* explanation =
        editMenu->addAction(tr("Copy &Explanation"), this, [this] { copyExplanation(); });
    explanation->setObjectName(QStringLiteral("copyExplanationAction"));
}

QString MainWindow::rankingText() const {
    QStringList lines;
    QStringList cells;
    const int columns = recProxy_->columnCount();
    for (int column = 0; column < columns; ++column) {
        // Two-line titles ("Failures\nsurvived") as one spreadsheet cell.
        cells << recProxy_->headerData(column, Qt::Horizontal, Qt::DisplayRole)
                     .toString()
                     .replace(QLatin1Char('\n'), QLatin1Char(' '));
    }
    lines << cells.join(QLatin1Char('\t'));
    for (int row = 0; row < recProxy_->rowCount(); ++row) {
        cells.clear();
        for (int column = 0; column < columns; ++column) {
            cells << recProxy_->index(row, column).data(Qt::DisplayRole).toString();
        }
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

bool MainWindow::copyRanking() {
    if (recProxy_->rowCount() == 0) {
        summaryLabel_->setText(tr("No ranking to copy."));
        return false;
    }
    QGuiApplication::clipboard()->setText(rankingText());
    summaryLabel_->setText(
        tr("Copied the ranking (%1 rows) to the clipboard.").arg(recProxy_->rowCount()));
    return true;
}

bool MainWindow::copyExplanation() {
    if (detail_->document()->isEmpty()) {
        summaryLabel_->setText(tr("No explanation to copy: select a configuration."));
        return false;
    }
    auto* mime = new QMimeData;
    mime->setText(detail_->toPlainText());
    mime->setHtml(detail_->toHtml());
    QGuiApplication::clipboard()->setMimeData(mime);  // the clipboard owns it
    summaryLabel_->setText(tr("Copied the explanation to the clipboard."));
    return true;
}

// ---- recommendations ------------------------------------------------------------------------

void MainWindow::rememberExplanations(const advisor::Result& result) {
    for (std::size_t i = 0; i < result.explanations.size() && i < result.ranked.size(); ++i) {
        session_->explanations[result.ranked[i].system.name] = result.explanations[i];
    }
}

void MainWindow::showAdvice(const advisor::Result& result, const advisor::Request& request,
                            bool keepSelection) {
    std::string selectedName;
    if (keepSelection) {
        if (const advisor::Candidate* c = recModel_->candidateAt(selectedRank())) {
            selectedName = c->system.name;
        }
    }
    rememberExplanations(result);
    recModel_->setResult(result, request);
    recTable_->sortByColumn(recTable_->horizontalHeader()->sortIndicatorSection(),
                            recTable_->horizontalHeader()->sortIndicatorOrder());
    fitRankingColumns();

    const advisor::SearchStats& st = result.stats;
    if (result.ranked.empty()) {
        statsLabel_->setText(tr("No configuration fits: searched %1 candidates in %2 s.")
                                 .arg(st.candidates)
                                 .arg(st.seconds, 0, 'f', 2));
    } else {
        statsLabel_->setText(
            tr("Searched %1 candidates (%2 model evaluations) in %3 s: %4 fit, %5 on the "
               "Pareto front. The pick is highlighted; click a header to sort.")
                .arg(st.candidates)
                .arg(st.evaluated)
                .arg(st.seconds, 0, 'f', 2)
                .arg(result.ranked.size())
                .arg(result.pareto.size()));
    }

    int row = 0;
    if (!selectedName.empty()) {
        for (std::size_t i = 0; i < result.ranked.size(); ++i) {
            if (result.ranked[i].system.name == selectedName) {
                row = static_cast<int>(i);
            }
        }
    }
    if (!result.ranked.empty()) {
        const QModelIndex index = recProxy_->mapFromSource(recModel_->index(row, 0));
        recTable_->selectionModel()->setCurrentIndex(
            index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        recTable_->scrollTo(index);
    }
    showCandidate();

    std::vector<NamedCandidate> top;
    for (std::size_t i = 0; i < result.ranked.size() && i < 5; ++i) {
        top.push_back({QStringLiteral("#%1").arg(i + 1), &result.ranked[i], i + 1});
    }
    if (top.empty()) {
        responseChart_->showMessage(tr("No configuration to chart."));
        costChart_->showMessage(tr("No configuration to chart."));
        throughputChart_->showMessage(tr("No configuration to chart."));
        stripeChart_->showMessage(tr("No configuration to chart."));
        lossChart_->showMessage(tr("No configuration to chart."));
    } else {
        responseChart_->setChart(responseChart(top, request));
        throughputChart_->setBars(throughputChart(result, 10));
        if (hasStripeTrials(top)) {
            stripeChart_->setChart(stripeChart(top));
        } else if (std::any_of(top.begin(), top.end(), [](const NamedCandidate& n) {
                       return is_zfs(n.candidate->system.layout.level);
                   })) {
            // A pool's record size follows the requests (advisor/zfs_layouts.h), not a trial.
            stripeChart_->showMessage(
                tr("The leading configurations are ZFS pools or not striped: a pool's record "
                   "size follows the workload's requests (see the explanation), so there is no "
                   "stripe unit to choose."));
        } else {
            stripeChart_->showMessage(
                tr("None of the leading configurations is striped: no stripe unit to choose."));
        }
        lossChart_->setChart(lossChart(top, request));
    }
    emit recommendationsShown();
}

void MainWindow::fitRankingColumns() {
    // Every column at its content's width (numbers and titles never elided), except the long
    // configuration names: fitConfigurationColumn() gives them what the others leave.
    recTable_->resizeColumnsToContents();
    fitConfigurationColumn();
}

void MainWindow::fitConfigurationColumn() {
    // The configuration names get what the other columns leave of the table's width (at most
    // 60 characters, at least 15), so that Cost and Usable stay on screen with a large font;
    // the full name is in the tooltip and the status bar. Called again on a resize.
    const int column = RecommendationsModel::ConfigurationColumn;
    const int x = recTable_->fontMetrics().horizontalAdvance(QLatin1Char('x'));
    int others = 0;
    for (int c = 0; c < recModel_->columnCount(); ++c) {
        if (c != column && !recTable_->isColumnHidden(c)) {
            others += recTable_->columnWidth(c);
        }
    }
    const QAbstractItemView* view = recTable_;  // sizeHintForColumn is public here
    const int content = std::max(view->sizeHintForColumn(column),
                                 recTable_->horizontalHeader()->sectionSizeHint(column));
    const int room = recTable_->viewport()->width() - others;
    recTable_->setColumnWidth(column, std::min(content, std::clamp(room, 15 * x, 60 * x)));
}

int MainWindow::selectedRank() const {
    const QModelIndex current = recTable_->selectionModel()->currentIndex();
    if (!current.isValid()) {
        return -1;
    }
    return recProxy_->mapToSource(current).row();
}

void MainWindow::showCandidate() {
    const advisor::Result& result = recModel_->result();
    const int rank = selectedRank();
    const advisor::Candidate* c = recModel_->candidateAt(rank);
    if (c == nullptr) {
        if (result.ranked.empty() && (!result.problems.empty() || result.stats.candidates > 0)) {
            detail_->setHtml(noCandidateHtml(result));
        } else {
            detail_->clear();
        }
        diagram_->clear();
        poolWhatIf_->clear();
        buyingSummary_->clear();
        pinButton_->setEnabled(false);
        utilizationChart_->showMessage(tr("Select a configuration."));
        costChart_->showMessage(tr("No configuration to chart."));
        return;
    }
    pinButton_->setEnabled(compare_->pinCount() < CompareView::kMaxPins &&
                           !compare_->isPinned(c->system.name));
    const auto found = session_->explanations.find(c->system.name);
    detail_->setHtml(candidateDetailHtml(
        *c, rank + 1, found == session_->explanations.end() ? nullptr : &found->second,
        recModel_->request()));
    diagram_->setSystem(c->system, QString::fromStdString(c->assessment.attached_as));
    showPoolWhatIf();
    buyingSummary_->setCandidate(*c, recModel_->request());
    utilizationChart_->setBars(utilizationChart(*c));
    costChart_->setChart(costChart(result, static_cast<std::size_t>(rank), recModel_->request()));
    updateSummary();
}

bool MainWindow::pinSelected() {
    const int rank = selectedRank();
    const advisor::Candidate* c = recModel_->candidateAt(rank);
    if (c == nullptr || !compare_->pin(*c, rank + 1, recModel_->request())) {
        return false;
    }
    pinButton_->setEnabled(false);
    summaryLabel_->setText(tr("Pinned %1 to Compare (%2 pinned).")
                               .arg(QString::fromStdString(c->system.name))
                               .arg(compare_->pinCount()));
    return true;
}

void MainWindow::rerank() {
    if (recModel_->result().ranked.empty()) {
        return;
    }
    // Weights only: the core re-ranks the evaluated candidates, no model runs (instant).
    advisor::Result result = recModel_->result();
    advisor::Request request = recModel_->request();
    request.weights = whatIf_->request().weights;
    // Explanations speak of ranks ("Runner-up", "against the pick"): they are rewritten for the
    // new order on a worker thread; until then the detail shows the numbers only.
    result.explanations.clear();
    session_->explanations.clear();
    advisor::rank(result, request);
    showAdvice(result, request, true);
    explainTop();
}

void MainWindow::explainTop() {
    // Explain the new top three on a worker thread (explain_top may run the model again).
    advisor::Result result = recModel_->result();
    const advisor::Request request = recModel_->request();
    session_->explains.start(
        [result, request]() mutable {
            ExplainRun run;
            try {
                advisor::explain_top(result, request, 3);
            } catch (const std::exception& e) {
                run.error = QString::fromStdString(e.what());
                result.explanations.clear();
            }
            run.result = std::move(result);
            return run;
        },
        [this](const ExplainRun& run) {
            if (!run.error.isEmpty()) {
                // The numbers stay shown; only the words are missing: say so, not a dialog.
                summaryLabel_->setText(tr("Could not explain the new ranking: %1").arg(run.error));
            }
            rememberExplanations(run.result);
            showCandidate();
        });
}

void MainWindow::searchAgain() {
    if (!whatIf_->isValid() || recModel_->request().workload.name.empty()) {
        return;
    }
    const advisor::Request request = whatIf_->request();
    setBusy(true, tr("Searching the catalog again..."));
    auto control = std::make_shared<SearchControl>();
    watchProgress(control);
    const QString catalog = catalogPath_;
    session_->searches.start(
        [request, catalog, control] { return runAdvice(request, catalog, control); },
        [this](const AdviceRun& run) {
            setBusy(false);
            if (!run.error.isEmpty()) {
                reportError(tr("The search failed"), {run.error});
                updateSummary();
                return;
            }
            session_->explanations.clear();
            showAdvice(run.advice, run.request, true);
            updateSummary();
        });
}

void MainWindow::watchProgress(std::shared_ptr<SearchControl> control) {
    if (control_) {
        control_->stop = true;  // a superseded search need not finish
    }
    control_ = std::move(control);
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progressTimer_->start();
}

void MainWindow::cancelSearch() {
    // The search stops at its next progress report; its result is dropped when it arrives.
    if (control_) {
        control_->stop = true;
    }
    session_->searches.cancel();
    session_->runs.cancel();
    setBusy(false);
    summaryLabel_->setText(tr("Search cancelled; the results shown are from before."));
}

}  // namespace raidadv::gui
