#pragma once
// The detail text of one recommended configuration: the advisor's plain-language explanation,
// its parts, metrics per load point, cost and reliability, as HTML for a QTextBrowser.

#include <QString>

#include "advisor/advisor.h"
#include "advisor/request.h"

namespace raidadv::gui {

/// HTML describing `candidate` (rank `rank`, 1 = the pick). `explanation` may be null (the
/// advisor explains its top candidates only).
QString candidateDetailHtml(const raidadv::advisor::Candidate& candidate, int rank,
                            const raidadv::advisor::Explanation* explanation,
                            const raidadv::advisor::Request& request);

/// HTML shown when the search found nothing: the advisor's problems and rejection counts.
QString noCandidateHtml(const raidadv::advisor::Result& result);

}  // namespace raidadv::gui
