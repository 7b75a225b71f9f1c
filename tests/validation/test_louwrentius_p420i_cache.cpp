// Louwrentius 2019, single drives behind an HP Smart Array P420i (issue 24, "More evidence"):
// the figures compared as the assumptions say (docs/validation/candidates/
// louwrentius-2019-p420i-cache-assumptions.md), the reads of blocks never written left out, the
// SSDs' state and the P420i's port times calibrated on eight figures, every large miss explained,
// and the error and ordering where they were when encoded.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "validation/validation.h"
#include "validation_report.h"

using namespace raidadv;
using namespace raidadv::validation;

namespace {

constexpr const char* kStudy = "louwrentius-2019-p420i-controller-cache";
constexpr const char* k860 = "Samsung 860 PRO behind P420i (RAID mode), TEST01";
constexpr const char* k860Hba = "Samsung 860 PRO behind P420i in HBA mode";
constexpr const char* k860Test02 =
    "Samsung 860 PRO behind P420i (RAID mode), TEST02_DISABLED_WRITE_CACHE";
constexpr const char* kHdd = "HGST HTS72101x 7200 rpm HDD behind P420i (RAID mode)";

const StudyResult& study() {
    return test::required_study(kStudy);
}

const Figure& figure(const std::string& config, const std::string& test) {
    return test::required_figure(study(), config + ": 4 KiB " + test);
}

}  // namespace

TEST_CASE("P420i single drives: figures compared as the assumptions say, the state calibrated") {
    const StudyResult& s = study();
    CHECK(s.year == 2018);
    // 320 figures in the .measured.json (the D3-S4610's two RAID-mode repeats since stop 52),
    // less the 20 writes of the write-cache-disabled run and the reads of blocks never written:
    // both SSDs' TEST01 and the D3-S4610's TEST03_RANDREPEAT_0 (37, 39 and 45 us median at
    // iodepth 1; its TEST02_RANDREPEAT_1, 114 us, is compared), 20 each.
    CHECK(s.figures.size() == 240);
    int calibration = 0;
    for (const auto& f : s.figures) {
        INFO(f.name);
        // The SSDs' state and the port time per write (scripts/calibrate-ssd-state.py,
        // calibrate-port-times.py): their HBA-mode writes at 64 x 1; the port time per read:
        // their HBA-mode reads at 16 x 1 (not the HDD's, not TEST02's; TEST01's are left out).
        const bool one_job = f.name.find("numjobs 16") == std::string::npos &&
                             f.name.find("numjobs 64") == std::string::npos;
        const bool writes =
            f.name.find("in HBA mode: 4 KiB random write, iodepth 64 x numjobs 1") !=
            std::string::npos;
        const bool reads = f.name.find("in HBA mode: 4 KiB random read, iodepth 16 x numjobs 1") !=
                           std::string::npos;
        const bool subset = one_job && (writes || reads);
        CHECK(f.calibration == subset);
        // The state is a choice between two; the port time per read a fitted value.
        CHECK(f.calibration_choice == (one_job && writes));
        calibration += f.calibration ? 1 : 0;
        CHECK_FALSE((f.name.find("DISABLED_WRITE_CACHE") != std::string::npos &&
                     f.name.find("random write") != std::string::npos));
        CHECK_FALSE(((f.name.find("TEST01") != std::string::npos ||
                      f.name.find("TEST03") != std::string::npos) &&
                     f.name.find("random read") != std::string::npos));
        REQUIRE(f.evidence.has_value());
        if (f.name.rfind("HGST", 0) != 0) {
            CHECK(*f.evidence == (f.name.find("random write") != std::string::npos
                                      ? EvidenceClass::FlashWrites
                                      : EvidenceClass::FlashReads));
        }
        if (std::abs(f.error_pct()) > 35.0 && !f.calibration) {
            CHECK_FALSE(f.note.empty());
        }
    }
    CHECK(calibration == 8);  // four IOPS figures and their mean latencies
    // The profile says which reads are left out and why.
    CHECK(s.profile.find("The reads of 3 configurations are not compared") != std::string::npos);
    CHECK(s.profile.find("blocks never written") != std::string::npos);
}

