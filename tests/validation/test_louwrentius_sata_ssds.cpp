// Louwrentius 2019-2020, single SATA SSDs on AHCI 6 Gb/s, AHCI 3 Gb/s and an LSI SAS2008 HBA
// (issue 24, "More evidence"): the figures compared as the assumptions say (docs/validation/
// candidates/louwrentius-2019-sata-ssds-assumptions.md), the reads of blocks never written left
// out, the drives' state and the ports' times calibrated on 19 figures, every large miss
// explained, the SATA 3 Gb/s lane's ceiling reproduced, and the error where it was when encoded.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "validation/validation.h"
#include "validation_report.h"

using namespace raidadv;
using namespace raidadv::validation;

namespace {

constexpr const char* kStudy = "louwrentius-2019-sata-ssds";

const StudyResult& study() {
    return test::required_study(kStudy);
}

const Figure& figure(const std::string& config, const std::string& test) {
    return test::required_figure(study(), config + ": 4 KiB " + test);
}

}  // namespace

TEST_CASE(
    "SATA SSDs on three ports: the drives' state and port times calibrated, misses explained") {
    const StudyResult& s = study();
    CHECK(s.year == 2018);
    // 8 configurations x (32 IOPS + 8 mean latencies), less the reads (16 IOPS + 4 mean
    // latencies) of the three that read blocks never written (38, 41 and 44 us median at
    // iodepth 1: the Gen10's two drives and the Gen8's 860 PRO).
    CHECK(s.figures.size() == 260);
    CHECK(s.profile.find("The reads of 3 configurations are not compared") != std::string::npos);
    int calibration = 0;
    for (const auto& f : s.figures) {
        INFO(f.name);
        // The drives' state (scripts/calibrate-ssd-state.py): their writes at 64 x 1 on the M1015.
        const bool state =
            f.name.find("M1015 (LSI SAS2008) HBA: 4 KiB random write, iodepth 64 x numjobs 1") !=
                std::string::npos &&
            (f.name.find("|") == std::string::npos ||
             f.name.find("|mean latency") != std::string::npos) &&
            f.name.find("numjobs 16") == std::string::npos &&
            f.name.find("numjobs 64") == std::string::npos;
        // Each port's times (scripts/calibrate-port-times.py): every compared figure at 16 x 4.
        const bool port = f.name.find(", iodepth 16 x numjobs 4") != std::string::npos &&
                          f.name.find("numjobs 4") + 9 == f.name.size();
        const bool subset = state || port;
        CHECK(f.calibration == subset);
        // The state is a choice between two; the ports' times fitted values.
        CHECK(f.calibration_choice == state);
        calibration += f.calibration ? 1 : 0;
        CHECK_FALSE((f.name.find("random read") != std::string::npos &&
                     (f.name.find("Gen10") != std::string::npos ||
                      f.name.rfind("Samsung 860 PRO on the MicroServer Gen8", 0) == 0)));
        REQUIRE(f.evidence.has_value());
        CHECK(*f.evidence == (f.name.find("random write") != std::string::npos
                                  ? EvidenceClass::FlashWrites
                                  : EvidenceClass::FlashReads));
        if (std::abs(f.error_pct()) > 35.0 && !f.calibration) {
            CHECK_FALSE(f.note.empty());
        }
    }
    // Three IOPS figures and their mean latencies; the writes of eight configurations and the
    // reads of five.
    CHECK(calibration == 6 + 13);
}

TEST_CASE("SATA SSDs on three ports: a 3 Gb/s lane caps every drive where the model says") {
    // issue 24, "slow links": the SATA lane's per-command cost at 3 Gb/s (4 KiB data plus the
    // frame overhead) is the ceiling, whatever the drive's data sheet (97,000-100,000 reads/s):
    // measured 52,200-52,900 reads/s and 50,100-50,600 writes/s from 16 in flight on (the 860
    // PRO's reads there, of blocks never written, are left out).
    for (const std::string drive : {"Intel D3-S4610", "Samsung PM883"}) {
        const std::string config = drive + " on the MicroServer Gen8's SATA 3 Gb/s port";
        for (const std::string test :
             {"random read, iodepth 16 x numjobs 16", "random read, iodepth 64 x numjobs 1",
              "random read, iodepth 64 x numjobs 64"}) {
            INFO(config << ": " << test);
            CHECK(std::abs(figure(config, test).error_pct()) < 5.0);
        }
    }
    // Their writes too, now that the drives are fresh (calibrated on other figures: the M1015's):
    // 50,100-50,600 measured against the lane's 53,600 (the 860 PRO's steady state, 16,500,
    // and the PM883's data-sheet steady state, 28,000, were 67% and 44% below).
    for (const std::string drive : {"Intel D3-S4610", "Samsung 860 PRO", "Samsung PM883"}) {
        const std::string config = drive + " on the MicroServer Gen8's SATA 3 Gb/s port";
        for (const std::string test :
             {"random write, iodepth 16 x numjobs 16", "random write, iodepth 64 x numjobs 1"}) {
            INFO(config << ": " << test);
            CHECK(std::abs(figure(config, test).error_pct()) < 10.0);
        }
    }
    // The same drive on a 6 Gb/s AHCI port is predicted above the 3 Gb/s ceiling, as measured
    // (64,700 against 50,300 writes a second).
    const std::string w = "random write, iodepth 64 x numjobs 64";
    const Figure& fast = figure(
        "Samsung PM883 480 GB (MZ7LH480) on the MicroServer Gen10's AHCI "
        "port",
        w);
    const Figure& slow = figure("Samsung PM883 on the MicroServer Gen8's SATA 3 Gb/s port", w);
    CHECK(fast.measured > 1.2 * slow.measured);
    CHECK(fast.predicted > 1.2 * slow.predicted);
}

TEST_CASE("SATA SSDs on three ports: error and ordering as documented") {
    const StudyResult& s = study();
    INFO("median " << s.median_abs_error_pct << "%, tau " << s.kendall_tau << ", baseline "
                   << s.baseline_median_abs_error_pct << "%");
    // 29.5% and 0.14 when encoded (docs/model.md section 10: steady-state write rates against
    // drives written faster, the estimated QD1 latencies on AHCI, the M1015 with many jobs).
    // The bounds keep them from getting worse unnoticed; better is welcome (then tighten them):
    // 23.2% since the flash units are separate queues (stop 40); 21.0% and 0.16 with the
    // programs behind the reads; 13.6% and 0.35 since the drives are taken fresh (their state
    // calibrated on six figures, scripts/calibrate-ssd-state.py). Issue 24's target: 15%. 5.7%
    // and 0.48 since each port's time per command is calibrated (16 more figures, stop 45):
    // the tau stays under the target of 0.7 at few outstanding (reads of never-written blocks
    // answer fast: scripts/ssd-read-history.py) and among the M1015's drives, whose ceilings
    // differ where one port time ties them. 5.8% and 0.34 since those reads are left out (stop
    // 52): the Gen10's two drives, fastest measured and predicted, were the easy pairs; what
    // remains at depth is the M1015's per-drive ceilings, tied by its one port time.
    CHECK(s.median_abs_error_pct <= 7.0);
    CHECK(s.kendall_tau >= 0.30);
    // The rule of thumb (one drive's data-sheet IOPS at every load) misses by about 90%.
    CHECK(s.baseline_median_abs_error_pct > 2.0 * s.median_abs_error_pct);
}
