#pragma once
// Chart descriptions (app/charts) of an advisor result: plain data picked from the candidates'
// metrics, nothing computed here beyond choosing axes. Shared by the desktop app's charts and the
// PDF report (app/report); the namespace stays raidadv::gui, where they were first written.

#include <vector>

#include "advisor/advisor.h"
#include "advisor/request.h"
#include "chart_widget.h"
#include "charts.h"

namespace raidadv::gui {

/// A candidate with the name it has in a legend ("#2", "Pin 1").
struct NamedCandidate {
    QString name;
    const raidadv::advisor::Candidate* candidate;
    std::size_t rank;  ///< 1-based rank, for tooltips
};

/// The colour of `named` in every chart and tab: the series colour of its rank (so rank 2 is
/// drawn alike in the Charts, Stripe and risk, and Compare tabs); `fallback` without a rank.
QColor candidateColour(const NamedCandidate& named, int fallback);

/// Mean response time against load (concurrency, or arrival rate for open workloads) for
/// `candidates`, one line each, each with its 80% range (PointMetrics::band) shaded under it.
raidadv::charts::Chart responseChart(const std::vector<NamedCandidate>& candidates,
                                     const raidadv::advisor::Request& request);
/// Cost against mean response time for every ranked candidate, the Pareto front joined by a
/// line, the pick and `selected` marked.
raidadv::charts::Chart costChart(const raidadv::advisor::Result& result, std::size_t selected,
                                 const raidadv::advisor::Request& request);
/// Utilization of each component of `candidate` at its heaviest load point, bottleneck in red.
raidadv::charts::BarChart utilizationChart(const raidadv::advisor::Candidate& candidate);
/// Throughput (MB/s) at the heaviest load point for the first `count` ranked candidates.
raidadv::charts::BarChart throughputChart(const raidadv::advisor::Result& result, int count);

/// "RAID 5", "RAID 0+1", "independent drives".
QString raidLevelName(raidadv::RaidLevel level);

/// A short label for a candidate in legends: "#2 RAID 10 of 6, 64 KiB".
QString shortLabel(const raidadv::advisor::Candidate& candidate, std::size_t rank);

}  // namespace raidadv::gui
