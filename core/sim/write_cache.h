#pragma once
// Write-back cache of the simulator: dirty-data accounting (a write waits while its data would
// overflow the cache) and, for parity levels, gathering of sequential streams into full-stripe
// writes (Chen et al., ACM Computing Surveys 26(2), 1994, large-write cost; the analytic model's
// coalesced_full_stripe_share on average).

#include <vector>

namespace raidadv::sim {

class WriteCache {
  public:
    explicit WriteCache(double capacity_bytes) : capacity_(capacity_bytes) {}
    /// A write of `bytes` may enter now (an oversize write enters an empty cache).
    bool fits(double bytes) const { return dirty_ <= 0.0 || dirty_ + bytes <= capacity_; }
    void add(double bytes) { dirty_ += bytes; }
    void release(double bytes) { dirty_ = dirty_ - bytes < 1e-6 ? 0.0 : dirty_ - bytes; }
    double dirty() const { return dirty_; }
    double capacity() const { return capacity_; }

  private:
    double capacity_;
    double dirty_ = 0.0;
};

/// A write the cache hands to the array.
struct DestageWork {
    int volume = 0;
    double offset = 0.0;  ///< volume offset
    double bytes = 0.0;
    double dirty_bytes = 0.0;  ///< cache space freed when it completes
};

/// Per stream, the row (stripe) its sequential writes are filling. A row is written whole once a
/// row's worth of data is dirty; a row the stream leaves unfilled is written as it is.
class StripeCoalescer {
  public:
    explicit StripeCoalescer(double row_bytes) : row_bytes_(row_bytes) {}
    void add(int stream, int volume, double offset, double bytes, std::vector<DestageWork>& out);

  private:
    struct Open {
        int volume = -1;
        double row = -1.0;
        double lo = 0.0, hi = 0.0, dirty = 0.0;
    };
    void flush(Open& o, std::vector<DestageWork>& out) const;
    double row_bytes_;
    std::vector<Open> open_;
};

}  // namespace raidadv::sim
