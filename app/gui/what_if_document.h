#pragma once
// The what-if panel's fields as places in the project file (docs/file-format.md): a what-if edit
// becomes document edits (undoable, saved with the project), and an undo or redo turns the
// document back into the request the panel shows.
//
//   concurrency        workloads[k].concurrency      (k: the workload the advisor section names)
//   reads              workloads[k].read_fraction
//   threads            workloads[k].threads          (absent = one per outstanding request)
//   working set        workloads[k].working_set_bytes, _kib or _mib (absent = the whole volume:
//                      workloads[k].span_fraction, kept as the project has it)
//   capacity           advisor.capacity_gb           (10^9 bytes)
//   budget             advisor.budget                (in `currency`; the panel shows USD)
//   drive bays         advisor.max_drive_bays
//   failures           advisor.min_failures_tolerated
//   power-cut safety   advisor.power_loss_safe_writes
//   RAID software      advisor.raid_software         (absent = any)
//   software owned     advisor.raid_software_owned
//   rebuild, power     advisor.max_rebuild_hours, advisor.max_power_w (absent = no limit)
//   weights            advisor.weights

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "advisor/request.h"
#include "catalog/catalog.h"
#include "project_document.h"

namespace raidadv::gui {

using JsonEdits = std::vector<std::pair<std::string, std::optional<document::Json>>>;

inline constexpr const char* kWeightsPointer = "/advisor/weights";
inline constexpr const char* kPinsPointer = "/session/pins";

/// The document edits that carry the what-if change from `before` to `after`: one per field that
/// differs. Empty when the project has no advisor section.
JsonEdits whatIfEdits(const document::Json& root, const raidadv::advisor::Request& before,
                      const raidadv::advisor::Request& after);

/// The advisor request the document holds now, read by core's project reader against `catalog`
/// (the one the project was opened with). `loaded` (the request as the project was read) when
/// there is no catalog or the reader refuses the document.
raidadv::advisor::Request whatIfRequest(const document::Json& root,
                                        const raidadv::advisor::Request& loaded,
                                        const raidadv::Catalog* catalog);

/// True when the two requests differ in a field that needs a new search (not only the weights).
bool needsSearch(const raidadv::advisor::Request& a, const raidadv::advisor::Request& b);
/// True when the weights differ.
bool weightsDiffer(const raidadv::advisor::Request& a, const raidadv::advisor::Request& b);

}  // namespace raidadv::gui
