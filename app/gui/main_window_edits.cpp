// MainWindow and the document's undo stack: what-if edits and pins become document edits
// (ChangeValue commands), and an undo or redo shows the document again: the what-if fields are
// refilled and the ranking re-ranked (weights) or searched again (workload and limits), the pins
// follow the document's session.pins.

#include <QLabel>
#include <QTimer>
#include <algorithm>

#include "compare_view.h"
#include "main_window.h"
#include "project_document.h"
#include "recommendations_model.h"
#include "what_if_document.h"
#include "what_if_panel.h"

namespace raidadv::gui {

using document::Json;

void MainWindow::recordWhatIf() {
    if (!document_ || !hasRequest_ || !whatIf_->isValid()) {
        return;
    }
    const advisor::Request after = whatIf_->request();
    const JsonEdits edits = whatIfEdits(document_->root(), appliedRequest_, after);
    appliedRequest_ = after;
    if (edits.empty()) {
        return;
    }
    recording_ = true;
    if (edits.size() == 1 && edits.front().first == kWeightsPointer) {
        // A slider drag is many edits of one value: one undo step.
        document_->setValue(kWeightsPointer, edits.front().second, tr("Change what matters"), true);
    } else {
        document_->setValues(edits, tr("Change the workload or limits"));
    }
    recording_ = false;
}

void MainWindow::recordPins() {
    if (!document_ || syncingPins_) {
        return;
    }
    const std::vector<std::string> names = compare_->pinnedNames();
    Json pins = Json::array();
    for (const std::string& name : names) {
        pins.push_back(name);
    }
    std::optional<Json> value = pins;
    if (names.empty() && !document_->value(kPinsPointer)) {
        return;  // nothing pinned, nothing recorded
    }
    recording_ = true;
    document_->setValue(
        kPinsPointer, value,
        names.empty() ? tr("Clear pins") : tr("Pin %1").arg(QString::fromStdString(names.back())));
    recording_ = false;
}

void MainWindow::documentChanged(const QString& /*pointer*/) {
    if (recording_ || syncQueued_) {
        return;
    }
    // An undo of a macro changes several values: show the document once, after all of them.
    syncQueued_ = true;
    QTimer::singleShot(0, this, &MainWindow::syncFromDocument);
}

void MainWindow::syncFromDocument() {
    syncQueued_ = false;
    if (!document_) {
        return;
    }
    syncPins();
    if (!hasRequest_) {
        return;
    }
    const advisor::Request shown = appliedRequest_;
    const advisor::Request wanted = whatIfRequest(document_->root(), loadedRequest_);
    whatIf_->setRequest(wanted);
    appliedRequest_ = whatIf_->request();  // as the fields read back (rounded as shown)
    if (needsSearch(shown, wanted)) {
        searchAgain();
    } else if (weightsDiffer(shown, wanted)) {
        rerank();
    }
}

void MainWindow::syncPins() {
    std::vector<std::string> wanted;
    if (const std::optional<Json> pins = document_->value(kPinsPointer); pins && pins->is_array()) {
        for (const Json& name : *pins) {
            if (name.is_string()) {
                wanted.push_back(name.get<std::string>());
            }
        }
    }
    if (compare_->pinnedNames() == wanted) {
        return;
    }
    syncingPins_ = true;
    // Pins no longer wanted go; pins kept stay the copies they are; new ones come from the
    // ranking shown (a pin whose configuration is not in it cannot be restored).
    for (const std::string& name : compare_->pinnedNames()) {
        if (std::find(wanted.begin(), wanted.end(), name) == wanted.end()) {
            compare_->unpin(name);
        }
    }
    QStringList missing;
    const advisor::Result& result = recModel_->result();
    for (const std::string& name : wanted) {
        if (compare_->isPinned(name)) {
            continue;
        }
        bool found = false;
        for (std::size_t i = 0; i < result.ranked.size(); ++i) {
            if (result.ranked[i].system.name == name) {
                compare_->pin(result.ranked[i], static_cast<int>(i) + 1, recModel_->request());
                found = true;
                break;
            }
        }
        if (!found) {
            missing << QString::fromStdString(name);
        }
    }
    syncingPins_ = false;
    if (!missing.isEmpty()) {
        summaryLabel_->setText(tr("Pinned configurations not in this ranking: %1")
                                   .arg(missing.join(QStringLiteral(", "))));
    }
    showCandidate();  // the pin button's state
}

}  // namespace raidadv::gui
