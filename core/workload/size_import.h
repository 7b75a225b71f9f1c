#pragma once
// File sizes from the user's own data: a size listing (the output of
// `find DIR -type f -printf '%s\n'`, or a CSV export) or a scan of a folder, summarised and turned
// into a Histogram SizeDistribution for file-level workloads. No Qt; nothing here throws on bad
// input: problems are collected with their line numbers.

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "workload/workload.h"

namespace raidadv {

/// One problem met while importing sizes.
struct SizeImportProblem {
    std::size_t line =
        0;  ///< 1-based physical line of the listing (comments count); 0 in a folder scan
    std::string message;  ///< what is wrong; in a folder scan it names the path
};

/// Summary statistics of a set of file sizes, in bytes. All zero when there are no sizes.
struct SizeSummary {
    std::size_t count = 0;
    double total_bytes = 0.0;
    double mean_bytes = 0.0;
    double median_bytes = 0.0;  ///< 0.5 quantile, linear interpolation between closest ranks
    double p90_bytes = 0.0;     ///< 0.9 quantile, same rule
    double min_bytes = 0.0;
    double max_bytes = 0.0;
};

/// What an import found.
struct SizeImportResult {
    std::vector<double> sizes;  ///< file sizes in bytes, sorted ascending
    SizeSummary summary;        ///< of `sizes`
    /// The first kMaxStoredProblems problems, in the order met; `problem_count` counts them all.
    std::vector<SizeImportProblem> problems;
    std::size_t problem_count = 0;
    std::size_t lines = 0;  ///< listing: physical lines read
    std::size_t skipped_unreadable =
        0;  ///< folder scan: entries whose type or size could not be read
    std::size_t skipped_symlinks = 0;  ///< folder scan: symbolic links (never followed)
    std::size_t skipped_other = 0;     ///< folder scan: sockets, pipes, devices
    bool truncated = false;  ///< stopped at the line or file limit; `sizes` holds what came before
    bool cancelled = false;  ///< folder scan stopped by the cancel flag or callback

    static constexpr std::size_t kMaxStoredProblems = 1000;
};

/// Limits of import_size_listing.
struct SizeListingOptions {
    /// Listings longer than this are refused past this line: reading stops, a problem names the
    /// line, `truncated` is set. 10 million sizes take 80 MB as doubles (the folder scan's limit).
    std::size_t max_lines = 10'000'000;
    /// Longer lines are a problem and skipped; only this much of a line is ever held in memory
    /// (a listing without line breaks cannot exhaust memory).
    std::size_t max_line_length = 4096;
};

/// Reads file sizes in bytes from a listing: one size per line, or CSV (comma- or tab-separated,
/// double quotes for fields with separators) whose size is the column named `size`, `bytes` or
/// `size_bytes` (case-insensitive) when a header names one, else the first numeric column of the
/// first data line. The header is optional: a first line with several fields and no number, or
/// one naming a size column, is a header. Blank lines and lines whose first non-blank character is
/// `#` are skipped; CR-LF line ends are accepted. Sizes must be numbers from 0 to 2^63; anything
/// else is a problem with its line number, and the line is skipped (so are lines longer than
/// `max_line_length`).
SizeImportResult import_size_listing(std::istream& in, const SizeListingOptions& options = {});

/// Limits and cancellation of scan_folder_sizes.
struct FolderScanOptions {
    std::size_t max_files = 10'000'000;  ///< stop (truncated) after this many regular files
    /// Set to true from another thread to stop the scan (checked at every entry); may be null.
    const std::atomic<bool>* cancel = nullptr;
    /// Called every `callback_every` entries with the number of files counted so far; returning
    /// false stops the scan (cancelled). May be empty.
    std::function<bool(std::size_t files)> keep_going;
    std::size_t callback_every = 1024;
};

/// Sizes of the regular files under `root`, recursively. Symbolic links are counted and skipped,
/// never followed (`root` itself may be a link to a folder); sockets, pipes and devices are
/// skipped; folders and files that cannot be read are counted in `skipped_unreadable`, with a
/// problem naming them, and the scan goes on. If `root` is a regular file, its size is the result.
SizeImportResult scan_folder_sizes(const std::filesystem::path& root,
                                   const FolderScanOptions& options = {});

/// Summary statistics of `sizes` (any order).
SizeSummary summarize_sizes(std::vector<double> sizes);

/// A Histogram SizeDistribution of `sizes` with at most `max_bins` bins (at least 1) spaced
/// evenly in log(size) between the smallest positive and the largest size; empty-files join the
/// first bin. Each bin's size is the mean of the files in it and its weight their share of the
/// count, so the distribution's mean equals the mean of `sizes`. Negative and non-finite sizes
/// are ignored. No sizes: a Histogram with no bins.
SizeDistribution histogram_from_sizes(const std::vector<double>& sizes, int max_bins);

}  // namespace raidadv
