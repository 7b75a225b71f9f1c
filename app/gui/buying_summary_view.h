#pragma once
// The "Buying summary" tab of a selected configuration: what to buy with dated prices, what it
// achieves at the user's load points, the risks in words, and the commands that build it, with
// a button that copies the commands. Everything comes from core (advisor::buying_summary); this
// view only lays it out.

#include <QWidget>
#include <string>
#include <vector>

#include "advisor/advisor.h"
#include "advisor/request.h"

class QPushButton;
class QTextBrowser;

namespace raidadv::gui {

class BuyingSummaryView : public QWidget {
    Q_OBJECT

  public:
    explicit BuyingSummaryView(QWidget* parent = nullptr);

    /// Shows the summary of `candidate` under `request`.
    void setCandidate(const advisor::Candidate& candidate, const advisor::Request& request);
    void clear();
    /// The commands the Copy button copies (the primary method's), one per line.
    QString commandsText() const;

  private:
    void copyCommands();

    QTextBrowser* text_ = nullptr;
    QPushButton* copyButton_ = nullptr;
    std::vector<std::string> commands_;
};

}  // namespace raidadv::gui
