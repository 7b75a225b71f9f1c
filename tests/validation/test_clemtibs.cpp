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

TEST_CASE("clemtibs ZFS: nothing calibrated, error and ordering as documented") {
    const StudyResult& s = clemtibs();
    INFO("median " << s.median_abs_error_pct << "%, tau " << s.kendall_tau);
    CHECK(s.figures.size() == 15);
    for (const auto& f : s.figures) {
        CHECK_FALSE(f.calibration);
        if (std::abs(f.error_pct()) > 35.0) {
            CHECK_FALSE(f.note.empty());
        }
    }
    // 24.1% and +0.21 with ZFS prefetch (46.1% and -0.45 before it, 47.7% and 0.41 when
    // encoded); 23.5% and 0.50 since dRAID's parity rows are seeked past (stop 43): still
    // outside the targets (15%, 0.7). raidz2's reads within 1%, dRAID2's within 3%;
    // left: the writes (+48%: a ~510 MB/s ceiling the model lacks). Bounds near today's
    // values, so that a model change moving them is noticed.
    CHECK(s.median_abs_error_pct > 15.0);
    CHECK(s.median_abs_error_pct < 30.0);
    CHECK(s.kendall_tau > 0.4);
    CHECK(s.kendall_tau < 0.7);
    for (const char* config : {kZ, kD}) {
        const Figure& r = figure(config, "1 MiB sequential read, iodepth 4 x numjobs 2: bandwidth");
        const Figure& w =
            figure(config, "1 MiB sequential write, iodepth 4 x numjobs 4: bandwidth");
        CHECK(r.evidence == EvidenceClass::HddSequential);
        // ZFS writes return from RAM (uses_write_back): they count as cached writes.
        CHECK(w.evidence == EvidenceClass::CachedWrites);
        // The 1 MiB writes within 1.5x today (measured 0.68x the prediction: a ~510 MB/s
        // ceiling the model lacks).
        CHECK(std::abs(std::log(w.measured / w.predicted)) < std::log(1.5));
    }
    // Reads with prefetch: two streams read as fast as one (measured raidz2 755.9 MB/s), and
    // dRAID2's 1229 MB/s: its children seek past whole parity rows (vdev_draid.c).
    const Figure& rz = figure(kZ, "1 MiB sequential read, iodepth 4 x numjobs 2: bandwidth");
    CHECK(rz.predicted == Approx(rz.measured).epsilon(0.05));
    const Figure& rd = figure(kD, "1 MiB sequential read, iodepth 4 x numjobs 2: bandwidth");
    CHECK(rd.predicted == Approx(rd.measured).epsilon(0.05));
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
    // Measured: dRAID2 reads 1.6x raidz2 (1229 vs 756 MB/s). The model gets it since stop 43:
    // raidz's parity moves with every record (vdev_raidz_map_alloc: the block's first column
    // is its offset modulo the children), so a stream passes over it, 5/3 of the disk per byte
    // read; dRAID's parity is whole 16 MiB rows of the group's children, which a stream seeks
    // past (vdev_draid_map_alloc_row, VDEV_DRAID_ROWHEIGHT).
    CHECK(rd / rz > 1.45);
    CHECK(rd / rz < 1.7);
    // The source's one conclusion is on resilver times (not modelled here): none is checked.
    CHECK(clemtibs().conclusions.empty());
    // Measured 128 KiB psync writes run at the 1 MiB writes' rate (508.8 vs 513.5 MB/s): a
    // stream writes new records, nothing is read (request_mapping.cpp, split_transfer). The model
    // agrees.
    const Figure& small = figure(kZ, "128 KiB sequential write, psync x numjobs 4: bandwidth");
    CHECK(small.predicted / wz == Approx(1.0).epsilon(0.02));
    CHECK_FALSE(small.note.empty());
}
