// clemtibs 2025, raidz2 vs dRAID2 of five 12 TB HDDs (issue 28, "Evidence"): the capacity the
// allocation rules predict, the error and ordering of the modelled fio tests as encoded, and
// which of the data's directions of effect the model gets (and which it does not).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "validation/validation.h"
#include "validation_report.h"

using namespace raidadv;
using namespace raidadv::validation;

namespace {

constexpr const char* kStudy = "clemtibs-2025-raidz2-vs-draid2-5x12tb";

const StudyResult& clemtibs() {
    for (const auto& s : test::validation_report().studies) {
        if (s.name == kStudy) {
            return s;
        }
    }
    FAIL("no study " << kStudy);
    throw;
}

/// The figure whose name starts with `start` and ends with `end`.
const Figure& figure(const std::string& start, const std::string& end) {
    for (const auto& f : clemtibs().figures) {
        if (f.name.rfind(start, 0) == 0 && f.name.size() >= end.size() &&
            f.name.compare(f.name.size() - end.size(), end.size(), end) == 0) {
            return f;
        }
    }
    FAIL("no figure " << start << " ... " << end);
    throw;
}

constexpr const char* kZ = "raidz2, 5 x";
constexpr const char* kD = "draid2:3d:5c:0s, 5 x";

}  // namespace

TEST_CASE("clemtibs ZFS: capacity as zfs list and zpool iostat show it, within 1%") {
    const Figure& z = figure("raidz2 5 x 12 TB: zfs list", "");
    const Figure& d = figure("draid2:3d:5c:0s 5 x 12 TB: zfs list AVAIL", "");
    const Figure& raw = figure("raidz2 5 x 12 TB: zpool iostat", "included");
    // zfs list prints three significant digits (32.2T, 31.5T): 1% is more than its rounding.
    for (const Figure* f : {&z, &d, &raw}) {
        INFO(f->name << ": measured " << f->measured << ", predicted " << f->predicted);
        CHECK(std::abs(f->error_pct()) < 1.0);
        CHECK_FALSE(f->evidence.has_value());  // a capacity, not a throughput or a time
        CHECK_FALSE(f->calibration);
    }
    // dRAID's whole rows of 3 data + 2 parity cost about 2% against raidz2's 1 MiB records.
    CHECK(d.predicted < z.predicted);
    CHECK(d.predicted / z.predicted == Approx(31.5 / 32.2).epsilon(0.01));
}

TEST_CASE("clemtibs ZFS: one path ceiling calibrated off the figures, error and ordering") {
    const StudyResult& s = clemtibs();
    INFO("median " << s.median_abs_error_pct << "%, tau " << s.kendall_tau);
    CHECK(s.figures.size() == 15);
    for (const auto& f : s.figures) {
        // The path's ceiling is calibrated on runs that are not encoded (the pools with a
        // special vdev): every figure is a prediction.
        CHECK_FALSE(f.calibration);
        if (std::abs(f.error_pct()) > 35.0) {
            CHECK_FALSE(f.note.empty());
        }
    }
    // 23.5% and tau 0.50 with the on-board SATA taken as Intel's (stop 43); 4.9% and 1.0 with
    // the path in front of the drives (stop 44): the targets (15%, 0.7) are met. Bounds
    // near today's values, so that a model change moving them is noticed.
    CHECK(s.median_abs_error_pct < 8.0);
    CHECK(s.kendall_tau > 0.9);
    for (const char* config : {kZ, kD}) {
        const Figure& r = figure(config, "1 MiB sequential read, iodepth 4 x numjobs 2: bandwidth");
        const Figure& w =
            figure(config, "1 MiB sequential write, iodepth 4 x numjobs 4: bandwidth");
        CHECK(r.evidence == EvidenceClass::HddSequential);
        // ZFS writes return from RAM (uses_write_back): they count as cached writes.
        CHECK(w.evidence == EvidenceClass::CachedWrites);
        // Predicted from the ceiling calibrated on other runs: within 3% (measured 513.5 and
        // 509.7 MB/s, the ceiling's runs' fio rates about the same).
        CHECK(w.predicted == Approx(w.measured).epsilon(0.03));
        // The ceiling carries the parity too: 2 of each record's 5 columns (428 of 1 MiB's 256
        // data sectors, raidz2; whole 3 + 2 rows, dRAID2) cross it, so user data is 3/5 of it.
        CHECK(w.predicted * 5.0 / 3.0 == Approx(862.0).epsilon(0.03));
        // The reads read more than their files hold; the notes say how much the ARC served.
        CHECK(r.note.find("ARC") != std::string::npos);
    }
    // raidz2's read agrees with fio (756 MB/s); the drives delivered 464 MB/s of it, the ARC
    // the rest (the note: right if the cached records lay among the read ones, a cancellation if
    // not). dRAID2's drives read at the path's ceiling (834 measured): the model too, short of
    // fio's 1,229 by the ARC's share.
    const Figure& rz = figure(kZ, "1 MiB sequential read, iodepth 4 x numjobs 2: bandwidth");
    CHECK(rz.predicted == Approx(rz.measured).epsilon(0.05));
    const Figure& rd = figure(kD, "1 MiB sequential read, iodepth 4 x numjobs 2: bandwidth");
    CHECK(rd.predicted == Approx(834.0).epsilon(0.05));
    CHECK(rd.predicted < 0.75 * rd.measured);
}

TEST_CASE("clemtibs ZFS: directions of effect the model gets, and the ones it does not") {
    const double rz = figure(kZ, "sequential read, iodepth 4 x numjobs 2: bandwidth").predicted;
    const double rd = figure(kD, "sequential read, iodepth 4 x numjobs 2: bandwidth").predicted;
    const double wz =
        figure(kZ, "1 MiB sequential write, iodepth 4 x numjobs 4: bandwidth").predicted;
    const double wd =
        figure(kD, "1 MiB sequential write, iodepth 4 x numjobs 4: bandwidth").predicted;
    // Measured: writes equal on both layouts (513.5 vs 509.7 MB/s). The model agrees.
    CHECK(wd / wz == Approx(1.0).epsilon(0.05));
    // Measured: dRAID2 reads 1.6x raidz2 (1229 vs 756 MB/s; at the drives 834 vs 464). The
    // model has dRAID2 faster (its drives seek past whole 16 MiB parity rows where raidz's
    // parity moves with every record and is passed over: vdev_draid_map_alloc_row,
    // VDEV_DRAID_ROWHEIGHT, tests/evaluate/test_zfs_pools.cpp without a ceiling: 1.58x); the
    // path's ceiling holds dRAID2 to 1.13x here.
    CHECK(rd / rz > 1.05);
    CHECK(rd / rz < 1.25);
    // The source's one conclusion is on resilver times (not modelled here): none is checked.
    CHECK(clemtibs().conclusions.empty());
    // Measured 128 KiB psync writes run at the 1 MiB writes' rate (508.8 vs 513.5 MB/s): a
    // stream writes new records, nothing is read (request_mapping.cpp, split_transfer). The model
    // agrees within 6% (each psync write's own host costs).
    const Figure& small = figure(kZ, "128 KiB sequential write, psync x numjobs 4: bandwidth");
    CHECK(small.predicted / wz == Approx(1.0).epsilon(0.06));
}
