// The reference studies as validation cases (docs/validation/validation.md).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>

#include "catalog/catalog.h"
#include "sim/simulator.h"
#include "validation/baseline.h"
#include "validation/fio_grid.h"
#include "validation/statistics.h"
#include "validation/study_inputs.h"
#include "validation/validation.h"
#include "validation_report.h"

using namespace raidadv;
using namespace raidadv::validation;

namespace {

const ValidationReport& report() {
    return test::validation_report();
}

/// The four reference studies of issue 3 (the seeds); the others came with issue 24.
bool seed_study(const std::string& name) {
    return name == "hauser-1996" || name == "ou-2007" || name == "miller" ||
           name == "hardwaresecrets";
}

/// The studies whose source states a conclusion the model can check: the seeds, and
/// Louwrentius 2014's "choose between raw performance or storage capacity".
bool states_conclusions(const std::string& name) {
    return seed_study(name) || name == "louwrentius-2014-zfs-24x4tb";
}

}  // namespace

TEST_CASE("Error statistics, worked by hand") {
    CHECK(error_pct(100, 110) == Approx(10));
    CHECK(median({3, 1, 2}) == 2);
    CHECK(median({4, 1, 2, 3}) == 2.5);
    CHECK(kendall_tau({1, 2, 3, 4}, {10, 20, 30, 40}) == Approx(1.0));
    CHECK(kendall_tau({1, 2, 3, 4}, {40, 30, 20, 10}) == Approx(-1.0));
    // one discordant pair of six: (5 - 1) / 6
    CHECK(kendall_tau({1, 2, 3, 4}, {1, 2, 4, 3}) == Approx(4.0 / 6.0));
    CHECK(regression_slope({1, 2, 3}, {2, 4, 6}) == Approx(2.0));
    const PowerLaw p = fit_power_law({1, 2, 4, 8}, {8, 4, 2, 1});
    CHECK(p.exponent == Approx(-1.0));
    CHECK(p.coefficient == Approx(8.0));
}

SCENARIO("A fio study's reads of blocks never written are left out, its writes kept") {
    GIVEN("two configurations, one whose reads at iodepth 1 completed in a median of 38 us") {
        StudyInputs in;
        const auto figure = [](const std::string& config, double read_fraction) {
            return nlohmann::json{{"id", config + "|4 KiB random, iodepth 1 x numjobs 1"},
                                  {"measured", 1000.0},
                                  {"queue_depth", 1},
                                  {"jobs", 1},
                                  {"read_fraction", read_fraction}};
        };
        in.measured["figures"] = {figure("fresh", 1.0), figure("fresh", 0.0),
                                  figure("written", 1.0), figure("written", 0.0)};
        in.measured["qd1_read_completion_median_us"] = {{"fresh", 38}, {"written", 103}};
        WHEN("the figures are read") {
            const auto figs = fio_figures(in);
            THEN("the fresh drive's read is gone, every other figure stays") {
                REQUIRE(figs.size() == 3);
                CHECK_FALSE((figs[0].config == "fresh" && figs[0].read));
                CHECK(std::count_if(figs.begin(), figs.end(),
                                    [](const FioFigure& f) { return f.config == "written"; }) == 2);
                CHECK(never_written_reads(in).size() == 1);
                CHECK(never_written_sentence(in).find("fresh (38 us)") != std::string::npos);
            }
        }
        WHEN("a median is no number of microseconds") {
            in.measured["qd1_read_completion_median_us"]["written"] = "fast";
            THEN("the study is refused with the field named") {
                CHECK_THROWS_WITH(fio_figures(in),
                                  Catch::Contains("qd1_read_completion_median_us of 'written'"));
            }
        }
        WHEN("the study gives no medians") {
            in.measured.erase("qd1_read_completion_median_us");
            THEN("every figure is compared and the profile says nothing") {
                CHECK(fio_figures(in).size() == 4);
                CHECK(never_written_sentence(in).empty());
            }
        }
    }
}

