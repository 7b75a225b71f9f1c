#include "evaluate/error_band.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "system/md_bitmap.h"
#include "system/read_cache.h"
#include "system/write_cache.h"

namespace raidadv {

namespace {

constexpr std::array<double, 30> kT80{3.078, 1.886, 1.638, 1.533, 1.476, 1.440, 1.415, 1.397,
                                      1.383, 1.372, 1.363, 1.356, 1.350, 1.345, 1.341, 1.337,
                                      1.333, 1.330, 1.328, 1.325, 1.323, 1.321, 1.319, 1.318,
                                      1.316, 1.315, 1.314, 1.313, 1.311, 1.310};

Interval scaled(double value, double low_factor, double high_factor) {
    if (!std::isfinite(value) || value <= 0.0) {
        return {};
    }
    return {value * low_factor, value * high_factor};
}

bool validated_level(RaidLevel level) {
    // Levels with predicted figures in resources/validation: simple volumes and RAID 0+1
    // (Hauser 1996), RAID 0 (Hauser 1996, Miller, Hardware Secrets, Louwrentius 2019 md on
    // SSDs), RAID 5 (Hauser 1996, Ou 2007, Louwrentius 2020 md), raidz2 and dRAID2 (clemtibs
    // 2025), raidz2 and raidz3 (Louwrentius 2014). RAID 1 and 10 appear only in Ou 2007's
    // orderings; 6, 50, 60, raidz1, ZFS mirrors, dRAID1 and dRAID3 nowhere.
    switch (level) {
        case RaidLevel::Simple:
        case RaidLevel::Raid0:
        case RaidLevel::Raid01:
        case RaidLevel::Raid5:
        case RaidLevel::Raidz2:
        case RaidLevel::Raidz3:
        case RaidLevel::Draid2:
            return true;
        default:
            return false;
    }
}

}  // namespace

double student_t80(int df) {
    if (df < 1) {
        return kZ80;
    }
    if (df <= static_cast<int>(kT80.size())) {
        return kT80[static_cast<std::size_t>(df - 1)];
    }
    // Abramowitz & Stegun 26.7.5: t = z + g1 / v + g2 / v^2, g1 = (z^3 + z) / 4,
    // g2 = (5 z^5 + 16 z^3 + 3 z) / 96.
    const double z = kZ80, v = df;
    const double g1 = (z * z * z + z) / 4.0;
    const double g2 = (5.0 * std::pow(z, 5) + 16.0 * z * z * z + 3.0 * z) / 96.0;
    return z + g1 / v + g2 / (v * v);
}

double band_half_log(const ResidualStats& s, double log_sd) {
    // Satterthwaite 1946 (Biometrics Bulletin 2, 110-114): a sum of variance estimates has
    // (sum v)^2 / sum (v^2 / df) degrees of freedom. Only the study-level part (the between-study
    // spread, the mean's variance, a widening) is estimated on the few studies; a figure's own
    // spread within its study is estimated on every figure less one per study. So the band's t
    // takes the combined degrees of freedom, not the studies' alone (which would treat the
    // well-measured within-study spread as known only from a handful of studies).
    const double within = s.within_sd_log * s.within_sd_log;
    const double study_level = std::max(0.0, log_sd * log_sd - within);
    const int between_df = std::max(1, s.between_df);
    const int within_df = std::max(1, s.figures - std::max(1, s.studies));
    const double denominator =
        study_level * study_level / between_df + within * within / static_cast<double>(within_df);
    const double total = study_level + within;
    const double df = denominator > 0.0 ? total * total / denominator : between_df;
    const int effective_df =
        static_cast<int>(std::clamp(std::floor(df), static_cast<double>(between_df), 1e6));
    return student_t80(effective_df) * log_sd;
}

std::string_view to_string(EvidenceClass c) {
    switch (c) {
        case EvidenceClass::HddRandom:
            return "HDD, random I/O";
        case EvidenceClass::HddSequential:
            return "HDD, sequential or large I/O";
        case EvidenceClass::HddFile:
            return "HDD, whole files";
        case EvidenceClass::CachedWrites:
            return "writes into a write-back cache";
        case EvidenceClass::FlashReads:
            return "SSD and NVMe, mostly reads";
        case EvidenceClass::FlashWrites:
            return "SSD and NVMe, mostly writes";
        case EvidenceClass::MdParityWrites:
            return "HDD, small writes to md RAID 5/6 with a write-intent bitmap";
    }
    return "";
}

const ResidualTable& validated_residuals() {
    // Pinned from `raid-advisor-cli validate` by tests/validation/test_error_bands.cpp, in the
    // order of EvidenceClass: figures, studies, the log residual's random-effects mean, the
    // spread of one figure of a new study, its parts within and between studies, and the
    // spreads of pairs at one load point (configurations compared) on the same drive and
    // controller models and on others, and the between-study spread's degrees of freedom
    // (HddFile and MdParityWrites, of one study each: the spread common to every class, on
    // theirs).
    // HddRandom: Miller's random blocks, Louwrentius' md RAID 5 (its reads), P420i HDD reads,
    // two disks on AHCI. MdParityWrites: Louwrentius' md RAID 5 (its writes). HddSequential:
    // Hardware Secrets, ZFS reads (clemtibs 2025, Louwrentius 2014). CachedWrites: Ou 2007's RAID
    // 5, ZFS writes (the same two), the P420i HDD's writes into the controller's cache. FlashReads
    // and FlashWrites: Louwrentius' MX200 (single drive, md RAID 0) and P420i single SSDs, and the
    // same SSDs on AHCI 6 and 3 Gb/s ports and an LSI SAS2008 HBA, and oberstet's 16 NVMe
    // namespaces (raw and md RAID 0), their reads and their writes.
    static const ResidualTable table{
        {{
            {202, 4, -0.073288, 0.217190, 0.126340, 0.157620, 0.182711, 0.157434, 3},  // HddRandom
            {8, 3, -0.040986, 0.325456, 0.164071, 0.237668, 0.254932, 0.0, 2},    // HddSequential
            {27, 1, -0.064650, 0.225790, 0.128331, 0.130196, 0.085496, 0.0, 14},  // HddFile: Hauser
            {31, 4, 0.018066, 0.464045, 0.205025, 0.368011, 0.056189, 0.0, 3},    // CachedWrites
            {418, 4, -0.026234, 0.225743, 0.207496, 0.078957, 0.143283, 0.163244, 3},  // FlashReads
            {404, 4, -0.025041, 0.244239, 0.215353, 0.102425, 0.047089, 0.099358,
             3},  // FlashWrites
            {98, 1, -0.194162, 0.268563, 0.194519, 0.130196, 0.0, 0.174923,
             14},  // MdParityWrites: Louwrentius 2020
        }},
        {1188, 21, -0.028373, 0.233256, 0.196158, 0.122688, 0.115902, 0.139277,
         20},  // pooled (a study's classes apart)
    };
    return table;
}

std::string hardware_key(const System& system) {
    const auto key = [](const CatalogInfo& info) { return info.id.empty() ? info.name : info.id; };
    return key(system.drive.info) + "|" + key(system.controller.info);
}

EvidenceClass evidence_class(const System& system, const Workload& workload) {
    if (system.drive.kind == DriveKind::Ssd) {
        // As CachedWrites below: the class of the larger share of the requests.
        return workload.read_fraction >= 0.5 ? EvidenceClass::FlashReads
                                             : EvidenceClass::FlashWrites;
    }
    if (workload.unit == Workload::Unit::File) {
        return EvidenceClass::HddFile;
    }
    // (A synchronous write waits for the disks or the ZFS intent log, not for a cache.)
    if (uses_write_back(system, workload) && !workload.sync_writes &&
        workload.read_fraction < 0.5) {
        return EvidenceClass::CachedWrites;
    }
    // derived: at 256 KiB a 7200 rpm drive spends about as long transferring as positioning.
    constexpr double kLargeBytes = 256.0 * 1024.0;
    if (workload.sequential_fraction >= 0.5 || workload.size.mean_bytes() >= kLargeBytes) {
        return EvidenceClass::HddSequential;
    }
    // (as CachedWrites: the class of the larger share of the requests)
    const RaidLevel level = system.layout.level;
    const bool parity = level == RaidLevel::Raid5 || level == RaidLevel::Raid6 ||
                        level == RaidLevel::Raid50 || level == RaidLevel::Raid60;
    // (md_bitmap_on: Linux md's arrays alone keep one)
    if (parity && md_bitmap_on(system) && workload.read_fraction < 0.5) {
        return EvidenceClass::MdParityWrites;
    }
    return EvidenceClass::HddRandom;
}

namespace {

/// Adds `reason` to the "; "-separated list `why`.
void add_reason(std::string& why, const std::string& reason) {
    why += (why.empty() ? "" : "; ") + reason;
}

}  // namespace

std::string outside_validation(const System& system) {
    std::string why;
    auto add = [&](const std::string& reason) { add_reason(why, reason); };
    if (!validated_level(system.layout.level)) {
        add("no validation study predicted " + std::string(to_string(system.layout.level)));
    }
    // SATA SSDs (Louwrentius 2019, MX200), Linux md (both Louwrentius studies) and NVMe drives
    // (Oberstein 2017: 16 namespaces raw and in md RAID 0) are measured now.
    return why;
}

std::string outside_validation(const System& system, const Workload& workload) {
    std::string why = outside_validation(system);
    auto add = [&](const std::string& reason) { add_reason(why, reason); };
    if (write_back_overwrites(system, workload)) {
        add(write_back_gathers(system, workload)
                ? "no validation study measured a controller cache absorbing rewrites of its data "
                  "or writing a stripe's dirty blocks back together"
                : "no validation study measured a controller cache absorbing rewrites of its data");
    }
    const ReadAheadUse ahead = read_ahead_use(system, workload);
    const double bytes = workload.size.mean_bytes();
    if (workload.read_fraction > 0.0 &&
        ((workload.sequential_fraction > 0.0 && ahead.applies(bytes, true)) ||
         (workload.sequential_fraction < 1.0 && ahead.applies(bytes, false)))) {
        add("no validation study measured a controller's read-ahead");
    }
    if (system.drive.kind == DriveKind::Ssd && workload.read_fraction > 0.0 &&
        workload.sequential_fraction > 0.0) {
        add("no validation study measured an SSD's read-ahead");
    }
    // Fresh SATA SSDs' 4 KiB random writes are measured (two Louwrentius 2019 studies, their
    // state calibrated); fresh NVMe or SAS drives are not.
    if (system.drive.kind == DriveKind::Ssd && system.ssd_state == SsdState::Fresh &&
        workload.read_fraction < 1.0 && system.drive.interface.rfind("sata", 0) != 0) {
        add("no validation study measured fresh NVMe or SAS SSDs' writes");
    }
    return why;
}

PointBand point_band(const PointMetrics& p, EvidenceClass c, const std::string& widened,
                     const ResidualTable& residuals) {
    PointBand band;
    if (p.saturated || p.stopped) {
        return band;
    }
    const ResidualStats& own = residuals.classes[static_cast<std::size_t>(c)];
    const bool pooled = own.studies < 1;
    const ResidualStats& s = pooled ? residuals.pooled : own;
    band.evidence = std::string(to_string(c)) + (pooled ? " (no study: all studies)"
                                                 : own.studies < kMinClassStudies
                                                     ? " (few studies: between-study spread of all)"
                                                     : "");
    band.widened = widened;
    if (s.between_df < 1 || s.figures < 2) {
        return band;  // no residuals to speak of
    }
    // Higgins, Thompson & Spiegelhalter 2009, section 3.4: a prediction interval for a new
    // study, mean +- t s with t of Student's distribution (here k - 1 degrees of freedom for k
    // studies, or those of the common between-study spread a class of few studies takes:
    // derived, the sample of study biases the spread is estimated from).
    // Outside the validated range, one more study-level bias: a stated assumption (docs/model.md
    // "Error bands"), not a measurement: a mechanism no study measured is taken to be off by
    // as much as a study's profile is (the class's between-study spread, at least the pooled
    // one), and no more.
    const double extra =
        widened.empty() ? 0.0 : std::max(s.between_sd_log, residuals.pooled.between_sd_log);
    band.log_sd = std::sqrt(s.sd_log * s.sd_log + extra * extra);
    // Two configurations compared at one load point are off by the spread of such pairs, the
    // class's own even where its band borrows a spread (comparing configurations needs
    // pairs, not studies), else the pooled pairs'; on the same hardware, else by the spread
    // within studies.
    const auto pairs = [&](double ResidualStats::*kind, double otherwise) {
        return own.*kind > 0.0                ? own.*kind
               : residuals.pooled.*kind > 0.0 ? residuals.pooled.*kind
                                              : otherwise;
    };
    const double same = pairs(&ResidualStats::same_hardware_sd_log, s.within_sd_log);
    // derived: other drives or another controller add their own error to the configuration's,
    // so such a pair is off by no less than one on the same hardware.
    const double other = std::max(same, pairs(&ResidualStats::other_hardware_sd_log, same));
    band.relative_log_sd = std::sqrt(same * same + extra * extra);
    band.other_hardware_log_sd = std::sqrt(other * other + extra * extra);
    const double half = band_half_log(s, band.log_sd);
    const double rate_low = std::exp(s.mean_log - half), rate_high = std::exp(s.mean_log + half);
    band.iops = scaled(p.iops, rate_low, rate_high);
    band.mb_per_s = scaled(p.mb_per_s, rate_low, rate_high);
    band.mean_response_s = scaled(p.mean_response_s, 1.0 / rate_high, 1.0 / rate_low);
    return band;
}

void attach_bands(Evaluation& e, const System& system, const Workload& workload) {
    const EvidenceClass c = evidence_class(system, workload);
    const std::string widened = outside_validation(system, workload);
    for (PointMetrics& p : e.points) {
        p.band = point_band(p, c, widened, validated_residuals());
    }
}

}  // namespace raidadv
