// MainWindow and the document's undo stack: what-if edits, pins and wizard edits become
// document edits (ChangeValue commands), and an undo or redo shows the document again: the
// what-if fields are refilled and the ranking re-ranked (weights) or searched again (workload and
// limits), the pins follow the document's session.pins. A wizard edit (Edit > Edit Project in
// Wizard...) can change anything the wizard shows (workload, constraints, computer, allowed
// parts): it is one undo step, and it and its undo or redo run the whole project again.

#include <QCoreApplication>
#include <QLabel>
#include <QRegularExpression>
#include <QTimer>
#include <algorithm>
#include <string_view>
#include <utility>

#include "catalog_choices.h"
#include "compare_view.h"
#include "layout_diagram.h"
#include "main_window.h"
#include "pool_what_if.h"
#include "project_document.h"
#include "project_draft.h"
#include "project_wizard.h"
#include "recommendations_model.h"
#include "what_if_document.h"
#include "what_if_panel.h"
#include "wizard_fill.h"

namespace raidadv::gui {

using document::Json;

namespace {

/// True for the document places the what-if panel edits and shows (what_if_document.h) and the
/// session's view state: a change elsewhere (a wizard edit) needs the whole project run again.
bool whatIfCanShow(const QString& pointer) {
    static const QRegularExpression shown(QStringLiteral(
        "^(/advisor/"
        "(weights|capacity_gb|budget|max_drive_bays|min_failures_tolerated|power_loss_safe_writes|"
        "raid_software_owned|raid_software|md_bitmap|max_rebuild_hours|max_power_w)"
        "|/workloads/[0-9]+/(concurrency|read_fraction|span_fraction|working_set_(bytes|kib|mib))"
        "|/session)(/.*)?$"));
    return shown.match(pointer).hasMatch();
}

/// The undo text of a what-if edit: the field's name as the panel shows it when one field
/// changed ("Change RAID software"; the working set's keys are one field), else the general one.
QString whatIfUndoText(const JsonEdits& edits) {
    static const std::pair<const char*, const char*> names[] = {
        {"concurrency", QT_TRANSLATE_NOOP("MainWindow", "Change outstanding requests")},
        {"read_fraction", QT_TRANSLATE_NOOP("MainWindow", "Change reads")},
        {"threads", QT_TRANSLATE_NOOP("MainWindow", "Change submitting threads")},
        {"working_set_bytes", QT_TRANSLATE_NOOP("MainWindow", "Change working set")},
        {"working_set_kib", QT_TRANSLATE_NOOP("MainWindow", "Change working set")},
        {"working_set_mib", QT_TRANSLATE_NOOP("MainWindow", "Change working set")},
        {"span_fraction", QT_TRANSLATE_NOOP("MainWindow", "Change working set")},
        {"capacity_gb", QT_TRANSLATE_NOOP("MainWindow", "Change capacity")},
        {"budget", QT_TRANSLATE_NOOP("MainWindow", "Change budget")},
        {"max_drive_bays", QT_TRANSLATE_NOOP("MainWindow", "Change drive bays")},
        {"min_failures_tolerated", QT_TRANSLATE_NOOP("MainWindow", "Change failures to survive")},
        {"max_rebuild_hours", QT_TRANSLATE_NOOP("MainWindow", "Change longest rebuild")},
        {"max_power_w", QT_TRANSLATE_NOOP("MainWindow", "Change drive power")},
        {"power_loss_safe_writes", QT_TRANSLATE_NOOP("MainWindow", "Change power-cut safety")},
        {"raid_software_owned", QT_TRANSLATE_NOOP("MainWindow", "Change RAID software owned")},
        {"raid_software", QT_TRANSLATE_NOOP("MainWindow", "Change RAID software")},
        {"md_bitmap", QT_TRANSLATE_NOOP("MainWindow", "Change md write-intent bitmap")}};
    // The name of the field whose key `pointer` ends in; empty for a key the list lacks.
    const auto fieldText = [](const std::string& pointer) {
        const std::string key = pointer.substr(pointer.rfind('/') + 1);
        for (const auto& [name, text] : names) {
            if (key == name) {
                return std::string_view(text);
            }
        }
        return std::string_view();
    };
    const std::string_view text =
        edits.empty() ? std::string_view() : fieldText(edits.front().first);
    const bool oneField = std::all_of(edits.begin(), edits.end(), [&](const auto& edit) {
        return fieldText(edit.first) == text;
    });
    if (!text.empty() && oneField) {
        return QCoreApplication::translate("MainWindow", text.data());  // a literal of `names`
    }
    return QCoreApplication::translate("MainWindow", "Change the workload or limits");
}

}  // namespace

void MainWindow::recordWhatIf() {
    if (!session_->document || !session_->hasRequest || !whatIf_->isValid()) {
        return;
    }
    const advisor::Request after = whatIf_->request();
    const JsonEdits edits =
        whatIfEdits(session_->document->root(), session_->appliedRequest, after);
    session_->appliedRequest = after;
    if (edits.empty()) {
        return;
    }
    recording_ = true;
    if (edits.size() == 1 && edits.front().first == kWeightsPointer) {
        // A slider drag is many edits of one value: one undo step.
        session_->document->setValue(kWeightsPointer, edits.front().second,
                                     tr("Change what matters"), true);
    } else {
        session_->document->setValues(edits, whatIfUndoText(edits));
    }
    recording_ = false;
}

void MainWindow::recordPins() {
    if (!session_->document || syncingPins_) {
        return;
    }
    const std::vector<std::string> names = compare_->pinnedNames();
    Json pins = Json::array();
    for (const std::string& name : names) {
        pins.push_back(name);
    }
    std::optional<Json> value = pins;
    if (names.empty() && !session_->document->value(kPinsPointer)) {
        return;  // nothing pinned, nothing recorded
    }
    recording_ = true;
    session_->document->setValue(
        kPinsPointer, value,
        names.empty() ? tr("Clear pins") : tr("Pin %1").arg(QString::fromStdString(names.back())));
    recording_ = false;
}

void MainWindow::showPoolWhatIf() {
    const advisor::Candidate* c = recModel_->candidateAt(selectedRank());
    std::optional<PoolEdit> edit;
    if (session_->document) {
        if (const std::optional<Json> saved = session_->document->value(kPoolWhatIfPointer)) {
            edit = PoolEdit::fromJson(*saved);
        }
    }
    poolWhatIf_->setCandidate(c, recModel_->request(), edit);
    if (c != nullptr && poolWhatIf_->active() && poolWhatIf_->problem().isEmpty()) {
        diagram_->setSystem(poolWhatIf_->system(),
                            QString::fromStdString(c->assessment.attached_as));
    }
}

void MainWindow::recordPoolWhatIf() {
    const advisor::Candidate* c = recModel_->candidateAt(selectedRank());
    if (c == nullptr) {
        return;
    }
    diagram_->setSystem(poolWhatIf_->system(), QString::fromStdString(c->assessment.attached_as));
    if (!session_->document) {
        return;
    }
    const std::optional<PoolEdit> edit = poolWhatIf_->currentEdit();
    std::optional<Json> value;
    if (edit) {
        value = edit->toJson();
    } else if (!session_->document->value(kPoolWhatIfPointer)) {
        return;  // back to the recommended pool, and nothing recorded: nothing to do
    }
    recording_ = true;
    session_->document->setValue(
        kPoolWhatIfPointer, value,
        tr("Change the pool of %1").arg(QString::fromStdString(c->system.name)));
    recording_ = false;
}

void MainWindow::documentChanged(const QString& pointer) {
    if (recording_) {
        return;
    }
    if (!whatIfCanShow(pointer)) {
        reloadQueued_ = true;  // an undo or redo of a wizard edit
    }
    if (syncQueued_) {
        return;
    }
    // An undo of a macro changes several values: show the document once, after all of them.
    syncQueued_ = true;
    QTimer::singleShot(0, this, &MainWindow::syncFromDocument);
}

void MainWindow::syncFromDocument() {
    syncQueued_ = false;
    if (!session_->document) {
        return;
    }
    if (reloadQueued_) {
        reloadQueued_ = false;
        reloadFromDocument();  // the run shows the pins and the what-if fields again
        return;
    }
    syncPins();
    showPoolWhatIf();
    if (!session_->hasRequest) {
        return;
    }
    const advisor::Request shown = session_->appliedRequest;
    const advisor::Request wanted =
        whatIfRequest(session_->document->root(), session_->loadedRequest, session_->catalog.get());
    whatIf_->setRequest(wanted);
    session_->appliedRequest = whatIf_->request();  // as the fields read back (rounded as shown)
    if (needsSearch(shown, wanted)) {
        searchAgain();
    } else if (weightsDiffer(shown, wanted)) {
        rerank();
    }
}

void MainWindow::syncPins() {
    std::vector<std::string> wanted;
    if (const std::optional<Json> pins = session_->document->value(kPinsPointer);
        pins && pins->is_array()) {
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

ProjectWizard* MainWindow::editProjectInWizard() {
    if (!session_->document || !session_->hasRequest) {
        summaryLabel_->setText(
            tr("Open a project that asks the advisor a question to edit it in "
               "the wizard."));
        return nullptr;
    }
    const Json& root = session_->document->root();
    const QString name = root.contains("name") && root["name"].is_string()
                             ? QString::fromStdString(root["name"].get<std::string>())
                             : session_->name;
    const ProjectDraft before = draftFromRequest(
        whatIfRequest(root, session_->loadedRequest, session_->catalog.get()), name);
    auto* wizard = new ProjectWizard(CatalogChoices::load(catalogPath_), catalogPath_, this);
    wizard->setWindowTitle(tr("Edit project"));
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    wizard->setWindowModality(Qt::WindowModal);
    fillWizardOnShow(*wizard, before);
    connect(wizard, &QDialog::accepted, this, [this, wizard, before] {
        if (!session_->document) {
            return;
        }
        const ProjectDraft after = mergeWizardDraft(before, wizard->draft());
        const JsonEdits edits = draftEdits(session_->document->root(), before, after);
        if (edits.empty()) {
            summaryLabel_->setText(tr("The wizard changed nothing."));
            return;
        }
        recording_ = true;
        session_->document->setValues(edits, tr("Edit the project in the wizard"));
        recording_ = false;
        reloadFromDocument();
    });
    wizard->open();
    return wizard;
}

void MainWindow::reloadFromDocument() {
    if (!session_->document) {
        return;
    }
    const QByteArray text = session_->document->serialize();
    const QString path = session_->document->path();
    const QString name = session_->document->displayName();
    const QString catalog = catalogPath_;
    startRun(
        [text, path, name, catalog](std::shared_ptr<SearchControl> control) {
            ProjectRun run = runProjectText(text, name, catalog, std::move(control));
            run.path = path;
            if (!run.ok()) {
                run.errorTitle = tr("Cannot run project %1 as edited").arg(name);
            }
            return run;
        },
        name);
}

}  // namespace raidadv::gui
