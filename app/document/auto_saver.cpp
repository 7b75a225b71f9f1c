#include "auto_saver.h"

#include <QDir>
#include <QFileInfo>
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
