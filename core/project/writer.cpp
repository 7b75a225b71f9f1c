// The project-file writer (writer.h): systems, layouts, workloads, the advisor section and the
// session, in the keys and units the readers (read_*.cpp, project.cpp) take.

#include "project/writer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "project/keys.h"
#include "project/sections.h"
#include "units/units.h"

namespace raidadv {

namespace project_json {

namespace {

const char* drive_write_cache_name(DriveWriteCache cache) {
    switch (cache) {
        case DriveWriteCache::On:
            return "on";
        case DriveWriteCache::Off:
            return "off";
        case DriveWriteCache::Auto:
            break;
    }
    return "auto";
}

/// The unit suffix ("mib", "kib", "bytes") that holds every one of `sizes` as a whole number.
const project_detail::Unit& unit_for(std::initializer_list<double> sizes) {
    const auto& all = project_detail::size_units();  // bytes, kib, mib
    for (std::size_t i = all.size(); i-- > 1;) {
        bool whole = true;
        for (double bytes : sizes) {
            whole = whole && bytes >= all[i].factor && std::fmod(bytes, all[i].factor) == 0.0;
        }
        if (whole) {
            return all[i];
        }
    }
    return all[0];
}

std::string size_key(const std::string& base, const project_detail::Unit& unit) {
    return base + "_" + std::string(unit.suffix);
}

bool stand_in(const CatalogInfo& info) {
    return info.id.empty() && info.source == project_detail::kNotModelled;
}

/// The object of a lognormal size distribution.
ProjectJson lognormal_json(const SizeDistribution& d) {
    namespace k = project_keys::lognormal;
    ProjectJson out = ProjectJson::object();
    put_size(out, k::median, d.median_bytes);
    out[k::sigma] = file_number(d.sigma);
    if (d.min_bytes > 0.0) {
        put_size(out, k::min, d.min_bytes);
    }
    if (d.max_bytes > 0.0) {
        put_size(out, k::max, d.max_bytes);
    }
    return out;
}

/// The bins of a histogram size distribution.
ProjectJson histogram_json(const SizeDistribution& d) {
    namespace k = project_keys::histogram_bin;
    ProjectJson bins = ProjectJson::array();
    for (const SizeDistribution::Bin& bin : d.bins) {
        ProjectJson b = ProjectJson::object();
        put_size(b, k::size, bin.bytes);
        b[k::weight] = file_number(bin.weight);
        bins.push_back(std::move(b));
    }
    return bins;
}

template <class T>
ProjectJson array_of(const std::vector<T>& items) {
    ProjectJson out = ProjectJson::array();
    for (const T& item : items) {
        out.push_back(item);
    }
    return out;
}

}  // namespace

ProjectJson file_number(double si, double scale) {
    char text[40];
    std::snprintf(text, sizeof text, "%.15g", si / scale);
    const double value = std::strtod(text, nullptr);
    // Whole numbers below 2^53 are exact as integers.
    if (value == std::floor(value) && std::fabs(value) < 9007199254740992.0) {
        return static_cast<long long>(value);
    }
    return value;
}

void put_size(ProjectJson& object, const std::string& base, double bytes) {
    const project_detail::Unit& unit = unit_for({bytes});
    object[size_key(base, unit)] = file_number(bytes, unit.factor);
}

ProjectJson to_json(const Layout& layout) {
    namespace k = project_keys::layout;
    ProjectJson out = ProjectJson::object();
    out[k::level] = std::string(to_string(layout.level));
    if (is_zfs(layout.level)) {
        // Project files give the drives per vdev (layout.h keeps the pool's).
        const int vdevs = std::max(1, layout.vdevs);
        out[k::drives] = layout.drives / vdevs;
        out[k::vdevs] = vdevs;
        put_size(out, layout.zvol ? k::volblocksize : k::recordsize, layout.record_bytes);
        if (layout.ashift != 12) {
            out[k::ashift] = layout.ashift;
        }
        if (is_draid(layout.level) && layout.draid_data > 0) {
            out[k::draid_data] = layout.draid_data;
        }
        if (is_draid(layout.level) && layout.draid_spares > 0) {
            out[k::draid_spares] = layout.draid_spares;
        }
    } else {
        out[k::drives] = layout.drives;
    }
    if (has_spans(layout.level) && layout.disks_per_span > 0) {
        out[k::disks_per_span] = layout.disks_per_span;
    }
    if (is_mirrored(layout.level)) {
        out[k::mirror_copies] = layout.mirror_copies;
    }
    if (layout.level == RaidLevel::Raid10 && layout.placement != CopyPlacement::Near) {
        out[k::placement] = std::string(to_string(layout.placement));
    }
    if (layout.md_bitmap != MdBitmap::Auto) {
        out[k::md_bitmap] = std::string(to_string(layout.md_bitmap));
    }
    if (layout.md_bitmap_chunk_bytes > 0.0) {
        put_size(out, k::md_bitmap_chunk, layout.md_bitmap_chunk_bytes);
    }
    if (is_striped(layout.level)) {
        put_size(out, k::stripe, layout.stripe_unit_bytes);
    }
    if (layout.volumes != 1) {
        out[k::volumes] = layout.volumes;
    }
    if (layout.failed_drives > 0) {
        out[k::failed_drives] = layout.failed_drives;
    }
    if (layout.rebuild_rate_fraction > 0.0) {
        out[k::rebuild_rate_fraction] = file_number(layout.rebuild_rate_fraction);
    }
    return out;
}

ProjectJson to_json(const System& s) {
    namespace k = project_keys::system;
    ProjectJson out = ProjectJson::object();
    out[k::name] = s.name;
    out[k::drive] = to_json(s.drive);
    out[k::layout] = to_json(s.layout);
    if (!stand_in(s.controller.info)) {
        out[k::controller] = to_json(s.controller);
    }
    out[k::write_back_cache] = s.write_back_cache;
    out[k::drive_write_cache] = drive_write_cache_name(s.drive_write_cache);
    if (s.ssd_state == SsdState::Fresh) {
        out[k::ssd_state] = "fresh";  // (steady, the default, is not written)
    }
    if (s.controller_read_ahead != ControllerReadAhead::Adaptive) {  // (the default: not written)
        out[k::controller_read_ahead] =
            s.controller_read_ahead == ControllerReadAhead::Always ? "always" : "none";
    }
    if (!stand_in(s.drive_link.info)) {
        out[k::drive_link] = to_json(s.drive_link);
    }
    out[k::drives_per_link] = s.drives_per_link;
    if (!stand_in(s.host_link.info)) {
        out[k::host_link] = to_json(s.host_link);
    }
    if (!stand_in(s.host.info)) {
        out[k::host] = to_json(s.host);
    }
    if (s.log.count > 0) {
        namespace l = project_keys::zfs_log;
        ProjectJson log = ProjectJson::object();
        log[l::drive] = to_json(s.log.drive);
        log[l::count] = s.log.count;
        out[k::log] = std::move(log);
    }
    return out;
}

ProjectJson to_json(const SizeDistribution& d) {
    namespace k = project_keys::size_distribution;
    ProjectJson out = ProjectJson::object();
    using Kind = SizeDistribution::Kind;
    switch (d.kind) {
        case Kind::Fixed:
            put_size(out, k::fixed, d.fixed_bytes);
            break;
        case Kind::Uniform: {
            const auto& unit = unit_for({d.min_bytes, d.max_bytes});
            out[size_key(k::uniform, unit)] = {file_number(d.min_bytes, unit.factor),
                                               file_number(d.max_bytes, unit.factor)};
            break;
        }
        case Kind::Lognormal:
            out[k::lognormal] = lognormal_json(d);
            break;
        case Kind::Histogram:
            out[k::histogram] = histogram_json(d);
            break;
    }
    return out;
}

ProjectJson to_json(const Workload& w) {
    namespace k = project_keys::workload;
    ProjectJson out = ProjectJson::object();
    const bool files = w.unit == Workload::Unit::File;
    out[k::name] = w.name;
    out[k::unit] = files ? "file" : "request";
    out[k::read_fraction] = file_number(w.read_fraction);
    out[k::sequential_fraction] = file_number(w.sequential_fraction);
    out[files ? k::file_size : k::request_size] = to_json(w.size);
    put_size(out, k::alignment, w.alignment_bytes);
    if (w.working_set_bytes > 0.0) {
        put_size(out, k::working_set, w.working_set_bytes);  // instead of span_fraction
    } else {
        out[k::span_fraction] = file_number(w.span_fraction);
    }
    out[k::streams] = w.streams;
    if (w.threads > 0) {
        out[k::threads] = w.threads;
    }
    if (w.sync_writes) {
        out[k::sync_writes] = true;
    }
    if (w.lseek_per_request) {
        out[k::lseek_per_request] = true;
    }
    if (!w.concurrency.empty()) {
        out[k::concurrency] = array_of(w.concurrency);
        out[k::think_time_ms] = file_number(w.think_time_s, units::ms);
    }
    if (!w.arrival_rates_per_s.empty()) {
        ProjectJson rates = ProjectJson::array();
        for (double rate : w.arrival_rates_per_s) {
            rates.push_back(file_number(rate));
        }
        out[k::arrival_rates_per_s] = std::move(rates);
    }
    if (!w.measured.empty()) {
        namespace m = project_keys::measured_point;
        ProjectJson points = ProjectJson::array();
        for (const MeasuredPoint& p : w.measured) {
            ProjectJson point = ProjectJson::object();
            if (p.concurrency > 0) {
                point[m::concurrency] = p.concurrency;
            } else {
                point[m::arrival_rate_per_s] = file_number(p.arrival_rate_per_s);
            }
            point[m::iops] = file_number(p.iops);
            if (p.mb_per_s > 0.0) {
                point[m::mb_per_s] = file_number(p.mb_per_s);
            }
            point[m::mean_response_ms] = file_number(p.mean_response_s, units::ms);
            if (p.p95_response_s > 0.0) {
                point[m::p95_response_ms] = file_number(p.p95_response_s, units::ms);
            }
            points.push_back(std::move(point));
        }
        out[k::measured] = std::move(points);
    }
    return out;
}

ProjectJson to_json(const ProjectSession& session) {
    namespace k = project_keys::session;
    ProjectJson out = ProjectJson::object();
    out[k::pins] = array_of(session.pins);
    if (!session.selected.empty()) {
        out[k::selected] = session.selected;
    }
    return out;
}

}  // namespace project_json

ProjectJson project_to_json(const Project& project, const std::string& app_version) {
    using project_json::to_json;
    namespace k = project_keys::top_level;
    namespace by = project_keys::written_by;
    ProjectJson out = ProjectJson::object();
    out[k::format] = kProjectFormatName;
    out[k::version] = kProjectFormatVersion;
    out[k::written_by] = {{by::app, "RAID Advisor"}, {by::version, app_version}};
    out[k::name] = project.name;
    if (!project.description.empty()) {
        out[k::description] = project.description;
    }
    if (!project.systems.empty()) {
        ProjectJson systems = ProjectJson::array();
        for (const System& s : project.systems) {
            systems.push_back(to_json(s));
        }
        out[k::systems] = std::move(systems);
    }
    ProjectJson workloads = ProjectJson::array();
    for (const Workload& w : project.workloads) {
        workloads.push_back(to_json(w));
    }
    out[k::workloads] = std::move(workloads);
    if (project.advisor) {
        out[k::advisor] = to_json(*project.advisor);
    }
    if (!project.session.pins.empty() || !project.session.selected.empty()) {
        out[k::session] = to_json(project.session);
    }
    return out;
}

std::string project_to_text(const Project& project, const std::string& app_version) {
    return project_to_json(project, app_version).dump(2) + "\n";
}

}  // namespace raidadv
