#pragma once
// Readers for the sections of a project file (docs/file-format.md). Each reports its problems to
// `issues` and returns what it could read; the caller discards the result if any issue was found.

#include <optional>
#include <string>

#include "advisor/request.h"
#include "catalog/catalog.h"
#include "project/reader.h"
#include "system/system.h"
#include "units/units.h"
#include "workload/workload.h"

namespace raidadv::project_detail {

// Limits shared by the readers and documented in docs/file-format.md.
inline constexpr int kMaxDrivesPerVolume = 1024;
inline constexpr int kMaxVolumes = 256;
inline constexpr int kMaxTotalDrives = 4096;
inline constexpr int kMaxMirrorCopies = 4;
inline constexpr double kMinStripeBytes = units::sector;
inline constexpr double kMaxStripeBytes = 64.0 * 1024 * 1024;
inline constexpr std::size_t kMaxNameLength = 200;
inline constexpr std::size_t kMaxDescriptionLength = 10000;
inline constexpr std::size_t kMaxIdLength = 100;
inline constexpr std::size_t kMaxListLength = 1000;

/// The source text of the stand-ins for components a system leaves out (no controller, links or
/// host given): the writer leaves them out again.
inline constexpr const char* kNotModelled =
    "not modelled: the project file names no such component";

Layout read_layout(const json& value, const std::string& path, Issues& issues);

/// A whole system: components resolved against the catalog, layout, and cross-checks.
System read_system(const json& value, const std::string& path, const Catalog& catalog,
                   Issues& issues);

Workload read_workload(const json& value, const std::string& path, Issues& issues);

/// The "advisor" section: the request, with its workload picked by name from `workloads`.
std::optional<advisor::Request> read_advisor(const json& value, const std::string& path,
                                             const std::vector<Workload>& workloads,
                                             const Catalog& catalog, Issues& issues);

/// Size distribution object of a workload (request_size or file_size), sizes within `range`
/// (bytes).
SizeDistribution read_size_distribution(const json& value, const std::string& path,
                                        const Range& range, Issues& issues);

// Components: a catalog id string, or an inline object (optionally {"base": "<id>", ...}).
std::optional<DriveSpec> read_drive(const json& value, const std::string& path,
                                    const Catalog& catalog, Issues& issues);
std::optional<ControllerSpec> read_controller(const json& value, const std::string& path,
                                              const Catalog& catalog, Issues& issues);
std::optional<LinkSpec> read_link(const json& value, const std::string& path,
                                  const Catalog& catalog, Issues& issues);
std::optional<HostSpec> read_host(const json& value, const std::string& path,
                                  const Catalog& catalog, Issues& issues);

}  // namespace raidadv::project_detail
