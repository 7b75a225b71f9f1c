#pragma once
// What if a recommended ZFS pool were built differently (issue 28): drives per vdev, vdev count,
// recordsize and a dRAID's data disks per group, recomputed at once by the core's model (measure)
// and assessment (assess) for the selected configuration. A change is a document edit of
// session.pool_what_if (docs/file-format.md), so it is undoable like the other what-if edits and
// restored with the project; a combination ZFS cannot build shows the core's
// zfs_layout_problem message, naming the key.

#include <QWidget>
#include <optional>
#include <string>

#include "advisor/advisor.h"
#include "advisor/request.h"
#include "project_document.h"

class QComboBox;
class QLabel;
class QSpinBox;

namespace raidadv::gui {

/// One pool what-if: the configuration it changes and its new pool shape.
struct PoolEdit {
    std::string configuration;  ///< Candidate::system.name
    int drivesPerVdev = 0;
    int vdevs = 1;
    double recordBytes = 0.0;
    int draidData = 0;  ///< 0 = zpool's default group

    /// As session.pool_what_if's object; and back (nullopt if `json` is not one).
    document::Json toJson() const;
    static std::optional<PoolEdit> fromJson(const document::Json& json);
};

/// The JSON pointer of the pool what-if in the project document.
inline constexpr const char* kPoolWhatIfPointer = "/session/pool_what_if";

class PoolWhatIf : public QWidget {
    Q_OBJECT

  public:
    explicit PoolWhatIf(QWidget* parent = nullptr);

    /// Shows `candidate` (hidden unless it is a ZFS pool) with `edit` applied when it names the
    /// candidate. No signal is emitted.
    void setCandidate(const raidadv::advisor::Candidate* candidate,
                      const raidadv::advisor::Request& request,
                      const std::optional<PoolEdit>& edit);
    void clear();
    /// A ZFS candidate is shown (the widget may still be on a hidden tab).
    bool active() const { return active_; }
    /// The system with the fields' pool (the candidate's own when nothing changed).
    const raidadv::System& system() const { return system_; }
    /// Why the fields' pool cannot be built ("vdevs: ..."), or empty.
    QString problem() const { return problem_; }
    /// The fields as an edit of the shown candidate; nullopt when they equal its pool.
    std::optional<PoolEdit> currentEdit() const;

  signals:
    /// A field changed and the pool can be built: record `edit` (nullopt: back to the
    /// recommended pool). The system() is recomputed already.
    void edited(const std::optional<raidadv::gui::PoolEdit>& edit);

  private:
    void fieldChanged();
    void recompute();
    void setFields(const raidadv::Layout& layout);

    raidadv::advisor::Candidate candidate_;
    raidadv::advisor::Request request_;
    raidadv::System system_;
    QString problem_;
    bool filling_ = false;
    bool active_ = false;
    QSpinBox* drivesPerVdev_;
    QSpinBox* vdevs_;
    QComboBox* record_;
    QSpinBox* draidData_;
    QLabel* draidDataLabel_;
    QLabel* result_;
    QLabel* reason_;
};

}  // namespace raidadv::gui
