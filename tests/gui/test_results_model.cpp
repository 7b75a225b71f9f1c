// ResultsModel: rows per load point, number formats, "saturated" points.
#include <QtTest>
#include <limits>

#include "results_model.h"

using raidadv::gui::ResultsModel;

namespace {

raidadv::Evaluation sampleEvaluation() {
    raidadv::Evaluation evaluation;
    evaluation.system = "Array A";
    evaluation.workload = "OLTP";
    raidadv::PointMetrics closed;
    closed.concurrency = 4;
    closed.iops = 250.4;
    closed.mb_per_s = 1.0256;
    closed.mean_response_s = 0.016;
    closed.p95_response_s = 0.041;
    closed.bottleneck = "disk";
    closed.utilization = {{"disk", 0.93}, {"controller", 0.2}};
    raidadv::PointMetrics open;
    open.arrival_rate_per_s = 500;
    open.saturated = true;
    open.bottleneck = "disk";
    evaluation.points = {closed, open};
    return evaluation;
}

}  // namespace

class ResultsModelTest : public QObject {
    Q_OBJECT

  private slots:
    void headers() {
        ResultsModel model;
        const QStringList expected{QStringLiteral("System"),
                                   QStringLiteral("Workload"),
                                   QStringLiteral("Concurrency / Arrival rate"),
                                   QStringLiteral("IOPS"),
                                   QStringLiteral("MB/s"),
                                   QStringLiteral("Mean response (ms)"),
                                   QStringLiteral("p95 (ms)"),
                                   QStringLiteral("Bottleneck")};
        QCOMPARE(model.columnCount(), static_cast<int>(expected.size()));
        for (int c = 0; c < model.columnCount(); ++c) {
            QCOMPARE(model.headerData(c, Qt::Horizontal).toString(), expected[c]);
        }
        QCOMPARE(model.rowCount(), 0);
    }

