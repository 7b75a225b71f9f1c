#pragma once
// The write rate a load point runs at where the network depends on it (Linux md's bitmap
// updates, a write-back cache's overwrites: evaluator.cpp): the rate x whose network, solved,
// gives x again. The throughput f(x) can change steeply with x, and need not grow with it (a
// bitmap update's flush waits for more held writes at a higher rate), so plain iteration
// x <- f(x) may converge slowly or oscillate.

namespace raidadv {

/// Finds x = f(x) from a start (the rate without the mechanism). derived: plain steps, with
/// Aitken's extrapolation (Aitken 1926) of two plain steps that went the same way (Steffensen's
/// iteration); once rates are found whose answers lie on either side of them, safeguarded by
/// bisection as Dekker's method is (Dekker 1969): the step where it falls inside the bracket
/// and the bracket halved since the step before, else the bracket's middle.
class WriteRateSearch {
  public:
    explicit WriteRateSearch(double start) : x_(start) {}

    /// The rate to build and solve the next network for.
    double rate() const { return x_; }

    /// The solve at rate() gave `answer`: true if it lies within `tolerance` (a share) of
    /// rate(), or the bracket around the fixed point is that narrow (the answer jumps across
    /// it); else rate() moves to the next rate to try.
    bool converged_after(double answer, double tolerance = 0.01);

  private:
    double x_;
    double previous_ = -1.0;  ///< the rate x_ is the answer at (a plain step), else < 0
    // The nearest rates whose answers lay above (lo) and below (hi) them; < 0: none yet.
    double lo_ = -1.0, hi_ = -1.0;
    double previous_width_ = 1e300;  ///< the bracket's width at the step before
};

}  // namespace raidadv
