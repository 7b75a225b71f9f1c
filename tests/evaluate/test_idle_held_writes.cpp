// How many writes a drive's own cache holds when it destages one in an idle moment
// (hdd_service.cpp, idle_held_writes): from the other jobs' busy share, and for jobs that follow
// each request at once from the job's own writes per destage (stop 53; the end-to-end check
// against the simulator is tests/sim/test_cross_check_one_job.cpp).
#include <catch2/catch.hpp>

#include "evaluate/hdd_service.h"

using namespace raidadv;

namespace {

/// Per job: 30% reads, 70% writes into the drives' caches, on `drives` drives (a RAID 0).
DriveIoCounts thirty_percent_reads(double drives) {
    DriveIoCounts c;
    c[0] = 0.3;
    c[1] = 0.7;
    c.waits = 0.3;  // the reads: the job waits for each
    c.waited_ios = 0.3;
    c.cached_writes = 0.7;
    c.drives = drives;
    return c;
}

queueing::Arrival finding(double busy, double jobs) {
    queueing::Arrival a;
    a.present = 1.0;
    a.busy = busy;
    a.jobs = jobs;
    return a;
}

}  // namespace

SCENARIO("A drive's held writes with one job and with several") {
    const double mark = 64.0;
    GIVEN("one disk taking 30% reads and 70% cached writes") {
        const DriveIoCounts one = thirty_percent_reads(1.0);
        THEN("without jobs that follow at once (open arrivals) an idle drive holds one") {
            CHECK(idle_held_writes(one, finding(0.0, 0.0), mark) == Approx(1.0));
        }
        THEN("one job's writes come faster than its destages: the drive fills to the mark") {
            // (2.3 writes per read, each wait on that disk: 2.3 writes per destage)
            CHECK(idle_held_writes(one, finding(0.0, 1.0), mark) == Approx(mark));
        }
    }
    GIVEN("four drives in RAID 0, each taking a quarter of the writes") {
        const DriveIoCounts four = thirty_percent_reads(4.0);
        // per wait 0.7 / 4 / 0.3 = 0.583 writes reach a drive; a quarter of the waits are on
        // it: 2 - 0.25 destages per wait, so r' = 0.333 per job.
        const double one_job = idle_held_writes(four, finding(0.0, 1.0), mark);
        const double two_jobs = idle_held_writes(four, finding(0.0, 2.0), mark);
        THEN("the drive holds 1 + r' for one job and more for two") {
            CHECK(one_job == Approx(1.0 + 0.7 / 4.0 / 0.3 / 1.75));
            CHECK(two_jobs == Approx(1.0 + 2.0 * 0.7 / 4.0 / 0.3 / 1.75));
        }
        THEN("never fewer than the other jobs' busy share gives, never more than the mark") {
            // (busy 0.9: 1 + 0.7 x 0.9 / 0.1 = 7.3 from the others' work)
            CHECK(idle_held_writes(four, finding(0.9, 1.0), mark) == Approx(1.0 + 0.7 * 9.0));
            CHECK(idle_held_writes(four, finding(0.0, 100.0), mark) == Approx(mark));
        }
    }
    GIVEN("a drive that takes only cached writes (no wait at the drives)") {
        DriveIoCounts writes_only;
        writes_only[1] = 1.0;
        writes_only.cached_writes = 1.0;
        THEN("one job fills it to the mark") {
            CHECK(idle_held_writes(writes_only, finding(0.0, 1.0), mark) == Approx(mark));
        }
    }
}