TEST_CASE("Every study runs and every figure is finite") {
    const ValidationReport& r = report();
    REQUIRE(r.studies.size() == 12);
    for (const auto& study : r.studies) {
        INFO(study.name);
        CHECK_FALSE(study.figures.empty());
        // Conclusions only where the source states one: the seeds and Louwrentius 2014 do,
        // Louwrentius' fio data and clemtibs' logs state none the model can check
        // (docs/validation/candidates/).
        CHECK(study.conclusions.empty() == !states_conclusions(study.name));
        CHECK_FALSE(study.profile.empty());
        for (const auto& f : study.figures) {
            INFO(f.name);
            CHECK(std::isfinite(f.predicted));
            CHECK(f.predicted > 0.0);
            CHECK(f.measured > 0.0);
            if (!f.calibration && std::abs(f.error_pct()) > 35.0) {
                CHECK_FALSE(f.note.empty());  // every large miss is explained
            }
        }
    }
}

TEST_CASE("Validation summary: printed, and equal to the medians and counts of its figures") {
    const ValidationReport& r = report();
    for (const auto& study : r.studies) {
        std::printf("%-16s median |error| %5.1f%% (baseline %6.1f%%), tau %.2f\n",
                    study.name.c_str(), study.median_abs_error_pct,
                    study.baseline_median_abs_error_pct, study.kendall_tau);
        for (const auto& f : study.figures) {
            std::printf("   %-80s %9.4g %9.4g %+7.1f%% base %+8.1f%%%s\n", f.name.c_str(),
                        f.measured, f.predicted, f.error_pct(), f.baseline_error_pct(),
                        f.calibration ? " (cal)" : "");
        }
        for (const auto& c : study.conclusions) {
            std::printf("   [%s] %s: %s\n", c.reproduced ? "yes" : "NO", c.statement.c_str(),
                        c.evidence.c_str());
        }
    }
    std::printf("overall median |error| %.1f%%, baseline %.1f%%, conclusions %d/%d\n",
                r.median_abs_error_pct, r.baseline_median_abs_error_pct, r.conclusions_reproduced,
                r.conclusions_total);
    // The summary agrees with the figures it summarizes: medians of |error| over the
    // non-calibration figures (recomputed here with a plain sort) and the conclusion counts.
    auto plain_median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        const std::size_t n = v.size();
        return n == 0 ? 0.0 : n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
    };
    std::vector<double> all_model, all_base;
    int reproduced = 0, total = 0;
    for (const auto& study : r.studies) {
        INFO(study.name);
        std::vector<double> model, base;
        for (const auto& f : study.figures) {
            if (f.calibration) {
                continue;
            }
            model.push_back(std::abs(f.predicted - f.measured) / f.measured * 100.0);
            if (f.baseline > 0.0) {
                base.push_back(std::abs(f.baseline - f.measured) / f.measured * 100.0);
            }
        }
        CHECK(study.median_abs_error_pct == Approx(plain_median(model)));
        CHECK(study.baseline_median_abs_error_pct == Approx(plain_median(base)));
        all_model.insert(all_model.end(), model.begin(), model.end());
        all_base.insert(all_base.end(), base.begin(), base.end());
        for (const auto& c : study.conclusions) {
            reproduced += c.reproduced ? 1 : 0;
            ++total;
        }
    }
    CHECK(r.median_abs_error_pct == Approx(plain_median(all_model)));
    CHECK(r.baseline_median_abs_error_pct == Approx(plain_median(all_base)));
    CHECK(r.conclusions_reproduced == reproduced);
    CHECK(r.conclusions_total == total);
    int figures = 0, calibration = 0;
    for (const auto& study : r.studies) {
        for (const auto& f : study.figures) {
            ++figures;
            calibration += f.calibration ? 1 : 0;
        }
    }
    CHECK(r.figures == figures);
    CHECK(r.calibration_figures == calibration);
}

TEST_CASE("At most a fifth of the validation figures calibrate a profile (issue 24)") {
    const ValidationReport& r = report();
    INFO(r.calibration_figures << " of " << r.figures << " figures are calibration");
    CHECK(r.calibration_figures <= 0.2 * r.figures);
}

