#pragma once
// "Import measurements..." on the wizard's workload page: a fio, iostat or block-trace file
// (file dialog or drag and drop onto the page) fills the page through core/measure, shows what
// was read (a summary and the request-size histogram) and can be undone.

#include <QWidget>
#include <optional>

#include "workload/workload.h"

class QLabel;
class QPushButton;

namespace raidadv::gui {

class WorkloadPage;

class MeasurementImport : public QWidget {
    Q_OBJECT

  public:
    /// Adds itself to `page` and accepts files dropped on it.
    explicit MeasurementImport(WorkloadPage* page);

    /// Imports `path` (the first workload it holds) into the page. Returns false, with the
    /// reason shown, if the file cannot be imported; the page is then unchanged.
    bool importFile(const QString& path);
    /// Puts the page back as it was before the last import. False if there is nothing to undo.
    bool undoImport();
    /// What the summary says now (for tests).
    QString summaryText() const;

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    /// The page's fields before an import.
    struct Saved {
        Workload preset;
        int presetGeneration = 0;
        QString workloadName, read, sequential, concurrency, rates;
        int unit = 0;
        int threads = 0;          ///< Workload::threads (fio numjobs, set by an import)
        double workingSet = 0.0;  ///< Workload::working_set_bytes, bytes (fio size, trace span)
        int kind = -1;            ///< "Kind of work" entry (-1: leave it)
        QString kindDescription;
    };
    void chooseFile();
    Saved save() const;
    void restore(const Saved& s);

    WorkloadPage* page_;
    QPushButton* importButton_;
    QPushButton* undoButton_;
    QLabel* summary_;
    QLabel* histogram_;
    std::optional<Saved> before_;
};

}  // namespace raidadv::gui
