#pragma once
// A QApplication for commands that draw (validate --report's charts, report's PDF) but never
// show a window: created on demand, Qt's debug/info/warning chatter kept from the user, torn down
// at the end of the scope.

#include <QApplication>
#include <memory>

namespace raidadv::cli {

class QtScope {
  public:
    enum class Platform {
        OffscreenUnlessChosen,    ///< offscreen unless QT_QPA_PLATFORM names one
        OffscreenWithoutDisplay,  ///< offscreen only when neither DISPLAY nor WAYLAND_DISPLAY
    };
    /// Does nothing if a QCoreApplication exists already.
    explicit QtScope(Platform platform);
    ~QtScope();
    QtScope(const QtScope&) = delete;
    QtScope& operator=(const QtScope&) = delete;

  private:
    int argc_ = 1;
    char name_[17] = "raid-advisor-cli";
    char* argv_[2] = {name_, nullptr};
    std::unique_ptr<QApplication> app_;
    QtMessageHandler previous_handler_ = nullptr;
};

}  // namespace raidadv::cli
