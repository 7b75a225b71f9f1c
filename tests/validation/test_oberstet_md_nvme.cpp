// Oberstein 2017, md RAID 0 over 16 NVMe namespaces of 8 Intel DC P3608 and the same namespaces
// driven directly (issue 24: NVMe evidence with md): the figures compared as the assumptions say
// (docs/validation/candidates/oberstet-2017-md-nvme-assumptions.md), the lseek's lock time
// calibrated on one figure, every large miss explained, and what the two mechanisms added since
// (the sync engine's lseek on the device's inode lock; random writes over a small span) predict.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "validation/validation.h"
#include "validation_report.h"

using namespace raidadv;
using namespace raidadv::validation;

namespace {

constexpr const char* kStudy = "oberstet-2017-md-raid0-16-nvme";
constexpr const char* kMd = "md RAID 0 of the 16 namespaces (/dev/md1, 8 KiB chunk)";
constexpr const char* kRaw = "16 raw namespaces (no RAID)";

const Figure& figure(const std::string& config, const std::string& test) {
    return test::required_figure(test::required_study(kStudy), config + ": " + test);
}

}  // namespace

TEST_CASE("md RAID 0 of 16 NVMe namespaces: two figures calibrated, the rest predicted") {
    const StudyResult& s = test::required_study(kStudy);
    CHECK(s.year == 2016);
    // (15 thread counts x 3 tests + 12 engine runs) x 2 configurations
    CHECK(s.figures.size() == 114);
    for (const auto& f : s.figures) {
        INFO(f.name);
        // The lseek's lock time: the md array's 8 KiB reads at 2048 threads (its plateau);
        // the namespace's QD1 read latency: the raw namespaces' 8 KiB reads from one thread.
        CHECK(f.calibration ==
              (f.name == std::string(kMd) + ": 8 KiB random read, sync, numjobs 2048" ||
               f.name == std::string(kRaw) + ": 8 KiB random read, sync, numjobs 1"));
        REQUIRE(f.evidence.has_value());
        CHECK((*f.evidence == EvidenceClass::FlashReads ||
               *f.evidence == EvidenceClass::FlashWrites));
        if (std::abs(f.error_pct()) > 35.0) {
            CHECK_FALSE(f.note.empty());
        }
    }
    CHECK(std::isfinite(s.kendall_tau));
}

TEST_CASE("md RAID 0 of 16 NVMe namespaces: the misses the assumptions named, bounded") {
    // Reads scale with the threads until the namespaces bind, in the model and measured alike:
    // with the QD1 read latency calibrated on the raw namespaces' one-thread reads, within 7%
    // from 2 to 384 threads raw and 1 to 128 on md (+23..+38% with the P4510 row's 77 us).
    for (const char* config : {kRaw, kMd}) {
        for (const std::string jobs : {"2", "8", "64", "128"}) {
            INFO(config << " " << jobs);
            CHECK(std::abs(figure(config, "8 KiB random read, sync, numjobs " + jobs).error_pct()) <
                  7.0);
        }
    }
    // The 70/30 mix from few threads, which the calibration did not see: within 10%.
    for (const char* config : {kRaw, kMd}) {
        for (const std::string jobs : {"1", "4", "8"}) {
            INFO(config << " 70/30 " << jobs);
            CHECK(std::abs(figure(config, "8 KiB random 70/30 read/write, sync, numjobs " + jobs)
                               .error_pct()) < 10.0);
        }
    }
    // The sync engine's lseek takes the device's inode lock: one for the md array, one per raw
    // namespace. Calibrated on one figure, the lock predicts the md array's other plateaus
    // (+67..+305% without it): 4 KiB reads, 8 KiB writes and the 70/30 mix at 1024 threads.
    for (const std::string test :
         {"4 KiB random read, sync, numjobs 1024", "8 KiB random read, sync, numjobs 1024",
          "8 KiB random write, sync, numjobs 1024",
          "8 KiB random 70/30 read/write, sync, numjobs 1024"}) {
        INFO(test);
        CHECK(std::abs(figure(kMd, test).error_pct()) < 20.0);
    }
    // pread takes no lock: the md array still levels off below its namespaces there (md's one
    // shared counter, mddev->active_io, until Linux 6.3), which the model does not have.
    CHECK(figure(kMd, "4 KiB random read, psync, numjobs 1024").error_pct() > 0.0);
    // Writes over fio's 30 GiB of each 2 TB namespace have its spare space to themselves: the
    // raw namespaces' write plateau within 45% (-73% at the data sheet's steady state).
    CHECK(std::abs(figure(kRaw, "8 KiB random write, sync, numjobs 1024").error_pct()) < 45.0);
    const StudyResult& s = test::required_study(kStudy);
    INFO("median " << s.median_abs_error_pct << "%, tau " << s.kendall_tau);
    // 49.6% when encoded, 31.2% since the flash units are separate queues, 27.8% with the
    // device lock and the written span (docs/model.md, sections 1 and 10), 13.9% with the QD1
    // read latency calibrated (stop 45).
    CHECK(s.median_abs_error_pct <= 15.0);
}
