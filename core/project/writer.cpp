// The project-file writer (writer.h): systems, layouts, workloads, the advisor section and the
// session, in the keys and units the readers (read_*.cpp, project.cpp) take.

#include "project/writer.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

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
    ProjectJson out = ProjectJson::object();
    out["level"] = std::string(to_string(layout.level));
    out["drives"] = layout.drives;
    if (has_spans(layout.level) && layout.disks_per_span > 0) {
        out["disks_per_span"] = layout.disks_per_span;
    }
    if (is_mirrored(layout.level)) {
        out["mirror_copies"] = layout.mirror_copies;
    }
    if (is_striped(layout.level)) {
        put_size(out, "stripe", layout.stripe_unit_bytes);
    }
    if (layout.volumes != 1) {
        out["volumes"] = layout.volumes;
    }
    if (layout.failed_drives > 0) {
        out["failed_drives"] = layout.failed_drives;
    }
    if (layout.rebuild_rate_fraction > 0.0) {
        out["rebuild_rate_fraction"] = file_number(layout.rebuild_rate_fraction);
    }
    return out;
}

ProjectJson to_json(const System& s) {
    ProjectJson out = ProjectJson::object();
    out["name"] = s.name;
    out["drive"] = to_json(s.drive);
    out["layout"] = to_json(s.layout);
    if (!stand_in(s.controller.info)) {
        out["controller"] = to_json(s.controller);
    }
    out["write_back_cache"] = s.write_back_cache;
    out["drive_write_cache"] = drive_write_cache_name(s.drive_write_cache);
    if (!stand_in(s.drive_link.info)) {
        out["drive_link"] = to_json(s.drive_link);
    }
    out["drives_per_link"] = s.drives_per_link;
    if (!stand_in(s.host_link.info)) {
        out["host_link"] = to_json(s.host_link);
    }
    if (!stand_in(s.host.info)) {
        out["host"] = to_json(s.host);
    }
    return out;
}

ProjectJson to_json(const SizeDistribution& d) {
    ProjectJson out = ProjectJson::object();
    using Kind = SizeDistribution::Kind;
    switch (d.kind) {
        case Kind::Fixed:
            put_size(out, "fixed", d.fixed_bytes);
            break;
        case Kind::Uniform: {
            const auto& unit = unit_for({d.min_bytes, d.max_bytes});
            out[size_key("uniform", unit)] = {file_number(d.min_bytes, unit.factor),
                                              file_number(d.max_bytes, unit.factor)};
            break;
        }
        case Kind::Lognormal: {
            ProjectJson lognormal = ProjectJson::object();
            put_size(lognormal, "median", d.median_bytes);
            lognormal["sigma"] = file_number(d.sigma);
            if (d.min_bytes > 0.0) {
                put_size(lognormal, "min", d.min_bytes);
            }
            if (d.max_bytes > 0.0) {
                put_size(lognormal, "max", d.max_bytes);
            }
            out["lognormal"] = std::move(lognormal);
            break;
        }
        case Kind::Histogram: {
            ProjectJson bins = ProjectJson::array();
            for (const SizeDistribution::Bin& bin : d.bins) {
                ProjectJson b = ProjectJson::object();
                put_size(b, "size", bin.bytes);
                b["weight"] = file_number(bin.weight);
                bins.push_back(std::move(b));
            }
            out["histogram"] = std::move(bins);
            break;
        }
    }
    return out;
}

ProjectJson to_json(const Workload& w) {
    ProjectJson out = ProjectJson::object();
    const bool files = w.unit == Workload::Unit::File;
    out["name"] = w.name;
    out["unit"] = files ? "file" : "request";
    out["read_fraction"] = file_number(w.read_fraction);
    out["sequential_fraction"] = file_number(w.sequential_fraction);
    out[files ? "file_size" : "request_size"] = to_json(w.size);
    put_size(out, "alignment", w.alignment_bytes);
    out["span_fraction"] = file_number(w.span_fraction);
    out["streams"] = w.streams;
    if (!w.concurrency.empty()) {
        out["concurrency"] = array_of(w.concurrency);
        out["think_time_ms"] = file_number(w.think_time_s, units::ms);
    }
    if (!w.arrival_rates_per_s.empty()) {
        ProjectJson rates = ProjectJson::array();
        for (double rate : w.arrival_rates_per_s) {
            rates.push_back(file_number(rate));
        }
        out["arrival_rates_per_s"] = std::move(rates);
    }
    return out;
}

ProjectJson to_json(const ProjectSession& session) {
    ProjectJson out = ProjectJson::object();
    out["pins"] = array_of(session.pins);
    if (!session.selected.empty()) {
        out["selected"] = session.selected;
    }
    return out;
}

}  // namespace project_json

ProjectJson project_to_json(const Project& project, const std::string& app_version) {
    using project_json::to_json;
    ProjectJson out = ProjectJson::object();
    out["format"] = kProjectFormatName;
    out["version"] = kProjectFormatVersion;
    out["written_by"] = {{"app", "RAID Advisor"}, {"version", app_version}};
    out["name"] = project.name;
    if (!project.description.empty()) {
        out["description"] = project.description;
    }
    if (!project.systems.empty()) {
        ProjectJson systems = ProjectJson::array();
        for (const System& s : project.systems) {
            systems.push_back(to_json(s));
        }
        out["systems"] = std::move(systems);
    }
    ProjectJson workloads = ProjectJson::array();
    for (const Workload& w : project.workloads) {
        workloads.push_back(to_json(w));
    }
    out["workloads"] = std::move(workloads);
    if (project.advisor) {
        out["advisor"] = to_json(*project.advisor);
    }
    if (!project.session.pins.empty() || !project.session.selected.empty()) {
        out["session"] = to_json(project.session);
    }
    return out;
}

std::string project_to_text(const Project& project, const std::string& app_version) {
    return project_to_json(project, app_version).dump(2) + "\n";
}

}  // namespace raidadv
