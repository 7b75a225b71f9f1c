#pragma once
// A problem the project reader found, told as the desktop application shows the project: the
// field as the wizard and the what-if panel name it (not the file's JSON path), fractions in the
// percent the wizard asks for, and the closest catalog id for an id that is not in the catalog.
// Problems in places the window does not show keep their file path (docs/file-format.md).

#include <QString>
#include <string>

#include "project/project.h"

namespace raidadv {
class Catalog;
}

namespace raidadv::gui {

/// `issue` in the words of the window; `catalog` (may be null) supplies the ids to suggest.
QString userIssueText(const raidadv::ProjectIssue& issue, const raidadv::Catalog* catalog);

/// The catalog drive id closest to `id` (edit distance at most a quarter of its length, and at
/// least 3), or empty when none is that close.
QString closestDriveId(const std::string& id, const raidadv::Catalog& catalog);

}  // namespace raidadv::gui
