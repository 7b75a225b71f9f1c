#include "qt_scope.h"

#include <cstdlib>

namespace raidadv::cli {

namespace {

bool unset(const char* name) {
    const char* value = std::getenv(name);
    return value == nullptr || *value == '\0';
}

/// Qt's chatter from the offscreen platform ("does not support propagateSizeHints()") is not
/// for the user; critical messages still go out.
QtMessageHandler g_previous_handler = nullptr;
void quiet_handler(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (type == QtDebugMsg || type == QtInfoMsg || type == QtWarningMsg) {
        return;
    }
    if (g_previous_handler != nullptr) {
        g_previous_handler(type, context, message);
    }
}

}  // namespace

QtScope::QtScope(Platform platform) {
    if (QCoreApplication::instance() != nullptr) {
        return;
    }
    const bool offscreen = platform == Platform::OffscreenUnlessChosen
                               ? unset("QT_QPA_PLATFORM")
                               : unset("DISPLAY") && unset("WAYLAND_DISPLAY");
    if (offscreen) {
        ::setenv("QT_QPA_PLATFORM", "offscreen", 1);
    }
    previous_handler_ = qInstallMessageHandler(quiet_handler);
    g_previous_handler = previous_handler_;
    app_ = std::make_unique<QApplication>(argc_, argv_);
}

QtScope::~QtScope() {
    if (app_) {
        app_.reset();
        qInstallMessageHandler(previous_handler_);
    }
}

}  // namespace raidadv::cli
