#include "sim/block_lru.h"

#include <algorithm>
#include <cmath>

namespace raidadv::sim {

BlockLru::BlockLru(double capacity_bytes, double block_bytes)
    : block_bytes_(std::max(512.0, block_bytes)) {
    const double blocks = std::floor(std::max(0.0, capacity_bytes) / block_bytes_);
    capacity_ = static_cast<std::size_t>(std::min(blocks, 1e9));
}

BlockLru::Key BlockLru::key(int volume, std::uint64_t block) const {
    return (static_cast<Key>(volume) << 40) ^ block;  // 2^40 blocks of a volume: 4 EiB at 4 KiB
}

std::uint64_t BlockLru::first_block(double offset) const {
    return static_cast<std::uint64_t>(std::floor(offset / block_bytes_));
}

std::uint64_t BlockLru::end_block(double offset, double bytes) const {
    return static_cast<std::uint64_t>(std::ceil((offset + bytes) / block_bytes_ - 1e-9));
}

void BlockLru::touch(Key k) {
    const auto it = where_.find(k);
    if (it != where_.end()) {
        order_.splice(order_.begin(), order_, it->second);
        return;
    }
    order_.push_front(k);
    where_[k] = order_.begin();
    if (where_.size() > capacity_) {
        where_.erase(order_.back());
        order_.pop_back();
    }
}

bool BlockLru::lookup(int volume, double offset, double bytes) {
    if (capacity_ == 0) {
        return false;
    }
    const std::uint64_t end = end_block(offset, bytes);
    for (std::uint64_t b = first_block(offset); b < end; ++b) {
        if (where_.count(key(volume, b)) == 0) {
            return false;
        }
    }
    insert(volume, offset, bytes);
    return true;
}

void BlockLru::insert(int volume, double offset, double bytes) {
    if (capacity_ == 0) {
        return;
    }
    const std::uint64_t end = end_block(offset, bytes);
    for (std::uint64_t b = first_block(offset); b < end; ++b) {
        touch(key(volume, b));
    }
}

}  // namespace raidadv::sim
