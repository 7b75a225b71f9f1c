#pragma once
// Helpers for the catalog tests: a temporary folder and a small, valid set of catalog sources
// that individual tests break on purpose.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "catalog/catalog.h"

namespace raidadv::test {

/// A fresh folder under the system temp folder, removed with everything in it on destruction.
class TempDir {
  public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "raid-catalog-XXXXXX");
        if (::mkdtemp(pattern.data()) == nullptr) {
            throw std::runtime_error("mkdtemp failed");
        }
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

  private:
    std::filesystem::path path_;
};

inline void write_file(const std::filesystem::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

/// Minimal valid sources. Line numbers matter to the tests: in drives.csv line 1 is a comment,
/// line 2 the header, lines 3-4 the hard disk (its quoted notes hold a line break) and line 5
/// the SSD; in links.csv line 3 is the link; in the other files line 2 is the row.
inline std::map<std::string, std::string> valid_sources() {
    return {
        {"links.csv",
         "# test links\n"
         "id,name,vendor,year,bandwidth_mb_s,command_overhead_us,shared,max_devices,source\n"
         "sata-3g,SATA 3 Gb/s,SATA-IO,2005,300,5,no,1,Serial ATA Revision 2.5\n"},
        {"drives.csv",
         "# test drives\n"
         "id,name,vendor,year,kind,capacity_gb,interface,form_factor,rpm,seek_track_ms,"
         "seek_avg_ms,seek_full_ms,media_rate_outer_mb_s,media_rate_inner_mb_s,"
         "command_overhead_ms,cache_mib,queue_depth,read_latency_us,write_latency_us,"
         "seq_read_mb_s,seq_write_mb_s,random_read_iops,random_write_iops,"
         "write_iops_steady_state,over_provisioning_percent,power_loss_protection,endurance_tbw,"
         "warranty_years,smr,source,notes\n"
         "test-hdd,\"Test HDD, 500 GB\",Testco,2005,hdd,500,sata-3g,3.5,7200,0.8,11,21,72,40,"
         "0.3,16,32,,,,,,,,,,,,no,\"Test datasheet, rev. A\",\"two\nlines, with \"\"quotes\"\"\"\n"
         "test-ssd,Test SSD,Testco,2020,ssd,1000,sata-3g,2.5,,,,,,,,,,90,30,550,520,90000,"
         "80000,no,7,yes,1000,5,,Test SSD data sheet,\n"},
        {"controllers.csv",
         "id,name,vendor,year,kind,ports,max_iops,max_bandwidth_mb_s,cache_mib,battery_backed,"
         "levels,source\n"
         "test-raid,Test RAID,Testco,2010,hardware_raid,8,100000,2000,512,yes,\"0, 1,5,10\","
         "Test RAID brief\n"},
        {"hosts.csv",
         "id,name,vendor,year,per_request_overhead_us,max_io_kib,cpu_cores,raid_cpu_per_io_us,"
         "parity_cpu_mb_s,source\n"
         "test-host,Test host,Testco,2020,10,1024,4,5,4000,estimated: test values\n"},
    };
}

/// Writes `sources` into `dir`.
inline void write_sources(const std::filesystem::path& dir,
                          const std::map<std::string, std::string>& sources) {
    for (const auto& [name, text] : sources) {
        write_file(dir / name, text);
    }
}

/// Replaces the first occurrence of `from` in `text` (which must contain it).
inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    if (at == std::string::npos) {
        throw std::runtime_error("test fixture does not contain '" + from + "'");
    }
    return text.replace(at, from.size(), to);
}

}  // namespace raidadv::test
