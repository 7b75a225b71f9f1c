#pragma once
// "What would it take?": the user states a target (a 95th-percentile response time at some
// multiple of today's load, a capacity, failures to survive) for the question the ranking
// answers; the dialog runs core's what_would_it_take (core/advisor/target.h) off the UI thread
// and shows the cheapest change that meets it and when today's pick runs out.

#include <QDialog>
#include <QString>
#include <memory>

#include "advisor/target.h"

class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTextBrowser;
class QTimer;

namespace raidadv::gui {

struct SearchControl;

class TargetDialog : public QDialog {
    Q_OBJECT

  public:
    explicit TargetDialog(QWidget* parent = nullptr);
    ~TargetDialog() override;

    /// The question the ranking answers, today's pick in it (null: none; then the dialog
    /// searches for it) and the catalog to search (empty: the default).
    void setQuestion(const raidadv::advisor::Request& request,
                     const raidadv::advisor::Candidate* today, const QString& catalogPath);
    /// The target in the fields.
    raidadv::advisor::Target target() const;
    /// Starts the search for the target in the fields (Find); false if the fields are not
    /// valid (the problems are shown) or there is no question.
    bool find();
    bool isRunning() const { return running_; }
    /// The last answer shown.
    const raidadv::advisor::TargetAnswer& answer() const { return answer_; }

  signals:
    /// Emitted when an answer is shown (found: a candidate meets the target).
    void answered(bool found);

  private:
    QFormLayout* createFields();
    void cancel();
    void showAnswer(const raidadv::advisor::TargetAnswer& answer);
    void setRunning(bool running);

    QDoubleSpinBox* p95_ = nullptr;
    QDoubleSpinBox* loadFactor_ = nullptr;
    QDoubleSpinBox* capacity_ = nullptr;
    QDoubleSpinBox* years_ = nullptr;
    QSpinBox* failures_ = nullptr;
    QLabel* question_ = nullptr;
    QTextBrowser* browser_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* findButton_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QTimer* progressTimer_ = nullptr;
    raidadv::advisor::Request request_;
    raidadv::advisor::Candidate today_;
    bool hasQuestion_ = false;
    bool hasToday_ = false;
    QString catalogPath_;
    raidadv::advisor::TargetAnswer answer_;
    std::shared_ptr<SearchControl> control_;
    quint64 generation_ = 0;
    bool running_ = false;
};

/// Opens (or raises) the window's "What would it take?" dialog for the question `request`
/// with today's pick `today` (null if none). Non-modal; returns it.
TargetDialog* showTargetDialog(QWidget* window, const raidadv::advisor::Request& request,
                               const raidadv::advisor::Candidate* today,
                               const QString& catalogPath);

}  // namespace raidadv::gui