TEST_CASE("P420i single drives: error and ordering as documented") {
    const StudyResult& s = study();
    INFO("median " << s.median_abs_error_pct << "%, tau " << s.kendall_tau << ", baseline "
                   << s.baseline_median_abs_error_pct << "%");
    // 31.2% and -0.22 when encoded (docs/model.md section 10: the P420i's per-command ceilings
    // in RAID and HBA mode, the 860 PRO's fresh-drive writes); 27.3% since the flash units are
    // separate queues (stop 40); 29.4% with the AHCI study's seek jitter. 45.8% since the SSDs
    // are taken fresh (calibrated: their writes measure 2-4x the steady-state rates here and on
    // every port of the SATA study): both now reach the SATA lane's ceiling in the model,
    // ~84,000 writes/s, where the P420i holds every SSD to ~48,000 (a per-write cost of its
    // SATA path the profile lacks; it was hidden while the 860 PRO was predicted at a third of
    // its rate and the D3-S4610 at its data sheet's steady state). The bounds keep them from
    // getting worse unnoticed; better is welcome (then tighten them). 11.7% since the P420i
    // holds each drive's port for a calibrated time per command (4.7 us a read, 9.1 us a
    // write: scripts/calibrate-port-times.py, stop 45). 8.3% since the RAID-mode TEST01 reads,
    // of blocks never written, are left out and the time per read is calibrated on the HBA-mode
    // reads alone (7.0 us, stop 52).
    CHECK(s.median_abs_error_pct <= 10.0);
    // The HGST's reads, with the F1's seek jitter (+49..+50% with an exact scheduler
    // at 16 or more in flight, 113 IOPS measured).
    for (const auto& f : s.figures) {
        if (f.name.rfind(kHdd, 0) == 0 && f.name.find("random read") != std::string::npos) {
            INFO(f.name);
            CHECK(std::abs(f.error_pct()) < 20.0);
        }
    }
    // -0.03 (-0.06 with TEST01's reads, 0.05 before the port times, -0.22 with steady-state
    // drives): at most loads both SSDs in both modes reach the same port ceiling in the model
    // (ties), where the measured order of the writes is noise of 1-3% and the reads' is the
    // HBA mode's fall with more jobs, sharper for the D3-S4610.
    CHECK(s.kendall_tau >= -0.15);
    // The rule of thumb (one drive's data-sheet IOPS at every load) misses by about 100%.
    CHECK(s.baseline_median_abs_error_pct > 2.0 * s.median_abs_error_pct);
}

TEST_CASE("P420i single drives: what the profile predicts well") {
    // The disk at iodepth 1 (measured 65.7 IOPS, 15.2 ms over the whole 100 GB).
    CHECK(std::abs(figure(kHdd, "random read, iodepth 1 x numjobs 1").error_pct()) < 10.0);
    CHECK(std::abs(figure(kHdd, "random read, iodepth 1 x numjobs 1|mean latency").error_pct()) <
          10.0);
    // Fresh drives behind the P420i's port: the 860 PRO's writes with many in flight within
    // 5% of the ~48,000 measured (the steady state of its 7% spare, ~16,500, was 2.9x below;
    // the fresh rate without the port time, the SATA lane's ~84,500, 1.8x above).
    for (const std::string test :
         {"random write, iodepth 16 x numjobs 16", "random write, iodepth 64 x numjobs 4"}) {
        INFO(test);
        const Figure& f = figure(k860, test);
        CHECK(std::abs(std::log(f.predicted / f.measured)) < std::log(1.05));
    }
    // One profile for RAID and HBA mode: the model predicts them alike, and where both read
    // data (TEST02 in RAID mode, HBA mode) from one job they measure within 1% (56,900 and
    // 56,450 at iodepth 16; TEST01's 67,700, of blocks never written, is left out).
    const std::string r = "random read, iodepth 16 x numjobs 1";
    CHECK(figure(k860Hba, r).predicted == Approx(figure(k860Test02, r).predicted));
    CHECK(figure(k860Hba, r).measured == Approx(figure(k860Test02, r).measured).epsilon(0.01));
    const std::string w = "random write, iodepth 64 x numjobs 64";
    CHECK(figure(k860Hba, w).predicted == Approx(figure(k860, w).predicted));
}
