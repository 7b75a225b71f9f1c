#include "auto_saver.h"

#include <QDir>
#include <QFileInfo>
#include <QLockFile>
#include <QTimer>

#include "atomic_write.h"
#include "project_document.h"

namespace raidadv::document {

AutoSaver::AutoSaver(ProjectDocument* document, int intervalMs, QObject* parent)
    : QObject(parent), document_(document), timer_(new QTimer(this)) {
    timer_->setInterval(intervalMs);
    connect(timer_, &QTimer::timeout, this, &AutoSaver::saveNow);
    // The timer runs only while there is something unsaved.
    connect(document_, &ProjectDocument::modifiedChanged, this, [this](bool modified) {
        if (modified) {
            timer_->start();
        } else {
            timer_->stop();
        }
    });
    if (document_->isModified()) {
        timer_->start();
    }
    claimSlot();
    // Save As moves the autosave file: the lock follows it.
    connect(document_, &ProjectDocument::pathChanged, this, [this] { claimSlot(); });
}

AutoSaver::~AutoSaver() = default;  // releases the lock: the file (if any) is no longer owned

bool AutoSaver::ownsAutosave() const {
    return lock_ && lock_->isLocked();
}

bool AutoSaver::claimSlot() {
    lock_.reset();
    QDir().mkpath(ProjectDocument::autosaveDir());
    for (int slot = 0; slot < kMaxSlots; ++slot) {
        document_->setAutosaveSlot(slot);
        auto lock =
            std::make_unique<QLockFile>(document_->autosavePath() + QStringLiteral(".lock"));
        lock->setStaleLockTime(0);  // a live owner keeps it however old; a dead one loses it
        if (lock->tryLock(0)) {
            lock_ = std::move(lock);
            return true;
        }
    }
    lastError_ = tr("the project is open in too many running copies to autosave it");
    return false;
}

void AutoSaver::setInterval(int ms) {
    timer_->setInterval(ms);
}

bool AutoSaver::isActive() const {
    return timer_->isActive();
}

bool AutoSaver::saveNow() {
    if (!document_->isModified()) {
        return true;
    }
    if (!ownsAutosave() && !claimSlot()) {
        emit failed(lastError_);
        return false;
    }
    const QString path = document_->autosavePath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    const WriteResult written = atomicWrite(path, document_->serialize());
    if (!written.ok) {
        lastError_ = written.error;
        emit failed(written.error);
        return false;
    }
    lastError_.clear();
    emit autosaved(path);
    return true;
}

}  // namespace raidadv::document