    void onePointPerRow() {
        ResultsModel model;
        model.setEvaluations({sampleEvaluation(), sampleEvaluation()});
        QCOMPARE(model.rowCount(), 4);
        QVERIFY(model.pointAt(3) != nullptr);
        QCOMPARE(model.pointAt(3)->arrival_rate_per_s, 500.0);
        QVERIFY(model.pointAt(4) == nullptr);
        QVERIFY(model.evaluationAt(-1) == nullptr);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void formatsClosedPoint() {
        ResultsModel model;
        model.setEvaluations({sampleEvaluation()});
        auto text = [&](int column) { return model.index(0, column).data().toString(); };
        QCOMPARE(text(ResultsModel::SystemColumn), QStringLiteral("Array A"));
        QCOMPARE(text(ResultsModel::WorkloadColumn), QStringLiteral("OLTP"));
        QCOMPARE(text(ResultsModel::LoadColumn), QStringLiteral("4"));
        QCOMPARE(text(ResultsModel::IopsColumn), QStringLiteral("250"));
        QCOMPARE(text(ResultsModel::MbPerSecondColumn), QStringLiteral("1.03"));
        QCOMPARE(text(ResultsModel::MeanResponseColumn), QStringLiteral("16.0"));
        QCOMPARE(text(ResultsModel::P95ResponseColumn), QStringLiteral("41.0"));
        QCOMPARE(text(ResultsModel::BottleneckColumn), QStringLiteral("disk"));
        QCOMPARE(model.index(0, ResultsModel::IopsColumn).data(ResultsModel::RawValueRole),
                 QVariant(250.4));
        const QString tip =
            model.index(0, ResultsModel::BottleneckColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.indexOf(QStringLiteral("disk: 93.0 %")) <
                     tip.indexOf(QStringLiteral("controller: 20.0 %")),
                 qPrintable(tip));
    }

    void saturatedPointShowsNoNumbers() {
        ResultsModel model;
        model.setEvaluations({sampleEvaluation()});
        auto text = [&](int column) { return model.index(1, column).data().toString(); };
        QCOMPARE(text(ResultsModel::LoadColumn), QStringLiteral("500/s"));
        for (int column : {ResultsModel::IopsColumn, ResultsModel::MbPerSecondColumn,
                           ResultsModel::MeanResponseColumn, ResultsModel::P95ResponseColumn}) {
            QCOMPARE(text(column), QStringLiteral("saturated"));
        }
        QCOMPARE(text(ResultsModel::BottleneckColumn), QStringLiteral("disk"));
    }

    void bandedPointShowsItsRangeAndWhereItComesFrom() {
        // A point whose band the evaluator filled (core/evaluate/error_band.h): each banded
        // figure reads "value (low–high)", the range lies around the value, and the tooltip
        // names the evidence class and why the band is wider.
        raidadv::Evaluation e = sampleEvaluation();
        raidadv::PointMetrics& p = e.points[0];
        p.band.iops = {201.0, 302.0};
        p.band.mb_per_s = {0.82, 1.24};
        p.band.mean_response_s = {0.0132, 0.0199};
        p.band.evidence = "HDD, random I/O";
        p.band.widened = "no validation study predicted RAID 6";
        ResultsModel model;
        model.setEvaluations({e});
        const auto text = [&](int column) { return model.index(0, column).data().toString(); };
        QCOMPARE(text(ResultsModel::IopsColumn), QStringLiteral("250 (201\u2013302)"));
        QCOMPARE(text(ResultsModel::MbPerSecondColumn), QStringLiteral("1.03 (0.820\u20131.24)"));
        QCOMPARE(text(ResultsModel::MeanResponseColumn), QStringLiteral("16.0 (13.2\u201319.9)"));
        QCOMPARE(text(ResultsModel::P95ResponseColumn), QStringLiteral("41.0"));  // no band
        // Sorting still reads the figure, not the text.
        QCOMPARE(model.index(0, ResultsModel::MeanResponseColumn).data(ResultsModel::RawValueRole),
                 QVariant(16.0));
        for (int column : {ResultsModel::IopsColumn, ResultsModel::MbPerSecondColumn,
                           ResultsModel::MeanResponseColumn}) {
            // The shown range holds the shown figure.
            const QString shown = text(column);
            const double value = shown.section(QLatin1Char(' '), 0, 0).toDouble();
            const QString range = shown.section(QLatin1Char('('), 1).chopped(1);
            const double low = range.section(QChar(0x2013), 0, 0).toDouble();
            const double high = range.section(QChar(0x2013), 1, 1).toDouble();
            QVERIFY2(low > 0.0 && low <= value && value <= high, qPrintable(shown));
            const QString tip = model.index(0, column).data(Qt::ToolTipRole).toString();
            QVERIFY2(tip.contains(QStringLiteral("80% range ") + range), qPrintable(tip));
            QVERIFY2(tip.contains(QStringLiteral("HDD, random I/O")), qPrintable(tip));
            QVERIFY2(tip.contains(QStringLiteral("no validation study predicted RAID 6")),
                     qPrintable(tip));
        }
        QVERIFY(model.headerData(ResultsModel::MeanResponseColumn, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("80% range")));
    }

    void pointWithoutBandShowsNoRange() {
        // A saturated point and a point the evaluator gave no band: no brackets, no "0", no
        // "nan", and no range in the tooltip.
        raidadv::Evaluation e = sampleEvaluation();
        e.points[1].band.mean_response_s = {0.0, 0.0};
        ResultsModel model;
        model.setEvaluations({e});
        for (int row : {0, 1}) {
            for (int column : {ResultsModel::IopsColumn, ResultsModel::MbPerSecondColumn,
                               ResultsModel::MeanResponseColumn}) {
                const QString shown = model.index(row, column).data().toString();
                QVERIFY2(
                    !shown.contains(QLatin1Char('(')) && !shown.contains(QStringLiteral("nan")),
                    qPrintable(shown));
                QVERIFY(!model.index(row, column)
                             .data(Qt::ToolTipRole)
                             .toString()
                             .contains(QStringLiteral("80%")));
            }
        }
    }

    void formatNumber() {
        QCOMPARE(ResultsModel::formatNumber(0.0), QStringLiteral("0"));
        QCOMPARE(ResultsModel::formatNumber(0.1234), QStringLiteral("0.123"));
        QCOMPARE(ResultsModel::formatNumber(0.01234), QStringLiteral("0.0123"));
        QCOMPARE(ResultsModel::formatNumber(1.234), QStringLiteral("1.23"));
        QCOMPARE(ResultsModel::formatNumber(12.34), QStringLiteral("12.3"));
        QCOMPARE(ResultsModel::formatNumber(1234.4), QStringLiteral("1234"));
        QCOMPARE(ResultsModel::formatNumber(std::numeric_limits<double>::infinity()),
                 QStringLiteral("-"));
    }
};

int runResultsModelTests(int argc, char** argv) {
    ResultsModelTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_results_model.moc"
