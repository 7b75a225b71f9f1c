#pragma once
// The project-file writer, beside the readers (docs/file-format.md): every section back to JSON
// in the keys and units the readers take, so that read -> write -> read gives the same project
// (tests/project/test_writer.cpp checks it on every bundled example). Catalog parts are written
// by id when they are the catalog's unchanged, inline (every column) otherwise; presets are
// written out in full; sizes in the largest binary unit that holds them exactly.

#include <nlohmann/json.hpp>
#include <string>

#include "advisor/request.h"
#include "project/project.h"
#include "system/system.h"
#include "workload/workload.h"

namespace raidadv {

/// Key order as written (nlohmann::ordered_json), the type the desktop app's document holds.
using ProjectJson = nlohmann::ordered_json;

/// The whole file: header (format, version, written_by), name, description, systems,
/// workloads, advisor, session. `app_version` goes into written_by.version.
ProjectJson project_to_json(const Project& project, const std::string& app_version);
/// project_to_json() as text, indented by two spaces, ending with a newline.
std::string project_to_text(const Project& project, const std::string& app_version);

namespace project_json {

ProjectJson to_json(const System& system);
ProjectJson to_json(const Layout& layout);
ProjectJson to_json(const Workload& workload);
ProjectJson to_json(const SizeDistribution& distribution);
/// The "advisor" section: the workload by its name (the workload itself goes in "workloads").
ProjectJson to_json(const advisor::Request& request);
ProjectJson to_json(const ProjectSession& session);
/// A catalog part: its id if it has one, else an inline object with every column that applies.
ProjectJson to_json(const DriveSpec& drive);
ProjectJson to_json(const ControllerSpec& controller);
ProjectJson to_json(const LinkSpec& link);
ProjectJson to_json(const HostSpec& host);

/// `si` in the file's unit (si / scale), rounded to 15 significant digits so that it shows as
/// the number the user wrote (a growth of 0.1 is 10 percent, not 10.000000000000002); a whole
/// number is written without a fraction ("6000", not "6000.0").
ProjectJson file_number(double si, double scale = 1.0);

/// `<base>_kib` or `<base>_mib` when `bytes` is a whole number of them, else `<base>_bytes`;
/// sets it on `object`.
void put_size(ProjectJson& object, const std::string& base, double bytes);

}  // namespace project_json

}  // namespace raidadv
