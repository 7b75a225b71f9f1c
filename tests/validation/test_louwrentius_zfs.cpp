// Louwrentius 2014, 24 x 4 TB under ZFS on Linux (issue 28, "Evidence"): the net capacity the
// allocation rule and the 2014 reserve predict for raidz2 18 + 6 and a 24-wide raidz3, the
// author's trade-off between the two, and the streaming figures as encoded.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "validation/validation.h"
#include "validation_report.h"

using namespace raidadv;
using namespace raidadv::validation;

namespace {

constexpr const char* kStudy = "louwrentius-2014-zfs-24x4tb";

const StudyResult& study() {
    return test::required_study(kStudy);
}

const Figure& figure(const std::string& name) {
    return test::required_figure(study(), name);
}

}  // namespace

TEST_CASE("Louwrentius ZFS: net capacity by the RAID-Z allocation rule, within 1.5%") {
    const Figure& final_pool = figure("raidz2 18 + raidz2 6 (ashift 12): net capacity");
    const Figure& first_pool = figure("raidz3 24-wide (ashift 9): net capacity");
    // The author's figures are whole TiB (71, 74): 1.5% is about one unit of that rounding.
    for (const Figure* f : {&final_pool, &first_pool}) {
        INFO(f->name << ": measured " << f->measured << ", predicted " << f->predicted);
        CHECK(std::abs(f->error_pct()) < 1.5);
        CHECK_FALSE(f->evidence.has_value());
        // (drives - parity) x drive: the calculators' answer misses RAID-Z's padding.
        CHECK(std::abs(f->baseline_error_pct()) > std::abs(f->error_pct()));
    }
    // The wide single vdev keeps more despite triple parity: 18-wide raidz2 keeps 32 of 36
    // sectors per 128 KiB record, 6-wide 32 of 48; 24-wide raidz3 at ashift 9 256 of 296.
    CHECK(first_pool.predicted > final_pool.predicted);
}

TEST_CASE("Louwrentius ZFS: the author's trade-off reproduced, figures as documented") {
    const StudyResult& s = study();
    REQUIRE(s.conclusions.size() == 1);
    CHECK(s.conclusions.front().reproduced);
    CHECK(s.figures.size() == 6);
    for (const auto& f : s.figures) {
        CHECK_FALSE(f.calibration);
        if (std::abs(f.error_pct()) > 35.0) {
            CHECK_FALSE(f.note.empty());
        }
    }
    // Both pools read above measured (prefetch keeps the drives streaming; measured 2.5-2.6
    // GB/s for both: a one-reader ceiling the model lacks), both write above measured (no
    // write ceiling below the drives' rate, no 512e read-modify-write for ashift 9). Bounds
    // near today's values, so that a model change moving them is noticed.
    for (const char* name :
         {"raidz2 18 + raidz2 6: dd read", "raidz3 24-wide: read", "raidz2 18 + raidz2 6: dd write",
          "raidz3 24-wide (ashift 9): dd write"}) {
        INFO(name);
        CHECK(figure(name).error_pct() > 20.0);
        CHECK(figure(name).error_pct() < 100.0);
    }
    INFO("median " << s.median_abs_error_pct << "%");
    CHECK(s.median_abs_error_pct > 25.0);
    CHECK(s.median_abs_error_pct < 50.0);
}
