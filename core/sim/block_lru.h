#pragma once
// The controller's read cache in the simulator: a real LRU list of fixed-size blocks, against
// which the analytic model's hit ratio (system/read_cache.h) is checked.

#include <cstdint>
#include <list>
#include <unordered_map>

namespace raidadv::sim {

class BlockLru {
  public:
    /// `capacity_bytes` of blocks of `block_bytes`; a capacity under one block caches nothing.
    BlockLru(double capacity_bytes, double block_bytes);

    bool enabled() const { return capacity_ > 0; }
    /// Whether every block of [offset, offset + bytes) of `volume` is cached; if so they become
    /// the most recently used.
    bool lookup(int volume, double offset, double bytes);
    /// Caches the blocks of [offset, offset + bytes) of `volume` (read from the drives or
    /// written), evicting the least recently used.
    void insert(int volume, double offset, double bytes);

  private:
    using Key = std::uint64_t;
    Key key(int volume, std::uint64_t block) const;
    std::uint64_t first_block(double offset) const;
    std::uint64_t end_block(double offset, double bytes) const;
    void touch(Key k);

    std::size_t capacity_ = 0;  ///< blocks
    double block_bytes_ = 4096.0;
    std::list<Key> order_;  ///< most recently used first
    std::unordered_map<Key, std::list<Key>::iterator> where_;
};

}  // namespace raidadv::sim
