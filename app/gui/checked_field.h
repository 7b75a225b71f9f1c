#pragma once
// A line edit checked as it is typed: a check function names what is wrong, a label next to the
// field shows it in red, and the field's frame turns red. Wizard pages and the what-if panel are
// valid when all their fields are.

#include <QObject>
#include <QString>
#include <functional>

class QLabel;
class QLineEdit;
class QWidget;

namespace raidadv::gui {

class CheckedField : public QObject {
    Q_OBJECT

  public:
    /// Returns why `text` is not acceptable, or an empty string if it is.
    using Check = std::function<QString(const QString& text)>;

    /// Creates the line edit (object name `name`, e.g. "capacityLineEdit") and its reason label
    /// (the name with "LineEdit" replaced by "ReasonLabel") as children of `parent`.
    CheckedField(const QString& name, const QString& text, Check check, QWidget* parent);

    QLineEdit* edit() const { return edit_; }
    QLabel* reasonLabel() const { return reason_; }
    /// The line edit and the reason label side by side, for a form row.
    QWidget* row() const { return row_; }

    QString text() const;
    void setText(const QString& text);
    bool isValid() const { return reasonText_.isEmpty(); }
    QString reason() const { return reasonText_; }
    /// Re-runs the check (when something it depends on changed).
    void recheck();
    /// While quiet, the reason is kept (isValid(), reason()) but not shown: a field that has no
    /// value yet (a panel not filled) is not an error the user made.
    void setQuiet(bool quiet);

  signals:
    /// The text changed (valid or not); validity may have changed too.
    void edited();

  private:
    QLineEdit* edit_;
    QLabel* reason_;
    QWidget* row_;
    Check check_;
    QString reasonText_;
    bool quiet_ = false;
};

}  // namespace raidadv::gui
