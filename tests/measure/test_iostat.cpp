// iostat -x imports: sysstat 12.6.1 text and JSON recorded at the same time on the same load
// (record.sh), and the same text re-expressed in sysstat 11's layout (convert_iostat_11.py).

#include <catch2/catch.hpp>

#include "measure/measure.h"
#include "measure_test_util.h"

using namespace raidadv;
using namespace raidadv::measure;
using raidadv::test::measure_fixture;

namespace {

const ImportedWorkload& device(const std::vector<ImportedWorkload>& w, const std::string& name) {
    for (const auto& x : w) {
        if (x.workload.name == "iostat " + name) {
            return x;
        }
    }
    FAIL("no workload for device " << name);
    return w.front();
}

}  // namespace

TEST_CASE("iostat -x text (sysstat 12): the busy device, load points from the intervals") {
    const auto w = import_file(measure_fixture("iostat-12.6.1-x-d-1-10.txt"));
    // loop0 did I/O only before the recording (the since-boot report, skipped): left out.
    REQUIRE(w.size() == 1);
    const ImportedWorkload& vda = device(w, "vda");
    CHECK(vda.source_format == "iostat -x (sysstat 12)");
    const Workload& wl = vda.workload;
    // fio ran --rate_iops=500,500 (16 KiB): about half reads, about 1000 requests a second.
    CHECK(wl.read_fraction == Approx(0.5).margin(0.05));
    REQUIRE(!wl.arrival_rates_per_s.empty());
    CHECK(wl.arrival_rates_per_s.front() == Approx(1000).epsilon(0.15));
    CHECK(wl.arrival_rates_per_s.size() <= 2);
    REQUIRE(vda.measured.size() == wl.arrival_rates_per_s.size());
    CHECK(vda.measured[0].mean_response_s > 0);
    CHECK(vda.measured[0].mean_response_s < 0.01);
    CHECK(wl.concurrency.size() == 1);
    // The reads are 16 KiB: the most weighted size is 16 KiB.
    REQUIRE(wl.size.kind == SizeDistribution::Kind::Histogram);
    double best = 0, best_size = 0;
    for (const auto& b : wl.size.bins) {
        if (b.weight > best) {
            best = b.weight;
            best_size = b.bytes;
        }
    }
    CHECK(best_size == Approx(16384).epsilon(0.05));
}

TEST_CASE("iostat -o JSON and text of the same run agree") {
    const auto text = import_file(measure_fixture("iostat-12.6.1-x-d-1-10.txt"));
    const auto json = import_file(measure_fixture("iostat-12.6.1-x-d-t-1-10.json"));
    const Workload& a = device(text, "vda").workload;
    const Workload& b = device(json, "vda").workload;
    CHECK(a.read_fraction == Approx(b.read_fraction).margin(0.03));
    CHECK(a.arrival_rates_per_s.front() == Approx(b.arrival_rates_per_s.front()).epsilon(0.1));
    CHECK(device(json, "vda").description.find("2026-11-26T") != std::string::npos);
}

TEST_CASE("iostat -x in sysstat 11's layout, decimal commas") {
    const auto old = import_file(measure_fixture("iostat-11-layout-from-12.6.1.txt"));
    const auto now = import_file(measure_fixture("iostat-12.6.1-x-d-1-10.txt"));
    const ImportedWorkload& a = device(old, "vda");
    const ImportedWorkload& b = device(now, "vda");
    CHECK(a.source_format == "iostat -x (sysstat 11)");
    CHECK(a.workload.read_fraction == Approx(b.workload.read_fraction).margin(0.001));
    CHECK(a.workload.arrival_rates_per_s == b.workload.arrival_rates_per_s);
    CHECK(a.workload.concurrency == b.workload.concurrency);
}
