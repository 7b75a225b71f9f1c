#pragma once
// The importers behind import_file (one file each) and what they share. Internal to raid_measure.

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "measure/measure.h"

namespace raidadv::measure::detail {

/// Reads a file line by line (at most kMaxLine bytes a line), counting bytes for progress.
class LineReader {
  public:
    LineReader(const std::filesystem::path& file, Progress progress);
    /// The next line without its end-of-line; false at the end of the file.
    bool next(std::string& line);
    std::uint64_t line_number() const { return line_number_; }
    /// "FILE:LINE" for messages.
    std::string where() const;
    const std::string& label() const { return label_; }

    static constexpr std::size_t kMaxLine = 64 * 1024;

  private:
    std::ifstream in_;
    std::string label_;
    Progress progress_;
    std::uint64_t size_ = 0, done_ = 0, reported_ = 0, line_number_ = 0;
    std::vector<char> buffer_ = std::vector<char>(1 << 20);
    std::size_t pos_ = 0, end_ = 0;
};

/// The whole file as text, refusing files over `max_bytes` (JSON inputs are parsed whole).
std::string read_text(const std::filesystem::path& file, std::uint64_t max_bytes);

std::vector<ImportedWorkload> import_fio_json(const std::string& text, const std::string& label);
std::vector<ImportedWorkload> import_iostat_json(const std::string& text, const std::string& label);
std::vector<ImportedWorkload> import_iostat_text(LineReader& in);
std::vector<ImportedWorkload> import_fio_iolog(LineReader& in);
std::vector<ImportedWorkload> import_blkparse(LineReader& in);

/// A number with about `digits` significant digits, for descriptions ("8.19", "25100").
std::string short_number(double value, int digits = 3);
/// Rounds to about `digits` significant digits (values written into workloads).
double round_to(double value, int digits);

/// The load points of a trace or interval series: the median and the 95th-percentile rate
/// (distinct, increasing).
std::vector<double> median_and_p95(const std::vector<double>& values);

}  // namespace raidadv::measure::detail
