#pragma once
// The new-project wizard as an editor of the open project: every page shows the project's values
// when it is first shown (after the page's own set-up, which loads presets and catalog lists).

#include "project_draft.h"

namespace raidadv::gui {

class ProjectWizard;

/// Fills each page of `wizard` from `draft` the first time the page is shown (the wizard must
/// not be shown yet). Catalog ids the wizard's lists do not hold are left as the page has them.
void fillWizardOnShow(ProjectWizard& wizard, const ProjectDraft& draft);

}  // namespace raidadv::gui
