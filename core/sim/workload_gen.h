#pragma once
// Job generator for the simulator: turns the workload description into jobs, each a sequence of
// steps (host CPU work or OS requests) with sizes, directions and offsets drawn at random.

#include <vector>

#include "sim/array.h"
#include "sim/rng.h"
#include "system/system.h"
#include "workload/workload.h"

namespace raidadv::sim {

/// One step of a job: host CPU work alone, or one OS request to a volume.
struct Step {
    bool cpu_only = false;
    double cpu_s = 0.0;
    int volume = 0;
    double offset = 0.0;  ///< volume offset
    double bytes = 0.0;
    bool write = false;
    bool sequential = false;  ///< continues its stream (the analytic model's flag)
    bool continues = false;   ///< a later piece of one transfer (a file's data after its first)
    int group = 0;            ///< consecutive steps of one group may overlap ...
    int window = 1;  ///< ... up to this many in flight (file-system read-ahead / write-behind)
};

struct JobPlan {
    std::vector<Step> steps;  ///< run one after another
    double user_bytes = 0.0;  ///< data the job moves (a file's data; a request's size)
};

class JobGenerator {
  public:
    JobGenerator(const System& system, const Workload& workload, const ArrayMap& map);

    /// A new job on stream `stream` (streams carry the sequential position).
    JobPlan next(Rng& rng, int stream);
    /// A size drawn from the workload's distribution, in whole 512-byte sectors.
    double sample_size(Rng& rng) const;

  private:
    double random_offset(Rng& rng, double bytes) const;
    void add_transfer(JobPlan& plan, int volume, double offset, double bytes, bool write,
                      bool sequential, int group = 0, int window = 1) const;

    struct Stream {
        int volume = 0;
        double next = -1.0;  ///< where the stream's previous request ended; < 0: none yet
    };
    const Workload& wl_;
    const HostSpec& host_;
    int volumes_ = 1;
    double span_bytes_ = 0.0;
    double align_ = 4096.0;
    std::vector<Stream> streams_;
};

}  // namespace raidadv::sim
