#pragma once
// The welcome page: what the main window shows when it starts without a project. It offers the
// bundled example projects (one line each on what they show), New project..., Open project...
// and a short guided tour of the new-project wizard. The page only asks; MainWindow acts on
// its signals.

#include <QList>
#include <QString>
#include <QWidget>

class QCommandLinkButton;
class QGroupBox;

namespace raidadv::gui {

/// One example the welcome page offers.
struct WelcomeExample {
    QString fileName;  ///< in the examples folder (resources/examples, installed beside the app)
    QString title;
    QString summary;  ///< one line on what it shows
};

/// The examples offered, in order: advisor projects (with an "advisor" section).
QList<WelcomeExample> welcomeExamples();

class WelcomePage : public QWidget {
    Q_OBJECT

  public:
    /// `examplesDir`: where the example files are (normally examplesDir() of app_resources.h).
    explicit WelcomePage(const QString& examplesDir, QWidget* parent = nullptr);

    QString examplesDir() const { return examplesDir_; }
    /// The example buttons, in welcomeExamples() order; one is disabled if its file is missing.
    const QList<QCommandLinkButton*>& exampleButtons() const { return exampleButtons_; }
    /// Full path of welcomeExamples()[index].
    QString examplePath(int index) const;

  signals:
    void exampleChosen(const QString& path);
    void newProjectRequested();
    void openProjectRequested();
    void tourRequested();

  private:
    /// The Start box: New project..., Open project... and the tour.
    QGroupBox* createStartBox(QWidget* content);
    /// The Examples box: one button per example, disabled if its file is missing.
    QGroupBox* createExamplesBox(QWidget* content);

    QString examplesDir_;
    QList<QCommandLinkButton*> exampleButtons_;
};

}  // namespace raidadv::gui
