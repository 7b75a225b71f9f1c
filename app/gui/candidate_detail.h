#pragma once
// The detail text of one recommended configuration: the advisor's plain-language explanation,
// its parts, metrics per load point, cost and reliability, as HTML for a QTextBrowser.

#include <QString>
#include <string>
#include <vector>

#include "advisor/advisor.h"
#include "advisor/request.h"

namespace raidadv::gui {

/// HTML describing `candidate` (rank `rank`, 1 = the pick). `explanation` may be null (the
/// advisor explains its top candidates only).
QString candidateDetailHtml(const raidadv::advisor::Candidate& candidate, int rank,
                            const raidadv::advisor::Explanation* explanation,
                            const raidadv::advisor::Request& request);

/// Core text (explanations, assumptions) as the window shows it: sizes and rates in the units of
/// View > Units ("160 MB/s" becomes "152.6 MiB/s" in binary), and project-file keys as the
/// what-if panel names them ("power_loss_safe_writes" becomes "Writes survive a power cut").
/// The `names` in it (of products and configurations: "WD Red 4 TB") are kept as they are.
QString shownText(const std::string& coreText, const std::vector<std::string>& names = {});

/// HTML shown when the search found nothing: the advisor's problems and rejection counts.
QString noCandidateHtml(const raidadv::advisor::Result& result);

}  // namespace raidadv::gui
