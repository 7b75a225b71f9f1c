#pragma once
// Deterministic random numbers for the simulator: std::mt19937_64 with hand-made conversions (the
// standard distributions differ between library implementations), no global state.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>

namespace raidadv::sim {

class Rng {
  public:
    explicit Rng(std::uint64_t seed) : gen_(seed) {}

    /// Uniform on [0, 1) with 53 random bits.
    double uniform() { return static_cast<double>(gen_() >> 11) * 0x1.0p-53; }
    /// Exponential with the given mean (inversion: -m ln(1 - U)).
    double exponential(double mean) { return -mean * std::log1p(-uniform()); }
    bool bernoulli(double p) { return uniform() < p; }
    /// Uniform integer in [0, n).
    int index(int n) {
        return std::min(n - 1, static_cast<int>(uniform() * static_cast<double>(n)));
    }
    /// Standard normal (Box & Muller, Ann. Math. Stat. 29, 1958).
    double normal() {
        const double u1 = 1.0 - uniform();
        const double u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
    }

  private:
    std::mt19937_64 gen_;
};

/// Independent seed for sub-stream `stream` (SplitMix64 finalizer, Steele et al., OOPSLA 2014).
inline std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t stream) {
    std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (stream + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

}  // namespace raidadv::sim