TEST_CASE("The model beats the rule of thumb on the reference studies") {
    const ValidationReport& r = report();
    // Issue 3's targets: overall median |error| at least 2x below the baseline, and the seed
    // studies' median at most 10% (issue 24: they stay there; docs/validation/validation.md).
    CHECK(r.baseline_median_abs_error_pct >= 2.0 * r.median_abs_error_pct);
    std::vector<double> seeds;
    for (const auto& study : r.studies) {
        for (const auto& f : study.figures) {
            if (seed_study(study.name) && !f.calibration) {
                seeds.push_back(std::abs(f.error_pct()));
            }
        }
    }
    CHECK(median(seeds) <= 10.0);
    // Calibration figures reproduce what they were calibrated on: a parameter solved from one
    // point (or a handful) reproduces each of them; a least-squares fit over a whole grid
    // (Louwrentius' single-drive MX200 writes, the SATA ports' times over their drives)
    // reproduces them in the median; one value fitted over a few configurations that measure
    // apart reproduces them in the median within their own spread (the P420i's time per read
    // over RAID and HBA mode, whose ceilings differ by 20%: 12.8%).
    for (const auto& study : r.studies) {
        std::vector<double> cal;
        for (const auto& f : study.figures) {
            if (f.calibration && !f.calibration_choice) {
                cal.push_back(std::abs(f.error_pct()));
            }
            if (f.calibration_choice) {
                // A choice between two states fits no value: the nearer of the two is taken
                // (scripts/calibrate-ssd-state.py); it must still be within a factor of two.
                INFO(f.name << ": predicted " << f.predicted << ", measured " << f.measured);
                CHECK(std::abs(std::log(f.predicted / f.measured)) < std::log(2.0));
            }
        }
        INFO(study.name << ": " << cal.size() << " calibration figures");
        if (cal.size() > 20) {
            CHECK(median(cal) <= 10.0);
        } else if (cal.size() >= 8) {
            CHECK(median(cal) <= 15.0);
        } else {
            for (double e : cal) {
                CHECK(e <= 10.0);
            }
        }
    }
}

SCENARIO(
    "The one conclusion not reproduced is the 1996 RAID 5 stripe one, where the simulator "
    "agrees with the model") {
    constexpr const char* kRaid5Stripe =
        "For RAID 5, wider stripes improve both single-process and concurrent retrieval";
    GIVEN("the validation of every study") {
        const ValidationReport& r = report();
        THEN("every conclusion but that one is reproduced") {
            for (const auto& study : r.studies) {
                for (const auto& c : study.conclusions) {
                    INFO(study.name << ": " << c.statement);
                    CHECK((c.reproduced || c.statement == kRaid5Stripe));
                }
            }
            CHECK(r.conclusions_reproduced >= r.conclusions_total - 1);
        }
    }
    GIVEN("the request-level simulator of the 1996 profile at one process") {
        const Catalog catalog = Catalog::open(RAID_CATALOG_DB);
        const StudyInputs in =
            load_study(catalog, std::string(RAID_RESOURCES_DIR) + "/validation", "hauser-1996");
        Workload one = workload_named(in.project, "Image files, 50-275 KB, 1-12 processes");
        one.concurrency = {1};
        auto simulated = [&](const std::string& name) {
            return sim::simulate(system_named(in.project, name), one)
                .points.front()
                .metrics.mean_response_s;
        };
        const double r5_16 = simulated("6-disk RAID 5, 16 KB stripe");
        const double r5_160 = simulated("6-disk RAID 5, 160 KB stripe");
        const double r0_16 = simulated("6-disk RAID 0, 16 KB stripe");
        const double r0_160 = simulated("6-disk RAID 0, 160 KB stripe");
        THEN(
            "its RAID 5 reads a file as fast as the RAID 0 at the same stripe, and its narrow "
            "stripe is the faster (the study measured the opposite, docs/validation)") {
            CHECK(r5_16 < r5_160);
            CHECK(r0_16 < r0_160);
            CHECK(std::abs(r5_16 / r0_16 - 1.0) < 0.03);
            CHECK(std::abs(r5_160 / r0_160 - 1.0) < 0.03);
        }
    }
}
