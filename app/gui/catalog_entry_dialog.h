#pragma once
// The form for one user catalog entry: a line edit per CSV column (object name
// "<column>LineEdit", e.g. "rpmLineEdit") with what is allowed beside it. OK hands the fields to
// a submit function (the core's checks, the same as for CSV rows); its messages are shown next
// to the fields they name ("<column>ReasonLabel") and the dialog stays open until there are none.

#include <QDialog>
#include <QString>
#include <functional>
#include <map>
#include <vector>

#include "catalog/catalog.h"

class QLabel;
class QLineEdit;

namespace raidadv::gui {

class CatalogEntryDialog : public QDialog {
    Q_OBJECT

  public:
    /// Checks and stores the fields; returns the problems (empty = stored).
    using Submit = std::function<std::vector<raidadv::CatalogError>(const raidadv::CatalogFields&)>;

    CatalogEntryDialog(raidadv::CatalogKind kind, const raidadv::CatalogFields& initial,
                       Submit submit, QWidget* parent = nullptr);

    raidadv::CatalogFields fields() const;
    QLineEdit* field(const QString& column) const;
    /// Problems of the last OK, one line each ("rpm: must be ...").
    QStringList problems() const { return problems_; }

  public slots:
    void accept() override;

  private:
    std::map<QString, QLineEdit*> edits_;
    std::map<QString, QLabel*> reasons_;
    QLabel* general_ = nullptr;
    Submit submit_;
    QStringList problems_;
};

}  // namespace raidadv::gui
