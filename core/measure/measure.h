#pragma once
// Workloads from measurements: importers for what servers already record (fio JSON and iologs,
// iostat -x, blkparse text). Each produces workloads exactly as a project file's `workloads[]`
// holds them (docs/file-format.md), with their provenance, and the measured load points kept as
// references (ImportedWorkload::measured). What each format gives and lacks: docs/measurements.md.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "workload/workload.h"

namespace raidadv::measure {

/// The formats read. Auto: decided from the file's content (detect_format).
enum class Format { Auto, FioJson, FioIolog, Iostat, Blkparse };

/// "auto", "fio", "fio-iolog", "iostat", "blkparse" (the CLI's --format values).
std::string_view format_name(Format format);
/// The format called `name` (as format_name gives it); nullopt if there is none.
std::optional<Format> format_from_name(std::string_view name);

/// Bad input: the file cannot be read, is not what the format says, or holds nothing to make a
/// workload from. The message names the file and what was wrong.
struct ImportError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Bytes of input read so far and the file's size (0 if unknown); called now and then.
using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;

struct ImportOptions {
    Format format = Format::Auto;
    Progress progress;  ///< may be empty
};

/// A load point measured on a real system (fio, iostat, a block trace): the workload's
/// MeasuredPoint (workload/workload.h), kept as a reference to compare predictions with
/// (project file key `measured`). Exactly one of `concurrency` (closed: outstanding requests)
/// and `arrival_rate_per_s` (open) is non-zero.
using MeasuredPoint = raidadv::MeasuredPoint;

/// One workload read from a measurement, and what was read to make it.
struct ImportedWorkload {
    Workload workload;                    ///< name, mix, sizes, load points
    std::vector<MeasuredPoint> measured;  ///< the measured load points, as references
    std::string description;         ///< provenance: tool and version, device or job, time span
    std::string source_format;       ///< e.g. "fio JSON+", "fio iolog v2", "blkparse"
    double requests = 0;             ///< requests (I/Os) the figures are made of
    double seconds = 0;              ///< time span measured; 0 if the input has no timing
    std::vector<std::string> notes;  ///< what could not be read and what was assumed instead
};

/// The format of a file from its first bytes (`head`: up to 64 KiB of it); Auto if none fits.
Format detect_format(std::string_view head);

/// Reads one measurement file into one or more workloads (fio: one per job group; iostat: one
/// per device with I/O; iolog: one per log; blkparse: one per device). Streams line-oriented
/// formats in bounded memory. Throws ImportError.
std::vector<ImportedWorkload> import_file(const std::filesystem::path& file,
                                          const ImportOptions& options = {});

}  // namespace raidadv::measure
